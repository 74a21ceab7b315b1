package imports

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// Service runs the import batches of every kind.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	cipher    *crypto.FieldCipher // personal cells of staged rows
	workbooks *excel.Reader
	now       func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, cipher *crypto.FieldCipher, workbooks *excel.Reader) *Service {
	return &Service{db: database, sys: sys, cipher: cipher, workbooks: workbooks, now: func() time.Time { return time.Now().UTC() }}
}

// Module describes the import kit to internal/app; the kinds it serves come
// from the other modules' descriptors (see Register).
func (s *Service) Module() module.Module {
	m := module.Module{Name: "imports", Migrations: Migrations(),
		Jobs: []jobs.Job{{Name: "imports.purgeExpired", Title: "清理过期未导入的导入批次", Cron: "*/10 * * * *", Run: s.PurgeExpired}}}
	if s != nil {
		// The user import's rules are the system domain's (system.UserImport);
		// the kind lives here because system sits below the import kit.
		m.Imports = []module.ImportKind{UserKind(s.sys)}
	}
	return m
}

func principal(ctx context.Context) (*rbac.Principal, error) {
	p := rbac.From(ctx)
	if p == nil {
		return nil, httpx.Unauthorized
	}
	return p, nil
}

func errNoBatch() *httpx.Error { return httpx.NotFound("导入批次不存在") }

// Stage creates a batch from the rows of a workbook (header first),
// stages the rows (STASHED_END) and validates them (COLLECT_END). A wrong
// header or no data row is a 400 and no batch is kept.
func (s *Service) Stage(ctx context.Context, k Kind, fileName string, sheet [][]string) (*Batch, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	rows, examples, err := parseSheet(k.Columns(), sheet)
	if err != nil {
		return nil, err
	}
	if len([]rune(fileName)) > 200 {
		fileName = string([]rune(fileName)[:200])
	}
	b := &Batch{Kind: k.Name(), FileName: fileName, State: StateNoStart, CreatedBy: p.UserID, CreatedAt: s.now(), ExampleRows: examples}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(b).Returning("id").Exec(ctx); err != nil {
			return err
		}
		if err := stageRows(ctx, tx, b.ID, rows, s.codec(k)); err != nil {
			return err
		}
		b.State = StateStashedEnd
		b.count(rows)
		return saveCounts(ctx, tx, b)
	})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if err := s.validate(ctx, k, p, b, rows, nil); err != nil {
		// A batch that could not be validated is of no use: drop it.
		if derr := deleteBatch(context.WithoutCancel(ctx), s.db, b.ID); derr != nil {
			return nil, httpx.Internal(errors.Join(err, derr))
		}
		return nil, err
	}
	return b, nil
}

// validate runs the kind over rows and stores the results (only rows whose
// result changed when before is given), the counters and COLLECT_END.
func (s *Service) validate(ctx context.Context, k Kind, p *rbac.Principal, b *Batch, rows []*Row, before []result) error {
	if err := runKind(ctx, k, s.db, p, rows); err != nil {
		return err
	}
	return mapTx(db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return storeResults(ctx, tx, b, rows, before)
	}))
}

// storeResults writes the counters, COLLECT_END and the rows' results.
// Only a batch not yet imported takes them: a commit may have won a race.
func storeResults(ctx context.Context, tx bun.Tx, b *Batch, rows []*Row, before []result) error {
	b.State = StateCollectEnd
	b.count(rows)
	res, err := tx.NewUpdate().Model(b).Column("state", "total", "new_count", "changed_count", "unchanged_count",
		"invalid_count").WherePK().Where("state <> ?", StateImportEnd).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.Conflict("该批次已导入或已删除")
	}
	return saveResults(ctx, tx, rows, before)
}

