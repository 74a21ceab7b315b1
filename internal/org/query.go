package org

import (
	"context"

	"github.com/uptrace/bun"
)

// What another module's queries need of the organisation tree without
// naming its table: the name (and code) joined onto their rows, and the
// organisations of some types read once.

// CodeColumn is the organisation's code in a select NameJoin or
// NameLeftJoin extended (a register orders its rows by it).
const CodeColumn = "oz.code"

// NameLeftJoin is NameJoin for a record whose organisation is optional
// (column may be NULL: a school-wide row): org_name is then NULL.
func NameLeftJoin(column string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr(NameColumn+" AS org_name").Join("LEFT JOIN dzz AS oz ON oz.id = ?", bun.Safe(column))
	}
}

// OfTypes reads through idb the organisations of the given types (every
// organisation when none is given), live and revoked, whatever the
// caller's scope, in tree order (path): the committees a plan is set for,
// the branches an import may name.
func (s *Service) OfTypes(ctx context.Context, idb bun.IDB, types ...string) ([]Org, error) {
	var rows []Org
	q := idb.NewSelect().Model(&rows).OrderExpr("z.path, z.id")
	if len(types) > 0 {
		q = q.Where("z.type IN (?)", bun.List(types))
	}
	return rows, q.Scan(ctx)
}
