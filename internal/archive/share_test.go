package archive_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/archive"
	"zhdj/internal/system"
)

func (w *world) share(t testing.TB, fileID int64, kind string, targets ...int64) archive.Share {
	t.Helper()
	return apptest.DoJSON[archive.Share](t, w.e, 201, "POST", "/api/archives/shares", w.owner,
		map[string]any{"fileId": fileID, "shareType": kind, "targetIds": targets})
}

func view(w *world, token string, fileID int64) *apptest.Response {
	return w.e.Do("GET", fmt.Sprintf("/api/archivesShareFile/viewFile?fileId=%d", fileID), token, nil)
}

func TestSharedFileIsViewedOnlyByThoseSharedWith(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	custom, role, branch, unshared := w.upload(t, "学位证书.png"), w.upload(t, "荣誉证书.png"), w.upload(t, "党员证.png"), w.upload(t, "私人.png")
	w.share(t, custom, archive.ShareCustom, w.viewerID)
	ctx := t.Context()
	committee, err := w.e.Sys.RoleIDOf(ctx, w.e.DB, system.RoleCommittee)
	if err != nil || committee == 0 {
		t.Fatal("no 二级党委 role", err)
	}
	holder, holderID := w.e.UserAt(t, "SELF", w.b, archive.PermMine)
	w.e.GrantRole(t, holderID, system.RoleCommittee)
	w.share(t, role, archive.ShareRole, committee)
	w.share(t, branch, archive.ShareBranch, w.a)
	named, _ := apptest.GetPage[archive.ShareView](t, w.e, w.owner, "/api/archives/shares", url.Values{"shareType": {archive.ShareBranch}})
	if len(named) != 1 || !slices.Equal(named[0].TargetNames, []string{"计算机教工党支部"}) {
		t.Fatalf("a branch share names %+v", named)
	}
	named, _ = apptest.GetPage[archive.ShareView](t, w.e, w.owner, "/api/archives/shares", url.Values{"shareType": {archive.ShareRole}})
	if len(named) != 1 || len(named[0].TargetNames) != 1 || named[0].TargetNames[0] == "" || named[0].TargetNames[0] == "（已删除）" {
		t.Fatalf("a role share names %+v", named)
	}

	ok := func(token string, file int64) {
		t.Helper()
		res := view(w, token, file)
		apptest.Expect(t, res, 200)
		if res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("served as %q", res.Header.Get("Content-Type"))
		}
	}
	notFound := func(token string, file int64) {
		t.Helper()
		apptest.ExpectMessage(t, view(w, token, file), 404, "文件不存在")
	}
	ok(w.viewer, custom)
	notFound(w.stranger, custom)
	ok(holder, role)
	notFound(w.stranger, role)
	ok(w.viewer, branch) // the viewer's account is in branch A
	notFound(w.stranger, branch)
	notFound(w.viewer, unshared)
	notFound(w.viewer, 999999) // the same answer for a file that does not exist
	apptest.Expect(t, w.e.Do("GET", "/api/archivesShareFile/viewFile?fileId=abc", w.viewer, nil), 404)
	apptest.Expect(t, view(w, "", custom), 401)
	// Nobody else lists or reads the owner's files through the archive routes.
	apptest.Expect(t, w.e.Do("GET", w.filesPath(w.ownerID), w.viewer, nil), 404)
	apptest.Expect(t, w.e.Do("GET", w.filesPath(w.ownerID), w.noPerm, nil), 403)
	apptest.Expect(t, w.e.Do("GET", w.filesPath(w.ownerID), "", nil), 401)
	apptest.Expect(t, w.e.Upload(w.filesPath(w.ownerID), w.viewer, "file", "x.png", png, nil), 404)
}

