package workbench_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/stats/workbench"
	"zhdj/internal/transfer"
)

// world: the campus (学校党委 › 计算机学院党委 › 计算机教工党支部, 数学学院党委)
// with a second branch under 数学学院党委 and one more under 计算机; today
// is the real day (the modules the figures come from read their own clocks).
type world struct {
	e             *apptest.Env
	c             apptest.Campus
	mathBr, csBr2 int64
	today         date.Date
	deptTK, csTK  string
	seq           int
	noPermTK      string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t), today: date.Today()}
	w.mathBr = e.Org(t, w.c.Math, "5", "数学教工党支部")
	w.csBr2 = e.Org(t, w.c.CS, "5", "计算机学生党支部")
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, workbench.PermWorkbench, workbench.PermDzzfxList, workbench.PermDzzfxExp)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, workbench.PermWorkbench, workbench.PermDzzfxList, workbench.PermDzzfxExp)
	w.noPermTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, "home:view")
	e.App.DJWorkbench.SetClock(func() time.Time { return time.Now().UTC() })
	return w
}

// member creates a complete full member of org, then sets the columns
// given (written straight, past the member rules).
func (w *world) member(t *testing.T, name string, orgID int64, set map[string]any) int64 {
	t.Helper()
	w.seq++
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID,
		"idNumber", apptest.IDNumber("110101", "19900101", 2*w.seq+1)))
	w.set(t, "dyjbxx", id, set)
	return id
}

