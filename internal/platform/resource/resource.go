// Package resource is the scoped record resource a plain module is
// declared as: a table of records kept within the caller's scope (an
// organisation's, a unit's), with its paged list and filters, detail,
// create, merging update under an optimistic lock, delete by ids, export
// and, when the record keeps a change trail, the record's trail, the trail
// across the scope and the restore. A module declares what differs (the
// scope, the joined names, the checks, the trail view, the export columns)
// and registers the routes with one call:
//
//	talks := &resource.Resource[Talk, View]{DB: db, Noun: "谈话记录", Scope: …, Spec: listSpec, …}
//	talks.Routes(rs, "/api/txth", resource.PermsFor("txth"))
package resource

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"reflect"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Base is the id and the times every resource record has. A record type
// embeds it, so that the kit sets them on a write and locks an update on
// the updated_at it read (a change made meanwhile is a 409, not lost).
type Base struct {
	ID        int64     `bun:"id,pk,autoincrement" json:"id"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt time.Time `bun:"updated_at" json:"updateTime"`
}

func (b *Base) base() *Base { return b }

// based is a record type embedding Base.
type based interface{ base() *Base }

// baseOf is the Base m embeds; a record type without one cannot be a
// resource, which is a programming error.
func baseOf[M any](m *M) *Base {
	b, ok := any(m).(based)
	if !ok {
		panic("resource: " + reflect.TypeFor[M]().String() + " does not embed resource.Base")
	}
	return b.base()
}

// Resource declares a scoped record resource. M is the stored record (a
// bun model embedding Base); its JSON is also the body of create and
// update and the trail's snapshot. V is the record as the API shows it: a
// bun model extending M with the joined names and the labels.
type Resource[M, V any] struct {
	DB *bun.DB
	// Noun names a record in messages: "谈话记录" (谈话记录不存在, 缺少谈话记录编号).
	Noun string
	// Scope reads the caller's scope from ctx as a restriction of a query of
	// the records (the table under its model alias). A record outside it is
	// a 404, never a 403, so ids cannot be probed.
	Scope func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error)
	// Join adds V's shown columns and their joins to the select (optional).
	Join func(q *bun.SelectQuery) *bun.SelectQuery
	// Spec is the list's filters and sorts (the export's too).
	Spec httpx.ListSpec
	// Record is the stored record inside a view.
	Record func(v *V) *M
	// Labels reads the dictionary labels Show and the trail need (optional
	// when there are none); Show fills a view's labels.
	Labels func(ctx context.Context) (audit.Labeller, error)
	Show   func(v *V, label audit.Labeller)
	// Check validates a body into the record to write (cur nil on create);
	// its errors name their field (httpx.Invalid).
	Check func(ctx context.Context, in M, cur *V) (M, error)
	// Optional hooks: BeforeUpdate vets a checked update against the record
	// read; BeforeDelete vets a delete of ids that all lie in the scope,
	// inside its transaction; WriteError answers a failed write (a unique
	// index broken), nil keeping the error as it is.
	BeforeUpdate func(ctx context.Context, cur *V, m *M) error
	BeforeDelete func(ctx context.Context, tx bun.IDB, ids []int64) error
	WriteError   func(err error) error
	// Trail, when set, is the record's change trail: every write goes through
	// Trail.Save with the raw views TrailView gives, and the routes add the
	// record's trail, the trail across the scope (TrailName is the record's
	// name column there, e.g. "t.talker") and the restore.
	Trail     *record.Decl
	TrailView func(ctx context.Context, idb bun.IDB, m *M) (map[string]string, error)
	TrailName string
	// Export is the export's file title and columns (no route without columns).
	Export Export[V]
	// Access writes the operation log of a sensitive read (an export).
	Access func(ctx context.Context, r *http.Request, what string)
	// Now is the clock (UTC; time.Now when nil).
	Now func() time.Time
}

func (res *Resource[M, V]) notFound() *httpx.Error { return httpx.NotFound("%s不存在", res.Noun) }

func (res *Resource[M, V]) now() time.Time {
	if res.Now != nil {
		return res.Now()
	}
	return time.Now().UTC()
}

// alias is the record table's alias in every query of the resource.
func (res *Resource[M, V]) alias() string { return res.DB.Table(reflect.TypeFor[M]()).Alias }

func (res *Resource[M, V]) labels(ctx context.Context) (audit.Labeller, error) {
	if res.Labels == nil {
		return func(_, v string) string { return v }, nil
	}
	return res.Labels(ctx)
}

// query selects the views of the caller's scope through idb.
func (res *Resource[M, V]) query(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	scope, err := res.Scope(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().Model((*V)(nil)).ColumnExpr(res.alias() + ".*")
	if res.Join != nil {
		q = res.Join(q)
	}
	return scope(q), nil
}

// find reads one view of the caller's scope through idb, or 404.
func (res *Resource[M, V]) find(ctx context.Context, idb bun.IDB, id int64) (*V, error) {
	q, err := res.query(ctx, idb)
	if err != nil {
		return nil, err
	}
	v := new(V)
	if err := q.Where(res.alias()+".id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, res.notFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return v, nil
}

// show fills the labels of views.
func (res *Resource[M, V]) show(ctx context.Context, views []V) error {
	if res.Show == nil {
		return nil
	}
	label, err := res.labels(ctx)
	if err != nil {
		return err
	}
	for i := range views {
		res.Show(&views[i], label)
	}
	return nil
}

// List is the page of the caller's scope lq asks for (filters, sort, count
// and page all in SQL; unknown filters and sorts are a 400).
func (res *Resource[M, V]) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[V], error) {
	q, err := res.query(ctx, res.DB)
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	page, err := httpx.Paged[V](ctx, q, res.Spec, lq)
	if err != nil {
		return page, err
	}
	return page, res.show(ctx, page.Content)
}

// Detail is one record of the caller's scope.
func (res *Resource[M, V]) Detail(ctx context.Context, id int64) (V, error) {
	v, err := res.find(ctx, res.DB, id)
	if err != nil {
		var zero V
		return zero, err
	}
	views := []V{*v}
	err = res.show(ctx, views)
	return views[0], err
}
