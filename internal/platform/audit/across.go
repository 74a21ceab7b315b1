package audit

import (
	"context"
	"encoding/json"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Across describes a module's trail across all its records (the 党员/组织/
// 单位变动轨迹 pages): how the trail joins the record table, the record's
// name column, and the caller's data scope over the joined record. Joining
// the record also drops the entries of records that no longer exist, whose
// scope can no longer be told.
type Across struct {
	Module int
	// Join joins the record table to change_trail AS ct, e.g.
	// "JOIN dyjbxx AS m ON m.id = ct.record_id".
	Join string
	// Name is the record's name column in Join, e.g. "m.name".
	Name string
	// Scope restricts the query to the records the caller sees.
	Scope func(*bun.SelectQuery) *bun.SelectQuery
}

// NamedEntry is an entry of a cross-record trail: labelled, with the name of
// its record as it is now.
type NamedEntry struct {
	Labelled
	RecordName string `json:"recordName"`
}

type namedRow struct {
	Entry      `bun:",extend"`
	RecordName string `bun:"record_name,scanonly"`
}

// spec is the filters and sorts every cross-record trail offers: the record
// (id or a substring of its name), type, origin and a time range.
func (a Across) spec() httpx.ListSpec {
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"recordId": {Columns: []string{"ct.record_id"}, Kind: httpx.Int},
			"blurry":   {Columns: []string{a.Name}, Match: httpx.Like},
			"type":     {Columns: []string{"ct.type"}, Match: httpx.In, Kind: httpx.Int},
			"origin":   {Columns: []string{"ct.origin"}, Match: httpx.In, Kind: httpx.Int},
			"from":     {Columns: []string{"ct.created_at"}, Match: httpx.Gte, Kind: httpx.Time},
			"to":       {Columns: []string{"ct.created_at"}, Match: httpx.Lte, Kind: httpx.Time},
		},
		Sorts:       map[string]string{"createTime": "ct.created_at", "recordName": a.Name},
		Key:         "ct.id",
		DefaultSort: "ct.created_at DESC, ct.id DESC",
	}
}

// Page is one page of the module's trail across the records of the
// caller's scope, newest first, filtered and sorted as lq asks and labelled.
func (a Across) Page(ctx context.Context, idb bun.IDB, lq httpx.ListQuery, label Labeller) (httpx.PageResult[NamedEntry], error) {
	q := idb.NewSelect().Model((*namedRow)(nil)).ColumnExpr("ct.*").ColumnExpr("? AS record_name", bun.Safe(a.Name)).
		Join(a.Join).Where("ct.module = ?", a.Module)
	var rows []namedRow
	total, err := httpx.PagedInto(ctx, a.Scope(q), a.spec(), lq, &rows)
	if err != nil {
		return httpx.PageResult[NamedEntry]{}, err
	}
	out := make([]NamedEntry, len(rows))
	for i, row := range rows {
		e := row.Entry
		if err := json.Unmarshal([]byte(e.ChangesJSON), &e.Changes); err != nil {
			return httpx.PageResult[NamedEntry]{}, httpx.Internal(err)
		}
		out[i] = NamedEntry{Labelled: Label(e, label), RecordName: row.RecordName}
	}
	return httpx.NewPage(out, total), nil
}
