package talk_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/talk"
)

// Every route: 401 without a session, 403 without its permission, and a
// talk outside the caller's organisation scope is a 404 (never a 403, so
// ids cannot be probed).
func TestRoutesGuardPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, body(w.branch, "2024-03-01"))
	id := fmt.Sprint(v.ID)
	routes := []struct {
		method, path string
		body         any
		scoped       bool // names the cs talk: 404 for the math committee
	}{
		{"GET", "/api/txth", nil, false},
		{"GET", "/api/txth/export", nil, false},
		{"GET", "/api/txth/trail", nil, false},
		{"GET", "/api/txth/" + id, nil, true},
		{"GET", "/api/txth/" + id + "/trail", nil, true},
		{"POST", "/api/txth", body(w.branch, "2024-03-02"), true},
		{"PUT", "/api/txth", map[string]any{"id": v.ID, "place": "会议室"}, true},
		{"DELETE", "/api/txth", []int64{v.ID}, true},
		{"POST", "/api/txth/trail/restore", map[string]any{"trailId": 1}, true},
		{"GET", "/api/import/txth/columns", nil, false},
	}
	for _, rt := range routes {
		if res := w.e.Do(rt.method, rt.path, "", rt.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.noTK, rt.body); res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", rt.method, rt.path, res.Status)
		}
		if !rt.scoped {
			continue
		}
		res := w.e.Do(rt.method, rt.path, w.mathTK, rt.body)
		// A create names the organisation: outside the scope it is a 400 on orgId.
		want := 404
		if rt.method == "POST" && rt.path == "/api/txth" {
			want = 400
		}
		if res.Status != want {
			t.Errorf("%s %s out of scope: %d %s", rt.method, rt.path, res.Status, res.Body)
		}
	}
	// Reading only: the list works, changes are refused.
	apptest.Expect(t, w.e.Do("GET", "/api/txth/"+id, w.listTK, nil), 200)
	apptest.Expect(t, w.e.Do("POST", "/api/txth", w.listTK, body(w.branch, "2024-03-02")), 403)
	// The out-of-scope attempts changed nothing.
	if got := w.detail(t, w.csTK, v.ID); got.Place != "支部活动室" {
		t.Fatalf("changed from outside the scope: %+v", got)
	}
}

func (w *world) detail(t testing.TB, token string, id int64) talk.View {
	t.Helper()
	return apptest.DoJSON[talk.View](t, w.e, 200, "GET", fmt.Sprintf("/api/txth/%d", id), token, nil)
}

