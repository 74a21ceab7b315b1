package system_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
)

// Attack: one shared initial password per installation, readable by anyone
// with sysConfig:list, opened every new, reset or imported account. Now each
// account gets its own random password, answered once (create, reset,
// import) and afterwards found in no answer: not in the lists, the detail,
// the settings (the initPassword setting is gone) nor the database in clear.
func TestInitialPasswordsAreOwnAndShownOnce(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var secrets []string

	res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "newbie", "nickName": "新人"})
	apptest.Expect(t, res, 201)
	var created struct {
		ID              int64
		InitialPassword string
	}
	res.JSON(t, &created)
	if len(created.InitialPassword) < 12 {
		t.Fatalf("create answer: %s", res.Body)
	}
	secrets = append(secrets, created.InitialPassword)
	res = e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "newbie2", "nickName": "新人二"})
	apptest.Expect(t, res, 201)
	var second struct{ InitialPassword string }
	res.JSON(t, &second)
	if second.InitialPassword == created.InitialPassword {
		t.Fatal("two accounts got the same initial password")
	}
	secrets = append(secrets, second.InitialPassword)
	tok := e.Login("newbie", created.InitialPassword)
	if res := e.Do("GET", "/api/users/check", tok, nil); !strings.Contains(string(res.Body), `"needChange":true`) {
		t.Fatalf("must change: %s", res.Body)
	}

	res = e.Do("POST", "/api/users/managerResetPass/", e.AdminTK, map[string]int64{"id": created.ID})
	apptest.Expect(t, res, 200)
	var reset struct{ Username, InitialPassword string }
	res.JSON(t, &reset)
	if reset.Username != "newbie" || reset.InitialPassword == "" || reset.InitialPassword == created.InitialPassword {
		t.Fatalf("reset answer: %s", res.Body)
	}
	secrets = append(secrets, reset.InitialPassword)
	if login(e, "newbie", created.InitialPassword, nil).Status == 200 {
		t.Fatal("the password before the reset still works")
	}
	e.Login("newbie", reset.InitialPassword)

	batch := e.Stage(t, "user", e.AdminTK, [][]string{{"用户名*", "姓名*"}, {"imp1", "导入一"}, {"imp2", "导入二"}})
	res = e.Do("POST", fmt.Sprintf("/api/import/user/batches/%d/commit", batch.ID), e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	var imported struct {
		Passwords []struct{ Username, NickName, InitialPassword string }
	}
	var answer struct{ Result *json.RawMessage }
	res.JSON(t, &answer)
	if answer.Result == nil || json.Unmarshal(*answer.Result, &imported) != nil || len(imported.Passwords) != 2 ||
		imported.Passwords[0].NickName != "导入一" || imported.Passwords[0].InitialPassword == imported.Passwords[1].InitialPassword {
		t.Fatalf("import answer: %s", res.Body)
	}
	for _, p := range imported.Passwords {
		secrets = append(secrets, p.InitialPassword)
	}
	// Activated, an imported account signs in with its own password.
	var impID int64
	e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'imp1'").Scan(context.Background(), &impID) //nolint:errcheck
	apptest.Expect(t, e.Do("POST", "/api/users/registerNoEnterUser", e.AdminTK, []int64{impID}), 204)
	e.Login("imp1", imported.Passwords[0].InitialPassword)

	answers := []*apptest.Response{
		e.Do("POST", "/api/users/list", e.AdminTK, nil),
		e.Do("POST", "/api/users/listNoEnterUser", e.AdminTK, nil),
		e.Do("POST", "/api/users/listWeakPasswordPeople", e.AdminTK, nil),
		e.Do("GET", "/api/users/export", e.AdminTK, nil),
		e.Do("GET", "/auth/info", tok, nil),
		e.Do("GET", "/api/sysConfig/listAll", e.AdminTK, nil),
		e.Do("GET", "/api/sysConfig?size=1000", e.AdminTK, nil),
		e.Do("GET", "/api/sysConfig/group/name?name=security", e.AdminTK, nil),
		e.Do("GET", "/api/sysConfig/public", "", nil),
		e.Do("GET", fmt.Sprintf("/api/import/user/batches/%d", batch.ID), e.AdminTK, nil), // the batch keeps no password
		e.Do("GET", "/api/import/user/batches", e.AdminTK, nil),
	}
	for i, a := range answers {
		for _, s := range secrets {
			if strings.Contains(string(a.Body), s) {
				t.Errorf("answer %d contains an initial password: %.200s", i, a.Body)
			}
		}
		if strings.Contains(string(a.Body), "initPassword") {
			t.Errorf("answer %d names initPassword", i)
		}
	}
	// Stored only as hashes.
	var n int64
	for _, s := range secrets {
		c, _ := e.DB.NewSelect().Table("sys_user").Where("password_hash = ?", s).Count(context.Background())
		n += c
		c, _ = e.DB.NewSelect().Table("sys_config").Where("config_value = ?", s).Count(context.Background())
		n += c
	}
	if n != 0 {
		t.Fatal("an initial password is stored in clear")
	}
}

// A stricter policy than the generator's default length still gets a
// password that meets it.
func TestInitialPasswordMeetsConfiguredPolicy(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	apptest.Expect(t, putConfigValue(t, e, "passwordReg", `^(?=.*\d).{18,}$`), 204)
	res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "strict", "nickName": "严格"})
	apptest.Expect(t, res, 201)
	var created struct{ InitialPassword string }
	res.JSON(t, &created)
	if len(created.InitialPassword) < 18 {
		t.Fatalf("password %q does not meet the policy", created.InitialPassword)
	}
}
