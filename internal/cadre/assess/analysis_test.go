package assess_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/system"
)

// mark is one cadre's answers on a ballot: 德 and 成效 (level keys), 目标.
type mark = struct {
	de, ji2 string
	ji1     int
}

// countedRound runs a round of year over the world's three cadres with one
// leader drawn by list, whose ballots give the cadres (by cadre id) their
// answers, and closes it.
func (w *world) countedRound(t *testing.T, year int, by map[int64]mark) int64 {
	t.Helper()
	e := w.e
	id := e.Create(t, e.AdminTK, "/api/gbkh/rounds", map[string]any{"name": fmt.Sprintf("%d年度中层干部考核%d", year, seq.Add(1)),
		"year": year, "schemeId": w.scheme})
	apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/cadres", id), e.AdminTK,
		map[string]any{"unitIds": []int64{w.csUnit, w.mathUnit}}), 201)
	tk, lead := e.UserWith(system.ScopeSelf, 0)
	apptest.Expect(t, w.draw(t, id, map[string]any{"groupKey": "lead", "source": "list", "accountIds": []int64{lead}}), 201)
	w.open(t, id)
	rows, d := w.rows(t, id), w.detail(t, id)
	for unit, cadres := range map[int64][]int64{w.csUnit: {w.jia, w.yi}, w.mathUnit: {w.bing}} {
		a := answers{}
		for _, c := range cadres {
			a[rows[c]] = by[c]
		}
		apptest.Expect(t, w.castAs(t, tk, paperOf(t, d, unit, "lead"), a), 200)
	}
	w.close(t, id)
	return id
}

func text(d *decimal.Decimal) string {
	if d == nil {
		return "-"
	}
	return d.String()
}

func counts(cs []assess.Count) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.Count
	}
	return out
}

