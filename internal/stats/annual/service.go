package annual

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the 党内统计 domain.
type Service struct {
	db   *bun.DB
	sys  *system.Service
	orgs *org.Service
	now  func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock makes now the service's clock (today bounds the reporting date).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "stats/annual", Migrations: Migrations(), Routes: s.Routes}
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("党内统计")
	rs.Get("/api/dntj/tables", PermList, "统计表目录", s.handleTables)
	rs.Get("/api/dntj/tables/{key}", PermList, "查看统计表", s.handleTable)
	rs.Get("/api/dntj/tables/{key}/export", PermExport, "导出统计表", s.handleExport)
	rs.Get("/api/dntj/occupations", PermList, "查看职业对应", httpx.Read(s.OccupationMapping))
	rs.Put("/api/dntj/occupations", PermMap, "修改职业对应", httpx.Action(s.SetOccupationMapping))
}

// TableBrief names a table in the catalogue.
type TableBrief struct {
	Key   string `json:"key"`
	Title string `json:"title"`
}

func (s *Service) handleTables(w http.ResponseWriter, r *http.Request) error {
	out := make([]TableBrief, len(Tables))
	for i, t := range Tables {
		out[i] = TableBrief{Key: t.Key, Title: t.Title}
	}
	return httpx.OK(w, out)
}

// today is the day in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// readRequest reads the table's key and the request from r.
func (s *Service) readRequest(r *http.Request) (*Table, Request, error) {
	t := tableOf(chi.URLParam(r, "key"))
	if t == nil {
		return nil, Request{}, httpx.NotFound("统计表不存在")
	}
	q := r.URL.Query()
	req := Request{Level: q.Get("level")}
	if v := q.Get("date"); v == "" {
		req.Date = s.today()
	} else {
		d, ok := date.Parse(v)
		if !ok || d.IsZero() {
			return nil, req, httpx.Invalid("date", "统计日期格式错误，应为 YYYY-MM-DD")
		}
		if d.After(s.today()) {
			return nil, req, httpx.Invalid("date", "统计日期不能晚于今天")
		}
		req.Date = d
	}
	if v := q.Get("orgId"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return nil, req, httpx.Invalid("orgId", "党组织参数错误")
		}
		req.OrgID = id
	}
	return t, req, nil
}

func (s *Service) handleTable(w http.ResponseWriter, r *http.Request) error {
	t, req, err := s.readRequest(r)
	if err != nil {
		return err
	}
	if req.Page, err = httpx.ParsePage(r.URL.Query()); err != nil {
		return err
	}
	out, err := s.Count(r.Context(), t, req)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// context is the counting context of a reporting date.
func (s *Service) context(ctx context.Context, day date.Date) (Context, error) {
	m, err := s.occupations(ctx, s.db)
	if err != nil {
		return Context{}, err
	}
	return Context{Date: day, From: PeriodStart(day), Occupation: m}, nil
}
