package home_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/content"
	"zhdj/internal/home"
	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/worklist"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// memberHomeWorld is the campus with two members of the computer science
// branch who got their accounts from the batch of the member base (the 党员
// role, anchored at the branch), each signed in after changing the initial
// password. 张三 carries an ID number and a phone.
type memberHomeWorld struct {
	*world
	zhang, li     int64 // member ids
	zhangTK, liTK string
	zhangUser     int64
	liUser        int64
}

// zhangID and zhangPhone are 张三's personal values, never shown in clear here.
var zhangID = apptest.IDNumber("110101", "19900307", 123)

const zhangPhone = "13912345678"

func newMemberHomeWorld(t *testing.T) *memberHomeWorld {
	t.Helper()
	w := &memberHomeWorld{world: newWorld(t)}
	w.zhang = w.member(t, w.c.Branch, true, "name", "张三", "staffOrStudentNo", "T2001", "idNumber", zhangID, "phone", zhangPhone,
		"gender", nil)
	w.li = w.member(t, w.c.Branch, true, "name", "李四", "staffOrStudentNo", "T2002")
	w.member(t, w.mathBranch, true, "name", "王五", "staffOrStudentNo", "T3001") // another branch: no account here
	batch := apptest.DoJSON[struct {
		Created []struct {
			MemberID        int64
			InitialPassword string
		}
	}](t, w.e, 200, "POST", "/api/dyjbxx/accounts", w.e.AdminTK, map[string]any{"orgId": w.c.Branch})
	initial := map[int64]string{}
	for _, c := range batch.Created {
		initial[c.MemberID] = c.InitialPassword
	}
	if len(initial) != 2 || initial[w.zhang] == "" || initial[w.li] == "" {
		t.Fatalf("batch %+v", batch)
	}
	w.zhangTK = w.e.FirstSignIn(t, "T2001", initial[w.zhang], "Zhdj#2026home")
	w.liTK = w.e.FirstSignIn(t, "T2002", initial[w.li], "Zhdj#2026home")
	w.zhangUser, w.liUser = w.userID(t, "T2001"), w.userID(t, "T2002")
	return w
}

func (w *memberHomeWorld) userID(t *testing.T, username string) int64 {
	t.Helper()
	var id int64
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id").Where("username = ?", username).Scan(t.Context(), &id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (w *memberHomeWorld) home(t *testing.T, token string) home.MemberHome {
	t.Helper()
	return apptest.DoJSON[home.MemberHome](t, w.e, 200, "GET", "/api/dyHome", token, nil)
}

