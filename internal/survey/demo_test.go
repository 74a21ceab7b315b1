package survey_test

import (
	"testing"
	"time"

	"zhdj/internal/apptest"
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
