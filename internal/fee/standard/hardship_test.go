package standard_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee/standard"
	"zhdj/internal/platform/flow"
)

// hardshipWorld: a member of the 计算机 branch with a base (90.00 a month),
// the branch's account (proposes, resubmits, withdraws) and the committee's
// (approves, refuses, returns).
type hardshipWorld struct {
	*world
	member                int64
	branchTK, committeeTK string
}

func newHardshipWorld(t *testing.T) *hardshipWorld {
	w := &hardshipWorld{world: newWorld(t)}
	w.branchTK, _ = w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, standard.PermHardshipList, standard.PermBranch)
	w.committeeTK, _ = w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, standard.PermHardshipList, standard.PermCommittee)
	w.member = w.world.member(t, w.branch, "困难党员", "1", "")
	w.base(t, w.member, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "6000"})
	return w
}

func (w *hardshipWorld) propose(t *testing.T) standard.HardshipView {
	t.Helper()
	return apptest.DoJSON[standard.HardshipView](t, w.e, 201, "POST", "/api/dfjm", w.branchTK,
		map[string]any{"memberId": w.member, "kind": "reduce", "amount": "10", "from": "2026-03", "to": "2026-05", "reason": "家庭困难"})
}

func (w *hardshipWorld) flow(t *testing.T, id int64, tk string) flow.View {
	t.Helper()
	return apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjm/%d/flow", id), tk, nil)
}

func (w *hardshipWorld) state(t *testing.T, id int64) standard.HardshipView {
	t.Helper()
	rows, _ := apptest.GetPage[standard.HardshipView](t, w.e, w.branchTK, "/api/dfjm", map[string][]string{"id": {fmt.Sprint(id)}})
	if len(rows) != 1 {
		t.Fatalf("proposal %d: %+v", id, rows)
	}
	return rows[0]
}

// openTodos are the open to-dos of token's user for proposal id.
func (w *hardshipWorld) openTodos(t *testing.T, tk string, id int64) int {
	t.Helper()
	rows, _ := apptest.GetPage[struct {
		Module, BizID string
		Done          bool
	}](t, w.e, tk, "/api/msgTodo/getTodo", nil)
	n := 0
	for _, r := range rows {
		if r.Module == standard.HardshipKey && strings.HasPrefix(r.BizID, fmt.Sprintf("%d:", id)) && !r.Done {
			n++
		}
	}
	return n
}

func actions(v flow.View) (out []string) {
	for _, e := range v.Entries {
		out = append(out, string(e.Action))
	}
	return out
}

// The branch withdraws a proposal under review: it is 已撤回, the history
// says so, the committee's to-do is gone and it never applies. A second
// withdrawal, an approval afterwards and another scope are refused.
func TestHardshipWithdrawUnderReview(t *testing.T) {
	t.Parallel()
	w := newHardshipWorld(t)
	h := w.propose(t)
	if w.openTodos(t, w.committeeTK, h.ID) != 1 {
		t.Fatal("the committee has no to-do")
	}
	v := w.flow(t, h.ID, w.committeeTK)
	path := fmt.Sprintf("/api/dfjm/%d/withdraw", h.ID)
	apptest.Expect(t, w.e.Do("POST", path, w.mathAll, map[string]any{"version": v.Version}), 404)
	apptest.Expect(t, w.e.Do("POST", path, w.committeeTK, map[string]any{"version": v.Version}), 403)
	got := apptest.DoJSON[standard.HardshipView](t, w.e, 200, "POST", path, w.branchTK, map[string]any{"version": v.Version, "comment": "情况好转"})
	if got.State != standard.HardshipWithdrawn || got.StateLabel != "已撤回" {
		t.Fatalf("withdrawn %+v", got)
	}
	after := w.flow(t, h.ID, w.committeeTK)
	if after.Step != "" || after.State != standard.HardshipWithdrawn || fmt.Sprint(actions(after)) != "[submit withdraw]" ||
		after.Entries[1].Comment != "情况好转" || after.MayAct {
		t.Fatalf("flow after withdrawal %+v", after)
	}
	if n := w.openTodos(t, w.committeeTK, h.ID); n != 0 {
		t.Fatalf("%d to-dos left", n)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path, w.branchTK, map[string]any{"version": after.Version}), 409, "该党费减免申请已撤回，不能撤回")
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfjm/%d/flow", h.ID), w.committeeTK, map[string]any{"version": v.Version, "result": "approve"}), 409)
	if d := w.dues(t, 2026, 4, w.member)[w.member]; d.Fen != 9000 {
		t.Fatalf("a withdrawn proposal applied: %+v", d)
	}
}

