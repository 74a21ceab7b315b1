package transfer_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
	"zhdj/internal/transfer"
)

// world: the school committee (root) with two secondary committees (cs,
// math); cs holds the branches csBranch and csOther, math holds mathBranch;
// a 直属党支部 (direct) hangs under root. Tokens: dept acts everywhere
// (组织部); csTK and mathTK are the committees' (committee steps, their
// subtree); csBranchTK, mathBranchTK and otherTK the branches' (branch
// steps); listTK may only list cs; noTK holds no zzgx permission.
type world struct {
	e                                                  *apptest.Env
	root, cs, math, csBranch, csOther, mathBranch, dir int64
	deptTK, csTK, mathTK, csBranchTK, mathBranchTK     string
	otherTK, listTK, noTK                              string
}

var allPerms = []string{transfer.Perms.List, transfer.Perms.Add, transfer.Perms.Export, transfer.PermBranch,
	transfer.PermCommittee, transfer.PermDept, transfer.PermCancel, transfer.PermChain}

var branchPerms = []string{transfer.Perms.List, transfer.Perms.Add, transfer.Perms.Export, transfer.PermBranch}

var committeePerms = append([]string{transfer.PermCommittee}, branchPerms...)

var seq atomic.Int64

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	c := e.Campus(t)
	w.root, w.cs, w.math, w.csBranch = c.Root, c.CS, c.Math, c.Branch
	w.csOther = e.Org(t, w.cs, "5", "计算机学生党支部")
	w.mathBranch = e.Org(t, w.math, "5", "数学教工党支部")
	w.dir = e.Org(t, w.root, "4", "机关直属党支部")
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, allPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, committeePerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, committeePerms...)
	w.csBranchTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.csBranch, branchPerms...)
	w.mathBranchTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.mathBranch, branchPerms...)
	w.otherTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.csOther, branchPerms...)
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, transfer.Perms.List)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	return w
}

// idNumber is a fresh valid ID number.
func idNumber() string { return apptest.IDNumber("110101", "19900101", int(seq.Add(1))%900+100) }

// member creates a full member of org through the member API (as the admin).
func (w *world) member(t testing.TB, name string, org int64) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, org, "idNumber", idNumber(), "phone", "13800138000",
		"memberStatus", member.StatusNormal, "staffOrStudentNo", fmt.Sprintf("T%05d", seq.Add(1))))
}

// memberRow reads a member's status and organisation.
func (w *world) memberRow(t testing.TB, id int64) member.Member {
	t.Helper()
	var m member.Member
	if err := w.e.DB.NewSelect().Model(&m).Where("m.id = ?", id).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m
}

// start posts a transfer as token and answers its id (201 expected).
func (w *world) start(t testing.TB, token string, body map[string]any) int64 {
	t.Helper()
	return w.e.Create(t, token, "/api/zzgx", body)
}

// view reads a transfer's flow as token.
func (w *world) flow(t testing.TB, token, kind string, id int64) flow.View {
	t.Helper()
	return apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/zzgx/%s/%d/flow", kind, id), token, nil)
}

// act takes result on the transfer's current step as token and expects want.
func (w *world) act(t testing.TB, token, kind string, id int64, result flow.Result, want int) *apptest.Response {
	t.Helper()
	v := w.flow(t, w.e.AdminTK, kind, id)
	res := w.e.Do("POST", fmt.Sprintf("/api/zzgx/%s/%d/flow", kind, id), token,
		map[string]any{"version": v.Version, "result": result, "comment": "意见"})
	apptest.Expect(t, res, want)
	return res
}

// detail reads a transfer as token (200 expected).
func (w *world) detail(t testing.TB, token string, id int64) transfer.View {
	t.Helper()
	return apptest.DoJSON[transfer.View](t, w.e, 200, "GET", fmt.Sprintf("/api/zzgx/%d", id), token, nil)
}
