package assess_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/system"
)

// The whole round: a scheme's version kept by the round, evaluators drawn
// by list and by printed codes, papers per unit and group, ballots through
// the engine, the scores computed, the cap, an adjustment, the
// confirmation written to the cadres' records.
func TestARoundFromDraftToTheCadresRecords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	id := w.round(t)
	rows := w.rows(t, id)
	if len(rows) != 3 {
		t.Fatalf("cadres of the two units: %v", rows)
	}
	// The scheme changes after the round was created: the round keeps version 1.
	sc := apptest.DoJSON[assess.SchemeDetail](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/schemes/%d", w.scheme), e.AdminTK, nil)
	changed := definition()
	changed["groups"] = []map[string]any{{"key": "lead", "name": "领导", "weight": "0.5"}, {"key": "mass", "name": "群众", "weight": "0.5"}}
	up := apptest.DoJSON[assess.SchemeDetail](t, e, 200, "PUT", "/api/gbkh/schemes", e.AdminTK, map[string]any{"id": w.scheme,
		"updateTime": sc.UpdatedAt, "name": sc.Name, "year": sc.Year, "cadreGroup": sc.CadreGroup, "definition": changed})
	if up.Version != 2 {
		t.Fatalf("the scheme's version after a change: %d", up.Version)
	}
	d := w.detail(t, id)
	if d.SchemeVersion != 1 || d.Def.Groups[0].Weight.String() != "0.6" {
		t.Fatalf("the round followed the scheme's change: version %d, %v", d.SchemeVersion, d.Def.Groups)
	}
	versions := apptest.DoJSON[[]assess.SchemeVersion](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/schemes/%d/versions", w.scheme), e.AdminTK, nil)
	if len(versions) != 2 || versions[0].Version != 2 || versions[1].Def.Groups[0].Weight.String() != "0.6" {
		t.Fatalf("versions %+v", versions)
	}

	// Evaluators: two leaders by list (every unit), two codes per unit for 群众.
	leadTK1, lead1 := e.UserWith(system.ScopeSelf, 0)
	leadTK2, lead2 := e.UserWith(system.ScopeSelf, 0)
	apptest.Expect(t, w.draw(t, id, map[string]any{"groupKey": "lead", "source": "list", "accountIds": []int64{lead1, lead2}}), 201)
	apptest.Expect(t, w.draw(t, id, map[string]any{"groupKey": "mass", "source": "codes", "codes": 2}), 201)
	apptest.ExpectField(t, w.draw(t, id, map[string]any{"groupKey": "nobody", "source": "codes", "codes": 2}), "groupKey", "请选择考核方案中的评价主体")
	apptest.ExpectField(t, w.draw(t, id, map[string]any{"groupKey": "mass", "source": "codes", "codes": 0}), "codes", "每个单位的测评码数量应为1到500个")
	opened := w.open(t, id)
	if len(opened.Codes) != 2 || len(opened.Codes[0].Codes) != 2 {
		t.Fatalf("codes: %+v", opened.Codes)
	}
	d = w.detail(t, id)
	if d.State != assess.StateEvaluating || len(d.Papers) != 4 || d.Issued != 8 || d.Cast != 0 {
		t.Fatalf("opened: %s, %d papers, %d/%d", d.State, len(d.Papers), d.Cast, d.Issued)
	}
	// Nothing changes a round under evaluation but its reports.
	apptest.Expect(t, w.draw(t, id, map[string]any{"groupKey": "mass", "source": "codes", "codes": 1}), 409)

	// The leaders see their papers; the reports are theirs to read.
	mine := apptest.DoJSON[[]assess.MyPaper](t, e, 200, "GET", "/api/gbkh/evaluation", leadTK1, nil)
	if len(mine) != 2 || mine[0].Cadres+mine[1].Cadres != 3 {
		t.Fatalf("the leader's papers: %+v", mine)
	}
	csLead, csMass := paperOf(t, d, w.csUnit, "lead"), paperOf(t, d, w.csUnit, "mass")
	mathLead := paperOf(t, d, w.mathUnit, "lead")
	outsider, _ := e.UserWith(system.ScopeSelf, 0)
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/gbkh/papers/%d/reports", csLead), outsider, nil), 404)
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/gbkh/papers/%d/reports", csLead), leadTK1, nil), 200)

	jia, yi, bing := rows[w.jia], rows[w.yi], rows[w.bing]
	type x = struct {
		de, ji2 string
		ji1     int
	}
	// 计算机学院, 领导: 甲 95/95/90 and 95/80/96, 乙 80/80/80 twice.
	apptest.Expect(t, w.castAs(t, leadTK1, csLead, answers{jia: x{"a", "a", 90}, yi: x{"b", "b", 80}}), 200)
	apptest.Expect(t, w.castAs(t, leadTK2, csLead, answers{jia: x{"a", "b", 96}, yi: x{"b", "b", 80}}), 200)
	apptest.Expect(t, w.castAs(t, leadTK2, csLead, answers{jia: x{"a", "b", 96}, yi: x{"b", "b", 80}}), 409)
	// 群众 by code: one valid, one all 优秀 (invalid by the scheme's rule).
	csCodes := opened.Codes[0]
	if csCodes.BallotRoundID != csMass {
		csCodes = opened.Codes[1]
	}
	reports := func(code string) *apptest.Response {
		return e.Do("POST", "/api/gbkh/papers/reports", "", map[string]any{"round": csMass, "code": code})
	}
	apptest.Expect(t, reports(csCodes.Codes[0].Code), 200)
	apptest.Expect(t, w.castCode(t, csMass, csCodes.Codes[0].Code, answers{jia: x{"a", "a", 92}, yi: x{"c", "b", 70}}), 200)
	// A used link no longer opens: its landing would offer 开始测评 again.
	apptest.ExpectMessage(t, reports(csCodes.Codes[0].Code), 409, "该测评链接已使用")
	apptest.Expect(t, w.castCode(t, csMass, csCodes.Codes[1].Code, answers{jia: x{"a", "a", 100}, yi: x{"a", "a", 100}}), 200)
	// 数学学院: one leader.
	apptest.Expect(t, w.castAs(t, leadTK1, mathLead, answers{bing: x{"b", "c", 75}}), 200)
	// Results are not shown while the evaluation goes on.
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/gbkh/rounds/%d/results", id), e.AdminTK, nil), 409)

	d = w.close(t, id)
	if d.State != assess.StateCounted || d.Cast != 5 {
		t.Fatalf("closed: %s, cast %d", d.State, d.Cast)
	}
	for _, p := range d.Papers {
		if want := map[bool]int{true: 1, false: 0}[p.BallotRoundID == csMass]; p.Invalid != want {
			t.Errorf("paper %d invalid %d, want %d", p.BallotRoundID, p.Invalid, want)
		}
	}
	results := apptest.ListedBy(e, fmt.Sprintf("/api/gbkh/rounds/%d/results", id), e.AdminTK, func(r assess.Result) int64 { return r.CadreID })
	// 甲: 领导 德 95, 目标 93, 成效 87.5 → 0.4×95 + 0.3×93 + 0.3×87.5 = 92.15;
	//     群众 95, 92, 95 → 38 + 27.6 + 28.5 = 94.1; 0.6×92.15 + 0.4×94.1 = 92.93 → 优秀 (1 of 3 at 20%: cap 0!)
	// 乙: 领导 80/80/80 = 80; 群众 德 65, 目标 70, 成效 80 → 26 + 21 + 24 = 71; 0.6×80 + 0.4×71 = 76.4 → 称职
	// 丙: 领导 80, 75, 65 → 32 + 22.5 + 19.5 = 74 (群众 none: weight spread) → 称职
	want := map[int64]struct{ score, auto string }{w.jia: {"92.93", "称职"}, w.yi: {"76.4", "称职"}, w.bing: {"74", "称职"}}
	for c, v := range want {
		r := results[c]
		if r.Score == nil || r.Score.String() != v.score || r.AutoGrade != v.auto {
			t.Errorf("cadre %s: score %v grade %s, want %s %s", r.Name, r.Score, r.AutoGrade, v.score, v.auto)
		}
	}
	if r := results[w.jia]; r.Rank == nil || *r.Rank != 1 || r.Groups["lead"].String() != "92.15" || r.Ballots["mass"] != 1 {
		t.Fatalf("甲's detail: %+v", r)
	}
	// 3 assessed at 20%: no 优秀 at all (floor 0.6 = 0); adjusting one is refused.
	res := e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/adjust", id), e.AdminTK, map[string]any{"updateTime": d.UpdatedAt,
		"grades": []map[string]any{{"id": jia, "grade": "优秀", "reason": "年度工作成绩突出"}}})
	apptest.ExpectField(t, res, "grades", "优秀等次不能超过参评人数的20%，即最多0名（调整后为1名）")
	res = e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/adjust", id), e.AdminTK, map[string]any{"updateTime": d.UpdatedAt,
		"grades": []map[string]any{{"id": bing, "grade": "基本称职"}}})
	apptest.ExpectField(t, res, "grades[0].reason", "请填写丙的等次调整理由")
	d = apptest.DoJSON[assess.RoundDetail](t, e, 200, "POST", fmt.Sprintf("/api/gbkh/rounds/%d/adjust", id), e.AdminTK,
		map[string]any{"updateTime": d.UpdatedAt, "grades": []map[string]any{{"id": bing, "grade": "基本称职", "reason": "群众评价未能开展"}}})
	// a stale version is refused
	apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/confirm", id), e.AdminTK, map[string]any{"updateTime": sc.UpdatedAt}), 409)
	d = apptest.DoJSON[assess.RoundDetail](t, e, 200, "POST", fmt.Sprintf("/api/gbkh/rounds/%d/confirm", id), e.AdminTK,
		map[string]any{"updateTime": d.UpdatedAt})
	if d.State != assess.StateConfirmed {
		t.Fatalf("confirmed: %s", d.State)
	}
	// Information type 8 of each cadre: the year's grade.
	for c, grade := range map[int64]string{w.jia: "称职", w.bing: "基本称职"} {
		rows := apptest.DoJSON[[]cadre.Assessment](t, e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/khqk", c), e.AdminTK, nil)
		if len(rows) != 1 || rows[0].Year != 2026 || rows[0].Grade != grade {
			t.Errorf("cadre %d's assessments: %+v, want 2026 %s", c, rows, grade)
		}
	}
	xlsx := apptest.Download(t, e.Do("GET", fmt.Sprintf("/api/gbkh/rounds/%d/results/export", id), e.AdminTK, nil))
	cells, err := xlsx.GetRows(xlsx.GetSheetName(0))
	if err != nil || len(cells) != 4 || cells[1][1] != "甲" || cells[1][6] != "92.93" {
		t.Fatalf("export: %v %v", cells, err)
	}
}

