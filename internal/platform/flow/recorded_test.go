package flow_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/rbac"
)

// Recorded puts a record done elsewhere (on paper, imported) in the
// workflow as ended: its history is the one submission with the note, no
// step waits and nobody gets a to-do; a second time is a 409, a state that
// does not end the workflow a wiring error.
func TestRecordedEndsWithOneEntry(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{Username: "system", Perms: map[string]bool{rbac.Admin: true}}))
	req := &request{OrgID: w.branch, Title: "纸质办理", Amount: 100, Status: "imported", CreatedAt: time.Now().UTC()}
	record := func(state string) error {
		return db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			if req.ID == 0 {
				if _, err := tx.NewInsert().Model(req).Returning("id").Exec(ctx); err != nil {
					return err
				}
			}
			return w.wf.Recorded(ctx, tx, req.ID, state, w.branch, flow.Note{Comment: "导入（纸质办理）"})
		})
	}
	if err := record(w.wf.Done); err != nil {
		t.Fatal(err)
	}
	v := w.view(t, w.deptTK, req.ID)
	if v.State != w.wf.Done || v.Step != "" || len(v.Entries) != 1 || v.Entries[0].Action != flow.Submit ||
		v.Entries[0].Comment != "导入（纸质办理）" || v.Entries[0].ActorName != "系统" || v.Entries[0].OrgName != "计算机教工党支部" {
		t.Fatalf("recorded: %+v", v)
	}
	if got := w.todos(t, w.branchTK); len(got) != 0 {
		t.Fatalf("to-dos of a recorded record: %+v", got)
	}
	if err := record(w.wf.Done); err == nil {
		t.Fatal("recorded twice")
	}
	if err := record("approval"); err == nil {
		t.Fatal("recorded in a state that does not end the workflow")
	}
}
