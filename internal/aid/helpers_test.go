package aid_test

import (
	"testing"

	"zhdj/internal/aid"
	"zhdj/internal/apptest"
	"zhdj/internal/member"
)

// world: a school committee (党委) with two 二级党委 (计算机, 数学), two
// branches under 计算机 and one under 数学. schoolTK is the 组织部 (at the
// 党委), csTK and cs2TK two accounts of the 计算机 committee, branchTK the
// 计算机 branch (wrongly granted approve too), mathTK the 数学 committee,
// noTK nothing of aid. Every one holds every aid permission but noTK.
type world struct {
	e                                             *apptest.Env
	root, cs, math, branch, branch2, mathBranch   int64
	schoolTK, csTK, cs2TK, branchTK, mathTK, noTK string
}

var allPerms = []string{aid.Perms.List, aid.Perms.Add, aid.Perms.Approve, aid.Perms.Export}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.branch2 = e.Org(t, w.cs, "5", "计算机学生党支部")
	w.mathBranch = e.Org(t, w.math, "5", "数学教工党支部")
	w.schoolTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, allPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.cs2TK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.branchTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.branch, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	return w
}

// member adds a full member of orgID named name (joined 2013) and answers its id.
func (w *world) member(t testing.TB, orgID int64, name string, kv ...any) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID, append([]any{"gender", member.GenderMale}, kv...)...))
}

func money(memberID int64, amount string) map[string]any {
	return map[string]any{"memberId": memberID, "kind": aid.KindMoney, "amount": amount, "aidOn": "2026-05-04", "note": "住院医疗费用补助"}
}

func visit(memberID int64, occasion, day string) map[string]any {
	return map[string]any{"memberId": memberID, "kind": aid.KindVisit, "occasion": occasion, "aidOn": day, "visitors": "王书记、李委员",
		"note": "送去慰问品"}
}

func illness(memberID int64) map[string]any {
	return map[string]any{"memberId": memberID, "kind": "1", "description": "患重病住院治疗，家庭经济困难", "since": "2026-03-01"}
}
