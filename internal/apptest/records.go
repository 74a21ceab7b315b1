package apptest

import (
	"fmt"
	"sync/atomic"
	"testing"

	"zhdj/internal/platform/module"
	"zhdj/internal/platform/remind"
)

// Shared setup of the API tests of the domains (member, unit, people …):
// records created as the admin and users anchored at an organisation. They
// take the calling test's t, which may be a subtest of the Env's.

// orgSeq numbers the organisations tests create, so their codes never clash.
var orgSeq atomic.Int64

// Create posts body to path as token, fails the test unless the answer is
// 201, and returns the id of the record created.
func (e *Env) Create(t testing.TB, token, path string, body any) int64 {
	t.Helper()
	return DoJSON[struct{ ID int64 }](t, e, 201, "POST", path, token, body).ID
}

// Org creates an organisation of type typ as the admin under pid (0: a
// root), with a fresh code, and returns its id.
func (e *Env) Org(t testing.TB, pid int64, typ, name string) int64 {
	t.Helper()
	return e.OrgCoded(t, pid, fmt.Sprintf("Z%05d", orgSeq.Add(1)), typ, name)
}

// UserAt is UserWith for an account that belongs to organisation orgID, so
// that scopes relative to the user's organisation anchor there.
func (e *Env) UserAt(t testing.TB, scope string, orgID int64, perms ...string) (token string, userID int64) {
	t.Helper()
	token, userID = e.UserWith(scope, 0, perms...)
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("org_id = ?", orgID).Where("id = ?", userID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return token, userID
}

// GrantRole gives the user the seeded role with the given code
// (system.Role*) besides the roles they hold.
func (e *Env) GrantRole(t testing.TB, userID int64, code string) {
	t.Helper()
	res, err := e.DB.ExecContext(t.Context(), "INSERT INTO sys_user_role (user_id, role_id) SELECT ?, id FROM sys_role WHERE code = ?",
		userID, code)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("no seeded role has the code %s", code)
	}
}

// FirstSignIn signs in with an initial password, checks that the account is
// refused everything until it changes it (PASSWORD_CHANGE_REQUIRED), changes
// it to newPassword and answers the token of a fresh sign-in with it.
func (e *Env) FirstSignIn(t testing.TB, username, initial, newPassword string) string {
	t.Helper()
	tok := e.Login(username, initial)
	res := e.Do("GET", "/api/msgTodo/getTodo", tok, nil)
	if res.Status != 403 || res.Map(t)["code"] != "PASSWORD_CHANGE_REQUIRED" {
		t.Fatalf("first sign-in of %s: %d %s", username, res.Status, res.Body)
	}
	Expect(t, e.Do("POST", "/api/users/updatePass", tok, map[string]any{"oldPass": e.Encrypt(initial), "newPass": e.Encrypt(newPassword)}), 204)
	return e.Login(username, newPassword)
}

// RunReminders runs the reminder rules the modules declare, and no others:
// a module's test sees its own reminders, not the 组织生活 periods every
// organisation of its world is due.
func (e *Env) RunReminders(t testing.TB, mods ...module.Module) {
	t.Helper()
	var kinds []remind.Kind
	for _, m := range mods {
		kinds = append(kinds, m.Reminders...)
	}
	if err := e.App.Reminders.Run(t.Context(), kinds...); err != nil {
		t.Fatal(err)
	}
}
