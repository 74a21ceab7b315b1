package survey_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/survey"
)

// BenchmarkResults20000 is issue 26's questionnaire target: a named
// questionnaire's results (every question counted in SQL) over 20,000
// answers within 500 ms, through GET /api/wj/{id}/results. make bench
// prints the time per request docs/performance.md records.
func BenchmarkResults20000(b *testing.B) {
	const answers = 20000
	w := newWorld(b)
	d := w.draft(b, w.csTK, survey.Input{OrgID: w.cs, Paper: survey.DemoNamedPaper(2026), ShareType: survey.ShareOrg,
		Targets: survey.Targets{Orgs: []int64{w.cs}}})
	w.publish(b, w.csTK, d.ID, 0)
	r := rand.New(rand.NewPCG(1, 2))
	rows := make([]survey.Answer, answers)
	now := time.Now()
	for i := range rows {
		account := int64(1_000_000 + i)
		body, _ := json.Marshal(survey.DemoMarks(r, d.Paper))
		rows[i] = survey.Answer{QuestionnaireID: d.ID, AccountID: &account, Name: "党员", Marks: string(body), CreatedAt: now}
	}
	ctx := b.Context()
	if err := w.e.App.Survey.SeedAnswers(ctx, rows); err != nil {
		b.Fatal(err)
	}
	if _, err := w.e.DB.ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	path := path(d.ID, "results")
	var worst time.Duration
	for b.Loop() {
		t0 := time.Now()
		res := w.e.Do("GET", path, w.csTK, nil)
		worst = max(worst, time.Since(t0))
		if res.Status != 200 {
			b.Fatalf("%d %s", res.Status, res.Body)
		}
	}
	got := apptest.DoJSON[survey.Results](b, w.e, 200, "GET", path, w.csTK, nil)
	if got.Answers != answers || got.Questions[0].Answered != answers {
		b.Fatalf("results %+v", got.Questions[0])
	}
	b.Logf("%s survey/results over %d answers: worst %v (target 500 ms)", w.e.DB.Dialect().Name(), answers, worst)
	if worst > 500*time.Millisecond {
		b.Errorf("results over %d answers took %v > 500 ms", answers, worst)
	}
}
