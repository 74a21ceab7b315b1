package resource

import (
	"context"
	"fmt"
	"reflect"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// trail is the record kit's Trail of the resource: its records found in the
// caller's scope, its labels, its table joined to the trail by id.
func (res *Viewed[M, V, I, O]) trail() record.Trail {
	t := res.DB.Table(reflect.TypeFor[M]())
	tr := record.Trail{Decl: res.Trail, DB: res.DB, Find: record.FindIn(res.DB, res.find), Labels: res.labels,
		Join: "JOIN " + t.Name + " AS " + t.Alias + " ON " + t.Alias + ".id = ct.record_id", Name: res.TrailName, Scope: res.Scope}
	if res.AnchorScope != nil && res.Anchor != "" {
		tr.Gone = res.AnchorScope("ct.anchor_id")
	}
	return tr
}

// TrailPage is the change trail of a record of the caller's scope, newest
// first, labelled.
func (res *Viewed[M, V, I, O]) TrailPage(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	return res.trail().Page(ctx, id, lq)
}

// Restore puts a record back as a trail entry's snapshot left it, checked
// like an edit (ORIGIN USER_RESTORE). A record outside the caller's scope,
// like one deleted since, has no entry to restore.
// A resource with a trail takes its record as its body (I is M), so a
// snapshot is a body.
func (res *Viewed[M, V, I, O]) Restore(ctx context.Context, in record.RestoreInput) (O, error) {
	return record.Restore(ctx, res.trail(), in, func(ctx context.Context, snap *M, e *audit.Entry) (O, error) {
		cur, err := res.find(ctx, res.DB, e.RecordID)
		if err != nil {
			var zero O
			return zero, err
		}
		in, same := any(*snap).(I)
		if !same { // Routes refuses such a resource at start-up; a call from Go gets the reason
			var zero O
			return zero, fmt.Errorf("resource: a %T snapshot cannot be restored through a %T input", *snap, in)
		}
		return res.write(ctx, in, cur, audit.OriginUserRestore, &e.ID)
	})
}

// Across is the trail of every record of the caller's scope (filtered by
// the record's name, the entry's type, origin and time), newest first.
func (res *Viewed[M, V, I, O]) Across(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error) {
	return res.trail().Across(ctx, lq)
}
