package report

import (
	"fmt"
	"net/http"
	"strconv"

	"zhdj/internal/fee"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/report"
)

// routes are the reports on the kit: the per-level report and its
// workbook, the per-member report, the ledger and its workbook.
func (s *Service) routes(rs *httpx.Routes) {
	p := s.parser()
	// GET /api/dfgl/report/orgs?year=&month=&orgId=: the report per organisation level.
	p.Register(rs, kit.Route{Path: "/api/dfgl/report/orgs", Name: "党组织党费统计", Perm: PermReport, Query: periodQuery,
		View:   func(r *http.Request, q Query) (any, error) { return s.orgReport(r.Context(), q) },
		Export: s.orgsExport})
	// GET /api/dfgl/report/members?year=&month=&orgId=&unpaid=true&page=&size=: per member.
	p.Register(rs, kit.Route{Path: "/api/dfgl/report/members", Name: "党员党费统计", Perm: PermReport, Query: periodQuery,
		View: func(r *http.Request, q Query) (any, error) {
			p, err := kit.Page(r)
			if err != nil {
				return nil, err
			}
			return s.memberReport(r.Context(), q, r.URL.Query().Get("unpaid") == "true", p)
		}})
	rs.Get("/api/dfgl/report/arrears", PermReport, "查看欠缴党员", s.arrearsHandler)
	// GET /api/dfgl/report/ledger?year=&orgId=&page=&size=: the ledger of an organisation.
	p.Register(rs, kit.Route{Path: "/api/dfgl/report/ledger", Name: "党费收缴台账", Perm: PermReport, Query: ledgerQuery,
		View: s.ledgerView, Export: s.ledgerExport})
}

// figureColumns are the figures' columns of a workbook, after the leads.
func figureColumns[T any](figures func(*T) *fee.Figures) []kit.Column[T] {
	count := func(title string, v func(f *fee.Figures) int64) kit.Column[T] {
		return kit.Column[T]{Title: title, Width: 10, Cell: func(_ int, r *T) any { return v(figures(r)) }}
	}
	money := func(title string, v func(f *fee.Figures) int64) kit.Column[T] {
		return kit.Column[T]{Title: title, Width: 14, Cell: func(_ int, r *T) any { return kit.Money(v(figures(r))) }}
	}
	rate := func(title string, v func(f *fee.Figures) int64) kit.Column[T] {
		return kit.Column[T]{Title: title, Width: 16, Cell: func(_ int, r *T) any { return kit.Rate(v(figures(r))) }}
	}
	return []kit.Column[T]{
		count("党员人数", func(f *fee.Figures) int64 { return int64(f.Members) }),
		count("应缴人次", func(f *fee.Figures) int64 { return int64(f.Months) }),
		count("未缴人次", func(f *fee.Figures) int64 { return int64(f.UnpaidMonths) }),
		money("应缴金额", func(f *fee.Figures) int64 { return f.DueFen }),
		money("实缴金额", func(f *fee.Figures) int64 { return f.PaidFen }),
		money("欠缴金额", func(f *fee.Figures) int64 { return f.OutstandingFen }),
		rate(fee.RateByAmount, func(f *fee.Figures) int64 { return f.RateBP }),
		rate(fee.RateByPeople, func(f *fee.Figures) int64 { return f.PeopleRateBP }),
	}
}

// orgSheet is the finance office's workbook of the per-level report.
func orgSheet(title string) kit.Sheet[OrgRow] {
	return kit.Sheet[OrgRow]{Title: title, Columns: append([]kit.Column[OrgRow]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *OrgRow) any { return n }},
		{Title: "党组织", Width: 36, Lead: true, Cell: func(_ int, r *OrgRow) any { return r.OrgName }},
		{Title: "类型", Width: 12, Lead: true, Cell: func(_ int, r *OrgRow) any { return org.TypeName(r.OrgType) }},
	}, figureColumns(func(r *OrgRow) *fee.Figures { return &r.Figures })...)}
}

