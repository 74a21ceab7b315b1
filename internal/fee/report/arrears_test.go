package report_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee/report"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// arrearsWorld: six months of 2025 at 1.00 元 in 计算机教工党支部, paid so that
// each member's current run of unpaid months is the number in its name;
// 间断 left 5 months unpaid but paid April (a run of 2); 免交 owed nothing
// in April (exempt: the run starts again after it, 2).
type arrearsWorld struct {
	*world
	ids map[string]int64
}

var arrearsPaid = map[string][]int{ // months paid (1 = January)
	"连欠6": nil, "连欠5": {1}, "连欠3": {1, 2, 3}, "连欠2": {1, 2, 3, 4}, "间断": {4}, "免交": nil,
}

func newArrearsWorld(t *testing.T) *arrearsWorld {
	w := &arrearsWorld{world: newWorld(t), ids: map[string]int64{}}
	for _, name := range []string{"连欠6", "连欠5", "连欠3", "连欠2", "间断", "免交"} {
		w.ids[name] = w.member(t, w.c.Branch, name)
	}
	for m := 1; m <= 6; m++ {
		month := fmt.Sprintf("2025-%02d", m)
		dues := map[int64]int64{}
		for name, id := range w.ids {
			dues[id] = 100
			if name == "免交" && m == 4 {
				dues[id] = 0
			}
		}
		ids := w.month(t, month, dues)
		for name, months := range arrearsPaid {
			for _, p := range months {
				if p == m {
					w.pay(t, month, ids, w.ids[name])
				}
			}
		}
	}
	return w
}

func (w *arrearsWorld) arrears(t *testing.T, q url.Values) map[string]report.Arrear {
	t.Helper()
	rows, n := apptest.GetPage[report.Arrear](t, w.e, w.e.AdminTK, "/api/dfgl/report/arrears", q)
	if n != len(rows) {
		t.Fatalf("total %d, rows %d", n, len(rows))
	}
	out := map[string]report.Arrear{}
	for _, r := range rows {
		out[r.Name] = r
	}
	return out
}

// RULES.md §1 (自行脱党): a run of 3 consecutive unpaid months is reminded,
// one of 6 warned; 2 and 5 months are below each threshold. Months paid in
// between or owed nothing (免交) end a run.
func TestArrearsRule1ReminderAt3WarningAt6(t *testing.T) {
	t.Parallel()
	w := newArrearsWorld(t)
	got := w.arrears(t, nil)
	if len(got) != 3 {
		t.Fatalf("arrears at the default 3 months: %+v", got)
	}
	for name, want := range map[string]struct {
		months int
		since  string
		level  string
	}{"连欠6": {6, "2025-01", report.LevelWarn}, "连欠5": {5, "2025-02", report.LevelRemind}, "连欠3": {3, "2025-04", report.LevelRemind}} {
		a := got[name]
		if a.Months != want.months || a.Since != want.since || a.Latest != "2025-06" || a.Level != want.level ||
			a.OutstandingFen != int64(100*want.months) || a.OrgName != "计算机教工党支部" {
			t.Errorf("%s: %+v, want %+v", name, a, want)
		}
	}
	all := w.arrears(t, url.Values{"min": {"1"}})
	if all["连欠2"].Months != 2 || all["连欠2"].Level != "" || all["间断"].Months != 2 || all["免交"].Months != 2 {
		t.Errorf("runs of 2: %+v", all)
	}

	// The reminders: 3 months to the branch (RULES §1 at 2/3 months), the
	// warning at 6 (at 5/6) to the branch and to the organisation
	// department, each due the day after its last month ended.
	if err := w.e.App.Reminders.RunAll(t.Context()); err != nil {
		t.Fatal(err)
	}
	open := w.reminders(t)
	expect := map[string]string{
		fmt.Sprintf("%d/%d", report.ReminderArrears, w.ids["连欠3"]):     "2025-07-01@branch",
		fmt.Sprintf("%d/%d", report.ReminderArrears, w.ids["连欠5"]):     "2025-05-01@branch",
		fmt.Sprintf("%d/%d", report.ReminderArrears, w.ids["连欠6"]):     "2025-04-01@branch",
		fmt.Sprintf("%d/%d", report.ReminderArrearsWarn, w.ids["连欠6"]): "2025-07-01@branch",
		fmt.Sprintf("%d/%d", report.ReminderArrearsDept, w.ids["连欠6"]): "2025-07-01@root",
	}
	if len(open) != len(expect) {
		t.Errorf("open reminders %v, want %v", open, expect)
	}
	for k, v := range expect {
		if open[k] != v {
			t.Errorf("reminder %s: %q, want %q (all %v)", k, open[k], v, open)
		}
	}

	// 连欠6 pays June: the run ends, its three reminders close.
	var due int64
	if err := w.e.DB.NewSelect().Table("df_due").Column("id").Where("member_id = ? AND month = '2025-06'", w.ids["连欠6"]).Scan(t.Context(), &due); err != nil {
		t.Fatal(err)
	}
	w.pay(t, "2025-06", map[int64]int64{w.ids["连欠6"]: due}, w.ids["连欠6"])
	if err := w.e.App.Reminders.RunAll(t.Context()); err != nil {
		t.Fatal(err)
	}
	if open := w.reminders(t); len(open) != 2 || open[fmt.Sprintf("%d/%d", report.ReminderArrears, w.ids["连欠6"])] != "" {
		t.Errorf("after paying: %v", open)
	}
}

