package benchkit_test

import (
	"strings"
	"testing"

	"zhdj/internal/benchkit"
)

// The harness at 300 members, every scenario a few times: it runs in
// `go test` so that `make bench` cannot rot unnoticed.
func TestHarnessSmoke(t *testing.T) {
	t.Parallel()
	w := benchkit.NewWorld(t, 300)
	for name, scenario := range map[string]func(testing.TB, int){
		"list/college": w.ListScoped, "list/university": w.ListAll, "detail": w.Detail,
		"buildtree": w.BuildTree, "buildtree/college": w.BuildTreeScoped,
		"home": w.HomeSummary, "home/college": w.HomeSummaryScoped,
	} {
		s := benchkit.Repeat(t, 5, scenario)
		if s.Count != 5 || s.P50 <= 0 || s.P99 < s.P50 || s.PerSec <= 0 {
			t.Fatalf("%s: %+v", name, s)
		}
	}
	// The scoped administrator sees their college only; the list finds people.
	res := w.Env.Do("GET", "/api/dyjbxx?size=500", w.ScopedToken, nil)
	var page struct{ TotalElements int }
	res.JSON(t, &page)
	if res.Status != 200 || page.TotalElements == 0 || page.TotalElements >= 300 {
		t.Fatalf("college administrator sees %d of 300 members (%d)", page.TotalElements, res.Status)
	}
	ex := w.Export(t)
	if ex.Bytes < 10_000 || ex.Took <= 0 || ex.PeakHeapMB <= 0 {
		t.Fatalf("export: %+v", ex)
	}
	// The import: new members valid and written (ImportMembers checks both), twice.
	for range 2 {
		im := w.ImportMembers(t, 200)
		if im.Upload <= 0 || im.Commit <= 0 || im.PeakHeapMB <= 0 || im.FileBytes < 5_000 {
			t.Fatalf("import: %+v", im)
		}
	}
	if !strings.HasPrefix(string(w.Env.Do("GET", "/api/dyjbxx/export", w.Env.AdminTK, nil).Body[:2]), "PK") {
		t.Fatal("the export is not an xlsx (zip) file")
	}
}

// The party-fee scenarios at 300 members: the demo's settled months, the
// current month started through the API (a due for every member), the
// month list, the yearly report and the arrears list.
func TestFeeHarnessSmoke(t *testing.T) {
	t.Parallel()
	w := benchkit.NewWorld(t, 300)
	f := w.SeedFees(t)
	if f.Seeded.Months != 11 || len(f.Branches) == 0 {
		t.Fatalf("fee world %+v", f)
	}
	took, dues := w.FeeStart(t, f)
	if took <= 0 || dues != 300 {
		t.Fatalf("start: %v, %d dues", took, dues)
	}
	for name, scenario := range map[string]func(testing.TB, int){
		"fee/monthlist": w.FeeMonthList(f), "fee/yearly": w.FeeYearly(f), "fee/arrears": w.FeeArrears,
	} {
		if s := benchkit.Repeat(t, 3, scenario); s.Count != 3 || s.P50 <= 0 {
			t.Fatalf("%s: %+v", name, s)
		}
	}
}
