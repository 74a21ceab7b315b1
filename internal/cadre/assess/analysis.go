package assess

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// 绩效分析 reads the results of counted and confirmed rounds: a cadre's
// over the years, and a round's distributions school-wide and per unit.
// A round holds at most MaxRoundCadres cadres, so the analysis reads the
// rows of one round (or of one cadre) and sums them in exact decimals; it
// never reads a table whole.

// UngradedLabel names the cadres of a round without a grade (no valid ballot).
const UngradedLabel = "未定等次"

// ScoreBands are the histogram's bands: each up to (excluding) its bound,
// the last open.
var ScoreBands = []struct {
	Label string
	Below int
}{{"60分以下", 60}, {"60-70分", 70}, {"70-80分", 80}, {"80-90分", 90}, {"90分及以上", MaxScore + 1}}

// CadreTrend is a cadre's performance: their rounds over the years and,
// for the latest, their top-level indicators against the round's average.
type CadreTrend struct {
	CadreID int64        `json:"cadreId"`
	Name    string       `json:"name"`
	Rounds  []CadreRound `json:"rounds"` // oldest first
	Comparison
}

// CadreRound is a cadre's result in one round.
type CadreRound struct {
	RoundID       int64            `bun:"round_id" json:"roundId"`
	RoundName     string           `bun:"round_name" json:"roundName"`
	Year          int              `bun:"year" json:"year"`
	State         string           `bun:"state" json:"state"`
	Name          string           `bun:"name" json:"-"`
	UnitName      string           `bun:"unit_name" json:"unitName"`
	Post          string           `bun:"post" json:"post"`
	Score         *decimal.Decimal `bun:"score,type:varchar(12)" json:"score"`
	Rank          *int             `bun:"rank" json:"rank"`
	Ranked        int              `bun:"ranked" json:"ranked"` // the round's cadres with a score
	Grade         string           `bun:"grade" json:"grade"`
	Detail        string           `bun:"detail" json:"-"`
	SchemeID      int64            `bun:"scheme_id" json:"-"`
	SchemeVersion int              `bun:"scheme_version" json:"-"`
}

// Comparison sets the top-level indicators of a cadre or a unit's team
// against the round's average of all its cadres.
type Comparison struct {
	Indicators []IndicatorScore `json:"indicators"` // the scheme's order
	Strengths  []string         `json:"strengths"`  // keys above the average, the widest lead first
	Weaknesses []string         `json:"weaknesses"` // keys below it, the widest gap first
}

// IndicatorScore is a top-level indicator's score against the average.
type IndicatorScore struct {
	Key     string           `json:"key"`
	Name    string           `json:"name"`
	Weight  decimal.Decimal  `json:"weight"`
	Score   *decimal.Decimal `json:"score"`   // nil: nobody answered it
	Average *decimal.Decimal `json:"average"` // of the round's cadres
	Diff    *decimal.Decimal `json:"diff"`    // score − average
}

// RoundAnalysis is a round's distributions: the whole round's, each unit's
// of the caller's scope, and with a unit its team against the round.
type RoundAnalysis struct {
	RoundID int64              `json:"roundId"`
	Name    string             `json:"name"`
	Year    int                `json:"year"`
	State   string             `json:"state"`
	School  Distribution       `json:"school"`
	Units   []UnitDistribution `json:"units"` // by the units' names
	UnitID  *int64             `json:"unitId"`
	Team    *Comparison        `json:"team"` // with unitId
}

// Distribution is how a set of cadres of a round fared.
type Distribution struct {
	Cadres   int              `json:"cadres"`
	Scored   int              `json:"scored"`
	Average  *decimal.Decimal `json:"average"` // of the scored, two decimals
	Grades   []Count          `json:"grades"`  // every grade, best first
	Ungraded int              `json:"ungraded"`
	Bands    []Count          `json:"bands"` // ScoreBands' counts
}

// Count is how many cadres are under a label.
type Count struct {
	Label string `json:"label"`
	Count int    `json:"count"`
}

// UnitDistribution is one unit's cadres of a round.
type UnitDistribution struct {
	UnitID   int64  `json:"unitId"`
	UnitName string `json:"unitName"`
	Distribution
}