// A decided proposal cannot be withdrawn (409): it stays approved and applies.
func TestHardshipWithdrawAfterApprovalRefused(t *testing.T) {
	t.Parallel()
	w := newHardshipWorld(t)
	h := w.propose(t)
	v := w.flow(t, h.ID, w.committeeTK)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", h.ID), w.committeeTK, map[string]any{"version": v.Version, "result": "approve"})
	res := w.e.Do("POST", fmt.Sprintf("/api/dfjm/%d/withdraw", h.ID), w.branchTK, map[string]any{})
	apptest.ExpectMessage(t, res, 409, "该党费减免申请已批准，不能撤回")
	if s := w.state(t, h.ID); s.State != standard.HardshipApproved {
		t.Fatalf("after the refused withdrawal %+v", s)
	}
	if d := w.dues(t, 2026, 4, w.member)[w.member]; d.Fen != 1000 {
		t.Fatalf("approved reduction: %+v", d)
	}
}

// The committee returns a proposal to the branch (退回修改): the branch gets
// the to-do and the committee can no longer act; the branch resubmits it
// changed (checked like a proposal); the committee approves the changed one.
// Every action is in the history; the returned proposal may still be withdrawn.
func TestHardshipReturnAndResubmit(t *testing.T) {
	t.Parallel()
	w := newHardshipWorld(t)
	h := w.propose(t)
	path := fmt.Sprintf("/api/dfjm/%d/flow", h.ID)
	v := w.flow(t, h.ID, w.committeeTK)
	if fmt.Sprint(v.Results) != "[approve reject return]" || len(v.ReturnTo) != 1 || v.ReturnTo[0].Key != standard.StepBranch {
		t.Fatalf("committee may %+v, return to %+v", v.Results, v.ReturnTo)
	}
	v = apptest.DoJSON[flow.View](t, w.e, 200, "POST", path, w.committeeTK,
		map[string]any{"version": v.Version, "result": "return", "toStep": standard.StepBranch, "comment": "请补充减交金额依据"})
	if v.Step != standard.StepBranch || w.state(t, h.ID).State != standard.HardshipReturned || w.state(t, h.ID).StateLabel != "退回修改" {
		t.Fatalf("returned %+v", v)
	}
	if w.openTodos(t, w.committeeTK, h.ID) != 0 || w.openTodos(t, w.branchTK, h.ID) != 1 {
		t.Fatal("to-dos after the return")
	}
	apptest.Expect(t, w.e.Do("POST", path, w.committeeTK, map[string]any{"version": v.Version, "result": "approve"}), 409)
	bv := w.flow(t, h.ID, w.branchTK)
	if !bv.MayAct || fmt.Sprint(bv.Results) != "[approve]" {
		t.Fatalf("branch view %+v", bv)
	}
	// A resubmission is checked like a proposal: nothing changes when it fails.
	res := w.e.Do("POST", path, w.branchTK, map[string]any{"version": bv.Version, "result": "approve",
		"form": map[string]any{"kind": "reduce", "amount": "0", "from": "2026-03", "to": "2026-05", "reason": "x"}})
	if res.Status != 400 || res.Map(t)["field"] != "amount" {
		t.Fatalf("bad resubmission: %d %s", res.Status, res.Body)
	}
	if s := w.state(t, h.ID); s.State != standard.HardshipReturned || s.Amount != "10.00" {
		t.Fatalf("after the bad resubmission %+v", s)
	}
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", path, w.branchTK, map[string]any{"version": bv.Version, "result": "approve",
		"comment": "已补充", "form": map[string]any{"kind": "reduce", "amount": "20", "from": "2026-04", "to": "2026-06", "reason": "家庭困难，附低保证明"}})
	s := w.state(t, h.ID)
	if s.State != standard.HardshipReview || s.Amount != "20.00" || s.From != "2026-04" || s.To != "2026-06" || s.Reason != "家庭困难，附低保证明" {
		t.Fatalf("resubmitted %+v", s)
	}
	if w.openTodos(t, w.branchTK, h.ID) != 0 || w.openTodos(t, w.committeeTK, h.ID) != 1 {
		t.Fatal("to-dos after the resubmission")
	}
	v = w.flow(t, h.ID, w.committeeTK)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", path, w.committeeTK, map[string]any{"version": v.Version, "result": "approve"})
	v = w.flow(t, h.ID, w.branchTK)
	if fmt.Sprint(actions(v)) != "[submit return approve approve]" || v.Entries[1].Comment != "请补充减交金额依据" || v.Entries[2].Step != standard.StepBranch {
		t.Fatalf("history %+v", v.Entries)
	}
	for month, want := range map[int]int64{3: 9000, 4: 2000, 6: 2000, 7: 9000} {
		if d := w.dues(t, 2026, month, w.member)[w.member]; d.Fen != want {
			t.Errorf("month %d: %+v, want %d", month, d, want)
		}
	}
	// A returned proposal may be withdrawn as well; its branch to-do closes.
	h2 := w.propose(t)
	v = w.flow(t, h2.ID, w.committeeTK)
	v = apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", h2.ID), w.committeeTK,
		map[string]any{"version": v.Version, "result": "return", "toStep": standard.StepBranch, "comment": "重复申请"})
	got := apptest.DoJSON[standard.HardshipView](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/withdraw", h2.ID), w.branchTK, map[string]any{"version": v.Version})
	if got.State != standard.HardshipWithdrawn || w.openTodos(t, w.branchTK, h2.ID) != 0 {
		t.Fatalf("withdrawn after return %+v", got)
	}
}