// A validation error names the input field it is about, on create and update.
func TestValidationErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	base := body(w.cs, "2024-03-01")
	cases := map[string]map[string]any{
		"orgId":        apptest.With(base, "orgId", w.math), // outside the scope
		"talkDate":     apptest.With(base, "talkDate", "2024-13-01"),
		"type":         apptest.With(base, "type", "99"),
		"talker":       apptest.With(base, "talker", " "),
		"interviewees": apptest.With(base, "interviewees", strings.Repeat("人", 201)),
		"place":        apptest.With(base, "place", strings.Repeat("地", 101)),
		"content":      apptest.With(base, "content", strings.Repeat("话", 2001)),
		"remark":       apptest.With(base, "remark", strings.Repeat("备", 501)),
	}
	cases["talkDate "] = apptest.With(base, "talkDate", "2999-01-01") // not after today
	cases["content "] = apptest.With(base, "content", "")
	cases["orgId "] = apptest.With(base, "orgId", 999999) // no such organisation
	for field, b := range cases {
		res := w.e.Do("POST", "/api/txth", w.csTK, b)
		var e struct{ Field string }
		res.JSON(t, &e)
		if res.Status != 400 || e.Field != strings.TrimSpace(field) {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
	// 2000 characters are accepted.
	w.create(t, w.csTK, apptest.With(base, "content", strings.Repeat("话", 2000)))
	v := w.create(t, w.csTK, base)
	res := w.e.Do("PUT", "/api/txth", w.csTK, map[string]any{"id": v.ID, "content": ""})
	var e struct{ Field string }
	res.JSON(t, &e)
	if res.Status != 400 || e.Field != "content" {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/txth", w.csTK, map[string]any{"place": "x"}), 400)
}

type trailPage struct {
	Content []audit.Labelled
}

func (w *world) trail(t testing.TB, id int64) []audit.Labelled {
	t.Helper()
	return apptest.DoJSON[trailPage](t, w.e, 200, "GET", fmt.Sprintf("/api/txth/%d/trail", id), w.csTK, nil).Content
}

// An update merges its body (fields left out keep their value) and writes a
// trail entry of the changed fields; a restore puts an earlier state back
// and is itself recorded; restoring the current state is refused.
func TestUpdateTrailAndRestore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, body(w.branch, "2024-03-01"))
	res := w.e.Do("PUT", "/api/txth", w.csTK, map[string]any{"id": v.ID, "content": "谈工作计划", "type": "1"})
	apptest.Expect(t, res, 200)
	got := w.detail(t, w.csTK, v.ID)
	if got.Content != "谈工作计划" || got.TypeLabel != "书记与班子成员" || got.Place != "支部活动室" || got.OrgName != "计算机教工党支部" {
		t.Fatalf("after update: %+v", got)
	}
	entries := w.trail(t, v.ID)
	if len(entries) != 2 || entries[0].Type != audit.TypeUpdate || entries[1].Type != audit.TypeAdd {
		t.Fatalf("trail: %+v", entries)
	}
	changes := map[string]string{}
	for _, c := range entries[0].Changes {
		changes[c.Field] = c.Old + "→" + c.New
	}
	if len(changes) != 2 || changes["content"] != "交流学习体会→谈工作计划" || changes["type"] != "党员之间→书记与班子成员" {
		t.Fatalf("changes: %+v", entries[0].Changes)
	}
	// An update that changes nothing records nothing.
	apptest.Expect(t, w.e.Do("PUT", "/api/txth", w.csTK, map[string]any{"id": v.ID}), 200)
	if n := len(w.trail(t, v.ID)); n != 2 {
		t.Fatalf("unchanged update recorded: %d entries", n)
	}
	// Restore the state the creation left.
	res = w.e.Do("POST", "/api/txth/trail/restore", w.csTK, map[string]any{"trailId": entries[1].ID})
	apptest.Expect(t, res, 200)
	if got := w.detail(t, w.csTK, v.ID); got.Content != "交流学习体会" || got.Type != "4" {
		t.Fatalf("after restore: %+v", got)
	}
	entries = w.trail(t, v.ID)
	if len(entries) != 3 || entries[0].Origin != audit.OriginUserRestore || entries[0].RestoredFrom == nil {
		t.Fatalf("restore entry: %+v", entries[0])
	}
	apptest.Expect(t, w.e.Do("POST", "/api/txth/trail/restore", w.csTK, map[string]any{"trailId": entries[2].ID}), 400)
	// Another module's entry is not a talk's.
	apptest.Expect(t, w.e.Do("POST", "/api/txth/trail/restore", w.csTK, map[string]any{"trailId": 999999}), 404)
	// The trail across talks shows the talk under its talker.
	res = w.e.Do("GET", "/api/txth/trail?blurry=王书记", w.csTK, nil)
	apptest.Expect(t, res, 200)
	var across struct{ TotalElements int }
	res.JSON(t, &across)
	if across.TotalElements != 3 {
		t.Fatalf("across: %s", res.Body)
	}
	res = w.e.Do("GET", "/api/txth/trail", w.mathTK, nil)
	res.JSON(t, &across)
	if across.TotalElements != 0 {
		t.Fatalf("across out of scope: %s", res.Body)
	}
}

// A delete takes ids of the caller's scope only: one id outside it deletes nothing.
func TestDelete(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.create(t, w.csTK, body(w.cs, "2024-03-01"))
	b := w.create(t, w.mathTK, body(w.math, "2024-03-01"))
	apptest.Expect(t, w.e.Do("DELETE", "/api/txth", w.csTK, []int64{a.ID, b.ID}), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/txth/%d", a.ID), w.csTK, nil), 200)
	apptest.Expect(t, w.e.Do("DELETE", "/api/txth", w.csTK, []int64{a.ID, a.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/txth/%d", a.ID), w.csTK, nil), 404)
	// The deleted talk leaves a DELETE entry with its last state, shown on
	// the trail across the scope under its talker (found by the name it kept)
	// to the scope of its organisation only; restoring it is refused.
	var across struct {
		Content []struct {
			audit.Labelled
			RecordName string
		}
		TotalElements int
	}
	res := w.e.Do("GET", "/api/txth/trail?type=3&blurry=王书记", w.csTK, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &across)
	if across.TotalElements != 1 || across.Content[0].RecordID != a.ID || across.Content[0].RecordName != "王书记" ||
		across.Content[0].TypeLabel != "删除" || across.Content[0].Origin != audit.OriginUserDelete {
		t.Fatalf("the deleted talk's trail: %s", res.Body)
	}
	last := map[string]string{}
	for _, c := range across.Content[0].Changes {
		last[c.Field] = c.Old + "→" + c.New
	}
	if last["talker"] != "王书记→" || last["type"] != "党员之间→" || last["talkDate"] != "2024-03-01→" || last["org"] != "计算机学院党委→" {
		t.Fatalf("last state %+v", across.Content[0].Changes)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/txth/trail/restore", w.csTK, map[string]any{"trailId": across.Content[0].ID}), 404, "变动记录不存在")
	res = w.e.Do("GET", "/api/txth/trail?type=3", w.mathTK, nil)
	res.JSON(t, &across)
	if across.TotalElements != 0 {
		t.Fatalf("another scope sees the deleted talk: %s", res.Body)
	}
	// An organisation with talks cannot be deleted (it is revoked instead).
	apptest.Expect(t, w.e.Do("DELETE", "/api/dzzxx", w.e.AdminTK, []int64{w.math}), 400)
}
