package calendar_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

func TestMain(m *testing.M) { db.TestMain(m) }

func newCalendar(t *testing.T) (*calendar.Calendar, *bun.DB) {
	t.Helper()
	database := db.NewTest(t, calendar.Migrations())
	return calendar.New(database), database
}

func d(s string) date.Date { return date.MustParse(s) }

// RULES §2: a public notice (公示) lasts at least 5 working days. Counted
// from Tuesday 29 September 2026 it crosses 国庆节 (1–7 October) and the
// 调休 Saturday 10 October, and ends on Monday 12 October.
func TestFifthWorkingDayAcrossNationalDay(t *testing.T) {
	t.Parallel()
	c, _ := newCalendar(t)
	ctx := context.Background()
	got, err := c.AddWorkdays(ctx, d("2026-09-29"), 5)
	if err != nil || got != "2026-10-12" {
		t.Fatalf("5 working days after 2026-09-29: %s %v, want 2026-10-12", got, err)
	}
	// Counting back lands before the holiday.
	if got, _ := c.AddWorkdays(ctx, d("2026-10-08"), -1); got != "2026-09-30" {
		t.Errorf("1 working day before 2026-10-08: %s, want 2026-09-30", got)
	}
	if got, _ := c.AddWorkdays(ctx, d("2026-10-03"), 0); got != "2026-10-03" {
		t.Errorf("0 working days: %s", got)
	}
	// 8, 9 (Thursday, Friday) and the 调休 Saturday 10 October.
	if n, err := c.WorkdaysBetween(ctx, d("2026-10-01"), d("2026-10-11")); err != nil || n != 3 {
		t.Errorf("working days 1–11 October 2026: %d %v, want 3", n, err)
	}
	if n, _ := c.WorkdaysBetween(ctx, d("2026-10-11"), d("2026-10-01")); n != 0 {
		t.Errorf("a reversed range counts %d", n)
	}
}

// A 调休 Saturday or Sunday is a working day; a weekday inside a holiday
// is not; an unmarked weekend is a rest day.
func TestTiaoxiuWeekendIsAWorkingDay(t *testing.T) {
	t.Parallel()
	c, _ := newCalendar(t)
	ctx := context.Background()
	for day, want := range map[string]bool{
		"2025-09-28": true,  // Sunday, 国庆节、中秋节调休上班
		"2025-10-11": true,  // Saturday, 调休上班
		"2025-10-08": false, // Wednesday inside 国庆节、中秋节
		"2026-02-14": true,  // Saturday before 春节
		"2026-02-23": false, // Monday, last day of 春节
		"2026-01-04": true,  // Sunday after 元旦
		"2026-10-17": false, // an ordinary Saturday
		"2026-10-12": true,  // an ordinary Monday
		"2027-10-01": false, // fixed-date 国庆节 of 2027
	} {
		if got, err := c.IsWorkday(ctx, d(day)); err != nil || got != want {
			t.Errorf("IsWorkday(%s) = %v %v, want %v", day, got, err, want)
		}
	}
	// The Friday before the 调休 Sunday: the next working day is that Sunday.
	if got, _ := c.AddWorkdays(ctx, d("2025-09-26"), 1); got != "2025-09-28" {
		t.Errorf("1 working day after 2025-09-26: %s, want the 调休 Sunday 2025-09-28", got)
	}
}

// Every seeded 调休 workday is a Saturday or a Sunday, and every seeded
// year has its note; 2027 says it is incomplete.
func TestSeededYears(t *testing.T) {
	t.Parallel()
	c, _ := newCalendar(t)
	ctx := context.Background()
	holidays := map[int]int{2024: 30, 2025: 28, 2026: 33, 2027: 6}
	for year, want := range holidays {
		v, err := c.Year(ctx, year)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, day := range v.Days {
			wd := day.Date.Time().Weekday()
			switch day.Kind {
			case calendar.Workday:
				if wd != time.Saturday && wd != time.Sunday {
					t.Errorf("%s is a %s marked 调休上班", day.Date, wd)
				}
			case calendar.Holiday:
				n++
			}
		}
		if n != want || v.Note == "" {
			t.Errorf("%d: %d holidays (want %d), note %q", year, n, want, v.Note)
		}
	}
	v, _ := c.Year(ctx, 2027)
	if len(v.Days) != 6 || v.Note[:len("国务院办公厅2027年节假日安排通知尚未发布")] != "国务院办公厅2027年节假日安排通知尚未发布" {
		t.Errorf("2027: %+v", v)
	}
}

