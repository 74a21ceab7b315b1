package snapshot

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/stats/annual"
	"zhdj/internal/system"
)

// The dictionaries of the roster's coded fields.
const (
	dictGender      = "DJ_COMM_XB"
	dictEthnicity   = "DJ_COMM_MZXX"
	dictEducation   = "DJ_DY_XLXX"
	dictCategory    = "DJ_DY_RYLBXX"
	dictPartyStatus = "DJ_DY_DJZTXX"
)

func (s *Service) handleList(w http.ResponseWriter, r *http.Request) error {
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	out, err := s.List(r.Context(), p)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// List is a page of the snapshots, the latest date first. Every reader
// sees every header (a date, a title, a count: the school's record of what
// was frozen); what is inside is cut to their scope.
func (s *Service) List(ctx context.Context, p httpx.Page) (httpx.PageResult[Snapshot], error) {
	q := s.db.NewSelect().Model((*Snapshot)(nil))
	n, err := q.Count(ctx)
	if err != nil {
		return httpx.PageResult[Snapshot]{}, httpx.Internal(err)
	}
	var rows []Snapshot
	if err := q.OrderExpr("sn.snap_date DESC, sn.id DESC").Limit(int64(p.Size)).Offset(int64(p.Offset())).Scan(ctx, &rows); err != nil {
		return httpx.PageResult[Snapshot]{}, httpx.Internal(err)
	}
	return httpx.NewPage(rows, int(n)), nil
}

// TableHead is a frozen table's head.
type TableHead struct {
	Key     string          `json:"key"`
	Title   string          `json:"title"`
	Unit    string          `json:"unit"`
	Columns []annual.Column `json:"columns"`
}

// Detail is a snapshot with its frozen tables' heads.
type Detail struct {
	Snapshot
	Tables []TableHead `json:"tables"`
	// Whole: the caller sees the whole school (the totals); else the
	// tables show the lines of their scope and its sum.
	Whole bool `json:"whole"`
}

// header reads snapshot id (404 when there is none).
func (s *Service) header(ctx context.Context, id int64) (Snapshot, error) {
	var h Snapshot
	if err := s.db.NewSelect().Model(&h).Where("sn.id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return h, notFound()
		}
		return h, httpx.Internal(err)
	}
	return h, nil
}

// heads reads the frozen tables' heads of snapshot id.
func (s *Service) heads(ctx context.Context, id int64) ([]TableHead, error) {
	var rows []tableRow
	if err := s.db.NewSelect().Model(&rows).Where("stb.snapshot_id = ?", id).OrderExpr("stb.position").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]TableHead, 0, len(rows))
	for _, r := range rows {
		h := TableHead{Key: r.TableKey, Title: r.Title, Unit: r.Unit}
		if err := json.Unmarshal([]byte(r.Columns), &h.Columns); err != nil {
			return nil, httpx.Internal(err)
		}
		out = append(out, h)
	}
	return out, nil
}

