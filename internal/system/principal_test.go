package system_test

import (
	"net/http"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
)

// PrincipalOf is an account as its request would carry it: its scope
// anchor and its permissions as they are now; a disabled or missing
// account is 401.
func TestPrincipalOfAnAccount(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	_, id := e.UserAt(t, "LEVEL_AND_BELOW", c.CS, "sjjy:list")
	p, err := e.Sys.PrincipalOf(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if p.UserID != id || p.OrgID == nil || *p.OrgID != c.CS || !p.Has("sjjy:list") || p.Has("sjjy:export") || p.IsAdmin() {
		t.Errorf("principal %+v", p)
	}
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", false).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, uid := range []int64{id, id + 1000} {
		if _, err := e.Sys.PrincipalOf(t.Context(), uid); httpx.AsError(err).(*httpx.Error).Status != http.StatusUnauthorized {
			t.Errorf("user %d: %v", uid, err)
		}
	}
}
