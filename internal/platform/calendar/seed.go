package calendar

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// Migrations creates the calendar's tables and seeds 2025–2027.
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
			for _, p := range n.periods {
				for d := date.MustParse(p.from); d <= date.MustParse(p.to); d = d.AddDays(1) {
					days = append(days, Day{Date: d, Kind: p.kind, Name: p.name, UpdatedAt: now})
				}
			}
			if _, err := tx.NewInsert().Model(&Year{Year: n.year, Note: n.note, UpdatedAt: now}).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := tx.NewInsert().Model(&days).Exec(ctx)
		return err
	}}}
}

// notice is one year's arrangement as the State Council's notice gives it.
type notice struct {
	year    int
	note    string
	periods []period
}

// period is a run of days of one kind, both ends included.
type period struct {
	from, to, kind, name string
}

func holiday(from, to, name string) period { return period{from, to, Holiday, name} }
func worked(day, name string) period       { return period{day, day, Workday, name} }

// notices are the seeded years. 2025 and 2026 follow the published notices
// (国办发明电〔2024〕12号 of 12 November 2024; the notice of 4 November 2025).
// The 2027 notice is not published yet: only the fixed-date statutory
// holidays of 《全国年节及纪念日放假办法》 are seeded, and the page says so.
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