// Another branch's account does not see a returned proposal (404) nor
// resubmits it; any account of the proposing branch with dfjm:branch may.
func TestHardshipResubmitScope(t *testing.T) {
	t.Parallel()
	w := newHardshipWorld(t)
	h := w.propose(t)
	v := w.flow(t, h.ID, w.committeeTK)
	v = apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", h.ID), w.committeeTK,
		map[string]any{"version": v.Version, "result": "return", "toStep": standard.StepBranch, "comment": "补充材料"})
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfjm/%d/flow", h.ID), w.mathAll, nil), 404)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfjm/%d/flow", h.ID), w.mathAll, map[string]any{"version": v.Version, "result": "approve"}), 404)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfjm/%d/withdraw", h.ID), w.mathAll, map[string]any{"version": v.Version}), 404)
	other, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, standard.PermHardshipList, standard.PermBranch)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", h.ID), other, map[string]any{"version": v.Version, "result": "approve"})
	if s := w.state(t, h.ID); s.State != standard.HardshipReview || s.Amount != "10.00" {
		t.Fatalf("resubmitted unchanged %+v", s)
	}
}

// freeze creates and starts month m's batch as the admin: its dues are frozen.
func (w *hardshipWorld) freeze(t *testing.T, m string) {
	t.Helper()
	b := apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/dfgl/batch", w.e.AdminTK, map[string]any{"month": m, "reason": "补建以前月份"})
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), w.e.AdminTK, nil), 200)
}

// approve has the committee approve proposal id.
func (w *hardshipWorld) approve(t *testing.T, id int64) {
	t.Helper()
	v := w.flow(t, id, w.committeeTK)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", id), w.committeeTK, map[string]any{"version": v.Version, "result": "approve"})
}

