package org

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// SelectLeaderIDs is a sub-query through idb of the member ids (column
// member_id) who are the secretary (secretary_member_id) or a committee
// member (committee_member_ids, a JSON array) of a live organisation: the
// members RULES.md §4 holds to 56 class hours a year instead of 32. Another
// domain tests a member against it in SQL (m.id IN (?)); an id may appear
// twice.
func SelectLeaderIDs(idb bun.IDB) *bun.SelectQuery {
	// The committee's ids are a JSON array in a TEXT column: each store
	// unnests it its own way.
	committee := bun.Safe("dzz AS lz, json_each(lz.committee_member_ids) AS lj")
	if db.IsPostgres(idb) {
		committee = bun.Safe("dzz AS lz CROSS JOIN LATERAL jsonb_array_elements_text(lz.committee_member_ids::jsonb) AS lj(value)")
	}
	return idb.NewSelect().TableExpr(`(SELECT ls.secretary_member_id AS member_id FROM dzz AS ls
			WHERE ls.status = ? AND ls.secretary_member_id IS NOT NULL
		UNION ALL SELECT CAST(lj.value AS BIGINT) AS member_id FROM ? WHERE lz.status = ?) AS lead`,
		StatusNormal, committee, StatusNormal).Column("lead.member_id")
}

// Level is a level of the tree a report groups organisations' records by.
type Level int

const (
	// LevelBranch is the branches (党支部, 直属党支部): a party group's
	// records count to its branch.
	LevelBranch Level = iota + 1
	// LevelSecond is the organisations right below a root 党委 (二级党委,
	// and the 党总支 and 直属党支部 kept there): the university's report
	// has a row for each.
	LevelSecond
)

// SelectAncestry is a sub-query through idb mapping each organisation
// (column org_id) to the live organisation of level that is it or above it
// (top_id, top_name, top_sort, top_path): a report joins its records'
// organisation to it (JOIN (?) AS a ON a.org_id = …) and groups by top_id,
// in one query. An organisation under no such one has no row.
//
// It walks down from the organisations of level through pid (a recursive
// query, each step an index lookup of the children), not by matching every
// organisation's path against every candidate's (ad.path LIKE aa.path || '%',
// which no index serves): that pairing costs organisations × candidates
// comparisons, and a report joining its records to it paid it per record —
// at 20,000 members the 党内统计 table by branch took 28 s on SQLite
// (docs/performance.md, issue 30). The pairs are the same: a path is its
// parent's path and its own id.
func SelectAncestry(idb bun.IDB, level Level) *bun.SelectQuery {
	tops := idb.NewSelect().TableExpr("dzz AS aa").
		ColumnExpr("aa.id AS org_id, aa.id AS top_id, aa.name AS top_name, aa.sort AS top_sort, aa.path AS top_path").
		Where("aa.status = ?", StatusNormal)
	if level == LevelBranch {
		tops = tops.Where("aa.type IN (?)", bun.List([]string{TypeBranch, TypeDirectBranch}))
	} else {
		tops = tops.Where("aa.pid IN (SELECT ar.id FROM dzz AS ar WHERE ar.pid IS NULL)")
	}
	below := idb.NewSelect().TableExpr("dzz AS ad").Join("JOIN org_ancestry AS an ON ad.pid = an.org_id").
		ColumnExpr("ad.id, an.top_id, an.top_name, an.top_sort, an.top_path")
	return idb.NewSelect().WithRecursive("org_ancestry", tops.UnionAll(below)).TableExpr("org_ancestry").
		ColumnExpr("org_ancestry.org_id, org_ancestry.top_id, org_ancestry.top_name, org_ancestry.top_sort, org_ancestry.top_path")
}

// SelectLevel is a sub-query through idb of the live organisations of
// level (top_id, top_name, top_sort, top_path, as SelectAncestry names
// them): the rows of a report, those without records included.
func SelectLevel(idb bun.IDB, level Level) *bun.SelectQuery {
	q := idb.NewSelect().TableExpr("dzz AS la").
		ColumnExpr("la.id AS top_id, la.name AS top_name, la.sort AS top_sort, la.path AS top_path").
		Where("la.status = ?", StatusNormal)
	if level == LevelBranch {
		return q.Where("la.type IN (?)", bun.List([]string{TypeBranch, TypeDirectBranch}))
	}
	return q.Where("la.pid IN (SELECT lr.id FROM dzz AS lr WHERE lr.pid IS NULL)")
}
