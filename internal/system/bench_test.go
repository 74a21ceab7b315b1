package system_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/config"
	"zhdj/internal/system"
)

// Sign-in at the production bcrypt cost (12): the figure is dominated by
// the hash on purpose, which is what slows down password guessing.
func BenchmarkLogin(b *testing.B) {
	e := apptest.NewWith(b, func(c *config.Config) { c.PasswordCost = 12 })
	body := map[string]any{"username": "admin", "password": e.Encrypt(apptest.AdminPassword)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := e.Do("POST", "/auth/login", "", body); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}

func BenchmarkAuthInfo(b *testing.B) {
	e := apptest.New(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := e.Do("GET", "/auth/info", e.AdminTK, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}

// A paged, filtered, sorted user list over 20,000 accounts.
func BenchmarkUserList20k(b *testing.B) {
	e := apptest.New(b)
	seedUsers(b, e.DB, 20000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := e.Do("POST", fmt.Sprintf("/api/users/list?page=%d&size=20&sort=createTime,desc", i%50), e.AdminTK, `{"blurry":"user1"}`)
		if res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}

func seedUsers(b *testing.B, db *bun.DB, n int) {
	ctx := context.Background()
	now := time.Now().UTC()
	batch := make([]system.User, 0, 1000)
	for i := 0; i < n; i++ {
		batch = append(batch, system.User{Username: fmt.Sprintf("user%d", i), NickName: fmt.Sprintf("用户%d", i),
			PasswordHash: "x", Enabled: true, Activated: true, CreatedAt: now.Add(-time.Duration(i) * time.Second), UpdatedAt: now})
		if len(batch) == cap(batch) || i == n-1 {
			if _, err := db.NewInsert().Model(&batch).Exec(ctx); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}
