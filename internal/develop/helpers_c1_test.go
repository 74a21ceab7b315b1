package develop_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// c1World: the package's campus, with a 直属党支部 (direct) under root and
// a unit paired with root and math too, for the people registry. csTK may
// do everything in cs and below; mathTK the same in math; deptTK everything
// everywhere (anchored at root); listTK only lists cs; noTK holds no fzdy
// permission.
type c1World struct {
	campus
	direct, rootUnit, mathUnit                     int64
	deptTK, csTK, mathTK, listTK, noTK, branchOnly string
	full                                           []int64 // full members in normal status
	probationary                                   int64   // a probationary member
}

func newC1World(t testing.TB) *c1World {
	t.Helper()
	w := &c1World{campus: newCampus(t)}
	e := w.e
	w.direct = e.Org(t, w.root, "4", "机关直属党支部")
	w.rootUnit = e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": "学校机关", "code": "DW-ROOT", "type": "1", "dzzId": w.direct})
	w.mathUnit = e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": "数学学院", "code": "DW-MATH", "type": "1", "dzzId": w.math})
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, allPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, develop.Perms.List)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.branchOnly, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.branch, develop.Perms.List, develop.Perms.Add, develop.PermBranch)
	for i := range 4 {
		w.full = append(w.full, w.member(t, fmt.Sprintf("正式党员%d", i), member.PartyFull, member.StatusNormal))
	}
	w.probationary = w.member(t, "预备党员甲", member.PartyProbation, member.StatusNormal)
	return w
}

