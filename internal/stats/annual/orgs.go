package annual

import (
	"github.com/uptrace/bun"

	"zhdj/internal/org"
)

// BranchCategories group the branch categories (党组织类别, dictionary
// DZZ_LB) as the table counts the branches: 教职工 (教工, 机关), 学生,
// 离退休, and the rest (联合, 临时, 研究生导师纵向, 师生联合, none recorded).
var BranchCategories = []struct {
	Key, Title string
	Codes      []string
}{
	{"branchStaff", "教职工党支部", []string{"1", "4"}},
	{"branchStudent", "学生党支部", []string{"2"}},
	{"branchRetired", "离退休党支部", []string{"3"}},
}

var branchTypes = []string{org.TypeBranch, org.TypeDirectBranch}

func branchColumns() []Column {
	var cols []Column
	var known []string
	for _, g := range BranchCategories {
		cols = append(cols, Column{Key: g.Key, Title: g.Title, When: "x.type IN (?) AND x.category IN (?)",
			Args: []any{bun.List(branchTypes), bun.List(g.Codes)}})
		known = append(known, g.Codes...)
	}
	return append(cols, Column{Key: "branchOther", Title: "其他党支部（联合、临时等及类别未填）",
		When: "x.type IN (?) AND (x.category IS NULL OR x.category NOT IN (?))", Args: []any{bun.List(branchTypes), bun.List(known)}})
}

// orgsAt are the organisations that stood at the end of the reporting date
// (org.SelectOn: founded by then, not revoked by then).
func orgsAt(idb bun.IDB, c Context) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("(?) AS o", org.SelectOn(idb, c.Date)).ColumnExpr("o.*")
}

// grassRoots are the types counted as 基层党组织: every organisation but the party group.
var grassRoots = []string{org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch}

// OrgBasics is 党组织基本情况: the grass-roots organisations by type, the
// branches by category, the committees whose term ended without an
// election by the reporting date, and the party groups.
var OrgBasics = Table{
	Key: "orgs", Title: "党组织基本情况", Unit: "个",
	Note:   "按统计日期当日已成立、未撤销的党组织计算（成立日期、撤销日期），党组织的隶属关系按现在的组织树",
	Source: orgsAt,
	Columns: func(c Context) []Column {
		return []Column{
			{Key: "total", Title: "基层党组织总数", When: "x.type IN (?)", Args: []any{bun.List(grassRoots)}},
			{Key: "committees", Title: "党委", Children: []Column{
				{Key: "school", Title: "学校党委", When: "x.type = ?", Args: []any{org.TypeCommittee}},
				{Key: "second", Title: "院系级党委", When: "x.type = ?", Args: []any{org.TypeSecondaryCommittee}},
			}},
			{Key: "general", Title: "党总支", When: "x.type = ?", Args: []any{org.TypeGeneralBranch}},
			{Key: "branches", Title: "党支部", Children: append([]Column{
				{Key: "branch", Title: "合计", When: "x.type IN (?)", Args: []any{bun.List(branchTypes)}},
				{Key: "direct", Title: "其中直属党支部", When: "x.type = ?", Args: []any{org.TypeDirectBranch}},
			}, branchColumns()...)},
			{Key: "of", Title: "其中", Children: []Column{
				{Key: "termDue", Title: "任期届满未换届", When: "x.type IN (?) AND x.term_end IS NOT NULL AND x.term_end < ?",
					Args: []any{bun.List(grassRoots), c.Date}},
			}},
			{Key: "group", Title: "党小组", When: "x.type = ?", Args: []any{org.TypeGroup}},
		}
	},
	Sums: func(Context) []Sum {
		return []Sum{
			{Name: "基层党组织总数等于党委、党总支、党支部之和", Total: "total", Parts: []string{"school", "second", "general", "branch"}},
			{Name: "党支部合计等于各类别之和", Total: "branch", Parts: leafKeys(branchColumns())},
		}
	},
	// The organisations above the lines: the school's committee above the
	// 二级党委; every committee and general branch above the branches.
	Own: func(level org.Level) (string, []any) {
		if level == org.LevelBranch {
			return "x.type IN (?)", []any{bun.List([]string{org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeGeneralBranch})}
		}
		return "x.type = ?", []any{org.TypeCommittee}
	},
}
