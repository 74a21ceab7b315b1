package question_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/question"
)

// A secondary committee's staff read the university's bank (the
// organisation above them, which their random papers draw from) with
// level=above or all, marked above, but cannot change, delete, open or
// restore its questions (404, as any question outside their scope); a
// sibling committee's bank stays out of sight, and the 组织部, with
// nothing above it, sees every bank as its own.
func TestBanksAboveAreListedReadOnly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	uni := w.create(t, w.rootTK, single(w.root))
	own := w.create(t, w.csTK, single(w.cs))
	sibling := w.create(t, w.mathTK, single(w.math))
	list := func(token, level string) map[int64]question.View {
		q := url.Values{"size": {"100"}}
		if level != "" {
			q.Set("level", level)
		}
		rows, _ := apptest.GetPage[question.View](t, w.e, token, "/api/tk", q)
		out := map[int64]question.View{}
		for _, v := range rows {
			out[v.ID] = v
		}
		return out
	}
	keys := func(m map[int64]question.View) []int64 {
		var out []int64
		for id := range m {
			out = append(out, id)
		}
		slices.Sort(out)
		return out
	}
	for level, want := range map[string][]int64{"": {own.ID}, "own": {own.ID}, "above": {uni.ID}, "all": {uni.ID, own.ID}} {
		got := list(w.csTK, level)
		if !slices.Equal(keys(got), want) {
			t.Errorf("level %q: %v, want %v", level, keys(got), want)
		}
		if v, ok := got[uni.ID]; ok && (!v.Above || v.OrgName == "") {
			t.Errorf("level %q: the university's question is not marked above: %+v", level, v)
		}
		if v, ok := got[own.ID]; ok && v.Above {
			t.Errorf("level %q: the committee's own question is marked above", level)
		}
	}
	if _, ok := list(w.listTK, "above")[uni.ID]; !ok {
		t.Error("a reader of the bank does not see the bank above")
	}
	if got := list(w.rootTK, "all"); len(got) != 3 || got[uni.ID].Above || got[sibling.ID].Above {
		t.Errorf("the 组织部 sees every bank as its own: %+v", got)
	}
	if got := list(w.rootTK, "above"); len(got) != 0 {
		t.Errorf("nothing lies above the 组织部: %v", keys(got))
	}
	apptest.ExpectField(t, w.e.Do("GET", "/api/tk?level=mine", w.csTK, nil), "level", "范围应为本级、上级或全部")
	// Read only: every write and every read of the one question answers as outside the scope.
	id := fmt.Sprint(uni.ID)
	for _, rt := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/tk/" + id, nil},
		{"GET", "/api/tk/" + id + "/trail", nil},
		{"PUT", "/api/tk", map[string]any{"id": uni.ID, "enabled": false}},
		{"DELETE", "/api/tk", []int64{uni.ID}},
		{"DELETE", "/api/tk", []int64{own.ID, uni.ID}},
	} {
		apptest.Expect(t, w.e.Do(rt.method, rt.path, w.csTK, rt.body), 404)
	}
	if got := w.detail(t, w.rootTK, uni.ID); !got.Enabled || got.Stem != uni.Stem {
		t.Fatalf("the university's question changed: %+v", got)
	}
	if _, ok := list(w.csTK, "")[own.ID]; !ok {
		t.Fatal("the all-or-nothing delete removed the committee's own question")
	}
	apptest.Expect(t, w.e.Do("GET", "/api/tk?level=above", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/tk?level=above", w.noTK, nil), 403)
}