func TestStoppedShareAndViewLog(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	file := w.upload(t, "学位证书.png")
	sh := w.share(t, file, archive.ShareCustom, w.viewerID, w.strangerID)
	apptest.Expect(t, view(w, w.viewer, file), 200)
	apptest.Expect(t, view(w, w.viewer, file), 200)
	apptest.Expect(t, view(w, w.stranger, file), 200)

	views, total := apptest.GetPage[archive.ViewLog](t, w.e, w.owner, fmt.Sprintf("/api/archives/shares/%d/views", sh.ID), url.Values{})
	if total != 3 || len(views) != 3 || views[0].ViewerID != w.strangerID || views[0].ViewerName == "" {
		t.Fatalf("the owner sees the views %+v (%d)", views, total)
	}
	list, _ := apptest.GetPage[archive.ShareView](t, w.e, w.owner, "/api/archives/shares", url.Values{})
	if len(list) != 1 || list[0].Views != 3 || list[0].FileName != "学位证书.png" || len(list[0].TargetIDs) != 2 {
		t.Fatalf("the owner's shares %+v", list)
	}
	names, err := w.e.Sys.NickNames(t.Context(), w.e.DB, []int64{w.viewerID, w.strangerID})
	if err != nil || len(names) != 2 || !slices.Equal(list[0].TargetNames, []string{names[w.viewerID], names[w.strangerID]}) {
		t.Fatalf("the share names %v, the accounts are %v (%v)", list[0].TargetNames, names, err)
	}
	// The log and the share are the owner's only.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/archives/shares/%d/views", sh.ID), w.viewer, nil), 404)
	if rows, _ := apptest.GetPage[archive.ShareView](t, w.e, w.viewer, "/api/archives/shares", url.Values{}); len(rows) != 0 {
		t.Fatalf("the viewer lists the owner's shares: %+v", rows)
	}
	stop := fmt.Sprintf("/api/archives/shares/%d/stop", sh.ID)
	apptest.Expect(t, w.e.Do("POST", stop, w.viewer, map[string]any{}), 404)
	stopped := apptest.DoJSON[archive.Share](t, w.e, 200, "POST", stop, w.owner, map[string]any{})
	if stopped.State != archive.StateStopped {
		t.Fatalf("stopped share is %s", stopped.State)
	}
	apptest.Expect(t, w.e.Do("POST", stop, w.owner, map[string]any{}), 409)
	apptest.ExpectMessage(t, view(w, w.viewer, file), 404, "文件不存在")
}

func TestShareInputIsChecked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	file := w.upload(t, "a.png")
	theirs := w.e.Upload(w.filesPath(w.viewerID), w.viewer, "file", "b.png", png, nil)
	apptest.Expect(t, theirs, 201)
	for _, c := range []struct {
		body  map[string]any
		field string
		msg   string
	}{
		{map[string]any{"shareType": "CUSTOM", "targetIds": []int64{1}}, "fileId", "请选择要共享的档案文件"},
		{map[string]any{"fileId": int64(theirs.Map(t)["id"].(float64)), "shareType": "CUSTOM", "targetIds": []int64{1}}, "fileId", "档案文件不存在"},
		{map[string]any{"fileId": file, "shareType": "ALL", "targetIds": []int64{1}}, "shareType", "请选择共享方式"},
		{map[string]any{"fileId": file, "shareType": "ROLE"}, "targetIds", "请选择共享对象"},
		{map[string]any{"fileId": file, "shareType": "ROLE", "targetIds": []int64{-1}}, "targetIds", "共享对象无效"},
		{map[string]any{"fileId": file, "shareType": "ROLE", "targetIds": []int64{999999}}, "targetIds", "所选角色不存在"},
		{map[string]any{"fileId": file, "shareType": "DZZ", "targetIds": []int64{w.a, 999999}}, "targetIds", "只能共享给本人所在的党组织及其上级党组织"},
		{map[string]any{"fileId": file, "shareType": "DZZ", "targetIds": []int64{w.b}}, "targetIds", "只能共享给本人所在的党组织及其上级党组织"},
		{map[string]any{"fileId": file, "shareType": "CUSTOM", "targetIds": []int64{999999}}, "targetIds", "所选人员不存在或账号已停用"},
		{map[string]any{"fileId": file, "shareType": "CUSTOM", "targetIds": []int64{w.viewerID, w.ownerID}}, "targetIds", "不能共享给自己"},
	} {
		apptest.ExpectField(t, w.e.Do("POST", "/api/archives/shares", w.owner, c.body), c.field, c.msg)
	}
	if rows, _ := apptest.GetPage[archive.ShareView](t, w.e, w.owner, "/api/archives/shares", url.Values{}); len(rows) != 0 {
		t.Fatalf("a refused share was stored: %+v", rows)
	}
}