// An edit on one instance is seen by another at its next call: the
// version row tells its cache to reload.
func TestEditIsSeenByEveryInstance(t *testing.T) {
	t.Parallel()
	a, database := newCalendar(t)
	b := calendar.New(database)
	ctx := context.Background()
	if ok, _ := b.IsWorkday(ctx, d("2026-11-02")); !ok {
		t.Fatal("an ordinary Monday is not a working day")
	}
	if err := a.SetDay(ctx, calendar.DayInput{Date: "2026-11-02", Kind: calendar.Holiday, Name: "校庆"}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := b.IsWorkday(ctx, d("2026-11-02")); ok {
		t.Error("the other instance still counts 2026-11-02 as a working day")
	}
	if err := b.SetDay(ctx, calendar.DayInput{Date: "2026-11-02"}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := a.IsWorkday(ctx, d("2026-11-02")); !ok {
		t.Error("unmarked on the other instance, still a holiday here")
	}
	if err := a.SetDay(ctx, calendar.DayInput{Date: "2026-11-07", Kind: calendar.Workday}); err != nil {
		t.Fatal(err)
	}
	v, _ := b.Year(ctx, 2026)
	found := false
	for _, day := range v.Days {
		if day.Date == "2026-11-07" {
			found = day.Kind == calendar.Workday && day.Name == "调休上班"
		}
	}
	if !found {
		t.Error("the 调休 Saturday with its default name is not listed")
	}
}

func TestEditValidation(t *testing.T) {
	t.Parallel()
	c, database := newCalendar(t)
	ctx := context.Background()
	var before int64
	database.NewSelect().Table("sys_calendar_version").Column("version").Scan(ctx, &before) //nolint:errcheck
	for _, tc := range []struct {
		in    calendar.DayInput
		field string
		msg   string
	}{
		{calendar.DayInput{Date: "2026-13-01", Kind: calendar.Holiday, Name: "x"}, "date", "请选择日期"},
		{calendar.DayInput{Date: "1900-01-01", Kind: calendar.Holiday, Name: "x"}, "date", "日期应在1949年到2200年之间"},
		{calendar.DayInput{Date: "2026-11-02", Kind: calendar.Holiday}, "name", "请输入节假日名称，如“国庆节”"},
		{calendar.DayInput{Date: "2026-11-02", Kind: calendar.Workday}, "kind", "2026-11-02是周一至周五，本来就是工作日，无需标为调休上班"},
		{calendar.DayInput{Date: "2026-11-02", Kind: "rest", Name: "x"}, "kind", "类型只能是节假日（holiday）、调休上班（workday）或恢复默认（空）"},
		{calendar.DayInput{Date: "2026-11-02", Kind: calendar.Holiday, Name: string(make([]rune, 51))}, "name", "名称不能超过50个字"},
	} {
		err := c.SetDay(ctx, tc.in)
		e, ok := err.(*httpx.Error)
		if !ok || e.Field != tc.field || e.Message != tc.msg {
			t.Errorf("%+v: %v, want %q on %s", tc.in, err, tc.msg, tc.field)
		}
	}
	var version int64
	database.NewSelect().Table("sys_calendar_version").Column("version").Scan(ctx, &version) //nolint:errcheck
	if version != before {
		t.Errorf("refused edits bumped the version from %d to %d", before, version)
	}
	if _, err := c.AddWorkdays(ctx, d("2026-01-01"), 100000); err == nil {
		t.Error("100000 working days were counted")
	}
	if _, err := c.WorkdaysBetween(ctx, d("1990-01-01"), d("2026-01-01")); err == nil {
		t.Error("a 36-year range was counted")
	}
}

// 国务院办公厅关于2024年/2025年/2026年部分节假日安排的通知: 国庆节 2024 and the
// 春节 of every seeded year, with their 调休 days, and counting working days
// across them. 2027's notice is not published: its 春节 is not invented.
func TestHolidayNotices2024To2027(t *testing.T) {
	t.Parallel()
	c, _ := newCalendar(t)
	ctx := context.Background()
	workday := func(t *testing.T, days map[string]bool) {
		t.Helper()
		for day, want := range days {
			if got, err := c.IsWorkday(ctx, d(day)); err != nil || got != want {
				t.Errorf("IsWorkday(%s) = %v %v, want %v", day, got, err, want)
			}
		}
	}
	t.Run("国办发明电〔2023〕7号 国庆节2024：10月1日至7日放假，9月29日、10月12日上班", func(t *testing.T) {
		days := map[string]bool{"2024-09-28": false, "2024-09-29": true, "2024-09-30": true, "2024-10-08": true,
			"2024-10-12": true, "2024-10-13": false}
		for day := d("2024-10-01"); day <= d("2024-10-07"); day = day.AddDays(1) {
			days[string(day)] = false
		}
		workday(t, days)
		// A 公示 of 5 working days from Friday 27 September 2024: the 调休 Sunday,
		// Monday 30 September, then 8, 9 and 10 October.
		if got, err := c.AddWorkdays(ctx, d("2024-09-27"), 5); err != nil || got != "2024-10-10" {
			t.Errorf("5 working days after 2024-09-27: %s %v, want 2024-10-10", got, err)
		}
		if n, _ := c.WorkdaysBetween(ctx, d("2024-09-27"), d("2024-10-12")); n != 8 {
			t.Errorf("working days 27 September – 12 October 2024: %d, want 8", n)
		}
	})
	for _, y := range []struct {
		name, from, to string
		worked         []string
		before, after  string // AddWorkdays(before, 1) is the first working day after the holiday when no 调休 day intervenes
	}{
		{"2024年春节（国办发明电〔2023〕7号）", "2024-02-10", "2024-02-17", []string{"2024-02-04", "2024-02-18"}, "2024-02-09", "2024-02-18"},
		{"2025年春节（国办发明电〔2024〕12号）", "2025-01-28", "2025-02-04", []string{"2025-01-26", "2025-02-08"}, "2025-01-27", "2025-02-05"},
		{"2026年春节（2025年11月4日通知）", "2026-02-15", "2026-02-23", []string{"2026-02-14", "2026-02-28"}, "2026-02-14", "2026-02-24"},
	} {
		t.Run(y.name, func(t *testing.T) {
			days := map[string]bool{}
			for day := d(y.from); day <= d(y.to); day = day.AddDays(1) {
				days[string(day)] = false
			}
			for _, w := range y.worked {
				days[w] = true
			}
			workday(t, days)
			if got, err := c.AddWorkdays(ctx, d(y.before), 1); err != nil || got != d(y.after) {
				t.Errorf("1 working day after %s: %s %v, want %s", y.before, got, err, y.after)
			}
			if got, _ := c.AddWorkdays(ctx, d(y.after), -1); got != d(y.before) {
				t.Errorf("1 working day before %s: %s, want %s", y.after, got, y.before)
			}
		})
	}
	t.Run("2027年通知尚未发布：不编造春节，固定日期节日为暂定", func(t *testing.T) {
		v, err := c.Year(ctx, 2027)
		if err != nil {
			t.Fatal(err)
		}
		for _, day := range v.Days {
			if !day.Provisional || day.Name == "春节" {
				t.Errorf("2027 seeds %+v", day)
			}
		}
		if len(v.Days) == 0 {
			t.Error("2027 lost its fixed-date holidays")
		}
	})
}

// An existing database gets 2024 by migration 2026113050 without losing what
// an administrator entered: a 2024 day already marked keeps its name, the
// 2024 note is kept, and a 2027 day marked by hand is not provisional.
func TestCalendarMigrationKeepsAdministratorsDays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The database as it stood before migration 2026113050 (one template per
	// test binary on PostgreSQL: undo the migration rather than stop short of it).
	database := db.NewTest(t, calendar.Migrations())
	for _, q := range []string{
		`DELETE FROM sys_calendar_day WHERE day >= '2024-01-01' AND day <= '2024-12-31'`,
		`DELETE FROM sys_calendar_year WHERE year = 2024`,
		`ALTER TABLE sys_calendar_day DROP COLUMN provisional`,
		`DELETE FROM schema_migrations WHERE version = 2026113050`,
	} {
		if _, err := database.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	before := calendar.New(database)
	if err := before.SetNote(ctx, calendar.NoteInput{Year: 2024, Note: "管理员录入"}); err != nil {
		t.Fatal(err)
	}
	// The pre-migration table has no provisional column: mark the days by SQL as the old SetDay did.
	if _, err := database.NewInsert().Model(&calendar.Day{Date: "2024-10-01", Kind: calendar.Holiday, Name: "国庆节（校定）",
		UpdatedBy: new(int64), UpdatedAt: time.Now()}).ExcludeColumn("provisional").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := database.NewInsert().Model(&calendar.Day{Date: "2027-02-06", Kind: calendar.Holiday, Name: "春节",
		UpdatedBy: new(int64), UpdatedAt: time.Now()}).ExcludeColumn("provisional").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx, database, calendar.Migrations()); err != nil {
		t.Fatal(err)
	}
	c := calendar.New(database)
	v, _ := c.Year(ctx, 2024)
	names := map[date.Date]string{}
	for _, day := range v.Days {
		names[day.Date] = day.Name
	}
	if v.Note != "管理员录入" || names["2024-10-01"] != "国庆节（校定）" || names["2024-10-02"] != "国庆节" || names["2024-09-29"] != "国庆节调休上班" {
		t.Errorf("2024 after the migration: note %q, %v", v.Note, names)
	}
	v, _ = c.Year(ctx, 2027)
	for _, day := range v.Days {
		if day.Provisional != (day.Date != "2027-02-06") {
			t.Errorf("2027 %+v", day)
		}
	}
}
