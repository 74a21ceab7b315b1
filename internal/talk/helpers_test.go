package talk_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/talk"
)

// world: a school committee with two secondary committees (计算机, 数学)
// and a branch under 计算机; csTK and mathTK manage talks of their
// committee and below, noTK holds no talk permission.
type world struct {
	e                          *apptest.Env
	root, cs, math, branch     int64
	csTK, mathTK, noTK, listTK string
}

var allPerms = []string{talk.Perms.List, talk.Perms.Add, talk.Perms.Edit, talk.Perms.Del, talk.Perms.Import, talk.Perms.Export}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, talk.Perms.List)
	return w
}

// body is a valid talk in organisation orgID on day.
func body(orgID int64, day string) map[string]any {
	return map[string]any{"orgId": orgID, "talkDate": day, "type": "4", "talker": "王书记", "interviewees": "李明、张华",
		"place": "支部活动室", "content": "交流学习体会"}
}

func (w *world) create(t testing.TB, token string, b map[string]any) talk.View {
	t.Helper()
	return apptest.DoJSON[talk.View](t, w.e, 201, "POST", "/api/txth", token, b)
}

// ids lists the talks the query finds (all of them: size 100) and the total.
func (w *world) ids(t testing.TB, token string, q url.Values) (ids []int64, total int) {
	t.Helper()
	q.Set("size", "100")
	rows, total := apptest.GetPage[talk.View](t, w.e, token, "/api/txth", q)
	for _, v := range rows {
		ids = append(ids, v.ID)
	}
	return ids, total
}
