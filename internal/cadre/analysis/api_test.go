package analysis_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/alert"
	"zhdj/internal/cadre/analysis"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

func cellsOf(s analysis.Structure, key string) map[string]int {
	out := map[string]int{}
	for _, d := range s.Dimensions {
		if d.Key == key {
			for _, c := range d.Cells {
				out[c.Label] = c.Count
			}
		}
	}
	return out
}

func TestStructureCountsTheServingCadresOfTheScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// 2026-12-01: born 1991-12 is 35 (35岁及以下), 1991-11 also 35, 1990-12 is 36.
	w.cadre(t, "青年", w.csUnit, "birthOn", "1991-12-01", "gender", "2", "postSince", "2024-12-02", "education", "14", "degree", "301")
	w.cadre(t, "中年", w.csUnit, "birthOn", "1990-12-01", "ethnicity", "03", "politicalStatus", "13", "postSince", "2023-12-01")
	w.cadre(t, "数学", w.mathUnit, "birthOn", "1966-05-01", "education", "21", "degree", "", "postSince", "2010-01-01")
	w.cadre(t, "离任", w.mathUnit, "status", "4")
	// A unit below 数学学院 counts with it.
	sub := w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "数学系", "code": fmt.Sprintf("DW-MS%d", seq), "type": "1", "pid": w.mathUnit})
	w.cadre(t, "系主任", sub, "birthOn", "1980-06-01", "status", "3", "level", "5", "category", "4")
	s := apptest.DoJSON[analysis.Structure](t, w.e, 200, "GET", "/api/gb/fx/structure", w.adminTK, nil)
	if s.Total != 4 {
		t.Fatalf("total %d", s.Total)
	}
	checks := map[string]map[string]int{
		"age":       {"35岁及以下": 1, "36至40岁": 1, "46至50岁": 1, "56至60岁": 1, "41至45岁": 0},
		"gender":    {"男": 3, "女": 1},
		"education": {"研究生": 3, "大学本科": 1},
		"degree":    {"博士": 2, "硕士": 1, "无学位": 1},
		"ethnicity": {"汉族": 3, "少数民族": 1},
		"party":     {"中共党员（含预备党员）": 3, "群众及其他": 1},
		"postYears": {"不满3年": 1, "3年以上不满5年": 2, "10年及以上": 1},
		"level":     {"正处级": 3, "正科级": 1},
	}
	for key, want := range checks {
		got := cellsOf(s, key)
		for label, n := range want {
			if got[label] != n {
				t.Errorf("%s %s: %d, want %d (%v)", key, label, got[label], n, got)
			}
		}
	}
	// One unit: its cadres only.
	one := apptest.DoJSON[analysis.Structure](t, w.e, 200, "GET", fmt.Sprintf("/api/gb/fx/structure?unitId=%d", w.mathUnit), w.adminTK, nil)
	if one.Total != 2 {
		t.Fatalf("unit total %d", one.Total)
	}
	// Without gbjbxx:all and the setting off, a unit leader sees no cadre.
	if none := apptest.DoJSON[analysis.Structure](t, w.e, 200, "GET", "/api/gb/fx/structure", w.unitTK, nil); none.Total != 0 {
		t.Fatalf("unit leader sees %d", none.Total)
	}
	lines := apptest.DoJSON[[]analysis.UnitLine](t, w.e, 200, "GET", "/api/gb/fx/units", w.adminTK, nil)
	if len(lines) != 3 {
		t.Fatalf("units %+v", lines)
	}
	for _, l := range lines {
		if l.UnitID == w.csUnit && (l.Total != 2 || l.Women != 1 || l.Under40 != 2 || l.CPC != 1 || l.Division != 2) {
			t.Errorf("计算机学院 %+v", l)
		}
	}
	for _, p := range []string{"/api/gb/fx/structure/export", "/api/gb/fx/units/export"} {
		res := w.e.Do("GET", p, w.adminTK, nil)
		if res.Status != 200 || !strings.HasPrefix(string(res.Body), "PK") {
			t.Errorf("%s: %d", p, res.Status)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/api/gb/fx/structure?unitId=x", w.adminTK, nil), 400)
}

func TestRoutesAskTheirPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	listOnly, _ := w.e.UserAt(t, "ALL", w.root, analysis.PermFxList, analysis.PermTxList)
	w.e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/gb/fx/structure", "", nil, 401},
		{"GET", "/api/gb/fx/structure", w.noTK, nil, 403},
		{"GET", "/api/gb/fx/units", w.noTK, nil, 403},
		{"GET", "/api/gb/fx/structure/export", listOnly, nil, 403},
		{"GET", "/api/gb/fx/units/export", listOnly, nil, 403},
		{"GET", "/api/gb/tx/due", w.noTK, nil, 403},
		{"GET", "/api/gb/tx/rules", w.noTK, nil, 403},
		{"PUT", "/api/gb/tx/rules", listOnly, map[string]any{"type": alert.TypeTerm, "enabled": 0}, 403},
		{"PUT", "/api/gb/tx/settings", listOnly, map[string]any{"key": alert.SettingTermYears, "value": 4}, 403},
		{"GET", "/api/gb/workbench", "", nil, 401},
		{"GET", "/api/gb/workbench", listOnly, nil, 403},
		{"GET", "/api/gb/workbench", w.adminTK, nil, 200},
	})
}

