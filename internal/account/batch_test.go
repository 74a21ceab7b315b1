package account_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/account"
	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/system"
)

// Every new route refuses a caller without a session (401), one without
// its permission (403) and a record outside the caller's scope (404), and
// changes nothing then.
func TestRoutesRefuseOutsiders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	far := w.member(t, "孙数", w.mathBranch, "T3001", w.dMath)
	near := w.member(t, "周计", w.branch, "T1009", w.dCS)
	lister, _ := w.e.UserAt(t, "ALL", w.root, member.PermList, "dzz:list")
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/api/dyjbxx/accounts", body{"orgId": w.branch}},
		{"POST", fmt.Sprintf("/api/dyjbxx/%d/account", near), body{}},
		{"DELETE", fmt.Sprintf("/api/dyjbxx/%d/account", near), nil},
		{"PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), body{"secretaryId": near}},
	} {
		apptest.Expect(t, w.e.Do(c.method, c.path, "", c.body), 401)
		apptest.Expect(t, w.e.Do(c.method, c.path, lister, c.body), 403)
	}
	// The college administrator of 计算机学院 meets 数学学院 as if it did not exist.
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dyjbxx/accounts", w.college, body{"orgId": w.mathBranch}), 404, "党组织不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dyjbxx/%d/account", far), w.college, body{}), 404, "党员不存在")
	apptest.ExpectMessage(t, w.e.Do("DELETE", fmt.Sprintf("/api/dyjbxx/%d/account", far), w.college, nil), 404, "党员不存在")
	apptest.ExpectMessage(t, w.e.Do("PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.mathBranch), w.college, body{"secretaryId": far}), 404, "党组织不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dyjbxx/999999/account", w.college, body{}), 404, "党员不存在")
	if id, _ := w.linked(t, far); id != 0 {
		t.Fatal("an outsider's call linked an account")
	}
	n, err := w.e.DB.NewSelect().Table("sys_user").Where("username IN (?)", bun.In([]string{"T3001", "T1009"})).Count(t.Context())
	if err != nil || n != 0 {
		t.Fatalf("an outsider's call made %d accounts", n)
	}
}

// The batch makes every member in normal status of the subtree an account
// named by their number, with the 党员 role, anchored at their own branch,
// each with a password of its own; it links the account a number already
// names instead of making a second, skips members linked already or without
// a usable or unique number, and stays within the caller's scope.
func TestBatchMakesLinksAndSkips(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, "张三", w.branch, "T1001", w.dCS)
	li := w.member(t, "李四", w.branch, "T1002", w.dCS)
	wang := w.member(t, "王五", w.branch, "", w.dCS)
	zhao := w.member(t, "赵六", w.branch, "S2001", w.dCS)
	qian := w.member(t, "钱七", w.branch, "T1001", w.dCS) // the same number as 张三
	sun := w.member(t, "孙八", w.branch, "孙八号", w.dCS)    // not a username
	zhou := w.member(t, "周九", w.branch, "T1003", 0)     // no unit: no department for the account
	far := w.member(t, "吴数", w.mathBranch, "T3001", w.dMath)
	gone := w.member(t, "郑十", w.branch, "T1004", w.dCS)
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, body{"id": gone, "memberStatus": "3"}), 200) // left: no account
	// S2001 has an account already, made in 用户管理 without an organisation.
	existing := apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/users", w.e.AdminTK,
		body{"username": "S2001", "nickName": "赵六", "deptId": w.dCS, "roleIds": []int64{}}).ID

	got := w.batch(t, w.college, w.cs)
	if got.Stopped != "" {
		t.Fatalf("stopped: %s", got.Stopped)
	}
	created := apptest.ByKey(got.Created, func(o account.Outcome) int64 { return o.MemberID })
	if len(created) != 2 || created[zhang].Username != "T1001" || created[li].Username != "T1002" {
		t.Fatalf("created %+v", got.Created)
	}
	if created[zhang].InitialPassword == "" || created[zhang].InitialPassword == created[li].InitialPassword {
		t.Fatalf("initial passwords %q and %q: each account needs its own", created[zhang].InitialPassword, created[li].InitialPassword)
	}
	if len(got.Linked) != 1 || got.Linked[0].MemberID != zhao || got.Linked[0].Username != "S2001" || got.Linked[0].InitialPassword != "" {
		t.Fatalf("linked %+v", got.Linked)
	}
	reasons := apptest.ByKey(got.Skipped, func(s account.Skipped) int64 { return s.MemberID })
	for id, want := range map[int64]string{
		wang: "没有学号/工号，不能作为用户名",
		qian: "学号/工号与党员“张三”相同",
		sun:  "学号/工号“孙八号”不能作为用户名（须为2-64位字母、数字或 _ . @ -）",
		zhou: "未填写所在单位，不能确定账号所属部门",
	} {
		if reasons[id].Reason != want {
			t.Errorf("member %d skipped for %q, want %q", id, reasons[id].Reason, want)
		}
	}
	if len(got.Skipped) != 4 || reasons[far].Reason != "" || reasons[gone].Reason != "" {
		t.Fatalf("skipped %+v", got.Skipped)
	}
	for id, username := range map[int64]string{zhang: "T1001", li: "T1002", zhao: "S2001"} {
		if _, name := w.linked(t, id); name != username {
			t.Errorf("member %d linked to %q, want %s", id, name, username)
		}
		org, codes := w.accountOf(t, username)
		if org != w.branch || len(codes) != 1 || codes[0] != system.RoleMember {
			t.Errorf("account %s: organisation %d, roles %v", username, org, codes)
		}
	}
	if _, name := w.linked(t, existing); name != "" {
		t.Fatal("the account's id was taken for a member id")
	}
	// The member's trail records the link.
	if c := w.lastChanges(t, fmt.Sprintf("/api/dyjbxx/%d/trail", zhang)); len(c) != 1 || c["user"] != "T1001" {
		t.Fatalf("trail %+v", c)
	}
	// A new account signs in with its own password, which it must change first.
	tok := w.firstSignIn(t, "T1001", created[zhang].InitialPassword)
	if me := apptest.DoJSON[struct{ Username string }](t, w.e, 200, "GET", "/auth/info", tok, nil); me.Username != "T1001" {
		t.Fatalf("signed in as %q", me.Username)
	}

	// Again: everybody is done or skipped for the same reasons; nothing is made twice.
	again := w.batch(t, w.college, w.cs)
	if len(again.Created) != 0 || len(again.Linked) != 0 || len(again.Skipped) != 7 {
		t.Fatalf("second run %+v", again)
	}
	if r := apptest.ByKey(again.Skipped, func(s account.Skipped) int64 { return s.MemberID })[zhao].Reason; r != "已关联账号 S2001" {
		t.Fatalf("second run skips 赵六 for %q", r)
	}
	// The whole university, by the administrator: 数学学院's member too, and 周九, whose
	// account needs no department for one who manages every department.
	all := w.batch(t, w.e.AdminTK, 0)
	if made := apptest.ByKey(all.Created, func(o account.Outcome) int64 { return o.MemberID }); len(made) != 2 || made[far].Username != "T3001" || made[zhou].Username != "T1003" {
		t.Fatalf("university batch %+v", all)
	}
}

