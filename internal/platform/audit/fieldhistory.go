package audit

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

// FieldChange is one change of one field of a record, when it was made.
type FieldChange struct {
	At       time.Time
	Old, New string
}

// fieldHistoryChunk bounds the record ids of one query.
const fieldHistoryChunk = 500

// FieldHistory reads, per record of module among ids, the changes of field
// the trail recorded, oldest first: how long a value has been as it is (an
// organisation's secretary left empty). Only entries naming the field are
// decoded (a LIKE on the changes text, read by the index on module and
// record).
func FieldHistory(ctx context.Context, idb bun.IDB, module int, ids []int64, field string) (map[int64][]FieldChange, error) {
	out := map[int64][]FieldChange{}
	needle := `%"field":"` + strings.NewReplacer(`%`, `\%`, `_`, `\_`).Replace(field) + `"%`
	for start := 0; start < len(ids); start += fieldHistoryChunk {
		chunk := ids[start:min(start+fieldHistoryChunk, len(ids))]
		var rows []Entry
		if err := idb.NewSelect().Model(&rows).Column("record_id", "changes", "created_at").
			Where("module = ?", module).Where("record_id IN (?)", bun.In(chunk)).
			Where(`changes LIKE ? ESCAPE '\'`, needle).OrderExpr("record_id, id").Scan(ctx); err != nil {
			return nil, err
		}
		for _, e := range rows {
			var changes []Change
			if err := json.Unmarshal([]byte(e.ChangesJSON), &changes); err != nil {
				return nil, err
			}
			for _, c := range changes {
				if c.Field == field {
					out[e.RecordID] = append(out[e.RecordID], FieldChange{At: e.CreatedAt, Old: c.Old, New: c.New})
				}
			}
		}
	}
	return out, nil
}
