package analysis_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/alert"
	"zhdj/internal/cadre/analysis"
	"zhdj/internal/platform/date"
)

// The demo writes its cadres through the base (they show in the cadre list
// and the analysis) with something due of every reminder type on its day;
// a second run leaves the database alone.
func TestSeedDemoWritesCadresWithRemindersDue(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 4 {
		w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": fmt.Sprintf("机关处室%d", i), "code": fmt.Sprintf("DW-O%d-%d", seq, i), "type": "2"})
	}
	opts := analysis.DemoOptions{Seed: 7, Today: time.Date(2026, 12, 1, 9, 0, 0, 0, date.China),
		Sizes: analysis.DemoSizes{School: 6, Division: 30, Section: 40}}
	res, err := w.e.App.CadreAnalysis.SeedDemo(t.Context(), w.e.App.Cadres, w.e.App.Units, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Cadres != 76 || res.SchoolLeaders != 6 || res.Division != 30 || res.Section != 40 || res.Secondments == 0 || res.Certificates == 0 {
		t.Fatalf("demo %+v", res)
	}
	// Each school leader's 分管部门, written through the base: 2–4, shown with the units' names.
	leaders, _ := apptest.GetPage[cadre.View](t, w.e, w.cadreTK, "/api/gbjbxx", url.Values{"status": {"1"}, "size": {"100"}})
	managed := 0
	for _, l := range leaders {
		rows := apptest.DoJSON[[]cadre.ManagedDept](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/fgbm", l.ID), w.cadreTK, nil)
		if len(rows) < 2 || len(rows) > 4 || rows[0].UnitName == "" {
			t.Fatalf("%s manages %+v", l.Name, rows)
		}
		managed += len(rows)
	}
	if len(leaders) != 6 || managed != res.Managed {
		t.Fatalf("%d school leaders manage %d departments, the demo wrote %d", len(leaders), managed, res.Managed)
	}
	s := apptest.DoJSON[analysis.Structure](t, w.e, 200, "GET", "/api/gb/fx/structure", w.adminTK, nil)
	if s.Total != 76 {
		t.Fatalf("analysis counts %d", s.Total)
	}
	for _, typ := range alert.Types {
		dues, err := w.e.App.CadreAnalysis.Alerts().Find(t.Context(), typ, date.Date("2026-12-01").AddDays(180))
		if err != nil {
			t.Fatal(err)
		}
		if len(dues) == 0 {
			t.Errorf("nothing due of type %d", alert.SpecType(typ))
		}
	}
	again, err := w.e.App.CadreAnalysis.SeedDemo(t.Context(), w.e.App.Cadres, w.e.App.Units, opts)
	if err != nil || again.Cadres != 0 {
		t.Fatalf("second run %+v %v", again, err)
	}
}