// An account the caller does not manage is not linked (its number is taken
// outside the caller's reach), and one linked to another member is not
// linked twice.
func TestBatchLeavesOthersAccounts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	outside := w.member(t, "冯一", w.branch, "M5001", w.dCS)
	twice := w.member(t, "陈二", w.branch, "M5002", w.dCS)
	other := w.member(t, "褚三", w.mathBranch, "X5002", w.dMath)
	// M5001 belongs to 数学学院's department: the college administrator of 计算机学院 does not manage it.
	apptest.Expect(t, w.e.Do("POST", "/api/users", w.e.AdminTK, body{"username": "M5001", "nickName": "冯一", "deptId": w.dMath, "roleIds": []int64{}}), 201)
	// M5002 is 褚三's account already.
	acc := apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/users", w.e.AdminTK, body{"username": "M5002", "nickName": "褚三", "deptId": w.dMath, "roleIds": []int64{}}).ID
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dyjbxx/%d/account", other), w.e.AdminTK, body{"userId": acc}), 200)

	got := w.batch(t, w.college, w.branch)
	reasons := apptest.ByKey(got.Skipped, func(s account.Skipped) int64 { return s.MemberID })
	if r := reasons[outside].Reason; r != "用户名 M5001 已被您管理范围以外的账号使用" {
		t.Errorf("outside account: %q", r)
	}
	if r := reasons[twice].Reason; r != "账号 M5002 已关联党员“褚三”" {
		t.Errorf("taken account: %q", r)
	}
	if len(got.Created)+len(got.Linked) != 0 {
		t.Fatalf("%+v", got)
	}
	if id, _ := w.linked(t, outside); id != 0 {
		t.Fatal("linked an account outside the caller's reach")
	}
}

