package secreview

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// resultSheet is the results' workbook: one line per secretary.
var resultSheet = report.Sheet[ReportView]{Name: "述职评议结果", Columns: []report.Column[ReportView]{
	{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *ReportView) any { return n }},
	{Title: "党组织", Width: 30, Lead: true, Cell: func(_ int, v *ReportView) any { return v.OrgName }},
	{Title: "书记", Width: 12, Cell: func(_ int, v *ReportView) any { return secretaryText(v) }},
	{Title: "状态", Width: 10, Cell: func(_ int, v *ReportView) any { return stateText(v) }},
	{Title: "提交时间", Width: 18, Cell: func(_ int, v *ReportView) any { return clock(v.SubmittedAt) }},
	{Title: "逾期", Width: 8, Cell: func(_ int, v *ReportView) any { return yes(v.Late) }},
	{Title: "评定等次", Width: 10, Cell: func(_ int, v *ReportView) any { return GradeNames[v.Grade] }},
	{Title: "点评意见", Width: 40, Cell: func(_ int, v *ReportView) any { return v.Comment }},
	{Title: "评定人", Width: 12, Cell: func(_ int, v *ReportView) any { return v.Reviewer }},
	{Title: "评定时间", Width: 18, Cell: func(_ int, v *ReportView) any { return clock(v.ReviewedAt) }},
}}

// secretaryText is the secretary as the results show them: 书记空缺 when
// none is chosen, the name with 未关联党员 when typed by hand.
func secretaryText(v *ReportView) string {
	switch {
	case v.Vacant && v.SecretaryName == "":
		return "书记空缺"
	case v.Vacant:
		return v.SecretaryName + "（未关联党员）"
	}
	return v.SecretaryName
}

// stateText is a report's state, 书记空缺 for a vacancy.
func stateText(v *ReportView) string {
	if v.Vacant {
		return "书记空缺"
	}
	return StateNames[v.State]
}

func yes(b bool) string {
	if b {
		return "是"
	}
	return ""
}

// exportReports sends round id's results the caller sees (the list's
// filters) as a workbook, the grade distribution below them.
func (s *Service) exportReports(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	c, err := s.who(ctx)
	if err != nil {
		return err
	}
	round, err := s.roundView(ctx, c, id)
	if err != nil {
		return err
	}
	q, err := reportSpec.Query(c.reportsVisible(reportsQuery(s.db).Where("p.round_id = ?", id)), lq)
	if err != nil {
		return err
	}
	var rows []ReportView
	if err := q.Limit(maxExportRows).Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	grades, err := s.distribution(ctx, c, id)
	if err != nil {
		return err
	}
	sheet := resultSheet
	sheet.Title = fmt.Sprintf("%s（截止日期：%s）", round.Title, round.DueOn)
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	for i := range rows {
		if err := out.Row(&rows[i]); err != nil {
			return err
		}
	}
	if err := out.Line(); err != nil {
		return err
	}
	if err := out.Line("等次分布"); err != nil {
		return err
	}
	for _, g := range grades {
		if err := out.Line(g.Name, g.Count); err != nil {
			return err
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s结果（%d条）", round.Title, len(rows)))
	return out.Send(w, round.Title+"结果.xlsx")
}

// maxExportRows bounds an export: far above the branches of a university.
const maxExportRows = 20000