// The 2026 round (德 0.4; 绩 0.6 of 目标 and 成效 at 0.5 each; one leader):
//
//	甲 计算机 优秀 优秀 90 → 德 95, 绩 92.5; 38 + 27 + 28.5 = 93.5 (优秀 by threshold, cap 0 of 3: 称职), rank 1
//	乙 计算机 不称职 基本称职 60 → 德 40, 绩 62.5; 16 + 18 + 19.5 = 53.5 (不称职), rank 3
//	丙 数学 称职 基本称职 50 → 德 80, 绩 57.5; 32 + 15 + 19.5 = 66.5 (基本称职), rank 2
//
// and the 2025 round: 甲 80 (rank 2), 乙 89 (rank 1), 丙 72.5 (rank 3), all 称职.
func TestPerformanceAnalysis(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	latest := w.countedRound(t, 2026, map[int64]mark{w.jia: {"a", "a", 90}, w.yi: {"d", "c", 60}, w.bing: {"b", "c", 50}})
	earlier := w.countedRound(t, 2025, map[int64]mark{w.jia: {"b", "b", 80}, w.yi: {"a", "b", 90}, w.bing: {"b", "c", 70}})
	d := w.detail(t, earlier)
	apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/confirm", earlier), e.AdminTK, map[string]any{"updateTime": d.UpdatedAt}), 200)
	draft := w.round(t) // no results: neither in a trend nor analysed
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/gbkh/analysis/round/%d", draft), e.AdminTK, nil), 409)

	// The round school-wide and per unit.
	a := apptest.DoJSON[assess.RoundAnalysis](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/analysis/round/%d", latest), e.AdminTK, nil)
	if s := a.School; s.Cadres != 3 || s.Scored != 3 || text(s.Average) != "71.17" || s.Ungraded != 0 ||
		!slices.Equal(counts(s.Grades), []int{0, 1, 1, 1}) || s.Grades[0].Label != "优秀" || !slices.Equal(counts(s.Bands), []int{1, 1, 0, 0, 1}) {
		t.Fatalf("the school: %+v", s)
	}
	if len(a.Units) != 2 || a.Units[0].UnitName != "计算机学院" || a.Units[0].Cadres != 2 || text(a.Units[0].Average) != "73.5" ||
		!slices.Equal(counts(a.Units[0].Grades), []int{0, 1, 0, 1}) || a.Units[1].UnitID != w.mathUnit || text(a.Units[1].Average) != "66.5" ||
		!slices.Equal(counts(a.Units[1].Grades), []int{0, 0, 1, 0}) || a.Team != nil {
		t.Fatalf("the units: %+v", a.Units)
	}
	// 计算机学院's team: 德 (95 + 40) / 2 = 67.5 against (95 + 40 + 80) / 3 = 71.67, 绩 77.5 against 70.83.
	a = apptest.DoJSON[assess.RoundAnalysis](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/analysis/round/%d?unitId=%d", latest, w.csUnit), e.AdminTK, nil)
	if a.Team == nil || len(a.Team.Indicators) != 2 || text(a.Team.Indicators[0].Score) != "67.5" || text(a.Team.Indicators[0].Average) != "71.67" ||
		text(a.Team.Indicators[1].Score) != "77.5" || text(a.Team.Indicators[1].Average) != "70.83" || text(a.Team.Indicators[1].Diff) != "6.67" ||
		!slices.Equal(a.Team.Strengths, []string{"ji"}) || !slices.Equal(a.Team.Weaknesses, []string{"de"}) {
		t.Fatalf("the team: %+v", a.Team)
	}
	apptest.ExpectField(t, e.Do("GET", fmt.Sprintf("/api/gbkh/analysis/round/%d?unitId=x", latest), e.AdminTK, nil), "unitId", "单位无效")

	// A cadre over the years, oldest first; the latest round's indicators.
	c := apptest.DoJSON[assess.CadreTrend](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/analysis/cadre/%d", w.jia), e.AdminTK, nil)
	if c.Name != "甲" || len(c.Rounds) != 2 || c.Rounds[0].Year != 2025 || text(c.Rounds[0].Score) != "80" || *c.Rounds[0].Rank != 2 ||
		c.Rounds[0].Ranked != 3 || c.Rounds[0].State != assess.StateConfirmed || c.Rounds[1].RoundID != latest || text(c.Rounds[1].Score) != "93.5" ||
		*c.Rounds[1].Rank != 1 || c.Rounds[1].Grade != "称职" || c.Rounds[1].UnitName != "计算机学院" {
		t.Fatalf("甲's rounds: %+v", c.Rounds)
	}
	// 甲 leads on both, 德 by 23.33 and 绩 by 21.67: the widest first.
	if !slices.Equal(c.Strengths, []string{"de", "ji"}) || len(c.Weaknesses) != 0 || text(c.Indicators[1].Score) != "92.5" {
		t.Fatalf("甲's indicators: %+v", c.Comparison)
	}
	c = apptest.DoJSON[assess.CadreTrend](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/analysis/cadre/%d", w.bing), e.AdminTK, nil)
	if !slices.Equal(c.Strengths, []string{"de"}) || !slices.Equal(c.Weaknesses, []string{"ji"}) || text(c.Indicators[0].Diff) != "8.33" ||
		text(c.Indicators[1].Diff) != "-13.33" || c.Indicators[1].Name != "绩" || c.Indicators[1].Weight.String() != "0.6" {
		t.Fatalf("丙's indicators: %+v", c.Comparison)
	}
	outsider := e.Cadre(t, "丁", w.mathUnit, "1980-01-01", "副院长", "4", "2") // in no round
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/gbkh/analysis/cadre/%d", outsider), e.AdminTK, nil), 404)

	// The per-unit table as xlsx: the title, the headers, the units, the whole round.
	xlsx := apptest.Download(t, e.Do("GET", fmt.Sprintf("/api/gbkh/analysis/round/%d/export", latest), e.AdminTK, nil))
	cells, err := xlsx.GetRows(xlsx.GetSheetName(0))
	if err != nil || len(cells) != 5 || cells[1][4] != "平均分" || cells[2][1] != "计算机学院" || cells[2][4] != "73.50" ||
		cells[4][1] != "全校" || cells[4][2] != "3" || cells[4][4] != "71.17" || cells[4][8] != "1" {
		t.Fatalf("export: %v %v", cells, err)
	}
}

func TestPerformanceAnalysisRefusesStrangersAndOtherUnits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	id := w.countedRound(t, 2026, map[int64]mark{w.jia: {"a", "a", 90}, w.yi: {"d", "c", 60}, w.bing: {"b", "c", 50}})
	round, cadre := fmt.Sprintf("/api/gbkh/analysis/round/%d", id), fmt.Sprintf("/api/gbkh/analysis/cadre/%d", w.jia)
	for _, p := range []string{round, round + "/export", cadre} {
		apptest.Expect(t, e.Do("GET", p, "", nil), http.StatusUnauthorized)
	}
	nobody, _ := e.UserWith(system.ScopeSelf, 0)
	reader, _ := e.UserWith(system.ScopeAll, 0, "gbkh:list")
	for _, c := range []struct {
		tk, path string
	}{{nobody, round}, {nobody, cadre}, {reader, round + "/export"}} {
		apptest.Expect(t, e.Do("GET", c.path, c.tk, nil), http.StatusForbidden)
	}
	apptest.Expect(t, e.Do("GET", round, reader, nil), 200)

	// A college's officer: its unit only; the whole round stays the reference.
	csTK, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, all...)
	a := apptest.DoJSON[assess.RoundAnalysis](t, e, 200, "GET", round, csTK, nil)
	if len(a.Units) != 1 || a.Units[0].UnitID != w.csUnit || a.School.Cadres != 3 {
		t.Fatalf("the college's view: %+v", a)
	}
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("%s?unitId=%d", round, w.mathUnit), csTK, nil), 404)
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/gbkh/analysis/cadre/%d", w.bing), csTK, nil), 404)
	apptest.Expect(t, e.Do("GET", cadre, csTK, nil), 200)
	xlsx := apptest.Download(t, e.Do("GET", round+"/export", csTK, nil))
	if cells, err := xlsx.GetRows(xlsx.GetSheetName(0)); err != nil || len(cells) != 4 || cells[2][1] != "计算机学院" {
		t.Fatalf("the college's export: %v %v", cells, err)
	}
}
