package calendar

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// Migrations creates the calendar's tables and seeds 2025–2027, then adds
// 2024 and marks 2027's fixed-date days as provisional (issue 22).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112671, Name: "working-day calendar: holidays and 调休 workdays 2025–2027", Up: func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx,
			`CREATE TABLE sys_calendar_day (
				day DATE PRIMARY KEY,
				kind VARCHAR(10) NOT NULL,
				name VARCHAR(50) NOT NULL,
				updated_by BIGINT NULL,
				updated_at TIMESTAMP NOT NULL)`,
			`CREATE TABLE sys_calendar_year (
				year INTEGER PRIMARY KEY,
				note VARCHAR(500) NOT NULL,
				updated_at TIMESTAMP NOT NULL)`,
			// One row: bumped by every edit, read by every instance's cache.
			`CREATE TABLE sys_calendar_version (
				id INTEGER PRIMARY KEY,
				version BIGINT NOT NULL)`,
			`INSERT INTO sys_calendar_version (id, version) VALUES (1, 1)`,
		); err != nil {
			return err
		}
		now := time.Now().UTC()
		var days []Day
		for _, n := range notices {
			days = append(days, n.days(now)...)
			if _, err := tx.NewInsert().Model(&Year{Year: n.year, Note: n.note, UpdatedAt: now}).Exec(ctx); err != nil {
				return err
			}
		}
		// provisional comes with the next migration.
		_, err := tx.NewInsert().Model(&days).ExcludeColumn("provisional").Exec(ctx)
		return err
	}}, {Version: 2026113050, Name: "working-day calendar: 2024 from its notice; 2027's fixed-date days provisional", Up: seed2024}}
}

// seed2024 adds the provisional flag, marks the days the first migration
// seeded for 2027 (the fixed-date holidays, no notice yet) provisional, and
// seeds 2024 from its notice. An existing database keeps what an
// administrator entered: a day already marked (an edit carries updated_by)
// is left as it is, and so is a 2024 note. The 2025 and 2026 data are
// unchanged, so a day an administrator unmarked there stays unmarked.
func seed2024(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx,
		`ALTER TABLE sys_calendar_day ADD COLUMN provisional BOOLEAN NOT NULL DEFAULT FALSE`,
	); err != nil {
		return err
	}
	if _, err := tx.NewUpdate().Model((*Day)(nil)).Set("provisional = ?", true).
		Where("day >= ?", date.Date("2027-01-01")).Where("day <= ?", date.Date("2027-12-31")).
		Where("updated_by IS NULL").Exec(ctx); err != nil {
		return err
	}
	now := time.Now().UTC()
	days := notice2024.days(now)
	if _, err := tx.NewInsert().Model(&days).On("CONFLICT (day) DO NOTHING").Exec(ctx); err != nil {
		return err
	}
	_, err := tx.NewInsert().Model(&Year{Year: notice2024.year, Note: notice2024.note, UpdatedAt: now}).
		On("CONFLICT (year) DO NOTHING").Exec(ctx)
	if err != nil {
		return err
	}
	_, err = tx.NewUpdate().Table("sys_calendar_version").Set("version = version + 1").Where("id = 1").Exec(ctx)
	return err
}

// notice is one year's arrangement as the State Council's notice gives it.
type notice struct {
	year    int
	note    string
	periods []period
}

// days are the notice's marked days.
func (n notice) days(now time.Time) []Day {
	var out []Day
	for _, p := range n.periods {
		for d := date.MustParse(p.from); d <= date.MustParse(p.to); d = d.AddDays(1) {
			out = append(out, Day{Date: d, Kind: p.kind, Name: p.name, UpdatedAt: now})
		}
	}
	return out
}

// period is a run of days of one kind, both ends included.
type period struct {
	from, to, kind, name string
}

func holiday(from, to, name string) period { return period{from, to, Holiday, name} }
func worked(day, name string) period       { return period{day, day, Workday, name} }

