package org_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

func TestMoveRewritesTheSubtreePaths(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	e.fake.set(tr.A1, 4, 4)
	e.fake.set(tr.G1, 2, 2)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": tr.B}), 204)

	want := fmt.Sprintf("/%d/%d/%d/%d/", tr.U, tr.B, tr.A1, tr.G1)
	if p := e.get(tr.G1)["path"]; p != want {
		t.Fatalf("G1 path %v, want %s", p, want)
	}
	if d := e.get(tr.A1); d["pid"] != float64(tr.B) || d["parentName"] != "物理学院党委" {
		t.Fatalf("A1 %v", d)
	}
	// Subtree queries follow the move.
	if got := e.listIDs(e.AdminTK, url.Values{"subtreeOf": {fmt.Sprint(tr.B)}}); !sameIDs(got, []int64{tr.B, tr.B1, tr.A1, tr.G1}) {
		t.Fatalf("subtree of B %v", got)
	}
	if got := e.listIDs(e.AdminTK, url.Values{"subtreeOf": {fmt.Sprint(tr.A)}}); !sameIDs(got, []int64{tr.A, tr.A2}) {
		t.Fatalf("subtree of A %v", got)
	}
	// So do the member counts of the tree.
	n := flatten(e.buildTree(e.AdminTK, ""))
	if n[tr.B].TotalCount != 6 || n[tr.A].TotalCount != 0 || n[tr.U].TotalCount != 6 {
		t.Fatalf("totals after move: A %d B %d U %d", n[tr.A].TotalCount, n[tr.B].TotalCount, n[tr.U].TotalCount)
	}
	// A 二级党委 admin of B now sees the moved branch and its group.
	tok := e.userAt("LEVEL_AND_BELOW", tr.B, org.PermList)
	if got := flatten(e.buildTree(tok, "")); len(got) != 4 || got[tr.G1] == nil {
		t.Fatalf("B admin tree %v", got)
	}
	// The trail names the old and new parent.
	entries := e.trail(tr.A1)
	if old, nw, ok := entries[0].change("parent"); !ok || old != "计算机学院党委" || nw != "物理学院党委" || entries[0].Changes[0].Label != "上级党组织" {
		t.Fatalf("trail %+v", entries[0])
	}
}

func TestMoveRefusesCyclesAndBrokenContainment(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	cycle := "不能把党组织调整到它自己或它的下级党组织之下"
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A, "pid": tr.A}), 400, cycle)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.U, "pid": tr.G1}), 400, cycle)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A, "pid": tr.A1}), 400, cycle)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.G1, "pid": tr.A}), 400, "“二级党委”下不能设立“党小组”")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": tr.B1}), 400, "“党支部”下不能设立“党支部”")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": tr.A}), 400, "请选择新的上级党组织")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1}), 400, "顶级党组织只能是党委")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": 999999}), 404, "上级党组织不存在")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"pid": tr.A}), 400, "请选择要调整的党组织")
	// A branch of the same name under the new parent.
	e.create("计算机教工党支部", org.TypeBranch, tr.B)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": tr.B}), 409, "同一上级党组织下已有名为“计算机教工党支部”的党组织")
	// Nothing moved.
	if p := e.get(tr.G1)["path"]; p != fmt.Sprintf("/%d/%d/%d/%d/", tr.U, tr.A, tr.A1, tr.G1) {
		t.Fatalf("path changed: %v", p)
	}
	// A second committee may become a root and take a subtree.
	u2 := e.create("第二党委", org.TypeCommittee, 0)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.B, "pid": u2}), 204)
	if p := e.get(tr.B1)["path"]; p != fmt.Sprintf("/%d/%d/%d/", u2, tr.B, tr.B1) {
		t.Fatalf("B1 path %v", p)
	}
}

