package system_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// Preferences belong to the signed-in user alone: another user reads none
// of them and cannot change them; without a session there are none.
func TestPrefsOnlyForSelf(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	other, _ := e.UserWith("ALL", 0)
	key := "/api/users/prefs?key=columns.party.dyjbxx"

	apptest.Expect(t, e.Do("GET", key, "", nil), 401)
	apptest.Expect(t, e.Do("PUT", "/api/users/prefs", "", map[string]any{"key": "columns.party.dyjbxx", "value": []string{"x"}}), 401)

	if got := e.Do("GET", key, e.AdminTK, nil).Map(t); got["value"] != nil || got["key"] != "columns.party.dyjbxx" {
		t.Fatalf("nothing stored yet: %v", got)
	}
	apptest.Expect(t, e.Do("PUT", "/api/users/prefs", e.AdminTK, map[string]any{"key": "columns.party.dyjbxx", "value": map[string]any{"hidden": []string{"education"}}}), 204)
	// Saving again replaces the value.
	apptest.Expect(t, e.Do("PUT", "/api/users/prefs", e.AdminTK, map[string]any{"key": "columns.party.dyjbxx", "value": map[string]any{"hidden": []string{"grade"}}}), 204)
	if res := e.Do("GET", key, e.AdminTK, nil); res.Status != 200 || !strings.Contains(string(res.Body), `"value":{"hidden":["grade"]}`) {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	// Another user sees none of it, and their own save leaves the admin's alone.
	if got := e.Do("GET", key, other, nil).Map(t); got["value"] != nil {
		t.Fatalf("another user read the admin's preference: %v", got)
	}
	apptest.Expect(t, e.Do("PUT", "/api/users/prefs", other, map[string]any{"key": "columns.party.dyjbxx", "value": []string{"mine"}}), 204)
	if res := e.Do("GET", key, e.AdminTK, nil); !strings.Contains(string(res.Body), `"grade"`) {
		t.Fatalf("another user's save changed the admin's: %s", res.Body)
	}
	// null forgets it.
	apptest.Expect(t, e.Do("PUT", "/api/users/prefs", e.AdminTK, map[string]any{"key": "columns.party.dyjbxx", "value": nil}), 204)
	if got := e.Do("GET", key, e.AdminTK, nil).Map(t); got["value"] != nil {
		t.Fatalf("not forgotten: %v", got)
	}
}

// Keys, sizes and counts are bounded.
func TestPrefLimits(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, c := range []struct {
		body   map[string]any
		field  string
		status int
	}{
		{map[string]any{"key": "", "value": 1}, "key", 400},
		{map[string]any{"key": "a b", "value": 1}, "key", 400},
		{map[string]any{"key": strings.Repeat("k", 65), "value": 1}, "key", 400},
		{map[string]any{"key": "big", "value": strings.Repeat("x", system.MaxPrefBytes)}, "value", 400},
	} {
		res := e.Do("PUT", "/api/users/prefs", e.AdminTK, c.body)
		if res.Status != c.status || res.Map(t)["field"] != c.field {
			t.Errorf("%v: %d %s", c.body["key"], res.Status, res.Body)
		}
	}
	apptest.Expect(t, e.Do("GET", "/api/users/prefs?key=a%20b", e.AdminTK, nil), 400)
	var admin int64
	if err := e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'admin'").Scan(t.Context(), &admin); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < system.MaxPrefsPerUser; i++ {
		if _, err := e.DB.NewInsert().Model(&system.UserPref{UserID: admin, Key: fmt.Sprintf("k%d", i), Value: "1", UpdatedAt: time.Now()}).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	// Replacing one that exists is still allowed.
	apptest.Expect(t, e.Do("PUT", "/api/users/prefs", e.AdminTK, map[string]any{"key": "k0", "value": 2}), 204)
	res := e.Do("PUT", "/api/users/prefs", e.AdminTK, map[string]any{"key": "one.more", "value": 1})
	if res.Status != 400 || res.Message() != "偏好设置已达上限（200项）" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}
