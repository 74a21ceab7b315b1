package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
)

// The web's permission constants are the server's: regenerated from this
// build's routes and seeded menus, the checked-in file must not differ.
func TestWebPermissionsMatchServer(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	list, err := e.App.Permissions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want, err := app.PermissionsTS(list)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(app.PermissionsFile)))
	if err != nil {
		t.Fatalf("%v: run `make perms`", err)
	}
	if string(got) != string(want) {
		t.Fatalf("%s differs from the server's routes and menus: run `make perms` (go run ./cmd/zhdj perms %s)\n%s",
			app.PermissionsFile, app.PermissionsFile, lineDiff(string(got), string(want)))
	}
}

// lineDiff names the lines only one side has (enough to see a drift).
func lineDiff(got, want string) string {
	in := func(text string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(text, "\n") {
			m[l] = true
		}
		return m
	}
	g, w := in(got), in(want)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}

// Every route permission is among them, "a|b" routes split into their alternatives,
// and the page-level menu permissions no route names are there too.
func TestPermissionsCoverRoutesAndMenus(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	list, err := e.App.Permissions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, p := range list {
		if strings.Contains(p, "|") {
			t.Errorf("%q is a list of alternatives, not a permission", p)
		}
		have[p] = true
	}
	for _, rt := range e.App.Routes {
		if strings.HasPrefix(rt.Perm, "<") {
			continue
		}
		for _, one := range strings.Split(rt.Perm, "|") {
			if !have[one] {
				t.Errorf("route %s %s names %q, missing from the list", rt.Method, rt.Pattern, one)
			}
		}
	}
	for _, p := range []string{"dy:home", "workbench:group", "dj:workbench:navbar"} {
		if !have[p] {
			t.Errorf("seeded menu permission %q missing", p)
		}
	}
}

func TestPermissionKey(t *testing.T) {
	t.Parallel()
	for perm, key := range map[string]string{
		"user:list":           "userList",
		"sysConfig:edit":      "sysConfigEdit",
		"dj:workbench:navbar": "djWorkbenchNavbar",
		"sys-config.edit":     "sysConfigEdit",
		"a::b":                "aB",
	} {
		if got := app.PermissionKey(perm); got != key {
			t.Errorf("PermissionKey(%q) = %q, want %q", perm, got, key)
		}
	}
}

// Two permissions that differ only in separators would share a key: the
// generator refuses rather than renaming one (a renamed key would change its
// meaning in the web without a compile error). Values that cannot be written
// between single quotes are refused too.
func TestPermissionsTSRefusesAmbiguousNames(t *testing.T) {
	t.Parallel()
	if _, err := app.PermissionsTS([]string{"sys-config:edit", "sysConfig:edit"}); err == nil ||
		!strings.Contains(err.Error(), "sysConfigEdit") {
		t.Fatalf("collision not refused: %v", err)
	}
	for _, bad := range []string{"it's:bad", "1x:list", ":"} {
		if _, err := app.PermissionsTS([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	text, err := app.PermissionsTS([]string{"b:list", "a:list", "a:list"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "  aList: 'a:list',\n  bList: 'b:list',\n} as const") {
		t.Fatalf("not sorted and distinct:\n%s", text)
	}
}
