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
	c, _ := newCalendar(t)
	ctx := context.Background()
	holidays := map[int]int{2025: 28, 2026: 33, 2027: 6}
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
	c, database := newCalendar(t)
	ctx := context.Background()
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
	if version != 1 {
		t.Errorf("refused edits bumped the version to %d", version)
	}
	if _, err := c.AddWorkdays(ctx, d("2026-01-01"), 100000); err == nil {
		t.Error("100000 working days were counted")
	}
	if _, err := c.WorkdaysBetween(ctx, d("1990-01-01"), d("2026-01-01")); err == nil {
		t.Error("a 36-year range was counted")
	}
}
