package org_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// Each test here names a rule of ../shared/domain/RULES.md §4
// ("Organisations and organisation life") and checks org.Warnings on it.

var ruleToday = date.Date("2026-11-23")

func branch(committee ...string) *org.Org {
	return &org.Org{ID: 1, Name: "测试党支部", Type: org.TypeBranch, Status: org.StatusNormal, TermYears: 3, Committee: committee}
}

func rules(ws []org.Warning) map[string]string {
	out := map[string]string{}
	for _, w := range ws {
		out[w.Rule] = w.Message
	}
	return out
}

// RULES.md §4: "A branch needs ≥ 3 full members (fewer → joint branch, ≤ 5 units)".
func TestRule4_BranchNeedsThreeFullMembers(t *testing.T) {
	t.Parallel()
	got := rules(org.Warnings(branch(), org.MemberCounts{Total: 6, Full: 2}, ruleToday, 3))
	if got[org.RuleBranchTooFewFull] != "正式党员不足3名，应与邻近支部成立联合党支部" {
		t.Fatalf("2 full members: %v", got)
	}
	// Probationary members do not count: 3 full of 3 is enough.
	if got := rules(org.Warnings(branch(), org.MemberCounts{Total: 3, Full: 3}, ruleToday, 3)); got[org.RuleBranchTooFewFull] != "" {
		t.Fatalf("3 full members: %v", got)
	}
	// 直属党支部 is a branch too; a 党总支 or 党委 is not held to it.
	db := branch()
	db.Type = org.TypeDirectBranch
	if got := rules(org.Warnings(db, org.MemberCounts{}, ruleToday, 3)); got[org.RuleBranchTooFewFull] == "" {
		t.Fatalf("direct branch: %v", got)
	}
	gb := branch()
	gb.Type = org.TypeGeneralBranch
	if got := org.Warnings(gb, org.MemberCounts{}, ruleToday, 3); len(got) != 0 {
		t.Fatalf("general branch: %v", got)
	}
	// A revoked branch breaks no rule.
	rv := branch()
	rv.Status = org.StatusRevoked
	if got := org.Warnings(rv, org.MemberCounts{}, ruleToday, 3); len(got) != 0 {
		t.Fatalf("revoked: %v", got)
	}
	if org.BranchMinFullMembers != 3 {
		t.Fatal(org.BranchMinFullMembers)
	}
}

// RULES.md §4: "a branch normally ≤ 50 members".
func TestRule4_BranchNormallyAtMostFiftyMembers(t *testing.T) {
	t.Parallel()
	com := branch("甲", "乙", "丙")
	if got := rules(org.Warnings(com, org.MemberCounts{Total: 50, Full: 40}, ruleToday, 3)); got[org.RuleBranchTooLarge] != "" {
		t.Fatalf("50 members: %v", got)
	}
	if got := rules(org.Warnings(com, org.MemberCounts{Total: 51, Full: 40}, ruleToday, 3)); got[org.RuleBranchTooLarge] != "党员超过50名，建议分设支部" {
		t.Fatalf("51 members: %v", got)
	}
}

// RULES.md §4: "≥ 50 members → general branch (总支); ≥ 100 → grass-roots
// committee (党委)": a general branch that reached 100 members is reminded
// to become a committee (a branch over 50 is BranchNormallyAtMostFiftyMembers).
func TestRule4_HundredMembersMakeACommittee(t *testing.T) {
	t.Parallel()
	gb := &org.Org{ID: 3, Name: "测试党总支", Type: org.TypeGeneralBranch, Status: org.StatusNormal, TermYears: 3}
	if got := org.Warnings(gb, org.MemberCounts{Total: 99, Full: 90}, ruleToday, 3); len(got) != 0 {
		t.Fatalf("99 members: %v", got)
	}
	if got := rules(org.Warnings(gb, org.MemberCounts{Total: 100, Full: 90}, ruleToday, 3)); got[org.RuleGeneralBranchTooLarge] != "党员达到100名，应成立基层党委" {
		t.Fatalf("100 members: %v", got)
	}
	// A committee of any size is already one.
	c := &org.Org{ID: 4, Name: "测试二级党委", Type: org.TypeSecondaryCommittee, Status: org.StatusNormal, TermYears: 5}
	if got := org.Warnings(c, org.MemberCounts{Total: 500, Full: 450}, ruleToday, 3); len(got) != 0 {
		t.Fatalf("committee: %v", got)
	}
}