// The committee ends an approved reduction early (终止): from a month after
// the frozen ones and within the approved months, with a reason. It is
// 已终止 with its month, the history says 终止, the frozen month keeps its
// reduction and later months are charged in full. The branch may not end
// it, another scope does not see it, and it ends once.
func TestHardshipEndedEarly(t *testing.T) {
	t.Parallel()
	w := newHardshipWorld(t)
	h := w.propose(t) // 10.00 a month, 2026-03 to 2026-05
	path := fmt.Sprintf("/api/dfjm/%d/end", h.ID)
	body := func(from, comment string) map[string]any { return map[string]any{"from": from, "comment": comment} }
	apptest.ExpectMessage(t, w.e.Do("POST", path, w.committeeTK, body("2026-04", "已就业")), 409, "该党费减免申请待审批，不能终止")
	w.approve(t, h.ID)
	w.freeze(t, "2026-03")

	apptest.Expect(t, w.e.Do("POST", path, w.branchTK, body("2026-04", "已就业")), 403)
	apptest.Expect(t, w.e.Do("POST", path, w.mathAll, body("2026-04", "已就业")), 404)
	apptest.ExpectField(t, w.e.Do("POST", path, w.committeeTK, body("2026-13", "已就业")), "from", "请选择终止月份（YYYY-MM）")
	apptest.ExpectField(t, w.e.Do("POST", path, w.committeeTK, body("2026-04", "  ")), "comment", "请输入终止理由（不超过500个字）")
	for _, m := range []string{"2026-03", "2026-06"} { // a frozen month; after the approved ones
		apptest.ExpectField(t, w.e.Do("POST", path, w.committeeTK, body(m, "已就业")), "from",
			"终止月份须在 2026-04 至 2026-05 之间（已核定党费的月份不能终止）")
	}
	if s := w.state(t, h.ID); s.State != standard.HardshipApproved || s.EndFrom != "" {
		t.Fatalf("a refused end changed the proposal: %+v", s)
	}

	got := apptest.DoJSON[standard.HardshipView](t, w.e, 200, "POST", path, w.committeeTK, body("2026-04", "已就业"))
	if got.State != standard.HardshipEnded || got.StateLabel != "已终止" || got.EndFrom != "2026-04" || got.To != "2026-05" {
		t.Fatalf("ended %+v", got)
	}
	v := w.flow(t, h.ID, w.branchTK)
	if fmt.Sprint(actions(v)) != "[submit approve end]" || v.Entries[2].Comment != "已就业" || v.State != standard.HardshipEnded {
		t.Fatalf("flow after the end %+v", v)
	}
	for month, fen := range map[int]int64{3: 1000, 4: 9000, 5: 9000} {
		if d := w.dues(t, 2026, month, w.member)[w.member]; d.Fen != fen {
			t.Errorf("2026-%02d after the end: %+v, want %d fen", month, d, fen)
		}
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path, w.committeeTK, body("2026-05", "再次")), 409, "该党费减免申请已终止，不能终止")
	// The branch is told; the committee, holding no dfjm:branch, is not.
	inbox := func(tk string) []struct{ Title, Content, Link string } {
		rows, _ := apptest.GetPage[struct{ Title, Content, Link string }](t, w.e, tk, "/api/msgPushHistory/list", nil)
		return rows
	}
	told := inbox(w.branchTK)
	if len(told) != 1 || told[0].Title != "党费减免已终止：困难党员党费减交" || told[0].Link != fmt.Sprintf("/dfgl/base?hardship=%d", h.ID) ||
		told[0].Content != "困难党员的党费减交（2026-03 至 2026-05）经上级党委终止，自 2026-04 起按标准交纳。终止理由：已就业" {
		t.Fatalf("the branch's messages: %+v", told)
	}
	if got := inbox(w.committeeTK); len(got) != 0 {
		t.Fatalf("the committee's messages: %+v", got)
	}

	// A reduction whose every month is frozen has nothing left to end.
	one := apptest.DoJSON[standard.HardshipView](t, w.e, 201, "POST", "/api/dfjm", w.branchTK,
		map[string]any{"memberId": w.member, "kind": "exempt", "from": "2026-03", "to": "2026-03", "reason": "住院"})
	w.approve(t, one.ID)
	apptest.ExpectField(t, w.e.Do("POST", fmt.Sprintf("/api/dfjm/%d/end", one.ID), w.committeeTK, body("2026-03", "出院")), "from",
		"减免期限内各月的党费均已核定，无需终止")
}
