package develop_test

import (
	"testing"

	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
)

// 发展党员工作细则 第七条: 党组织应当在收到入党申请书后一个月内派人同入党
// 申请人谈话. One calendar month, read by the list (Config.dueOn, the
// record's due_on) and the rule (talkLateOn) alike: 31 January is due on
// 28 February in a common year and 29 February in a leap year; a talk the
// day before and the day of the deadline is in time, the day after late.
func TestTalkDeadline_Article7_OneCalendarMonth(t *testing.T) {
	cfg := develop.DefaultConfig()
	for _, c := range []struct {
		applied, due, before, after date.Date
	}{
		{"2026-01-31", "2026-02-28", "2026-02-27", "2026-03-01"}, // common year
		{"2028-01-31", "2028-02-29", "2028-02-28", "2028-03-01"}, // leap year
		{"2024-01-31", "2024-02-29", "2024-02-28", "2024-03-01"}, // leap year
		{"2026-01-28", "2026-02-28", "2026-02-27", "2026-03-01"},
		{"2026-03-31", "2026-04-30", "2026-04-29", "2026-05-01"},
		{"2026-12-15", "2027-01-15", "2027-01-14", "2027-01-16"},
	} {
		// The list: the talk's due date, wherever the record arrived at ② from.
		if got := cfg.DueOnForTests(develop.StepTalk, c.applied, c.applied.AddDays(3)); got != c.due {
			t.Errorf("第七条: applied %s, listed due %s, want %s", c.applied, got, c.due)
		}
		// The rule: in time the day before and the day of, late the day after.
		for on, wantLate := range map[date.Date]bool{c.before: false, c.due: false, c.after: true} {
			limit, late := cfg.Rules.TalkLateOnForTests(c.applied, on)
			if late != wantLate || limit != c.due {
				t.Errorf("第七条: applied %s, talk on %s: late %v (limit %s), want late %v (limit %s)",
					c.applied, on, late, limit, wantLate, c.due)
			}
		}
	}
	// Another setting moves both the same way: two months after 31 December is 28 February.
	cfg.Rules.TalkWithinMonths = 2
	if got := cfg.DueOnForTests(develop.StepTalk, "2025-12-31", "2026-01-02"); got != "2026-02-28" {
		t.Errorf("talkWithinMonths 2: due %s", got)
	}
	if _, late := cfg.Rules.TalkLateOnForTests("2025-12-31", "2026-03-01"); !late {
		t.Error("talkWithinMonths 2: a talk on 1 March is in time")
	}
}
