package org

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/flow"
	"zhdj/internal/system"
)

// What a workflow (platform/flow) asks of the organisation domain: the
// organisations above a record's, who may act for one of them, the caller's
// scope and the names of the types its chains are written in.

// Lineage is organisation id and those above it, itself first, whatever the
// caller's scope (a chain names organisations the caller may not see);
// none when id does not exist.
func (s *Service) Lineage(ctx context.Context, idb bun.IDB, id int64) ([]flow.Org, error) {
	var path string
	err := idb.NewSelect().Model((*Org)(nil)).Column("path").Where("id = ?", id).Scan(ctx, &path)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	ids := pathIDs(path)
	var rows []Org
	if err := idb.NewSelect().Model(&rows).Column("id", "type", "name").Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, err
	}
	byID := make(map[int64]Org, len(rows))
	for _, o := range rows {
		byID[o.ID] = o
	}
	out := make([]flow.Org, 0, len(ids))
	for i := len(ids) - 1; i >= 0; i-- {
		if o, ok := byID[ids[i]]; ok {
			out = append(out, flow.Org{ID: o.ID, Type: o.Type, Name: o.Name})
		}
	}
	return out, nil
}

// Actors are the enabled accounts that hold perm through one of their roles
// and whose organisation scope (ScopeOf, read the other way round) covers
// organisation orgID: a role of scope ALL (or holding admin), LEVEL anchored
// at orgID, LEVEL_AND_BELOW anchored at orgID or above it, or CUSTOM with
// orgID or an organisation above it among the role's. One query, whatever
// the number of accounts. The super administrator's account is left out
// unless one of its roles grants perm: it may act everywhere, but every
// to-do of every record is not its work.
func (s *Service) Actors(ctx context.Context, idb bun.IDB, perm string, orgID int64) ([]flow.Person, error) {
	lineage, err := s.Lineage(ctx, idb, orgID)
	if err != nil || len(lineage) == 0 {
		return nil, err
	}
	above := make([]int64, len(lineage))
	for i, o := range lineage {
		above[i] = o.ID
	}
	holds := func(perm string) *bun.SelectQuery {
		return idb.NewSelect().TableExpr("sys_role_menu AS arm").ColumnExpr("1").
			Join("JOIN sys_menu AS am ON am.id = arm.menu_id").Where("arm.role_id = r.id").Where("am.permission = ?", perm)
	}
	covers := idb.NewSelect().TableExpr("sys_user_role AS ur").ColumnExpr("1").
		Join("JOIN sys_role AS r ON r.id = ur.role_id").Where("ur.user_id = u.id").
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("u.is_admin = ?", true).
				WhereOr("r.data_scope = ?", system.ScopeAll).
				WhereOr("EXISTS (?)", holds("admin")).
				WhereOr("r.data_scope = ? AND u.org_id = ?", system.ScopeLevel, orgID).
				WhereOr("r.data_scope = ? AND u.org_id IN (?)", system.ScopeLevelAndBelow, bun.In(above)).
				WhereOr("r.data_scope = ? AND EXISTS (SELECT 1 FROM dzz_role_scope AS rs WHERE rs.role_id = r.id AND rs.dzz_id IN (?))",
					system.ScopeCustom, bun.In(above))
		})
	granted := idb.NewSelect().TableExpr("sys_user_role AS gr").ColumnExpr("1").
		Join("JOIN sys_role AS r ON r.id = gr.role_id").Where("gr.user_id = u.id").Where("EXISTS (?)", holds(perm))
	var out []flow.Person
	err = idb.NewSelect().TableExpr("sys_user AS u").ColumnExpr("u.id, u.nick_name AS name").
		Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		Where("EXISTS (?)", granted).Where("EXISTS (?)", covers).OrderExpr("u.id").Scan(ctx, &out)
	return out, err
}

// TypeLabels names the organisation types (dictionary DZZ_LX, the built-in
// names for a type the dictionary lacks).
func (s *Service) TypeLabels(ctx context.Context) (map[string]string, error) {
	opts, err := s.sys.DictOptions(ctx, []string{DictType})
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(typeNames))
	for t, name := range typeNames {
		out[t] = name
	}
	for _, o := range opts[DictType] {
		out[o.Value] = o.Label
	}
	return out, nil
}

// Workflows resolve their chains and actors through the organisation domain.
var _ flow.Orgs = (*Service)(nil)
