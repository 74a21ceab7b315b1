package imports

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

// Batch is one upload (table imp_batch).
type Batch struct {
	bun.BaseModel  `bun:"table:imp_batch,alias:b"`
	ID             int64      `bun:"id,pk,autoincrement" json:"id"`
	Kind           string     `bun:"kind" json:"kind"`
	FileName       string     `bun:"file_name" json:"fileName"`
	State          int        `bun:"state" json:"state"`
	Total          int        `bun:"total" json:"total"`
	NewCount       int        `bun:"new_count" json:"newCount"`
	ChangedCount   int        `bun:"changed_count" json:"changedCount"`
	UnchangedCount int        `bun:"unchanged_count" json:"unchangedCount"`
	InvalidCount   int        `bun:"invalid_count" json:"invalidCount"`
	CreatedBy      int64      `bun:"created_by" json:"createdBy"`
	CreatedAt      time.Time  `bun:"created_at" json:"createdAt"`
	CommittedAt    *time.Time `bun:"committed_at" json:"committedAt"`
	// ExampleRows are the row numbers of the template's example rows (序号
	// 示例) the upload left out; answered by the upload only.
	ExampleRows []int `bun:"-" json:"exampleRows,omitempty"`
	// Result is what a kind's commit hands back once in the commit's answer
	// (the user import's initial passwords); it is never stored.
	Result any `bun:"-" json:"result,omitempty"`
}

// count sets the batch's counters from the rows' statuses.
func (b *Batch) count(rows []*Row) {
	b.Total, b.NewCount, b.ChangedCount, b.UnchangedCount, b.InvalidCount = len(rows), 0, 0, 0, 0
	for _, r := range rows {
		switch r.Status {
		case StatusNew:
			b.NewCount++
		case StatusChanged:
			b.ChangedCount++
		case StatusUnchanged:
			b.UnchangedCount++
		case StatusInvalid:
			b.InvalidCount++
		} // "" = staged, not yet validated
	}
}

// rowRecord is a Row as stored (table imp_row): cells, errors and changes as JSON text.
type rowRecord struct {
	bun.BaseModel `bun:"table:imp_row,alias:r"`
	ID            int64  `bun:"id,pk,autoincrement"`
	BatchID       int64  `bun:"batch_id"`
	RowNo         int    `bun:"row_no"`
	Status        string `bun:"status"`
	Cells         string `bun:"cells"`
	Errors        string `bun:"errors"`
	Changes       string `bun:"changes"`
	TargetID      *int64 `bun:"target_id"`
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil { // maps of strings and slices of structs of strings always encode
		panic(err)
	}
	return string(b)
}

func (r *Row) errorsText() string {
	if len(r.Errors) == 0 {
		return "[]"
	}
	return jsonText(r.Errors)
}

func (r *Row) changesText() string {
	if len(r.Changes) == 0 {
		return "[]"
	}
	return jsonText(r.Changes)
}

func (rec *rowRecord) row(c cellCodec) (*Row, error) {
	r := &Row{ID: rec.ID, RowNo: rec.RowNo, Status: rec.Status, TargetID: rec.TargetID}
	var err error
	if r.Cells, err = c.open(rec.Cells); err != nil {
		return nil, fmt.Errorf("import row %d cells: %w", rec.ID, err)
	}
	if err := json.Unmarshal([]byte(rec.Errors), &r.Errors); err != nil {
		return nil, fmt.Errorf("import row %d errors: %w", rec.ID, err)
	}
	if err := json.Unmarshal([]byte(rec.Changes), &r.Changes); err != nil {
		return nil, fmt.Errorf("import row %d changes: %w", rec.ID, err)
	}
	r.normalise()
	return r, nil
}

// normalise makes the JSON form show [] and {} rather than null.
func (r *Row) normalise() {
	if r.Cells == nil {
		r.Cells = map[string]string{}
	}
	if r.Errors == nil {
		r.Errors = []CellError{}
	}
	if r.Changes == nil {
		r.Changes = []Change{}
	}
}

// chunk is how many rows one INSERT or UPDATE statement carries.
const chunk = 500

// stageRows inserts the rows of a batch in multi-row INSERTs and sets their ids.
func stageRows(ctx context.Context, idb bun.IDB, batchID int64, rows []*Row, c cellCodec) error {
	recs := make([]rowRecord, 0, chunk)
	for start := 0; start < len(rows); start += chunk {
		part := rows[start:min(start+chunk, len(rows))]
		recs = recs[:0]
		for _, r := range part {
			recs = append(recs, rowRecord{BatchID: batchID, RowNo: r.RowNo, Cells: c.seal(r.Cells), Errors: "[]", Changes: "[]"})
		}
		if _, err := idb.NewInsert().Model(&recs).Returning("id").Exec(ctx); err != nil {
			return fmt.Errorf("stage import rows: %w", err)
		}
		for i := range part {
			part[i].ID = recs[i].ID
		}
	}
	return nil
}

// loadRows reads every row of a batch in file order.
func loadRows(ctx context.Context, idb bun.IDB, batchID int64, c cellCodec) ([]*Row, error) {
	var recs []rowRecord
	if err := idb.NewSelect().Model(&recs).Where("batch_id = ?", batchID).OrderExpr("row_no, id").Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]*Row, len(recs))
	for i := range recs {
		r, err := recs[i].row(c)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// result is what validation decided for a row, as stored.
type result struct {
	status, errors, changes string
	target                  *int64
}

func resultOf(r *Row) result {
	return result{status: r.Status, errors: r.errorsText(), changes: r.changesText(), target: r.TargetID}
}

func (a result) equal(b result) bool {
	sameTarget := (a.target == nil && b.target == nil) || (a.target != nil && b.target != nil && *a.target == *b.target)
	return a.status == b.status && a.errors == b.errors && a.changes == b.changes && sameTarget
}

// saveResults writes the validation results of the rows whose results
// differ from before (before[i] belongs to rows[i]; nil before = all), in
// multi-row UPDATE … FROM (VALUES …) statements, which both databases run
// (their VALUES columns are named column1, column2, …).
func saveResults(ctx context.Context, idb bun.IDB, rows []*Row, before []result) error {
	var changed []*Row
	for i, r := range rows {
		if before == nil || !resultOf(r).equal(before[i]) {
			changed = append(changed, r)
		}
	}
	for start := 0; start < len(changed); start += chunk {
		part := changed[start:min(start+chunk, len(changed))]
		var sb strings.Builder
		args := make([]any, 0, len(part)*5)
		for i, r := range part {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?)")
			var target any
			if r.TargetID != nil {
				target = *r.TargetID
			}
			args = append(args, r.ID, r.Status, r.errorsText(), r.changesText(), target)
		}
		q := "UPDATE imp_row SET status = v.column2, errors = v.column3, changes = v.column4, " +
			"target_id = CAST(v.column5 AS BIGINT) FROM (VALUES " + sb.String() + ") AS v WHERE imp_row.id = v.column1"
		if _, err := idb.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("save import results: %w", err)
		}
	}
	return nil
}

// saveCounts writes the batch's counters and state.
func saveCounts(ctx context.Context, idb bun.IDB, b *Batch) error {
	_, err := idb.NewUpdate().Model(b).Column("state", "total", "new_count", "changed_count", "unchanged_count",
		"invalid_count", "committed_at").WherePK().Exec(ctx)
	return err
}