func TestMergeMovesMembersAndChildrenInOneTransaction(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	g2 := e.create("学生第一党小组", org.TypeGroup, tr.A2)
	e.fake.set(tr.A1, 6, 5)
	e.fake.set(tr.A2, 9, 4)
	e.fake.set(g2, 2, 2)

	// The member domain fails: nothing changes at all.
	e.fake.failMove = errBoom
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/merge", e.AdminTK, body{"sourceIds": []int64{tr.A2}, "targetId": tr.A1}), 500)
	e.fake.failMove = nil
	// The member domain "succeeds" but leaves members behind: refused, rolled back.
	e.fake.forget = true
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/merge", e.AdminTK, body{"sourceIds": []int64{tr.A2}, "targetId": tr.A1}), 500)
	e.fake.forget = false
	if d := e.get(tr.A2); d["status"] != "1" {
		t.Fatalf("a failed merge revoked the source: %v", d)
	}
	if d := e.get(tr.A1); d["shortName"] == markerName {
		t.Fatal("MoveMembers' write survived the failed merge: it did not run in the merge's transaction")
	}
	if d := e.get(g2); d["pid"] != float64(tr.A2) {
		t.Fatalf("a failed merge moved a child: %v", d)
	}
	if len(e.trail(tr.A2)) != 1 {
		t.Fatal("a failed merge wrote the trail")
	}

	e.fake.moves = nil
	res := e.Do("POST", "/api/dzzxx/merge", e.AdminTK, body{"sourceIds": []int64{tr.A2}, "targetId": tr.A1})
	apptest.Expect(t, res, 200)
	if m := res.Map(t); m["membersMoved"] != float64(9) || m["childrenMoved"] != float64(1) {
		t.Fatalf("result %v", m)
	}
	if len(e.fake.moves) != 1 || !sameIDs(e.fake.moves[0].From, []int64{tr.A2}) || e.fake.moves[0].To != tr.A1 || e.fake.moves[0].SourcesLive != 1 {
		t.Fatalf("MoveMembers calls %+v", e.fake.moves)
	}
	if d := e.get(tr.A1); d["shortName"] != markerName {
		t.Fatal("MoveMembers' write inside the merge was lost")
	}
	a2 := e.get(tr.A2)
	if a2["status"] != "2" || a2["revokedOn"] != todayStr() {
		t.Fatalf("source %v", a2)
	}
	if d := e.get(g2); d["pid"] != float64(tr.A1) || d["path"] != fmt.Sprintf("/%d/%d/%d/%d/", tr.U, tr.A, tr.A1, g2) {
		t.Fatalf("child %v", d)
	}
	// No member is orphaned: the counts moved with them.
	n := flatten(e.buildTree(e.AdminTK, ""))
	if n[tr.A2] != nil || n[tr.A1].MemberCount != 15 || n[tr.A1].FullCount != 9 || n[tr.A1].TotalCount != 17 || n[tr.A].TotalCount != 17 {
		t.Fatalf("counts after merge %+v", n[tr.A1])
	}
	// The trail of the source, the target and the moved child.
	if _, nw, ok := e.trail(tr.A2)[0].change("status"); !ok || nw != "撤销" {
		t.Fatalf("source trail %+v", e.trail(tr.A2)[0])
	}
	if _, nw, ok := e.trail(tr.A1)[0].change("merge"); !ok || nw != "并入：计算机学生党支部" {
		t.Fatalf("target trail %+v", e.trail(tr.A1)[0])
	}
	if old, nw, ok := e.trail(g2)[0].change("parent"); !ok || old != "计算机学生党支部" || nw != "计算机教工党支部" {
		t.Fatalf("child trail %+v", e.trail(g2)[0])
	}
}

func TestMergeRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	e.create("第一党小组", org.TypeGroup, tr.B1) // same name as G1
	merge := func(src []int64, target int64) *apptest.Response {
		return e.Do("POST", "/api/dzzxx/merge", e.AdminTK, body{"sourceIds": src, "targetId": target})
	}
	apptest.ExpectMessage(t, merge(nil, tr.A1), 400, "请选择要合并的党组织")
	apptest.ExpectMessage(t, merge([]int64{tr.A1}, 0), 400, "请选择合并到的党组织")
	apptest.ExpectMessage(t, merge([]int64{tr.A1}, tr.A1), 400, "要合并的党组织不能包含合并到的党组织本身")
	apptest.ExpectMessage(t, merge([]int64{tr.A}, tr.A1), 400, "不能把“计算机学院党委”合并到它的下级党组织")
	apptest.ExpectMessage(t, merge([]int64{tr.A, tr.A1}, tr.B), 400, "“计算机教工党支部”是“计算机学院党委”的下级，不能同时合并")
	apptest.ExpectMessage(t, merge([]int64{tr.A1}, tr.B1), 409, "“物理教工党支部”下将有两个名为“第一党小组”的党组织，请先改名")
	apptest.ExpectMessage(t, merge([]int64{tr.A}, tr.B1), 400, "“党支部”下不能设立“党支部”（计算机教工党支部）")
	apptest.ExpectMessage(t, merge([]int64{999999}, tr.B1), 404, "党组织不存在")
	if len(e.fake.moves) != 0 {
		t.Fatalf("a refused merge moved members: %+v", e.fake.moves)
	}
	// Two committees merge: their branches go to the target.
	e.fake.set(tr.A, 1, 1)
	res := e.Do("POST", "/api/dzzxx/merge", e.AdminTK, body{"sourceIds": []int64{tr.A}, "targetId": tr.B})
	apptest.Expect(t, res, 200)
	if got := e.listIDs(e.AdminTK, url.Values{"pid": {fmt.Sprint(tr.B)}, "status": {"1"}}); !sameIDs(got, []int64{tr.B1, tr.A1, tr.A2}) {
		t.Fatalf("children of B %v", got)
	}
	if p := e.get(tr.G1)["path"]; p != fmt.Sprintf("/%d/%d/%d/%d/", tr.U, tr.B, tr.A1, tr.G1) {
		t.Fatalf("grandchild path %v", p)
	}
	apptest.ExpectMessage(t, merge([]int64{tr.A}, tr.B), 400, "“计算机学院党委”已撤销")
	apptest.ExpectMessage(t, merge([]int64{tr.B1}, tr.A), 400, "合并到的党组织“计算机学院党委”已撤销")
}

func TestSplitMovesTheListedChildren(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	g2 := e.create("第二党小组", org.TypeGroup, tr.A1)
	e.fake.set(tr.A1, 12, 10)
	split := func(b body) *apptest.Response { return e.Do("POST", "/api/dzzxx/split", e.AdminTK, b) }
	newOrg := body{"code": "SPLIT1", "name": "计算机教工第二党支部", "type": org.TypeBranch}
	res := split(body{"id": tr.A1, "newOrg": newOrg, "childIds": []int64{g2}})
	apptest.Expect(t, res, 201)
	created := int64(res.Map(t)["id"].(float64))
	if d := e.get(created); d["pid"] != float64(tr.A) || d["termYears"] != float64(3) {
		t.Fatalf("new sibling %v", d)
	}
	if d := e.get(g2); d["pid"] != float64(created) || d["path"] != fmt.Sprintf("/%d/%d/%d/%d/", tr.U, tr.A, created, g2) {
		t.Fatalf("moved child %v", d)
	}
	if d := e.get(tr.G1); d["pid"] != float64(tr.A1) {
		t.Fatalf("unlisted child moved %v", d)
	}
	// Members stay where they were.
	n := flatten(e.buildTree(e.AdminTK, ""))
	if n[tr.A1].MemberCount != 12 || n[created].MemberCount != 0 || len(e.fake.moves) != 0 {
		t.Fatalf("members moved by a split")
	}
	// Trail: ADD for the new one, the operation on the source, the move of the child.
	if te := e.trail(created); len(te) != 1 || te[0].Type != 1 {
		t.Fatalf("new org trail %+v", te)
	}
	if _, nw, ok := e.trail(tr.A1)[0].change("split"); !ok || !strings.Contains(nw, "计算机教工第二党支部") {
		t.Fatalf("source trail %+v", e.trail(tr.A1)[0])
	}
	if _, nw, ok := e.trail(g2)[0].change("parent"); !ok || nw != "计算机教工第二党支部" {
		t.Fatalf("child trail %+v", e.trail(g2)[0])
	}

	// A child organisation of the split one, as given.
	res = split(body{"id": tr.A, "newOrg": body{"code": "SPLIT2", "name": "计算机学院机关党支部", "type": org.TypeBranch, "pid": tr.A}})
	apptest.Expect(t, res, 201)

	apptest.ExpectMessage(t, split(body{"id": tr.A1, "newOrg": body{"code": "S3", "name": "x", "type": org.TypeBranch, "pid": tr.B}}), 400,
		"拆分出的党组织只能与原党组织同级，或设在原党组织之下")
	apptest.ExpectMessage(t, split(body{"id": tr.A1, "newOrg": body{"code": "S3", "name": "x", "type": org.TypeBranch}, "childIds": []int64{tr.B1}}), 400,
		"所选下级党组织不属于“计算机教工党支部”")
	apptest.ExpectMessage(t, split(body{"id": tr.A1, "newOrg": body{"code": "S3", "name": "x", "type": org.TypeGeneralBranch}, "childIds": []int64{tr.G1}}), 400,
		"“党总支”下不能设立“党小组”（第一党小组）")
	apptest.ExpectMessage(t, split(body{"id": tr.A1, "newOrg": body{"code": "S3", "name": "", "type": org.TypeBranch}}), 400, "请输入党组织名称（不超过50个字）")
	// A refused split creates nothing.
	if got := e.listIDs(e.AdminTK, url.Values{"blurry": {"S3"}}); len(got) != 0 {
		t.Fatalf("a refused split left %v", got)
	}
}

