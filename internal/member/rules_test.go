package member_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
)

// RULES.md §2 (发展党员): applicant ≥ 18; application ≤ admission ≤ full
// membership; a probationary member has no full-membership date; probation
// is one year, an extension at most one more (unusual lengths only warn).
func TestCheckRulesRULES2(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	full, prob := member.PartyFull, member.PartyProbation
	cases := []struct {
		name   string
		f      member.RuleFacts
		errMsg string // substring of the 400 message; "" = valid
		warn   string // substring of a warning; "" = no warning
	}{
		{name: "§2 regular full member", f: member.RuleFacts{BirthDate: "1990-05-01", AppliedOn: "2010-03-01", JoinedOn: "2011-06-30", FullOn: "2012-06-30", PartyStatus: full}},
		{name: "§2 applicant exactly 18", f: member.RuleFacts{BirthDate: "2000-05-01", AppliedOn: "2018-05-01", JoinedOn: "2019-06-01", PartyStatus: full, FullOn: "2020-06-01"}},
		{name: "§2 applicant one day short of 18", f: member.RuleFacts{BirthDate: "2000-05-01", AppliedOn: "2018-04-30", JoinedOn: "2019-06-01", PartyStatus: prob}, errMsg: "申请入党时须年满18周岁"},
		{name: "§2 no application date: joined under 18", f: member.RuleFacts{BirthDate: "2000-05-01", JoinedOn: "2017-06-01", PartyStatus: prob}, errMsg: "入党时须年满18周岁"},
		{name: "§2 application after admission", f: member.RuleFacts{AppliedOn: "2020-01-02", JoinedOn: "2020-01-01", PartyStatus: prob}, errMsg: "申请入党日期不能晚于入党日期"},
		{name: "§2 full membership before admission", f: member.RuleFacts{JoinedOn: "2020-01-01", FullOn: "2019-12-31", PartyStatus: full}, errMsg: "转正日期不能早于入党日期"},
		{name: "§2 probationary member with a full date", f: member.RuleFacts{JoinedOn: "2020-01-01", FullOn: "2021-01-01", PartyStatus: prob}, errMsg: "预备党员尚未转正"},
		{name: "§2 full date without admission date", f: member.RuleFacts{FullOn: "2021-01-01", PartyStatus: full}, errMsg: "须填写入党日期"},
		{name: "dates in the future", f: member.RuleFacts{JoinedOn: "2026-11-23", PartyStatus: prob}, errMsg: "入党日期不能晚于今天"},
		{name: "§2 probation shorter than a year warns", f: member.RuleFacts{JoinedOn: "2020-01-01", FullOn: "2020-10-01", PartyStatus: full}, warn: "不足一年"},
		{name: "§2 extended probation warns", f: member.RuleFacts{JoinedOn: "2020-01-01", FullOn: "2021-07-01", PartyStatus: full}, warn: "延长预备期"},
		{name: "§2 probation over two years warns", f: member.RuleFacts{JoinedOn: "2020-01-01", FullOn: "2022-01-02", PartyStatus: full}, warn: "超过两年"},
		{name: "§2 probation due warns", f: member.RuleFacts{JoinedOn: "2025-11-01", PartyStatus: prob}, warn: "满一年"},
		{name: "§2 probation running", f: member.RuleFacts{JoinedOn: "2026-01-01", PartyStatus: prob}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			warnings, err := member.CheckRules(c.f, today)
			if c.errMsg != "" {
				var he *httpx.Error
				if !errors.As(err, &he) || he.Status != 400 || !strings.Contains(he.Message, c.errMsg) {
					t.Fatalf("got %v, want 400 containing %q", err, c.errMsg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			joined := strings.Join(warnings, "|")
			if (c.warn == "") != (len(warnings) == 0) || !strings.Contains(joined, c.warn) {
				t.Fatalf("warnings %q, want one containing %q", warnings, c.warn)
			}
		})
	}
}

// Members belong to branches, general branches and branches directly under
// the committee (RULES.md §4), never to a committee or a party group.
func TestOrgTypeHoldsMembers(t *testing.T) {
	t.Parallel()
	for typ, want := range map[string]bool{"1": false, "2": false, "3": true, "4": true, "5": true, "6": false, "": false} {
		if member.OrgTypeHoldsMembers(typ) != want {
			t.Errorf("type %q: %v", typ, !want)
		}
	}
}