// Get is snapshot id with its tables' heads.
func (s *Service) Get(ctx context.Context, id int64) (Detail, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return Detail{}, err
	}
	h, err := s.header(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	heads, err := s.heads(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	return Detail{Snapshot: h, Tables: heads, Whole: sc.All}, nil
}

// Line is a frozen line of a table.
type Line struct {
	OrgID  int64          `json:"orgId"`
	Name   string         `json:"name"`
	Counts map[string]int `json:"counts"`
}

// TableView is a frozen table at a level: its head, the total (the
// school's, or for a caller of a part of it the sum of their 二级党委 lines)
// and a page of the lines of the caller's scope.
type TableView struct {
	TableHead
	Level string                 `json:"level"`
	Total Line                   `json:"total"`
	Lines httpx.PageResult[Line] `json:"lines"`
}

func (s *Service) handleTable(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", notFound())
	if err != nil {
		return err
	}
	q := r.URL.Query()
	p, err := httpx.ParsePage(q)
	if err != nil {
		return err
	}
	out, err := s.Table(r.Context(), id, chi.URLParam(r, "key"), q.Get("level"), p)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// Table is table key of snapshot id at level (default second).
func (s *Service) Table(ctx context.Context, id int64, key, level string, p httpx.Page) (TableView, error) {
	switch level {
	case "":
		level = annual.LevelSecond
	case annual.LevelSecond, annual.LevelBranch:
	default:
		return TableView{}, httpx.Invalid("level", "不支持的统计层级：%s", level)
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return TableView{}, err
	}
	if _, err := s.header(ctx, id); err != nil {
		return TableView{}, err
	}
	heads, err := s.heads(ctx, id)
	if err != nil {
		return TableView{}, err
	}
	out := TableView{Level: level}
	for _, h := range heads {
		if h.Key == key {
			out.TableHead = h
		}
	}
	if out.Key == "" {
		return out, httpx.NotFound("统计表不存在")
	}
	if out.Total, err = s.total(ctx, sc, id, key); err != nil {
		return out, err
	}
	q := sc.Apply(s.db.NewSelect().Model((*countRow)(nil)).Where("sc.snapshot_id = ?", id).
		Where("sc.table_key = ?", key).Where("sc.level = ?", level), "sc.org_id")
	n, err := q.Count(ctx)
	if err != nil {
		return out, httpx.Internal(err)
	}
	var rows []countRow
	if err := q.OrderExpr("sc.position").Limit(int64(p.Size)).Offset(int64(p.Offset())).Scan(ctx, &rows); err != nil {
		return out, httpx.Internal(err)
	}
	lines := make([]Line, 0, len(rows))
	for _, r := range rows {
		l, err := r.line()
		if err != nil {
			return out, err
		}
		lines = append(lines, l)
	}
	out.Lines = httpx.NewPage(lines, int(n))
	return out, nil
}

func (r countRow) line() (Line, error) {
	l := Line{OrgID: r.OrgID, Name: r.OrgName}
	if err := json.Unmarshal([]byte(r.Counts), &l.Counts); err != nil {
		return l, httpx.Internal(err)
	}
	return l, nil
}

// total is table key's total of snapshot id as sc sees it: the school's
// for the whole scope, else the sum of the 二级党委 lines inside the scope
// (the few lines of a college, summed here).
func (s *Service) total(ctx context.Context, sc org.Scope, id int64, key string) (Line, error) {
	q := s.db.NewSelect().Model((*countRow)(nil)).Where("sc.snapshot_id = ?", id).Where("sc.table_key = ?", key)
	if sc.All {
		q = q.Where("sc.level = ?", LevelTotal)
	} else {
		q = sc.Apply(q.Where("sc.level = ?", annual.LevelSecond), "sc.org_id")
	}
	var rows []countRow
	if err := q.OrderExpr("sc.position").Scan(ctx, &rows); err != nil {
		return Line{}, httpx.Internal(err)
	}
	out := Line{Name: "全校合计", Counts: map[string]int{}}
	if !sc.All {
		out.Name = "本单位合计"
	}
	for _, r := range rows {
		l, err := r.line()
		if err != nil {
			return out, err
		}
		for k, v := range l.Counts {
			out.Counts[k] += v
		}
	}
	return out, nil
}

// RosterEntry is a member of a frozen roster, with the labels of the coded fields.
type RosterEntry struct {
	MemberID       int64     `bun:"member_id" json:"memberId"`
	Name           string    `bun:"name" json:"name"`
	OrgID          int64     `bun:"org_id" json:"orgId"`
	OrgName        string    `bun:"org_name" json:"orgName"`
	Gender         string    `bun:"gender" json:"gender"`
	Ethnicity      string    `bun:"ethnicity" json:"ethnicity"`
	Education      string    `bun:"education" json:"education"`
	PersonCategory string    `bun:"person_category" json:"personCategory"`
	PartyStatus    string    `bun:"party_status" json:"partyStatus"`
	BirthDate      date.Date `bun:"birth_date" json:"birthDate"`
	JoinedOn       date.Date `bun:"joined_on" json:"joinedOn"`
}

// label turns the coded fields of e into their labels.
func (e *RosterEntry) label(l system.DictLabels) {
	e.Gender, e.Ethnicity = l.Label(dictGender, e.Gender), l.Label(dictEthnicity, e.Ethnicity)
	e.Education, e.PersonCategory = l.Label(dictEducation, e.Education), l.Label(dictCategory, e.PersonCategory)
	e.PartyStatus = l.Label(dictPartyStatus, e.PartyStatus)
}

func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	l, err := s.sys.DictLabels(ctx, dictGender, dictEthnicity, dictEducation, dictCategory, dictPartyStatus)
	if err != nil {
		return l, httpx.Internal(err)
	}
	return l, nil
}

// rosterQuery is the roster of snapshot id in the caller's scope, filtered
// by an organisation's subtree (orgId: outside the scope 404) and a name.
func (s *Service) rosterQuery(r *http.Request, id int64) (*bun.SelectQuery, Snapshot, error) {
	ctx := r.Context()
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, Snapshot{}, err
	}
	h, err := s.header(ctx, id)
	if err != nil {
		return nil, h, err
	}
	q := sc.Apply(s.db.NewSelect().TableExpr("tjfx_snapshot_member AS sm").Where("sm.snapshot_id = ?", id), "sm.org_id")
	qs := r.URL.Query()
	if q, err = s.orgFilter(ctx, q, qs.Get("orgId"), "sm.org_id"); err != nil {
		return nil, h, err
	}
	if name := strings.TrimSpace(qs.Get("name")); name != "" {
		q = q.Where("sm.name LIKE ? ESCAPE '\\'", "%"+httpx.EscapeLike(name)+"%")
	}
	return q, h, nil
}

// orgFilter restricts q to the subtree of organisation raw (today's tree)
// when one is given: one outside the caller's scope or missing is 404.
func (s *Service) orgFilter(ctx context.Context, q *bun.SelectQuery, raw string, columns ...string) (*bun.SelectQuery, error) {
	if raw == "" {
		return q, nil
	}
	orgID, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || orgID <= 0 {
		return nil, httpx.Invalid("orgId", "党组织参数错误")
	}
	ok, err := s.orgs.InScope(ctx, orgID)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !ok {
		return nil, httpx.NotFound("党组织不存在")
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		for _, c := range columns {
			g = g.WhereOr("? IN (?)", bun.Safe(c), org.SelectSubtree(s.db, orgID))
		}
		return g
	}), nil
}

const rosterColumns = "sm.member_id, sm.name, sm.org_id, sm.org_name, sm.gender, sm.ethnicity, sm.education, sm.person_category, sm.party_status, sm.birth_date, sm.joined_on"

func (s *Service) handleRoster(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", notFound())
	if err != nil {
		return err
	}
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	q, _, err := s.rosterQuery(r, id)
	if err != nil {
		return err
	}
	ctx := r.Context()
	n, err := q.Clone().Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	rows := []RosterEntry{}
	if err := q.ColumnExpr(rosterColumns).OrderExpr("sm.org_name, sm.name, sm.member_id").
		Limit(int64(p.Size)).Offset(int64(p.Offset())).Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].label(l)
	}
	return httpx.OK(w, httpx.NewPage(rows, int(n)))
}