// Where each seeded year comes from (looked up again for issue 22 on
// 2026-11-29):
//   - 2024: 《国务院办公厅关于2024年部分节假日安排的通知》（国办发明电〔2023〕7号，
//     2023年10月25日）, as printed in 人民日报 of 26 October 2023, p. 6, and in
//     the 国务院公报 2023 No. 31 (zh.wikisource.org). Seeded by migration
//     2026113050 (notice2024 below).
//   - 2025: 国办发明电〔2024〕12号 of 12 November 2024.
//   - 2026: the notice of 4 November 2025 (新华社; 光明网 politics.gmw.cn of
//     the same day).
//   - 2027: no notice could be found (the search of 2026-11-29 found none;
//     it is usually published in November). Nothing of it is invented: only
//     the fixed-date statutory holidays of 《全国年节及纪念日放假办法》 are seeded,
//     marked provisional, the year's note says so, and the 工作日历 reminder
//     (YearReminder) tells the holders of calendar:edit from 1 October 2026
//     until someone enters the year.

// notice2024 is seeded by the second migration.
var notice2024 = notice{year: 2024, note: "依据《国务院办公厅关于2024年部分节假日安排的通知》（国办发明电〔2023〕7号）预置。", periods: []period{
	holiday("2024-01-01", "2024-01-01", "元旦"),
	worked("2024-02-04", "春节调休上班"),
	holiday("2024-02-10", "2024-02-17", "春节"),
	worked("2024-02-18", "春节调休上班"),
	holiday("2024-04-04", "2024-04-06", "清明节"),
	worked("2024-04-07", "清明节调休上班"),
	worked("2024-04-28", "劳动节调休上班"),
	holiday("2024-05-01", "2024-05-05", "劳动节"),
	worked("2024-05-11", "劳动节调休上班"),
	holiday("2024-06-08", "2024-06-10", "端午节"),
	worked("2024-09-14", "中秋节调休上班"),
	holiday("2024-09-15", "2024-09-17", "中秋节"),
	worked("2024-09-29", "国庆节调休上班"),
	holiday("2024-10-01", "2024-10-07", "国庆节"),
	worked("2024-10-12", "国庆节调休上班"),
}}

// notices are the years the first migration seeded (see above for their
// sources); it must keep seeding exactly these.
var notices = []notice{
	{year: 2025, note: "依据《国务院办公厅关于2025年部分节假日安排的通知》（国办发明电〔2024〕12号）预置。", periods: []period{
		holiday("2025-01-01", "2025-01-01", "元旦"),
		worked("2025-01-26", "春节调休上班"),
		holiday("2025-01-28", "2025-02-04", "春节"),
		worked("2025-02-08", "春节调休上班"),
		holiday("2025-04-04", "2025-04-06", "清明节"),
		worked("2025-04-27", "劳动节调休上班"),
		holiday("2025-05-01", "2025-05-05", "劳动节"),
		holiday("2025-05-31", "2025-06-02", "端午节"),
		worked("2025-09-28", "国庆节、中秋节调休上班"),
		holiday("2025-10-01", "2025-10-08", "国庆节、中秋节"),
		worked("2025-10-11", "国庆节、中秋节调休上班"),
	}},
	{year: 2026, note: "依据《国务院办公厅关于2026年部分节假日安排的通知》（2025年11月4日发布）预置。", periods: []period{
		holiday("2026-01-01", "2026-01-03", "元旦"),
		worked("2026-01-04", "元旦调休上班"),
		worked("2026-02-14", "春节调休上班"),
		holiday("2026-02-15", "2026-02-23", "春节"),
		worked("2026-02-28", "春节调休上班"),
		holiday("2026-04-04", "2026-04-06", "清明节"),
		holiday("2026-05-01", "2026-05-05", "劳动节"),
		worked("2026-05-09", "劳动节调休上班"),
		holiday("2026-06-19", "2026-06-21", "端午节"),
		worked("2026-09-20", "国庆节调休上班"),
		holiday("2026-09-25", "2026-09-27", "中秋节"),
		holiday("2026-10-01", "2026-10-07", "国庆节"),
		worked("2026-10-10", "国庆节调休上班"),
	}},
	{year: 2027, note: "国务院办公厅2027年节假日安排通知尚未发布，仅预置了固定日期的法定节假日（元旦1月1日，劳动节5月1日至2日，" +
		"国庆节10月1日至3日）。春节、清明节、端午节、中秋节及全部调休安排，请在通知发布后按通知补录，并修改本说明。", periods: []period{
		holiday("2027-01-01", "2027-01-01", "元旦"),
		holiday("2027-05-01", "2027-05-02", "劳动节"),
		holiday("2027-10-01", "2027-10-03", "国庆节"),
	}},
}
