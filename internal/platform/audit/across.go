package audit

import (
	"context"
	"encoding/json"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Across describes a module's trail across all its records (the 党员/组织/
// 单位变动轨迹 pages): how the trail joins the record table, the record's
// name column, and the caller's data scope over the joined record. A record
// that no longer exists has no row to check the scope on: its DELETE entry
// shows when Gone (the scope over the anchor the entry kept) lets it, and
// the rest of its entries only to a scope that restricts nothing.
type Across struct {
	Module int
	// Join joins the record table to change_trail AS ct, e.g.
	// "JOIN dyjbxx AS m ON m.id = ct.record_id".
	Join string
	// Name is the record's name column in Join, e.g. "m.name".
	Name string
	// Scope restricts the query to the records the caller sees.
	Scope func(*bun.SelectQuery) *bun.SelectQuery
	// Gone restricts the DELETE entries of deleted records to those the
	// caller saw, by the scope over ct.anchor_id; nil leaves them out.
	Gone func(*bun.SelectQuery) *bun.SelectQuery
}

// name is the record's name as the page shows it: the record's own, or
// the one its DELETE entry kept.
func (a Across) name() string { return "COALESCE(" + a.Name + ", ct.record_name)" }

// NamedEntry is an entry of a cross-record trail: labelled, with the name of
// its record as it is now.
type NamedEntry struct {
	Labelled
	RecordName string `json:"recordName"`
}

type namedRow struct {
	Entry     `bun:",extend"`
	ShownName string `bun:"shown_name,scanonly"`
}

// spec is the filters and sorts every cross-record trail offers: the record
// (id or a substring of its name), type, origin and a time range.
func (a Across) spec() httpx.ListSpec {
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"recordId": {Columns: []string{"ct.record_id"}, Kind: httpx.Int},
			"blurry":   {Columns: []string{a.name()}, Match: httpx.Like},
			"type":     {Columns: []string{"ct.type"}, Match: httpx.In, Kind: httpx.Int},
			"origin":   {Columns: []string{"ct.origin"}, Match: httpx.In, Kind: httpx.Int},
			"from":     {Columns: []string{"ct.created_at"}, Match: httpx.Gte, Kind: httpx.Time},
			"to":       {Columns: []string{"ct.created_at"}, Match: httpx.Lte, Kind: httpx.Time},
		},
		Sorts:       map[string]string{"createTime": "ct.created_at", "recordName": a.name()},
		Key:         "ct.id",
		DefaultSort: "ct.created_at DESC, ct.id DESC",
	}
}

// Page is one page of the module's trail across the records of the
// caller's scope, newest first, filtered and sorted as lq asks and labelled.
func (a Across) Page(ctx context.Context, idb bun.IDB, lq httpx.ListQuery, label Labeller) (httpx.PageResult[NamedEntry], error) {
	q := idb.NewSelect().Model((*namedRow)(nil)).ColumnExpr("ct.*").ColumnExpr("? AS shown_name", bun.Safe(a.name())).
		Where("ct.module = ?", a.Module)
	if a.Gone == nil {
		q = a.Scope(q.Join(a.Join))
	} else {
		// The live records in the scope, or the DELETE entries of gone ones
		// whose anchor is. "1 = 1" keeps the first group when the scope adds
		// no condition (it restricts nothing).
		q = q.Join("LEFT "+a.Join).WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			q = q.WhereGroup(" OR ", func(q *bun.SelectQuery) *bun.SelectQuery { return a.Scope(q.Where("1 = 1")) })
			return q.WhereGroup(" OR ", func(q *bun.SelectQuery) *bun.SelectQuery {
				return a.Gone(q.Where("ct.type = ?", TypeDelete))
			})
		})
	}
	var rows []namedRow
	total, err := httpx.PagedInto(ctx, q, a.spec(), lq, &rows)
	if err != nil {
		return httpx.PageResult[NamedEntry]{}, err
	}
	out := make([]NamedEntry, len(rows))
	for i, row := range rows {
		e := row.Entry
		if err := json.Unmarshal([]byte(e.ChangesJSON), &e.Changes); err != nil {
			return httpx.PageResult[NamedEntry]{}, httpx.Internal(err)
		}
		out[i] = NamedEntry{Labelled: Label(e, label), RecordName: row.ShownName}
	}
	return httpx.NewCountedPage(out, total), nil
}
