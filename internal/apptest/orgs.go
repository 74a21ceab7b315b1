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