// One member at a time: link the account chosen or the one the number
// names (or make it), refuse a second link, unlink.
func TestLinkAndUnlink(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "蒋一", w.branch, "L6001", w.dCS)
	n := w.member(t, "沈二", w.branch, "L6002", w.dCS)
	made := apptest.DoJSON[account.Outcome](t, w.e, 200, "POST", fmt.Sprintf("/api/dyjbxx/%d/account", m), w.college, body{})
	if !made.Created || made.Username != "L6001" || made.InitialPassword == "" {
		t.Fatalf("made %+v", made)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dyjbxx/%d/account", m), w.college, body{}), 409, "党员“蒋一”已关联账号 L6001，请先解除关联")
	acc, _ := w.linked(t, m)
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dyjbxx/%d/account", n), w.college, body{"userId": acc}), 409, "账号 L6001 已关联党员“蒋一”")
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dyjbxx/%d/account", n), w.college, body{"userId": 999999}), 400, "所选账号不存在")

	apptest.Expect(t, w.e.Do("DELETE", fmt.Sprintf("/api/dyjbxx/%d/account", m), w.college, nil), 200)
	if id, _ := w.linked(t, m); id != 0 {
		t.Fatal("still linked")
	}
	apptest.ExpectMessage(t, w.e.Do("DELETE", fmt.Sprintf("/api/dyjbxx/%d/account", m), w.college, nil), 400, "党员“蒋一”没有关联账号")
	// The account stays; it may now be chosen for 沈二.
	linked := apptest.DoJSON[account.Outcome](t, w.e, 200, "POST", fmt.Sprintf("/api/dyjbxx/%d/account", n), w.college, body{"userId": acc})
	if linked.Created || linked.Username != "L6001" {
		t.Fatalf("linked %+v", linked)
	}
	// The member form may not link behind dy:account's back.
	editor, _ := w.e.UserAt(t, "ALL", w.root, member.PermList, member.PermEdit)
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dyjbxx", editor, body{"id": n, "userId": nil}), 403, "没有关联党员账号的权限")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dyjbxx", editor, body{"id": m, "userId": acc}), 403, "没有关联党员账号的权限")
	// The member's detail names the account.
	v := apptest.DoJSON[member.MemberView](t, w.e, 200, "GET", fmt.Sprintf("/api/dyjbxx/%d", n), w.college, nil)
	if v.Account != "L6001" {
		t.Fatalf("detail account %q", v.Account)
	}
	rows, _ := apptest.GetPage[member.MemberView](t, w.e, w.college, "/api/dyjbxx", url.Values{"size": {"50"}})
	if apptest.ByKey(rows, func(v member.MemberView) int64 { return v.ID })[n].Account != "L6001" {
		t.Fatal("list without the account")
	}
	// … and the user list names the member.
	users := apptest.DoJSON[struct {
		Content []struct {
			Username string
			Member   *struct {
				ID   int64
				Name string
			}
		}
	}](t, w.e, 200, "POST", "/api/users/list?size=50", w.e.AdminTK, body{"blurry": "L6001"})
	if len(users.Content) != 1 || users.Content[0].Member == nil || users.Content[0].Member.ID != n || users.Content[0].Member.Name != "沈二" {
		t.Fatalf("user list %+v", users.Content)
	}
}
