package app_test

import (
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
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
