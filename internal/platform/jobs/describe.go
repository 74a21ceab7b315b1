package jobs

import (
	"fmt"
	"strconv"
	"strings"
)

// Describe turns a cron expression (as ParseCron accepts it) into the
// schedule people read on the 定时任务 page: "每天 02:00", "每周一 08:00",
// "每月1日 03:00", "每 10 分钟". What it cannot put into words (names such as
// MON, L, ranges with steps …) comes back as the expression itself with a
// note, never as a wrong sentence.
func Describe(expr string) string {
	expr = strings.Join(strings.Fields(expr), " ")
	if d, ok := descriptorFields[expr]; ok {
		expr = d
	}
	if text, ok := describe(expr); ok {
		return text
	}
	return fmt.Sprintf("按 Cron 表达式 %s 执行", expr)
}

// descriptorFields are the named schedules as five fields (gocron's meaning).
var descriptorFields = map[string]string{
	"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
	"@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
}

// cronField is one parsed field: every value (*), a step from the start
// (*/n), or a list of values and ranges.
type cronField struct {
	any   bool
	step  int
	spans []span
}

type span struct{ lo, hi int }

func (f cronField) single() (int, bool) {
	if len(f.spans) == 1 && f.spans[0].lo == f.spans[0].hi {
		return f.spans[0].lo, true
	}
	return 0, false
}

// values are the field's values in order (a list or a step expanded).
func (f cronField) values(lo, hi int) []int {
	var out []int
	switch {
	case f.step > 0:
		for v := lo; v <= hi; v += f.step {
			out = append(out, v)
		}
	default:
		for _, s := range f.spans {
			for v := s.lo; v <= s.hi; v++ {
				out = append(out, v)
			}
		}
	}
	return out
}

// parseField reads one field whose values lie in [lo, hi]; false for what
// Describe does not put into words.
func parseField(s string, lo, hi int) (cronField, bool) {
	if s == "*" {
		return cronField{any: true}, true
	}
	if n, ok := strings.CutPrefix(s, "*/"); ok {
		step, err := strconv.Atoi(n)
		if err != nil || step < 1 || step > hi {
			return cronField{}, false
		}
		if step == 1 {
			return cronField{any: true}, true
		}
		return cronField{step: step}, true
	}
	var f cronField
	for _, item := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(item, "-")
		from, err1 := strconv.Atoi(a)
		to, err2 := from, error(nil)
		if isRange {
			to, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || from < lo || to > hi || from > to {
			return cronField{}, false
		}
		f.spans = append(f.spans, span{from, to})
	}
	return f, true
}

func describe(expr string) (string, bool) {
	parts := strings.Fields(expr)
	if len(parts) != 5 {
		return "", false
	}
	minute, ok1 := parseField(parts[0], 0, 59)
	hour, ok2 := parseField(parts[1], 0, 23)
	dom, ok3 := parseField(parts[2], 1, 31)
	month, ok4 := parseField(parts[3], 1, 12)
	dow, ok5 := parseField(parts[4], 0, 7)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
		return "", false
	}
	days, ok := dayPhrase(dom, month, dow)
	if !ok {
		return "", false
	}
	clock, at, ok := timePhrase(minute, hour)
	if !ok {
		return "", false
	}
	switch {
	case at: // a time of day: "每天 02:00"
		return days + " " + clock, true
	case days == "每天":
		return clock, true
	}
	return days + "，" + clock, true
}