func (w *world) set(t *testing.T, table string, id int64, set map[string]any) {
	t.Helper()
	for col, v := range set {
		if _, err := w.e.DB.NewUpdate().Table(table).Set("? = ?", bun.Ident(col), v).Where("id = ?", id).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
}

func (w *world) insert(t *testing.T, model any) {
	t.Helper()
	if _, err := w.e.DB.NewInsert().Model(model).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func (w *world) record(t *testing.T, orgID int64, stage string) {
	t.Helper()
	w.seq++
	w.insert(t, &develop.Record{PersonKind: "student", PersonID: int64(w.seq), PersonNo: fmt.Sprint(w.seq), Name: "发展" + fmt.Sprint(w.seq),
		OrgID: orgID, Stage: stage, ConfigVersion: 1, AppliedOn: "2025-01-01"})
}

func (w *world) transfer(t *testing.T, orgID int64, kind, state string) {
	t.Helper()
	w.insert(t, &transfer.Transfer{Kind: kind, State: state, Name: "转接", OrgID: orgID})
}

type numbers struct {
	Scoped                                bool
	OrgTotal, Members, Full, Probationary int
	Orgs, Pipeline, Transfers             []struct {
		Value, Label string
		Count        int
	}
	TermsDue, TermsOverdue, ProbationsDue int
	FeeYear, FeeMonth                     fee.Figures
	Trend                                 []workbench.MonthCount
	Life                                  struct {
		Items []struct {
			Key  string
			Orgs int
		}
	}
}

func counts(cs []struct {
	Value, Label string
	Count        int
}) map[string]int {
	out := map[string]int{}
	for _, c := range cs {
		out[c.Value] = c.Count
	}
	return out
}

func TestWorkbenchFiguresOfTheScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)

	year := w.today.Time().Year()
	prob := map[string]any{"party_status": member.PartyProbation, "full_on": nil}
	// 计算机: two full members (joined this year and four years ago), a
	// probationary member whose year ends in 30 days (due) and one whose
	// year ends in 31 days (not yet).
	w.member(t, "甲", w.c.Branch, map[string]any{"joined_on": date.Date(fmt.Sprintf("%d-01-01", year))})
	w.member(t, "乙", w.c.Branch, map[string]any{"joined_on": date.Date(fmt.Sprintf("%d-12-31", year-4))})
	w.member(t, "丙", w.c.Branch, with(prob, "joined_on", w.today.AddDays(30).AddYears(-1)))
	w.member(t, "丁", w.csBr2, with(prob, "joined_on", w.today.AddDays(31).AddYears(-1)))
	// 数学: one full member joined five years ago (out of the trend), a
	// probationary member whose year ended yesterday (overdue, not due).
	mathID := w.member(t, "戊", w.mathBr, map[string]any{"joined_on": date.Date(fmt.Sprintf("%d-12-31", year-5))})
	w.member(t, "己", w.mathBr, with(prob, "joined_on", w.today.AddDays(-1).AddYears(-1)))
	// Terms: 计算机 branch ends in 90 days (due), 计算机学生 in 91 (not),
	// 数学学院党委 ended yesterday (overdue).
	w.set(t, "dzz", w.c.Branch, map[string]any{"term_end": w.today.AddDays(90)})
	w.set(t, "dzz", w.csBr2, map[string]any{"term_end": w.today.AddDays(91)})
	w.set(t, "dzz", w.c.Math, map[string]any{"term_end": w.today.AddDays(-1)})
	// Development: 2 applicants and a target in 计算机, an activist in 数学,
	// one ended record (never counted).
	w.record(t, w.c.Branch, develop.StageApplicant)
	w.record(t, w.csBr2, develop.StageApplicant)
	w.record(t, w.c.Branch, develop.StageTarget)
	w.record(t, w.mathBr, develop.StageActivist)
	w.record(t, w.mathBr, develop.StageEnded)
	// Transfers under way: one out and one inside from 计算机, one in to
	// 数学; a finished one is not counted.
	w.transfer(t, w.c.Branch, transfer.KindOut, transfer.StateBranch)
	w.transfer(t, w.c.Branch, transfer.KindInside, transfer.StateInCommittee)
	w.transfer(t, w.mathBr, transfer.KindIn, transfer.StateDept)
	w.transfer(t, w.mathBr, transfer.KindOut, transfer.StateDone)
	// Fees: this month 数学 due 10.00 paid 5.00; January (when not this
	// month) 10.00 paid in full.
	month := w.today.Month().String()
	b := &fee.Batch{Month: month, State: fee.BatchOpen}
	w.insert(t, b)
	w.insert(t, &fee.Due{BatchID: b.ID, Month: month, MemberID: mathID, MemberName: "戊", OrgID: w.mathBr, OrgPath: "/", DueFen: 1000, PaidFen: 500})
	yearDue, yearPaid := int64(1000), int64(500)
	if jan := month[:4] + "-01"; jan != month {
		bj := &fee.Batch{Month: jan, State: fee.BatchOpen}
		w.insert(t, bj)
		w.insert(t, &fee.Due{BatchID: bj.ID, Month: jan, MemberID: mathID, MemberName: "戊", OrgID: w.mathBr, OrgPath: "/", DueFen: 1000, PaidFen: 1000})
		yearDue, yearPaid = 2000, 1500
	}

	all := apptest.DoJSON[numbers](t, w.e, 200, "GET", "/api/dj/workbench", w.deptTK, nil)
	if !all.Scoped || all.Members != 6 || all.Full != 3 || all.Probationary != 3 {
		t.Fatalf("members: %+v", all)
	}
	if all.OrgTotal != 6 || counts(all.Orgs)["2"] != 2 || counts(all.Orgs)["5"] != 3 {
		t.Fatalf("orgs: %d %+v", all.OrgTotal, all.Orgs)
	}
	if got := counts(all.Pipeline); got[develop.StageApplicant] != 2 || got[develop.StageActivist] != 1 || got[develop.StageTarget] != 1 || got[develop.StageProbationary] != 0 {
		t.Fatalf("pipeline: %+v", all.Pipeline)
	}
	if got := counts(all.Transfers); got[transfer.KindOut] != 1 || got[transfer.KindInside] != 1 || got[transfer.KindIn] != 1 {
		t.Fatalf("transfers: %+v", all.Transfers)
	}
	if all.TermsDue != 1 || all.TermsOverdue != 1 || all.ProbationsDue != 1 {
		t.Fatalf("due: terms %d overdue %d probations %d", all.TermsDue, all.TermsOverdue, all.ProbationsDue)
	}
	if all.FeeMonth.DueFen != 1000 || all.FeeMonth.RateBP != 5000 || all.FeeYear.DueFen != yearDue || all.FeeYear.PaidFen != yearPaid {
		t.Fatalf("fees: %+v %+v", all.FeeMonth, all.FeeYear)
	}
	// The trend's last point is now: the six members (their party standing
	// was written past the versions here; TestWorkbenchTrendFromTheVersions
	// writes through the member module).
	if len(all.Trend) != workbench.TrendMonths || all.Trend[len(all.Trend)-1].Month != w.today.Month().String() ||
		all.Trend[len(all.Trend)-1].Members != 6 {
		t.Fatalf("trend: %+v", all.Trend)
	}
	// 计算机's officer sees 计算机 only.
	cs := apptest.DoJSON[numbers](t, w.e, 200, "GET", "/api/dj/workbench", w.csTK, nil)
	if cs.Members != 4 || cs.Probationary != 2 || cs.OrgTotal != 3 || cs.TermsDue != 1 || cs.TermsOverdue != 0 || cs.ProbationsDue != 1 {
		t.Fatalf("cs: %+v", cs)
	}
	if got := counts(cs.Pipeline); got[develop.StageApplicant] != 2 || got[develop.StageActivist] != 0 {
		t.Fatalf("cs pipeline: %+v", cs.Pipeline)
	}
	if got := counts(cs.Transfers); got[transfer.KindOut] != 1 || got[transfer.KindIn] != 0 {
		t.Fatalf("cs transfers: %+v", cs.Transfers)
	}
	if cs.FeeMonth.DueFen != 0 || cs.FeeMonth.RateBP != 10000 {
		t.Fatalf("cs fees: %+v", cs.FeeMonth)
	}
}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// china is the instant of a China wall-clock time.
func china(y int, m time.Month, d, h int) time.Time {
	return time.Date(y, m, d, h, 0, 0, 0, time.FixedZone("CST", 8*3600)).UTC()
}