// RULES.md §4: "≥ 7 full members → branch committee of 3–5 (≤ 7); otherwise a secretary only".
func TestRule4_SevenFullMembersNeedABranchCommittee(t *testing.T) {
	t.Parallel()
	if got := rules(org.Warnings(branch(), org.MemberCounts{Total: 8, Full: 6}, ruleToday, 3)); got[org.RuleBranchNeedsCommittee] != "" {
		t.Fatalf("6 full members: %v", got)
	}
	if got := rules(org.Warnings(branch(), org.MemberCounts{Total: 8, Full: 7}, ruleToday, 3)); got[org.RuleBranchNeedsCommittee] != "正式党员7名以上，应设立支部委员会" {
		t.Fatalf("7 full members, no committee: %v", got)
	}
	if got := rules(org.Warnings(branch("甲", "乙", "丙"), org.MemberCounts{Total: 8, Full: 7}, ruleToday, 3)); len(got) != 0 {
		t.Fatalf("7 full members with a committee: %v", got)
	}
}

// RULES.md §4: "Terms: branches and general branches 3 years, grass-roots committees 5 years".
func TestRule4_TermLengthByType(t *testing.T) {
	t.Parallel()
	want := map[string]int{org.TypeCommittee: 5, org.TypeSecondaryCommittee: 5, org.TypeGeneralBranch: 3,
		org.TypeDirectBranch: 3, org.TypeBranch: 3}
	for typ, years := range want {
		if got := org.DefaultTermYears(typ); got != years {
			t.Errorf("type %s: %d years, want %d", typ, got, years)
		}
	}
}

// RULES.md §4: "Remind before a term expires (setting, default 3 months)".
func TestRule4_RemindBeforeTheTermExpires(t *testing.T) {
	t.Parallel()
	b := branch("甲", "乙", "丙")
	counts := org.MemberCounts{Total: 5, Full: 5}
	b.TermStart = "2023-12-20" // ends 2026-12-20, within 3 months of 2026-11-23
	got := rules(org.Warnings(b, counts, ruleToday, org.DefaultTermReminderMonths))
	if got[org.RuleTermDue] != "任期将于2026-12-20届满，请及时换届" {
		t.Fatalf("due: %v", got)
	}
	// The window is the setting.
	b.TermStart = "2024-02-22" // ends 2027-02-22: a day inside the 3-month window
	if got := rules(org.Warnings(b, counts, ruleToday, 3)); got[org.RuleTermDue] == "" {
		t.Fatalf("edge of the window: %v", got)
	}
	if got := rules(org.Warnings(b, counts, ruleToday, 2)); len(got) != 0 {
		t.Fatalf("2-month window: %v", got)
	}
	// A committee's term is 5 years.
	c := &org.Org{ID: 2, Name: "党委", Type: org.TypeCommittee, Status: org.StatusNormal, TermYears: 5, TermStart: "2022-06-01"}
	if got := org.Warnings(c, org.MemberCounts{}, ruleToday, 3); len(got) != 0 {
		t.Fatalf("committee mid-term: %v", got)
	}
	c.TermStart = "2021-12-31"
	if got := rules(org.Warnings(c, org.MemberCounts{}, ruleToday, 3)); got[org.RuleTermDue] == "" {
		t.Fatalf("committee due: %v", got)
	}
	// No term start recorded: nothing to remind of.
	b.TermStart = ""
	if got := org.Warnings(b, counts, ruleToday, 3); len(got) != 0 {
		t.Fatalf("no term: %v", got)
	}
}

// RULES.md §4: terms expire; extension needs approval — an expired term is
// flagged as overdue ("已到期未换届").
func TestRule4_OverdueTerm(t *testing.T) {
	t.Parallel()
	b := branch("甲", "乙", "丙")
	b.TermStart = "2023-11-22" // ended 2026-11-22, yesterday
	ws := org.Warnings(b, org.MemberCounts{Total: 5, Full: 5}, ruleToday, 3)
	if len(ws) != 1 || ws[0].Rule != org.RuleTermOverdue || !strings.HasPrefix(ws[0].Message, "已到期未换届") || ws[0].Level != "error" {
		t.Fatalf("overdue: %+v", ws)
	}
	b.TermStart = "2023-11-23" // ends today: due, not overdue
	if got := rules(org.Warnings(b, org.MemberCounts{Total: 5, Full: 5}, ruleToday, 3)); got[org.RuleTermDue] == "" || got[org.RuleTermOverdue] != "" {
		t.Fatalf("ends today: %v", got)
	}
}

