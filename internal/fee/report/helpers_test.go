package report_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

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
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID, "gender", member.GenderMale))
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
		e := &fee.Entry{DueID: due.ID, Kind: fee.EntryPay, AmountFen: due.DueFen, MemberID: m, Month: month, CreatedAt: now}
		// As package fee writes a payment: the receipt, its entry and the
		// entry's credit to the due's paid_fen in one transaction.
		if err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
				return err
			}
			e.PaymentID = &p.ID
			if _, err := tx.NewInsert().Model(e).Exec(ctx); err != nil {
				return err
			}
			return fee.CreditPayment(ctx, tx, p.ID)
		}); err != nil {
			t.Fatal(err)
		}
		out[due.ID] = e.ID
	}
	return out
}

// reverse cancels a payment entry with a reversal entry (冲正, through the API).
func (w *world) reverse(t testing.TB, entryID int64) {
	t.Helper()
	res := w.e.Do("POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", entryID), w.e.AdminTK, map[string]any{"reason": "误收"})
	if res.Status != 201 {
		t.Fatalf("reverse: %d %s", res.Status, res.Body)
	}
}