// The member trend counts each month's end as the records stood then (the
// member versions): a member moved out of 计算机 this month and one deleted
// this month still count in last month's point; the months before the
// records were entered count nobody.
func TestWorkbenchTrendFromTheVersions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var now time.Time
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	set := func(t time.Time) { mu.Lock(); defer mu.Unlock(); now = t }
	w.e.App.Members.SetClock(clock)
	w.e.App.DJWorkbench.SetClock(clock)

	set(china(2026, 1, 10, 9))
	ids := map[string]int64{}
	for i, name := range []string{"甲", "乙", "丙"} {
		b := apptest.FullMember(name, w.c.Branch, "idNumber", apptest.IDNumber("110101", "19900101", 2*i+1))
		ids[name] = apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", w.e.AdminTK, b).ID
	}
	set(china(2026, 3, 5, 9))
	if err := db.InTx(t.Context(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Members.ChangeTx(ctx, tx, ids["甲"], member.Change{OrgID: w.mathBr}, audit.OriginUserUpdate)
	}); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, map[string]any{"ids": []int64{ids["乙"]}}), 204)
	set(china(2026, 3, 15, 10))

	points := func(token string) map[string]int {
		got := apptest.DoJSON[numbers](t, w.e, 200, "GET", "/api/dj/workbench", token, nil).Trend
		if len(got) != workbench.TrendMonths || got[0].Month != "2025-04" || got[len(got)-1].Month != "2026-03" {
			t.Fatalf("trend months: %+v", got)
		}
		out := map[string]int{}
		for _, p := range got {
			out[p.Month] = p.Members
		}
		return out
	}
	for who, want := range map[string]map[string]int{
		w.csTK:   {"2025-12": 0, "2026-01": 3, "2026-02": 3, "2026-03": 1},
		w.deptTK: {"2025-12": 0, "2026-01": 3, "2026-02": 3, "2026-03": 2},
	} {
		got := points(who)
		for m, n := range want {
			if got[m] != n {
				t.Errorf("%s = %d, want %d (all %v)", m, got[m], n, got)
			}
		}
	}
}
