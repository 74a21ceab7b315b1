package annual

import (
	"github.com/uptrace/bun"

	"zhdj/internal/develop"
)

// probationDecisions are the probations the higher committee decided in
// the reporting period, by the development record's branch: the 填报说明
// counts 预备党员转正 "由负责发展党员和预备党员转正的党组织，依据上级党组织审批
// 情况" — by the committee's approval (RULES.md §2 ㉔, §6), not the
// branch meeting's date nor the probation's end (the member's full_on).
func probationDecisions(idb bun.IDB, c Context) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("(?) AS pd", develop.SelectProbationDecisions(idb, c.From, c.Date)).
		ColumnExpr("pd.org_id, pd.full_approved_on, pd.extensions, pd.extended_on, pd.cancelled_on")
}

func probationColumns() []Column {
	full := "x.full_approved_on IS NOT NULL"
	return []Column{
		{Key: "full", Title: "转为正式党员", Children: []Column{
			{Key: "fullTotal", Title: "合计", When: full},
			{Key: "fullOnTime", Title: "按期转正", When: full + " AND x.extensions = 0"},
			{Key: "fullExtended", Title: "延长预备期后转正", When: full + " AND x.extensions > 0"},
		}},
		{Key: "extended", Title: "延长预备期", When: "x.extended_on IS NOT NULL"},
		{Key: "cancelled", Title: "取消预备党员资格", When: "x.cancelled_on IS NOT NULL"},
	}
}

// ProbationDecisions is 预备党员转正情况 (第十三表): in the period, the
// probationary members made full — 按期转正, or after an extended probation
// (the extension approved in an earlier year or earlier this year) —, the
// probations extended and those cancelled, each counted in the year the
// higher committee decided it: an extension decided this year and the 转正
// after it next year count once in each year's table.
var ProbationDecisions = Table{
	Key: "probation", Title: "预备党员转正情况", Unit: "名", Period: true,
	Note:    "统计年度1月1日至统计日期，按上级党委审批日期计入：延长预备期计入批准延长的年度，其后转正计入批准转正的年度",
	Source:  probationDecisions,
	Columns: func(Context) []Column { return probationColumns() },
	Sums: func(Context) []Sum {
		return []Sum{{Name: "转正合计等于按期转正与延长预备期后转正之和", Total: "fullTotal", Parts: []string{"fullOnTime", "fullExtended"}}}
	},
}
