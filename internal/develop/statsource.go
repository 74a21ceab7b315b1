package develop

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// The development records as 党内统计 (internal/stats/annual) counts them:
// sub-queries through idb of the whole store, each with the record's
// branch as org_id (the organisation that develops the person and decides
// the probation, 填报说明: "由负责发展党员和预备党员转正的党组织，依据上级党组织
// 审批情况进行统计"). The statistics add their scope and subtree filters.
// Dates are the decisive steps' own dates (办理日期), so a table of a past
// date does not change with what is recorded later on other records' steps.

// SelectProbationDecisions is the probations decided by the higher
// committee from from to to (both included), one row per record (alias
// pd), columns:
//   - org_id: the record's branch;
//   - full_approved_on: the date ㉔ approved the 转正 (the step's date; the
//     record's full_on is the probation's end, the 党龄's start), or NULL
//     when not made full in the period;
//   - extensions: the extensions approved (0 or 1): a 转正 with one is
//     延长预备期后转正;
//   - extended_on: the date ㉔ approved the extension (延长预备期), or NULL
//     when not extended in the period;
//   - cancelled_on: the date the record ended with a member made (取消预备
//     党员资格: ㉔ 不通过 of the meeting's decision to cancel, or another
//     不通过 after ⑰ — the day it was recorded, rejections carry no form
//     date), or NULL when not cancelled in the period.
//
// A record appears when one of the three falls in the period.
func SelectProbationDecisions(idb bun.IDB, from, to date.Date) *bun.SelectQuery {
	in := func(col string) string { return "(" + col + " >= ? AND " + col + " <= ?)" }
	// A full record's ㉔ row is its 转正's: ㉔ is never done again once full.
	full := "CASE WHEN pr.stage = ? AND " + in("ps.done_on") + " THEN ps.done_on END"
	ext := "CASE WHEN " + in("pr.extended_on") + " THEN pr.extended_on END"
	cancel := "CASE WHEN pr.stage = ? AND pr.member_id IS NOT NULL AND " + in("pr.ended_on") + " THEN pr.ended_on END"
	return idb.NewSelect().TableExpr("dev_record AS pr").
		Join("LEFT JOIN dev_step AS ps ON ps.record_id = pr.id AND ps.step = ?", StepFullApproval).
		ColumnExpr("pr.org_id").
		ColumnExpr(full+" AS full_approved_on", StageFull, from, to).
		ColumnExpr("pr.extensions").
		ColumnExpr(ext+" AS extended_on", from, to).
		ColumnExpr(cancel+" AS cancelled_on", StageEnded, from, to).
		Where("((pr.stage = ? AND "+in("ps.done_on")+") OR "+in("pr.extended_on")+
			" OR (pr.stage = ? AND pr.member_id IS NOT NULL AND "+in("pr.ended_on")+"))",
			StageFull, from, to, from, to, StageEnded, from, to)
}

// SelectDeveloped is the people developed from from to to (both
// included): the records whose ⑰ 上级党委审批 (接收预备党员) is dated in the
// period and made a member (RULES.md §6: new members by the date the
// higher committee approved), whatever became of them since (a probation
// cancelled later was still developed that year). One row per record
// (alias dv), columns: org_id (the branch), member_id (the member record
// made at ⑰: its versions hold ethnicity, education and person
// category), person_kind ("student" | "teacher"), gender and birth_date
// (the registry's, copied when the record was made), approved_on.
func SelectDeveloped(idb bun.IDB, from, to date.Date) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dev_record AS dv").
		ColumnExpr("dv.org_id, dv.member_id, dv.person_kind, dv.gender, dv.birth_date, dv.approved_on").
		Where("dv.member_id IS NOT NULL").
		Where("dv.approved_on >= ?", from).Where("dv.approved_on <= ?", to)
}

// SelectPipeline is the people in development on day (入党申请人, 入党积极
// 分子, 发展对象), one row per record (alias pl): applied by day, not yet
// approved as a probationary member (⑰) by day — a record past ⑰ without
// its date (kept before the steps were) counts as approved —, not ended by
// day.
// Columns: org_id, person_kind, gender, applied_on, activist_on and
// target_on (each NULL, or after day, when the step was not done by day:
// the table compares them with day).
func SelectPipeline(idb bun.IDB, day date.Date) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dev_record AS pl").
		ColumnExpr("pl.org_id, pl.person_kind, pl.gender, pl.applied_on, pl.activist_on, pl.target_on").
		Where("pl.applied_on <= ?", day).
		Where("(pl.approved_on > ? OR (pl.approved_on IS NULL AND pl.stage IN (?)))", day,
			bun.List([]string{StageApplicant, StageActivist, StageTarget, StageEnded})).
		Where("(pl.ended_on IS NULL OR pl.ended_on > ?)", day)
}
