package report

import (
	"fmt"
	"net/http"
	"strconv"

	"zhdj/internal/fee"
	"zhdj/internal/org"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
)

// maxPageSize bounds a report page.
const maxPageSize = 500

// paging reads ?page=&size= (the list kit's), size at most maxPageSize.
func paging(r *http.Request) (pg, size int, err error) {
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return 0, 0, err
	}
	if p.Size > maxPageSize {
		return 0, 0, httpx.Invalid("size", "每页条数不能超过%d", maxPageSize)
	}
	return p.Page, p.Size, nil
}

// periodText names a query's period: "2026年" or "2026年10月".
func (q Query) periodText() string {
	if q.Month != 0 {
		return fmt.Sprintf("%d年%d月", q.Year, q.Month)
	}
	return fmt.Sprintf("%d年", q.Year)
}

// GET /api/dfgl/report/orgs?year=&month=&orgId=: the report per organisation level.
func (s *Service) orgsHandler(w http.ResponseWriter, r *http.Request) error {
	_, rep, err := s.orgReportOf(r)
	if err != nil {
		return err
	}
	return httpx.OK(w, rep)
}

// orgReportOf is the per-level report the request asks for.
func (s *Service) orgReportOf(r *http.Request) (Query, OrgReport, error) {
	q, err := s.query(r, false)
	if err != nil {
		return q, OrgReport{}, err
	}
	rep, err := s.orgReport(r.Context(), q)
	return q, rep, err
}

// orgTypeNames label the organisation types in the export.
var orgTypeNames = map[string]string{org.TypeCommittee: "党委", org.TypeSecondaryCommittee: "二级党委",
	org.TypeGeneralBranch: "党总支", org.TypeDirectBranch: "直属党支部", org.TypeBranch: "党支部", org.TypeGroup: "党小组"}

// rateText is a collection rate in basis points as a percentage ("98.50%").
func rateText(bp int64) string { return fmt.Sprintf("%d.%02d%%", bp/100, bp%100) }

// GET /api/dfgl/report/orgs/export: the same as the finance office's workbook.
func (s *Service) orgsExport(w http.ResponseWriter, r *http.Request) error {
	q, rep, err := s.orgReportOf(r)
	if err != nil {
		return err
	}
	title := fmt.Sprintf("%s党费收缴情况统计表（%s，单位：元）", rep.OrgName, q.periodText())
	xw, err := excel.NewReport(title, []string{"序号", "党组织", "类型", "党员人数", "应缴人次", "未缴人次", "应缴金额", "实缴金额", "欠缴金额", fee.RateByAmount, fee.RateByPeople},
		[]float64{6, 36, 12, 10, 10, 10, 14, 14, 14, 16, 16})
	if err != nil {
		return httpx.Internal(err)
	}
	for i, row := range rep.Rows {
		if err := xw.Add(i+1, row.OrgName, orgTypeNames[row.OrgType], row.Members, row.Months, row.UnpaidMonths,
			money.Fen(row.DueFen), money.Fen(row.PaidFen), money.Fen(row.OutstandingFen), rateText(row.RateBP), rateText(row.PeopleRateBP)); err != nil {
			return httpx.Internal(err)
		}
	}
	t := rep.Total
	if err := xw.AddTotal("合计", nil, nil, t.Members, t.Months, t.UnpaidMonths, money.Fen(t.DueFen), money.Fen(t.PaidFen),
		money.Fen(t.OutstandingFen), rateText(t.RateBP), rateText(t.PeopleRateBP)); err != nil {
		return httpx.Internal(err)
	}
	return xw.Send(w, fmt.Sprintf("党费收缴情况统计表-%s.xlsx", q.periodText()))
}

// GET /api/dfgl/report/members?year=&month=&orgId=&unpaid=true&page=&size=: per member.
func (s *Service) membersHandler(w http.ResponseWriter, r *http.Request) error {
	q, err := s.query(r, false)
	if err != nil {
		return err
	}
	pg, size, err := paging(r)
	if err != nil {
		return err
	}
	res, err := s.memberReport(r.Context(), q, r.URL.Query().Get("unpaid") == "true", pg, size)
	if err != nil {
		return err
	}
	return httpx.OK(w, res)
}

// GET /api/dfgl/report/arrears?orgId=&min=&page=&size=: the members with a
// run of unpaid months (at least min, default the reminder's).
func (s *Service) arrearsHandler(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	var orgID int64
	if raw := v.Get("orgId"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			return httpx.Invalid("orgId", "党组织编号不正确")
		}
		if err := s.inScope(r.Context(), id); err != nil {
			return err
		}
		orgID = id
	}
	min := 0
	if raw := v.Get("min"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 120 {
			return httpx.Invalid("min", "连续未缴月数应为1到120之间的整数")
		}
		min = n
	}
	pg, size, err := paging(r)
	if err != nil {
		return err
	}
	res, err := s.Arrears(r.Context(), orgID, min, pg, size)
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

// GET /api/dfgl/report/ledger?year=&orgId=&page=&size=: the ledger of an organisation.
func (s *Service) ledgerHandler(w http.ResponseWriter, r *http.Request) error {
	q, err := s.query(r, true)
	if err != nil {
		return err
	}
	pg, size, err := paging(r)
	if err != nil {
		return err
	}
	out := Ledger{Year: q.Year, OrgID: q.OrgID, Rows: []LedgerRow{}}
	out.Total, out.TotalElements, err = s.ledger(r.Context(), q, pg, size, func(row LedgerRow) error {
		out.Rows = append(out.Rows, row)
		return nil
	})
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// GET /api/dfgl/report/ledger/export?year=&orgId=: the 党费收缴台账 as xlsx,
// streamed: a member a row, each month's 应缴 and 实缴, the year's, a totals row.
func (s *Service) ledgerExport(w http.ResponseWriter, r *http.Request) error {
	q, err := s.query(r, true)
	if err != nil {
		return err
	}
	var name string
	if err := s.db.NewSelect().TableExpr("dzz").Column("name").Where("id = ?", q.OrgID).Scan(r.Context(), &name); err != nil {
		return httpx.Internal(err)
	}
	headers := []string{"序号", "姓名"}
	widths := []float64{6, 12}
	for m := 1; m <= 12; m++ {
		headers = append(headers, fmt.Sprintf("%d月应缴", m), fmt.Sprintf("%d月实缴", m))
		widths = append(widths, 10, 10)
	}
	headers = append(headers, "全年应缴", "全年实缴", "欠缴")
	widths = append(widths, 12, 12, 12)
	xw, err := excel.NewReport(fmt.Sprintf("%s党费收缴台账（%d年，单位：元）", name, q.Year), headers, widths)
	if err != nil {
		return httpx.Internal(err)
	}
	cells := func(lead []any, row LedgerRow) []any {
		out := lead
		for m := 0; m < 12; m++ {
			out = append(out, money.Fen(row.Due[m]), money.Fen(row.Paid[m]))
		}
		return append(out, money.Fen(row.DueFen), money.Fen(row.PaidFen), money.Fen(row.OutstandingFen))
	}
	n := 0
	total, _, err := s.ledger(r.Context(), q, 0, 0, func(row LedgerRow) error {
		n++
		if err := xw.Add(cells([]any{n, row.Name}, row)...); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := xw.AddTotal(cells([]any{"合计", nil}, total)...); err != nil {
		return httpx.Internal(err)
	}
	return xw.Send(w, fmt.Sprintf("%s党费收缴台账-%d.xlsx", name, q.Year))
}
