package flow

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/worklist"
)

// WorkTable is how a work list names a workflow's records: the module's
// own table and SQL expressions over its alias w (written by the module,
// never taken from input).
type WorkTable struct {
	Table string // "dev_record"
	Name  string // "w.name"
	// Due is the record's deadline column (a DATE), "" when it has none.
	Due string
}

// Scoper restricts a select to the rows whose organisation column lies in
// the caller's data scope (org.Service.Scoped).
type Scoper func(column string) func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error)

// WorkList is the work list of one or more workflows over the same
// records: the records waiting at a step the caller may act on now — the
// step's permission held and the acting organisation in the caller's data
// scope, the test Act makes (a step's own May, such as "the starter
// resubmits", is not listed). It is read from flow_instance, so it holds
// whatever the stored to-dos missed (an account granted after the step
// opened), and it supersedes the workflows' stored to-dos.
func WorkList[R any](key, title string, table WorkTable, scoped Scoper, wfs ...*Workflow[R]) worklist.Provider {
	keys := make([]string, len(wfs))
	for i, wf := range wfs {
		keys[i] = wf.Key
	}
	// where restricts q to the caller's waiting steps; ok false: none.
	where := func(ctx context.Context, q *bun.SelectQuery) (*bun.SelectQuery, bool, error) {
		p := rbac.From(ctx)
		var conds []string
		var args []any
		for _, wf := range wfs {
			wf.index()
			var steps []string
			for _, st := range wf.Steps {
				if st.Perm != "" && p.Allows(st.Perm) {
					steps = append(steps, st.Key)
				}
			}
			if len(steps) > 0 {
				conds = append(conds, "(fi.workflow = ? AND fi.step IN (?))")
				args = append(args, wf.Key, bun.In(steps))
			}
		}
		if len(conds) == 0 {
			return q, false, nil
		}
		scope, err := scoped("fi.acting_org_id")(ctx)
		if err != nil {
			return q, false, err
		}
		q = q.Join("JOIN ? AS w ON w.id = fi.record_id", bun.Ident(table.Table)).
			Where("("+strings.Join(conds, " OR ")+")", args...)
		return scope(q), true, nil
	}
	base := func(ctx context.Context) *bun.SelectQuery {
		return wfs[0].DB.NewSelect().TableExpr("flow_instance AS fi")
	}
	byKey := map[string]*Workflow[R]{}
	for _, wf := range wfs {
		byKey[wf.Key] = wf
	}
	return worklist.Provider{Key: key, Title: title, Supersedes: keys,
		Count: func(ctx context.Context, _ worklist.Query) (int, error) {
			q, ok, err := where(ctx, base(ctx))
			if err != nil || !ok {
				return 0, err
			}
			n, err := q.Count(ctx)
			if err != nil {
				return 0, httpx.Internal(err)
			}
			return int(n), nil
		},
		List: func(ctx context.Context, wq worklist.Query) ([]worklist.Item, error) {
			q, ok, err := where(ctx, base(ctx))
			if err != nil || !ok {
				return nil, err
			}
			due := "NULL"
			if table.Due != "" {
				due = table.Due
			}
			var rows []struct {
				Workflow string    `bun:"workflow"`
				RecordID int64     `bun:"record_id"`
				Step     string    `bun:"step"`
				Since    time.Time `bun:"since"`
				Name     string    `bun:"name"`
				Due      date.Date `bun:"due"`
			}
			// The oldest waiting first: the one most likely late.
			err = q.ColumnExpr("fi.workflow, fi.record_id, fi.step, fi.updated_at AS since").
				ColumnExpr("? AS name", bun.Safe(table.Name)).ColumnExpr("? AS due", bun.Safe(due)).
				OrderExpr("fi.updated_at, fi.id").Limit(int64(wq.Size)).Offset(int64(wq.Offset())).Scan(ctx, &rows)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			items := make([]worklist.Item, len(rows))
			for i, r := range rows {
				wf := byKey[r.Workflow]
				step := wf.stepName(r.Step)
				since := r.Since
				it := worklist.Item{Key: r.Workflow + ":" + bizID(r.RecordID, r.Step), Title: fmt.Sprintf("%s待%s：%s", wf.Noun, step, r.Name), Since: &since,
					Content: fmt.Sprintf("%s「%s」等待「%s」环节办理。", wf.Noun, r.Name, step)}
				it.Due = r.Due.String()
				if wf.Link != nil {
					it.Link = wf.Link(r.RecordID)
				}
				items[i] = it
			}
			return items, nil
		},
	}
}
