package apptest

import (
	"fmt"
	"testing"
)

// What every party module's tests start from: organisations made through
// the API and users anchored at one of them (their data scope follows).

var orgSeq int

// Org creates a party organisation of type typ (DZZ_LX value) as the
// administrator, below pid (0: a root), with a fresh code, and returns its id.
func (e *Env) Org(t testing.TB, pid int64, typ, name string) int64 {
	t.Helper()
	orgSeq++
	body := map[string]any{"code": fmt.Sprintf("A%05d", orgSeq), "name": name, "type": typ}
	if pid != 0 {
		body["pid"] = pid
	}
	res := e.Do("POST", "/api/dzzxx", e.AdminTK, body)
	Expect(t, res, 201)
	var out struct{ ID int64 }
	res.JSON(t, &out)
	return out.ID
}

// Anchored creates a user holding exactly perms with the data scope scope
// whose account belongs to organisation orgID, signs them in and returns
// the token and the user's id.
func (e *Env) Anchored(t testing.TB, scope string, orgID int64, perms ...string) (token string, userID int64) {
	t.Helper()
	token, userID = e.UserWith(scope, 0, perms...)
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("org_id = ?", orgID).Where("id = ?", userID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return token, userID
}
