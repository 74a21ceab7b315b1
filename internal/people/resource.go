package people

import (
	"context"
	"database/sql"
	"errors"
	"zhdj/internal/platform/uniq"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// resource is one people resource (students, teachers, classes): its list,
// detail, export, create, update and delete are written once, here; what
// differs between the three is the kind's data and the hooks below. M is
// the stored record, R the row read with the names shown beside it (it
// embeds M), V the API view, I the body of create and update.
type resource[M stored, R, V, I any] struct {
	kind
	s    *Service
	spec httpx.ListSpec
	// joins adds the row's shown columns and their joins beyond the unit's
	// name (d.name AS unit_name, always joined).
	joins  func(q *bun.SelectQuery) *bun.SelectQuery
	record func(r *R) *M
	view   func(r *R, l system.DictLabels, unmask bool) V
	// input is the body that leaves the record as it is (what an update
	// body is merged onto); idOf reads a body's id.
	input func(r *R) I
	idOf  func(in *I) int64
	// check validates a body (cur nil on create) into the record to write:
	// every check but the business key's uniqueness, which is shared.
	check func(ctx context.Context, l system.DictLabels, in I, cur *M) (*M, error)
	// person, set for students and teachers, is the body's shared part:
	// their details may show personal fields in clear (ry:unmask) and an
	// update naming a new ID number drops the stored birth date and gender.
	person func(in *I) *PersonInput
	// Optional: beforeUpdate vets a checked update against the row read;
	// beforeDelete vets a delete of ids that all lie in the scope.
	beforeUpdate func(cur *R, m *M) error
	beforeDelete func(ctx context.Context, ids []int64) error
	export       []column[V]
}

// query is the scoped select of the resource's rows through idb.
func (res *resource[M, R, V, I]) query(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	sc, err := res.s.units.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	a := res.alias
	q := idb.NewSelect().Model((*R)(nil)).ColumnExpr(a + ".*").ColumnExpr("d.name AS unit_name").
		Join("JOIN sys_dept AS d ON d.id = " + a + ".unit_dept_id")
	if res.joins != nil {
		q = res.joins(q)
	}
	return sc.Apply(q, a+".unit_dept_id"), nil
}

// find reads one row of the caller's scope through idb, or 404.
func (res *resource[M, R, V, I]) find(ctx context.Context, idb bun.IDB, id int64) (*R, error) {
	q, err := res.query(ctx, idb)
	if err != nil {
		return nil, err
	}
	r := new(R)
	err = q.Where(res.alias+".id = ?", id).Scan(ctx, r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, res.notFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

// list is the page of the caller's scope lq asks for (personal fields
// always masked).
func (res *resource[M, R, V, I]) list(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[V], error) {
	q, err := res.query(ctx, res.s.db)
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	var rows []R
	total, err := httpx.PagedInto(ctx, q, res.spec, lq, &rows)
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	l, err := res.s.labels(ctx)
	if err != nil {
		return httpx.PageResult[V]{}, err
	}
	out := make([]V, len(rows))
	for i := range rows {
		out[i] = res.view(&rows[i], l, false)
	}
	return httpx.NewPage(out, total), nil
}

// detail is one record of the caller's scope and its name (for the access
// log); unmask needs ry:unmask, checked after the scope so that an id
// outside it stays a 404.
func (res *resource[M, R, V, I]) detail(ctx context.Context, id int64, unmask bool) (V, string, error) {
	var zero V
	row, err := res.find(ctx, res.s.db, id)
	if err != nil {
		return zero, "", err
	}
	if unmask && !rbac.From(ctx).Has(PermUnmask) {
		return zero, "", httpx.Forbidden("没有查看人员敏感信息的权限")
	}
	l, err := res.s.labels(ctx)
	if err != nil {
		return zero, "", err
	}
	return res.view(row, l, unmask), (*res.record(row)).ident().name, nil
}

// prepare is check, then the business key unique in the table.
func (res *resource[M, R, V, I]) prepare(ctx context.Context, in I, cur *M) (*M, error) {
	l, err := res.s.labels(ctx)
	if err != nil {
		return nil, err
	}
	m, err := res.check(ctx, l, in, cur)
	if err != nil {
		return nil, err
	}
	k := (*m).ident()
	if cur == nil || (*cur).ident().number != k.number {
		n, err := res.s.db.NewSelect().Table(res.table).Where("? = ?", bun.Ident(res.number), k.number).
			Where("id <> ?", k.id).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n > 0 {
			return nil, res.duplicate()
		}
	}
	return m, nil
}

// create adds a record to a unit of the caller's scope.
func (res *resource[M, R, V, I]) create(ctx context.Context, in I) (V, error) {
	var zero V
	m, err := res.prepare(ctx, in, nil)
	if err != nil {
		return zero, err
	}
	if _, err := res.s.db.NewInsert().Model(m).Returning("id").Exec(ctx); err != nil {
		return zero, writeErr(err, res.duplicate())
	}
	v, _, err := res.detail(ctx, (*m).ident().id, false)
	return v, err
}

// inputOf is the body that leaves record id as it is.
func (res *resource[M, R, V, I]) inputOf(ctx context.Context, id int64) (I, error) {
	r, err := res.find(ctx, res.s.db, id)
	if err != nil {
		var zero I
		return zero, err
	}
	return res.input(r), nil
}

// update changes a record of the caller's scope; the row is written only
// if nobody changed it since it was read (409 otherwise).
func (res *resource[M, R, V, I]) update(ctx context.Context, in I) (V, error) {
	var zero V
	cur, err := res.find(ctx, res.s.db, res.idOf(&in))
	if err != nil {
		return zero, err
	}
	m, err := res.prepare(ctx, in, res.record(cur))
	if err != nil {
		return zero, err
	}
	if res.beforeUpdate != nil {
		if err := res.beforeUpdate(cur, m); err != nil {
			return zero, err
		}
	}
	result, err := res.s.db.NewUpdate().Model(m).WherePK().Where("updated_at = ?", (*res.record(cur)).ident().updatedAt).
		ExcludeColumn("id", "created_at").Exec(ctx)
	if err != nil {
		return zero, writeErr(err, res.duplicate())
	}
	if err := oneRow(result, res.what); err != nil {
		return zero, err
	}
	v, _, err := res.detail(ctx, (*m).ident().id, false)
	return v, err
}

// remove deletes records whose ids all lie in the caller's unit scope; one
// missing id deletes nothing.
func (res *resource[M, R, V, I]) remove(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	sc, err := res.s.units.ScopeOf(ctx)
	if err != nil {
		return err
	}
	a := res.alias
	n, err := sc.Apply(res.s.db.NewSelect().TableExpr(res.table+" AS "+a).Where(a+".id IN (?)", bun.In(ids)),
		a+".unit_dept_id").Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if int(n) != len(ids) {
		return res.notFound()
	}
	if res.beforeDelete != nil {
		if err := res.beforeDelete(ctx, ids); err != nil {
			return err
		}
	}
	if _, err := res.s.db.NewDelete().Table(res.table).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		if db.IsForeignKeyViolation(err) {
			return httpx.BadRequest("记录仍被其他数据引用，不能删除")
		}
		return httpx.Internal(err)
	}
	return nil
}
