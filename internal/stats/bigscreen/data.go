package bigscreen

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// OrgDot is an organisation on the map with its serving members.
type OrgDot struct {
	Name    string `json:"name"`
	Members int    `json:"members"`
}

// Map is GET /api/report/aj/dj/map: the configured campuses with the
// organisations of the scope on them. Configured false: nothing is set
// (the screen says where to set it); Problem: the setting cannot be read.
type Map struct {
	Configured bool     `json:"configured"`
	Problem    string   `json:"problem,omitempty"`
	Members    int      `json:"members"`
	Campuses   []Campus `json:"campuses"`
}

// groupCount is a count of serving members per organisation.
type groupCount struct {
	ID   int64  `bun:"id"`
	Name string `bun:"name"`
	N    int    `bun:"n"`
}

// serving is a select of the serving members of the caller's scope, as b:
// their party status, gender, admission and full dates, organisation
// (org_name) and 二级党委 (top_id, top_name, top_path; NULL above one).
func (s *Service) serving(ctx context.Context) (*bun.SelectQuery, error) {
	return s.scoped(ctx, member.SelectServing(s.db))
}

// everyone is serving's select over every member record of the scope, the
// transferred out, left and dead too (what the yearly trend counts).
func (s *Service) everyone(ctx context.Context) (*bun.SelectQuery, error) {
	return s.scoped(ctx, member.Select(s.db))
}

func (s *Service) scoped(ctx context.Context, members *bun.SelectQuery) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := org.NameJoin("m.org_id")(members).
		ColumnExpr("m.org_id, m.party_status, m.gender, m.joined_on, m.full_on, a.top_id, a.top_name, a.top_path").
		Join("LEFT JOIN (?) AS a ON a.org_id = m.org_id", org.SelectAncestry(s.db, org.LevelSecond))
	return s.db.NewSelect().TableExpr("(?) AS b", sc.Apply(q, "m.org_id")), nil
}

// PartyMap reads the campus map with the serving members of the caller's
// scope per placed organisation (a 二级党委 with all below it, or another
// organisation with its own members); organisations outside the scope are
// left off.
func (s *Service) PartyMap(ctx context.Context) (Map, error) {
	out := Map{Campuses: []Campus{}}
	q, err := s.serving(ctx)
	if err != nil {
		return out, err
	}
	if err := q.ColumnExpr("COUNT(*)").Scan(ctx, &out.Members); err != nil {
		return out, httpx.Internal(err)
	}
	raw := s.sys.Setting(ctx, CfgCampusMap)
	campuses, err := parseCampusMap(raw, "configValue")
	out.Configured = strings.TrimSpace(raw) != ""
	if err != nil {
		out.Problem = "校区示意图配置有误（驾驶舱 › 综合地图 › 编辑示意图）：" + message(err)
		return out, nil
	}
	counts := map[int64]OrgDot{}
	for _, by := range [][2]string{{"b.top_id", "b.top_name"}, {"b.org_id", "b.org_name"}} {
		q, err := s.serving(ctx)
		if err != nil {
			return out, err
		}
		var rows []groupCount
		if err := q.ColumnExpr(by[0]+" AS id").ColumnExpr(by[1]+" AS name").ColumnExpr("COUNT(*) AS n").Where(by[0]+" IS NOT NULL").
			GroupExpr(by[0]+", "+by[1]).Scan(ctx, &rows); err != nil {
			return out, httpx.Internal(err)
		}
		for _, r := range rows {
			if r.N > counts[r.ID].Members { // a 二级党委 holding members itself is counted by both
				counts[r.ID] = OrgDot{Name: r.Name, Members: r.N}
			}
		}
	}
	for _, c := range campuses {
		drawn := Campus{Name: c.Name, X: c.X, Y: c.Y, W: c.W, H: c.H, Buildings: make([]Building, 0, len(c.Buildings))}
		for _, b := range c.Buildings {
			placed := []OrgDot{}
			total := 0
			for _, id := range b.OrgIDs {
				if dot, ok := counts[id]; ok {
					placed = append(placed, dot)
					total += dot.Members
				}
			}
			drawn.Buildings = append(drawn.Buildings, Building{Name: b.Name, X: b.X, Y: b.Y, Placed: placed, Members: total})
		}
		out.Campuses = append(out.Campuses, drawn)
	}
	return out, nil
}