// runKind resets the rows, lets the kind validate them and makes sure every
// row ends with a status (a row with errors is invalid whatever the kind said).
func runKind(ctx context.Context, k Kind, idb bun.IDB, p *rbac.Principal, rows []*Row) error {
	for _, r := range rows {
		r.Reset()
	}
	if err := k.Validate(ctx, idb, p, rows); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			return he
		}
		return httpx.Internal(fmt.Errorf("validate %s import: %w", k.Name(), err))
	}
	for _, r := range rows {
		if len(r.Errors) > 0 || r.Status == "" {
			if len(r.Errors) == 0 {
				r.Errors = append(r.Errors, CellError{Message: "该行未能校验"})
			}
			r.Status = StatusInvalid
		}
		if r.Status != StatusChanged {
			r.Changes = nil
		}
		r.normalise()
	}
	return nil
}

// find reads a batch of the caller and the kind; any other is a 404.
func (s *Service) find(ctx context.Context, idb bun.IDB, k Kind, id int64) (*Batch, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	b := new(Batch)
	err = idb.NewSelect().Model(b).Where("id = ?", id).Where("kind = ?", k.Name()).Where("created_by = ?", p.UserID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoBatch()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return b, nil
}

// Get is one batch of the caller.
func (s *Service) Get(ctx context.Context, k Kind, id int64) (*Batch, error) {
	return s.find(ctx, s.db, k, id)
}

// List is the caller's batches of the kind, newest first.
func (s *Service) List(ctx context.Context, k Kind, q url.Values) (httpx.PageResult[Batch], error) {
	p, err := principal(ctx)
	if err != nil {
		return httpx.PageResult[Batch]{}, err
	}
	pg, err := httpx.ParsePage(q)
	if err != nil {
		return httpx.PageResult[Batch]{}, err
	}
	var list []Batch
	n, err := s.db.NewSelect().Model(&list).Where("created_by = ?", p.UserID).Where("kind = ?", k.Name()).
		OrderExpr("created_at DESC, id DESC").Limit(int64(pg.Size)).Offset(int64(pg.Offset())).ScanAndCount(ctx)
	if err != nil {
		return httpx.PageResult[Batch]{}, httpx.Internal(err)
	}
	return httpx.NewPage(list, int(n)), nil
}

var statuses = map[string]bool{StatusNew: true, StatusChanged: true, StatusUnchanged: true, StatusInvalid: true}

// Rows is a page of a batch's rows in file order, optionally of one status.
func (s *Service) Rows(ctx context.Context, k Kind, id int64, q url.Values) (httpx.PageResult[Row], error) {
	if _, err := s.find(ctx, s.db, k, id); err != nil {
		return httpx.PageResult[Row]{}, err
	}
	pg, err := httpx.ParsePage(q)
	if err != nil {
		return httpx.PageResult[Row]{}, err
	}
	sel := s.db.NewSelect().Model((*rowRecord)(nil)).Where("batch_id = ?", id)
	if st := strings.TrimSpace(q.Get("status")); st != "" {
		if !statuses[st] {
			return httpx.PageResult[Row]{}, httpx.BadRequest("状态只能是 new、changed、unchanged 或 invalid")
		}
		sel = sel.Where("status = ?", st)
	}
	var recs []rowRecord
	n, err := sel.OrderExpr("row_no, id").Limit(int64(pg.Size)).Offset(int64(pg.Offset())).ScanAndCount(ctx, &recs)
	if err != nil {
		return httpx.PageResult[Row]{}, httpx.Internal(err)
	}
	c := s.codec(k)
	out := make([]Row, len(recs))
	for i := range recs {
		r, err := recs[i].row(c)
		if err != nil {
			return httpx.PageResult[Row]{}, httpx.Internal(err)
		}
		r.Cells = c.masked(r.Cells)
		out[i] = *r
	}
	return httpx.NewPage(out, int(n)), nil
}

// EditInput is the body of a row edit.
type EditInput struct {
	Cells map[string]string `json:"cells"`
}

// EditResult is a row after its edit and the revalidated batch.
type EditResult struct {
	Row   *Row   `json:"row"`
	Batch *Batch `json:"batch"`
}

// EditRow replaces a row's cells (only the kind's columns count) and
// revalidates the whole batch: a correction may resolve, or cause, a
// duplicate elsewhere in the file. It runs in one transaction that first
// claims the batch in COLLECT_END, so it cannot interleave with a commit.
func (s *Service) EditRow(ctx context.Context, k Kind, id, rowID int64, in EditInput) (*EditResult, error) {
	p, b, err := s.collected(ctx, k, id)
	if err != nil {
		return nil, err
	}
	if in.Cells == nil {
		return nil, httpx.BadRequest("请提供修改后的单元格内容")
	}
	cells := map[string]string{}
	for _, c := range k.Columns() {
		if v, ok := in.Cells[c.Key]; ok {
			if v = strings.TrimSpace(v); len([]rune(v)) > maxCellChars {
				return nil, httpx.BadRequest("“%s”的内容过长", c.Label)
			}
			cells[c.Key] = v
		}
	}
	var target *Row
	c := s.codec(k)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Batch)(nil)).Set("state = state").
			Where("id = ?", b.ID).Where("state = ?", StateCollectEnd).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return httpx.Conflict("该批次已导入或已删除，不能修改")
		}
		rows, err := loadRows(ctx, tx, b.ID, c)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if r.ID == rowID {
				target = r
			}
		}
		if target == nil {
			return httpx.NotFound("导入行不存在")
		}
		c.keepMasked(cells, target.Cells)
		if _, err := tx.NewUpdate().Model((*rowRecord)(nil)).Set("cells = ?", c.seal(cells)).Where("id = ?", rowID).Exec(ctx); err != nil {
			return err
		}
		target.Cells = cells
		before := make([]result, len(rows))
		for i, r := range rows {
			before[i] = resultOf(r)
		}
		if err := runKind(ctx, k, tx, p, rows); err != nil {
			return err
		}
		return storeResults(ctx, tx, b, rows, before)
	})
	if err != nil {
		return nil, mapTx(err)
	}
	target.Cells = c.masked(target.Cells)
	return &EditResult{Row: target, Batch: b}, nil
}

