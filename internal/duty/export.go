package duty

import (
	"fmt"
	"net/http"
	"time"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// maxExportRows bounds an export (a school's members).
const maxExportRows = MaxObligated

// clock is a time as people read it in China ("" for none).
func clock(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(date.China).Format("2006-01-02 15:04")
}

func yes(b bool) string {
	if b {
		return "是"
	}
	return ""
}

var reportSheet = report.Sheet[ReportView]{Name: "报告情况", Columns: []report.Column[ReportView]{
	{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *ReportView) any { return n }},
	{Title: "党组织", Width: 30, Lead: true, Cell: func(_ int, v *ReportView) any { return v.OrgName }},
	{Title: "报送人/单位", Width: 20, Cell: func(_ int, v *ReportView) any { return v.Name }},
	{Title: "状态", Width: 10, Cell: func(_ int, v *ReportView) any { return StateNames[v.State] }},
	{Title: "提交时间", Width: 18, Cell: func(_ int, v *ReportView) any { return clock(v.SubmittedAt) }},
	{Title: "逾期", Width: 8, Cell: func(_ int, v *ReportView) any { return yes(v.Late) }},
	{Title: "审阅意见", Width: 40, Cell: func(_ int, v *ReportView) any { return v.Comment }},
	{Title: "退回原因", Width: 30, Cell: func(_ int, v *ReportView) any { return v.ReturnReason }},
	{Title: "审阅人", Width: 12, Cell: func(_ int, v *ReportView) any { return v.Reviewer }},
}}

// exportReports sends task id's reports the caller sees (the list's filters).
func (s *Service) exportReports(w http.ResponseWriter, r *http.Request, id int64) error {
	return s.export(w, r, id, false)
}

// exportMissing sends task id's reports not submitted (or returned) the caller sees.
func (s *Service) exportMissing(w http.ResponseWriter, r *http.Request, id int64) error {
	return s.export(w, r, id, true)
}

func (s *Service) export(w http.ResponseWriter, r *http.Request, id int64, missing bool) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	c, err := s.who(ctx)
	if err != nil {
		return err
	}
	task, err := s.taskView(ctx, c, id)
	if err != nil {
		return err
	}
	base := c.reportsVisible(reportsQuery(s.db).Where("p.task_id = ?", id))
	if missing {
		base = base.Where("p.state IN (?, ?)", StateMissing, StateReturned)
	}
	q, err := reportSpec.Query(base, lq)
	if err != nil {
		return err
	}
	var rows []ReportView
	if err := q.Limit(maxExportRows).Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	sheet := reportSheet
	what := "报告情况"
	if missing {
		what = "未提交名单"
	}
	sheet.Title = fmt.Sprintf("%s%s（截止日期：%s）", task.Title, what, task.DueOn)
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	for i := range rows {
		if err := out.Row(&rows[i]); err != nil {
			return err
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s%s（%d条）", task.Title, what, len(rows)))
	return out.Send(w, task.Title+what+".xlsx")
}
