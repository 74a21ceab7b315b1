package hours

import (
	"context"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/pschool/course"
)

// The yearly tables: each member's online hours (the course ledger's credits
// of the year), approved offline hours (studied in the year), total and
// target (RULES.md §4), computed in SQL per member; the branch and
// committee tables group those rows by the organisation above the
// member's. Paged, filtered and sorted in SQL; exports stream.

// totals is the select (alias t inside) of each member in normal status
// whose organisation lies in sc (and under orgID, when not 0): id, name,
// org_id, user_id, online, offline, target and total, in tenths of an hour.
// A branch's page (orgID set, a few dozen members) looks each member's
// sums up in the indexes; a table of the whole scope (every member of a
// university) joins the year's sums, read in one pass each.
func (s *Service) totals(sc org.Scope, year int, orgID int64) (*bun.SelectQuery, error) {
	m := s.db.NewSelect().TableExpr("(?) AS m", s.members.SelectAccounts(s.db, member.StatusNormal)).
		ColumnExpr("m.id, m.name, m.org_id, m.user_id").
		ColumnExpr("CASE WHEN m.id IN (?) THEN ? ELSE ? END AS target", org.SelectLeaderIDs(s.db), leaderTenths, memberTenths)
	if orgID > 0 {
		m = m.ColumnExpr("(?) AS online", course.YearSum(s.db, year, "m.user_id")).
			ColumnExpr("(?) AS offline", s.db.NewSelect().Model((*Offline)(nil)).ColumnExpr("COALESCE(SUM(o.tenths), 0)").
				Where("o.member_id = m.id").Where("o.year = ?", year).Where("o.state = ?", StateApproved))
	} else {
		m = m.ColumnExpr("COALESCE(onl.tenths, 0) AS online, COALESCE(ofl.tenths, 0) AS offline").
			Join("LEFT JOIN (?) AS onl ON onl.user_id = m.user_id", course.YearTotals(s.db, year)).
			Join("LEFT JOIN (?) AS ofl ON ofl.member_id = m.id", s.db.NewSelect().Model((*Offline)(nil)).
				ColumnExpr("o.member_id, SUM(o.tenths) AS tenths").Where("o.year = ?", year).Where("o.state = ?", StateApproved).
				GroupExpr("o.member_id"))
	}
	m = sc.Apply(m, "m.org_id")
	if orgID > 0 {
		var err error
		if m, err = org.SubtreeFilter("m.org_id").Custom(m, orgID); err != nil {
			return nil, err
		}
	}
	return s.db.NewSelect().TableExpr("(?) AS t", m).
		ColumnExpr("t.id, t.name, t.org_id, t.user_id, t.online, t.offline, t.target, t.online + t.offline AS total"), nil
}

// MemberRow is a member's year.
type MemberRow struct {
	ID        int64   `bun:"id" json:"id"` // the member
	Name      string  `bun:"name" json:"name"`
	OrgID     int64   `bun:"org_id" json:"orgId"`
	OrgName   string  `bun:"org_name" json:"orgName"`
	UserID    *int64  `bun:"user_id" json:"-"`
	Online    int     `bun:"online" json:"-"`
	Offline   int     `bun:"offline" json:"-"`
	Total     int     `bun:"total" json:"-"`
	Target    int     `bun:"target" json:"-"`
	Hours     Figures `bun:"-" json:"hours"`
	Met       bool    `bun:"-" json:"met"`
	Shortfall float64 `bun:"-" json:"shortfall"`
	httpx.InAll
}

// Figures are a member's hours of the year.
type Figures struct {
	Online  float64 `json:"online"`
	Offline float64 `json:"offline"`
	Total   float64 `json:"total"`
	Target  float64 `json:"target"`
}

func (r *MemberRow) fill() {
	r.Hours = Figures{hoursOf(r.Online), hoursOf(r.Offline), hoursOf(r.Total), hoursOf(r.Target)}
	r.Met = r.Total >= r.Target
	r.Shortfall = hoursOf(max(r.Target-r.Total, 0))
}

var memberSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"t.name"}, Match: httpx.Like},
		// behind: 未达标 only.
		"behind": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			if v == true {
				return q.Where("t.total < t.target"), nil
			}
			return q, nil
		}},
	},
	Sorts: map[string]string{"name": "t.name", "total": "t.total", "online": "t.online", "offline": "t.offline",
		"shortfall": "t.target - t.total", "orgName": org.NameColumn},
	DefaultSort: "t.total, t.id",
	Key:         "t.id",
}

// tableQuery reads the year and organisation of a table's query and takes
// them out of its filters (they shape the inner select).
func (s *Service) tableQuery(ctx context.Context, lq httpx.ListQuery) (org.Scope, int, int64, httpx.ListQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return sc, 0, 0, lq, err
	}
	year, err := s.yearOf(lq.Filter("year"))
	if err != nil {
		return sc, 0, 0, lq, err
	}
	var orgID int64
	if raw := lq.Filter("orgId"); raw != "" {
		if _, err := fmt.Sscan(raw, &orgID); err != nil || orgID <= 0 {
			return sc, 0, 0, lq, httpx.BadRequest("查询条件 orgId 应为整数")
		}
	}
	rest := httpx.ListQuery{Page: lq.Page, Filters: map[string]any{}}
	for k, v := range lq.Filters {
		if k != "year" && k != "orgId" {
			rest.Filters[k] = v
		}
	}
	return sc, year, orgID, rest, nil
}

// memberQuery is the members' table query of lq (unpaged).
func (s *Service) memberQuery(ctx context.Context, lq httpx.ListQuery) (*bun.SelectQuery, httpx.ListQuery, error) {
	sc, year, orgID, rest, err := s.tableQuery(ctx, lq)
	if err != nil {
		return nil, rest, err
	}
	t, err := s.totals(sc, year, orgID)
	if err != nil {
		return nil, rest, err
	}
	q := org.NameJoin("t.org_id")(s.db.NewSelect().TableExpr("(?) AS t", t).ColumnExpr("t.*"))
	return q, rest, nil
}

// MemberTable is a page of the members' hours of ?year in the caller's
// scope (under ?orgId): 未达标 only with ?behind=true, by name with ?blurry.
func (s *Service) MemberTable(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[MemberRow], error) {
	q, rest, err := s.memberQuery(ctx, lq)
	if err != nil {
		return httpx.PageResult[MemberRow]{}, err
	}
	return httpx.PagedOnce(ctx, q, memberSpec, rest, (*MemberRow).fill)
}

func (s *Service) exportMembers(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, rest, err := s.memberQuery(ctx, lq)
	if err != nil {
		return err
	}
	if q, err = memberSpec.Query(q, rest); err != nil {
		return err
	}
	headers := []string{"序号", "姓名", "所在党组织", "线上学时", "线下学时", "合计学时", "年度要求", "是否达标", "差额"}
	widths := []float64{6, 12, 30, 10, 10, 10, 10, 10, 8}
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "党员年度学时.xlsx", func(n int, row *MemberRow) []any {
		row.fill()
		return []any{n, row.Name, row.OrgName, row.Hours.Online, row.Hours.Offline, row.Hours.Total, row.Hours.Target,
			metName(row.Met), row.Shortfall}
	})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出党员年度学时 %d 行", n))
	}
	return err
}

func metName(met bool) string {
	if met {
		return "达标"
	}
	return "未达标"
}

// GroupRow is an organisation's year: its members (in normal status, in
// its subtree), how many reached their target, the rate and the average.
type GroupRow struct {
	ID          int64   `bun:"top_id" json:"id"`
	Name        string  `bun:"top_name" json:"name"`
	Sort        int     `bun:"top_sort" json:"-"`
	Path        string  `bun:"top_path" json:"-"`
	Members     int     `bun:"members" json:"members"`
	Met         int     `bun:"met" json:"met"`
	TotalTenths int64   `bun:"total_tenths" json:"-"`
	Rate        float64 `bun:"-" json:"rate"`    // percent, one decimal
	Average     float64 `bun:"-" json:"average"` // hours a member, one decimal
	httpx.InAll
}

