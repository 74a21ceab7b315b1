package survey_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/survey"
)

// Every management route: 401 signed out, 403 without its permission, 404
// for a questionnaire of another organisation's scope.
func TestRoutes_SignedOutForbiddenOutOfScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	d := w.draft(t, w.csTK, survey.Input{OrgID: w.cs, Paper: paper("支部工作满意度调查"), ShareType: survey.ShareOrg,
		Targets: survey.Targets{Orgs: []int64{w.csb}}})
	routes := []struct{ method, path string }{
		{"GET", "/api/wj"}, {"POST", "/api/wj"}, {"DELETE", "/api/wj"}, {"GET", path(d.ID, "")}, {"PUT", path(d.ID, "")},
		{"POST", path(d.ID, "publish")}, {"POST", path(d.ID, "stop")}, {"POST", path(d.ID, "reopen")},
		{"GET", path(d.ID, "results")}, {"GET", path(d.ID, "texts") + "?item=q5"}, {"GET", path(d.ID, "export")},
	}
	for _, r := range routes {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", nil), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noTK, nil), 403)
	}
	for _, r := range routes[3:] {
		body := any(nil)
		if r.method == "PUT" {
			body = survey.Input{OrgID: w.math, Paper: paper("x"), ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.mathb}}}
		}
		if res := w.e.Do(r.method, r.path, w.mathTK, body); res.Status != 404 {
			t.Errorf("%s %s out of scope: %d %s", r.method, r.path, res.Status, res.Body)
		}
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/wj", w.mathTK, []int64{d.ID}), 404)
	rows, _ := apptest.GetPage[survey.View](t, w.e, w.mathTK, "/api/wj", nil)
	if len(rows) != 0 {
		t.Errorf("数学 sees 计算机's questionnaires: %+v", rows)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/wj/link/0123456789abcdef0123456789abcdef", "", nil), 401)
	apptest.Expect(t, w.e.Do("POST", "/api/wj/link/0123456789abcdef0123456789abcdef", "", map[string]any{"marks": []any{}}), 401)
}

// A draft is vetted: the paper (Paper.Check, the field named under paper.;
// kinds of survey.Kinds only),
// the audience of the caller's scope, a deadline in the future.
func TestDraft_Checks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bad := paper("t")
	bad.Questions[0].Options = nil
	bad.Questions[0].WriteIn = false
	// The engine's score question (the cadre assessment's) is not a questionnaire's: its results do not show it.
	score := paper("t")
	score.Questions = append(score.Questions, ballot.Question{Key: "s", Kind: ballot.Score, Title: "打分"})
	cases := []struct {
		in    survey.Input
		field string
	}{
		{survey.Input{OrgID: w.cs, Paper: bad, ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.csb}}}, "paper.questions[0].options"},
		{survey.Input{OrgID: w.cs, Paper: score, ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.csb}}}, fmt.Sprintf("paper.questions[%d].kind", len(score.Questions)-1)},
		{survey.Input{OrgID: w.math, Paper: paper("t"), ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.csb}}}, "orgId"},
		{survey.Input{OrgID: w.cs, Paper: paper("t"), ShareType: 9}, "shareType"},
		{survey.Input{OrgID: w.cs, Paper: paper("t"), ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.mathb}}}, "targets.orgs"},
		{survey.Input{OrgID: w.cs, Paper: paper("t"), ShareType: survey.ShareCustom, Targets: survey.Targets{Members: []int64{w.c.member}}}, "targets.members"},
		{survey.Input{OrgID: w.cs, Paper: paper("t"), ShareType: survey.ShareRole, Targets: survey.Targets{Roles: []string{"admin"}}}, "targets.roles"},
	}
	past := time.Now().Add(-time.Hour)
	cases = append(cases, struct {
		in    survey.Input
		field string
	}{survey.Input{OrgID: w.cs, Paper: paper("t"), ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.csb}}, ClosesAt: &past}, "closesAt"})
	for _, c := range cases {
		res := w.e.Do("POST", "/api/wj", w.csTK, c.in)
		if res.Status != 400 || !strings.Contains(string(res.Body), c.field) {
			t.Errorf("%s: %d %s", c.field, res.Status, res.Body)
		}
	}
}

