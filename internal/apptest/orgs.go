package apptest

import "testing"

// OrgCoded creates an organisation with the given code as the admin through
// the organisation API (pid 0 = a root) and answers its id; typ is a value of
// the DZZ_LX dictionary. Imports name organisations by code; tests that do
// not care about the code use Org.
func (e *Env) OrgCoded(t testing.TB, pid int64, code, typ, name string) int64 {
	t.Helper()
	body := map[string]any{"code": code, "name": name, "type": typ}
	if pid != 0 {
		body["pid"] = pid
	}
	return e.Create(t, e.AdminTK, "/api/dzzxx", body)
}

// Campus is the organisation tree the domain tests start from.
type Campus struct {
	Root     int64 // 学校党委, a 党委
	CS, Math int64 // 计算机学院党委 and 数学学院党委, 二级党委 under Root
	Branch   int64 // 计算机教工党支部, a 党支部 under CS
}

// Campus creates the tree as the admin, in the order its fields stand.
func (e *Env) Campus(t testing.TB) Campus {
	t.Helper()
	var c Campus
	c.Root = e.Org(t, 0, "1", "学校党委")
	c.CS = e.Org(t, c.Root, "2", "计算机学院党委")
	c.Math = e.Org(t, c.Root, "2", "数学学院党委")
	c.Branch = e.Org(t, c.CS, "5", "计算机教工党支部")
	return c
}