func errNoResult() *httpx.Error {
	return httpx.NotFound("该干部没有已结束测评的考核结果（或不在您的管理范围内）")
}

// resultStates are the states a round has results in.
var resultStates = []string{StateCounted, StateConfirmed}

// CadreAnalysis is cadre cadreID's trend over the counted and confirmed
// rounds that assessed them in a unit of the caller's scope (404 for none).
func (s *Service) CadreAnalysis(ctx context.Context, cadreID int64) (CadreTrend, error) {
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return CadreTrend{}, err
	}
	var rounds []CadreRound
	q := s.db.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.round_id, c.name, c.post, c.score, c.rank, c.grade, c.detail").
		ColumnExpr("r.name AS round_name, r.year, r.state, r.scheme_id, r.scheme_version").
		ColumnExpr("(SELECT COUNT(x.score) FROM gb_kh_cadre AS x WHERE x.round_id = c.round_id) AS ranked").
		Apply(system.DeptNameJoin("c.unit_id")).Join("JOIN gb_kh_round AS r ON r.id = c.round_id").
		Where("c.cadre_id = ?", cadreID).Where("r.state IN (?)", bun.In(resultStates)).OrderExpr("r.year, r.id")
	if err := scope(q).Scan(ctx, &rounds); err != nil {
		return CadreTrend{}, httpx.Internal(err)
	}
	if len(rounds) == 0 {
		return CadreTrend{}, errNoResult()
	}
	latest := rounds[len(rounds)-1]
	def, err := s.definitionOf(ctx, s.db, &Round{SchemeID: latest.SchemeID, SchemeVersion: latest.SchemeVersion})
	if err != nil {
		return CadreTrend{}, err
	}
	var details []string
	if err := s.db.NewSelect().Model((*RoundCadre)(nil)).Column("detail").Where("round_id = ?", latest.RoundID).Scan(ctx, &details); err != nil {
		return CadreTrend{}, httpx.Internal(err)
	}
	leaves := def.Leaves()
	var round means
	for _, d := range details {
		round.add(tops(leaves, d))
	}
	return CadreTrend{CadreID: cadreID, Name: latest.Name, Rounds: rounds,
		Comparison: compare(def, tops(leaves, latest.Detail), round.values())}, nil
}

// resultsOf reads round id with its definition once it has results (409
// before: nothing is known of a round under evaluation).
func (s *Service) resultsOf(ctx context.Context, id int64) (*RoundView, Definition, error) {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return nil, Definition{}, err
	}
	if !slices.Contains(resultStates, r.State) {
		return nil, Definition{}, httpx.Conflict("考核“%s”尚未结束测评，没有可分析的结果", r.Name)
	}
	def, err := s.definitionOf(ctx, s.db, &r.Round)
	return r, def, err
}

// analysisRow is a cadre's result as the distributions read it.
type analysisRow struct {
	UnitID   int64            `bun:"unit_id"`
	UnitName string           `bun:"unit_name"`
	Score    *decimal.Decimal `bun:"score,type:varchar(12)"`
	Grade    string           `bun:"grade"`
	Detail   string           `bun:"detail"`
}

