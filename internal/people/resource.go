package people

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// perms are the permissions of the people resources' routes; their exports
// need only the list's.
var perms = resource.Perms{List: PermList, Add: PermAdd, Edit: PermEdit, Del: PermDel, Export: PermList}

// declare is a people resource (students, teachers, classes) on the
// platform's kit with what the three share: the rows of the caller's unit
// scope with their unit's name (d.name AS unit_name; joins adds the
// rest), the dictionary labels, the business key unique in the table, the
// constraint a write broke named, the clock and the access log. M is the
// stored record, R the row read with the names shown beside it, I the
// body, V the API view.
func declare[M stored, R, I, V any](s *Service, k kind, res resource.Viewed[M, R, I, V],
	joins func(q *bun.SelectQuery) *bun.SelectQuery,
	check func(ctx context.Context, l system.DictLabels, in I, cur *M) (*M, error)) *resource.Viewed[M, R, I, V] {
	res.DB, res.Noun, res.Access = s.db, k.what, s.sys.LogAccess
	res.Now = func() time.Time { return s.now() }
	res.Scope = s.scoped(k)
	res.Join = func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.ColumnExpr("d.name AS unit_name").Join("JOIN sys_dept AS d ON d.id = " + k.alias + ".unit_dept_id")
		if joins != nil {
			q = joins(q)
		}
		return q
	}
	res.Labels = func(ctx context.Context) (audit.Labeller, error) {
		l, err := s.labels(ctx)
		return l.Label, err
	}
	res.Check = func(ctx context.Context, in I, cur *R) (M, error) {
		var zero M
		l, err := s.labels(ctx)
		if err != nil {
			return zero, err
		}
		var curM *M
		if cur != nil {
			curM = res.Record(cur)
		}
		m, err := check(ctx, l, in, curM)
		if err != nil {
			return zero, err
		}
		return *m, unique(ctx, s.db, k, *m, curM)
	}
	res.WriteError = func(err error, _ *M) error { return writeErr(err, k.duplicate()) }
	res.Name = func(r *R) string { return (*res.Record(r)).ident().name }
	res.Export.Title = k.what + "信息"
	return &res
}

// unique refuses a business key another record of the table holds (409
// naming the field); an unchanged key is not read again.
func unique[M stored](ctx context.Context, idb bun.IDB, k kind, m M, cur *M) error {
	key := m.ident()
	if cur != nil && (*cur).ident().number == key.number {
		return nil
	}
	n, err := idb.NewSelect().Table(k.table).Where("? = ?", bun.Ident(k.number), key.number).Where("id <> ?", key.id).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return k.duplicate()
	}
	return nil
}

// unmask allows a student's or teacher's personal fields in clear; checked
// after the scope so that an id outside it stays a 404.
func unmask(ctx context.Context) error {
	if !rbac.From(ctx).Has(PermUnmask) {
		return httpx.Forbidden("没有查看人员敏感信息的权限")
	}
	return nil
}

// dropDerived: a new ID number brings its own birth date and gender, so
// the stored ones must not contradict it unless they are sent too.
func dropDerived(in *PersonInput, sent map[string]json.RawMessage) {
	if _, ok := sent["idNumber"]; !ok {
		return
	}
	if _, ok := sent["birthDate"]; !ok {
		in.BirthDate = ""
	}
	if _, ok := sent["gender"]; !ok {
		in.Gender = ""
	}
}