// message is the Chinese message of a refusal.
func message(err error) string {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

// CommitteeLine is a 二级党委's figures on the comparison screen.
type CommitteeLine struct {
	Name      string `bun:"name" json:"name"`
	Members   int    `bun:"members" json:"members"`
	Probation int    `bun:"probation" json:"probation"`
	Women     int    `bun:"women" json:"women"`
	Developed int    `bun:"developed" json:"developed"` // joined this year (预备党员 admitted)
}

// Compare is GET /api/report/aj/dj/compare.
type Compare struct {
	Year  int             `json:"year"`
	Lines []CommitteeLine `json:"lines"`
}

// today is the day in China and its year.
func (s *Service) today() (date.Date, int) {
	t := s.now().In(date.China)
	return date.Of(t), t.Year()
}

// yearStart is 1 January of year.
func yearStart(year int) date.Date { return date.Date(fmt.Sprintf("%04d-01-01", year)) }

// PartyCompare reads the serving members of the scope per 二级党委: all,
// probationary, women, and those admitted this year.
func (s *Service) PartyCompare(ctx context.Context) (Compare, error) {
	_, year := s.today()
	out := Compare{Year: year, Lines: []CommitteeLine{}}
	q, err := s.serving(ctx)
	if err != nil {
		return out, err
	}
	start := yearStart(year)
	q = q.ColumnExpr("b.top_name AS name").ColumnExpr("COUNT(*) AS members").
		ColumnExpr("SUM(CASE WHEN b.party_status = ? THEN 1 ELSE 0 END) AS probation", member.PartyProbation).
		ColumnExpr("SUM(CASE WHEN b.gender = ? THEN 1 ELSE 0 END) AS women", member.GenderFemale).
		ColumnExpr("SUM(CASE WHEN b.joined_on >= ? THEN 1 ELSE 0 END) AS developed", start).
		Where("b.top_id IS NOT NULL").GroupExpr("b.top_id, b.top_name, b.top_path").OrderExpr("b.top_path")
	if err := q.Scan(ctx, &out.Lines); err != nil {
		return out, httpx.Internal(err)
	}
	return out, nil
}

// YearLine is a year of the trend screen: the members of the scope admitted
// (joined_on) and made full (full_on) that year, whether they serve today or
// have since been transferred out, left or died (the serving ones alone made
// each past year smaller the longer ago it was).
type YearLine struct {
	Year   int `bun:"year" json:"year"`
	Joined int `bun:"joined" json:"joined"`
	Full   int `bun:"full" json:"full"`
}

// Trend is GET /api/report/aj/dj/trend: the last trendYears years, and the
// party fees of the scope collected this year (January to this month) and
// this month, with their rates (fee.Collected, as the 党建工作台 reads them).
type Trend struct {
	Years    []YearLine  `json:"years"`
	Month    string      `json:"month"` // this month, YYYY-MM
	FeeYear  fee.Figures `json:"feeYear"`
	FeeMonth fee.Figures `json:"feeMonth"`
}

const trendYears = 10

// PartyTrend counts per year, over the last trendYears years, the members of
// the scope admitted and made full (every record, see YearLine).
func (s *Service) PartyTrend(ctx context.Context) (Trend, error) {
	day, year := s.today()
	first := year - trendYears + 1
	byYear := map[int]*YearLine{}
	out := Trend{Years: make([]YearLine, 0, trendYears), Month: day.Month().String()}
	var err error
	if out.FeeYear, err = s.fees.Collected(ctx, out.Month[:4]+"-01", out.Month); err != nil {
		return out, err
	}
	if out.FeeMonth, err = s.fees.Collected(ctx, out.Month, out.Month); err != nil {
		return out, err
	}
	for y := first; y <= year; y++ {
		out.Years = append(out.Years, YearLine{Year: y})
	}
	for i := range out.Years {
		byYear[out.Years[i].Year] = &out.Years[i]
	}
	for _, col := range []string{"b.joined_on", "b.full_on"} {
		q, err := s.everyone(ctx)
		if err != nil {
			return out, err
		}
		year := "CAST(SUBSTR(" + col + ", 1, 4) AS INTEGER)"
		if db.IsPostgres(s.db) {
			year = "CAST(EXTRACT(YEAR FROM " + col + ") AS INTEGER)"
		}
		var rows []groupYear
		if err := q.ColumnExpr(year+" AS year").ColumnExpr("COUNT(*) AS n").Where(col+" >= ?", yearStart(first)).
			Where(col+" <= ?", day).GroupExpr(year).Scan(ctx, &rows); err != nil {
			return out, httpx.Internal(err)
		}
		for _, r := range rows {
			if l := byYear[r.Year]; l != nil {
				if col == "b.joined_on" {
					l.Joined = r.N
				} else {
					l.Full = r.N
				}
			}
		}
	}
	return out, nil
}

type groupYear struct {
	Year int `bun:"year"`
	N    int `bun:"n"`
}
