package jobs

import (
	"strings"
	"time"
	_ "time/tzdata" // Asia/Shanghai on hosts without a zoneinfo database

	"github.com/go-co-op/gocron/v2"

	"zhdj/internal/platform/httpx"
)

// Location is where schedules are read: "0 2 * * *" is 2:00 in China
// whatever the server's TZ is.
var Location = mustLoad("Asia/Shanghai")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// maxCron bounds the expression a page may store.
const maxCron = 100

// descriptors are the named schedules accepted besides the five fields.
var descriptors = map[string]bool{"@yearly": true, "@annually": true, "@monthly": true, "@weekly": true,
	"@daily": true, "@midnight": true, "@hourly": true}

// Schedule is a checked cron expression.
type Schedule struct {
	Expr string
	cron gocron.Cron
}

// ParseCron checks a cron expression as the page sends it: five fields
// "minute hour day-of-month month day-of-week" (gocron's standard syntax,
// read in Location) or a descriptor such as @daily. A time zone prefix and
// @every are refused: a tick must be the same instant on every instance, and
// @every counts from each instance's own start. Errors name the field "cron".
func ParseCron(expr string) (Schedule, error) {
	expr = strings.Join(strings.Fields(expr), " ")
	switch {
	case expr == "":
		return Schedule{}, httpx.Invalid("cron", "请输入 Cron 表达式")
	case len(expr) > maxCron:
		return Schedule{}, httpx.Invalid("cron", "Cron 表达式不能超过 %d 个字符", maxCron)
	case strings.HasPrefix(expr, "@every"):
		return Schedule{}, httpx.Invalid("cron", "不支持 @every，请使用“分 时 日 月 周”五段表达式")
	case strings.HasPrefix(expr, "@") && !descriptors[expr]:
		return Schedule{}, httpx.Invalid("cron", "不支持的 Cron 描述符“%s”", expr)
	case !strings.HasPrefix(expr, "@") && len(strings.Fields(expr)) != 5:
		return Schedule{}, httpx.Invalid("cron", "Cron 表达式应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00")
	}
	c := gocron.NewDefaultCron(false)
	if err := c.IsValid(expr, Location, time.Now()); err != nil {
		return Schedule{}, httpx.Invalid("cron", "Cron 表达式“%s”无效：应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00", expr)
	}
	return Schedule{Expr: expr, cron: c}, nil
}

// Next is the first tick after t.
func (s Schedule) Next(t time.Time) time.Time { return s.cron.Next(t) }

// Last is the latest tick not after t (the zero time when there is none in
// the last two years). Every instance computes the same instant for the same
// tick, which is what the lease is keyed on.
func (s Schedule) Last(t time.Time) time.Time {
	for span := time.Hour; span <= 2*366*24*time.Hour; span *= 4 {
		tick := s.cron.Next(t.Add(-span))
		if tick.IsZero() || tick.After(t) {
			continue
		}
		for {
			next := s.cron.Next(tick)
			if next.IsZero() || next.After(t) {
				return tick
			}
			tick = next
		}
	}
	return time.Time{}
}
