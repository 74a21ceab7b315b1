package apptest

import "testing"

// Org creates an organisation as the admin through the organisation API
// (pid 0 = a root) and answers its id; typ is a value of the DZZ_LX dictionary.
func (e *Env) Org(t testing.TB, pid int64, code, typ, name string) int64 {
	t.Helper()
	body := map[string]any{"code": code, "name": name, "type": typ}
	if pid != 0 {
		body["pid"] = pid
	}
	res := e.Do("POST", "/api/dzzxx", e.AdminTK, body)
	Expect(t, res, 201)
	var out struct{ ID int64 }
	res.JSON(t, &out)
	return out.ID
}
