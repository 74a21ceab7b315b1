package develop_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// Migration 2026121160 dates the extensions approved before the record
// kept their date: from the ㉔ step row of a record still in its extended
// probation (the committee's own date), else from the day the approval
// was recorded (the flow history), the ㉔ row being the later 转正's.
func TestExtendedOnBackfilledByTheMigration(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	end := date.Today().AddMonths(-2)
	approvedOn := date.Today().AddDays(-1)
	waiting := w.record(t, "延长中", develop.StepFullMeeting, facts{admittedOn: end.AddMonths(-12), probation: end})
	w.approve(t, w.branchTK, waiting, fullVotes(end, develop.DecisionExtend, 6))
	w.approve(t, w.csTK, waiting, committeeVotes(approvedOn))
	made := w.record(t, "延长后转正", develop.StepFullMeeting, facts{admittedOn: end.AddMonths(-12), probation: end})
	w.approve(t, w.branchTK, made, fullVotes(end, develop.DecisionExtend, 6))
	w.approve(t, w.csTK, made, committeeVotes(approvedOn))
	ctx := t.Context()
	// 延长后转正's ㉔ done again for its 转正 (its row now the 转正's).
	if _, err := w.e.DB.NewUpdate().Model((*develop.StepRow)(nil)).Set("done_on = ?", date.Today()).
		Where("record_id = ?", made).Where("step = ?", develop.StepFullApproval).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewUpdate().Model((*develop.Record)(nil)).Set("stage = ?", develop.StageFull).Where("id = ?", made).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	var up func(context.Context, bun.Tx) error
	for _, m := range develop.Migrations() {
		if m.Version == 2026121160 {
			up = m.Up
		}
	}
	if up == nil {
		t.Fatal("migration 2026121160 not found")
	}
	if err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.ExecContext(ctx, "ALTER TABLE dev_record DROP COLUMN extended_on"); err != nil {
			return err
		}
		return up(ctx, tx)
	}); err != nil {
		t.Fatal(err)
	}
	if r := w.rec(t, waiting); r.ExtendedOn != approvedOn {
		t.Errorf("still extended: %q, want the ㉔ date %s", r.ExtendedOn, approvedOn)
	}
	if r := w.rec(t, made); r.ExtendedOn != date.Today() {
		t.Errorf("made full since: %q, want the day recorded %s", r.ExtendedOn, date.Today())
	}
}
