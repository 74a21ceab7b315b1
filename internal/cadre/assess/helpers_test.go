package assess_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/platform/ballot"
)

var seq atomic.Int64 // tests run in parallel: names unique

// all is every permission of the module.
var all = []string{"gbkh:list", "gbkh:scheme", "gbkh:add", "gbkh:del", "gbkh:open", "gbkh:grade", "gbkh:confirm", "gbkh:export"}

// world: the units 计算机学院 (cadres 甲, 乙) and 数学学院 (丙), paired with
// the campus' committees, and the small scheme of definition().
type world struct {
	e                *apptest.Env
	c                apptest.Campus
	csUnit, mathUnit int64
	jia, yi, bing    int64
	scheme           int64
}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.csUnit = e.Unit(t, "计算机学院", w.c.CS)
	w.mathUnit = e.Unit(t, "数学学院", w.c.Math)
	w.jia = e.Cadre(t, "甲", w.csUnit, "1975-03-01", "院长", "3", "2")
	w.yi = e.Cadre(t, "乙", w.csUnit, "1978-05-01", "副院长", "4", "2")
	w.bing = e.Cadre(t, "丙", w.mathUnit, "1976-07-01", "院长", "3", "2")
	w.scheme = w.newScheme(t, definition())
	return w
}

// definition: 德 (level, 0.4) and 绩 (0.6: 目标 score 0.5, 成效 level
// 0.5); groups 领导 0.6 and 群众 0.4; levels 95/80/65/40; 90/70/60; 20%;
// both invalid-ballot rules.
func definition() map[string]any {
	return map[string]any{
		"indicators": []map[string]any{{"key": "de", "name": "德", "weight": "0.4", "judge": "level"},
			{"key": "ji", "name": "绩", "weight": "0.6", "children": []map[string]any{
				{"key": "ji1", "name": "目标", "weight": "0.5", "judge": "score"},
				{"key": "ji2", "name": "成效", "weight": "0.5", "judge": "level"}}}},
		"groups": []map[string]any{{"key": "lead", "name": "领导", "weight": "0.6"}, {"key": "mass", "name": "群众", "weight": "0.4"}},
		"levels": assess.LevelPresets["grade"], "thresholds": []string{"90", "70", "60"}, "excellentShare": "0.2",
		"invalid": map[string]any{"uniform": true, "incomplete": true},
	}
}

func (w *world) newScheme(t testing.TB, def map[string]any) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/gbkh/schemes", map[string]any{"name": fmt.Sprintf("中层干部考核方案%d", seq.Add(1)),
		"year": 2026, "cadreGroup": "中层领导班子", "definition": def})
}

// round creates a draft round of the world's scheme with its three cadres.
func (w *world) round(t testing.TB) int64 {
	t.Helper()
	id := w.e.Create(t, w.e.AdminTK, "/api/gbkh/rounds", map[string]any{"name": fmt.Sprintf("2026年度中层干部考核%d", seq.Add(1)),
		"year": 2026, "schemeId": w.scheme})
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/cadres", id), w.e.AdminTK,
		map[string]any{"unitIds": []int64{w.csUnit, w.mathUnit}}), 201)
	return id
}

func (w *world) detail(t testing.TB, id int64) assess.RoundDetail {
	t.Helper()
	return apptest.DoJSON[assess.RoundDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/gbkh/rounds/%d", id), w.e.AdminTK, nil)
}

// rows are the round's cadres' row ids by cadre id.
func (w *world) rows(t testing.TB, id int64) map[int64]int64 {
	t.Helper()
	list, _ := apptest.GetPage[assess.RoundCadreView](t, w.e, w.e.AdminTK, fmt.Sprintf("/api/gbkh/rounds/%d/cadres", id), nil)
	out := map[int64]int64{}
	for _, c := range list {
		out[c.CadreID] = c.ID
	}
	return out
}

func (w *world) draw(t testing.TB, id int64, body map[string]any) *apptest.Response {
	t.Helper()
	return w.e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/draws", id), w.e.AdminTK, body)
}

func (w *world) open(t testing.TB, id int64) assess.Opened {
	t.Helper()
	d := w.detail(t, id)
	return apptest.DoJSON[assess.Opened](t, w.e, 200, "POST", fmt.Sprintf("/api/gbkh/rounds/%d/open", id), w.e.AdminTK,
		map[string]any{"updateTime": d.UpdatedAt})
}

func (w *world) close(t testing.TB, id int64) assess.RoundDetail {
	t.Helper()
	d := w.detail(t, id)
	return apptest.DoJSON[assess.RoundDetail](t, w.e, 200, "POST", fmt.Sprintf("/api/gbkh/rounds/%d/close", id), w.e.AdminTK,
		map[string]any{"updateTime": d.UpdatedAt})
}

// paperOf is the engine round of unit's paper for group.
func paperOf(t testing.TB, d assess.RoundDetail, unit int64, group string) int64 {
	t.Helper()
	for _, p := range d.Papers {
		if p.UnitID == unit && p.GroupKey == group {
			return p.BallotRoundID
		}
	}
	t.Fatalf("no paper of unit %d for %s in %+v", unit, group, d.Papers)
	return 0
}

// answers are one ballot's answers: per cadre row 德, 成效 (level keys)
// and 目标 (a score).
type answers map[int64]struct {
	de, ji2 string
	ji1     int
}

func (a answers) marks() []ballot.Mark {
	var out []ballot.Mark
	for row, x := range a {
		k := fmt.Sprintf("c%d", row)
		out = append(out, ballot.Mark{Item: k + ".de", Choice: x.de}, ballot.Mark{Item: k + ".ji2", Choice: x.ji2},
			ballot.Mark{Item: k + "s.ji1", Choice: fmt.Sprint(x.ji1)})
	}
	return out
}

func (w *world) castAs(t testing.TB, tk string, paper int64, a answers) *apptest.Response {
	t.Helper()
	return w.e.Do("POST", fmt.Sprintf("/api/ballot/%d/cast", paper), tk, map[string]any{"marks": a.marks()})
}

func (w *world) castCode(t testing.TB, paper int64, code string, a answers) *apptest.Response {
	t.Helper()
	return w.e.Do("POST", "/api/ballot/code/cast", "", map[string]any{"round": paper, "code": code, "marks": a.marks()})
}
