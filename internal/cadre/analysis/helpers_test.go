package analysis_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/alert"
	"zhdj/internal/cadre/analysis"
	"zhdj/internal/platform/date"
)

// world: two units (计算机学院, 数学学院); adminTK holds the pages'
// permissions and sees every cadre (gbjbxx:all, like the 干部管理员);
// unitTK holds them without gbjbxx:all (a unit leader: no cadre while the
// setting is off); noTK holds none of them. The clock is 2026-12-01.
type world struct {
	e                *apptest.Env
	csUnit, mathUnit int64
	adminTK, unitTK  string
	noTK, cadreTK    string
	today            date.Date
	root             int64
}

var pagePerms = []string{analysis.PermFxList, analysis.PermFxExport, analysis.PermTxList, analysis.PermTxConfig, analysis.PermWorkbench}

var seq int

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t), today: "2026-12-01"}
	c := w.e.Campus(t)
	w.root = c.Root
	seq++
	w.csUnit = w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "计算机学院", "code": fmt.Sprintf("DW-CS%d", seq), "type": "1", "dzzId": c.CS})
	w.mathUnit = w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "数学学院", "code": fmt.Sprintf("DW-M%d", seq), "type": "1", "dzzId": c.Math})
	w.adminTK, _ = w.e.UserAt(t, "ALL", c.Root, append(pagePerms, cadre.PermAll)...)
	w.unitTK, _ = w.e.UserAt(t, "LEVEL_AND_BELOW", c.CS, pagePerms...)
	w.noTK, _ = w.e.UserAt(t, "ALL", c.Root, "dzz:list")
	w.cadreTK, _ = w.e.UserAt(t, "ALL", c.Root, cadre.Perms.List, cadre.Perms.Add, cadre.Perms.Edit, cadre.PermAll)
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, date.China)
	w.e.App.CadreAnalysis.SetClock(func() time.Time { return now })
	return w
}

// cadre adds a serving cadre (现任处级, 正处级) of unit with the fields kv.
func (w *world) cadre(t testing.TB, name string, unit int64, kv ...any) int64 {
	t.Helper()
	body := apptest.With(map[string]any{"name": name, "gender": "1", "birthOn": "1975-03-01", "ethnicity": "01",
		"politicalStatus": "01", "unitId": unit, "post": "院长", "level": "3", "category": "2", "status": "2",
		"tenureStatus": "1", "education": "11", "degree": "201", "postSince": "2022-03-01"}, kv...)
	return apptest.DoJSON[cadre.View](t, w.e, 201, "POST", "/api/gbjbxx", w.cadreTK, body).ID
}

// post adds a post row to cadre id.
func (w *world) post(t testing.TB, id int64, kv ...any) {
	t.Helper()
	body := apptest.With(map[string]any{"post": "院长", "kind": "任职", "startOn": "2022-03-01"}, kv...)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/gbjbxx/%d/zw", id), w.cadreTK, body), 201)
}

// certificate adds a certificate row to cadre id.
func (w *world) certificate(t testing.TB, id int64, kv ...any) {
	t.Helper()
	body := apptest.With(map[string]any{"kind": "因私护照", "number": "E12345678", "keptByOrg": true, "outOn": "2026-11-01"}, kv...)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/gbjbxx/%d/zj", id), w.cadreTK, body), 201)
}

// due lists the names due of a type by until (the finders as the engine runs them).
func (w *world) due(t testing.TB, typ int, until date.Date) []string {
	t.Helper()
	dues, err := w.e.App.CadreAnalysis.Alerts().Find(t.Context(), typ, until)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, d := range dues {
		out = append(out, d.Name+" "+string(d.DueOn))
	}
	sort.Strings(out)
	return out
}

func same(a, b []string) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

var _ = alert.TypeTerm