// timePhrase is the time within a day; at tells whether it names times of
// day (02:00) rather than a frequency (每 10 分钟).
func timePhrase(minute, hour cronField) (text string, at bool, ok bool) {
	m, oneMinute := minute.single()
	switch {
	case minute.any && hour.any:
		return "每分钟", false, true
	case minute.step > 0 && hour.any:
		return fmt.Sprintf("每 %d 分钟", minute.step), false, true
	case hour.any:
		if oneMinute {
			return "每小时" + minuteOfHour(m), false, true
		}
		return "每小时" + "第 " + joinInts(minute.values(0, 59), "、") + " 分", false, true
	case hour.step > 0:
		if !oneMinute {
			return "", false, false
		}
		return fmt.Sprintf("每 %d 小时", hour.step) + minuteOfHour(m), false, true
	}
	// Hours listed or in ranges.
	hours := hour.values(0, 23)
	if minute.any || minute.step > 0 {
		if len(hour.spans) != 1 {
			return "", false, false
		}
		every := "每分钟"
		if minute.step > 0 {
			every = fmt.Sprintf("每 %d 分钟", minute.step)
		}
		return fmt.Sprintf("%d 时至 %d 时%s", hour.spans[0].lo, hour.spans[0].hi, every), false, true
	}
	minutes := minute.values(0, 59)
	if len(hours)*len(minutes) <= 6 {
		var times []string
		for _, h := range hours {
			for _, mm := range minutes {
				times = append(times, fmt.Sprintf("%02d:%02d", h, mm))
			}
		}
		return strings.Join(times, "、"), true, true
	}
	if oneMinute && len(hour.spans) == 1 {
		return fmt.Sprintf("%02d:%02d 至 %02d:%02d 每小时一次", hour.spans[0].lo, m, hour.spans[0].hi, m), false, true
	}
	return "", false, false
}

func minuteOfHour(m int) string {
	if m == 0 {
		return "整点"
	}
	return fmt.Sprintf("第 %d 分", m)
}

var weekdayNames = []string{"日", "一", "二", "三", "四", "五", "六", "日"}

// dayPhrase is which days: 每天, 每周一至周五, 每月1日, 每年1月1日 …
func dayPhrase(dom, month, dow cronField) (string, bool) {
	var inMonth string // the days within a month
	switch {
	case dom.any && dow.any:
		inMonth = "每天"
	case dom.any:
		w, ok := weekdays(dow)
		if !ok {
			return "", false
		}
		inMonth = "每周" + w
	case dow.any:
		d, ok := monthDays(dom)
		if !ok {
			return "", false
		}
		inMonth = d
	default: // cron runs on either: the days of the month and the weekdays
		d, ok1 := monthDays(dom)
		w, ok2 := weekdays(dow)
		if !ok1 || !ok2 {
			return "", false
		}
		inMonth = d + "及每周" + w
	}
	if month.any {
		if inMonth == "每天" || strings.HasPrefix(inMonth, "每周") {
			return inMonth, true
		}
		return "每月" + inMonth, true
	}
	var names []string
	for _, v := range month.values(1, 12) {
		names = append(names, fmt.Sprintf("%d月", v))
	}
	months := strings.Join(names, "、")
	switch {
	case inMonth == "每天" || strings.HasPrefix(inMonth, "每周"):
		return "每年" + months + inMonth, true
	case len(names) == 1:
		return "每年" + months + inMonth, true
	}
	return "每年" + months + "的" + inMonth, true
}

// monthDays names days of the month: 1日, 1日、15日, 1日至5日, 每 2 天.
func monthDays(dom cronField) (string, bool) {
	if dom.step > 0 {
		return "", false
	}
	var parts []string
	for _, s := range dom.spans {
		if s.lo == s.hi {
			parts = append(parts, fmt.Sprintf("%d日", s.lo))
		} else {
			parts = append(parts, fmt.Sprintf("%d日至%d日", s.lo, s.hi))
		}
	}
	return strings.Join(parts, "、"), true
}

// weekdays names days of the week after 每周: 一, 一至周五, 一、周三.
func weekdays(dow cronField) (string, bool) {
	if dow.step > 0 {
		return "", false
	}
	var parts []string
	for _, s := range dow.spans {
		if s.lo == s.hi {
			parts = append(parts, weekdayNames[s.lo])
		} else {
			parts = append(parts, weekdayNames[s.lo]+"至周"+weekdayNames[s.hi])
		}
	}
	return strings.Join(parts, "、周"), true
}

func joinInts(vs []int, sep string) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, sep)
}
