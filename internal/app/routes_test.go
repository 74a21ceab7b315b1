package app_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// Every route is generated into two scenarios: without a token it answers
// 401, and for a signed-in user lacking its permission it answers 403. A new
// route is covered the moment it is registered.
func TestEveryRouteRequiresItsPermission(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	nobody, _ := e.UserWith("SELF", 0) // signed in, no permission at all
	if len(e.App.Routes) < 40 {
		t.Fatalf("only %d routes registered", len(e.App.Routes))
	}
	for _, rt := range e.App.Routes {
		path := strings.NewReplacer("{id}", "1", "{name}", "x", "{code}", "x").Replace(rt.Pattern)
		name := rt.Method + " " + rt.Pattern
		switch rt.Perm {
		case httpx.Public:
			continue
		case httpx.SignedIn:
			t.Run(name+" 401", func(t *testing.T) {
				apptest.Expect(t, e.Do(rt.Method, path, "", nil), http.StatusUnauthorized)
			})
		default:
			t.Run(name+" 401", func(t *testing.T) {
				apptest.Expect(t, e.Do(rt.Method, path, "", nil), http.StatusUnauthorized)
			})
			t.Run(name+" 403", func(t *testing.T) {
				apptest.Expect(t, e.Do(rt.Method, path, nobody, nil), http.StatusForbidden)
			})
		}
	}
}

// A forged or expired token is 401 as well, and the error body follows the contract.
func TestErrorBodyShape(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("GET", "/auth/info", "not-a-token", nil)
	apptest.Expect(t, res, http.StatusUnauthorized)
	m := res.Map(t)
	if m["status"] != float64(401) || m["message"] == "" || m["timestamp"] == nil {
		t.Fatalf("error body %s", res.Body)
	}
}

// Every route names its module and action in Chinese: the operation log shows
// them ("党员信息·删除"), so a route without a title would log as a bare path.
func TestEveryRouteHasATitle(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	han := regexp.MustCompile(`\p{Han}`)
	for _, rt := range e.App.Routes {
		if !han.MatchString(rt.Module) || !han.MatchString(rt.Action) {
			t.Errorf("%s %s: title %q is not Chinese", rt.Method, rt.Pattern, rt.Title())
		}
	}
}