// collected is the caller and their batch, which must be validated and not
// yet imported (COLLECT_END) to be edited or committed.
func (s *Service) collected(ctx context.Context, k Kind, id int64) (*rbac.Principal, *Batch, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.find(ctx, s.db, k, id)
	if err != nil {
		return nil, nil, err
	}
	if b.State != StateCollectEnd {
		return nil, nil, errState(b)
	}
	return p, b, nil
}

func errState(b *Batch) *httpx.Error {
	if b.State == StateImportEnd {
		return httpx.Conflict("该批次已导入，不能再修改或导入")
	}
	return httpx.Conflict("该批次尚未校验完成，请稍后重试")
}

// CommitInput is the body of a commit.
type CommitInput struct {
	SkipInvalid bool `json:"skipInvalid"`
}

// Commit revalidates the batch and writes its new and changed rows, with
// their trail, in one transaction. Any error rolls everything back and the
// batch stays COLLECT_END.
func (s *Service) Commit(ctx context.Context, k Kind, id int64, in CommitInput) (*Batch, error) {
	p, b, err := s.collected(ctx, k, id)
	if err != nil {
		return nil, err
	}
	if b.InvalidCount > 0 && !in.SkipInvalid {
		return nil, errInvalidRows(b.InvalidCount)
	}
	var stale bool // the revalidation found invalid rows the stored results did not show
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		// Claim the batch first: a second commit (or an edit) racing this one
		// finds it no longer COLLECT_END. The claim is undone with everything else.
		res, err := tx.NewUpdate().Model((*Batch)(nil)).Set("state = ?", StateImportEnd).
			Where("id = ?", b.ID).Where("state = ?", StateCollectEnd).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return httpx.Conflict("该批次已导入或已删除")
		}
		rows, err := loadRows(ctx, tx, b.ID, s.codec(k))
		if err != nil {
			return err
		}
		if err := runKind(ctx, k, tx, p, rows); err != nil {
			return err
		}
		b.count(rows)
		if b.InvalidCount > 0 && !in.SkipInvalid {
			stale = true
			return errInvalidRows(b.InvalidCount)
		}
		var write []*Row
		for _, r := range rows {
			if r.Status == StatusNew || r.Status == StatusChanged {
				write = append(write, r)
			}
		}
		if err := k.Commit(ctx, tx, p, b, write); err != nil {
			return err
		}
		// The staged rows have served: they go with the commit, so personal
		// data of the file stays only in the live tables. The batch (who,
		// when, which file, the counts) stays as the import history.
		if _, err := tx.NewDelete().Model((*rowRecord)(nil)).Where("batch_id = ?", b.ID).Exec(ctx); err != nil {
			return err
		}
		now := s.now()
		b.State, b.CommittedAt = StateImportEnd, &now
		return saveCounts(ctx, tx, b)
	})
	if err != nil {
		if stale { // show the user the rows that became invalid
			if rows, lerr := loadRows(ctx, s.db, b.ID, s.codec(k)); lerr == nil {
				fresh, _ := s.find(ctx, s.db, k, id)
				if fresh != nil {
					s.validate(ctx, k, p, fresh, rows, nil) //nolint:errcheck // the 400 below is the answer
				}
			}
		}
		var he *httpx.Error
		if errors.As(err, &he) {
			return nil, he
		}
		return nil, httpx.Internal(fmt.Errorf("commit %s import batch %d: %w", k.Name(), b.ID, err))
	}
	return b, nil
}

