package member_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
)

// world is a small university: a committee, two secondary committees, three
// branches and a party group, made through the organisation API.
type world struct {
	e                         *apptest.Env
	root, cs, math            int64 // 党委, 二级党委 ×2
	branchA, branchB, branchC int64 // 党支部: A, B under cs; C under math
	group                     int64 // 党小组 under A
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	c := w.e.Campus(t)
	w.root, w.cs, w.math, w.branchA = c.Root, c.CS, c.Math, c.Branch
	w.branchB = w.org(t, w.cs, "5", "计算机学生党支部")
	w.branchC = w.org(t, w.math, "5", "数学教工党支部")
	w.group = w.org(t, w.branchA, "6", "第一党小组")
	return w
}

// org creates an organisation as the admin (pid 0 = a root).
func (w *world) org(t testing.TB, pid int64, typ, name string) int64 {
	return w.e.Org(t, pid, typ, name)
}

// anchored makes a user with the given data scope and permissions whose
// account belongs to organisation orgID, and signs them in.
func (w *world) anchored(t testing.TB, scope string, orgID int64, perms ...string) (string, int64) {
	return w.e.UserAt(t, scope, orgID, perms...)
}

// body is a valid member for org, with the given ID number ("" = none: then a man).
func body(name string, org int64, id string) map[string]any {
	b := apptest.FullMember(name, org, "idNumber", id, "phone", "13800138000", "staffOrStudentNo", "T"+name)
	if id == "" {
		b["gender"] = member.GenderMale
	}
	return b
}

// create posts a member and returns it, failing the test unless 201.
func (w *world) create(t testing.TB, token string, b map[string]any) member.MemberView {
	t.Helper()
	return apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", token, b)
}

// list reads a page of the member list with the given query.
func (w *world) list(t testing.TB, token string, q url.Values) (ids []int64, names []string, total int) {
	t.Helper()
	rows, total := apptest.GetPage[member.MemberView](t, w.e, token, "/api/dyjbxx", q)
	for _, v := range rows {
		ids = append(ids, v.ID)
		names = append(names, v.Name)
	}
	return ids, names, total
}
