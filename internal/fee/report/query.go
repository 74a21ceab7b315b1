package report

import (
	"context"
	"net/http"
	"strconv"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Query selects a report: the year, the month (0: the whole year) and the
// organisation whose subtree it covers (0: the caller's whole scope).
type Query struct {
	Year  int   `json:"year"`
	Month int   `json:"month"`
	OrgID int64 `json:"orgId"`
}

// firstYear and lastYear bound the years a report may ask for.
const firstYear, lastYear = 2000, 2200

// query reads ?year=&month=&orgId= (400 naming the field; an organisation
// outside the caller's scope is 404).
func (s *Service) query(r *http.Request, needOrg bool) (Query, error) {
	var q Query
	v := r.URL.Query()
	y, err := strconv.Atoi(v.Get("year"))
	if err != nil || y < firstYear || y > lastYear {
		return q, httpx.Invalid("year", "请选择年度（如 %d）", s.now().In(date.China).Year())
	}
	q.Year = y
	if raw := v.Get("month"); raw != "" {
		m, err := strconv.Atoi(raw)
		if err != nil || m < 1 || m > 12 {
			return q, httpx.Invalid("month", "月份应为1到12之间的整数")
		}
		q.Month = m
	}
	raw := v.Get("orgId")
	if raw == "" {
		if needOrg {
			return q, httpx.Invalid("orgId", "请选择党组织")
		}
		return q, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return q, httpx.Invalid("orgId", "党组织编号不正确")
	}
	if err := s.inScope(r.Context(), id); err != nil {
		return q, err
	}
	q.OrgID = id
	return q, nil
}

// inScope answers 404 for an organisation outside the caller's scope.
func (s *Service) inScope(ctx context.Context, id int64) error {
	ok, err := s.orgs.InScope(ctx, id)
	if err != nil {
		return httpx.AsError(err)
	}
	if !ok {
		return httpx.NotFound("党组织不存在")
	}
	return nil
}
