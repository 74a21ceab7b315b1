package weakorg_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
	"zhdj/internal/weakorg"
)

// world: a school committee (学校党委) with two 二级党委 (计算机, 数学) and a
// branch under each; deptTK is the 组织部 (every rsrs permission over the
// school), csTK and mathTK hold a 二级党委's permissions over their subtree,
// branchTK a branch secretary's over the 计算机 branch, noTK none.
type world struct {
	e                              *apptest.Env
	root, cs, math, branch, mathBr int64
	deptTK, csTK, mathTK, branchTK string
	noTK                           string
}

var (
	deptPerms = []string{weakorg.PermList, weakorg.PermReport, weakorg.PermPropose, weakorg.PermRecommend, weakorg.PermEdit,
		weakorg.PermClose, weakorg.PermExport, weakorg.PermScreen, weakorg.PermConfirm}
	committeePerms = deptPerms[:7]
	branchPerms    = deptPerms[:2]
)

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.mathBr = e.Org(t, w.math, "5", "数学教工党支部")
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, deptPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, committeePerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, committeePerms...)
	w.branchTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.branch, branchPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, "dzz:list")
	return w
}

// clock sets the weak-organisation service's today (China) to day at noon.
func (w *world) clock(day string) {
	t, _ := time.ParseInLocation(date.Layout+" 15:04", day+" 12:00", date.China)
	w.e.App.WeakOrg.SetClock(func() time.Time { return t.UTC() })
}

// recorded moves organisation id's record to day (noon in China): a
// secretary left empty since it was recorded is vacant from then.
func (w *world) recorded(t *testing.T, id int64, day string) {
	t.Helper()
	at, _ := time.ParseInLocation(date.Layout+" 15:04", day+" 12:00", date.China)
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("created_at = ?", at.UTC()).Set("updated_at = ?", at.UTC()).
		Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// changedOn dates the last trail entry of organisation id on day (noon in China).
func (w *world) changedOn(t *testing.T, id int64, day string) {
	t.Helper()
	at, _ := time.ParseInLocation(date.Layout+" 15:04", day+" 12:00", date.China)
	if _, err := w.e.DB.NewUpdate().Table("change_trail").Set("created_at = ?", at.UTC()).
		Where("id = (SELECT MAX(id) FROM change_trail WHERE module = ? AND record_id = ?)", org.TrailModule, id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// meeting inserts a held meeting of type code of orgID on day.
func meeting(t *testing.T, e *apptest.Env, orgID int64, code, day string) {
	t.Helper()
	starts, _ := time.ParseInLocation(date.Layout+" 15:04", day+" 09:00", date.China)
	now, ends := time.Now().UTC(), starts.Add(2*time.Hour).UTC()
	m := &orglife.Meeting{OrgID: orgID, TypeCode: code, Topic: "会议", StartsAt: starts.UTC(), EndsAt: ends, HeldOn: date.Date(day),
		State: orglife.StateClosed, ClosedAt: &ends}
	m.CreatedAt, m.UpdatedAt = now, now
	if _, err := e.DB.NewInsert().Model(m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func (w *world) screen(t *testing.T, year int) weakorg.ScreenResult {
	t.Helper()
	return apptest.DoJSON[weakorg.ScreenResult](t, w.e, 200, "POST", "/api/rsrs/screen", w.deptTK, map[string]any{"year": year})
}

// cases lists the cases of year the token sees, by organisation.
func (w *world) cases(t *testing.T, token string, year int, q url.Values) map[int64]weakorg.CaseView {
	t.Helper()
	if q == nil {
		q = url.Values{}
	}
	q.Set("year", fmt.Sprint(year))
	q.Set("size", "100")
	rows, _ := apptest.GetPage[weakorg.CaseView](t, w.e, token, "/api/rsrs/cases", q)
	return apptest.ByKey(rows, func(v weakorg.CaseView) int64 { return v.OrgID })
}

func (w *world) detail(t *testing.T, token string, id int64) weakorg.Detail {
	t.Helper()
	return apptest.DoJSON[weakorg.Detail](t, w.e, 200, "GET", fmt.Sprintf("/api/rsrs/cases/%d", id), token, nil)
}

// hit is the evidence of criterion in detail d ("" when it is not hit).
func hit(d weakorg.Detail, criterion string) string {
	if i := slices.IndexFunc(d.Hits, func(h weakorg.Hit) bool { return h.Criterion == criterion }); i >= 0 {
		return d.Hits[i].Evidence
	}
	return ""
}

// act posts a step of case id with text and wants status.
func (w *world) act(t *testing.T, token string, id int64, step, text string, want int) weakorg.Detail {
	t.Helper()
	return apptest.DoJSON[weakorg.Detail](t, w.e, want, "POST", fmt.Sprintf("/api/rsrs/cases/%d/%s", id, step), token, map[string]any{"text": text})
}

func (w *world) propose(t *testing.T, token string, orgID int64, criterion string, want int) weakorg.Detail {
	t.Helper()
	return apptest.DoJSON[weakorg.Detail](t, w.e, want, "POST", "/api/rsrs/cases", token,
		map[string]any{"year": 2025, "orgId": orgID, "criterion": criterion, "evidence": "支部书记长期不履职，党员反映强烈"})
}

// setting changes a system setting as its page does.
func setting(t *testing.T, e *apptest.Env, key, value string) {
	t.Helper()
	var c system.Config
	if err := e.DB.NewSelect().Model(&c).Where("config_key = ?", key).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := e.Sys.UpdateConfig(t.Context(), system.ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: value, ConfigName: c.Name,
		ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind}); err != nil {
		t.Fatal(err)
	}
}

func contains(s, part string) bool { return strings.Contains(s, part) }
