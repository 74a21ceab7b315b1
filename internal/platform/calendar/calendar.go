// Package calendar is the working-day calendar (工作日历): which dates are
// public holidays and which weekend days are worked (调休), as data the
// 工作日历 page edits, seeded from the State Council's yearly notices. Rules
// counted in working days (a public notice of at least 5 working days) ask
// IsWorkday, AddWorkdays and WorkdaysBetween, or take one Days snapshot for
// a batch.
package calendar

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Kinds of a marked day. An unmarked day is a working day from Monday to
// Friday and a rest day on Saturday and Sunday.
const (
	Holiday = "holiday" // 法定节假日 or a day off of the holiday arrangement
	Workday = "workday" // 调休上班: a weekend day worked
)

// Permissions of the 工作日历 page's routes.
const (
	PermList = "calendar:list"
	PermEdit = "calendar:edit"
)

// maxSpan bounds the days a single call walks (twenty years), so a wrong
// argument cannot keep a request busy.
const maxSpan = 20 * 366

// Day is a marked date (table sys_calendar_day).
type Day struct {
	bun.BaseModel `bun:"table:sys_calendar_day,alias:cd"`
	Date          date.Date `bun:"day,pk" json:"date"`
	Kind          string    `bun:"kind" json:"kind"`
	Name          string    `bun:"name" json:"name"`
	// Provisional marks a day seeded before its year's notice was published
	// (2027's fixed-date holidays): the year does not count as entered until
	// a day of it is marked by hand (see YearReminder).
	Provisional bool      `bun:"provisional" json:"provisional"`
	UpdatedBy   *int64    `bun:"updated_by" json:"-"`
	UpdatedAt   time.Time `bun:"updated_at" json:"updateTime"`
}

// Calendar reads the marked days, cached per version: every edit bumps
// sys_calendar_version in its transaction, so an instance notices another's
// edit at its next call (one small query) and reloads.
type Calendar struct {
	db  *bun.DB
	now func() time.Time

	mu     sync.Mutex
	cached *Days
}

// New builds the calendar on a migrated database.
func New(db *bun.DB) *Calendar {
	return &Calendar{db: db, now: func() time.Time { return time.Now().UTC() }}
}

// Days is the calendar at one version: answers without queries.
type Days struct {
	version int64
	marks   map[date.Date]string
}

// Snapshot is the calendar as it stands: one query when nothing changed
// since the last call, two when it did.
func (c *Calendar) Snapshot(ctx context.Context) (*Days, error) {
	var version int64
	if err := c.db.NewSelect().Table("sys_calendar_version").Column("version").Where("id = 1").Scan(ctx, &version); err != nil {
		return nil, fmt.Errorf("calendar version: %w", err)
	}
	c.mu.Lock()
	cached := c.cached
	c.mu.Unlock()
	if cached != nil && cached.version == version {
		return cached, nil
	}
	var rows []Day
	if err := c.db.NewSelect().Model(&rows).Column("day", "kind").Scan(ctx); err != nil {
		return nil, fmt.Errorf("calendar days: %w", err)
	}
	d := &Days{version: version, marks: make(map[date.Date]string, len(rows))}
	for _, r := range rows {
		d.marks[r.Date] = r.Kind
	}
	c.mu.Lock()
	// Days read with a version an edit overtook are tagged with the older
	// version, so the next call reloads them.
	if c.cached == nil || c.cached.version <= version {
		c.cached = d
	}
	c.mu.Unlock()
	return d, nil
}

// forget drops the cache after a local edit.
func (c *Calendar) forget() {
	c.mu.Lock()
	c.cached = nil
	c.mu.Unlock()
}

// IsWorkday tells whether d is a working day.
func (c *Calendar) IsWorkday(ctx context.Context, d date.Date) (bool, error) {
	days, err := c.Snapshot(ctx)
	if err != nil {
		return false, err
	}
	return days.IsWorkday(d), nil
}

// AddWorkdays is the date n working days after d (before it when n < 0).
func (c *Calendar) AddWorkdays(ctx context.Context, d date.Date, n int) (date.Date, error) {
	days, err := c.Snapshot(ctx)
	if err != nil {
		return "", err
	}
	return days.AddWorkdays(d, n)
}

// WorkdaysBetween counts the working days from a to b, both included.
func (c *Calendar) WorkdaysBetween(ctx context.Context, a, b date.Date) (int, error) {
	days, err := c.Snapshot(ctx)
	if err != nil {
		return 0, err
	}
	return days.WorkdaysBetween(a, b)
}

// IsWorkday tells whether d is a working day: a marked day as marked,
// otherwise Monday to Friday.
func (ds *Days) IsWorkday(d date.Date) bool {
	switch ds.marks[d] {
	case Holiday:
		return false
	case Workday:
		return true
	}
	wd := d.Time().Weekday()
	return wd != time.Saturday && wd != time.Sunday
}

// AddWorkdays is the date reached by counting n working days after d (d
// itself not counted; before d when n < 0; d when n is 0). A 公示 of five
// working days starting on the day after d ends on AddWorkdays(d, 5).
func (ds *Days) AddWorkdays(d date.Date, n int) (date.Date, error) {
	t, ok := valid(d)
	if !ok {
		return "", fmt.Errorf("calendar: bad date %q", d)
	}
	if n > maxSpan/2 || n < -maxSpan/2 {
		return "", fmt.Errorf("calendar: %d working days is beyond the calendar's range", n)
	}
	step := 1
	if n < 0 {
		step, n = -1, -n
	}
	for n > 0 {
		t = t.AddDate(0, 0, step)
		if ds.IsWorkday(date.Of(t)) {
			n--
		}
	}
	return date.Of(t), nil
}

// WorkdaysBetween counts the working days d with a ≤ d ≤ b (0 when b is
// before a).
func (ds *Days) WorkdaysBetween(a, b date.Date) (int, error) {
	ta, okA := valid(a)
	tb, okB := valid(b)
	if !okA || !okB {
		return 0, fmt.Errorf("calendar: bad dates %q, %q", a, b)
	}
	if tb.Sub(ta) > maxSpan*24*time.Hour {
		return 0, fmt.Errorf("calendar: %s to %s is beyond the calendar's range", a, b)
	}
	n := 0
	for t := ta; !t.After(tb); t = t.AddDate(0, 0, 1) {
		if ds.IsWorkday(date.Of(t)) {
			n++
		}
	}
	return n, nil
}

// valid parses a date that is not empty.
func valid(d date.Date) (time.Time, bool) {
	t, err := time.Parse(date.Layout, string(d))
	return t, err == nil
}
