package org

import (
	"context"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/uniq"
)

// What a roll-up by committee needs of the tree: the committee an
// organisation counts under, as SQL over another module's organisation id
// column, and, for records that freeze where their organisation stood (a
// month's dues), the path and the committee read for a set of ids at once.

// CommitteeOf is SQL for the id of the highest organisation of one of
// types on the path of the organisation whose id is column (written by the
// caller, e.g. "mv.org_id"; the organisation itself included), NULL when
// none is: the committee a record of that organisation counts under. The
// containment rules allow one 二级党委 on a path, so for it alone highest
// and nearest are the same; 转接统计 counts a 党总支 or 直属党支部 under the
// 党委 as a committee of its own too. Use it as a column or in a condition:
//
//	q.ColumnExpr("? AS committee", org.CommitteeOf("t.org_id", org.TypeSecondaryCommittee))
func CommitteeOf(column string, types ...string) schema.QueryWithArgs {
	return bun.SafeQuery(`(SELECT cmt.id FROM dzz AS cmt JOIN dzz AS cmo ON cmo.path LIKE cmt.path || '%'
		WHERE cmo.id = ? AND cmt.type IN (?) ORDER BY LENGTH(cmt.path), cmt.id LIMIT 1)`, bun.Safe(column), bun.List(types))
}

// RootOf is SQL for the id of the root organisation (the 党委 at the top of
// the tree) whose subtree holds the materialised path in pathColumn (a
// path a record froze, e.g. "d.org_path"), NULL when none does.
func RootOf(pathColumn string) schema.QueryWithArgs {
	return bun.SafeQuery("(SELECT rt.id FROM dzz AS rt WHERE rt.pid IS NULL AND ? LIKE rt.path || '%')", bun.Safe(pathColumn))
}

// PathChild is SQL for the id, as text, of the organisation directly below
// the one whose materialised path is prefix that the path in pathColumn
// passes through (a path under prefix, e.g. one a record froze): "/1/5/23/"
// below "/1/" gives "5", prefix itself "". idb tells the dialect.
func PathChild(idb bun.IDB, prefix, pathColumn string) schema.QueryWithArgs {
	pos := "instr"
	if db.IsPostgres(idb) {
		pos = "strpos"
	}
	n, col := len(prefix)+1, bun.Safe(pathColumn)
	return bun.SafeQuery("CASE WHEN ? = ? THEN '' ELSE substr(?, ?, "+pos+"(substr(?, ?), '/') - 1) END", col, prefix, col, n, col, n)
}

// Placement is where an organisation stands in the tree: its materialised
// path and its 二级党委 (CommitteeOf with TypeSecondaryCommittee; nil
// directly under the 党委).
type Placement struct {
	Path      string `bun:"path"`
	Committee *int64 `bun:"committee"`
}

// Placements reads through idb the placement of each of ids (those that
// exist) in one query, whatever the caller's scope: what a record frozen
// in its organisation keeps of it (a month's dues, rolled up by path and
// by 二级党委).
func (s *Service) Placements(ctx context.Context, idb bun.IDB, ids []int64) (map[int64]Placement, error) {
	ids = uniq.Of(ids)
	out := make(map[int64]Placement, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID int64 `bun:"id"`
		Placement
	}
	if err := idb.NewSelect().TableExpr("dzz AS z").Column("z.id", "z.path").
		ColumnExpr("? AS committee", CommitteeOf("z.id", TypeSecondaryCommittee)).
		Where("z.id IN (?)", bun.List(ids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Placement
	}
	return out, nil
}
