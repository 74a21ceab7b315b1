package analysis

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// 干部队伍结构分析: the serving cadres of the caller's scope (or one unit of
// it) counted by age band, gender, education, degree, title, ethnicity,
// party membership, years in post and level, each a GROUP BY in SQL.

// Cell is one item of a dimension and how many cadres it holds.
type Cell struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// Dimension is one breakdown of the team.
type Dimension struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Cells []Cell `json:"cells"`
}

// Structure is the analysis of the team.
type Structure struct {
	Total int `json:"total"`
	// AverageAge is the mean age in whole years on the day (0: none known).
	AverageAge float64     `json:"averageAge"`
	Day        date.Date   `json:"day"`
	Dimensions []Dimension `json:"dimensions"`
}

// band is an item of a banded dimension: the rows whose column is after
// (younger, newer) the cutoff given in years before the day.
type band struct {
	key, label string
	years      int // the column is later than day minus years (0: the last band, everything else)
}

// ageBands: 35岁及以下 … 61岁及以上 (the bands the organisation department's
// 干部队伍结构 reports use); age in whole years on the day, from the birth
// month (birth_on is day 1: a cadre counts a year older from the first of
// the birth month).
var ageBands = []band{
	{"35", "35岁及以下", 36}, {"40", "36至40岁", 41}, {"45", "41至45岁", 46}, {"50", "46至50岁", 51},
	{"55", "51至55岁", 56}, {"60", "56至60岁", 61}, {"61", "61岁及以上", 0},
}

// postBands: years in the current post (任现职时间).
var postBands = []band{
	{"3", "不满3年", 3}, {"5", "3年以上不满5年", 5}, {"10", "5年以上不满10年", 10}, {"11", "10年及以上", 0},
}

// bandExpr is the CASE of a banded column: NULL → "", then the bands.
func bandExpr(column string, day date.Date, bands []band) (string, []any) {
	expr := "CASE WHEN " + column + " IS NULL THEN ''"
	var args []any
	for _, b := range bands {
		if b.years == 0 {
			expr += " ELSE '" + b.key + "'"
			continue
		}
		expr += " WHEN " + column + " > ? THEN '" + b.key + "'"
		args = append(args, day.AddYears(-b.years))
	}
	return expr + " END", args
}

// dimension is how one dimension is counted and labelled.
type dimension struct {
	key, title string
	expr       func(day date.Date) (string, []any)
	// label names a key ("" stays 未填写); bands list their items in order.
	dict  string
	bands []band
	fixed []Cell // items of a classified dimension, in order
}

const (
	politicalCPC        = "01" // ZZMM 中国共产党党员
	politicalCPCPending = "02" // ZZMM 中国共产党预备党员
	politicalMasses     = "13" // ZZMM 群众
	ethnicityHan        = "01" // DJ_COMM_MZXX 汉族
)

func column(c string) func(date.Date) (string, []any) {
	return func(date.Date) (string, []any) { return "COALESCE(" + c + ", '')", nil }
}

var dimensions = []dimension{
	{key: "age", title: "年龄", bands: ageBands, expr: func(day date.Date) (string, []any) { return bandExpr("g.birth_on", day, ageBands) }},
	{key: "gender", title: "性别", dict: DictGender, expr: column("g.gender")},
	{key: "level", title: "职级", dict: DictLevel, expr: column("g.level")},
	// 学历 by GB/T 4658 class, the code's first digit: 1 研究生, 2 本科 (20–23, 28 普通班), 3 专科.
	{key: "education", title: "学历", fixed: []Cell{{Key: "graduate", Label: "研究生"}, {Key: "bachelor", Label: "大学本科"},
		{Key: "college", Label: "大学专科"}, {Key: "lower", Label: "中专及以下"}},
		expr: func(date.Date) (string, []any) {
			return "CASE WHEN COALESCE(g.education, '') = '' THEN '' WHEN g.education LIKE '1%' THEN 'graduate' " +
				"WHEN g.education LIKE '2%' THEN 'bachelor' WHEN g.education LIKE '3%' THEN 'college' ELSE 'lower' END", nil
		}},
	// 学位 by GB/T 6864 level (the code's first digit: 1 名誉博士, 2 博士, 3 硕士, 4 学士).
	{key: "degree", title: "学位", fixed: []Cell{{Key: "doctor", Label: "博士"}, {Key: "master", Label: "硕士"},
		{Key: "bachelor", Label: "学士"}, {Key: "none", Label: "无学位"}},
		expr: func(date.Date) (string, []any) {
			return "CASE WHEN COALESCE(g.degree, '') = '' THEN 'none' WHEN g.degree LIKE '1%' OR g.degree LIKE '2%' THEN 'doctor' " +
				"WHEN g.degree LIKE '3%' THEN 'master' WHEN g.degree LIKE '4%' THEN 'bachelor' ELSE 'none' END", nil
		}},
	{key: "title", title: "职称", dict: DictTitle, expr: column("g.title")},
	{key: "ethnicity", title: "民族", fixed: []Cell{{Key: "han", Label: "汉族"}, {Key: "minority", Label: "少数民族"}},
		expr: func(date.Date) (string, []any) {
			return "CASE WHEN COALESCE(g.ethnicity, '') = '' THEN '' WHEN g.ethnicity = ? THEN 'han' ELSE 'minority' END",
				[]any{ethnicityHan}
		}},
	{key: "party", title: "政治面貌", fixed: []Cell{{Key: "cpc", Label: "中共党员（含预备党员）"}, {Key: "democratic", Label: "民主党派"},
		{Key: "other", Label: "群众及其他"}},
		expr: func(date.Date) (string, []any) {
			return "CASE WHEN COALESCE(g.political_status, '') = '' THEN '' WHEN g.political_status IN (?, ?) THEN 'cpc' " +
					"WHEN g.political_status >= '04' AND g.political_status <= '11' THEN 'democratic' ELSE 'other' END",
				[]any{politicalCPC, politicalCPCPending}
		}},
	{key: "postYears", title: "任现职年限", bands: postBands, expr: func(day date.Date) (string, []any) { return bandExpr("g.post_since", day, postBands) }},
}

