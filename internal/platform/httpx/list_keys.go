package httpx

import (
	"context"

	"github.com/uptrace/bun"
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
	page, err := PagedOnce(ctx, q, spec, lq, func(*keyRow) {})
	if err != nil {
		return PageResult[int64]{}, err
	}
	ids := make([]int64, len(page.Content))
	for i, r := range page.Content {
		ids[i] = r.ID
	}
	return NewCountedPage(ids, capped(page.TotalElements, CountCap(ctx))), nil
}
