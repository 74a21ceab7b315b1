package app_test

import (
	"regexp"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
)

type openAPIOperation struct {
	Summary    string         `json:"summary"`
	Tags       []string       `json:"tags"`
	Permission string         `json:"x-permission"`
	Responses  map[string]any `json:"responses"`
	Security   []any          `json:"security"`
	Parameters []struct {
		Name string `json:"name"`
		In   string `json:"in"`
	} `json:"parameters"`
}

// Issue 33: the OpenAPI document has every route the server declares, once,
// at its path with its permission, Chinese title and module, and only
// those; a public route needs no session, a guarded one answers 401 and
// 403, a route with {id} answers 404 out of scope.
func TestAPIDocListsEveryDeclaredRoute(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var doc struct {
		OpenAPI string                                 `json:"openapi"`
		Paths   map[string]map[string]openAPIOperation `json:"paths"`
	}
	res := e.Do("GET", "/api/doc/openapi.json", e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &doc)
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	ops := 0
	for _, item := range doc.Paths {
		ops += len(item)
	}
	if ops != len(e.App.Routes) || len(e.App.Routes) < 500 {
		t.Errorf("%d operations for %d declared routes", ops, len(e.App.Routes))
	}
	param := regexp.MustCompile(`\{([a-zA-Z0-9_]+)\}`)
	for _, rt := range e.App.Routes {
		if strings.ContainsAny(rt.Pattern, ":*") {
			t.Errorf("%s %s: a pattern the document does not translate", rt.Method, rt.Pattern)
		}
		op, ok := doc.Paths[rt.Pattern][strings.ToLower(rt.Method)]
		if !ok {
			t.Errorf("%s %s is not in the document", rt.Method, rt.Pattern)
			continue
		}
		if op.Summary != rt.Title() || op.Permission != rt.Perm || len(op.Tags) != 1 || op.Tags[0] != rt.Module {
			t.Errorf("%s %s: %q %q %v, want %q %q %q", rt.Method, rt.Pattern, op.Summary, op.Permission, op.Tags, rt.Title(), rt.Perm, rt.Module)
		}
		_, has401 := op.Responses["401"]
		_, has403 := op.Responses["403"]
		public := rt.Perm == httpx.Public
		if has401 == public || has403 != (!public && rt.Perm != httpx.SignedIn) || public != (len(op.Security) == 1) {
			t.Errorf("%s %s (%s): 401 %v, 403 %v, security %v", rt.Method, rt.Pattern, rt.Perm, has401, has403, op.Security)
		}
		names := param.FindAllStringSubmatch(rt.Pattern, -1)
		_, has404 := op.Responses["404"]
		if len(op.Parameters) != len(names) || (len(names) > 0) != has404 {
			t.Errorf("%s %s: parameters %v, 404 %v", rt.Method, rt.Pattern, op.Parameters, has404)
		}
		for i, n := range names {
			if i < len(op.Parameters) && (op.Parameters[i].Name != n[1] || op.Parameters[i].In != "path") {
				t.Errorf("%s %s: parameter %d is %+v, want %s in path", rt.Method, rt.Pattern, i, op.Parameters[i], n[1])
			}
		}
	}
	if op := doc.Paths["/auth/login"]["post"]; op.Permission != httpx.Public || op.Summary == "" {
		t.Errorf("POST /auth/login: %+v", op)
	}
}

// The document and its page are for those holding apidoc:list (the system
// administrators: the page 接口文档 joins 系统监控 for them alone).
func TestAPIDocIsForAdministrators(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	plain, _ := e.UserWith("ALL", 0, "user:list")
	reader, _ := e.UserWith("ALL", 0, "apidoc:list")
	for _, path := range []string{"/api/doc/openapi.json", "/doc.html"} {
		e.ExpectCalls(t, []apptest.Call{
			{Method: "GET", Path: path, Want: 401},
			{Method: "GET", Path: path, Token: plain, Want: 403},
		})
		res := e.Do("GET", path, reader, nil)
		switch {
		case path == "/doc.html" && res.Status == 503:
			// The web build is not there (go test without make build): the page says so.
			if !strings.Contains(string(res.Body), "make build") {
				t.Errorf("/doc.html unbuilt: %s", res.Body)
			}
		case res.Status != 200:
			t.Errorf("GET %s by a reader: %d %s", path, res.Status, res.Body)
		case path == "/doc.html" && (!strings.Contains(string(res.Body), "接口文档") || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html")):
			t.Errorf("/doc.html: %s %s", res.Header.Get("Content-Type"), res.Body)
		}
	}
	e.ExpectGrants(t, "apidoc:", map[string][]string{"系统管理员": {"apidoc:list"}, "组织部管理员": nil, "党支部书记": nil})
}
