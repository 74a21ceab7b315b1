package app_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/config"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
)

// /healthz names a degraded text search: on PostgreSQL without pg_trgm the
// searches of three or more characters scan (and still answer rightly).
// SQLite's FTS5 is built in, so its health is plain "ok".
func TestHealthzNamesAMissingTrigramExtension(t *testing.T) {
	t.Parallel()
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
	// The administrator creates the extension; the next start builds the
	// indexes the migrations could not.
	if _, err := e.DB.ExecContext(t.Context(), "CREATE EXTENSION pg_trgm"); err != nil {
		t.Fatal(err)
	}
	if err := search.Repair(t.Context(), e.DB); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := e.DB.NewRaw("SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%_search_trgm'").Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	if n < 10 || health() != "ok" {
		t.Fatalf("after the repair: %d trigram indexes, healthz %q", n, health())
	}
}

// A list counts its matches up to the count cap (ZHDJ_LIST_COUNT_CAP): at
// the cap the total is exact; one more and the total is the cap, flagged
// totalElementsCapped (the pager shows "≥ N").
func TestListCountCap(t *testing.T) {
	t.Parallel()
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
			Activated: true, Stamps: db.StampsAt(now)}
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

// Permission sets are cached per role version in each instance. Every way
// a role's permissions change raises the version in the database (triggers),
// so two instances on one database both apply a change at the next request:
// through the API, by SQL as a migration writes grants, by editing a menu's
// permission string, and by taking the role away from the user.
func TestPermissionCacheAgreesAcrossInstances(t *testing.T) {
	e := apptest.New(t)
	other, err := app.New(e.App.Config, e.DB)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(other.Handler)
	t.Cleanup(srv.Close)
	tok, id := e.UserWith("ALL", 0, "user:list")
	status := func(base string) int {
		req, _ := http.NewRequest("POST", base+"/api/users/list", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	expect := func(step string, want int) {
		t.Helper()
		for i, base := range []string{e.Server.URL, srv.URL} {
			// Twice: the second answer comes from the warm cache.
			for range 2 {
				if got := status(base); got != want {
					t.Fatalf("%s: instance %d answers %d, want %d", step, i+1, got, want)
				}
			}
		}
	}
	ctx := t.Context()
	var role, button int64
	if err := e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", id).Scan(ctx, &role); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.NewSelect().Table("sys_menu").Column("id").Where("permission = 'user:list'").Limit(1).Scan(ctx, &button); err != nil {
		t.Fatal(err)
	}
	exec := func(query string, args ...any) {
		t.Helper()
		if _, err := e.DB.ExecContext(ctx, query, args...); err != nil {
			t.Fatal(err)
		}
	}
	expect("granted", 200)
	apptest.Expect(t, e.Do("PUT", "/api/roles/menu", e.AdminTK, map[string]any{"id": role, "menuIds": []int64{}}), 204)
	expect("revoked through the API", 403)
	exec("INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", role, button)
	expect("granted by SQL", 200)
	exec("UPDATE sys_menu SET permission = 'user:renamed' WHERE id = ?", button)
	expect("the menu's permission renamed", 403)
	exec("UPDATE sys_menu SET permission = 'user:list' WHERE id = ?", button)
	expect("renamed back", 200)
	exec("DELETE FROM sys_user_role WHERE user_id = ?", id)
	expect("role taken away", 403)
	exec("INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)", id, role)
	expect("role given back", 200)

	// The session is read on every request, on every instance: signed out on
	// one, it is refused by the other at its next request; so is an account
	// disabled by SQL.
	req, _ := http.NewRequest("DELETE", e.Server.URL+"/auth/logout", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	expect("signed out on the first instance", 401)
	other2, id2 := e.UserWith("ALL", 0, "user:list")
	tok = other2
	expect("another session", 200)
	exec("UPDATE sys_user SET enabled = ? WHERE id = ?", false, id2)
	expect("the account disabled", 401)
}
