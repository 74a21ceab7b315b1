package annual_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/stats/annual"
)

// changesWorld is the school of newWorld's shape whose members change
// through 2026 (the period 2026-01-01 to 2026-12-31; today 2027-03-01):
//   - counted at the end of 2025: 甲 乙 辛 (A), 丙 己 癸 (B), 丁 戊 壬 (C); 庚 (C) had had the
//     standing stopped in October 2025 (not counted);
//   - in 2026: 甲 A→B (within 计算机); 乙, probationary, 取消预备党员资格; 丙 died; 丁 transferred out
//     of the school at 23:59:59 on 31 December (counted out); 戊 transferred out at 00:00 on
//     1 January 2027 (no change); 己 B→C at 23:59:59 on 31 December (校内: out of 计算机 into 数学);
//     庚's standing restored; 辛 out of contact (失联: still a member); 壬 left the party (出党);
//     癸's record deleted; 子 joined on 20 April (发展党员); 丑 came from another school (转入);
//   - in 2027: 辛 moved to C, which the table of 2026 must not see.
type changesWorld struct {
	e                    *apptest.Env
	root, cs, math       int64
	branchA, branchB, c2 int64
	ids                  map[string]int64
	clock                *clock
}

func newChangesWorld(t *testing.T) *changesWorld {
	t.Helper()
	w := &changesWorld{e: apptest.New(t), ids: map[string]int64{}, clock: &clock{}}
	c := w.e.Campus(t)
	w.root, w.cs, w.math, w.branchA = c.Root, c.CS, c.Math, c.Branch
	w.branchB = w.e.Org(t, w.cs, "5", "计算机学生党支部")
	w.c2 = w.e.Org(t, w.math, "5", "数学教工党支部")
	w.e.App.Members.SetClock(w.clock.Now)
	w.e.App.Annual.SetClock(func() time.Time { return china(2027, 3, 1, 9, 0, 0) })

	add := func(at time.Time, name string, org int64, kv ...any) {
		w.clock.Set(at)
		b := apptest.FullMember(name, org, append([]any{"gender", member.GenderMale, "birthDate", "1990-01-01"}, kv...)...)
		w.ids[name] = apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", w.e.AdminTK, b).ID
	}
	change := func(at time.Time, name string, ch member.Change) {
		w.clock.Set(at)
		if err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			return w.e.App.Members.ChangeTx(ctx, tx, w.ids[name], ch, audit.OriginUserUpdate)
		}); err != nil {
			t.Fatal(err)
		}
	}
	y25 := china(2025, 3, 1, 9, 0, 0)
	for _, m := range []struct {
		name string
		org  int64
	}{{"甲", w.branchA}, {"辛", w.branchA}, {"丙", w.branchB}, {"己", w.branchB}, {"癸", w.branchB},
		{"丁", w.c2}, {"戊", w.c2}, {"壬", w.c2}, {"庚", w.c2}} {
		add(y25, m.name, m.org)
	}
	add(y25, "乙", w.branchA, "partyStatus", member.PartyProbation, "appliedOn", "2023-03-01", "joinedOn", "2025-02-01", "fullOn", "")
	change(china(2025, 10, 1, 9, 0, 0), "庚", member.Change{MemberStatus: member.StatusSuspended})

	change(china(2026, 2, 1, 9, 0, 0), "辛", member.Change{MemberStatus: member.StatusLost})
	change(china(2026, 3, 1, 9, 0, 0), "庚", member.Change{MemberStatus: member.StatusNormal})
	change(china(2026, 4, 1, 9, 0, 0), "丙", member.Change{MemberStatus: member.StatusDeceased})
	change(china(2026, 5, 1, 9, 0, 0), "甲", member.Change{OrgID: w.branchB})
	add(china(2026, 5, 1, 9, 0, 0), "子", w.branchA, "partyStatus", member.PartyProbation, "appliedOn", "2024-03-01",
		"joinedOn", "2026-04-20", "fullOn", "")
	change(china(2026, 6, 1, 9, 0, 0), "乙", member.Change{MemberStatus: member.StatusLeft})
	add(china(2026, 6, 1, 9, 0, 0), "丑", w.c2, "source", member.SourceTransferIn, "appliedOn", "2009-06-01", "joinedOn", "2010-06-30", "fullOn", "2011-06-30")
	change(china(2026, 7, 1, 9, 0, 0), "壬", member.Change{MemberStatus: member.StatusLeft})
	w.clock.Set(china(2026, 8, 1, 9, 0, 0))
	apptest.Expect(t, w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, map[string]any{"ids": []int64{w.ids["癸"]}}), 204)
	change(china(2026, 12, 31, 23, 59, 59), "丁", member.Change{MemberStatus: member.StatusTransferredOut})
	change(china(2026, 12, 31, 23, 59, 59), "己", member.Change{OrgID: w.c2})
	change(china(2027, 1, 1, 0, 0, 0), "戊", member.Change{MemberStatus: member.StatusTransferredOut})
	change(china(2027, 2, 1, 9, 0, 0), "辛", member.Change{OrgID: w.c2})
	return w
}

func (w *changesWorld) table(t *testing.T, key, query string) annual.Result {
	t.Helper()
	var out annual.Result
	res := w.e.Do("GET", "/api/dntj/tables/"+key+"?"+query, w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &out)
	for _, c := range out.Checks {
		if !c.OK {
			t.Errorf("%s: check %s failed: %s", key, c.Name, c.Detail)
		}
	}
	return out
}

