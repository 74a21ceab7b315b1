package flow_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/rbac"
)

// asAdmin is a context acting as the administrator (a module's Go call).
func (w *world) asAdmin(t *testing.T) context.Context {
	var adminID int64
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'admin'").Scan(t.Context(), &adminID); err != nil {
		t.Fatal(err)
	}
	return rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{UserID: adminID, Perms: map[string]bool{rbac.Admin: true}}))
}

// Stop ends a record under way (撤回 / 撤销): the history names it, the
// to-dos close, a stale version is ErrTaken, an ended record is a 400.
func TestStopWithdrawAndCancel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := w.asAdmin(t)
	id := w.submit(t, w.branchTK, w.branch, "撤回的申请", 100)
	stop := func(version int64, r flow.Result) error {
		return db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			return w.wf.Stop(ctx, tx, id, version, r, "rejected", "发起人", "不办了")
		})
	}
	if err := stop(99, flow.Withdraw); err != flow.ErrTaken {
		t.Fatalf("stale version: %v", err)
	}
	if err := stop(0, flow.Withdraw); err != nil {
		t.Fatal(err)
	}
	v := w.view(t, w.deptTK, id)
	last := v.Entries[len(v.Entries)-1]
	if v.Step != "" || last.Action != flow.Withdraw || last.Role != "发起人" || last.Comment != "不办了" {
		t.Fatalf("after withdraw: %+v", v)
	}
	if got := w.todos(t, w.branchTK); len(got) != 0 {
		t.Fatalf("to-dos left open: %+v", got)
	}
	if err := stop(0, flow.Cancel); err == nil {
		t.Fatal("an ended record was stopped again")
	}
	// Withdraw and Cancel are no actor's choice at a step.
	id2 := w.submit(t, w.branchTK, w.branch, "另一申请", 100)
	apptest.Expect(t, w.act(t, w.branchTK, id2, map[string]any{"result": "withdraw"}), 400)
	apptest.Expect(t, w.act(t, w.branchTK, id2, map[string]any{"result": "cancel"}), 400)
}

// Step.May lets someone act besides the step's permission holders; OrgAt
// resolves a step's acting organisation above another organisation than
// the record's.
func TestStepMayAndOrgAt(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// The committee step of a 跨院 request acts above the math branch.
	w.wf.OrgAt = func(r *request, step string) int64 {
		if step == "committee" && r.Title == "跨院申请" {
			return w.mbranch
		}
		return 0
	}
	id := w.submit(t, w.branchTK, w.branch, "跨院申请", 100)
	w.approve(t, w.branchTK, id)
	if v := w.view(t, w.deptTK, id); v.ActingOrgName != "数学学院党委" {
		t.Fatalf("acting: %s", v.ActingOrgName)
	}
	apptest.Expect(t, w.act(t, w.csTK, id, map[string]any{"result": "approve"}), 409) // the record is cs's, the step is math's
	// May: the branch secretary may act at the committee step of this record.
	for i := range w.wf.Steps {
		if w.wf.Steps[i].Key == "committee" {
			w.wf.Steps[i].May = func(ctx context.Context, r *request) (bool, error) {
				return rbac.From(ctx).UserID == w.branchID, nil
			}
		}
	}
	apptest.Expect(t, w.act(t, w.branchTK, id, map[string]any{"result": "approve"}), 200)
	if v := w.view(t, w.deptTK, id); v.Step != "department" {
		t.Fatalf("step %s", v.Step)
	}
}

// Amend ends early what a record approved: the history gets 终止 under the
// step it was approved at, the view stays finished at that step; a record
// under way, rejected or amended already is a 400, a stale version
// ErrTaken, and End is no actor's choice at a step.
func TestAmendEndsAnApprovedRecord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := w.asAdmin(t)
	amend := func(id, version int64) error {
		return db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			return w.wf.Amend(ctx, tx, id, version, "ended", "上级党委", "情况好转")
		})
	}
	id := w.submit(t, w.branchTK, w.branch, "终止的申请", 100)
	apptest.Expect(t, w.act(t, w.branchTK, id, map[string]any{"result": "end"}), 400)
	if err := amend(id, 0); err == nil {
		t.Fatal("a record under way was amended")
	}
	w.walk(t, id, w.branchTK, w.csTK, w.deptTK)
	done := w.view(t, w.deptTK, id)
	if err := amend(id, done.Version+1); err != flow.ErrTaken {
		t.Fatalf("stale version: %v", err)
	}
	if err := amend(id, done.Version); err != nil {
		t.Fatal(err)
	}
	v := w.view(t, w.deptTK, id)
	last := v.Entries[len(v.Entries)-1]
	if v.State != "ended" || v.StateName != "已终止" || v.Step != "" || v.Status != "finish" || v.Current != "department" ||
		last.Action != flow.End || last.Step != "department" || last.Role != "上级党委" || last.Comment != "情况好转" ||
		len(v.Entries) != len(done.Entries)+1 {
		t.Fatalf("after amend: %+v", v)
	}
	if err := amend(id, 0); err == nil {
		t.Fatal("amended twice")
	}
	rejected := w.submit(t, w.branchTK, w.branch, "不通过的申请", 100)
	apptest.Expect(t, w.act(t, w.branchTK, rejected, map[string]any{"result": "reject", "comment": "不符合"}), 200)
	if err := amend(rejected, 0); err == nil {
		t.Fatal("a rejected record was amended")
	}
}
