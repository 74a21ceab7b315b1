// Package report is the report kit: one reading of a report's ?year=,
// ?month= and ?orgId= (one set of bounds, one set of messages), the
// caller's organisation scope and the chosen subtree applied to a report's
// select, columns declared once for the official workbook (title, unit,
// merged group headers, totals row, streamed), and the routes of a report
// and its export. A module declares its reports on it (develop's 发展统计,
// the 党费 reports, transfer's 转接统计).
package report

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// FirstYear and LastYear bound the year of a report: the party's founding
// year and a far one (the page picks the year; these only refuse nonsense).
const FirstYear, LastYear = 1921, 2200

// Query selects a report: the year, the month (0: the whole year) and the
// organisation whose subtree it covers (0: the caller's whole scope).
type Query struct {
	Year  int   `json:"year"`
	Month int   `json:"month"`
	OrgID int64 `json:"orgId"`
}

// Options say what a report reads of the request.
type Options struct {
	// Month reads ?month= (1–12; none: the whole year).
	Month bool
	// NeedOrg refuses a request without ?orgId= (a branch's ledger).
	NeedOrg bool
	// FirstYear raises the earliest year (0: FirstYear): the fee reports
	// start in 2000, before which no dues were kept.
	FirstYear int
	// YearName is what the year is called in the message ("": 年度;
	// 转接统计 says 统计年度).
	YearName string
}

// Parser reads a report's query for a module: the organisations it
// checks ?orgId= against and its clock (the message's example year).
type Parser struct {
	Orgs Orgs
	Now  func() time.Time
}

// Parse reads ?year=&month=&orgId= as o says: 400 naming the field, 404
// for an organisation outside the caller's scope.
func (p Parser) Parse(r *http.Request, o Options) (Query, error) {
	var q Query
	v := r.URL.Query()
	first := FirstYear
	if o.FirstYear > first {
		first = o.FirstYear
	}
	y, err := strconv.Atoi(v.Get("year"))
	if err != nil || y < first || y > LastYear {
		name := o.YearName
		if name == "" {
			name = "年度"
		}
		return q, httpx.Invalid("year", "请选择%s（如 %d）", name, p.Now().In(date.China).Year())
	}
	q.Year = y
	if o.Month {
		if q.Month, err = parseMonth(v.Get("month")); err != nil {
			return q, err
		}
	}
	if q.OrgID, err = p.Org(r); err != nil {
		return q, err
	}
	if q.OrgID == 0 && o.NeedOrg {
		return q, httpx.Invalid("orgId", "请选择党组织")
	}
	return q, nil
}

// Org reads ?orgId= alone (0 when absent): an organisation of the caller's
// scope (400 when not a number, 404 outside the scope).
func (p Parser) Org(r *http.Request) (int64, error) {
	raw := r.URL.Query().Get("orgId")
	if raw == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.Invalid("orgId", "党组织编号不正确")
	}
	return id, InScope(r.Context(), p.Orgs, id)
}

// InScope answers 404 for an organisation outside the caller's scope.
func InScope(ctx context.Context, orgs Orgs, id int64) error {
	ok, err := orgs.InScope(ctx, id)
	if err != nil {
		return httpx.AsError(err)
	}
	if !ok {
		return httpx.NotFound("党组织不存在")
	}
	return nil
}

// parseMonth is ?month= of a year: 1–12, or 0 when absent (a number of the
// chosen year, not a YYYY-MM: date.ParseMonth is for those).
func parseMonth(raw string) (int, error) {
	if raw == "" {
		return 0, nil
	}
	m, err := strconv.Atoi(raw)
	if err != nil || m < 1 || m > 12 {
		return 0, httpx.Invalid("month", "月份应为1到12之间的整数")
	}
	return m, nil
}

// MonthText is a month of a year as stored ("2026-03").
func MonthText(year, month int) string { return date.MonthOfYM(year*100 + month).String() }

// Days are the first and last day q covers: its month, or its year.
func (q Query) Days() (from, to date.Date) {
	if q.Month != 0 {
		m := date.MonthOfYM(q.Year*100 + q.Month)
		return m.First(), m.Last()
	}
	return date.Date(fmt.Sprintf("%04d-01-01", q.Year)), date.Date(fmt.Sprintf("%04d-12-31", q.Year))
}

// Months are the first and last month q covers, as stored ("2026-01").
func (q Query) Months() (from, to string) {
	if q.Month != 0 {
		m := MonthText(q.Year, q.Month)
		return m, m
	}
	return MonthText(q.Year, 1), MonthText(q.Year, 12)
}

// PeriodText names q's period in a title or a file name: "2026年" or "2026年10月".
func (q Query) PeriodText() string {
	if q.Month != 0 {
		return fmt.Sprintf("%d年%d月", q.Year, q.Month)
	}
	return fmt.Sprintf("%d年", q.Year)
}
