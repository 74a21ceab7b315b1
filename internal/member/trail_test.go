package member_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/rbac"
)

func trailOf(t *testing.T, w *world, token string, id int64) []audit.Labelled {
	t.Helper()
	res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d/trail", id), token, nil)
	apptest.Expect(t, res, 200)
	var page struct {
		Content       []audit.Labelled
		TotalElements int
	}
	res.JSON(t, &page)
	if page.TotalElements != len(page.Content) {
		t.Fatalf("trail page %d of %d", len(page.Content), page.TotalElements)
	}
	return page.Content
}

func detail(t *testing.T, w *world, id int64) member.MemberView {
	t.Helper()
	var v member.MemberView
	res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d?unmask=true", id), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &v)
	return v
}

func change(e audit.Labelled, field string) *audit.Change {
	for i := range e.Changes {
		if e.Changes[i].Field == field {
			return &e.Changes[i]
		}
	}
	return nil
}

// Every create and update writes the trail with Chinese labels, dictionary
// labels and masked personal fields; a restore puts the snapshot back and
// is itself a trail entry (USER_RESTORE).
func TestTrailAndRestore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := apptest.IDNumber("110105", "19900307", 11)
	v := w.create(t, w.e.AdminTK, body("张三", w.branchA, id))
	editor, _ := w.anchored(t, "LEVEL_AND_BELOW", w.cs, member.PermList, member.PermEdit)

	// The edit form sends the detail back as it got it: masked values keep theirs.
	var form map[string]any
	w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", v.ID), editor, nil).JSON(t, &form)
	form["ethnicity"], form["phone"], form["orgId"], form["remark"] = "03", "13700001111", w.branchB, "调入学生支部"
	res := w.e.Do("PUT", "/api/dyjbxx", editor, form)
	apptest.Expect(t, res, 200)
	if got := detail(t, w, v.ID); got.IDNumber != id || got.Phone != "13700001111" || got.OrgID != w.branchB || got.EthnicityLabel != "回族" {
		t.Fatalf("after edit %+v", got)
	}
	// A body with only some fields changes only those.
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", editor, map[string]any{"id": v.ID, "remark": ""}), 200)
	if got := detail(t, w, v.ID); got.Remark != "" || got.EthnicityLabel != "回族" || got.IDNumber != id {
		t.Fatalf("after partial edit %+v", got)
	}
	// An update that changes nothing writes no trail.
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", editor, map[string]any{"id": v.ID, "name": "张三"}), 200)

	trail := trailOf(t, w, editor, v.ID)
	if len(trail) != 3 {
		t.Fatalf("%d trail entries", len(trail))
	}
	add, edit := trail[2], trail[1]
	if add.Type != audit.TypeAdd || add.Origin != audit.OriginUserCreate || add.TypeLabel != "新增" || add.OriginLabel != "用户新增" ||
		change(add, "name").New != "张三" || change(add, "idNumber").New != "110105********"+id[14:] {
		t.Fatalf("ADD entry %+v", add)
	}
	if edit.Type != audit.TypeUpdate || edit.Origin != audit.OriginUserUpdate || edit.OriginLabel != "用户修改" || edit.OperatorName == "" {
		t.Fatalf("UPDATE entry %+v", edit)
	}
	for field, want := range map[string][2]string{
		"ethnicity": {"汉族", "回族"},
		"phone":     {"138****8000", "137****1111"},
		"org":       {"计算机教工党支部", "计算机学生党支部"},
		"remark":    {"", "调入学生支部"},
	} {
		c := change(edit, field)
		if c == nil || c.Old != want[0] || c.New != want[1] {
			t.Fatalf("%s change %+v, want %v", field, c, want)
		}
	}
	if change(edit, "idNumber") != nil || len(edit.Changes) != 4 {
		t.Fatalf("unchanged fields reported: %+v", edit.Changes)
	}
	if change(edit, "org").Label != "所在党组织" || change(edit, "ethnicity").Label != "民族" {
		t.Fatalf("labels %+v", edit.Changes)
	}

	// Restore the creation: everything goes back, the trail says so.
	res = w.e.Do("POST", "/api/dyjbxx/trail/restore", editor, map[string]any{"trailId": add.ID})
	apptest.Expect(t, res, 200)
	got := detail(t, w, v.ID)
	if got.Phone != "13800138000" || got.OrgID != w.branchA || got.EthnicityLabel != "汉族" || got.IDNumber != id || got.Remark != "" {
		t.Fatalf("after restore %+v", got)
	}
	trail = trailOf(t, w, editor, v.ID)
	r := trail[0]
	if len(trail) != 4 || r.Origin != audit.OriginUserRestore || r.OriginLabel != "用户还原" || r.RestoredFrom == nil ||
		*r.RestoredFrom != add.ID || change(r, "org").New != "计算机教工党支部" {
		t.Fatalf("restore entry %+v", r)
	}
	// Restoring what is already there is refused; so are unknown entries and other modules' entries.
	res = w.e.Do("POST", "/api/dyjbxx/trail/restore", editor, map[string]any{"trailId": add.ID})
	if res.Status != 400 || res.Message() != "当前信息与该变动记录一致，无需还原" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	res = w.e.Do("POST", "/api/dyjbxx/trail/restore", editor, map[string]any{"trailId": 999999})
	if res.Status != 404 || res.Message() != "变动记录不存在" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	var orgEntry int64
	w.e.DB.NewSelect().Table("change_trail").Column("id").Where("module = ?", org.TrailModule).Limit(1).Scan(t.Context(), &orgEntry) //nolint:errcheck
	apptest.Expect(t, w.e.Do("POST", "/api/dyjbxx/trail/restore", editor, map[string]any{"trailId": orgEntry}), 404)
	res = w.e.Do("POST", "/api/dyjbxx/trail/restore", editor, map[string]any{})
	if res.Status != 400 || res.Message() != "请选择要还原的变动记录" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}

	// A restore is validated like an edit: the ID number, taken since by
	// another member, cannot come back.
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": v.ID, "idNumber": apptest.IDNumber("110105", "19900307", 13)}), 200)
	w.create(t, w.e.AdminTK, body("李四", w.branchA, id))
	res = w.e.Do("POST", "/api/dyjbxx/trail/restore", editor, map[string]any{"trailId": add.ID})
	if res.Status != 409 || res.Message() != "身份证号码已存在" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}