// RULES.md §1 counts only months that have ended: a member unpaid since
// January 2025 is reminded (3 months) on 1 April, not while March is still
// being paid, and warned (6 months, 自行脱党) on 1 July, not on 30 June —
// in the arrears list (the page's day) and in the reminders (the
// engine's day) alike. Each month's batch starts on its first day.
func TestArrearsCountEndedMonthsOnly_RULES1(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, w.c.Branch, "连欠")
	started := 0
	upTo := func(month int) { // the batches of 2025 up to month, none paid
		for ; started < month; started++ {
			w.month(t, fmt.Sprintf("2025-%02d", started+1), map[int64]int64{m: 100})
		}
	}
	on := func(day string) (report.Arrear, map[string]string) {
		t.Helper()
		d, err := time.ParseInLocation("2006-01-02 15:04", day+" 23:30", date.China)
		if err != nil {
			t.Fatal(err)
		}
		w.e.App.FeeReport.SetClock(func() time.Time { return d })
		w.e.App.Reminders.SetClock(func() time.Time { return d })
		if err := w.e.App.Reminders.RunAll(t.Context()); err != nil {
			t.Fatal(err)
		}
		rows, _ := apptest.GetPage[report.Arrear](t, w.e, w.e.AdminTK, "/api/dfgl/report/arrears", url.Values{"min": {"1"}})
		open := (&arrearsWorld{world: w}).reminders(t)
		if len(rows) == 0 {
			return report.Arrear{}, open
		}
		return rows[0], open
	}
	remindKey := fmt.Sprintf("%d/%d", report.ReminderArrears, m)
	warnKey := fmt.Sprintf("%d/%d", report.ReminderArrearsWarn, m)
	deptKey := fmt.Sprintf("%d/%d", report.ReminderArrearsDept, m)
	t.Run("第3个月的最后一天（3月31日）尚未提醒", func(t *testing.T) {
		upTo(3)
		a, open := on("2025-03-31")
		if a.Months != 2 || a.Latest != "2025-02" || a.Level != "" || open[remindKey] != "" {
			t.Fatalf("%+v %v", a, open)
		}
	})
	t.Run("3个月届满次日（4月1日）提醒", func(t *testing.T) {
		upTo(4)
		a, open := on("2025-04-01")
		if a.Months != 3 || a.Level != report.LevelRemind || open[remindKey] != "2025-04-01@branch" || open[warnKey] != "" {
			t.Fatalf("%+v %v", a, open)
		}
	})
	t.Run("第6个月的最后一天（6月30日）尚未警示", func(t *testing.T) {
		upTo(6)
		a, open := on("2025-06-30")
		if a.Months != 5 || a.Latest != "2025-05" || a.Level != report.LevelRemind || open[warnKey] != "" || open[deptKey] != "" {
			t.Fatalf("%+v %v", a, open)
		}
	})
	t.Run("6个月届满次日（7月1日）警示支部和组织部", func(t *testing.T) {
		upTo(7)
		a, open := on("2025-07-01")
		if a.Months != 6 || a.Since != "2025-01" || a.Latest != "2025-06" || a.OutstandingFen != 600 || a.Level != report.LevelWarn ||
			open[warnKey] != "2025-07-01@branch" || open[deptKey] != "2025-07-01@root" {
			t.Fatalf("%+v %v", a, open)
		}
	})
}

// The reminder's months are a setting: at 2, the runs of 2 are reminded.
func TestArrearsReminderMonthsIsASetting(t *testing.T) {
	t.Parallel()
	w := newArrearsWorld(t)
	var id int64
	if err := w.e.DB.NewSelect().Table("sys_config").Column("id").Where("config_key = ?", report.CfgRemindMonths).Scan(t.Context(), &id); err != nil {
		t.Fatal(err)
	}
	res := w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, map[string]any{"id": id, "configKey": report.CfgRemindMonths,
		"configValue": "2", "configName": "党费欠缴提醒月数", "configGroup": "fee", "valueKind": "int"})
	if res.Status != 200 && res.Status != 204 {
		t.Fatalf("update setting: %d %s", res.Status, res.Body)
	}
	got := w.arrears(t, nil)
	if len(got) != 6 || got["连欠2"].Level != report.LevelRemind || got["连欠6"].Level != report.LevelWarn {
		t.Errorf("arrears at 2 months: %+v", got)
	}
}

// reminders are the open arrears reminders: "type/member" → "due@branch|root".
func (w *arrearsWorld) reminders(t *testing.T) map[string]string {
	t.Helper()
	var rows []remind.Reminder
	if err := w.e.DB.NewSelect().Model(&rows).Where("type IN (?, ?, ?)", report.ReminderArrears, report.ReminderArrearsWarn,
		report.ReminderArrearsDept).Where("closed_at IS NULL").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rows {
		at := "?"
		switch {
		case r.OrgID != nil && *r.OrgID == w.c.Branch:
			at = "branch"
		case r.OrgID != nil && *r.OrgID == w.c.Root:
			at = "root"
		}
		out[fmt.Sprintf("%d/%d", r.Type, r.RecordID)] = string(date.Date(r.DueOn)) + "@" + at
	}
	return out
}
