package account_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/account"
	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// owe gives member id unpaid dues of the n months before the current one
// (the fee domain's tables, written here as a fixture: the arrears read them).
func (w *world) owe(t *testing.T, id int64, name string, n int) {
	t.Helper()
	now := time.Now().UTC()
	var path string
	if err := w.e.DB.NewSelect().Table("dzz").Column("path").Where("id = ?", w.branch).Scan(t.Context(), &path); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= n; k++ {
		m := time.Now().In(date.China).AddDate(0, -k, 0).Format("2006-01")
		var batch int64
		err := w.e.DB.NewRaw(`INSERT INTO df_batch (month, state, created_at, updated_at) VALUES (?, 'open', ?, ?)
			ON CONFLICT (month) DO UPDATE SET updated_at = excluded.updated_at RETURNING id`, m, now, now).Scan(t.Context(), &batch)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.e.DB.ExecContext(t.Context(), `INSERT INTO df_due (batch_id, month, member_id, member_name, org_id, org_path, due_fen, created_at)
			VALUES (?, ?, ?, ?, ?, ?, 100, ?)`, batch, m, id, name, w.branch, path, now); err != nil {
			t.Fatal(err)
		}
	}
}

// Choosing a secretary or committee member, the page asks the server for
// the chosen members' flags first: 连续6个月及以上未缴党费, 停止党籍 (refused
// by the save), 留党察看. Five months unpaid is no flag; a flagged member
// can still be saved (the page asked to confirm), a 停止党籍 one cannot.
func TestLeaderFlags(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	late := w.member(t, "欠费六月", w.branch, "F1001", w.dCS)
	five := w.member(t, "欠费五月", w.branch, "F1002", w.dCS)
	watched := w.member(t, "留党察看", w.branch, "F1003", w.dCS)
	stopped := w.member(t, "停止党籍", w.branch, "F1004", w.dCS)
	clean := w.member(t, "无标记", w.branch, "F1005", w.dCS)
	other := w.member(t, "他院党员", w.mathBranch, "F3001", w.dMath)
	w.owe(t, late, "欠费六月", 6)
	w.owe(t, five, "欠费五月", 5)
	if _, err := w.e.DB.ExecContext(t.Context(), `UPDATE dyjbxx SET under_watch_since = '2026-03-01' WHERE id = ?`, watched); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.ExecContext(t.Context(), `UPDATE dyjbxx SET member_status = ? WHERE id = ?`, member.StatusSuspended, stopped); err != nil {
		t.Fatal(err)
	}
	check := func(token string, b body) []account.LeaderCheck {
		t.Helper()
		return apptest.DoJSON[[]account.LeaderCheck](t, w.e, 200, "POST", fmt.Sprintf("/api/dzzxx/%d/leaders/check", w.branch), token, b)
	}
	got := check(w.college, body{"secretaryId": late, "committeeIds": []int64{five, watched, stopped, clean, other}})
	flags := map[int64][]account.LeaderFlag{}
	for _, c := range got {
		flags[c.MemberID] = c.Flags
	}
	if f := flags[late]; len(f) != 1 || f[0].Code != account.FlagArrears || f[0].Label != "连续6个月未缴纳党费（6个月及以上）" || f[0].Blocking {
		t.Fatalf("six months unpaid: %+v", f)
	}
	if f := flags[watched]; len(f) != 1 || f[0].Code != account.FlagWatch || f[0].Label != "受留党察看处分（2026-03-01起，尚未恢复党员权利）" {
		t.Fatalf("under watch: %+v", f)
	}
	if f := flags[stopped]; len(f) != 1 || f[0].Code != account.FlagSuspended || !f[0].Blocking {
		t.Fatalf("suspended: %+v", f)
	}
	if len(got) != 3 {
		t.Fatalf("flagged %+v: five months, a clean member and one out of scope carry none", got)
	}
	// Out of scope: the college of cs learns nothing of math's member, the branch of another college 404s.
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dzzxx/%d/leaders/check", w.mathBranch), w.college, body{"secretaryId": other}), 404)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dzzxx/%d/leaders/check", w.branch), "", body{}), 401)
	lister, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, org.PermList)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dzzxx/%d/leaders/check", w.branch), lister, body{"secretaryId": late}), 403)

	// Confirmed, the flagged members are appointed; 停止党籍 is refused.
	apptest.Expect(t, w.setLeaders(w.college, w.branch, body{"secretaryId": late, "committeeIds": []int64{watched}}), 200)
	apptest.ExpectField(t, w.setLeaders(w.college, w.branch, body{"secretaryId": stopped}), "secretaryId", "所选党员不是“计算机教工党支部”（含下级组织）的在册党员")
}
