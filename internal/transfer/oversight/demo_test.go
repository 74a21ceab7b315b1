package oversight_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/demo"
	"zhdj/internal/member"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/oversight"
)

// demoUniversity is the smallest demo university with its transfers.
func demoUniversity(t *testing.T, seed uint64) (*apptest.Env, *oversight.DemoResult) {
	t.Helper()
	e := apptest.New(t)
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(context.Background(), e.DB, cipher, demo.Options{Members: demo.MinMembers, Seed: seed}); err != nil {
		t.Fatal(err)
	}
	res, err := e.App.Oversight.SeedDemo(context.Background(), oversight.DemoOptions{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return e, res
}

// The same seed draws the same transfers (the dates of today aside).
func TestDemoIsDeterministic(t *testing.T) {
	t.Parallel()
	drawn := func() []string {
		e, _ := demoUniversity(t, 11)
		var rows []transfer.Transfer
		if err := e.DB.NewSelect().Model(&rows).OrderExpr("t.id").Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = fmt.Sprintf("%s/%s/%s/%v/%d/%v/%s/%s", r.Kind, r.SubKind, r.State, deref(r.MemberID), r.OrgID, deref(r.ToOrgID), r.OtherOrg, r.Name)
		}
		return out
	}
	first, second := drawn(), drawn()
	studentsInTheirColleges(t, 11)
	if len(first) == 0 || fmt.Sprint(first) != fmt.Sprint(second) {
		t.Errorf("two runs of seed 11 differ:\n%v\n%v", first, second)
	}
}

// studentsInTheirColleges: after the demo's transfers (a 校内转接 among
// them), every student member's branch is in the student's own college:
// the branch's unit, or its committee's, is the member's unit.
func studentsInTheirColleges(t *testing.T, seed uint64) {
	t.Helper()
	e, _ := demoUniversity(t, seed)
	var astray []string
	err := e.DB.NewSelect().TableExpr("dyjbxx AS m").ColumnExpr("m.name || ' @ ' || b.name").
		Join("JOIN dzz AS b ON b.id = m.org_id").Join("LEFT JOIN dzz AS c ON c.id = b.pid").
		Where("m.person_type = '2'").
		Where("COALESCE(b.unit_dept_id, -1) <> m.unit_dept_id AND COALESCE(c.unit_dept_id, -1) <> m.unit_dept_id").
		Scan(context.Background(), &astray)
	if err != nil {
		t.Fatal(err)
	}
	if len(astray) > 0 {
		t.Errorf("seed %d: students in a branch of another college: %v", seed, astray)
	}
	// Nor is anyone but a student in a student branch.
	var misplaced []string
	if err := e.DB.NewSelect().TableExpr("dyjbxx AS m").ColumnExpr("m.name || ' @ ' || b.name").Join("JOIN dzz AS b ON b.id = m.org_id").
		Where("(m.person_type = '2') <> (b.category = '2')").Where("b.type = '5'").Scan(context.Background(), &misplaced); err != nil {
		t.Fatal(err)
	}
	if len(misplaced) > 0 {
		t.Errorf("seed %d: members in a branch of the other kind (student / staff): %v", seed, misplaced)
	}
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// The smallest demo university has a transfer of every kind in every state
// its chain reaches, read back from the table and the workflow; the
// completed ones moved their members and lie within the last three years;
// the same seed gives the same transfers.
func TestDemoHasEveryKindInEveryState(t *testing.T) {
	t.Parallel()
	e, res := demoUniversity(t, 3)
	ctx := context.Background()
	var rows []transfer.Transfer
	if err := e.DB.NewSelect().Model(&rows).OrderExpr("t.id").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if len(rows) != res.Transfers || len(rows) < 80 || len(rows) > 120 {
		t.Fatalf("%d transfers (%d said) at %d members", len(rows), res.Transfers, demo.MinMembers)
	}
	seen := map[string]map[string]int{}
	today := date.Today()
	for _, tr := range rows {
		if seen[tr.Kind] == nil {
			seen[tr.Kind] = map[string]int{}
		}
		seen[tr.Kind][tr.State]++
		if tr.State == transfer.StateDone && (tr.DoneOn.After(today) || tr.DoneOn.Before(today.AddYears(-3))) {
			t.Errorf("transfer %d done on %s", tr.ID, tr.DoneOn)
		}
	}
	for _, k := range transfer.Kinds {
		for _, st := range oversight.DemoStates(k) {
			if seen[k][st] == 0 || res.ByKind[k][st] != seen[k][st] {
				t.Errorf("%s %s: %d in the table, %d said", k, st, seen[k][st], res.ByKind[k][st])
			}
		}
	}
	// The workflow agrees with the table.
	var mismatched int
	if err := e.DB.NewSelect().TableExpr("zzgx_transfer AS t").Join("JOIN flow_instance AS fi ON fi.record_id = t.id AND fi.workflow = 'zzgx_' || t.kind").
		ColumnExpr("COUNT(*)").Where("fi.state <> t.state").Scan(ctx, &mismatched); err != nil || mismatched != 0 {
		t.Errorf("%d transfers whose workflow state differs (%v)", mismatched, err)
	}
	// A completed transfer was applied for (created, its workflow's first
	// step) on or before its completion, every step of its workflow and its
	// letter dated by then, and its fees paid up to no month after it was applied for.
	type dated struct {
		ID      int64     `bun:"id"`
		DoneOn  date.Date `bun:"done_on"`
		Applied time.Time `bun:"created_at"`
		Fees    string    `bun:"fees_paid_up_to"`
		Latest  time.Time `bun:"latest"`
		Issued  date.Date `bun:"issued"`
	}
	var done []dated
	if err := e.DB.NewSelect().TableExpr("zzgx_transfer AS t").Column("t.id", "t.done_on", "t.created_at", "t.fees_paid_up_to").
		ColumnExpr("(SELECT MAX(h.created_at) FROM flow_history AS h JOIN flow_instance AS fi ON fi.id = h.instance_id WHERE fi.workflow = 'zzgx_' || t.kind AND fi.record_id = t.id) AS latest").
		ColumnExpr("(SELECT MAX(l.issued_on) FROM zzgx_letter AS l WHERE l.transfer_id = t.id) AS issued").
		Where("t.state = ?", transfer.StateDone).Scan(ctx, &done); err != nil {
		t.Fatal(err)
	}
	letters := 0
	for _, tr := range done {
		applied, latest := date.Of(tr.Applied.In(date.China)), date.Of(tr.Latest.In(date.China))
		if applied.After(tr.DoneOn) || latest.After(tr.DoneOn) || !tr.Issued.IsZero() && tr.Issued.After(tr.DoneOn) ||
			tr.Fees != "" && tr.Fees > string(applied)[:7] {
			t.Errorf("transfer %d completed on %s: applied for on %s, last step on %s, letter issued on %s, fees paid up to %s",
				tr.ID, tr.DoneOn, applied, latest, tr.Issued, tr.Fees)
		}
		if !tr.Issued.IsZero() {
			letters++
		}
	}
	if len(done) == 0 || letters == 0 {
		t.Errorf("%d completed transfers, %d with letters: nothing to check", len(done), letters)
	}
	// A completed 转出 left its member 已转出; a completed 校内转接 moved its member.
	for _, tr := range rows {
		if tr.State != transfer.StateDone || tr.MemberID == nil {
			continue
		}
		var m member.Member
		if err := e.DB.NewSelect().Model(&m).Where("m.id = ?", *tr.MemberID).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if tr.Kind == transfer.KindOut && m.MemberStatus != member.StatusTransferredOut ||
			tr.Kind == transfer.KindInside && m.OrgID != *tr.ToOrgID {
			t.Errorf("%s of member %d: status %s org %d", tr.Kind, m.ID, m.MemberStatus, m.OrgID)
		}
	}
	// 条例 第二十四条: every suspension has its cause, six months after its
	// member lost contact (a completed 失联党员 before it).
	for _, tr := range rows {
		if tr.Kind != transfer.KindSuspend {
			continue
		}
		var lost transfer.Transfer
		err := e.DB.NewSelect().Model(&lost).Where("t.member_id = ?", *tr.MemberID).Where("t.kind = ?", transfer.KindLost).
			Where("t.state = ?", transfer.StateDone).Scan(ctx)
		if err != nil || tr.SubKind != transfer.SuspendLost || tr.HappenedOn.Before(transfer.SuspendableOn(lost.HappenedOn)) ||
			tr.State == transfer.StateDone && !lost.DoneOn.Before(tr.DoneOn) {
			t.Errorf("suspension %d (%s, %s on %s): lost since %s (%v)", tr.ID, tr.State, tr.SubKind, tr.HappenedOn, lost.HappenedOn, err)
		}
	}
	// The yearly tables of this year and the two before see the completed moves.
	st := apptest.DoJSON[oversight.Stats](t, e, 200, "GET", "/api/zzgx/stats?year="+string(today)[:4], e.AdminTK, nil)
	if st.TotalIn+st.TotalOut == 0 && len(rows) > 0 {
		t.Logf("no move completed this year (the draws fell on earlier years)")
	}

	// A second run refuses: the demo is written once.
	if _, err := e.App.Oversight.SeedDemo(ctx, oversight.DemoOptions{Seed: 3}); err == nil {
		t.Error("a second demo run was accepted")
	}
}
