package apptest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/system"
)

// Account is a user made by Accounts with its live session.
type Account struct {
	ID       int64
	Username string
	Token    string // the session token, as the session cookie carries it
}

// accountChunk bounds one bulk insert (rows per statement).
const accountChunk = 500

// Accounts makes n active users holding exactly perms (one role shared by
// all, data scope 仅本人), each signed in: a session row the guard checks
// like any other. Made in bulk for load runs: one user is made and signed
// in as UserWith does (one bcrypt hash, one real sign-in), the others copy
// its password hash and password state and get its role and a fresh
// session token by plain inserts, so thousands cost seconds, not a
// sign-in each.
func (e *Env) Accounts(t testing.TB, n int, perms ...string) []Account {
	t.Helper()
	ctx := context.Background()
	_, templateID := e.UserWith(system.ScopeSelf, 0, perms...)
	var template system.User
	if err := e.DB.NewSelect().Model(&template).Where("u.id = ?", templateID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	var roleID int64
	if err := e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", templateID).Scan(ctx, &roleID); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	out := make([]Account, 0, n)
	for from := 0; from < n; from += accountChunk {
		size := min(accountChunk, n-from)
		users := make([]system.User, size)
		for i := range users {
			u := template
			u.ID, u.Username = 0, fmt.Sprintf("%s_%d", template.Username, from+i)
			u.NickName, u.Email, u.LastLoginAt = fmt.Sprintf("考生%d", from+i+1), "", &now
			users[i] = u
		}
		if _, err := e.DB.NewInsert().Model(&users).Returning("id").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		ids := make([]int64, size)
		sessions := make([]system.Session, size)
		for i, u := range users {
			ids[i] = u.ID
			token, hash := auth.NewToken()
			sessions[i] = system.Session{TokenHash: hash, UserID: u.ID, Client: system.Client{IP: "127.0.0.1", UserAgent: "zhdj load"},
				CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(12 * time.Hour)}
			out = append(out, Account{ID: u.ID, Username: u.Username, Token: token})
		}
		if _, err := e.DB.ExecContext(ctx, "INSERT INTO sys_user_role (user_id, role_id) SELECT id, ? FROM sys_user WHERE id IN (?)",
			roleID, bun.In(ids)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.NewInsert().Model(&sessions).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
