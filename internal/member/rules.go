package member

import (
	"fmt"
	"time"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// Rules of a member record, from ../shared/domain/RULES.md §2 (发展党员):
// an applicant is at least 18 years old; application, admission (入党) and
// full membership (转正) come in that order; a probationary member (预备党员)
// has no full-membership date yet; probation is one year from admission,
// an extension adds at least 6 months and at most a year. Breaking an order
// or the age rule is an error; an unusual probation length is only a warning,
// because old records and extensions make it legitimate.

// MinApplicantAge is the minimum age at the application (RULES.md §2).
const MinApplicantAge = 18

// RuleFacts are the parts of a record the rules look at.
type RuleFacts struct {
	BirthDate   Date
	AppliedOn   Date // 申请入党日期 (optional)
	JoinedOn    Date // 入党日期
	FullOn      Date // 转正日期
	PartyStatus string
}

// CheckRules applies RULES.md §2 as of today. It returns a 400 with a Chinese
// message for a broken rule, and warnings for allowed but unusual dates.
func CheckRules(f RuleFacts, today time.Time) (warnings []string, err error) {
	day := dateOf(today)
	for _, d := range []struct {
		v            Date
		field, label string
	}{{f.BirthDate, "birthDate", "出生日期"}, {f.AppliedOn, "appliedOn", "申请入党日期"}, {f.JoinedOn, "joinedOn", "入党日期"},
		{f.FullOn, "fullOn", "转正日期"}} {
		if d.v != "" && d.v.Time().After(day) {
			return nil, httpx.Invalid(d.field, "%s不能晚于今天", d.label)
		}
	}
	if f.BirthDate != "" {
		adult := f.BirthDate.Time().AddDate(MinApplicantAge, 0, 0)
		switch {
		case f.AppliedOn != "" && f.AppliedOn.Time().Before(adult):
			return nil, httpx.Invalid("appliedOn", "申请入党时须年满%d周岁（按出生日期，%s 才满%d周岁）", MinApplicantAge, adult.Format(DateLayout), MinApplicantAge)
		case f.AppliedOn == "" && f.JoinedOn != "" && f.JoinedOn.Time().Before(adult):
			return nil, httpx.Invalid("joinedOn", "入党时须年满%d周岁（按出生日期，%s 才满%d周岁）", MinApplicantAge, adult.Format(DateLayout), MinApplicantAge)
		}
	}
	if f.AppliedOn != "" && f.JoinedOn != "" && f.AppliedOn.Time().After(f.JoinedOn.Time()) {
		return nil, httpx.Invalid("appliedOn", "申请入党日期不能晚于入党日期")
	}
	if f.FullOn != "" {
		if f.PartyStatus == PartyProbation {
			return nil, httpx.Invalid("fullOn", "预备党员尚未转正，不能填写转正日期")
		}
		if f.JoinedOn == "" {
			return nil, httpx.Invalid("fullOn", "填写转正日期时须填写入党日期")
		}
		if f.FullOn.Time().Before(f.JoinedOn.Time()) {
			return nil, httpx.Invalid("fullOn", "转正日期不能早于入党日期")
		}
	}
	if f.JoinedOn == "" {
		return nil, nil
	}
	due := f.JoinedOn.Time().AddDate(1, 0, 0) // probation: one year
	latest := due.AddDate(1, 0, 0)            // plus an extension of at most one year
	switch {
	case f.FullOn != "" && f.FullOn.Time().Before(due):
		warnings = append(warnings, fmt.Sprintf("转正日期距入党日期不足一年（预备期一般为一年，应为 %s），请核对", due.Format(DateLayout)))
	case f.FullOn != "" && f.FullOn.Time().After(latest):
		warnings = append(warnings, "转正日期距入党日期超过两年（预备期一年，延长预备期最长一年），请核对")
	case f.FullOn != "" && f.FullOn.Time().After(due):
		warnings = append(warnings, fmt.Sprintf("转正日期晚于预备期满一年的日期（%s），如曾延长预备期请忽略", due.Format(DateLayout)))
	case f.PartyStatus == PartyProbation && day.After(due):
		warnings = append(warnings, fmt.Sprintf("预备期已于 %s 满一年，请及时讨论转正或延长预备期", due.Format(DateLayout)))
	}
	return warnings, nil
}

// OrgTypeHoldsMembers tells whether an organisation of type t (dictionary
// DZZ_LX) may hold member records: a branch (党支部), a branch directly
// under the committee (直属党支部), and a general branch (党总支, which may
// keep members of its own). Committees are made of branches and a party
// group (党小组) is a part of its branch, so neither holds member records.
func OrgTypeHoldsMembers(t string) bool {
	switch t {
	case org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch:
		return true
	}
	return false
}
