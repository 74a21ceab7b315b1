package org

import (
	"fmt"
	"time"

	"zhdj/internal/platform/date"
)

// The organisation rules of RULES.md §4 ("Organisations and organisation
// life"), in one place. Each has a test named after it (rules_test.go).
const (
	// BranchMinFullMembers: a branch needs at least 3 full members; with
	// fewer it should form a joint branch with neighbouring branches.
	BranchMinFullMembers = 3
	// BranchMaxMembers: a branch normally has at most 50 members.
	BranchMaxMembers = 50
	// GeneralBranchMaxMembers: an organisation of 100 or more members sets up
	// a grass-roots committee (党委); a general branch (党总支) that has
	// grown to it is reminded (≥ 50 members make a general branch, which
	// BranchMaxMembers already asks of a branch).
	GeneralBranchMaxMembers = 100
	// BranchCommitteeMinFull: a branch with 7 or more full members sets up
	// a branch committee (otherwise a secretary only).
	BranchCommitteeMinFull = 7
	// TermYearsBranch: branches and general branches are elected for 3 years.
	TermYearsBranch = 3
	// TermYearsCommittee: grass-roots committees are elected for 5 years.
	TermYearsCommittee = 5
	// DefaultTermReminderMonths: remind this long before a term expires
	// (the setting termReminderMonths; RULES.md: default 3 months).
	DefaultTermReminderMonths = 3
)

// Warning codes.
const (
	RuleBranchTooFewFull      = "BRANCH_TOO_FEW_FULL"      // < BranchMinFullMembers full members
	RuleBranchTooLarge        = "BRANCH_TOO_LARGE"         // > BranchMaxMembers members
	RuleBranchNeedsCommittee  = "BRANCH_NEEDS_COMMITTEE"   // ≥ BranchCommitteeMinFull full members, no committee
	RuleGeneralBranchTooLarge = "GENERAL_BRANCH_TOO_LARGE" // a general branch of ≥ GeneralBranchMaxMembers members
	RuleTermDue               = "TERM_DUE"                 // term ends within the reminder window
	RuleTermOverdue           = "TERM_OVERDUE"             // term ended, no new election recorded
)

// Warning is one rule an organisation breaks.
type Warning struct {
	OrgID   int64  `json:"orgId"`
	OrgName string `json:"orgName"`
	Rule    string `json:"rule"`
	Level   string `json:"level"` // "warning" or "error"
	Message string `json:"message"`
}

// Warnings checks o against the rules. counts are the members of the
// organisation itself plus those of its party groups (a 党小组 is part of
// its branch); today is the current date, reminderMonths the setting.
func Warnings(o *Org, counts MemberCounts, today date.Date, reminderMonths int) []Warning {
	var out []Warning
	add := func(rule, level, msg string) {
		out = append(out, Warning{OrgID: o.ID, OrgName: o.Name, Rule: rule, Level: level, Message: msg})
	}
	if !o.Live() {
		return nil
	}
	if IsBranch(o.Type) {
		if counts.Full < BranchMinFullMembers {
			add(RuleBranchTooFewFull, "warning", fmt.Sprintf("正式党员不足%d名，应与邻近支部成立联合党支部", BranchMinFullMembers))
		}
		if counts.Total > BranchMaxMembers {
			add(RuleBranchTooLarge, "warning", fmt.Sprintf("党员超过%d名，建议分设支部", BranchMaxMembers))
		}
		if counts.Full >= BranchCommitteeMinFull && len(o.Committee) == 0 {
			add(RuleBranchNeedsCommittee, "warning", fmt.Sprintf("正式党员%d名以上，应设立支部委员会", BranchCommitteeMinFull))
		}
	}
	if o.Type == TypeGeneralBranch && counts.Total >= GeneralBranchMaxMembers {
		add(RuleGeneralBranchTooLarge, "warning", fmt.Sprintf("党员达到%d名，应成立基层党委", GeneralBranchMaxMembers))
	}
	if o.Type != TypeGroup && o.TermStart != "" {
		end := o.TermStart.AddYears(o.TermYears)
		if reminderMonths <= 0 {
			reminderMonths = DefaultTermReminderMonths
		}
		switch {
		case end < today:
			add(RuleTermOverdue, "error", fmt.Sprintf("已到期未换届（任期已于%s届满）", end))
		case end <= date.Of(today.Time().AddDate(0, reminderMonths, 0)):
			add(RuleTermDue, "warning", fmt.Sprintf("任期将于%s届满，请及时换届", end))
		}
	}
	return out
}

// termWindowEnd is the date days after today (the termDueWithinDays filter).
func termWindowEnd(today date.Date, days int) date.Date {
	return date.Of(today.Time().Add(time.Duration(days) * 24 * time.Hour))
}