func TestShareRoutesGuard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/archives/shares"}, {"POST", "/api/archives/shares"}, {"POST", "/api/archives/shares/1/stop"},
		{"GET", "/api/archives/shares/1/views"}, {"GET", "/api/archives/shares/roles"}, {"GET", "/api/archives/mine"},
		{"GET", "/api/archives/shares/people?q=x"}, {"GET", "/api/archives/shares/orgs"},
	} {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", map[string]any{}), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noPerm, map[string]any{}), 403)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/archives/shares/999999/stop", w.owner, map[string]any{}), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/archives/shares/999999/views", w.owner, nil), 404)
	if roles := apptest.DoJSON[[]system.RoleBrief](t, w.e, 200, "GET", "/api/archives/shares/roles", w.owner, nil); len(roles) == 0 {
		t.Fatal("no roles to share with")
	}
}

// A member sharing with 指定人员 finds them by exact name or username, told
// apart by department; a fragment finds nobody, and a disabled account is
// neither found nor accepted as a target.
func TestSharePeopleAreFoundByExactNameOnly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	name := fmt.Sprintf("共享人%d", w.viewerID)
	_, gone := w.e.UserAt(t, "SELF", w.a, perms...)
	for _, id := range []int64{w.viewerID, w.strangerID, gone} {
		if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("nick_name = ?", name).Where("id = ?", id).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", false).Where("id = ?", gone).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	find := func(q string) []system.PersonBrief {
		t.Helper()
		return apptest.DoJSON[[]system.PersonBrief](t, w.e, 200, "GET", "/api/archives/shares/people?q="+url.QueryEscape(q), w.owner, nil)
	}
	if got := find(" " + name + " "); len(got) != 2 || got[0].ID != w.viewerID || got[1].ID != w.strangerID || got[0].Name != name {
		t.Fatalf("people named %s: %+v", name, got)
	}
	if got := find(w.e.Username(w.viewerID)); len(got) != 1 || got[0].ID != w.viewerID {
		t.Fatalf("the viewer by username: %+v", got)
	}
	if got := find(name[:len(name)-1]); len(got) != 0 {
		t.Fatalf("a fragment of the name found %+v", got)
	}
	apptest.ExpectField(t, w.e.Do("GET", "/api/archives/shares/people?q=", w.owner, nil), "q", "请输入要查找人员的完整姓名或工号（学号）")
	file := w.upload(t, "a.png")
	apptest.ExpectField(t, w.e.Do("POST", "/api/archives/shares", w.owner,
		map[string]any{"fileId": file, "shareType": "CUSTOM", "targetIds": []int64{w.viewerID, gone}}), "targetIds", "所选人员不存在或账号已停用")
	w.share(t, file, archive.ShareCustom, w.viewerID, w.strangerID)
}

// A member's scope holds no organisation, yet a file of their own archive
// goes to their own: the share's organisations are the owner's branch and
// those above it, nothing else, and none for an account without one.
func TestShareOrganisationsAreTheOwnersOwn(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	got := apptest.DoJSON[[]archive.OrgOption](t, w.e, 200, "GET", "/api/archives/shares/orgs", w.owner, nil)
	if len(got) < 2 || got[0].ID != w.a || got[len(got)-1].ID != w.root {
		t.Fatalf("the owner's organisations %+v (branch %d, root %d)", got, w.a, w.root)
	}
	for _, o := range got {
		if o.ID == w.b {
			t.Fatalf("another branch offered: %+v", got)
		}
	}
	loose, _ := w.e.UserWith("SELF", 0, perms...)
	if none := apptest.DoJSON[[]archive.OrgOption](t, w.e, 200, "GET", "/api/archives/shares/orgs", loose, nil); len(none) != 0 {
		t.Fatalf("an account without an organisation is offered %+v", none)
	}
	file := w.upload(t, "a.png")
	w.share(t, file, archive.ShareBranch, got[len(got)-1].ID)
}
