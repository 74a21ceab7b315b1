package org_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/unit"
)

// scopeQueries counts the queries that read a CUSTOM role's organisations:
// one per computation of an organisation scope.
type scopeQueries struct{ n atomic.Int64 }

func (h *scopeQueries) BeforeQuery(ctx context.Context, ev *bun.QueryEvent) context.Context {
	if strings.Contains(ev.Query, "dzz_role_scope") && strings.HasPrefix(strings.TrimSpace(ev.Query), "SELECT") {
		h.n.Add(1)
	}
	return ctx
}

func (h *scopeQueries) AfterQuery(context.Context, *bun.QueryEvent) {}

// A request computes the caller's organisation scope once, however many
// services ask for it (org, unit and member scopes all derive from it), and
// a change of the role's organisations applies to the next request.
func TestScopeIsComputedOncePerRequest(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	_, uid := e.UserWith("CUSTOM", 0, org.PermList, unit.PermList, member.PermList)
	var roleID int64
	if err := e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", uid).Scan(context.Background(), &roleID); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx/roleScope", e.AdminTK, body{"roleId": roleID, "dzzIds": []int64{tr.B}}), 204)
	var name string
	if err := e.DB.NewSelect().Table("sys_user").Column("username").Where("id = ?", uid).Scan(context.Background(), &name); err != nil {
		t.Fatal(err)
	}
	tok := e.Login(name, "Test@12345")
	hook := &scopeQueries{}
	e.DB.AddQueryHook(hook)

	for _, path := range []string{
		fmt.Sprintf("/api/dzzxx?subtreeOf=%d", tr.B), "/api/dzzxx/export", "/api/dwxx", "/api/dyjbxx", "/api/common/dyjbxx",
	} {
		hook.n.Store(0)
		apptest.Expect(t, e.Do("GET", path, tok, nil), 200)
		if n := hook.n.Load(); n != 1 {
			t.Errorf("GET %s computed the scope %d times, want once", path, n)
		}
	}

	// Services called outside a request (jobs, statistics) compute each time.
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: uid})
	hook.n.Store(0)
	for i := 0; i < 2; i++ {
		if _, err := e.App.Orgs.ScopeOf(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := hook.n.Load(); n != 2 {
		t.Errorf("without a request memo the scope was computed %d times, want 2", n)
	}
	// Within one request every ask after the first is answered from the memo.
	ctx = rbac.WithMemo(ctx)
	hook.n.Store(0)
	for i := 0; i < 3; i++ {
		if _, err := e.App.Orgs.ScopeOf(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := e.App.Units.ScopeOf(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := hook.n.Load(); n != 1 {
		t.Errorf("with a request memo the scope was computed %d times, want once", n)
	}

	// The next request sees a changed role scope.
	if got := e.listIDs(tok, url.Values{}); !sameIDs(got, []int64{tr.B, tr.B1}) {
		t.Fatalf("custom scope B: %v", got)
	}
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx/roleScope", e.AdminTK, body{"roleId": roleID, "dzzIds": []int64{tr.A2}}), 204)
	if got := e.listIDs(tok, url.Values{}); !sameIDs(got, []int64{tr.A2}) {
		t.Fatalf("after the change: %v", got)
	}
}