// Update validation: id, masked values that do not match, rules and a
// duplicate ID number.
func TestUpdateValidation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.create(t, w.e.AdminTK, body("甲", w.branchA, apptest.IDNumber("110105", "19900307", 11)))
	b := w.create(t, w.e.AdminTK, body("乙", w.branchA, apptest.IDNumber("110105", "19900307", 13)))
	for _, c := range []struct {
		body   any
		status int
		msg    string
	}{
		{nil, 400, "请求内容不能为空"},
		{map[string]any{"name": "无编号"}, 400, "缺少党员编号"},
		{map[string]any{"id": a.ID, "idNumber": "110105********9999"}, 400, "请输入完整的身份证号码"},
		{map[string]any{"id": a.ID, "phone": "138****0000"}, 400, "请输入完整的手机号码"},
		{map[string]any{"id": a.ID, "idNumber": b.IDNumber}, 400, "请输入完整的身份证号码"},
		{map[string]any{"id": a.ID, "idNumber": apptest.IDNumber("110105", "19900307", 13)}, 409, "身份证号码已存在"},
		{map[string]any{"id": a.ID, "partyStatus": member.PartyProbation}, 400, "预备党员尚未转正，不能填写转正日期"},
		{map[string]any{"id": a.ID, "name": ""}, 400, "请输入姓名（不超过50个字）"},
		{map[string]any{"id": a.ID, "orgId": nil}, 400, "请选择所在党组织"},
		{map[string]any{"id": a.ID, "gender": "2"}, 400, "性别与身份证号码不一致"},
		{map[string]any{"id": a.ID, "post": "x"}, 400, "工作岗位取值无效"},
		{map[string]any{"id": a.ID, "joinedOn": 5}, 400, "请求数据格式错误"},
	} {
		res := w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, c.body)
		if res.Status != c.status || res.Message() != c.msg {
			t.Fatalf("%v: %d %s, want %d %s", c.body, res.Status, res.Body, c.status, c.msg)
		}
	}
	// A new ID number brings its birth date and gender, replacing the stored ones.
	newID := apptest.IDNumber("440304", "19920615", 22)
	res := w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": a.ID, "idNumber": newID})
	apptest.Expect(t, res, 200)
	if got := detail(t, w, a.ID); got.IDNumber != newID || got.BirthDate != "1992-06-15" || got.Gender != member.GenderFemale {
		t.Fatalf("after new ID number %+v", got)
	}
	// The answer warns about odd dates.
	res = w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": a.ID, "fullOn": "2014-01-01"})
	apptest.Expect(t, res, 200)
	var v member.MemberView
	res.JSON(t, &v)
	if len(v.Warnings) != 1 || v.FullOn != "2014-01-01" {
		t.Fatalf("%+v", v)
	}
}

