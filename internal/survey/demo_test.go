package survey_test

import (
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
	"zhdj/internal/survey"
)

// The demo: a named questionnaire collecting with answers, an anonymous
// one stopped whose results show.
func TestSeedDemo_NamedCollectingAnonymousStoppedWithResults(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, err := w.e.App.Survey.SeedDemo(t.Context(), survey.DemoOptions{Seed: 7, Today: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Questionnaires != 2 || res.Anonymous == 0 {
		t.Fatalf("demo %+v", res)
	}
	rows, _ := apptest.GetPage[survey.View](t, w.e, w.e.AdminTK, "/api/wj", nil)
	if len(rows) != 2 {
		t.Fatalf("rows %+v", rows)
	}
	for _, v := range rows {
		r := apptest.DoJSON[survey.Results](t, w.e, 200, "GET", "/api/wj/"+itoa(v.ID)+"/results", w.e.AdminTK, nil)
		switch {
		case v.Anonymous && (v.State != survey.StateStop || !r.Ready || r.Answers != res.Anonymous || r.Answers != v.Answered):
			t.Errorf("anonymous %+v results %+v", v, r)
		case !v.Anonymous && (v.State != survey.StateShare || r.Answers != res.Named || v.Link == ""):
			t.Errorf("named %+v results %+v", v, r)
		}
	}
}

// The demo's meeting receipts: orglife's demo asks for one at the latest
// 主题党日 of each branch of the first 二级党委, and this demo answers three
// members in four of each list; the receipt shows in the meeting's 回执 tab.
func TestSeedDemo_AnswersTheMeetingsReceipts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := time.Date(2026, 11, 28, 10, 0, 0, 0, date.China)
	life, err := w.e.App.OrgLife.SeedDemo(t.Context(), orglife.DemoOptions{Seed: 7, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	res, err := w.e.App.Survey.SeedDemo(t.Context(), survey.DemoOptions{Seed: 7, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	receipts, _ := apptest.GetPage[survey.View](t, w.e, w.e.AdminTK, "/api/wj", map[string][]string{"receipt": {"true"}})
	if life.Receipts == 0 || len(receipts) != life.Receipts || res.Receipts == 0 {
		t.Fatalf("orglife asked %d, listed %+v, answered %d", life.Receipts, receipts, res.Receipts)
	}
	answered := 0
	for _, v := range receipts {
		r := apptest.DoJSON[survey.MeetingReceipt](t, w.e, 200, "GET", "/api/wj/meeting/"+itoa(*v.MeetingID)+"/receipt", w.e.AdminTK, nil)
		if r.Questionnaire == nil || r.Results == nil || r.Results.Audience == 0 || r.Results.Answers > r.Results.Audience ||
			len(r.Results.Questions) != 3 || v.State != survey.StateShare {
			t.Errorf("receipt %+v: %+v", v, r)
			continue
		}
		answered += r.Results.Answers
	}
	if answered != res.Receipts {
		t.Errorf("%d answers read, %d written", answered, res.Receipts)
	}
}
