package record

import (
	"context"
	"errors"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
)

// Trail is a record type's trail as its endpoints serve it: one record's
// trail, the trail across the caller's records, and the restore of an
// entry. The domain supplies how it finds a record of the caller's, reads
// its labels and scopes the joined records; the rest is the same for
// every record type.
//
//	t := record.Trail{Decl: trail, DB: s.db, Find: …, Labels: …, Join: "JOIN dzz AS z ON z.id = ct.record_id", Name: "z.name", Scope: …}
//	rs.Get("/api/dzzxx/{id}/trail", PermList, "查看变动轨迹", httpx.ListUnder(errNotFound, t.Page))
type Trail struct {
	Decl *Decl
	DB   bun.IDB
	// Find is nil when record id is one of the caller's, its 404 otherwise.
	Find func(ctx context.Context, id int64) error
	// Labels reads the labels the trail shows (at least of audit.DictType
	// and audit.DictOrigin).
	Labels func(ctx context.Context) (audit.Labeller, error)
	// Join and Name are Decl.Across's: the record table joined to
	// change_trail AS ct, and its name column.
	Join, Name string
	// Scope is the restriction of the joined records to the caller's.
	Scope func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error)
	// Gone is the caller's scope over ct.anchor_id: the DELETE entries of
	// deleted records (Decl.DeleteEntries) it holds show in the trail across
	// the scope. Nil for a record type that is never deleted.
	Gone Restriction
}

// FindIn is a Trail.Find from the domain's own finder of a record of the
// caller's through idb (what else it returns is not needed).
func FindIn[R any](idb bun.IDB, find func(ctx context.Context, idb bun.IDB, id int64) (R, error)) func(context.Context, int64) error {
	return func(ctx context.Context, id int64) error {
		_, err := find(ctx, idb, id)
		return err
	}
}

// Labels is what labels dictionary values (system.DictLabels).
type Labels interface {
	Label(dict, value string) string
}

// LabelsOf is a Trail.Labels from the domain's reader of its labels.
func LabelsOf[L Labels](read func(ctx context.Context) (L, error)) func(context.Context) (audit.Labeller, error) {
	return func(ctx context.Context) (audit.Labeller, error) {
		l, err := read(ctx)
		if err != nil {
			return nil, err
		}
		return l.Label, nil
	}
}

// Page is the page of record id's trail lq asks for, newest first,
// labelled; a record that is not the caller's is Find's 404.
func (t Trail) Page(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	if err := t.Find(ctx, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	label, err := t.Labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return t.Decl.Page(ctx, t.DB, id, lq, label)
}

// Across is the trail across the caller's records (the 变动轨迹 page),
// newest first, filtered and sorted as lq asks (audit.Across).
func (t Trail) Across(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error) {
	scope, err := t.Scope(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	var gone func(*bun.SelectQuery) *bun.SelectQuery
	if t.Gone != nil {
		if gone, err = t.Gone(ctx); err != nil {
			return httpx.PageResult[audit.NamedEntry]{}, err
		}
	}
	label, err := t.Labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	return t.Decl.Across(t.Join, t.Name, scope, gone).Page(ctx, t.DB, lq, label)
}

// Restore reads the snapshot of trail entry in.TrailID into a T and hands
// it with its entry to put, which saves it (ORIGIN USER_RESTORE, restored
// from the entry) and answers. The record must be one of the caller's:
// otherwise, like a record deleted since, its entry does not exist either.
func Restore[T, R any](ctx context.Context, t Trail, in RestoreInput, put func(ctx context.Context, snap *T, e *audit.Entry) (R, error)) (R, error) {
	var zero R
	snap := new(T)
	e, err := t.Decl.Snapshot(ctx, t.DB, in.TrailID, snap)
	if err != nil {
		return zero, err
	}
	if err := t.Find(ctx, e.RecordID); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusNotFound {
			return zero, audit.ErrNoEntry()
		}
		return zero, err
	}
	return put(ctx, snap, e)
}
