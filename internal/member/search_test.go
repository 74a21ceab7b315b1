package member_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
)

// The keyword box finds members through the text-search index, which
// follows every write: create, update, restore and delete. Queries of one,
// two and three or more characters take the index's different paths.
func TestSearchFollowsEveryWrite(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	found := func(text string) int {
		t.Helper()
		_, _, total := w.list(t, admin, url.Values{"blurry": {text}})
		return total
	}
	expect := func(step string, want map[string]int) {
		t.Helper()
		for text, n := range want {
			if got := found(text); got != n {
				t.Errorf("%s: search %q finds %d members, want %d", step, text, got, n)
			}
		}
	}
	a := w.create(t, admin, body("欧阳明月", w.branchA, "")) // staff number T欧阳明月
	w.create(t, admin, body("明亮", w.branchB, ""))
	expect("create", map[string]int{"明": 2, "明月": 1, "欧阳明": 1, "T欧": 1, "月明": 0})
	// Case follows the database's LIKE: SQLite folds ASCII, PostgreSQL does not.
	folded := 1
	if db.IsPostgres(w.e.DB) {
		folded = 0
	}
	expect("create", map[string]int{"t欧": folded})

	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", admin, map[string]any{"id": a.ID, "name": "司马光"}), 200)
	expect("update", map[string]int{"明": 2 /* staff number kept */, "司马": 1, "司马光": 1, "明月": 1, "马": 1})
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", admin, map[string]any{"id": a.ID, "staffOrStudentNo": "S001"}), 200)
	expect("update of the number", map[string]int{"明": 1, "明月": 0, "S00": 1, "1": 1})

	trail := trailOf(t, w, admin, a.ID)
	apptest.Expect(t, w.e.Do("POST", "/api/dyjbxx/trail/restore", admin, map[string]any{"trailId": trail[len(trail)-1].ID}), 200)
	expect("restore", map[string]int{"明": 2, "欧阳明月": 1, "司马": 0, "S00": 0})

	b := w.create(t, admin, body("新人", w.branchA, ""))
	expect("before delete", map[string]int{"新人": 1, "新": 1})
	apptest.Expect(t, w.e.Do("DELETE", "/api/dyjbxx", admin, []int64{b.ID}), 204)
	expect("delete", map[string]int{"新人": 0, "新": 0, "明": 2})
}
