package report

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/record"
)

// orgs is a scope of the organisations 1 and 2.
type orgs struct{}

func (orgs) InScope(_ context.Context, id int64) (bool, error) { return id == 1 || id == 2, nil }
func (orgs) Scoped(string) record.Restriction {
	return func(context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		return func(q *bun.SelectQuery) *bun.SelectQuery { return q }, nil
	}
}
func (orgs) SubtreePath(context.Context, int64) (string, bool, error) { return "/1/", true, nil }

var parser = Parser{Orgs: orgs{}, Now: func() time.Time { return time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC) }}

func parse(t *testing.T, query string, o Options) (Query, *httpx.Error) {
	t.Helper()
	q, err := parser.Parse(httptest.NewRequest("GET", "/r?"+query, nil), o)
	if err == nil {
		return q, nil
	}
	var he *httpx.Error
	if !errors.As(err, &he) {
		t.Fatalf("%s: %v is not an httpx.Error", query, err)
	}
	return q, he
}

func TestParse(t *testing.T) {
	q, err := parse(t, "year=2026&month=3&orgId=2", Options{Month: true})
	if err != nil || q != (Query{Year: 2026, Month: 3, OrgID: 2}) {
		t.Fatalf("%+v %v", q, err)
	}
	if q, _ := parse(t, "year=2026&month=3", Options{}); q.Month != 0 {
		t.Errorf("a month read without Options.Month: %+v", q)
	}
	for _, c := range []struct {
		query  string
		o      Options
		status int
		text   string
	}{
		{"", Options{}, 400, "请选择年度（如 2026）"},
		{"year=1920", Options{}, 400, "请选择年度"},
		{"year=2201", Options{}, 400, "请选择年度"},
		{"year=1999", Options{FirstYear: 2000}, 400, "请选择年度"},
		{"", Options{YearName: "统计年度"}, 400, "请选择统计年度（如 2026）"},
		{"year=2026&month=13", Options{Month: true}, 400, "月份应为1到12之间的整数"},
		{"year=2026&month=x", Options{Month: true}, 400, "月份应为1到12之间的整数"},
		{"year=2026&orgId=x", Options{}, 400, "党组织编号不正确"},
		{"year=2026&orgId=-1", Options{}, 400, "党组织编号不正确"},
		{"year=2026&orgId=3", Options{}, 404, "党组织不存在"},
		{"year=2026", Options{NeedOrg: true}, 400, "请选择党组织"},
	} {
		_, err := parse(t, c.query, c.o)
		if err == nil || err.Status != c.status || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%q: %v, want %d %s", c.query, err, c.status, c.text)
		}
	}
	for _, ok := range []string{"year=1921", "year=2200"} {
		if _, err := parse(t, ok, Options{}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

func TestPeriods(t *testing.T) {
	for _, c := range []struct {
		q                     Query
		from, to, first, last string
		text                  string
	}{
		{Query{Year: 2024}, "2024-01-01", "2024-12-31", "2024-01", "2024-12", "2024年"},
		{Query{Year: 2024, Month: 2}, "2024-02-01", "2024-02-29", "2024-02", "2024-02", "2024年2月"},
		{Query{Year: 2025, Month: 12}, "2025-12-01", "2025-12-31", "2025-12", "2025-12", "2025年12月"},
	} {
		from, to := c.q.Days()
		first, last := c.q.Months()
		if string(from) != c.from || string(to) != c.to || first != c.first || last != c.last || c.q.PeriodText() != c.text {
			t.Errorf("%+v: %s–%s %s–%s %s", c.q, from, to, first, last, c.q.PeriodText())
		}
	}
}

func TestMoney(t *testing.T) {
	for fen, want := range map[int64]string{0: "0.00", 5: "0.05", 123450: "1234.50", -1050: "-10.50"} {
		if got, ok := Money(fen).(money.Fen); !ok || got.String() != want {
			t.Errorf("Money(%d) = %v", fen, Money(fen))
		}
	}
	if got := Rate(9850); got != "98.50%" {
		t.Errorf("Rate = %s", got)
	}
}
