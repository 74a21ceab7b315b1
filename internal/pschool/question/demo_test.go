package question_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/question"
)

// The demo bank is written into the university committee's bank, every
// question passing the form's checks, of all five types and tagged; a
// second run leaves the bank alone.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, err := w.e.App.Questions.SeedDemo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if res.Questions < 40 || res.Questions > 60 {
		t.Fatalf("demo bank of %d questions", res.Questions)
	}
	for _, typ := range question.Types {
		if _, n := w.ids(t, w.rootTK, url.Values{"type": {itoa(int64(typ))}, "orgId": {itoa(w.root)}}); n < 5 {
			t.Errorf("type %d: %d questions", typ, n)
		}
	}
	if _, n := w.ids(t, w.rootTK, url.Values{"tag": {"党章"}}); n < 20 {
		t.Errorf("tagged 党章: %d", n)
	}
	again, err := w.e.App.Questions.SeedDemo(t.Context())
	if err != nil || again.Questions != 0 {
		t.Fatalf("second run %+v %v", again, err)
	}
	// The keys are the facts: the founding year's 填空题 accepts 1921.
	rows, _ := apptest.GetPage[question.View](t, w.e, w.rootTK, "/api/tk", url.Values{"blurry": {"中国共产党成立于______年"}})
	if len(rows) != 1 {
		t.Fatalf("founding question %+v", rows)
	}
	if score, _ := question.Grade(&rows[0].Question, `["１９２１"]`, 2); score != 2 {
		t.Fatalf("founding year graded %d", score)
	}
}