// Only members added by hand, with nothing in their trail but their
// creation, can be deleted; the others leave through a status.
func TestDelete(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fresh := w.create(t, w.e.AdminTK, body("新录入", w.branchA, apptest.IDNumber("110105", "19900307", 11)))
	edited := w.create(t, w.e.AdminTK, body("已修改", w.branchA, ""))
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": edited.ID, "remark": "x"}), 200)
	developed := w.create(t, w.e.AdminTK, apptest.With(body("本校发展", w.branchA, ""), "source", "1"))

	res := w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, []int64{fresh.ID, edited.ID})
	if res.Status != 400 || res.Message() != "党员“已修改”已有变动记录，不能删除，请修改党员状态" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	res = w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, []int64{developed.ID})
	if res.Status != 400 || res.Message() != "党员“本校发展”不是后台添加的记录，不能删除；如已转出、出党或去世，请修改党员状态" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, []int64{}), 400)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, []int64{fresh.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", fresh.ID), w.e.AdminTK, nil), 404)
	// The trail keeps the creation and a DELETE entry with the last state
	// (the ID number masked): the 党员变动轨迹 page shows the DELETE entry
	// to the scope that held the member and to nobody else; the whole
	// university's scope sees the gone member's other entries too.
	type page struct {
		Content []struct {
			audit.Labelled
			RecordName string
		}
		TotalElements int
	}
	across := func(token string) page {
		t.Helper()
		var p page
		res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/trail?recordId=%d", fresh.ID), token, nil)
		apptest.Expect(t, res, 200)
		res.JSON(t, &p)
		return p
	}
	secretary, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList)
	p := across(secretary)
	if p.TotalElements != 1 || p.Content[0].Type != audit.TypeDelete || p.Content[0].TypeLabel != "删除" ||
		p.Content[0].OriginLabel != "用户删除" || p.Content[0].RecordName != "新录入" {
		t.Fatalf("trail of the deleted member %+v", p)
	}
	last := p.Content[0].Labelled
	if ch := change(last, "name"); ch == nil || ch.Old != "新录入" || ch.New != "" {
		t.Fatalf("last state %+v", last.Changes)
	}
	if ch := change(last, "idNumber"); ch == nil || ch.Old != "110105********"+apptest.IDNumber("110105", "19900307", 11)[14:] {
		t.Fatalf("ID number in the last state %+v", ch)
	}
	if ch := change(last, "org"); ch == nil || ch.Old != "计算机教工党支部" {
		t.Fatalf("organisation in the last state %+v", ch)
	}
	other, _ := w.anchored(t, "LEVEL", w.branchC, member.PermList)
	if p := across(other); p.TotalElements != 0 {
		t.Fatalf("another branch sees the deleted member %+v", p)
	}
	if p := across(w.e.AdminTK); p.TotalElements != 2 || p.Content[1].Type != audit.TypeAdd {
		t.Fatalf("the whole university's scope %+v", p)
	}
	// Its ID number is free again.
	w.create(t, w.e.AdminTK, body("重新录入", w.branchA, apptest.IDNumber("110105", "19900307", 11)))
}

