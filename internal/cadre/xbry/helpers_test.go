package xbry_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/quota"
	"zhdj/internal/cadre/xbry"
	"zhdj/internal/platform/flow"
)

var seq atomic.Int64 // tests run in parallel: titles unique

const deputy = "4" // GB_XZJB 副处级

// world: the units 计算机学院 (paired with the 计算机 committee) and 数学学院
// (with the 数学 committee), a post 计算机学院副院长 (副处级, one place
// approved, vacant) and three cadres of 计算机学院. The admin runs the
// selections (the school's party committee acts at every step).
type world struct {
	e             *apptest.Env
	c             apptest.Campus
	csUnit, mathU int64
	post, quota   int64
	a, b, c3      int64 // cadres
}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.c = e.Campus(t)
	w.csUnit = w.unit(t, "计算机学院", w.c.CS)
	w.mathU = w.unit(t, "数学学院", w.c.Math)
	w.post = w.position(t, w.csUnit, "副院长", deputy, false)
	w.quota = e.Create(t, e.AdminTK, "/api/gbzs/quotas", map[string]any{"unitId": w.csUnit, "level": deputy, "approved": 1})
	w.a, w.b, w.c3 = w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit), w.cadre(t, "丙", w.csUnit)
	return w
}

func (w *world) unit(t testing.TB, name string, dzz int64) int64 {
	t.Helper()
	return w.e.Unit(t, name, dzz)
}

func (w *world) position(t testing.TB, unitID int64, name, level string, elected bool) int64 {
	t.Helper()
	return w.e.Position(t, unitID, name, level, elected)
}

// cadre is a 科级 cadre (正科级, 现任科级) of the unit.
func (w *world) cadre(t testing.TB, name string, unitID int64) int64 {
	t.Helper()
	return w.e.Cadre(t, name, unitID, "1980-03-01", "系主任", "5", "3")
}

// motion starts a selection for post as tk.
func (w *world) motion(t testing.TB, tk string, post int64) int64 {
	t.Helper()
	return w.e.Create(t, tk, "/api/gbxbry", map[string]any{"title": fmt.Sprintf("选拔任用%d", seq.Add(1)), "positionId": post,
		"motionOn": "2026-09-01", "motionBy": "党委常委会", "reason": "副院长岗位空缺", "conditions": "具有正高级职称"})
}

func (w *world) flowOf(t testing.TB, tk string, id int64) flow.View {
	t.Helper()
	return apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/gbxbry/%d/flow", id), tk, nil)
}

func (w *world) detail(t testing.TB, id int64) xbry.View {
	t.Helper()
	return apptest.DoJSON[xbry.View](t, w.e, 200, "GET", fmt.Sprintf("/api/gbxbry/%d", id), w.e.AdminTK, nil)
}

// act takes result with form at the selection's current step as tk.
func (w *world) act(t testing.TB, tk string, id int64, result string, form any) *apptest.Response {
	t.Helper()
	v := w.flowOf(t, w.e.AdminTK, id)
	return w.e.Do("POST", fmt.Sprintf("/api/gbxbry/%d/flow", id), tk, map[string]any{"version": v.Version, "result": result,
		"comment": "同意", "form": form})
}

// The step forms of a selection run in September–October 2026: the notice
// from Monday 28 September to Friday 9 October spans the National Day
// holiday (1–7 October) and has exactly 5 working days.
func recommendForm(cands ...int64) map[string]any {
	rows := []map[string]any{}
	for i, c := range cands {
		rows = append(rows, map[string]any{"cadreId": c, "votes": 30 - i*5, "talkVotes": 20 - i*3})
	}
	return map[string]any{"recOn": "2026-09-05", "recMethod": xbry.RecBoth, "recExpected": 40, "recPresent": 36, "candidates": rows}
}

func inspectForm(team []string, inspected ...int64) map[string]any {
	return map[string]any{"inspTeam": team, "inspFrom": "2026-09-08", "inspTo": "2026-09-15", "inspTalks": 25,
		"inspReport": "该同志政治素质好，工作实绩突出。", "inspected": inspected}
}

func decideForm(total, present, agree int, appointee int64) map[string]any {
	return map[string]any{"meetOn": "2026-09-22", "meetName": "党委常委会", "meetTotal": total, "meetPresent": present,
		"meetAgree": agree, "appointeeId": appointee}
}

func publicizeForm(from, to string) map[string]any {
	return map[string]any{"pubFrom": from, "pubTo": to, "pubResult": "公示期间未收到反映"}
}

func appointForm(docNo string, promotion bool, overReason string) map[string]any {
	return map[string]any{"docNo": docNo, "appointOn": "2026-10-12", "promotion": promotion, "overReason": overReason}
}

// toAppoint runs a selection of w.post to the 任职 step, appointee w.a.
func (w *world) toAppoint(t testing.TB) int64 {
	t.Helper()
	id := w.motion(t, w.e.AdminTK, w.post)
	w.pass(t, id, recommendForm(w.a, w.b, w.c3))
	w.pass(t, id, inspectForm([]string{"王组长", "李干事"}, w.a, w.b))
	w.pass(t, id, decideForm(9, 8, 7, w.a))
	w.pass(t, id, publicizeForm("2026-09-28", "2026-10-09"))
	return id
}

// pass approves the current step with form as the admin.
func (w *world) pass(t testing.TB, id int64, form any) {
	t.Helper()
	apptest.Expect(t, w.act(t, w.e.AdminTK, id, "approve", form), 200)
}

// cadreView is a cadre as the base shows it.
func (w *world) cadreView(t testing.TB, id int64) map[string]any {
	t.Helper()
	return apptest.DoJSON[map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d", id), w.e.AdminTK, nil)
}

func (w *world) quotaView(t testing.TB) quota.QuotaView {
	t.Helper()
	return apptest.DoJSON[quota.QuotaView](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/quotas/%d", w.quota), w.e.AdminTK, nil)
}
