package app_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/config"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// /healthz names a degraded text search: on PostgreSQL without pg_trgm the
// searches of three or more characters scan (and still answer rightly).
// SQLite's FTS5 is built in, so its health is plain "ok".
func TestHealthzNamesAMissingTrigramExtension(t *testing.T) {
	e := apptest.New(t)
	health := func() string {
		res := e.Do("GET", "/healthz", "", nil)
		apptest.Expect(t, res, 200)
		return string(res.Body)
	}
	if got := health(); got != "ok" {
		t.Fatalf("healthz %q", got)
	}
	if !db.IsPostgres(e.DB) {
		return
	}
	// This test's own database: the extension and its indexes go.
	if _, err := e.DB.ExecContext(t.Context(), "DROP EXTENSION pg_trgm CASCADE"); err != nil {
		t.Fatal(err)
	}
	if got := health(); !strings.HasPrefix(got, "ok\n") || !strings.Contains(got, "pg_trgm missing") {
		t.Fatalf("healthz without pg_trgm %q", got)
	}
	for text, want := range map[string]int{"adm": 1, "ad": 1, "admi": 1, "zzz": 0} {
		page := apptest.DoJSON[struct{ TotalElements int }](t, e, 200, "POST", "/api/users/list", e.AdminTK, map[string]string{"blurry": text})
		if total := page.TotalElements; total != want {
			t.Errorf("search %q without pg_trgm: %d users, want %d", text, total, want)
		}
	}
}

// A list counts its matches up to the count cap (ZHDJ_LIST_COUNT_CAP): at
// the cap the total is exact; one more and the total is the cap, flagged
// totalElementsCapped (the pager shows "≥ N").
func TestListCountCap(t *testing.T) {
	e := apptest.NewWith(t, func(c *config.Config) { c.ListCountCap = 3 })
	list := func(text string) (total int, capped bool, rows int) {
		page := apptest.DoJSON[struct {
			Content             []any
			TotalElements       int
			TotalElementsCapped bool
		}](t, e, 200, "POST", "/api/users/list?size=2", e.AdminTK, map[string]string{"blurry": text})
		return page.TotalElements, page.TotalElementsCapped, len(page.Content)
	}
	now := time.Now().UTC()
	for i := range 4 {
		u := system.User{Username: fmt.Sprintf("capuser%d", i), NickName: "封顶", PasswordHash: "x", Enabled: true,
			Activated: true, CreatedAt: now, UpdatedAt: now}
		if _, err := e.DB.NewInsert().Model(&u).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		n := i + 1
		total, capped, rows := list("capuser")
		wantTotal, wantCapped := n, false
		if n > 3 {
			wantTotal, wantCapped = 3, true
		}
		if total != wantTotal || capped != wantCapped || rows != min(n, 2) {
			t.Fatalf("%d matching users: total %d capped %v rows %d; want %d %v", n, total, capped, rows, wantTotal, wantCapped)
		}
	}
	// The cap is a total's, not a page's: a narrower search is exact again.
	if total, capped, _ := list("capuser3"); total != 1 || capped {
		t.Fatalf("one match: %d %v", total, capped)
	}
}