// Both routes: 401 without a session, 403 without dy:home. The 党员 role
// holds dy:home and the mode switch, nothing else: its scope is SELF and it
// has no list permission, so the member base stays closed to it. The party
// roles hold both too (they grant the 党员 role, so they must).
func TestMemberHomeRoutesAndGrants(t *testing.T) {
	t.Parallel()
	w := newMemberHomeWorld(t)
	for _, path := range []string{"/api/dyHome", "/api/dyHome/trail"} {
		apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
		apptest.Expect(t, w.e.Do("GET", path, w.noPermTK, nil), 403)    // sees every member, but has no home of its own
		apptest.Expect(t, w.e.Do("GET", path, w.secretaryTK, nil), 403) // home:view is not dy:home
		apptest.Expect(t, w.e.Do("GET", path, w.liTK, nil), 200)
		apptest.Expect(t, w.e.Do("GET", path, w.zhangTK, nil), 200)
	}
	var role struct {
		DataScope string `bun:"data_scope"`
	}
	if err := w.e.DB.NewSelect().Table("sys_role").Column("data_scope").Where("code = ?", system.RoleMember).Scan(t.Context(), &role); err != nil {
		t.Fatal(err)
	}
	if role.DataScope != system.ScopeSelf {
		t.Fatalf("the 党员 role's data scope is %s", role.DataScope)
	}
	// The member's home, 我的组织关系 (transfer's zzgx:mine), the self-appraisal
	// of 民主评议党员 (mzpy:self), 我的填报 (txbd:fill) and the party school's
	// learning (dx:learn), the reading of 制度文件 (gzzd, wjxz, bzwd), their own
	// reports and integrity record (zbgz, dlda), of 党务新闻 (content:read) and
	// their own archive and its sharing (archive:mine, archive:share):
	// nothing of the administrators'. Every one of them sits in a hidden
	// directory: a member has no first-level menu (no mode switch).
	// (Compared as sets: the hidden directories' buttons share sort values.)
	want := []string{"workbench:group", "zzgx:mine", "mzpy:self", "txbd:fill", school.PermLearn, home.PermMemberHome,
		"gzzd:list", "wjxz:list", "bzwd:list", "zbgz:list", "zbgz:submit", "dlda:mine", content.PermRead,
		"archive:mine", "archive:share"}
	got := w.e.Grants(t, "党员", "")
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("党员 holds %v, want %v", got, want)
	}
	var visible int
	if err := w.e.DB.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("COUNT(*)").
		Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
		Where("r.code = ?", system.RoleMember).Where("m.pid IS NULL").Where("m.hidden = ?", false).Scan(t.Context(), &visible); err != nil {
		t.Fatal(err)
	}
	if visible != 0 {
		t.Fatalf("the 党员 role holds %d visible first-level menus", visible)
	}
	both := []string{"workbench:group", home.PermMemberHome}
	w.e.ExpectGrants(t, "workbench:group", map[string][]string{"党支部书记": both[:1], "二级党委管理员": both[:1], "组织部管理员": both[:1], "干部管理员": nil})
	w.e.ExpectGrants(t, home.PermMemberHome, map[string][]string{"党支部书记": both[1:], "二级党委管理员": both[1:], "组织部管理员": both[1:], "干部管理员": nil})
	// The member's account reaches no other member: the list is refused, the
	// picker (any signed-in user, within their scope) holds only themselves.
	apptest.Expect(t, w.e.Do("GET", "/api/dyjbxx", w.zhangTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", w.li), w.zhangTK, nil), 403)
	picked, total := apptest.GetPage[member.PickerItem](t, w.e, w.zhangTK, "/api/common/dyjbxx", nil)
	if total != 1 || picked[0].ID != w.zhang {
		t.Fatalf("picker %+v", picked)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dyHome/trail?recordId=1", w.zhangTK, nil), 400, "本人变动记录不支持查询条件或排序")
}

// The home is the caller's own: their record (ID number and phone masked as
// the member list masks them), their branch with the path above it and its
// secretary and committee, their to-dos and unread messages, their trail.
// Another member's data never shows, whatever id a query string names.
func TestMemberHomeIsOwnData(t *testing.T) {
	t.Parallel()
	w := newMemberHomeWorld(t)
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.c.Branch), w.e.AdminTK,
		map[string]any{"secretaryId": w.li, "committeeIds": []int64{w.zhang}}), 200)
	// To-dos and messages of both, one of 张三's already read.
	send := func(path, title string, users ...int64) {
		apptest.Expect(t, w.e.Do("POST", path, w.e.AdminTK, map[string]any{"title": title, "content": "请查看", "userIds": users}), 201)
	}
	send("/api/msgTodo", "张三的待办", w.zhangUser)
	send("/api/msgTodo", "李四的待办", w.liUser)
	send("/api/msgPushHistory", "已读的消息", w.zhangUser)
	read := apptest.Content[struct{ ID int64 }](t, w.e.Do("GET", "/api/msgPushHistory/list", w.zhangTK, nil))
	apptest.Expect(t, w.e.Do("POST", "/api/msgPushHistory/updateRemind", w.zhangTK, []int64{read[0].ID}), 204)
	send("/api/msgPushHistory", "张三的消息", w.zhangUser)
	send("/api/msgPushHistory", "李四的消息", w.liUser)
	// 李四's record changes; 张三's trail must not show it.
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": w.li, "remark": "李四的备注"}), 200)
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": w.zhang, "phone": "13700001111"}), 200)

	h := apptest.DoJSON[home.MemberHome](t, w.e, 200, "GET", fmt.Sprintf("/api/dyHome?id=%d", w.li), w.zhangTK, nil)
	m := h.Member
	if m == nil || m.ID != w.zhang || m.Name != "张三" || m.OrgName != "计算机教工党支部" || m.Account != "T2001" || !m.Masked {
		t.Fatalf("member %+v", m)
	}
	if m.IDNumber != "110101********"+zhangID[14:] {
		t.Fatalf("ID number %q is not masked as the list masks it", m.IDNumber)
	}
	if m.Phone != "137****1111" {
		t.Fatalf("phone %q", m.Phone)
	}
	list := apptest.DoJSON[member.MemberView](t, w.e, 200, "GET", fmt.Sprintf("/api/dyjbxx/%d", w.zhang), w.e.AdminTK, nil)
	if list.IDNumber != m.IDNumber || list.Phone != m.Phone {
		t.Fatalf("home %q %q, member base %q %q", m.IDNumber, m.Phone, list.IDNumber, list.Phone)
	}
	o := h.Org
	if o == nil || o.ID != w.c.Branch || o.Name != "计算机教工党支部" || o.TypeLabel != "党支部" || !o.Live ||
		strings.Join(o.PathNames, "›") != "学校党委›计算机学院党委›计算机教工党支部" ||
		o.SecretaryName != "李四" || strings.Join(o.Committee, ",") != "张三" {
		t.Fatalf("organisation %+v", o)
	}
	// 张三's own to-do is in his work lists (the page's 我的待办), not 李四's.
	todo := apptest.DoJSON[httpx.PageResult[worklist.Item]](t, w.e, 200, "GET", "/api/worklist/items?key=todo", w.zhangTK, nil)
	if todo.TotalElements != 1 || todo.Content[0].Title != "张三的待办" {
		t.Fatalf("to-dos %+v", todo)
	}
	if h.Messages.TotalElements != 1 || h.Messages.Content[0].Title != "张三的消息" || h.Messages.Content[0].Read {
		t.Fatalf("messages (unread only) %+v", h.Messages)
	}
	// Newest first: the phone change, the account link of the batch, the record's creation.
	tr := h.Trail
	if tr.TotalElements != 3 || len(tr.Content) != 3 || tr.Content[0].RecordID != w.zhang || tr.Content[2].TypeLabel != "新增" {
		t.Fatalf("trail %+v", tr)
	}
	for _, e := range tr.Content {
		if e.RecordID != w.zhang {
			t.Fatalf("trail entry of record %d", e.RecordID)
		}
		for _, c := range e.Changes {
			if strings.Contains(c.Old+c.New, "13700001111") || strings.Contains(c.Old+c.New, zhangPhone) || strings.Contains(c.Old+c.New, zhangID) {
				t.Fatalf("trail shows a personal value in clear: %+v", c)
			}
		}
	}
	if c := tr.Content[0].Changes; len(c) != 1 || c[0].Field != "phone" || c[0].New != "137****1111" {
		t.Fatalf("newest entry %+v", c)
	}
	// The trail's own route pages on.
	page := apptest.DoJSON[struct {
		Content []struct {
			ID       int64
			RecordID int64
		}
		TotalElements int
	}](t, w.e, 200, "GET", "/api/dyHome/trail?page=1&size=2", w.zhangTK, nil)
	if page.TotalElements != 3 || len(page.Content) != 1 || page.Content[0].ID != tr.Content[2].ID {
		t.Fatalf("second page %+v", page)
	}

	// 李四 sees theirs: the secretary of the branch, their own remark change.
	li := w.home(t, w.liTK)
	if li.Member.ID != w.li || li.Trail.Content[0].Changes[0].New != "李四的备注" {
		t.Fatalf("李四's home %+v", li)
	}
}

// An account holding dy:home without a linked member record gets its home
// with member null (the page says to see an administrator), its messages
// still (its to-dos are the work lists'), and no organisation or trail.
func TestMemberHomeWithoutMemberRecord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tok, uid := w.e.UserWith("SELF", 0, home.PermMemberHome)
	apptest.Expect(t, w.e.Do("POST", "/api/msgPushHistory", w.e.AdminTK, map[string]any{"title": "填写信息", "content": "请查看", "userIds": []int64{uid}}), 201)
	res := w.e.Do("GET", "/api/dyHome", tok, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(string(res.Body), `"member":null`) || !strings.Contains(string(res.Body), `"org":null`) {
		t.Fatalf("body %s", res.Body)
	}
	h := w.e.Do("GET", "/api/dyHome", tok, nil)
	var got home.MemberHome
	h.JSON(t, &got)
	if got.Messages.TotalElements != 1 || got.Trail.TotalElements != 0 || got.Trail.Content == nil || got.Messages.Content == nil {
		t.Fatalf("home %+v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dyHome/trail", tok, nil), 200)
}
