package bigscreen_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/stats/bigscreen"
	"zhdj/internal/system"
)

const campusMap = "/api/bigscreen/campus-map"

// campusBody is a map of one campus at x, y of size w×h with one building
// at bx, by housing orgs.
func campusBody(x, y, w, h, bx, by float64, orgs ...int64) map[string]any {
	return map[string]any{"campuses": []map[string]any{{"name": "主校区", "x": x, "y": y, "w": w, "h": h,
		"buildings": []map[string]any{{"name": "行政楼", "x": bx, "y": by, "orgIds": orgs}}}}}
}

// The editor of the campus map: the organisation department reads and
// saves it; the cockpit permission alone does not let a 二级党委 edit it.
func TestCampusMapEditorRoutes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	editor, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, bigscreen.PermParty, bigscreen.PermCampusEdit)
	for _, m := range []string{http.MethodGet, http.MethodPut} {
		apptest.Expect(t, w.e.Do(m, campusMap, "", campusBody(0, 0, 50, 50, 10, 10, w.c.CS)), http.StatusUnauthorized)
		apptest.Expect(t, w.e.Do(m, campusMap, w.csTK, campusBody(0, 0, 50, 50, 10, 10, w.c.CS)), http.StatusForbidden)
	}
	var form struct {
		Campuses []bigscreen.CampusPlan
		OrgNames map[string]string
		Problem  string
	}
	read := func() {
		res := w.e.Do(http.MethodGet, campusMap, editor, nil)
		apptest.Expect(t, res, http.StatusOK)
		res.JSON(t, &form)
	}
	read()
	if len(form.Campuses) != 0 || form.Problem != "" {
		t.Fatalf("nothing configured: %+v", form)
	}
	apptest.Expect(t, w.e.Do(http.MethodPut, campusMap, editor, campusBody(0, 0, 50, 50, 10, 10, w.c.CS, w.c.CS)), http.StatusOK)
	read()
	if len(form.Campuses) != 1 || len(form.Campuses[0].Buildings) != 1 || len(form.Campuses[0].Buildings[0].OrgIDs) != 1 ||
		form.OrgNames[fmt.Sprint(w.c.CS)] != "计算机学院党委" {
		t.Fatalf("saved map read back: %+v", form)
	}
	// The screen draws what was saved, with the committee's members.
	w.member(t, "甲", w.c.Branch, nil)
	var m struct {
		Campuses []struct {
			Buildings []struct{ Placed []struct{ Name string } }
		}
	}
	res := w.screen("/api/report/aj/dj/map", w.sign(t, w.deptTK, bigscreen.PathPartyMap).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &m)
	if len(m.Campuses) != 1 || len(m.Campuses[0].Buildings[0].Placed) != 1 || m.Campuses[0].Buildings[0].Placed[0].Name != "计算机学院党委" {
		t.Errorf("screen after saving: %+v", m)
	}
	// No campus: no map.
	apptest.Expect(t, w.e.Do(http.MethodPut, campusMap, editor, map[string]any{"campuses": []any{}}), http.StatusOK)
	if v := w.e.Sys.Setting(t.Context(), bigscreen.CfgCampusMap); v != "" {
		t.Errorf("empty map stored as %q", v)
	}
}

// The map's checks at their edges, on the editor and on the settings page
// alike: a campus reaching the grid's edge (100) is on it, 100.5 is off; a
// building on its campus's border is in it, just past it is not; an
// organisation that does not exist is refused. A refused map changes
// nothing.
func TestCampusMapChecksAtTheEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	editor, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, bigscreen.PermParty, bigscreen.PermCampusEdit)
	cases := []struct {
		name string
		body map[string]any
		want string // "" accepted, else a part of the message
	}{
		{"campus to the right edge", campusBody(50, 0, 50, 100, 100, 100, w.c.CS), ""},
		{"campus past the right edge", campusBody(50, 0, 50.5, 10, 60, 5, w.c.CS), "超出示意图"},
		{"campus of no width", campusBody(10, 10, 0, 10, 10, 10, w.c.CS), "超出示意图"},
		{"negative corner", campusBody(-1, 0, 10, 10, 5, 5, w.c.CS), "超出示意图"},
		{"building on the border", campusBody(10, 10, 20, 20, 10, 30, w.c.CS), ""},
		{"building past the border", campusBody(10, 10, 20, 20, 30.1, 20, w.c.CS), "不在校区“主校区”的范围内"},
		{"unknown organisation", campusBody(0, 0, 50, 50, 10, 10, 987654), "不存在"},
		{"no organisation", campusBody(0, 0, 50, 50, 10, 10), ""},
	}
	for _, c := range cases {
		before := w.e.Sys.Setting(t.Context(), bigscreen.CfgCampusMap)
		res := w.e.Do(http.MethodPut, campusMap, editor, c.body)
		if c.want == "" {
			apptest.Expect(t, res, http.StatusOK)
			continue
		}
		apptest.Expect(t, res, http.StatusBadRequest)
		if body := string(res.Body); !strings.Contains(body, c.want) || !strings.Contains(body, `"campusMap"`) {
			t.Errorf("%s: %s", c.name, body)
		}
		if after := w.e.Sys.Setting(t.Context(), bigscreen.CfgCampusMap); after != before {
			t.Errorf("%s: refused map stored (%q → %q)", c.name, before, after)
		}
	}
	dup := map[string]any{"campuses": []map[string]any{{"name": "主校区", "x": 0, "y": 0, "w": 40, "h": 40, "buildings": []any{}},
		{"name": " 主校区 ", "x": 50, "y": 50, "w": 40, "h": 40, "buildings": []any{}}}}
	apptest.Expect(t, w.e.Do(http.MethodPut, campusMap, editor, dup), http.StatusBadRequest)

	// The settings page runs the same checks on the raw value.
	var c system.Config
	if err := w.e.DB.NewSelect().Model(&c).Where("config_key = ?", bigscreen.CfgCampusMap).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	for raw, want := range map[string]string{
		`[{"name":`: "格式有误",
		`[{"name":"主校区","x":0,"y":0,"w":101,"h":10,"buildings":[]}]`:                                          "超出示意图",
		`[{"name":"主校区","x":0,"y":0,"w":50,"h":50,"buildings":[{"name":"楼","x":1,"y":1,"orgIds":[987654]}]}]`: "不存在",
	} {
		err := w.e.Sys.UpdateConfig(t.Context(), system.ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: raw, ConfigName: c.Name,
			ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("settings page stored %s: %v", raw, err)
		}
	}
}
