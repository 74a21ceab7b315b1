package worklist

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Selected is a Provider whose Count and List are one select of the
// caller's items (a module's rows in the caller's scope): sel answers it,
// ok false when the caller has no such work (0 and nothing, not an error);
// List pages it in order (a stable one, the key last) and makes each row an
// Item. 党费收缴's unpaid dues are declared so; the meetings due, the
// ballots to cast and a class's trainees to grade are the next.
func Selected[R any](key, title string, sel func(ctx context.Context) (q *bun.SelectQuery, ok bool, err error), order string,
	item func(r *R) Item) Provider {
	return Provider{Key: key, Title: title,
		Count: func(ctx context.Context, _ Query) (int, error) {
			q, ok, err := sel(ctx)
			if err != nil || !ok {
				return 0, err
			}
			n, err := q.Count(ctx)
			if err != nil {
				return 0, httpx.Internal(err)
			}
			return int(n), nil
		},
		List: func(ctx context.Context, wq Query) ([]Item, error) {
			q, ok, err := sel(ctx)
			if err != nil || !ok {
				return nil, err
			}
			var rows []R
			if err := q.OrderExpr(order).Limit(int64(wq.Size)).Offset(int64(wq.Offset())).Scan(ctx, &rows); err != nil {
				return nil, httpx.Internal(err)
			}
			items := make([]Item, len(rows))
			for i := range rows {
				items[i] = item(&rows[i])
			}
			return items, nil
		},
	}
}