func TestRevoke(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	e.fake.set(tr.A2, 5, 5)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.A2}), 400, "该党组织下还有5名党员，请先转移")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.A1}), 400, "该党组织下还有1个下级党组织，请先调整或撤销")
	future := time.Now().AddDate(0, 0, 3).Format("2006-01-02")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.G1, "revokedOn": future}), 400, "撤销日期不能晚于今天")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.G1, "revokedOn": "2020-02-30"}), 400, "撤销日期格式不正确，应为“年-月-日”")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": 999999}), 404, "党组织不存在")
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.G1, "revokedOn": "2025-01-02"}), 204)
	g1 := e.get(tr.G1)
	if g1["status"] != "2" || g1["revokedOn"] != "2025-01-02" || g1["statusLabel"] != "撤销" {
		t.Fatalf("revoked %v", g1)
	}
	if old, nw, ok := e.trail(tr.G1)[0].change("status"); !ok || old != "正常" || nw != "撤销" {
		t.Fatalf("trail %+v", e.trail(tr.G1)[0])
	}
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.G1}), 400, "该党组织已撤销")
	// With its only child revoked, the branch may go now.
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.A1}), 204)
	// A revoked organisation is neither moved nor split.
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": tr.B}), 400, "已撤销的党组织不能调整上级")
}

func TestDeleteOnlyWhatWasEnteredByMistake(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	mistake := e.create("录错的党支部", org.TypeBranch, tr.B)
	apptest.Expect(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{mistake}), 204)
	apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", mistake), e.AdminTK, nil), 404, "党组织不存在")
	// Its trail keeps a DELETE entry with its last state, which the
	// 组织变动轨迹 page shows to the scope of its parent, not to another's.
	read := func(tok string) acrossPage {
		t.Helper()
		var p acrossPage
		res := e.Do("GET", fmt.Sprintf("/api/dzzxx/trail?recordId=%d&type=3", mistake), tok, nil)
		apptest.Expect(t, res, 200)
		res.JSON(t, &p)
		return p
	}
	p := read(e.userAt("LEVEL_AND_BELOW", tr.B, org.PermList))
	if p.TotalElements != 1 || p.Content[0].RecordName != "录错的党支部" || p.Content[0].TypeLabel != "删除" {
		t.Fatalf("the deleted organisation's trail %+v", p)
	}
	var last []string
	for _, c := range p.Content[0].Changes {
		last = append(last, c.Label+"="+c.Old)
	}
	if got := strings.Join(last, ","); !strings.Contains(got, "上级党组织=物理学院党委") || !strings.Contains(got, "党组织名称=录错的党支部") ||
		!strings.Contains(got, "党组织类型=党支部") {
		t.Fatalf("last state %s", got)
	}
	if p := read(e.userAt("LEVEL_AND_BELOW", tr.A, org.PermList)); p.TotalElements != 0 {
		t.Fatalf("another committee sees the deleted organisation %+v", p)
	}

	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{tr.A1}), 400, "“计算机教工党支部”下有下级党组织，不能删除，请改为撤销")
	// A parent and its only child entered together go together.
	parent := e.create("录错的党委", org.TypeSecondaryCommittee, tr.U)
	child := e.create("录错的支部", org.TypeBranch, parent)
	apptest.Expect(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{parent, child}), 204)

	e.fake.set(tr.B1, 1, 1)
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{tr.B1}), 400, "“物理教工党支部”下有党员，不能删除，请改为撤销")
	e.fake.set(tr.B1, 0, 0)
	d := e.get(tr.B1)
	d["secretaryName"] = "周八"
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, d), 204)
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{tr.B1}), 400, "“物理教工党支部”已有变动记录，不能删除，请改为撤销")
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{}), 400, "请选择要操作的记录")
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dzzxx", e.AdminTK, []int64{999999}), 404, "党组织不存在")
}
