package flow_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// startAt writes a request of organisation org and starts it at step at
// (StartAt), as a module importing a record half way through does.
func (w *world) startAt(t *testing.T, org int64, title, at string) (int64, error) {
	t.Helper()
	var adminID int64
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'admin'").Scan(t.Context(), &adminID); err != nil {
		t.Fatal(err)
	}
	ctx := rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{UserID: adminID, Perms: map[string]bool{rbac.Admin: true}}))
	req := &request{OrgID: org, Title: title, Amount: 100, Status: "imported", CreatedAt: time.Now().UTC()}
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(req).Returning("id").Exec(ctx); err != nil {
			return err
		}
		return w.wf.StartAt(ctx, tx, req.ID, at, flow.Note{Comment: "历史数据导入"})
	})
	return req.ID, err
}

// StartAt puts a record at a later step of its chain: the history starts
// with the submission to that step, and that step's actors get the to-do.
func TestStartAtLaterStep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, err := w.startAt(t, w.branch, "导入的申请", "committee")
	if err != nil {
		t.Fatal(err)
	}
	v := w.view(t, w.deptTK, id)
	if v.Step != "committee" || v.State != "approval" || v.ActingOrgName != "计算机学院党委" || len(v.Entries) != 1 ||
		v.Entries[0].Action != flow.Submit || v.Entries[0].ToStep != "committee" || v.Entries[0].Comment != "历史数据导入" {
		t.Fatalf("started at the committee: %+v", v)
	}
	if got := w.todos(t, w.csTK); len(got) != 1 || got[0].BizID != fmt.Sprintf("%d:committee", id) {
		t.Fatalf("the committee's to-do: %+v", got)
	}
	if got := w.todos(t, w.branchTK); len(got) != 0 {
		t.Fatalf("the branch got a to-do for a step it did not reach: %+v", got)
	}
	// ActingOrgJoin names the acting organisation in a select of the records.
	var acting []int64
	if err := w.wf.ActingOrgJoin("s.id")(w.e.DB.NewSelect().TableExpr("sample_request AS s")).Where("s.id = ?", id).
		Scan(t.Context(), &acting); err != nil || len(acting) != 1 || acting[0] != w.cs {
		t.Fatalf("acting organisation joined: %v %v", acting, err)
	}
	// The steps before it are behind it: a return goes there.
	apptest.Expect(t, w.act(t, w.csTK, id, map[string]any{"result": "return", "comment": "补材料"}), 200)
	if v := w.view(t, w.branchTK, id); v.Step != "branch" {
		t.Fatalf("returned: %+v", v)
	}

	// "" is the first step; a step the chain lacks is refused (400), nothing written.
	first, err := w.startAt(t, w.branch, "从头开始", "")
	if err != nil || w.view(t, w.branchTK, first).Step != "branch" {
		t.Fatalf("start at the first step: %v", err)
	}
	for _, at := range []string{"nope", "committee"} {
		org := w.branch
		if at == "committee" {
			org = w.direct // a 直属党支部's chain has no committee step
		}
		_, err := w.startAt(t, org, "未知环节", at)
		var he *httpx.Error
		want := fmt.Sprintf("示例申请流程中没有「%s」环节", map[string]string{"nope": "nope", "committee": "二级党委审批"}[at])
		if !errors.As(err, &he) || he.Status != 400 || he.Message != want {
			t.Fatalf("start at %s: %v", at, err)
		}
	}
	n, err := w.e.DB.NewSelect().Table("sample_request").Where("title = ?", "未知环节").Count(t.Context())
	if err != nil || n != 0 {
		t.Fatalf("refused starts left %d requests (%v)", n, err)
	}
}

// Step.Next sends an approved record elsewhere than the next link: back to
// an earlier step (a probation extended goes back to its education), on as
// usual when it answers "", and a step not in the chain is refused.
func TestStepNext(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range w.wf.Steps {
		if w.wf.Steps[i].Key == "department" {
			w.wf.Steps[i].Next = func(a *flow.Act[request]) string {
				var f struct{ Again, Lost bool }
				_ = json.Unmarshal(a.Form, &f)
				switch {
				case f.Again:
					return "branch"
				case f.Lost:
					return "nowhere"
				}
				return ""
			}
		}
	}
	id := w.submit(t, w.branchTK, w.branch, "再审", 100)
	w.walk(t, id, w.branchTK, w.csTK)
	res := w.act(t, w.deptTK, id, map[string]any{"result": "approve", "form": map[string]any{"lost": true}})
	apptest.ExpectMessage(t, res, 400, "示例申请流程中没有「nowhere」环节")
	apptest.Expect(t, w.act(t, w.deptTK, id, map[string]any{"result": "approve", "form": map[string]any{"again": true}}), 200)
	v := w.view(t, w.branchTK, id)
	last := v.Entries[len(v.Entries)-1]
	if v.Step != "branch" || v.State != "review" || last.Action != flow.Approve || last.ToStep != "branch" {
		t.Fatalf("approved back to the branch: %+v", v)
	}
	if got := w.todos(t, w.branchTK); len(got) != 1 || got[0].BizID != fmt.Sprintf("%d:branch", id) {
		t.Fatalf("the branch's to-do: %+v", got)
	}
	// Next answering "": the usual way on, to the end.
	w.walk(t, id, w.branchTK, w.csTK, w.deptTK)
	if v := w.view(t, w.branchTK, id); v.State != "passed" || v.Step != "" {
		t.Fatalf("done: %+v", v)
	}
}

// Step.Next answering Finish ends the record in Done at once: the steps
// after it are skipped and nobody gets their to-do.
func TestStepNextFinish(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range w.wf.Steps {
		if w.wf.Steps[i].Key == "committee" {
			w.wf.Steps[i].Next = func(a *flow.Act[request]) string {
				var f struct{ Enough bool }
				_ = json.Unmarshal(a.Form, &f)
				if f.Enough {
					return flow.Finish
				}
				return ""
			}
		}
	}
	id := w.submit(t, w.branchTK, w.branch, "到此为止", 100)
	w.walk(t, id, w.branchTK)
	apptest.Expect(t, w.act(t, w.csTK, id, map[string]any{"result": "approve", "form": map[string]any{"enough": true}}), 200)
	v := w.view(t, w.branchTK, id)
	if v.State != "passed" || v.Step != "" {
		t.Fatalf("finished at the committee: %+v", v)
	}
	if last := v.Entries[len(v.Entries)-1]; last.Action != flow.Approve || last.ToStep != "" {
		t.Fatalf("the committee's entry: %+v", last)
	}
	if got := w.todos(t, w.deptTK); len(got) != 0 {
		t.Fatalf("the department got to-dos of a finished record: %+v", got)
	}
}
