package annual

import (
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
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
	startDay := c.From.AddDays(-1)
	start, end := endOf(startDay), endOf(c.Date)
	atStart, startArgs := member.StateValidBefore(idb, start)
	atEnd, endArgs := member.StateValidBefore(idb, end)
	countedStart, csArgs := countedWhen(idb, startDay)
	countedEnd, ceArgs := countedWhen(idb, c.Date)
	// The ends are counted per organisation in SQL (a row per organisation
	// and end, weighted by n), not a row per member. Two passes, not one
	// with a FILTER per end: each is a plain filtered scan, and on SQLite
	// the split by organisation (passes) reaches into each (not into a
	// common table expression read twice).
	ends := func(day date.Date, side string) *bun.SelectQuery {
		return Counted(member.SelectStatesBefore(idb, endOf(day)), day).
			ColumnExpr("st.org_id, ? AS side, '' AS reason, COUNT(*) AS n", side).GroupExpr("st.org_id")
	}
	// Only a member with a version begun or ended in the period, or joined
	// in it, can be counted differently at its two ends (at another
	// organisation, or at one end only): a changed member.
	changed, changedArgs := member.StateChangedBetween(idb, start, end)
	joined := db.Uncoerced(idb, "st.joined_on")
	candidates := member.SelectMembersWithState(idb, "("+changed+" OR ("+joined+" > ? AND "+joined+" <= ?))", append(changedArgs, startDay, c.Date)...)
	// A row per changed member: the organisation counted at each end (NULL:
	// not counted there) and what the record said at each end. A member has
	// at most one version valid at an instant, so MAX picks it.
	per := member.SelectStatesBeforeEither(idb, start, end).
		Where("st.member_id IN (?)", candidates).
		ColumnExpr("st.member_id").
		ColumnExpr("MAX(CASE WHEN "+atStart+" AND "+countedStart+" THEN st.org_id END) AS s_org", slices.Concat(startArgs, csArgs)...).
		ColumnExpr("MAX(CASE WHEN "+atEnd+" AND "+countedEnd+" THEN st.org_id END) AS e_org", slices.Concat(endArgs, ceArgs)...).
		ColumnExpr("MAX(CASE WHEN "+atStart+" THEN st.member_status END) AS p_status", startArgs...).
		ColumnExpr("MAX(CASE WHEN "+atEnd+" THEN st.member_status END) AS n_status", endArgs...).
		ColumnExpr("MAX(CASE WHEN "+atEnd+" THEN st.party_status END) AS n_party", endArgs...).
		ColumnExpr("MAX(CASE WHEN "+atEnd+" THEN st.joined_on END) AS e_joined", endArgs...).
		ColumnExpr("MAX(CASE WHEN "+atEnd+" THEN COALESCE(st.source, '') END) AS e_source", endArgs...).
		GroupExpr("st.member_id")
	ins := idb.NewSelect().TableExpr("m").
		ColumnExpr("m.e_org AS org_id, 'in' AS side").
		ColumnExpr(`CASE WHEN m.s_org IS NOT NULL THEN ?
			WHEN m.p_status IN (?) THEN ?
			WHEN m.e_joined >= ? AND m.e_source <> ? THEN ?
			ELSE ? END AS reason`,
			inInside, bun.List([]string{member.StatusSuspended, member.StatusLeft}), inRestored,
			c.From, member.SourceTransferIn, inDeveloped, inTransferred).
		ColumnExpr("1 AS n").
		Where("m.e_org IS NOT NULL").Where("(m.s_org IS NULL OR m.s_org <> m.e_org)")
	outs := idb.NewSelect().TableExpr("m").
		ColumnExpr("m.s_org AS org_id, 'out' AS side").
		ColumnExpr(`CASE WHEN m.e_org IS NOT NULL THEN ?
			WHEN m.n_status = ? THEN ?
			WHEN m.n_status = ? AND m.n_party = ? THEN ?
			WHEN m.n_status = ? THEN ?
			WHEN m.n_status = ? THEN ?
			WHEN m.n_status = ? THEN ?
			ELSE ? END AS reason`,
			outInside, member.StatusDeceased, outDied, member.StatusLeft, member.PartyProbation, outCancelled,
			member.StatusLeft, outLeft, member.StatusSuspended, outSuspended, member.StatusTransferredOut, outTransferred, outOther).
		ColumnExpr("1 AS n").
		Where("m.s_org IS NOT NULL").Where("(m.e_org IS NULL OR m.e_org <> m.s_org)")
	return idb.NewSelect().With("m", per).
		TableExpr("(? UNION ALL ? UNION ALL ? UNION ALL ?) AS u", ends(startDay, "start"), ends(c.Date, "end"), ins, outs).ColumnExpr("u.*")
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
	Weight: "n",
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