// The named questionnaire's life: a draft changed, published to the
// 计算机 branch (its accounts on the roll), answered once per person at the
// link, someone outside refused, counted, stopped (the link then refused
// with the one message), reopened, refused after its deadline.
func TestNamed_LinkOneAnswerPerPersonResultsStop(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	in := survey.Input{OrgID: w.cs, Paper: paper("支部工作满意度调查"), ShareType: survey.ShareOrg, Targets: survey.Targets{Orgs: []int64{w.cs}}}
	d := w.draft(t, w.csTK, in)
	in.Paper.Title = "2026年支部工作满意度调查"
	d = apptest.DoJSON[survey.Detail](t, w.e, 200, "PUT", path(d.ID, ""), w.csTK, in)
	if d.Title != in.Paper.Title || d.State != survey.StateDraft || d.Link != "" || len(d.TargetNames) != 1 {
		t.Fatalf("draft %+v", d)
	}
	apptest.Expect(t, w.e.Do("POST", path(d.ID, "stop"), w.csTK, nil), 409)
	p := w.publish(t, w.csTK, d.ID, 0)
	if p.State != survey.StateShare || p.Audience != 2 || !strings.HasPrefix(p.Link, survey.PublicPrefix) || len(p.PrintedCodes) != 0 {
		t.Fatalf("published %+v", p)
	}
	apptest.Expect(t, w.e.Do("PUT", path(d.ID, ""), w.csTK, in), 409)
	apptest.Expect(t, w.e.Do("POST", path(d.ID, "publish"), w.csTK, nil), 409)
	l := link(p)
	f := apptest.DoJSON[survey.Fill](t, w.e, 200, "GET", l, w.a.tk, nil)
	if f.Answered || f.Anonymous || len(f.Paper.Questions) != 5 || f.OrgName != "计算机学院党委" {
		t.Fatalf("fill %+v", f)
	}
	// Outside the audience (another branch's member, the manager without a member record): 403.
	for _, tk := range []string{w.c.tk, w.mathTK} {
		if res := w.e.Do("GET", l, tk, nil); res.Status != 403 || res.Message() != survey.MsgNotAudience {
			t.Errorf("outsider: %d %s", res.Status, res.Body)
		}
		apptest.Expect(t, w.e.Do("POST", l, tk, survey.FillInput{Marks: answer(5, "好")}), 403)
	}
	// Bad marks: 400 naming the question; then one answer each, a second is 409.
	res := w.e.Do("POST", l, w.a.tk, survey.FillInput{Marks: []ballot.Mark{{Item: "q1", Choice: "nope"}}})
	if res.Status != 400 || !strings.Contains(string(res.Body), "q1") {
		t.Errorf("bad marks: %d %s", res.Status, res.Body)
	}
	apptest.DoJSON[survey.Fill](t, w.e, 200, "POST", l, w.a.tk, survey.FillInput{Marks: answer(5, "多组织主题党日")})
	if res := w.e.Do("POST", l, w.a.tk, survey.FillInput{Marks: answer(1, "again")}); res.Status != 409 {
		t.Errorf("second answer: %d %s", res.Status, res.Body)
	}
	apptest.DoJSON[survey.Fill](t, w.e, 200, "POST", l, w.b.tk, survey.FillInput{Marks: []ballot.Mark{
		{Item: "q1", Choice: "*", Text: "一般"}, {Item: "q3", Choice: "2"}, {Item: "q4.r1", Choice: "c"}}})
	if f := apptest.DoJSON[survey.Fill](t, w.e, 200, "GET", l, w.a.tk, nil); !f.Answered {
		t.Error("the answer is not seen as given")
	}
	r := apptest.DoJSON[survey.Results](t, w.e, 200, "GET", path(d.ID, "results"), w.csTK, nil)
	if !r.Ready || r.Answers != 2 || len(r.Questions) != 5 {
		t.Fatalf("results %+v", r)
	}
	q1, q2, q3, q4, q5 := r.Questions[0], r.Questions[1], r.Questions[2], r.Questions[3], r.Questions[4]
	if q1.Answered != 2 || q1.Options[0].Count != 1 || q1.Options[0].Share != 0.5 || q1.Options[3].Key != "*" || q1.Options[3].Count != 1 {
		t.Errorf("q1 %+v", q1)
	}
	if q2.Answered != 1 || q2.Options[0].Count != 1 || q2.Options[0].Share != 1 || q2.Options[2].Count != 0 {
		t.Errorf("q2 (multiple: shares of those who answered it) %+v", q2)
	}
	if q3.Answered != 2 || q3.Average != 3.5 || len(q3.Options) != 5 {
		t.Errorf("q3 %+v", q3)
	}
	if len(q4.Rows) != 2 || q4.Rows[0].Answered != 2 || q4.Rows[0].Options[0].Count != 1 || q4.Rows[0].Options[2].Count != 1 || q4.Rows[1].Answered != 1 {
		t.Errorf("q4 %+v", q4)
	}
	if q5.Texts != 1 {
		t.Errorf("q5 %+v", q5)
	}
	texts, total := apptest.GetPage[survey.TextAnswer](t, w.e, w.csTK, path(d.ID, "texts"), url.Values{"item": {"q5"}})
	if total != 1 || texts[0].Name != "王一" || texts[0].Text != "多组织主题党日" {
		t.Errorf("texts %d %+v", total, texts)
	}
	apptest.Expect(t, w.e.Do("GET", path(d.ID, "texts")+"?item=q3", w.csTK, nil), 400)
	if res := w.e.Do("GET", path(d.ID, "export"), w.csTK, nil); res.Status != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), ".xlsx") {
		t.Errorf("export %d %s", res.Status, res.Header)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/wj", w.csTK, []int64{d.ID}), 409)
	// Stopped: the link is refused with the one message; reopened, it works again.
	apptest.DoJSON[survey.Detail](t, w.e, 200, "POST", path(d.ID, "stop"), w.csTK, nil)
	for _, l := range []string{l, "/api/wj/link/0123456789abcdef0123456789abcdef", "/api/wj/link/" + strings.Repeat("z", 32), "/api/wj/link/1"} {
		if res := w.e.Do("GET", l, w.a.tk, nil); res.Status != 404 || res.Message() != survey.MsgBadLink {
			t.Errorf("link %s: %d %s", l, res.Status, res.Body)
		}
	}
	apptest.DoJSON[survey.Detail](t, w.e, 200, "POST", path(d.ID, "reopen"), w.csTK, nil)
	apptest.Expect(t, w.e.Do("GET", l, w.a.tk, nil), 200)
}

// An expired link is refused with the one message.
func TestNamed_ExpiredLinkRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	soon := time.Now().Add(time.Hour)
	d := w.draft(t, w.csTK, survey.Input{OrgID: w.cs, Paper: paper("限时问卷"), ShareType: survey.ShareCustom,
		Targets: survey.Targets{Members: []int64{w.a.member}}, ClosesAt: &soon})
	p := w.publish(t, w.csTK, d.ID, 0)
	apptest.Expect(t, w.e.Do("GET", link(p), w.a.tk, nil), 200)
	w.e.App.Survey.SetClock(func() time.Time { return time.Now().Add(2 * time.Hour) })
	for _, m := range []string{"GET", "POST"} {
		if res := w.e.Do(m, link(p), w.a.tk, survey.FillInput{Marks: answer(3, "")}); res.Status != 404 || res.Message() != survey.MsgBadLink {
			t.Errorf("expired %s: %d %s", m, res.Status, res.Body)
		}
	}
}
