package resource

import (
	"context"
	"net/http"
	"reflect"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// TrailPage is the change trail of a record of the caller's scope, newest
// first, labelled.
func (res *Resource[M, V]) TrailPage(r *http.Request, id int64) (httpx.PageResult[audit.Labelled], error) {
	if _, err := res.find(r.Context(), res.DB, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	label, err := res.labels(r.Context())
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return res.Trail.Page(r, res.DB, id, label)
}

// Restore puts a record back as a trail entry's snapshot left it, checked
// like an edit (ORIGIN USER_RESTORE). A record outside the caller's scope,
// like one deleted since, has no entry to restore.
func (res *Resource[M, V]) Restore(ctx context.Context, in record.RestoreInput) (V, error) {
	var snap M
	e, err := res.Trail.Snapshot(ctx, res.DB, in.TrailID, &snap)
	if err != nil {
		var zero V
		return zero, err
	}
	cur, err := res.find(ctx, res.DB, e.RecordID)
	if err != nil {
		var zero V
		return zero, audit.ErrNoEntry()
	}
	return res.write(ctx, snap, cur, audit.OriginUserRestore, &e.ID)
}

// Across is the trail of every record of the caller's scope (filtered by
// the record's name, the entry's type, origin and time), newest first.
func (res *Resource[M, V]) Across(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error) {
	scope, err := res.Scope(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	label, err := res.labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	t := res.DB.Table(reflect.TypeFor[M]())
	join := "JOIN " + t.Name + " AS " + t.Alias + " ON " + t.Alias + ".id = ct.record_id"
	return res.Trail.Across(join, res.TrailName, scope).Page(ctx, res.DB, lq, label)
}