func TestRulesAndSettingsOfThe干部提醒Page(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := apptest.DoJSON[analysis.Rules](t, w.e, 200, "GET", "/api/gb/tx/rules", w.adminTK, nil)
	if len(r.Rules) != 6 || r.Rules[0].Type != alert.TypeTerm || r.Rules[0].Window != 90 {
		t.Fatalf("rules %+v", r.Rules)
	}
	// Another module's rule is not this page's.
	apptest.Expect(t, w.e.Do("PUT", "/api/gb/tx/rules", w.adminTK, map[string]any{"type": 1, "enabled": 0}), 404)
	apptest.Expect(t, w.e.Do("PUT", "/api/gb/tx/rules", w.adminTK, map[string]any{"type": alert.TypeRetirement, "window": 30, "enabled": 0}), 204)
	apptest.ExpectField(t, w.e.Do("PUT", "/api/gb/tx/settings", w.adminTK, map[string]any{"key": alert.SettingTermYears, "value": 11}),
		"value", "领导职务任期（年）应为1到10之间的整数")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/gb/tx/settings", w.adminTK, map[string]any{"key": alert.AgeLimitKey("3"), "value": 44}),
		"value", "正处级任职年龄界限（周岁）应为0（不提醒）或45到63之间的整数")
	apptest.Expect(t, w.e.Do("PUT", "/api/gb/tx/settings", w.adminTK, map[string]any{"key": "gb.other", "value": 4}), 404)
	apptest.Expect(t, w.e.Do("PUT", "/api/gb/tx/settings", w.adminTK, map[string]any{"key": alert.SettingTermYears, "value": 4}), 204)
	r = apptest.DoJSON[analysis.Rules](t, w.e, 200, "GET", "/api/gb/tx/rules", w.adminTK, nil)
	for _, v := range r.Rules {
		if v.Type == alert.TypeRetirement && (v.Window != 30 || v.Enabled != remind.Off) {
			t.Errorf("retirement rule %+v", v)
		}
	}
	if r.Settings[0].Value != 4 {
		t.Errorf("term years %+v", r.Settings[0])
	}

	// The due list: each type by its window from 2026-12-01, types switched off left out of 全部.
	a := w.cadre(t, "四年任期", w.csUnit)
	w.post(t, a, "startOn", "2022-12-20")                                // 4 years (the setting): due 2026-12-20, within 90 days
	w.cadre(t, "将退休", w.mathUnit, "birthOn", "1966-01-01", "level", "5") // 正科级: no age limit by default
	page := func(q string) []string {
		rows, _ := apptest.GetPage[alert.Due](t, w.e, w.adminTK, "/api/gb/tx/due", url.Values{"type": {q}})
		out := []string{}
		for _, d := range rows {
			out = append(out, d.Name)
		}
		return out
	}
	if got := page(""); !same(got, []string{"四年任期"}) {
		t.Errorf("all: %v", got)
	}
	if got := page(fmt.Sprint(alert.TypeRetirement)); !same(got, []string{"将退休"}) { // 1966-01: 60y5m, 2026-06 (window 30: overdue)
		t.Errorf("retirement: %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/gb/tx/due?type=3", w.adminTK, nil), 400)
	if rows, _ := apptest.GetPage[alert.Due](t, w.e, w.unitTK, "/api/gb/tx/due", nil); len(rows) != 0 {
		t.Errorf("a unit leader without the setting sees %v", rows)
	}
	wb := apptest.DoJSON[analysis.Workbench](t, w.e, 200, "GET", "/api/gb/workbench", w.adminTK, nil)
	if wb.Numbers.Total != 2 || wb.DueTotal != 1 || len(wb.Due) != 1 || len(wb.DueByType) != 6 {
		t.Errorf("workbench %+v", wb)
	}
}

// The engine's run delivers the cadre reminders to the 干部管理员 only.
func TestEngineRemindsTheCadreAdministrators(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, admin := w.e.UserAt(t, "ALL", w.root, "dzz:list")
	w.e.GrantRole(t, admin, system.RoleCadreAdmin)
	w.cadre(t, "将退休", w.mathUnit, "birthOn", "1965-06-01") // 60y2m → 2025-08: overdue
	kinds := w.e.App.CadreAnalysis.Module().Reminders
	w.e.App.Reminders.SetClock(func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, date.China) })
	if err := w.e.App.Reminders.Run(t.Context(), kinds...); err != nil {
		t.Fatal(err)
	}
	var got []alert.Due
	for _, k := range kinds {
		if k.Type != alert.TypeRetirement {
			continue
		}
		dues, err := k.Finder.Due(t.Context(), "2026-12-01")
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dues {
			if len(d.UserIDs) != 1 || d.UserIDs[0] != admin || d.OrgID != 0 || !strings.HasPrefix(d.Link, "/gb/jbxx?id=") {
				t.Errorf("due %+v, want to user %d", d, admin)
			}
			got = append(got, alert.Due{Title: d.Title})
		}
	}
	if len(got) != 1 {
		t.Fatalf("dues %v", got)
	}
	// Overdue, the reminder says 已于 (a day to come: 将于).
	if !strings.Contains(got[0].Title, "已于2025-08达到法定退休年龄") {
		t.Errorf("title %q, want 已于2025-08达到法定退休年龄", got[0].Title)
	}
}
