package orglife

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// statsRoutes registers 会议统计 (hytj:list; the workbooks hytj:export): an
// organisation's calendar and the table of the organisations under one,
// each with its export in the report kit's layout. ?year= and ?orgId= are
// the report kit's (an organisation outside the caller's scope is 404).
func (s *Service) statsRoutes(rs *httpx.Routes) {
	rs = rs.In("会议统计")
	p := report.Parser{Orgs: s.orgs, Now: s.now}
	calendar := report.Route{Path: "/api/zzsh/compliance/branch", Name: "党组织会议日历", Perm: PermStatsList,
		Query: report.Options{NeedOrg: true}}
	orgs := report.Route{Path: "/api/zzsh/compliance/orgs", Name: "党组织会议统计", Perm: PermStatsList}
	exported(rs, p, report.Read(calendar, s.Calendar, sendCalendar))
	exported(rs, p, report.Read(orgs, s.Orgs, sendOrgs))
}

// exported registers rt's view under its permission and its export under
// hytj:export (the report kit guards both by one).
func exported(rs *httpx.Routes, p report.Parser, rt report.Route) {
	export := rt.Export
	rt.Export = nil
	p.Register(rs, rt)
	rs.Get(rt.Path+"/export", PermStatsExport, "导出"+rt.Name, func(w http.ResponseWriter, r *http.Request) error {
		q, err := p.Parse(r, rt.Query)
		if err != nil {
			return err
		}
		return export(w, r, q)
	})
}

// rateText is met out of due as the tables write it: "3/4" ("—" when
// nothing was due).
func rateText(met, due int) string {
	if due == 0 {
		return "—"
	}
	return fmt.Sprintf("%d/%d", met, due)
}

// percentText is the share met: "75.0%" ("—" when nothing was due).
func percentText(met, due int) string {
	if due == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", float64(met)*100/float64(due))
}

// cellText is a month of a line: the judgement of its period and the
// meetings held that month ("已完成（2次）").
func cellText(l *Line, month int) string {
	for _, p := range l.Periods {
		if month < p.From || month > p.To {
			continue
		}
		text := CellNames[p.Status]
		if n := l.Months[month-1]; n > 0 {
			text += fmt.Sprintf("（%d次）", n)
		}
		if l.Key == MeasureTalk && p.Need > 0 {
			text += fmt.Sprintf("（%d/%d人）", p.Held, p.Need)
		}
		return text
	}
	return ""
}

func sendCalendar(w http.ResponseWriter, _ report.Query, c Calendar) error {
	cols := []report.Column[Line]{
		{Title: "考核项目", Width: 16, Lead: true, Cell: func(_ int, l *Line) any { return l.Name }},
		{Title: "要求", Width: 26, Cell: func(_ int, l *Line) any { return l.Rule }},
	}
	for m := 1; m <= 12; m++ {
		cols = append(cols, report.Column[Line]{Title: fmt.Sprintf("%d月", m), Group: "月份", Width: 14,
			Cell: func(_ int, l *Line) any { return cellText(l, m) }})
	}
	cols = append(cols, report.Column[Line]{Title: "达标周期", Width: 10, Cell: func(_ int, l *Line) any { return rateText(l.Met, l.Due) }})
	sheet := report.Sheet[Line]{Name: "会议日历", Title: fmt.Sprintf("%s%d年组织生活会议日历", c.OrgName, c.Year), Columns: cols}
	return sheet.Send(w, fmt.Sprintf("%s-%d年会议日历.xlsx", c.OrgName, c.Year), c.Lines, nil)
}

func sendOrgs(w http.ResponseWriter, _ report.Query, t OrgTable) error {
	cols := []report.Column[OrgRow]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *OrgRow) any { return n }},
		{Title: "党组织", Width: 30, Lead: true, Cell: func(_ int, r *OrgRow) any { return r.OrgName }},
	}
	for _, m := range t.Measures {
		cols = append(cols, report.Column[OrgRow]{Title: m.Name, Group: "达标周期（已完成/应完成）", Width: 12,
			Cell: func(_ int, r *OrgRow) any { sh := r.Shares[m.Key]; return rateText(sh.Met, sh.Due) }})
	}
	cols = append(cols,
		report.Column[OrgRow]{Title: "缺项", Width: 8, Cell: func(_ int, r *OrgRow) any { return r.Share.Missing }},
		report.Column[OrgRow]{Title: "达标率", Width: 10, Cell: func(_ int, r *OrgRow) any { return percentText(r.Share.Met, r.Share.Due) }})
	sheet := report.Sheet[OrgRow]{Name: "会议统计", Title: fmt.Sprintf("%s%d年组织生活会议统计", t.OrgName, t.Year), Columns: cols}
	return sheet.Send(w, fmt.Sprintf("%s-%d年会议统计.xlsx", t.OrgName, t.Year), t.Rows, &t.Total)
}
