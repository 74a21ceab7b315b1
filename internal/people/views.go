package people

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// listViews is a people list: the scoped query (with the filters it takes
// itself removed), spec's filters, sort and page in SQL, then each row as
// its view with the dictionary labels.
func listViews[R, V any](s *Service, r *http.Request, spec httpx.ListSpec,
	query func(ctx context.Context, filters map[string]any) (*bun.SelectQuery, error),
	view func(row *R, l system.DictLabels) V) (httpx.PageResult[V], error) {
	filters := httpx.QueryFilters(r.URL.Query())
	q, err := query(r.Context(), filters)
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	var rows []R
	total, err := httpx.List(r, q, spec, filters, &rows)
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	l, err := s.labels(r.Context())
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	out := make([]V, len(rows))
	for i := range rows {
		out[i] = view(&rows[i], l)
	}
	return httpx.NewPage(out, total), nil
}

// personDetail is one student or teacher of the caller's scope; unmask
// needs ry:unmask, checked after the scope so that an id outside it stays
// a 404.
func personDetail[R, V any](s *Service, ctx context.Context, id int64, unmask bool,
	find func(ctx context.Context, idb bun.IDB, id int64) (*R, error),
	view func(row *R, l system.DictLabels, unmask bool) V) (V, error) {
	var zero V
	row, err := find(ctx, s.db, id)
	if err != nil {
		return zero, err
	}
	if unmask && !rbac.From(ctx).Has(PermUnmask) {
		return zero, httpx.Forbidden("没有查看人员敏感信息的权限")
	}
	l, err := s.labels(ctx)
	if err != nil {
		return zero, err
	}
	return view(row, l, unmask), nil
}