func (g *GroupRow) fill() {
	if g.Members > 0 {
		g.Rate = float64(g.Met*1000/g.Members) / 10
		g.Average = float64(g.TotalTenths/int64(g.Members)) / 10
	}
}

var groupSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{"blurry": {Columns: []string{"g.top_name"}, Match: httpx.Like}},
	Sorts: map[string]string{"name": "g.top_name", "members": "g.members", "met": "g.met",
		"rate": "g.met * 1000 / g.members", "average": "g.total_tenths / g.members"},
	DefaultSort: "g.top_sort, g.top_id",
	Key:         "g.top_id",
}

// groupQuery is the table of level's organisations (unpaged).
func (s *Service) groupQuery(ctx context.Context, level org.Level, lq httpx.ListQuery) (*bun.SelectQuery, httpx.ListQuery, error) {
	sc, year, orgID, rest, err := s.tableQuery(ctx, lq)
	if err != nil {
		return nil, rest, err
	}
	t, err := s.totals(sc, year, orgID)
	if err != nil {
		return nil, rest, err
	}
	// Summed per organisation first (a few thousand rows), then per
	// organisation of the level above them.
	perOrg := s.db.NewSelect().TableExpr("(?) AS t", t).ColumnExpr("t.org_id, COUNT(*) AS members").
		ColumnExpr("SUM(CASE WHEN t.total >= t.target THEN 1 ELSE 0 END) AS met, SUM(t.total) AS total_tenths").GroupExpr("t.org_id")
	g := s.db.NewSelect().TableExpr("(?) AS po", perOrg).Join("JOIN (?) AS a ON a.org_id = po.org_id", org.SelectAncestry(s.db, level)).
		ColumnExpr("a.top_id, a.top_name, a.top_sort, a.top_path, SUM(po.members) AS members").
		ColumnExpr("SUM(po.met) AS met, SUM(po.total_tenths) AS total_tenths").
		GroupExpr("a.top_id, a.top_name, a.top_sort, a.top_path")
	return s.db.NewSelect().TableExpr("(?) AS g", g).ColumnExpr("g.*"), rest, nil
}

// groupTable is a page of level's table: the branches (支部) or the
// organisations below the university's 党委 (二级党委), in the caller's scope.
func (s *Service) groupTable(level org.Level) func(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[GroupRow], error) {
	return func(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[GroupRow], error) {
		q, rest, err := s.groupQuery(ctx, level, lq)
		if err != nil {
			return httpx.PageResult[GroupRow]{}, err
		}
		return httpx.PagedOnce(ctx, q, groupSpec, rest, (*GroupRow).fill)
	}
}

func (s *Service) exportGroups(level org.Level) httpx.HandlerFunc {
	title, first := "支部年度学时.xlsx", "党支部"
	if level == org.LevelSecond {
		title, first = "二级党委年度学时.xlsx", "二级党委（党组织）"
	}
	return func(w http.ResponseWriter, r *http.Request) error {
		ctx := r.Context()
		lq, err := httpx.ReadListQuery(r)
		if err != nil {
			return err
		}
		q, rest, err := s.groupQuery(ctx, level, lq)
		if err != nil {
			return err
		}
		if q, err = groupSpec.Query(q, rest); err != nil {
			return err
		}
		headers := []string{"序号", first, "党员数", "达标人数", "达标率（%）", "人均学时"}
		widths := []float64{6, 32, 10, 10, 12, 10}
		n, err := excel.Export(ctx, w, s.db, q, headers, widths, title, func(n int, g *GroupRow) []any {
			g.fill()
			return []any{n, g.Name, g.Members, g.Met, g.Rate, g.Average}
		})
		if err == nil {
			s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s %d 行", title, n))
		}
		return err
	}
}