func errInvalidRows(n int) *httpx.Error {
	return httpx.BadRequest("仍有 %d 行数据有误，请修正后再导入，或勾选跳过错误行", n)
}

// Abandon deletes a batch that was not imported, with its staged rows.
func (s *Service) Abandon(ctx context.Context, k Kind, id int64) error {
	b, err := s.find(ctx, s.db, k, id)
	if err != nil {
		return err
	}
	if b.State == StateImportEnd {
		return httpx.BadRequest("已导入的批次不能删除")
	}
	return mapTx(db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return deleteBatch(ctx, tx, b.ID)
	}))
}

// deleteBatch deletes a batch that was not imported, with its rows.
func deleteBatch(ctx context.Context, idb bun.IDB, id int64) error {
	res, err := idb.NewDelete().Model((*Batch)(nil)).Where("id = ?", id).Where("state <> ?", StateImportEnd).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.BadRequest("已导入的批次不能删除")
	}
	// The rows go explicitly too, not only through ON DELETE CASCADE
	// (which SQLite honours only with foreign keys switched on).
	_, err = idb.NewDelete().Model((*rowRecord)(nil)).Where("batch_id = ?", id).Exec(ctx)
	return err
}

// CfgBatchExpireDays is the setting (sys_config) after which a batch that
// was never imported is deleted with its staged rows.
const CfgBatchExpireDays = "importBatchExpireDays"

// PurgeExpired deletes the batches never imported that are older than the
// setting (default 7 days), then every staged row whose batch is gone or
// imported. Each statement is idempotent, so every instance may run it.
func (s *Service) PurgeExpired(ctx context.Context) error {
	days := s.sys.SettingInt(ctx, CfgBatchExpireDays, 7)
	cutoff := s.now().Add(-time.Duration(days) * 24 * time.Hour)
	// The state condition is re-checked on the row: a commit claiming the
	// batch at the same moment wins, and its batch stays.
	if _, err := s.db.NewDelete().Model((*Batch)(nil)).Where("state <> ?", StateImportEnd).
		Where("created_at < ?", cutoff).Exec(ctx); err != nil {
		return fmt.Errorf("purge import batches: %w", err)
	}
	if _, err := s.db.NewDelete().Model((*rowRecord)(nil)).Where("NOT EXISTS (SELECT 1 FROM imp_batch AS b "+
		"WHERE b.id = r.batch_id AND b.state <> ?)", StateImportEnd).Exec(ctx); err != nil {
		return fmt.Errorf("purge staged import rows: %w", err)
	}
	return nil
}

func mapTx(err error) error {
	if err == nil {
		return nil
	}
	var he *httpx.Error
	if errors.As(err, &he) {
		return he
	}
	return httpx.Internal(err)
}
