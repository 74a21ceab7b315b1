package org

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// What every record kept per party organisation (a talk, a meeting, a fee
// payment) needs of the organisation domain: a list filter by subtree and an
// import column naming the organisation. The record's table has an
// organisation id column; its scope is Scope.Apply on that column.

// SubtreeFilter is the list filter "this organisation and those below it"
// over column (an organisation id column written by the caller, e.g.
// "t.org_id"); with more columns, a row matches when one of them lies in the
// subtree (a letter by its sending or its receiving organisation). The
// caller's scope still applies: an organisation outside it or missing
// simply matches nothing of the scope.
func SubtreeFilter(column string, more ...string) httpx.Filter {
	const subtree = "? IN (SELECT stz.id FROM dzz AS stz JOIN dzz AS str ON stz.path LIKE str.path || '%' WHERE str.id = ?)"
	return httpx.Filter{Kind: httpx.Int, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
		if len(more) == 0 {
			return q.Where(subtree, bun.Safe(column), v), nil
		}
		return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			for _, c := range append([]string{column}, more...) {
				g = g.WhereOr(subtree, bun.Safe(c), v)
			}
			return g
		}), nil
	}}
}

// OrgCells resolves the organisation column of an import: a cell names an
// organisation of the caller's scope by its code, or by a name unique among
// them (a live one preferred to revoked ones of the same name).
type OrgCells struct {
	byCode map[string]int64
	byName map[string][]cellOrg
	names  map[int64]string
}

type cellOrg struct {
	ID     int64  `bun:"id"`
	Code   string `bun:"code"`
	Name   string `bun:"name"`
	Status string `bun:"status"`
}

// OrgCells reads the organisations of the caller's scope once, through idb
// (an import's validation runs in its own transaction).
func (s *Service) OrgCells(ctx context.Context, idb bun.IDB) (*OrgCells, error) {
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	var list []cellOrg
	if err := sc.Apply(idb.NewSelect().TableExpr("dzz AS z").Column("z.id", "z.code", "z.name", "z.status"), "z.id").
		Scan(ctx, &list); err != nil {
		return nil, httpx.Internal(err)
	}
	c := &OrgCells{byCode: map[string]int64{}, byName: map[string][]cellOrg{}, names: map[int64]string{}}
	for _, o := range list {
		c.byCode[o.Code], c.names[o.ID] = o.ID, o.Name
		c.byName[o.Name] = append(c.byName[o.Name], o)
	}
	return c, nil
}

// Name is the name of an organisation the cells resolved ("" when unknown).
func (c *OrgCells) Name(id int64) string { return c.names[id] }

// Cell resolves the cell of column key of r into an organisation id, or
// fails the cell (and returns false) when it is empty or names none of the
// scope or more than one.
func (c *OrgCells) Cell(r *imports.Row, key string) (int64, bool) {
	text := r.Cells[key]
	if text == "" {
		r.Fail(key, "请填写党组织")
		return 0, false
	}
	if id, ok := c.byCode[text]; ok {
		return id, true
	}
	list := c.byName[text]
	if len(list) > 1 {
		var live []cellOrg
		for _, o := range list {
			if o.Status == StatusNormal {
				live = append(live, o)
			}
		}
		if len(live) == 1 {
			list = live
		}
	}
	switch len(list) {
	case 1:
		return list[0].ID, true
	case 0:
		r.Fail(key, fmt.Sprintf("找不到党组织「%s」，请填写您管理范围内党组织的编码或名称", text))
	default:
		r.Fail(key, fmt.Sprintf("有 %d 个名为「%s」的党组织，请改填党组织编码", len(list), text))
	}
	return 0, false
}

// Scoped is the caller's scope as a restriction of queries on column (an
// organisation id column written by the caller, e.g. "t.org_id"): the Scope
// of a resource.Resource kept per organisation.
func (s *Service) Scoped(column string) record.Restriction {
	return record.ScopeOn(s.ScopeOf, column)
}

// ScopedJoined is Scoped over column and once more over joined, the id of
// the organisation a select joined on column (e.g. "qz.id" for "m.org_id"):
// the same rows, for a select whose order walks the joined organisations by
// path. PostgreSQL does not carry an IN list across a join: with the scope
// on column alone it walks every organisation of the school for a page of
// a college's records (综合查询 at 200,000 members: 475 ms, with it 6 ms;
// docs/performance.md).
func (s *Service) ScopedJoined(column, joined string) record.Restriction {
	on, again := s.Scoped(column), s.Scoped(joined)
	return func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		a, err := on(ctx)
		if err != nil {
			return nil, err
		}
		b, err := again(ctx) // the request's memo: ScopeOf is read once
		if err != nil {
			return nil, err
		}
		return func(q *bun.SelectQuery) *bun.SelectQuery { return b(a(q)) }, nil
	}
}

// NameColumn is the organisation's name in a select NameJoin extended
// (a list sorts by it).
const NameColumn = "oz.name"

// NameJoin adds the organisation's name (as org_name) to a select of a
// record whose organisation id is column: the Join of a resource kept per
// organisation, whose view has an OrgName field scanning org_name.
func NameJoin(column string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr(NameColumn+" AS org_name").Join("JOIN dzz AS oz ON oz.id = ?", bun.Safe(column))
	}
}

// Owns is nil when organisation id is one the cells read (it exists and
// lies in the caller's scope), else a 400 on field: the check of a record's
// organisation, shared by its form and its import.
func (c *OrgCells) Owns(field string, id int64) error {
	if c.names[id] == "" {
		return httpx.Invalid(field, "所选党组织不存在")
	}
	return nil
}

// Owns is nil when organisation id exists and lies in the caller's scope,
// else a 400 on field: the check of a record's organisation on a form (an
// import reads the scope's organisations once and asks OrgCells.Owns).
func (s *Service) Owns(ctx context.Context, field string, id int64) error {
	ok, err := s.InScope(ctx, id)
	if err != nil {
		return httpx.Internal(err)
	}
	if !ok {
		return httpx.Invalid(field, "所选党组织不存在")
	}
	return nil
}

// SampleCode is the code of the first live organisation of the caller's
// scope (of one of types, when given), in tree order: what a template's
// sample row names; "" when the scope has none.
func (s *Service) SampleCode(ctx context.Context, idb bun.IDB, types ...string) (string, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return "", err
	}
	q := idb.NewSelect().TableExpr("dzz AS z").Column("z.code").Where("z.status = ?", StatusNormal).OrderExpr("z.path").Limit(1)
	if len(types) > 0 {
		q = q.Where("z.type IN (?)", bun.In(types))
	}
	var codes []string
	if err := scope.Apply(q, "z.id").Scan(ctx, &codes); err != nil || len(codes) == 0 {
		return "", err
	}
	return codes[0], nil
}