func TestRoutesRefuseStrangersAndOtherUnits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	id := w.round(t)
	base := fmt.Sprintf("/api/gbkh/rounds/%d", id)
	for _, c := range []struct{ method, path string }{{"GET", "/api/gbkh/schemes"}, {"GET", base}, {"GET", base + "/cadres"},
		{"POST", "/api/gbkh/rounds"}, {"POST", base + "/open"}, {"GET", "/api/gbkh/evaluation"}} {
		apptest.Expect(t, e.Do(c.method, c.path, "", map[string]any{}), http.StatusUnauthorized)
	}
	nobody, _ := e.UserWith(system.ScopeSelf, 0)
	for _, c := range []struct{ method, path string }{{"GET", "/api/gbkh/schemes"}, {"GET", base}, {"POST", "/api/gbkh/schemes"},
		{"POST", base + "/open"}, {"POST", base + "/confirm"}, {"GET", base + "/results/export"}} {
		apptest.Expect(t, e.Do(c.method, c.path, nobody, map[string]any{}), http.StatusForbidden)
	}
	// A college's officer sees the college's cadres only and cannot organise.
	csTK, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, all...)
	list, total := apptest.GetPage[assess.RoundCadreView](t, e, csTK, base+"/cadres", nil)
	if total != 2 || list[0].UnitID != w.csUnit {
		t.Fatalf("the college's view: %d %+v", total, list)
	}
	rows := w.rows(t, id)
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("%s/cadres/%d/report", base, rows[w.bing]), csTK, nil), 404)
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("%s/cadres/%d/report", base, rows[w.jia]), csTK, nil), 200)
	apptest.ExpectMessage(t, e.Do("POST", "/api/gbkh/rounds", csTK, map[string]any{"name": "学院考核", "year": 2026, "schemeId": w.scheme}),
		403, "干部考核由学校组织部门统一组织")
	apptest.Expect(t, e.Do("PUT", fmt.Sprintf("%s/cadres/%d/report", base, rows[w.jia]), csTK, map[string]any{"text": "述职"}), 403)
	// A public one-time link's reports with a wrong code: 404, no reports.
	apptest.Expect(t, e.Do("POST", "/api/gbkh/papers/reports", "", map[string]any{"round": 1, "code": "ABCDEFGHJK"}), 404)
}

// A draft round has no papers yet: its detail lists them as [], never null
// (the web's 测评 tab sums them and broke on null in the browser walk).
func TestADraftRoundsDetailListsNoPapersAsEmpty(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.round(t)
	res := w.e.Do("GET", fmt.Sprintf("/api/gbkh/rounds/%d", id), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	var raw map[string]json.RawMessage
	res.JSON(t, &raw)
	for _, k := range []string{"draws", "papers"} {
		if string(raw[k]) != "[]" {
			t.Fatalf("%s of a draft round: %s", k, raw[k])
		}
	}
}
