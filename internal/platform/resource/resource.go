// Package resource is the scoped record resource a plain module is
// declared as: a table of records kept within the caller's scope (an
// organisation's, a unit's), with its paged list and filters, detail,
// create, merging update under an optimistic lock, delete by ids, export
// and, when the record keeps a change trail, the record's trail, the trail
// across the scope and the restore. A module declares what differs (the
// scope, the joined names, the checks, the trail view, the export columns)
// and registers the routes with one call (Viewed when the body and the view
// are types of their own):
//
//	talks := &resource.Resource[Talk, View]{DB: db, Noun: "谈话记录", Scope: …, Spec: listSpec, …}
//	talks.Routes(rs, "/api/txth", resource.PermsFor("txth"))
package resource

import (
	"context"
	"database/sql"
	"encoding/json"
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

// Keys is where the id and the times lie.
func (b *Base) Keys() (id *int64, created, updated *time.Time) {
	return &b.ID, &b.CreatedAt, &b.UpdatedAt
}

// Keyed is a record whose id and times the kit sets and reads: one
// embedding Base, or one keeping them elsewhere (people keep their times in
// a shared part) that says where.
type Keyed interface {
	Keys() (id *int64, created, updated *time.Time)
}

// keys is where a record's id and times lie.
type keys struct {
	id               *int64
	created, updated *time.Time
}

// keysOf is where m's id and times lie; a record type without them cannot
// be a resource, which is a programming error.
func keysOf[M any](m *M) keys {
	k, ok := any(m).(Keyed)
	if !ok {
		panic("resource: " + reflect.TypeFor[M]().String() + " does not embed resource.Base (is not Keyed)")
	}
	id, created, updated := k.Keys()
	return keys{id, created, updated}
}

// Resource declares a scoped record resource. M is the stored record (a
// bun model embedding Base); its JSON is also the body of create and
// update and the trail's snapshot. V is the record as the API shows it: a
// bun model extending M with the joined names and the labels.
type Resource[M, V any] = Viewed[M, V, M, V]

// Viewed is a Resource whose body I and view O are types of their own: V
// is then the row read (M extended with the joined names), Input, IDOf and
// View convert, and the view may show personal fields in clear (Unmask).
type Viewed[M, V, I, O any] struct {
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
	// Labels reads the dictionary labels Show, View and the trail need (optional
	// when there are none); Show fills a view's labels (when no View).
	Labels func(ctx context.Context) (audit.Labeller, error)
	Show   func(v *V, label audit.Labeller)
	// Check validates a body into the record to write (cur nil on create);
	// its errors name their field (httpx.Invalid).
	Check func(ctx context.Context, in I, cur *V) (M, error)
	// Body and view of their own (all nil when I is M and O is V): Input is
	// the body leaving a record as it is (what an update is merged onto),
	// IDOf a body's id, Merged adjusts a merged update by the fields the
	// request named; View is the record as the API shows it, in clear when
	// the caller asked for and may see it.
	Input  func(v *V) I
	IDOf   func(in *I) int64
	Merged func(in *I, sent map[string]json.RawMessage)
	View   func(v *V, label audit.Labeller, clear bool) O
	// Viewer, instead of Labels and View, reads once per request what the
	// views need beyond labels (the standards a fee base's due follows) and
	// answers the view of a row.
	Viewer func(ctx context.Context) (func(v *V, clear bool) O, error)
	// Unmask, when set, lets the detail show a record in clear
	// (?unmask=true): it answers whether the caller may (an error when not)
	// after the scope, so that an id outside it stays a 404; such a read is
	// logged (Access) with the record's Name, so both must be set with it.
	Unmask func(ctx context.Context) error
	Name   func(v *V) string
	// Optional hooks: BeforeUpdate vets a checked update against the record
	// read, inside the update's transaction; BeforeDelete vets a delete of ids
	// that all lie in the scope, inside its transaction; WriteError answers a failed write (a unique
	// index broken) of record m, nil keeping the error as it is.
	BeforeUpdate func(ctx context.Context, tx bun.IDB, cur *V, m *M) error
	BeforeDelete func(ctx context.Context, tx bun.IDB, ids []int64) error
	// AfterSave writes what a record keeps beside its row (a question's tag
	// rows) inside the write's transaction, right after the row is written
	// (m's id set): on a create, an update, a restore and an import's insert.
	// An update that changes nothing writes neither.
	AfterSave  func(ctx context.Context, tx bun.IDB, m *M) error
	WriteError func(err error, m *M) error
	// Trail, when set, is the record's change trail: every write goes through
	// Trail.Save with the raw views TrailView gives, and the routes add the
	// record's trail, the trail across the scope (TrailName is the record's
	// name column there, e.g. "t.talker") and the restore.
	Trail     *record.Decl
	TrailView func(ctx context.Context, idb bun.IDB, m *M) (map[string]string, error)
	TrailName string
	// Gone, when set, names a deleted record's DELETE entry and gives its
	// anchor from the row read, instead of TrailName's and Anchor's columns:
	// a record named and kept in its scope through its parent (a member's
	// fee base).
	Gone func(v *V) (name string, anchor int64)
	// Anchor and AnchorScope keep a deleted record's DELETE entry (its last
	// state) in the trail across the scope: Anchor is the column of the
	// record the scope restricts ("org_id"), AnchorScope the caller's scope
	// over any such column (org.Service.Scoped). Without them a DELETE entry
	// is still written but the trail across the scope leaves it out.
	Anchor      string
	AnchorScope func(column string) record.Restriction
	// Export is the export's file title and columns (no route without columns).
	Export Export[O]
	// Access writes the operation log of a sensitive read (an export, a
	// detail in clear).
	Access func(ctx context.Context, r *http.Request, what string)
	// Now is the clock (UTC; time.Now when nil).
	Now func() time.Time
}

func (res *Viewed[M, V, I, O]) notFound() *httpx.Error {
	return httpx.NotFound("%s不存在", res.Noun)
}

func (res *Viewed[M, V, I, O]) now() time.Time {
	if res.Now != nil {
		return res.Now()
	}
	return time.Now().UTC()
}

// alias is the record table's alias in every query of the resource.
func (res *Viewed[M, V, I, O]) alias() string { return res.DB.Table(reflect.TypeFor[M]()).Alias }

func (res *Viewed[M, V, I, O]) labels(ctx context.Context) (audit.Labeller, error) {
	if res.Labels == nil {
		return func(_, v string) string { return v }, nil
	}
	return res.Labels(ctx)
}

// query selects the views of the caller's scope through idb.
func (res *Viewed[M, V, I, O]) query(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
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
func (res *Viewed[M, V, I, O]) find(ctx context.Context, idb bun.IDB, id int64) (*V, error) {
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

// view is a record as the API shows it, with its labels.
func (res *Viewed[M, V, I, O]) view(v *V, label audit.Labeller, clear bool) O {
	if res.View != nil {
		return res.View(v, label, clear)
	}
	if res.Show != nil {
		res.Show(v, label)
	}
	return any(*v).(O)
}

// viewer is what shows the rows of one request: Viewer's, or the view
// with the labels read once.
func (res *Viewed[M, V, I, O]) viewer(ctx context.Context) (func(v *V, clear bool) O, error) {
	if res.Viewer != nil {
		return res.Viewer(ctx)
	}
	label, err := res.labels(ctx)
	return func(v *V, clear bool) O { return res.view(v, label, clear) }, err
}

// views are rows as the API shows them.
func (res *Viewed[M, V, I, O]) views(ctx context.Context, rows []V, clear bool) ([]O, error) {
	view, err := res.viewer(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]O, len(rows))
	for i := range rows {
		out[i] = view(&rows[i], clear)
	}
	return out, nil
}

// List is the page of the caller's scope lq asks for (filters, sort, count
// and page all in SQL; unknown filters and sorts are a 400).
func (res *Viewed[M, V, I, O]) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[O], error) {
	q, err := res.query(ctx, res.DB)
	if err != nil {
		return httpx.PageResult[O]{}, err
	}
	var rows []V
	total, err := httpx.PagedInto(ctx, q, res.Spec, lq, &rows)
	if err != nil {
		return httpx.PageResult[O]{}, err
	}
	out, err := res.views(ctx, rows, false)
	if err != nil {
		return httpx.PageResult[O]{}, err
	}
	return httpx.NewCountedPage(out, total), nil
}

// Where is every record of the caller's scope that where keeps (its
// conditions, order and limit over the record's alias), as the list shows
// them: the records another record lists (a notice's people, a member's
// developments). Empty, not nil, when none is.
func (res *Viewed[M, V, I, O]) Where(ctx context.Context, where func(q *bun.SelectQuery) *bun.SelectQuery) ([]O, error) {
	q, err := res.query(ctx, res.DB)
	if err != nil {
		return nil, err
	}
	rows := []V{}
	if err := where(q).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	return res.views(ctx, rows, false)
}

// Find is one record of the caller's scope as read, or 404.
func (res *Viewed[M, V, I, O]) Find(ctx context.Context, id int64) (*V, error) {
	return res.find(ctx, res.DB, id)
}

// FindIn is Find through idb (a transaction): a workflow's Find, a module's
// read of the record it writes.
func (res *Viewed[M, V, I, O]) FindIn(ctx context.Context, idb bun.IDB, id int64) (*V, error) {
	return res.find(ctx, idb, id)
}

// Detail is one record of the caller's scope.
func (res *Viewed[M, V, I, O]) Detail(ctx context.Context, id int64) (O, error) {
	o, _, err := res.detail(ctx, id, false)
	return o, err
}

// detail is one record of the caller's scope, in clear if asked and
// allowed, and the row it was read as.
func (res *Viewed[M, V, I, O]) detail(ctx context.Context, id int64, clear bool) (O, *V, error) {
	var zero O
	v, err := res.find(ctx, res.DB, id)
	if err != nil {
		return zero, nil, err
	}
	if clear {
		if err := res.Unmask(ctx); err != nil {
			return zero, nil, err
		}
	}
	out, err := res.views(ctx, []V{*v}, clear)
	if err != nil {
		return zero, nil, err
	}
	return out[0], v, nil
}