// CountByOrg and MoveMembers, as the organisation merge uses them.
func TestCountByOrgAndMoveMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.create(t, w.e.AdminTK, body("甲", w.branchA, ""))
	w.create(t, w.e.AdminTK, apptest.With(body("乙", w.branchA, ""), "partyStatus", member.PartyProbation, "fullOn", ""))
	w.create(t, w.e.AdminTK, apptest.With(body("丙", w.branchA, ""), "memberStatus", "2")) // 已转出: not counted
	w.create(t, w.e.AdminTK, body("丁", w.branchB, ""))
	ctx := context.Background()
	counts, err := w.e.App.Members.CountByOrg(ctx, w.e.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	if counts[w.branchA].Total != 2 || counts[w.branchA].Full != 1 || counts[w.branchB].Total != 1 || counts[w.branchC].Total != 0 {
		t.Fatalf("counts %+v", counts)
	}
	// Asked for some organisations, it counts those only.
	if some, err := w.e.App.Members.CountByOrg(ctx, w.e.DB, []int64{w.branchB, w.branchC}); err != nil || len(some) != 1 || some[w.branchB].Total != 1 {
		t.Fatalf("counts of B and C %+v %v", some, err)
	}
	actx := rbac.With(ctx, &rbac.Principal{UserID: 1, Username: "admin", Perms: map[string]bool{rbac.Admin: true}})
	var moved int
	err = db.InTx(actx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		var err error
		moved, err = w.e.App.Members.MoveMembers(ctx, tx, []int64{w.branchA, w.branchB}, w.branchC)
		return err
	})
	if err != nil || moved != 4 {
		t.Fatalf("moved %d: %v", moved, err)
	}
	counts, _ = w.e.App.Members.CountByOrg(ctx, w.e.DB, nil)
	if counts[w.branchC].Total != 3 || counts[w.branchA].Total != 0 {
		t.Fatalf("counts after move %+v", counts)
	}
	ids, _, _ := w.list(t, w.e.AdminTK, nil)
	for _, id := range ids {
		trail := trailOf(t, w, w.e.AdminTK, id)
		e := trail[0]
		if e.Origin != audit.OriginUserUpdate || len(e.Changes) != 1 || e.Changes[0].Label != "所在党组织" ||
			e.Changes[0].New != "数学教工党支部" || e.OperatorName != "admin" || e.Summary != "[所在党组织]" {
			t.Fatalf("move entry %+v", e)
		}
		// The move's snapshot restores like any other: back to before the move is the ADD entry.
		if got := detail(t, w, id); got.OrgID != w.branchC {
			t.Fatalf("member %d in %d", id, got.OrgID)
		}
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dyjbxx/trail/restore", w.e.AdminTK, map[string]any{"trailId": trailOf(t, w, w.e.AdminTK, ids[0])[1].ID}), 200)
}

// The 党员变动轨迹 page lists the entries of every member of the caller's
// scope, newest first; a branch secretary sees their branch's, a SELF-scoped
// member their own record's, and the personal fields stay masked.
func TestTrailAcrossMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.create(t, w.e.AdminTK, body("甲党员", w.branchA, apptest.IDNumber("110101", "19900307", 451)))
	c := w.create(t, w.e.AdminTK, body("丙党员", w.branchC, ""))
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": a.ID, "phone": "13900139000"}), 200)
	type page struct {
		Content []struct {
			audit.Labelled
			RecordName string
		}
		TotalElements int
	}
	read := func(token, query string) page {
		t.Helper()
		res := w.e.Do("GET", "/api/dyjbxx/trail"+query, token, nil)
		apptest.Expect(t, res, 200)
		var p page
		res.JSON(t, &p)
		return p
	}
	all := read(w.e.AdminTK, "")
	if all.TotalElements != 3 || all.Content[0].RecordID != a.ID || all.Content[0].RecordName != "甲党员" || all.Content[0].OriginLabel == "" {
		t.Fatalf("admin's trail %+v", all)
	}
	if ch := change(all.Content[0].Labelled, "phone"); ch == nil || ch.New == "13900139000" || ch.New == "" {
		t.Fatalf("the phone is masked in the trail: %+v", all.Content[0].Changes)
	}
	secretary, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList)
	if p := read(secretary, ""); p.TotalElements != 2 || p.Content[0].RecordID != a.ID || p.Content[1].RecordID != a.ID {
		t.Fatalf("branch A's secretary %+v", p)
	}
	if p := read(secretary, fmt.Sprintf("?recordId=%d", c.ID)); p.TotalElements != 0 {
		t.Fatalf("another branch's member %+v", p)
	}
	self, userID := w.e.UserWith("SELF", 0, member.PermList)
	own := w.create(t, w.e.AdminTK, apptest.With(body("本人", w.branchC, ""), "userId", userID))
	if p := read(self, ""); p.TotalElements != 1 || p.Content[0].RecordID != own.ID {
		t.Fatalf("SELF %+v", p)
	}
	if p := read(w.e.AdminTK, "?blurry=丙&origin=2"); p.TotalElements != 1 || p.Content[0].RecordID != c.ID {
		t.Fatalf("by name and origin %+v", p)
	}
	if p := read(w.e.AdminTK, "?type=2&type=1&size=1&page=1"); p.TotalElements != 4 || len(p.Content) != 1 {
		t.Fatalf("paged %+v", p)
	}
	res := w.e.Do("GET", "/api/dyjbxx/trail?from=tomorrow", w.e.AdminTK, nil)
	if res.Status != 400 || res.Message() != "查询条件 from 应为日期" {
		t.Fatalf("bad date: %d %s", res.Status, res.Body)
	}
}
