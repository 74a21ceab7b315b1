package report

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// MaxPageSize bounds a page of a report's lines (a member each).
const MaxPageSize = 500

// Page reads a report's ?page=&size= (the list kit's), the size at most
// MaxPageSize.
func Page(r *http.Request) (httpx.Page, error) {
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return p, err
	}
	if p.Size > MaxPageSize {
		return p, httpx.Invalid("size", "每页条数不能超过%d", MaxPageSize)
	}
	return p, nil
}

// Paged is page p of a report's lines: sel (a grouped select, a line per
// member) counted, then the page read in order. The 党费 reports per member
// and of arrears are paged so; a meeting's attendance per member is next.
func Paged[T any](ctx context.Context, idb bun.IDB, sel *bun.SelectQuery, order string, p httpx.Page) (httpx.PageResult[T], error) {
	n, err := idb.NewSelect().TableExpr("(?) AS a", sel).Count(ctx)
	if err != nil {
		return httpx.PageResult[T]{}, httpx.Internal(err)
	}
	rows := []T{}
	if err := sel.OrderExpr(order).Limit(int64(p.Size)).Offset(int64(p.Offset())).Scan(ctx, &rows); err != nil {
		return httpx.PageResult[T]{}, httpx.Internal(err)
	}
	return httpx.PageResult[T]{Content: rows, TotalElements: int(n)}, nil
}