// RoundAnalysis is round id's distributions: the whole round's (the
// reference a unit is compared with), each unit's of the caller's scope
// and, with unitID (one of those), the unit's team against the round.
func (s *Service) RoundAnalysis(ctx context.Context, id, unitID int64) (RoundAnalysis, error) {
	r, def, err := s.resultsOf(ctx, id)
	if err != nil {
		return RoundAnalysis{}, err
	}
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return RoundAnalysis{}, err
	}
	var mine []int64
	if err := scope(s.db.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("DISTINCT c.unit_id").Where("c.round_id = ?", id)).
		Scan(ctx, &mine); err != nil {
		return RoundAnalysis{}, httpx.Internal(err)
	}
	if unitID != 0 && !slices.Contains(mine, unitID) {
		return RoundAnalysis{}, httpx.NotFound("该单位没有参加本次考核的干部（或不在您的管理范围内）")
	}
	var rows []analysisRow
	if err := s.db.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.unit_id, c.score, c.grade, c.detail").
		Apply(system.DeptNameJoin("c.unit_id")).Where("c.round_id = ?", id).
		OrderExpr(s.pinyin(zh.Name(system.DeptNameColumn))+", c.unit_id").Scan(ctx, &rows); err != nil {
		return RoundAnalysis{}, httpx.Internal(err)
	}
	out := RoundAnalysis{RoundID: r.ID, Name: r.Name, Year: r.Year, State: r.State, Units: []UnitDistribution{}}
	var school, unit spread
	var round, team means
	leaves := def.Leaves()
	for _, c := range rows {
		school.add(c)
		if slices.Contains(mine, c.UnitID) {
			if n := len(out.Units); n == 0 || out.Units[n-1].UnitID != c.UnitID {
				out.Units = append(out.Units, UnitDistribution{UnitID: c.UnitID, UnitName: c.UnitName})
				unit = spread{}
			}
			unit.add(c)
			out.Units[len(out.Units)-1].Distribution = unit.distribution()
		}
		if unitID != 0 {
			t := tops(leaves, c.Detail)
			round.add(t)
			if c.UnitID == unitID {
				team.add(t)
			}
		}
	}
	out.School = school.distribution()
	if unitID != 0 {
		c := compare(def, team.values(), round.values())
		out.UnitID, out.Team = &unitID, &c
	}
	return out, nil
}

func (s *Service) roundAnalysis(req *http.Request, id int64) (RoundAnalysis, error) {
	var unitID int64
	if v := req.URL.Query().Get("unitId"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return RoundAnalysis{}, httpx.Invalid("unitId", "单位无效")
		}
		unitID = n
	}
	return s.RoundAnalysis(req.Context(), id, unitID)
}

// exportAnalysis streams a round's per-unit table (units of the caller's
// scope) with the whole round as its last row.
func (s *Service) exportAnalysis(w http.ResponseWriter, req *http.Request) error {
	ctx := req.Context()
	id, err := httpx.PathID(req, "id", errNoRound())
	if err != nil {
		return err
	}
	a, err := s.RoundAnalysis(ctx, id, 0)
	if err != nil {
		return err
	}
	headers := []string{"序号", "单位", "参评干部", "有效得分人数", "平均分"}
	widths := []float64{8, 28, 10, 12, 10}
	for _, g := range Grades {
		headers = append(headers, g)
		widths = append(widths, 10)
	}
	headers = append(headers, UngradedLabel)
	widths = append(widths, 10)
	xw, err := excel.NewReport(fmt.Sprintf("%s各单位考核结果分布", a.Name), headers, widths)
	if err != nil {
		return httpx.Internal(err)
	}
	cells := func(first, name any, d Distribution) []any {
		out := []any{first, name, d.Cadres, d.Scored, averageText(d.Average)}
		for _, g := range d.Grades {
			out = append(out, g.Count)
		}
		return append(out, d.Ungraded)
	}
	for i, u := range a.Units {
		if err := xw.Add(cells(i+1, u.UnitName, u.Distribution)...); err != nil {
			return httpx.Internal(err)
		}
	}
	if err := xw.AddTotal(cells("", "全校", a.School)...); err != nil {
		return httpx.Internal(err)
	}
	if err := xw.Send(w, fmt.Sprintf("%s-各单位分布.xlsx", a.Name)); err != nil {
		return err
	}
	s.sys.LogAccess(ctx, req, fmt.Sprintf("导出干部考核“%s”各单位分布（%d个单位）", a.Name, len(a.Units)))
	return nil
}

func averageText(d *decimal.Decimal) string {
	if d == nil {
		return ""
	}
	return d.StringFixed(2)
}

// spread counts a set of cadres' grades, bands and scores.
type spread struct {
	cadres, ungraded int
	grades           map[string]int
	bands            []int
	scores           mean
}

func (t *spread) add(c analysisRow) {
	if t.grades == nil {
		t.grades, t.bands = map[string]int{}, make([]int, len(ScoreBands))
	}
	t.cadres++
	if slices.Contains(Grades, c.Grade) {
		t.grades[c.Grade]++
	} else {
		t.ungraded++
	}
	if c.Score != nil {
		t.scores.add(*c.Score)
		for i, b := range ScoreBands {
			if c.Score.LessThan(decimal.NewFromInt(int64(b.Below))) {
				t.bands[i]++
				break
			}
		}
	}
}

