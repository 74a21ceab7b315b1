package report_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/fee/report"
	"zhdj/internal/member"
	"zhdj/internal/platform/db"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// world is the campus (学校党委 → 计算机学院党委 → 计算机教工党支部; 数学学院党委 →
// 数学学生党支部) with accounts: the admin, the computer science committee's
// (LEVEL_AND_BELOW, df:report), one without df:report.
type world struct {
	e          *apptest.Env
	c          apptest.Campus
	mathBranch int64
	csTK       string
	noPermTK   string
	seq        int
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	w.c = w.e.Campus(t)
	w.mathBranch = w.e.Org(t, w.c.Math, "5", "数学学生党支部")
	w.csTK, _ = w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, report.PermReport)
	w.noPermTK, _ = w.e.UserWith("ALL", 0, "dzz:list")
	return w
}

// member creates a full member of orgID and answers its id.
func (w *world) member(t testing.TB, orgID int64, name string) int64 {
	t.Helper()
	w.seq++
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", map[string]any{
		"name": name, "gender": member.GenderMale, "ethnicity": "01", "education": "11",
		"personCategory": "1", "personType": "1", "partyStatus": member.PartyFull, "orgId": orgID,
		"appliedOn": "2012-03-01", "joinedOn": "2013-06-30", "fullOn": "2014-06-30"})
}

// month starts the month's batch the way package fee freezes it: one due per
// member (fen) in the member's organisation now (its path and 二级党委).
func (w *world) month(t testing.TB, month string, dues map[int64]int64) map[int64]int64 {
	t.Helper()
	ctx := t.Context()
	now := time.Now().UTC()
	b := &fee.Batch{Month: month, State: fee.BatchOpen, Members: len(dues), StartedAt: &now, CreatedAt: now, UpdatedAt: now}
	if _, err := w.e.DB.NewInsert().Model(b).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	ids := map[int64]int64{}
	for m, fen := range dues {
		var row struct {
			Name    string `bun:"name"`
			OrgID   int64  `bun:"org_id"`
			Path    string `bun:"path"`
			Type    string `bun:"type"`
			PID     *int64 `bun:"pid"`
			PIDType string `bun:"ptype"`
		}
		if err := w.e.DB.NewSelect().TableExpr("dyjbxx AS m").Join("JOIN dzz AS z ON z.id = m.org_id").
			Join("LEFT JOIN dzz AS p ON p.id = z.pid").
			ColumnExpr("m.name, m.org_id, z.path, z.type, z.pid, COALESCE(p.type, '') AS ptype").
			Where("m.id = ?", m).Scan(ctx, &row); err != nil {
			t.Fatal(err)
		}
		var committee *int64
		if row.Type == "2" {
			committee = &row.OrgID
		} else if row.PIDType == "2" {
			committee = row.PID
		}
		d := &fee.Due{BatchID: b.ID, Month: month, MemberID: m, MemberName: row.Name, OrgID: row.OrgID, OrgPath: row.Path,
			CommitteeID: committee, Category: "1", DueFen: fen, Working: fmt.Sprintf("%d fen", fen), CreatedAt: now}
		if _, err := w.e.DB.NewInsert().Model(d).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		ids[m] = d.ID
	}
	return ids
}

// pay records an on-site payment of the dues (id → member) in full and
// answers the entries' ids by due.
func (w *world) pay(t testing.TB, month string, dues map[int64]int64, members ...int64) map[int64]int64 {
	t.Helper()
	ctx := t.Context()
	now := time.Now().UTC()
	out := map[int64]int64{}
	for _, m := range members {
		var due fee.Due
		if err := w.e.DB.NewSelect().Model(&due).Where("d.id = ?", dues[m]).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		w.seq++
		p := &fee.Payment{No: fmt.Sprintf("R%s-%d", month, w.seq), Provider: fee.ProviderOnsite, State: fee.PayPaid, AmountFen: due.DueFen,
			OrgID: due.OrgID, Payer: "收缴员", PaidAt: &now, CreatedAt: now, UpdatedAt: now}
		if _, err := w.e.DB.NewInsert().Model(p).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		e := &fee.Entry{DueID: due.ID, PaymentID: &p.ID, Kind: fee.EntryPay, AmountFen: due.DueFen, MemberID: m, Month: month, CreatedAt: now}
		if _, err := w.e.DB.NewInsert().Model(e).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		out[due.ID] = e.ID
	}
	return out
}

// reverse cancels a payment entry with a reversal entry.
func (w *world) reverse(t testing.TB, entryID int64) {
	t.Helper()
	var e fee.Entry
	if err := w.e.DB.NewSelect().Model(&e).Where("e.id = ?", entryID).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	r := &fee.Entry{DueID: e.DueID, Kind: fee.EntryReverse, Gen: e.Gen, AmountFen: -e.AmountFen, MemberID: e.MemberID, Month: e.Month,
		ReversesID: &e.ID, Reason: "误收", CreatedAt: time.Now().UTC()}
	if _, err := w.e.DB.NewInsert().Model(r).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}