// 党员数量变化 (RULES.md §6) for 2026, hand-counted: the members at the end
// of 2025 and of 2026, the increase by 发展党员 (joined in the year), 从校外
// 转入, 校内转入 and 恢复党籍, the decrease by 死亡, 出党, 取消预备党员资格,
// 转出 (a transfer at 23:59:59 on 31 December counts in the year; one at
// 00:00 on 1 January does not), 校内转出 and 其他 (a deleted record); 失联
// is no decrease; a higher level is the sum of its lines, and the year's
// end is its start plus the increase less the decrease, at every line.
func TestMemberChangesOverTheYear_RULES6(t *testing.T) {
	t.Parallel()
	w := newChangesWorld(t)
	got := w.table(t, "changes", fmt.Sprintf("date=2026-12-31&orgId=%d", w.root))
	if got.From != "2026-01-01" || !got.Period {
		t.Fatalf("period: %s–%s (%v)", got.From, got.Date, got.Period)
	}
	want(t, "合计", got.Total.Counts, map[string]int{
		"start": 9, "end": 7,
		"inTotal": 5, "inDeveloped": 1, "inTransferred": 1, "inInside": 2, "inRestored": 1,
		"outTotal": 7, "outDied": 1, "outLeft": 1, "outCancelled": 1, "outSuspended": 0, "outTransferred": 1,
		"outInside": 2, "outOther": 1,
	})
	if len(got.Lines.Content) != 2 {
		t.Fatalf("lines: %+v", got.Lines.Content)
	}
	want(t, "计算机", got.Lines.Content[0].Counts, map[string]int{"start": 6, "inTotal": 2, "inDeveloped": 1, "inInside": 1,
		"outTotal": 5, "outInside": 2, "outCancelled": 1, "outDied": 1, "outOther": 1, "end": 3})
	want(t, "数学", got.Lines.Content[1].Counts, map[string]int{"start": 3, "inTotal": 3, "inInside": 1, "inRestored": 1,
		"inTransferred": 1, "outTotal": 2, "outTransferred": 1, "outLeft": 1, "end": 4})

	// Per branch: 甲's move is 校内转出 of A and 校内转入 of B.
	branches := w.table(t, "changes", fmt.Sprintf("date=2026-12-31&orgId=%d&level=branch", w.cs))
	want(t, "计算机 by branch", branches.Total.Counts, map[string]int{"start": 6, "end": 3, "inInside": 1, "outInside": 2})
	want(t, "A", branches.Lines.Content[0].Counts, map[string]int{"start": 3, "inDeveloped": 1, "outInside": 1, "outCancelled": 1, "end": 2})
	want(t, "B", branches.Lines.Content[1].Counts, map[string]int{"start": 3, "inInside": 1, "outInside": 1, "outDied": 1, "outOther": 1, "end": 1})

	// Half way through: 丙 and 乙 gone, 子 in; 甲's move of 1 May seen.
	june := w.table(t, "changes", fmt.Sprintf("date=2026-06-01&orgId=%d", w.root))
	want(t, "2026-06-01", june.Total.Counts, map[string]int{"start": 9, "inDeveloped": 1, "inRestored": 1, "inTransferred": 1,
		"inInside": 1, "outInside": 1, "outDied": 1, "outCancelled": 1, "end": 10})
}

// The member basics count 失联 members (still members until the standing is
// stopped, 《中国共产党党员教育管理工作条例》第二十四条) and not those whose
// standing was stopped.
func TestMemberBasicsCountLostNotSuspended(t *testing.T) {
	t.Parallel()
	w := newChangesWorld(t)
	got := w.table(t, "members", "date=2026-12-31")
	want(t, "合计", got.Total.Counts, map[string]int{"total": 7})
	at2025 := w.table(t, "members", "date=2025-12-31")
	want(t, "2025", at2025.Total.Counts, map[string]int{"total": 9})
}

// The workbook of a table of the period names its 报告期.
func TestChangesWorkbookNamesThePeriod(t *testing.T) {
	t.Parallel()
	w := newChangesWorld(t)
	res := w.e.Do("GET", "/api/dntj/tables/changes/export?date=2026-12-31", w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	book, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := book.GetRows("党员数量变化")
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][0] != "党员数量变化（填报单位：全部党组织；报告期：2026年1月1日至2026年12月31日；单位：名）" {
		t.Fatalf("title: %q", rows[0][0])
	}
	if rows[1][1] != "上年底党员数" || rows[1][2] != "增加" || rows[2][3] != "发展党员" || rows[3][0] != "合计" || rows[3][1] != "9" {
		t.Fatalf("head: %q / %q / %q", rows[1], rows[2], rows[3])
	}
}

// A member whose record stood before the period with a joining date inside
// it (an old system's records carried over with their dates) is counted
// from that date: not at the period's start, at its end, as 发展党员 — the
// version did not change in the period, the joining date did the counting
// (RULES.md §6; the end is the start plus the increase less the decrease).
func TestMemberChangesCountAJoiningInsideThePeriod_RULES6(t *testing.T) {
	t.Parallel()
	w := newChangesWorld(t)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx_state").Set("joined_on = ?", "2026-03-01").
		Where("member_id = ?", w.ids["戊"]).Where("valid_from < ?", china(2026, 1, 1, 0, 0, 0)).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := w.table(t, "changes", fmt.Sprintf("date=2026-12-31&orgId=%d", w.root))
	want(t, "合计", got.Total.Counts, map[string]int{"start": 8, "end": 7, "inTotal": 6, "inDeveloped": 2, "outTotal": 7})
}
