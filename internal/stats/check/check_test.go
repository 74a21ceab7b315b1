package check_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/stats/check"
)

type issue struct {
	MemberID int64
	Name     string
	Kinds    []struct{ Kind string }
	Fields   []string
	Details  []string
	Link     string
}

type summary struct {
	Members, WithIssues int
	Rate                float64
	Kinds               []struct {
		Kind  string
		Count int
	}
	Orgs struct {
		Content []struct {
			OrgID               int64
			OrgName             string
			Members, WithIssues int
			Rate                float64
		}
		TotalElements int
	}
}

// world: the campus with a second branch under 数学学院党委; today is
// 2026-03-01 (a common year).
type world struct {
	e            *apptest.Env
	c            apptest.Campus
	mathBr       int64
	deptTK, csTK string
	seq          int
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.mathBr = e.Org(t, w.c.Math, "5", "数学教工党支部")
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, check.PermList, check.PermExport)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, check.PermList, check.PermExport)
	at, _ := time.ParseInLocation(date.Layout+" 15:04", "2026-03-01 12:00", date.China)
	e.App.DataCheck.SetClock(func() time.Time { return at.UTC() })
	return w
}

// member creates a complete full member of org, then sets the columns
// given (written straight, past the member rules, as old records hold them).
func (w *world) member(t *testing.T, name string, orgID int64, set map[string]any) int64 {
	t.Helper()
	w.seq++
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID,
		"idNumber", apptest.IDNumber("110101", "19900101", 2*w.seq+1)))
	for col, v := range set {
		if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("? = ?", bun.Ident(col), v).Where("id = ?", id).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func (w *world) issues(t *testing.T, token string, q url.Values) map[int64]issue {
	t.Helper()
	rows, _ := apptest.GetPage[issue](t, w.e, token, "/api/sjjy/issues", q)
	return apptest.ByKey(rows, func(i issue) int64 { return i.MemberID })
}

func kinds(i issue) string {
	s := ""
	for _, k := range i.Kinds {
		s += k.Kind + ","
	}
	return s
}

func TestChecksAtTheirEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	br := w.c.Branch
	ok := w.member(t, "完整", br, nil)
	noGender := w.member(t, "缺性别", br, map[string]any{"gender": "", "education": ""})
	noID := w.member(t, "缺身份证", br, map[string]any{"id_number_idx": "", "id_number_enc": ""})
	// Born 2000-03-01: 18 on 2018-03-01.
	adultDay := w.member(t, "生日入党", br, map[string]any{"birth_date": "2000-03-01", "joined_on": "2018-03-01", "applied_on": nil})
	dayBefore := w.member(t, "前一天入党", br, map[string]any{"birth_date": "2000-03-01", "joined_on": "2018-02-28", "applied_on": nil})
	// Born 29 February 2000: 18 on 1 March 2018 (a common year).
	leapOK := w.member(t, "闰日生日", br, map[string]any{"birth_date": "2000-02-29", "joined_on": "2018-03-01", "applied_on": nil})
	leapEarly := w.member(t, "闰日前", br, map[string]any{"birth_date": "2000-02-29", "joined_on": "2018-02-28", "applied_on": nil})
	future := w.member(t, "未来", br, map[string]any{"joined_on": "2026-03-02"})
	// Probation: due today (joined 2025-03-01) is not overdue, due yesterday is.
	prob := map[string]any{"party_status": member.PartyProbation, "full_on": nil}
	dueToday := w.member(t, "今日届满", br, with(prob, "joined_on", "2025-03-01"))
	dueYesterday := w.member(t, "昨日届满", br, with(prob, "joined_on", "2025-02-28"))
	// Extended to 2026-06-30: not overdue; extended to 2026-02-28: overdue.
	extended := w.member(t, "延长中", br, with(prob, "joined_on", "2024-06-30"))
	extendedPast := w.member(t, "延长已满", br, with(prob, "joined_on", "2024-06-30"))
	w.extension(t, extended, "2026-06-30")
	w.extension(t, extendedPast, "2026-02-28")
	// A full member joined long ago is never overdue.
	got := w.issues(t, w.deptTK, url.Values{"size": {"100"}})
	want := map[int64]string{noGender: "missing,", noID: "missing,", dayBefore: "underage,", leapEarly: "underage,",
		future: "future,", dueYesterday: "overdue,", extendedPast: "overdue,"}
	for id, k := range want {
		if kinds(got[id]) != k {
			t.Errorf("member %d: kinds %q, want %q (%+v)", id, kinds(got[id]), k, got[id])
		}
	}
	for _, id := range []int64{ok, adultDay, leapOK, dueToday, extended} {
		if _, listed := got[id]; listed {
			t.Errorf("member %d listed: %+v", id, got[id])
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d listed, want %d", len(got), len(want))
	}
	if f := got[noGender].Fields; fmt.Sprint(f) != "[性别 学历]" {
		t.Errorf("fields %v", f)
	}
	if l := got[noGender].Link; l != fmt.Sprintf("/dyjbxx/detail?id=%d", noGender) {
		t.Errorf("link %q", l)
	}
	only := w.issues(t, w.deptTK, url.Values{"kind": {"overdue"}})
	if len(only) != 2 || only[dueYesterday].Name == "" || only[extendedPast].Name == "" {
		t.Errorf("overdue: %+v", only)
	}
}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// extension records an extended probation to end on memberID's
// development record, as the development's ㉔ leaves it.
func (w *world) extension(t *testing.T, memberID int64, end string) {
	t.Helper()
	now := time.Now().UTC()
	if _, err := w.e.DB.ExecContext(t.Context(), `INSERT INTO dev_record (person_kind, person_id, person_no, name, org_id, stage,
		config_version, applied_on, admitted_on, probation_ends_on, extensions, member_id, created_at, updated_at)
		VALUES ('teacher', ?, ?, 'x', ?, 'probationary', 1, '2023-01-01', '2024-06-30', ?, 1, ?, ?, ?)`,
		memberID, fmt.Sprint("T", memberID), w.c.Branch, end, memberID, now, now); err != nil {
		t.Fatal(err)
	}
}

func TestScopeAndPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	csBad := w.member(t, "计算机缺学历", w.c.Branch, map[string]any{"education": ""})
	w.member(t, "计算机完整", w.c.Branch, nil)
	mathBad := w.member(t, "数学缺民族", w.mathBr, map[string]any{"ethnicity": ""})
	w.member(t, "数学完整一", w.mathBr, nil)
	w.member(t, "数学完整二", w.mathBr, nil)
	w.member(t, "数学完整三", w.mathBr, nil)

	apptest.Expect(t, w.e.Do("GET", "/api/sjjy/summary", "", nil), 401)
	noTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, "dzz:list")
	for _, p := range []string{"/api/sjjy/summary", "/api/sjjy/issues", "/api/sjjy/issues/export"} {
		apptest.Expect(t, w.e.Do("GET", p, noTK, nil), 403)
	}
	listTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, check.PermList)
	apptest.Expect(t, w.e.Do("GET", "/api/sjjy/issues/export", listTK, nil), 403)

	cs := w.issues(t, w.csTK, nil)
	if len(cs) != 1 || cs[csBad].Name == "" {
		t.Errorf("committee sees %+v", cs)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjjy/issues?orgId=%d", w.c.Math), w.csTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjjy/summary?orgId=%d", w.mathBr), w.csTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/sjjy/issues?orgId=999999", w.deptTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/sjjy/issues?kind=nope", w.deptTK, nil), 400)

	all := w.issues(t, w.deptTK, url.Values{"orgId": {fmt.Sprint(w.c.Math)}})
	if len(all) != 1 || all[mathBad].Name == "" {
		t.Errorf("math subtree: %+v", all)
	}

	s := apptest.DoJSON[summary](t, w.e, 200, "GET", "/api/sjjy/summary", w.deptTK, nil)
	if s.Members != 6 || s.WithIssues != 2 || s.Rate != 66.7 {
		t.Errorf("summary %d/%d %.1f", s.WithIssues, s.Members, s.Rate)
	}
	counts := map[string]int{}
	for _, k := range s.Kinds {
		counts[k.Kind] = k.Count
	}
	if counts["missing"] != 2 || counts["overdue"] != 0 || len(s.Kinds) != 4 {
		t.Errorf("kinds %v", s.Kinds)
	}
	lines := map[int64]string{}
	for _, l := range s.Orgs.Content {
		lines[l.OrgID] = fmt.Sprintf("%d/%d %.1f", l.WithIssues, l.Members, l.Rate)
	}
	if lines[w.c.Branch] != "1/2 50.0" || lines[w.mathBr] != "1/4 75.0" || len(lines) != 2 {
		t.Errorf("branch lines %v", lines)
	}
	s = apptest.DoJSON[summary](t, w.e, 200, "GET", "/api/sjjy/summary?level=committee", w.deptTK, nil)
	lines = map[int64]string{}
	for _, l := range s.Orgs.Content {
		lines[l.OrgID] = fmt.Sprintf("%d/%d %.1f", l.WithIssues, l.Members, l.Rate)
	}
	if lines[w.c.CS] != "1/2 50.0" || lines[w.c.Math] != "1/4 75.0" || len(lines) != 2 {
		t.Errorf("committee lines %v", lines)
	}
	s = apptest.DoJSON[summary](t, w.e, 200, "GET", "/api/sjjy/summary?level=committee&size=1&page=1", w.deptTK, nil)
	if s.Orgs.TotalElements != 2 || len(s.Orgs.Content) != 1 || s.Orgs.Content[0].OrgID != w.c.Math {
		t.Errorf("paged committee lines %+v", s.Orgs)
	}
	s = apptest.DoJSON[summary](t, w.e, 200, "GET", "/api/sjjy/summary", w.csTK, nil)
	if s.Members != 2 || s.WithIssues != 1 {
		t.Errorf("committee summary %+v", s)
	}

	res := w.e.Do("GET", "/api/sjjy/issues/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil || len(rows) != 2 || rows[1][1] != "计算机缺学历" || rows[1][5] != "学历" {
		t.Errorf("export %v %v", rows, err)
	}
}
