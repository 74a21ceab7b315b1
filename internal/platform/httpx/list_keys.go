package httpx

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// keyRow is a row of a query selecting only its key, read by PagedOnce.
type keyRow struct {
	ID int64 `bun:"id"`
	InAll
}

// PagedKeys is Paged for a query selecting only its rows' key, as id (a
// list that reads its page's views apart, by key). When the filters narrow
// the list, it is read as PagedOnce reads: the page and its count in one
// statement, so a searched list runs its search once, not once for the
// page and again for the count. The window reads every match, past the
// count cap too (the answer still says "≥ cap"): for tables of bounded
// size, as a school's accounts, not logs.
func PagedKeys(ctx context.Context, q *bun.SelectQuery, spec ListSpec, lq ListQuery) (PageResult[int64], error) {
	if lq.Size <= 0 || !spec.Narrows(lq.Filters) {
		return Paged[int64](ctx, q, spec, lq)
	}
	var page PageResult[keyRow]
	var err error
	if db.IsPostgres(q.DB()) {
		page, err = pagedKeysBound(ctx, q, spec, lq)
	} else {
		page, err = PagedOnce(ctx, q, spec, lq, func(*keyRow) {})
	}
	if err != nil {
		return PageResult[int64]{}, err
	}
	ids := make([]int64, len(page.Content))
	for i, r := range page.Content {
		ids[i] = r.ID
	}
	return NewCountedPage(ids, capped(page.TotalElements, CountCap(ctx))), nil
}

// pagedKeysBound is PagedOnce on PostgreSQL as one prepared statement: the
// search text (db.Bind, from search.Match), the limit and the offset go
// apart from its text, so a searched list is planned once per connection
// and shape rather than on every request (the planning was a third of a
// searched user page's database time; issue 34). The connections plan
// prepared statements generically (plan_cache_mode), and a generic plan of
// "ORDER BY … LIMIT $n" beside COUNT(*) OVER () walks the whole table in
// key order, costed as if the window let it stop early (a sub-query fenced
// by OFFSET 0 is planned for the outer limit too). The ordered matches are
// therefore a materialised CTE, which PostgreSQL plans for all its rows:
// found by the text index, counted, sorted, and the page taken from them.
func pagedKeysBound(ctx context.Context, q *bun.SelectQuery, spec ListSpec, lq ListQuery) (PageResult[keyRow], error) {
	filtered, ordered, err := onceQuery(q, spec, lq)
	if err != nil {
		return PageResult[keyRow]{}, err
	}
	text, args, err := db.Bound(q.DB(), ordered)
	if err != nil {
		return PageResult[keyRow]{}, Internal(err)
	}
	text = fmt.Sprintf("WITH matched AS MATERIALIZED (%s) SELECT id, rows_in_all FROM matched LIMIT $%d OFFSET $%d", text, len(args)+1, len(args)+2)
	var rows []keyRow
	if err := db.ScanBound(ctx, q.DB(), text, append(args, lq.Size, lq.Offset()), &rows); err != nil {
		return PageResult[keyRow]{}, Internal(err)
	}
	total, err := countOnce[keyRow](ctx, filtered, lq, rows)
	if err != nil {
		return PageResult[keyRow]{}, err
	}
	return NewCountedPage(rows, total), nil
}
