package survey_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/survey"
)

// An anonymous questionnaire runs on the ballot engine: published to a
// list of members with printed codes besides, answered at the link (the
// engine's cast), results and export only after the stop, and nothing of
// the answers in this module's tables.
func TestAnonymous_EngineRoundResultsAfterStopNoAnswerKept(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	d := w.draft(t, w.csTK, survey.Input{OrgID: w.cs, Paper: paper("匿名评议问卷"), Anonymous: true, ShareType: survey.ShareCustom,
		Targets: survey.Targets{Members: []int64{w.a.member, w.b.member}}})
	p := w.publish(t, w.csTK, d.ID, 2)
	if p.Audience != 4 || len(p.PrintedCodes) != 2 || p.Codes != 2 {
		t.Fatalf("published %+v", p)
	}
	f := apptest.DoJSON[survey.Fill](t, w.e, 200, "GET", link(p), w.a.tk, nil)
	if !f.Anonymous || f.Round == 0 || f.Answered {
		t.Fatalf("fill %+v", f)
	}
	apptest.Expect(t, w.e.Do("GET", link(p), w.c.tk, nil), 403)
	apptest.DoJSON[survey.Fill](t, w.e, 200, "POST", link(p), w.a.tk, survey.FillInput{Marks: answer(4, "建议多开展主题党日")})
	apptest.Expect(t, w.e.Do("POST", link(p), w.a.tk, survey.FillInput{Marks: answer(4, "again")}), 409)
	// A printed code votes through the engine's public route.
	apptest.Expect(t, w.e.Do("POST", "/api/ballot/code/cast", "", ballot.CodeRequest{Round: f.Round, Code: p.PrintedCodes[0].Code,
		Marks: []ballot.Mark{{Item: "q1", Choice: "b"}, {Item: "q3", Choice: "2"}}}), 200)
	r := apptest.DoJSON[survey.Results](t, w.e, 200, "GET", path(d.ID, "results"), w.csTK, nil)
	if r.Ready || r.Answers != 2 || len(r.Questions) != 0 {
		t.Errorf("results before the stop: %+v", r)
	}
	apptest.Expect(t, w.e.Do("GET", path(d.ID, "export"), w.csTK, nil), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/wj", w.csTK, []int64{d.ID}), 409)
	apptest.DoJSON[survey.Detail](t, w.e, 200, "POST", path(d.ID, "stop"), w.csTK, nil)
	apptest.Expect(t, w.e.Do("POST", path(d.ID, "reopen"), w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("GET", link(p), w.b.tk, nil), 404)
	r = apptest.DoJSON[survey.Results](t, w.e, 200, "GET", path(d.ID, "results"), w.csTK, nil)
	if !r.Ready || r.Answers != 2 || r.Questions[0].Options[0].Count != 1 || r.Questions[0].Options[1].Count != 1 || r.Questions[2].Average != 3 {
		t.Errorf("results after the stop: %+v", r)
	}
	texts, total := apptest.GetPage[survey.TextAnswer](t, w.e, w.csTK, path(d.ID, "texts"), url.Values{"item": {"q5"}})
	if total != 1 || texts[0].Name != "" || texts[0].Text != "建议多开展主题党日" || texts[0].Count != 1 {
		t.Errorf("texts %d %+v", total, texts)
	}
	apptest.Expect(t, w.e.Do("GET", path(d.ID, "export"), w.csTK, nil), 200)
	// This module keeps no answer of an anonymous questionnaire, nor whom it reached.
	ctx := t.Context()
	for _, table := range []string{"wj_answer", "wj_roll"} {
		n, err := w.e.DB.NewSelect().Table(table).Where("questionnaire_id = ?", d.ID).Count(ctx)
		if err != nil || n != 0 {
			t.Errorf("%s holds %d rows of an anonymous questionnaire (%v)", table, n, err)
		}
	}
}

// Of parallel answers of one person, one is stored (the unique index), the
// others are 409; the count rises once.
func TestNamed_ParallelAnswersOneStored(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	d := w.draft(t, w.csTK, survey.Input{OrgID: w.cs, Paper: paper("并发"), ShareType: survey.ShareCustom,
		Targets: survey.Targets{Members: []int64{w.a.member}}})
	p := w.publish(t, w.csTK, d.ID, 0)
	statuses := apptest.Concurrently(8, func(int) int {
		return w.e.Do("POST", link(p), w.a.tk, survey.FillInput{Marks: answer(5, "")}).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 409)
	got := apptest.DoJSON[survey.Detail](t, w.e, 200, "GET", path(d.ID, ""), w.csTK, nil)
	if got.Answered != 1 {
		t.Errorf("answered %d", got.Answered)
	}
}

// A ROLE audience: the holders of the roles anchored in the publisher's
// scope; a holder elsewhere is not on the roll. Codes are for anonymous
// questionnaires only.
func TestRoleAudience_WithinScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.e.GrantRole(t, w.a.account, "branch_secretary")
	w.e.GrantRole(t, w.c.account, "branch_secretary")
	d := w.draft(t, w.csTK, survey.Input{OrgID: w.cs, Paper: paper("书记问卷"), ShareType: survey.ShareRole,
		Targets: survey.Targets{Roles: []string{"branch_secretary"}}})
	apptest.Expect(t, w.e.Do("POST", path(d.ID, "publish"), w.csTK, map[string]any{"codes": 3}), 400)
	p := w.publish(t, w.csTK, d.ID, 0)
	if p.Audience != 1 || p.TargetNames[0] != "党支部书记" {
		t.Fatalf("published %+v", p)
	}
	apptest.Expect(t, w.e.Do("GET", link(p), w.a.tk, nil), 200)
	apptest.Expect(t, w.e.Do("GET", link(p), w.c.tk, nil), 403)
	apptest.Expect(t, w.e.Do("GET", link(p), w.b.tk, nil), 403)
	// Nobody reachable: publishing is refused.
	d2 := w.draft(t, w.csTK, survey.Input{OrgID: w.cs, Paper: paper("干部问卷"), ShareType: survey.ShareRole,
		Targets: survey.Targets{Roles: []string{"cadre_admin"}}})
	apptest.Expect(t, w.e.Do("POST", path(d2.ID, "publish"), w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("DELETE", "/api/wj", w.csTK, []int64{d2.ID}), 204)
}
