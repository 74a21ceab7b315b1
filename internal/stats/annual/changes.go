package annual

import (
	"github.com/uptrace/bun"

	"zhdj/internal/member"
)

// The reasons a member counts as an increase or a decrease of an
// organisation (党员数量变化): the column keys of the table.
const (
	inDeveloped   = "inDeveloped"
	inTransferred = "inTransferred"
	inInside      = "inInside"
	inRestored    = "inRestored"

	outDied        = "outDied"
	outLeft        = "outLeft"
	outCancelled   = "outCancelled"
	outSuspended   = "outSuspended"
	outTransferred = "outTransferred"
	outInside      = "outInside"
	outOther       = "outOther"
)

// changesOver are the rows of 党员数量变化 for the period From–Date: one per
// member counted at the period's start (side start, at the organisation
// then) and at its end (side end), one per member counted at an
// organisation at the end but not at its start (side in) and one the
// other way (side out), each with its reason (column reason) read from the
// member's versions:
//   - in: moved from another organisation of the school (校内转入); standing
//     restored (停止党籍 or 出党 at the start: 恢复党籍); joined in the period
//     and not received from elsewhere (发展党员); else received (转入);
//   - out: counted elsewhere at the end (校内转出); dead (去世); 取消预备党员
//     资格 (a probationary member who left); left (出党); standing stopped
//     (停止党籍); transferred out of the school (转出); else (the record
//     deleted, the standing changed by hand): 其他.
//
// 出国（境）暂留 keeps the member's status and relation: no change. The
// table compares the two ends, so a member who left and came back within
// the period is no change, as the counts at the ends are unchanged.
func changesOver(idb bun.IDB, c Context) *bun.SelectQuery {
	start, end := countedOn(idb, c.From.AddDays(-1)), countedOn(idb, c.Date)
	before, after := member.SelectStatesBefore(idb, endOf(c.From.AddDays(-1))), member.SelectStatesBefore(idb, endOf(c.Date))
	sides := idb.NewSelect().TableExpr("(?) AS s", start).ColumnExpr("s.member_id, s.org_id, 'start' AS side, '' AS reason")
	ends := idb.NewSelect().TableExpr("(?) AS e", end).ColumnExpr("e.member_id, e.org_id, 'end' AS side, '' AS reason")
	ins := idb.NewSelect().TableExpr("(?) AS e", end).
		Join("LEFT JOIN (?) AS s ON s.member_id = e.member_id", start).
		Join("LEFT JOIN (?) AS p ON p.member_id = e.member_id", before).
		ColumnExpr("e.member_id, e.org_id, 'in' AS side").
		ColumnExpr(`CASE WHEN s.member_id IS NOT NULL THEN ?
			WHEN p.member_status IN (?) THEN ?
			WHEN e.joined_on >= ? AND COALESCE(e.source, '') <> ? THEN ?
			ELSE ? END AS reason`,
			inInside, bun.List([]string{member.StatusSuspended, member.StatusLeft}), inRestored,
			c.From, member.SourceTransferIn, inDeveloped, inTransferred).
		Where("s.member_id IS NULL OR s.org_id <> e.org_id")
	outs := idb.NewSelect().TableExpr("(?) AS s", start).
		Join("LEFT JOIN (?) AS e ON e.member_id = s.member_id", end).
		Join("LEFT JOIN (?) AS n ON n.member_id = s.member_id", after).
		ColumnExpr("s.member_id, s.org_id, 'out' AS side").
		ColumnExpr(`CASE WHEN e.member_id IS NOT NULL THEN ?
			WHEN n.member_status = ? THEN ?
			WHEN n.member_status = ? AND n.party_status = ? THEN ?
			WHEN n.member_status = ? THEN ?
			WHEN n.member_status = ? THEN ?
			WHEN n.member_status = ? THEN ?
			ELSE ? END AS reason`,
			outInside, member.StatusDeceased, outDied, member.StatusLeft, member.PartyProbation, outCancelled,
			member.StatusLeft, outLeft, member.StatusSuspended, outSuspended, member.StatusTransferredOut, outTransferred, outOther).
		Where("e.member_id IS NULL OR e.org_id <> s.org_id")
	return idb.NewSelect().TableExpr("(? UNION ALL ? UNION ALL ? UNION ALL ?) AS u", sides, ends, ins, outs).ColumnExpr("u.*")
}

// reasonColumns are the columns of side's reasons.
func reasonColumns(side string, reasons ...[2]string) []Column {
	var out []Column
	for _, r := range reasons {
		out = append(out, Column{Key: r[0], Title: r[1], When: "x.side = ? AND x.reason = ?", Args: []any{side, r[0]}})
	}
	return out
}

var (
	inColumns = reasonColumns("in", [2]string{inDeveloped, "发展党员"}, [2]string{inTransferred, "从校外转入"},
		[2]string{inInside, "校内转入"}, [2]string{inRestored, "恢复党籍"})
	outColumns = reasonColumns("out", [2]string{outDied, "死亡"}, [2]string{outLeft, "出党"},
		[2]string{outCancelled, "取消预备党员资格"}, [2]string{outSuspended, "停止党籍"},
		[2]string{outTransferred, "转出到校外"}, [2]string{outInside, "校内转出"}, [2]string{outOther, "其他（记录删除等）"})
)

// MemberChanges is 党员数量变化: the members at the period's start, the
// increase and the decrease by reason, the members at its end.
var MemberChanges = Table{
	Key: "changes", Title: "党员数量变化", Unit: "名", Period: true,
	Note:   "比较报告期初（上年底）与期末的党员记录：期末在而期初不在本组织的计为增加，反之计为减少，按原因分列；出国（境）暂留不计为减少",
	Source: changesOver,
	Columns: func(Context) []Column {
		return []Column{
			{Key: "start", Title: "上年底党员数", When: "x.side = 'start'"},
			{Key: "in", Title: "增加", Children: append([]Column{{Key: "inTotal", Title: "合计", When: "x.side = 'in'"}}, inColumns...)},
			{Key: "out", Title: "减少", Children: append([]Column{{Key: "outTotal", Title: "合计", When: "x.side = 'out'"}}, outColumns...)},
			{Key: "end", Title: "期末党员数", When: "x.side = 'end'"},
		}
	},
	Sums: func(Context) []Sum {
		return []Sum{
			{Name: "增加合计等于各项之和", Total: "inTotal", Parts: leafKeys(inColumns)},
			{Name: "减少合计等于各项之和", Total: "outTotal", Parts: leafKeys(outColumns)},
			{Name: "期末党员数等于上年底党员数加增加减减少", Total: "end", Parts: []string{"start", "inTotal"}, Minus: []string{"outTotal"}},
		}
	},
}