// unknown is the label of the cadres without the value.
const unknown = "未填写"

// count runs one dimension's GROUP BY over the team's query.
func (s *Service) count(ctx context.Context, team func() *bun.SelectQuery, d dimension, day date.Date) (map[string]int, error) {
	expr, args := d.expr(day)
	var rows []struct {
		K string `bun:"k"`
		N int    `bun:"n"`
	}
	if err := s.db.NewSelect().TableExpr("(?) AS t", team().ColumnExpr(expr+" AS k", args...)).
		ColumnExpr("t.k AS k").ColumnExpr("COUNT(*) AS n").GroupExpr("t.k").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.K] = r.N
	}
	return out, nil
}

// cells orders a dimension's counts: bands and classes in their order
// (zeros kept), dictionary codes in the dictionary's order (only those
// present), 未填写 last when any.
func (s *Service) cells(ctx context.Context, d dimension, counts map[string]int) ([]Cell, error) {
	var out []Cell
	switch {
	case d.bands != nil:
		for _, b := range d.bands {
			out = append(out, Cell{Key: b.key, Label: b.label, Count: counts[b.key]})
		}
	case d.fixed != nil:
		for _, c := range d.fixed {
			out = append(out, Cell{Key: c.Key, Label: c.Label, Count: counts[c.Key]})
		}
	default:
		items, err := s.sys.DictItems(ctx, []string{d.dict})
		if err != nil {
			return nil, httpx.Internal(err)
		}
		seen := map[string]bool{"": true}
		for _, it := range items[d.dict] {
			if n := counts[it.Value]; n > 0 {
				out = append(out, Cell{Key: it.Value, Label: it.Label, Count: n})
			}
			seen[it.Value] = true
		}
		for k, n := range counts { // a code the dictionary lost
			if !seen[k] {
				out = append(out, Cell{Key: k, Label: k, Count: n})
			}
		}
	}
	if n := counts[""]; n > 0 {
		out = append(out, Cell{Key: "", Label: unknown, Count: n})
	}
	return out, nil
}

// Structure analyses the serving cadres of the caller's scope, of one unit
// and those below it when unitID > 0 (outside the scope: none).
func (s *Service) Structure(ctx context.Context, unitID int64) (Structure, error) {
	team, err := s.team(ctx, unitID)
	if err != nil {
		return Structure{}, err
	}
	day := s.today()
	out := Structure{Day: day}
	var known int
	if err := s.db.NewSelect().TableExpr("(?) AS t", team().ColumnExpr("g.birth_on AS birth_on")).ColumnExpr("COUNT(*) AS n").
		ColumnExpr("COUNT(t.birth_on) AS age_known").Scan(ctx, &out.Total, &known); err != nil {
		return out, httpx.Internal(err)
	}
	if known > 0 {
		avg, err := s.averageAge(ctx, team, day)
		if err != nil {
			return out, err
		}
		out.AverageAge = avg
	}
	for _, d := range dimensions {
		counts, err := s.count(ctx, team, d, day)
		if err != nil {
			return out, err
		}
		cells, err := s.cells(ctx, d, counts)
		if err != nil {
			return out, err
		}
		out.Dimensions = append(out.Dimensions, Dimension{Key: d.key, Title: d.title, Cells: cells})
	}
	return out, nil
}

// averageAge is the mean age in whole years: the ages are counted per
// birth year and month in SQL, and averaged here over those groups.
func (s *Service) averageAge(ctx context.Context, team func() *bun.SelectQuery, day date.Date) (float64, error) {
	var rows []struct {
		Born date.Date `bun:"born"`
		N    int       `bun:"n"`
	}
	if err := s.db.NewSelect().TableExpr("(?) AS t", team().ColumnExpr("g.birth_on AS born")).ColumnExpr("t.born AS born").
		ColumnExpr("COUNT(*) AS n").Where("t.born IS NOT NULL").GroupExpr("t.born").Scan(ctx, &rows); err != nil {
		return 0, httpx.Internal(err)
	}
	sum, n := 0, 0
	for _, r := range rows {
		sum += r.Born.AgeOn(day) * r.N
		n += r.N
	}
	if n == 0 {
		return 0, nil
	}
	return float64(sum*10/n) / 10, nil
}

// team is the serving cadres of the scope (and of a unit with the units
// below it: 机关 counts its offices) as a query factory:
// each dimension selects its own column of it.
func (s *Service) team(ctx context.Context, unitID int64) (func() *bun.SelectQuery, error) {
	scope, err := s.base.Scoped("g.unit_id")(ctx)
	if err != nil {
		return nil, err
	}
	var units []int64
	if unitID > 0 {
		if units, err = s.base.UnitSubtree(ctx, unitID); err != nil {
			return nil, httpx.Internal(err)
		}
		if len(units) == 0 {
			units = []int64{unitID} // no such unit: nobody
		}
	}
	return func() *bun.SelectQuery {
		q := scope(s.base.Serving(s.db))
		if unitID > 0 {
			q = q.Where("g.unit_id IN (?)", bun.In(units))
		}
		return q
	}, nil
}

// String is a dimension line for the export.
func (c Cell) String() string { return fmt.Sprintf("%s %d", c.Label, c.Count) }