// orgsExport: GET /api/dfgl/report/orgs/export, the finance office's workbook.
func (s *Service) orgsExport(w http.ResponseWriter, r *http.Request, q Query) error {
	rep, err := s.orgReport(r.Context(), q)
	if err != nil {
		return err
	}
	title := fmt.Sprintf("%s党费收缴情况统计表（%s，单位：元）", rep.OrgName, q.PeriodText())
	return orgSheet(title).Send(w, fmt.Sprintf("党费收缴情况统计表-%s.xlsx", q.PeriodText()), rep.Rows, &OrgRow{Figures: rep.Total})
}

// GET /api/dfgl/report/arrears?orgId=&min=&page=&size=: the members with a
// run of unpaid months (at least min, default the reminder's).
func (s *Service) arrearsHandler(w http.ResponseWriter, r *http.Request) error {
	orgID, err := s.parser().Org(r)
	if err != nil {
		return err
	}
	min := 0
	if raw := r.URL.Query().Get("min"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 120 {
			return httpx.Invalid("min", "连续未缴月数应为1到120之间的整数")
		}
		min = n
	}
	p, err := kit.Page(r)
	if err != nil {
		return err
	}
	res, err := s.Arrears(r.Context(), orgID, min, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, res)
}

// Ledger is the JSON fee ledger: a page of members and the totals row.
type Ledger struct {
	Year          int         `json:"year"`
	OrgID         int64       `json:"orgId"`
	Rows          []LedgerRow `json:"rows"`
	Total         LedgerRow   `json:"total"`
	TotalElements int         `json:"totalElements"`
}

// ledgerView is a page of the ledger of q's organisation.
func (s *Service) ledgerView(r *http.Request, q Query) (any, error) {
	p, err := kit.Page(r)
	if err != nil {
		return nil, err
	}
	out := Ledger{Year: q.Year, OrgID: q.OrgID, Rows: []LedgerRow{}}
	out.Total, out.TotalElements, err = s.ledger(r.Context(), q, &p, func(row LedgerRow) error {
		out.Rows = append(out.Rows, row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ledgerSheet is the 党费收缴台账's workbook: a member a row, each month's
// 应缴 and 实缴, the year's, the totals row.
func ledgerSheet(title string) kit.Sheet[LedgerRow] {
	cols := []kit.Column[LedgerRow]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *LedgerRow) any { return n }},
		{Title: "姓名", Width: 12, Lead: true, Cell: func(_ int, r *LedgerRow) any { return r.Name }},
	}
	for m := range 12 {
		cols = append(cols,
			kit.Column[LedgerRow]{Title: fmt.Sprintf("%d月应缴", m+1), Width: 10, Cell: func(_ int, r *LedgerRow) any { return kit.Money(r.Due[m]) }},
			kit.Column[LedgerRow]{Title: fmt.Sprintf("%d月实缴", m+1), Width: 10, Cell: func(_ int, r *LedgerRow) any { return kit.Money(r.Paid[m]) }})
	}
	cols = append(cols,
		kit.Column[LedgerRow]{Title: "全年应缴", Width: 12, Cell: func(_ int, r *LedgerRow) any { return kit.Money(r.DueFen) }},
		kit.Column[LedgerRow]{Title: "全年实缴", Width: 12, Cell: func(_ int, r *LedgerRow) any { return kit.Money(r.PaidFen) }},
		kit.Column[LedgerRow]{Title: "欠缴", Width: 12, Cell: func(_ int, r *LedgerRow) any { return kit.Money(r.OutstandingFen) }})
	return kit.Sheet[LedgerRow]{Title: title, Columns: cols}
}

// ledgerExport: GET /api/dfgl/report/ledger/export?year=&orgId=, the ledger
// streamed from the database cursor.
func (s *Service) ledgerExport(w http.ResponseWriter, r *http.Request, q Query) error {
	names, err := s.orgs.Names(r.Context(), []int64{q.OrgID})
	if err != nil {
		return httpx.Internal(err)
	}
	xw, err := ledgerSheet(fmt.Sprintf("%s党费收缴台账（%d年，单位：元）", names[q.OrgID], q.Year)).Start()
	if err != nil {
		return err
	}
	total, _, err := s.ledger(r.Context(), q, nil, func(row LedgerRow) error { return xw.Row(&row) })
	if err != nil {
		return err
	}
	if err := xw.Total(&total); err != nil {
		return err
	}
	return xw.Send(w, fmt.Sprintf("%s党费收缴台账-%d.xlsx", names[q.OrgID], q.Year))
}