func (t *spread) distribution() Distribution {
	d := Distribution{Cadres: t.cadres, Scored: t.scores.n, Average: t.scores.value(), Ungraded: t.ungraded,
		Grades: make([]Count, len(Grades)), Bands: make([]Count, len(ScoreBands))}
	for i, g := range Grades {
		d.Grades[i] = Count{Label: g, Count: t.grades[g]}
	}
	for i, b := range ScoreBands {
		d.Bands[i] = Count{Label: b.Label}
		if t.bands != nil {
			d.Bands[i].Count = t.bands[i]
		}
	}
	return d
}

// mean is an average in exact decimals.
type mean struct {
	sum decimal.Decimal
	n   int
}

func (m *mean) add(d decimal.Decimal) { m.sum, m.n = m.sum.Add(d), m.n+1 }

// value is the average with two decimals (nil: nothing added).
func (m mean) value() *decimal.Decimal {
	if m.n == 0 {
		return nil
	}
	v := round2(m.sum.Div(decimal.NewFromInt(int64(m.n))))
	return &v
}

// means are averages by indicator.
type means map[string]*mean

func (ms *means) add(scores map[string]decimal.Decimal) {
	if *ms == nil {
		*ms = means{}
	}
	for k, v := range scores {
		if (*ms)[k] == nil {
			(*ms)[k] = &mean{}
		}
		(*ms)[k].add(v)
	}
}

func (ms means) values() map[string]decimal.Decimal {
	out := map[string]decimal.Decimal{}
	for k, m := range ms {
		if v := m.value(); v != nil {
			out[k] = *v
		}
	}
	return out
}

// tops rolls a cadre's leaf scores (detail) up to the top-level
// indicators: Σ leaf weight × score over the leaves answered, over Σ their
// weights — a missing leaf's weight spread as the comprehensive score
// spreads it (docs/assess.md).
func tops(leaves []Leaf, raw string) map[string]decimal.Decimal {
	var d detail
	out := map[string]decimal.Decimal{}
	if json.Unmarshal([]byte(raw), &d) != nil {
		return out
	}
	sums := map[string]*weighted{}
	for _, l := range leaves {
		v, ok := d.Indicators[l.Key]
		if !ok {
			continue
		}
		if sums[l.Top] == nil {
			sums[l.Top] = &weighted{}
		}
		sums[l.Top].add(l.Weight, v)
	}
	for k, w := range sums {
		if v, ok := w.value(); ok {
			out[k] = round2(v)
		}
	}
	return out
}

// compare sets scores against averages per top-level indicator of def.
func compare(def Definition, scores, averages map[string]decimal.Decimal) Comparison {
	c := Comparison{Indicators: make([]IndicatorScore, len(def.Indicators)), Strengths: []string{}, Weaknesses: []string{}}
	for i, ind := range def.Indicators {
		x := IndicatorScore{Key: ind.Key, Name: ind.Name, Weight: ind.Weight}
		if v, ok := scores[ind.Key]; ok {
			x.Score = &v
		}
		if v, ok := averages[ind.Key]; ok {
			x.Average = &v
		}
		if x.Score != nil && x.Average != nil {
			diff := x.Score.Sub(*x.Average)
			x.Diff = &diff
			switch diff.Sign() {
			case 1:
				c.Strengths = append(c.Strengths, ind.Key)
			case -1:
				c.Weaknesses = append(c.Weaknesses, ind.Key)
			}
		}
		c.Indicators[i] = x
	}
	gap := map[string]decimal.Decimal{}
	for _, x := range c.Indicators {
		if x.Diff != nil {
			gap[x.Key] = x.Diff.Abs()
		}
	}
	widest := func(a, b string) int { return -gap[a].Cmp(gap[b]) }
	slices.SortStableFunc(c.Strengths, widest)
	slices.SortStableFunc(c.Weaknesses, widest)
	return c
}