// member inserts a member of branch with the party and member status given.
func (w *c1World) member(t testing.TB, name, party, status string) int64 {
	t.Helper()
	now := time.Now().UTC()
	m := &member.Member{Name: name, PartyStatus: party, MemberStatus: status, OrgID: w.branch, CreatedAt: now, UpdatedAt: now}
	if _, err := w.e.DB.NewInsert().Model(m).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// teacher registers a teacher of unit born on birth.
func (w *c1World) teacher(t testing.TB, name, birth string, unitID int64) int64 {
	t.Helper()
	no := fmt.Sprintf("T%06d", personSeq.Add(1))
	return w.e.Create(t, w.e.AdminTK, "/api/jsjbxx", map[string]any{"staffNo": no, "name": name, "gender": "2",
		"unitDeptId": unitID, "professionalTitle": "013", "post": "013", "birthDate": birth})
}

// apply posts step ① for a new student of cs born on birth, applying on
// applied to orgID, and answers the response.
func (w *c1World) apply(t testing.TB, token string, orgID int64, birth date.Date, applied string) *apptest.Response {
	t.Helper()
	id, _ := w.student(t, "申请人", birth, w.csUnit)
	return w.e.Do("POST", "/api/fzdy", token, map[string]any{"personKind": "student", "personId": id, "orgId": orgID, "appliedOn": applied})
}

// record creates a record of branch (applied on applied by someone born
// 2000-01-01) and answers its id.
func (w *c1World) record(t testing.TB, name, applied string) int64 {
	t.Helper()
	id, _ := w.student(t, name, "2000-01-01", w.csUnit)
	return apptest.DoJSON[develop.RecordDetail](t, w.e, 201, "POST", "/api/fzdy", w.csTK,
		map[string]any{"personKind": "student", "personId": id, "orgId": w.branch, "appliedOn": applied}).ID
}

// detail reads a record's detail.
func (w *c1World) detail(t testing.TB, id int64) develop.RecordDetail {
	t.Helper()
	return apptest.DoJSON[develop.RecordDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d", id), w.csTK, nil)
}

// act takes result at record id's current step as token with form, and
// answers the response.
func (w *c1World) act(t testing.TB, token string, id int64, result flow.Result, form any, extra ...any) *apptest.Response {
	t.Helper()
	return w.actOn(t, token, token, id, result, form, append([]any{"comment", "意见"}, extra...)...)
}

// pass approves record id's current step (expected to be step) on day with
// the form's other fields, failing the test unless it passes.
func (w *c1World) pass(t testing.TB, id int64, step, day string, kv ...any) {
	t.Helper()
	if at := w.stepOf(t, id); at != step {
		t.Fatalf("record %d waits at %s, not %s", id, at, step)
	}
	res := w.act(t, w.csTK, id, flow.Approve, form(day, kv...))
	if res.Status != 200 {
		t.Fatalf("approve %s on %s: %d %s", step, day, res.Status, res.Body)
	}
}

// stepOf is the step record id waits at.
func (w *c1World) stepOf(t testing.TB, id int64) string {
	t.Helper()
	return apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", id), w.csTK, nil).Step
}

// form is a step form: its date and the other fields as key, value pairs.
func form(day string, kv ...any) map[string]any {
	f := map[string]any{"date": day}
	for i := 0; i+1 < len(kv); i += 2 {
		f[kv[i].(string)] = kv[i+1]
	}
	return f
}

// expectRule fails unless res is a 400 refusal of rule.
func expectRule(t testing.TB, res *apptest.Response, rule string) {
	t.Helper()
	var body struct{ Message, Code string }
	json.Unmarshal(res.Body, &body) //nolint:errcheck
	if res.Status != 400 || body.Code != "FLOW_RULE" || !strings.Contains(body.Message, "「"+rule+"」") {
		t.Fatalf("want the refusal of 「%s」, got %d %s", rule, res.Status, res.Body)
	}
}

// toTargetStep walks record id (applied 2025-06-02) to step ⑦ with the
// usual dates: talk 2025-06-20, activist on activistOn, filing, contacts,
// cultivation a few days later.
func (w *c1World) toTargetStep(t testing.TB, id int64, activistOn string) {
	t.Helper()
	w.pass(t, id, develop.StepTalk, "2025-06-20", "talker", "王书记", "content", "谈话")
	w.pass(t, id, develop.StepActivist, activistOn, "method", "党员推荐")
	w.pass(t, id, develop.StepActivistFiling, activistOn)
	w.pass(t, id, develop.StepContacts, activistOn, "contactIds", []int64{w.full[0]})
	w.pass(t, id, develop.StepCultivate, activistOn)
}

// review adds an activist review of record id on day.
func (w *c1World) review(t testing.TB, id int64, day string) {
	t.Helper()
	res := w.e.Do("POST", fmt.Sprintf("/api/fzdy/%d/reviews", id), w.csTK,
		map[string]any{"kind": "activist", "reviewedOn": day, "result": "2", "content": "表现良好", "reviewer": "李老师"})
	apptest.Expect(t, res, 201)
}

// notice publishes a notice of kind over records of orgID from start to end.
func (w *c1World) notice(t testing.TB, kind string, orgID int64, start, end string, ids ...int64) int64 {
	t.Helper()
	return apptest.DoJSON[develop.NoticeDetail](t, w.e, 201, "POST", "/api/fzdy/notices", w.csTK, map[string]any{"kind": kind,
		"orgId": orgID, "title": "公示", "startOn": start, "endOn": end, "contact": "62750000", "recordIds": ids}).ID
}

// plan sets the quota of orgID's plan of year.
func (w *c1World) plan(t testing.TB, orgID int64, year, quota int) *apptest.Response {
	t.Helper()
	return w.e.Do("PUT", "/api/fzdy/plans", w.deptTK, map[string]any{"year": year, "orgId": orgID, "quota": quota})
}

// planRow is orgID's plan of year as the plan page shows it.
func (w *c1World) planRow(t testing.TB, orgID int64, year int) develop.PlanRow {
	t.Helper()
	rows := apptest.DoJSON[[]develop.PlanRow](t, w.e, 200, "GET", "/api/fzdy/plans?"+url.Values{"year": {fmt.Sprint(year)}}.Encode(), w.deptTK, nil)
	for _, r := range rows {
		if r.OrgID == orgID {
			return r
		}
	}
	t.Fatalf("no plan row of organisation %d", orgID)
	return develop.PlanRow{}
}

// readyForTarget makes record id (waiting at ⑦, activist on activistOn)
// meet every rule of ⑦ on targetOn but the plan's: reviews every 6 months
// and a notice of 5 working days ended before it.
func (w *c1World) readyForTarget(t testing.TB, id int64, reviews []string, noticeFrom, noticeTo string) {
	t.Helper()
	for _, d := range reviews {
		w.review(t, id, d)
	}
	w.notice(t, develop.NoticeTarget, w.branch, noticeFrom, noticeTo, id)
}