// The relations page shows each rule for the organisations that break it,
// counts a branch's party groups with the branch, and follows the setting.
func TestRelationsWarningsPerRule(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	day := func(years, months, days int) string {
		return time.Now().AddDate(years, months, days).Format("2006-01-02")
	}
	big := e.create("大党支部", org.TypeBranch, tr.B, body{"committee": []string{"甲", "乙", "丙"}})
	noCom := e.create("无支委党支部", org.TypeBranch, tr.B)
	due := e.create("将换届党支部", org.TypeBranch, tr.B, body{"termStart": day(-3, 1, 10), "committee": []string{"甲"}})
	overdue := e.create("超期党支部", org.TypeBranch, tr.B, body{"termStart": day(-3, 0, -10), "committee": []string{"甲"}})
	e.fake.set(tr.A1, 1, 1) // + G1 below: 3 full in all → fine
	e.fake.set(tr.G1, 2, 2)
	e.fake.set(tr.A2, 4, 2) // 2 full → too few
	e.fake.set(tr.B1, 5, 5)
	e.fake.set(big, 51, 45)
	e.fake.set(noCom, 9, 7)
	e.fake.set(due, 5, 5)
	e.fake.set(overdue, 5, 5)

	type rel struct {
		ID         int64
		UnitName   string
		ParentName string
		TotalCount int
		Leads      []struct {
			Type, TypeLabel string
			Count           int
			Orgs            []struct{ ID int64 }
		}
		Warnings []struct{ Rule, Message string }
	}
	var page struct {
		Content       []rel
		TotalElements int
		Warnings      []struct {
			OrgID         int64
			Rule, Message string
		}
	}
	res := e.Do("GET", "/api/dzzxx/relations?size=100", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &page)
	byID := map[int64]rel{}
	for _, r := range page.Content {
		byID[r.ID] = r
	}
	ruleOf := func(id int64) string {
		var rs []string
		for _, w := range byID[id].Warnings {
			rs = append(rs, w.Rule)
		}
		return strings.Join(rs, ",")
	}
	want := map[int64]string{
		tr.A1: "", tr.G1: "", tr.B1: "",
		tr.A2:   org.RuleBranchTooFewFull,
		big:     org.RuleBranchTooLarge,
		noCom:   org.RuleBranchNeedsCommittee,
		due:     org.RuleTermDue,
		overdue: org.RuleTermOverdue,
	}
	for id, w := range want {
		if got := ruleOf(id); got != w {
			t.Errorf("org %d: rules %q, want %q", id, got, w)
		}
	}
	if len(page.Warnings) != 5 || page.TotalElements != 11 {
		t.Fatalf("%d warnings over %d organisations", len(page.Warnings), page.TotalElements)
	}
	// Tree order, and what each organisation leads.
	if page.Content[0].ID != tr.U || page.Content[1].ID != tr.A || page.Content[2].ID != tr.A1 || page.Content[3].ID != tr.G1 {
		t.Fatalf("order %v %v %v %v", page.Content[0].ID, page.Content[1].ID, page.Content[2].ID, page.Content[3].ID)
	}
	u := byID[tr.U]
	if len(u.Leads) != 1 || u.Leads[0].TypeLabel != "二级党委" || u.Leads[0].Count != 2 {
		t.Fatalf("U leads %+v", u.Leads)
	}
	if b := byID[tr.B]; len(b.Leads) != 1 || b.Leads[0].Count != 5 || b.ParentName != "中共测试大学委员会" {
		t.Fatalf("B %+v", b)
	}
	// Filters: only the warnings, only one rule.
	res = e.Do("GET", "/api/dzzxx/relations?warningOnly=true", e.AdminTK, nil)
	res.JSON(t, &page)
	if page.TotalElements != 5 || len(page.Content) != 5 {
		t.Fatalf("warningOnly %d", page.TotalElements)
	}
	res = e.Do("GET", "/api/dzzxx/relations?rule="+org.RuleBranchTooLarge, e.AdminTK, nil)
	res.JSON(t, &page)
	if page.TotalElements != 1 || page.Content[0].ID != big {
		t.Fatalf("rule filter %+v", page)
	}
	// The reminder window is the setting termReminderMonths.
	res = e.Do("GET", "/api/sysConfig/group/name?name=party", e.AdminTK, nil)
	var cfg []map[string]any
	res.JSON(t, &cfg)
	cfg[0]["configValue"] = "0"
	apptest.ExpectMessage(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, cfg[0]), 400, "该配置的值须为正整数")
	cfg[0]["configValue"] = "1"
	apptest.Expect(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, cfg[0]), 204)
	res = e.Do("GET", "/api/dzzxx/relations?rule="+org.RuleTermDue, e.AdminTK, nil)
	res.JSON(t, &page)
	if page.TotalElements != 0 {
		t.Fatalf("a term ending in 40 days is outside a 1-month window: %+v", page)
	}
	// The detail shows the same warnings.
	d := e.get(noCom)
	if ws := d["warnings"].([]any); len(ws) != 1 || ws[0].(map[string]any)["message"] != "正式党员7名以上，应设立支部委员会" {
		t.Fatalf("detail warnings %v", d["warnings"])
	}
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/relations?warningOnly=maybe", e.AdminTK, nil), 400, "查询条件 warningOnly 应为是或否")
}
