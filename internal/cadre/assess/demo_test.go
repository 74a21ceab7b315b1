package assess_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/assess"
)

// The demo: last year's scheme and its confirmed round (grades in the
// cadres' records), this year's scheme copied from it and its round under
// evaluation with part of the codes cast; a second run writes nothing.
func TestSeedDemoConfirmsLastYearAndOpensThisYear(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	cs, math := e.Unit(t, "计算机学院", c.CS), e.Unit(t, "数学学院", c.Math)
	for i, u := range []int64{cs, cs, cs, math, math} {
		e.Cadre(t, fmt.Sprintf("干部%d", i), u, "1975-03-01", "副院长", "4", "2")
	}
	e.Cadre(t, "离任者", cs, "1960-03-01", "院长", "3", "4") // not serving: not assessed
	res, err := e.App.Assess.SeedDemo(t.Context(), 7)
	if err != nil {
		t.Fatal(err)
	}
	if res.Schemes != 2 || len(res.Rounds) != 2 || res.Cadres != 5 || res.Ballots == 0 {
		t.Fatalf("demo: %+v", res)
	}
	rounds, _ := apptest.GetPage[assess.RoundView](t, e, e.AdminTK, "/api/gbkh/rounds", nil)
	if len(rounds) != 2 || rounds[0].State != assess.StateEvaluating || rounds[1].State != assess.StateConfirmed {
		t.Fatalf("demo rounds: %+v", rounds)
	}
	if rounds[0].Cast == 0 || rounds[0].Cast >= rounds[0].Issued {
		t.Fatalf("this year's turnout: %d of %d", rounds[0].Cast, rounds[0].Issued)
	}
	last := rounds[1]
	results, _ := apptest.GetPage[assess.Result](t, e, e.AdminTK, fmt.Sprintf("/api/gbkh/rounds/%d/results", last.ID), nil)
	graded := 0
	for _, r := range results {
		if r.Grade != "" {
			graded++
		}
	}
	if len(results) != 5 || graded == 0 {
		t.Fatalf("last year's results: %+v", results)
	}
	rows := apptest.DoJSON[[]cadre.Assessment](t, e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/khqk", results[0].CadreID), e.AdminTK, nil)
	if len(rows) != 1 || rows[0].Year != last.Year || rows[0].Grade != results[0].Grade {
		t.Fatalf("the record of %s: %+v, want %d %s", results[0].Name, rows, last.Year, results[0].Grade)
	}
	schemes, _ := apptest.GetPage[assess.SchemeView](t, e, e.AdminTK, "/api/gbkh/schemes", nil)
	if len(schemes) != 2 || schemes[0].CopiedFromID == nil || schemes[0].CopiedFromName != schemes[1].Name {
		t.Fatalf("demo schemes: %+v", schemes)
	}
	again, err := e.App.Assess.SeedDemo(t.Context(), 7)
	if err != nil || !again.Skipped {
		t.Fatalf("second run: %+v %v", again, err)
	}
}
