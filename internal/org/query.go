package org

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// What another module's queries need of the organisation tree without
// naming its table: the name (and code) joined onto their rows, and the
// organisations of some types read once.

// CodeColumn is the organisation's code in a select NameJoin or
// NameLeftJoin extended (a register orders its rows by it).
const CodeColumn = "oz.code"

// IDColumn is the organisation's id in a select NameJoin or NameLeftJoin
// extended (ScopedJoined's second column).
const IDColumn = "oz.id"

// PathColumn is the organisation's materialised path in a select NameJoin
// or NameLeftJoin extended (lines in the tree's order sort by it).
const PathColumn = "oz.path"

// NameLeftJoin is NameJoin for a record whose organisation is optional
// (column may be NULL: a school-wide row): org_name is then NULL.
func NameLeftJoin(column string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr(NameColumn+" AS org_name").Join("LEFT JOIN dzz AS oz ON oz.id = ?", bun.Safe(column))
	}
}

// NameLeftJoinAs is NameLeftJoin for a record's second organisation (a
// transfer's receiving branch): its name comes as as, through a join of
// alias, so it sits beside NameJoin's.
func NameLeftJoinAs(column, alias, as string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("?.name AS ?", bun.Ident(alias), bun.Ident(as)).
			Join("LEFT JOIN dzz AS ? ON ?.id = ?", bun.Ident(alias), bun.Ident(alias), bun.Safe(column))
	}
}

// SelectLiveNamed selects through idb the live organisations of the given
// types in the whole school whose name contains text (any when text is
// empty), in tree order, as id, name and parent_name (the parent's name,
// "" for a root): a picker of organisations outside the caller's scope that
// shows only names (the receiving branch of a transfer inside the school).
// The caller adds its limit and scans.
func SelectLiveNamed(idb bun.IDB, text string, types ...string) *bun.SelectQuery {
	q := idb.NewSelect().TableExpr("dzz AS z").ColumnExpr("z.id, z.name, COALESCE(p.name, '') AS parent_name").
		Join("LEFT JOIN dzz AS p ON p.id = z.pid").Where("z.status = ?", StatusNormal).
		Where("z.type IN (?)", bun.List(types)).OrderExpr("z.path")
	if text != "" {
		q = q.Where("z.name LIKE ? ESCAPE '\\'", "%"+httpx.EscapeLike(text)+"%")
	}
	return q
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

// LiveRoot is the school's party committee: the first live 党委 without a
// parent (by path), or nil when there is none. Modules whose records are
// the school's rather than an organisation's (a cadre selection, the
// demo's courses) anchor them there.
func (s *Service) LiveRoot(ctx context.Context, idb bun.IDB) (*Org, error) {
	o := new(Org)
	err := idb.NewSelect().Model(o).Where("z.type = ?", TypeCommittee).Where("z.pid IS NULL").
		Where("z.status = ?", StatusNormal).OrderExpr("z.path, z.id").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return o, nil
}
