package calendar

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// What the 工作日历 page reads and changes. The calendar is the whole
// university's: the permissions are the whole guard.

// Year is a year's note: where its days come from, what is still missing
// (table sys_calendar_year).
type Year struct {
	bun.BaseModel `bun:"table:sys_calendar_year,alias:cy"`
	Year          int       `bun:"year,pk" json:"year"`
	Note          string    `bun:"note" json:"note"`
	UpdatedAt     time.Time `bun:"updated_at" json:"updateTime"`
}

// YearView is GET /api/calendar: a year's marked days and its note.
type YearView struct {
	Year int    `json:"year"`
	Note string `json:"note"`
	Days []Day  `json:"days"`
}

// Limits of the texts.
const (
	maxName = 50
	maxNote = 500
)

// checkYear accepts the years a calendar page may show.
func checkYear(y int) error {
	if y < 1949 || y > 2200 {
		return httpx.Invalid("year", "年份应在1949到2200之间")
	}
	return nil
}

// Year reads a year's marked days, in date order, and its note.
func (c *Calendar) Year(ctx context.Context, year int) (YearView, error) {
	if err := checkYear(year); err != nil {
		return YearView{}, err
	}
	out := YearView{Year: year, Days: []Day{}}
	from, to := date.Date(strconv.Itoa(year)+"-01-01"), date.Date(strconv.Itoa(year)+"-12-31")
	if err := c.db.NewSelect().Model(&out.Days).Where("day >= ?", from).Where("day <= ?", to).
		OrderExpr("day").Scan(ctx); err != nil {
		return out, httpx.Internal(err)
	}
	if err := c.db.NewSelect().Model((*Year)(nil)).Column("note").Where("year = ?", year).Scan(ctx, &out.Note); err != nil &&
		!errors.Is(err, sql.ErrNoRows) {
		return out, httpx.Internal(err)
	}
	return out, nil
}

// DayInput is the body of PUT /api/calendar/day: kind "" returns the date
// to the weekday rule.
type DayInput struct {
	Date date.Date `json:"date"`
	Kind string    `json:"kind"`
	Name string    `json:"name"`
}

// SetDay marks a date as a holiday or a 调休 workday, or unmarks it.
func (c *Calendar) SetDay(ctx context.Context, in DayInput) error {
	d, ok := date.Parse(string(in.Date))
	if !ok || d == "" {
		return httpx.Invalid("date", "请选择日期")
	}
	if err := checkYear(d.Time().Year()); err != nil {
		return httpx.Invalid("date", "日期应在1949年到2200年之间")
	}
	in.Name = strings.TrimSpace(in.Name)
	wd := d.Time().Weekday()
	weekend := wd == time.Saturday || wd == time.Sunday
	switch in.Kind {
	case "":
	case Holiday:
		if in.Name == "" {
			return httpx.Invalid("name", "请输入节假日名称，如“国庆节”")
		}
	case Workday:
		if !weekend {
			return httpx.Invalid("kind", "%s是周一至周五，本来就是工作日，无需标为调休上班", d)
		}
		if in.Name == "" {
			in.Name = "调休上班"
		}
	default:
		return httpx.Invalid("kind", "类型只能是节假日（holiday）、调休上班（workday）或恢复默认（空）")
	}
	if utf8.RuneCountInString(in.Name) > maxName {
		return httpx.Invalid("name", "名称不能超过%d个字", maxName)
	}
	return c.edit(ctx, func(tx bun.Tx) error {
		if in.Kind == "" {
			_, err := tx.NewDelete().Model((*Day)(nil)).Where("day = ?", d).Exec(ctx)
			return err
		}
		row := &Day{Date: d, Kind: in.Kind, Name: in.Name, UpdatedBy: userOf(ctx), UpdatedAt: c.now()}
		_, err := tx.NewInsert().Model(row).On("CONFLICT (day) DO UPDATE").Set("kind = EXCLUDED.kind").
			Set("name = EXCLUDED.name").Set("provisional = EXCLUDED.provisional").Set("updated_by = EXCLUDED.updated_by").Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
		return err
	})
}

// NoteInput is the body of PUT /api/calendar/year.
type NoteInput struct {
	Year int    `json:"year"`
	Note string `json:"note"`
}

// SetNote replaces a year's note.
func (c *Calendar) SetNote(ctx context.Context, in NoteInput) error {
	if err := checkYear(in.Year); err != nil {
		return err
	}
	in.Note = strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(in.Note) > maxNote {
		return httpx.Invalid("note", "说明不能超过%d个字", maxNote)
	}
	_, err := c.db.NewInsert().Model(&Year{Year: in.Year, Note: in.Note, UpdatedAt: c.now()}).
		On("CONFLICT (year) DO UPDATE").Set("note = EXCLUDED.note").Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// edit runs change and bumps the version in one transaction, then drops
// this instance's cache (the others see the new version).
func (c *Calendar) edit(ctx context.Context, change func(tx bun.Tx) error) error {
	err := db.InTx(ctx, c.db, func(ctx context.Context, tx bun.Tx) error {
		if err := change(tx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Table("sys_calendar_version").Set("version = version + 1").Where("id = 1").Exec(ctx)
		return err
	})
	c.forget()
	return httpx.AsError(err)
}

func userOf(ctx context.Context) *int64 {
	if p := rbac.From(ctx); p != nil {
		return &p.UserID
	}
	return nil
}

// Routes registers the 工作日历 page's endpoints.
func (c *Calendar) Routes(rs *httpx.Routes) {
	rs = rs.In("工作日历")
	rs.Get("/api/calendar", PermList, "查询", func(w http.ResponseWriter, r *http.Request) error {
		year, err := strconv.Atoi(r.URL.Query().Get("year"))
		if err != nil {
			return httpx.Invalid("year", "请指定年份")
		}
		v, err := c.Year(r.Context(), year)
		if err != nil {
			return err
		}
		return httpx.OK(w, v)
	})
	rs.Put("/api/calendar/day", PermEdit, "设置日期", httpx.Update(c.SetDay))
	rs.Put("/api/calendar/year", PermEdit, "修改年度说明", httpx.Update(c.SetNote))
}
