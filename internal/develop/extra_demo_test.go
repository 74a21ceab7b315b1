package develop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/demo"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
)

// extraDemo is a demo university of n members with its development records.
// The data is consistent with today (zero: now).
func extraDemo(t *testing.T, n int, today time.Time) (*apptest.Env, *develop.DemoResult) {
	t.Helper()
	e := apptest.New(t)
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	if today.IsZero() {
		today = time.Now()
	}
	if _, err := demo.Seed(context.Background(), e.DB, cipher, demo.Options{Members: n, Seed: 7, Today: today}); err != nil {
		t.Fatal(err)
	}
	res, err := e.App.Develop.SeedDemo(context.Background(), develop.DemoOptions{Seed: 7, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	return e, res
}

// extraDemoData is what the demo wrote, read back.
type extraDemoData struct {
	records  []develop.Record
	steps    map[int64]map[string]develop.StepRow
	reviews  map[int64][]develop.Review
	training map[int64][]develop.Training
	notices  map[int64][]develop.Notice // by record
	members  map[int64]member.Member
	full     map[int64]bool // members full and in normal status
	// partyIdx are the ID numbers' blind indexes of the party members
	// (member.InParty), personIdx those of the registry's people by
	// "kind:id".
	partyIdx  map[string]bool
	personIdx map[string]string
	flows     map[int64][2]string
}

func readDemo(t *testing.T, e *apptest.Env) extraDemoData {
	t.Helper()
	ctx := context.Background()
	d := extraDemoData{steps: map[int64]map[string]develop.StepRow{}, reviews: map[int64][]develop.Review{},
		training: map[int64][]develop.Training{}, notices: map[int64][]develop.Notice{}, members: map[int64]member.Member{},
		full: map[int64]bool{}, flows: map[int64][2]string{}, partyIdx: map[string]bool{}, personIdx: map[string]string{}}
	for kind, table := range map[string]string{develop.PersonStudent: "xsjbxx", develop.PersonTeacher: "jsjbxx"} {
		var rows []struct {
			ID  int64  `bun:"id"`
			Idx string `bun:"id_number_idx"`
		}
		if err := e.DB.NewSelect().Table(table).Column("id", "id_number_idx").Where("id_number_idx <> ''").Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			d.personIdx[fmt.Sprintf("%s:%d", kind, r.ID)] = r.Idx
		}
	}
	if err := e.DB.NewSelect().Model(&d.records).OrderExpr("r.id").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	var steps []develop.StepRow
	var reviews []develop.Review
	var trainings []develop.Training
	var members []member.Member
	for _, q := range []struct {
		into any
	}{{&steps}, {&reviews}, {&trainings}, {&members}} {
		if err := e.DB.NewSelect().Model(q.into).Scan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range steps {
		if d.steps[s.RecordID] == nil {
			d.steps[s.RecordID] = map[string]develop.StepRow{}
		}
		d.steps[s.RecordID][s.Step] = s
	}
	for _, r := range reviews {
		d.reviews[r.RecordID] = append(d.reviews[r.RecordID], r)
	}
	for _, tr := range trainings {
		d.training[tr.RecordID] = append(d.training[tr.RecordID], tr)
	}
	for _, m := range members {
		d.members[m.ID] = m
		d.full[m.ID] = m.PartyStatus == member.PartyFull && m.MemberStatus == member.StatusNormal
		if m.IDNumberIdx != "" && member.InParty(m.MemberStatus) {
			d.partyIdx[m.IDNumberIdx] = true
		}
	}
	var items []struct {
		develop.Notice `bun:",extend"`
		RecordID       int64 `bun:"record_id"`
	}
	if err := e.DB.NewSelect().Model(&items).ColumnExpr("n.*, ni.record_id").Join("JOIN dev_notice_item AS ni ON ni.notice_id = n.id").
		Scan(ctx); err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		d.notices[it.RecordID] = append(d.notices[it.RecordID], it.Notice)
	}
	var flows []struct {
		RecordID int64  `bun:"record_id"`
		Step     string `bun:"step"`
		State    string `bun:"state"`
	}
	if err := e.DB.NewSelect().Table("flow_instance").Column("record_id", "step", "state").Where("workflow = ?", develop.Key).
		Scan(ctx, &flows); err != nil {
		t.Fatal(err)
	}
	for _, f := range flows {
		d.flows[f.RecordID] = [2]string{f.Step, f.State}
	}
	return d
}

// on6 is the date ⑥ was done ("" when it was not).
func on6(done map[string]develop.StepRow) date.Date { return done[develop.StepCultivate].DoneOn }

// The demo's records keep every rule of RULES.md §2 (docs/develop.md) with
// the default configuration, each checked at the step it governs: age on
// applying, talk within a month, a year as activist with a review every 6
// months, notices of 5 working days ended before their step, sponsors and
// contacts full members, training hours, political review age, the
// meeting's quorum and timing, approvals within 3 months, the member record
// of ⑰ and ㉔; the workflow at the record's step; numbers and plans.
//
// It runs on a fixed day in the past (the actions are dated that day, which
// the server accepts): the demo's small share of records at ⑮ whose notice
// has ended depends on the day, and on some days it has none at 2,000
// members. The demo as of today is checked below.
func TestExtraDemoRecordsKeepTheRules(t *testing.T) {
	t.Parallel()
	const day = date.Date("2026-11-30")
	e, res := extraDemo(t, 2000, day.Time().Add(4*time.Hour)) // morning in China
	d := checkDemo(t, e, res, 2000, day, true)
	extraActOnDemo(t, e, d, day)
}

// The same on days around the holidays of the seeded calendar (2025–2027)
// and a month end (notices across 国庆 and 春节, months clamped), and today.
func TestExtraDemoKeepsTheRulesOnOtherDays(t *testing.T) {
	t.Parallel()
	today := string(date.Of(time.Now().In(date.China)))
	for _, day := range []string{"2025-10-09", "2026-02-27", "2026-05-31", "2027-01-04", today} {
		t.Run(day, func(t *testing.T) {
			morning := date.Date(day).Time().Add(4 * time.Hour) // in China
			e, res := extraDemo(t, 1000, morning)
			checkDemo(t, e, res, 1000, date.Date(day), false)
		})
	}
}

// checkDemo checks the demo of a university of members as of today (all
// steps waited at: only for a large enough one) and answers what it read.
func checkDemo(t *testing.T, e *apptest.Env, res *develop.DemoResult, members int, today date.Date, everyStep bool) extraDemoData {
	t.Helper()
	d := readDemo(t, e)
	ctx := context.Background()
	if res.Records != len(d.records) || len(d.records) < members*develop.DemoSharePercent/100*9/10 {
		t.Fatalf("%d records (result %d), want about %d", len(d.records), res.Records, members*develop.DemoSharePercent/100)
	}
	cal := e.App.Calendar
	workdays := func(a, b date.Date) int {
		n, err := cal.WorkdaysBetween(ctx, a, b)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	steps := map[string]int{}
	volunteer := map[string]bool{}
	for _, r := range d.records {
		r := r
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("record %d %s (%s at %q): %s", r.ID, r.Name, r.Stage, r.Step, fmt.Sprintf(format, args...))
		}
		done := d.steps[r.ID]
		on := func(key string) date.Date { return done[key].DoneOn }
		data := func(key string) map[string]any {
			var m map[string]any
			if err := json.Unmarshal([]byte(done[key].Data), &m); err != nil {
				fail("%s data %q: %v", key, done[key].Data, err)
			}
			return m
		}
		steps[r.Step]++
		// No party member applies (RULES.md §2): before ⑰ the person is no member by ID number.
		if r.MemberID == nil && r.Stage != develop.StageEnded && d.partyIdx[d.personIdx[fmt.Sprintf("%s:%d", r.PersonKind, r.PersonID)]] {
			fail("a party member as an applicant")
		}
		// 年满十八岁 on the application.
		if r.AppliedOn.Before(r.BirthDate.AddYears(18)) {
			fail("applied at under 18: born %s, applied %s", r.BirthDate, r.AppliedOn)
		}
		// Steps done: a prefix of the 25, dates in order, none in the future, the stage's date columns.
		last := r.AppliedOn
		waiting := ""
		for _, def := range develop.Steps[1:] {
			s, ok := done[def.Key]
			if !ok {
				if waiting == "" {
					waiting = def.Key
				}
				continue
			}
			if waiting != "" {
				fail("%s done after %s was not", def.Key, waiting)
			}
			if s.DoneOn.Before(last) || s.DoneOn.After(today) {
				fail("%s on %s: before %s or after today", def.Key, s.DoneOn, last)
			}
			last = s.DoneOn
		}
		switch r.Stage {
		case develop.StageEnded:
			if r.Step != "" || r.EndedOn.IsZero() || r.EndedOn.Before(last) || r.EndedReason == "" || d.flows[r.ID] != [2]string{"", develop.StageEnded} {
				fail("ended: %+v flow %v", r, d.flows[r.ID])
			}
		case develop.StageFull:
			if r.Step == "" && (waiting != "" || d.flows[r.ID] != [2]string{"", develop.StageFull}) {
				fail("archived with %s not done, flow %v", waiting, d.flows[r.ID])
			}
		default:
			if r.Step != waiting || d.flows[r.ID] != [2]string{r.Step, r.Stage} || develop.StepStage(r.Step) != r.Stage {
				fail("waits at %q, steps say %q, flow %v", r.Step, waiting, d.flows[r.ID])
			}
		}
		if r.TalkedOn != on(develop.StepTalk) || r.ActivistOn != on(develop.StepActivist) || r.TargetOn != on(develop.StepTarget) ||
			r.AdmittedOn != on(develop.StepBranchMeeting) || r.ApprovedOn != on(develop.StepCommitteeApproval) {
			fail("date columns disagree with the steps")
		}
		// ② within a month (the talk's due date when waiting for it).
		if t2 := on(develop.StepTalk); !t2.IsZero() && t2.After(r.AppliedOn.AddMonths(1)) {
			fail("talk %s more than a month after %s", t2, r.AppliedOn)
		}
		if r.Step == develop.StepTalk && (r.DueOn != r.AppliedOn.AddMonths(1)) {
			fail("talk due %s", r.DueOn)
		}
		// ⑤ contacts, ⑨ sponsors: full members in normal status, distinct.
		for key, field := range map[string]string{develop.StepContacts: "contactIds", develop.StepSponsors: "sponsorIds"} {
			if on(key).IsZero() {
				continue
			}
			ids, _ := data(key)[field].([]any)
			if len(ids) != 2 || ids[0] == ids[1] {
				fail("%s %v", field, ids)
			}
			for _, id := range ids {
				m := d.members[int64(id.(float64))]
				if !d.full[m.ID] || !m.FullOn.Before(on(key)) {
					fail("%s %v: not a full member in normal status since before %s (%s)", field, id, on(key), m.FullOn)
				}
				if !m.UnderWatchSince.IsZero() { // 细则 第十四条
					fail("%s %v: under 留党察看 since %s", field, id, m.UnderWatchSince)
				}
			}
		}
		// ⑥ reviews every 6 months since ③ up to ⑥ (today while cultivated).
		if activist := r.ActivistOn; !activist.IsZero() {
			until := on(develop.StepCultivate)
			if until.IsZero() {
				until = today
			}
			for k := 1; !activist.AddMonths(6 * k).After(until); k++ {
				from, to := activist.AddMonths(6*(k-1)), activist.AddMonths(6*k)
				found := false
				for _, rv := range d.reviews[r.ID] {
					if rv.Kind == "activist" && !rv.ReviewedOn.Before(from) && !rv.ReviewedOn.After(to) {
						found = true
					}
				}
				if !found {
					fail("no activist review from %s to %s", from, to)
				}
			}
		}
		// … read the other way: no two reviews more than 6 months apart, the last less than 6 months old at ⑥.
		if activist := r.ActivistOn; !activist.IsZero() {
			var on []date.Date
			for _, rv := range d.reviews[r.ID] {
				if rv.Kind == "activist" {
					on = append(on, rv.ReviewedOn)
				}
			}
			sort.Slice(on, func(i, j int) bool { return on[i] < on[j] })
			prev := activist
			for _, o := range on {
				if o.After(prev.AddMonths(6)) {
					fail("activist reviews %v: more than 6 months after %s", on, prev)
				}
				prev = o
			}
			if t6 := on6(done); !t6.IsZero() && t6.After(prev.AddMonths(6)) {
				fail("cultivation done %s, last review %s", t6, prev)
			}
		}
		// ⑦ a year as activist, after a target notice of 5 working days.
		noticeBefore := func(kind string, step date.Date, after date.Date) {
			t.Helper()
			for _, n := range d.notices[r.ID] {
				if n.Kind == kind && n.EndOn.Before(step) && !n.StartOn.Before(after) && workdays(n.StartOn, n.EndOn) >= 5 {
					return
				}
			}
			fail("no %s notice of 5 working days between %s and %s: %+v", kind, after, step, d.notices[r.ID])
		}
		if t7 := on(develop.StepTarget); !t7.IsZero() {
			if t7.Before(r.ActivistOn.AddMonths(12)) {
				fail("target %s less than 12 months after %s", t7, r.ActivistOn)
			}
			noticeBefore(develop.NoticeTarget, t7, on(develop.StepCultivate))
		}
		// Trainings fit their dates: days within the calendar's, ≤ 8 hours a day.
		for _, tr := range d.training[r.ID] {
			span := int(tr.EndOn.Time().Sub(tr.StartOn.Time()).Hours()/24) + 1
			if tr.Days > span || tr.Hours > 8*span || (tr.Days > 0 && tr.Hours > 8*tr.Days) {
				fail("training %s–%s: %d days, %d hours", tr.StartOn, tr.EndOn, tr.Days, tr.Hours)
			}
		}
		// ⑪ DEVELOP training ≥ 24 hours or ≥ 3 days, begun on or after ⑦ (细则 第二十条), ended by ⑪.
		if t11 := on(develop.StepTraining); !t11.IsZero() {
			ok := false
			for _, tr := range d.training[r.ID] {
				if tr.BatchType == 3 && tr.Passed && (tr.Hours >= 24 || tr.Days >= 3) && !tr.EndOn.After(t11) && !tr.StartOn.Before(r.TargetOn) {
					ok = true
				}
			}
			if !ok {
				fail("no DEVELOP training before %s", t11)
			}
		}
		// ⑫ and ⑮: political review at most 12 months old.
		for _, key := range []string{develop.StepBranchReview, develop.StepBranchMeeting} {
			if s := on(key); !s.IsZero() && s.After(on(develop.StepPoliticalReview).AddMonths(12)) {
				fail("%s on %s: political review of %s too old", key, s, on(develop.StepPoliticalReview))
			}
		}
		// ⑭ a number of its own.
		if on(develop.StepVolunteerBook).IsZero() != (r.VolunteerNo == nil) {
			fail("volunteer number %v, ⑭ on %q", r.VolunteerNo, on(develop.StepVolunteerBook))
		} else if r.VolunteerNo != nil {
			if volunteer[*r.VolunteerNo] {
				fail("volunteer number %s repeated", *r.VolunteerNo)
			}
			volunteer[*r.VolunteerNo] = true
		}
		// ⑮ quorum and majority, within a month of ⑬, after the admit notice, not leaving within 3 months.
		// The tallies of ⑮ and ㉓ on the branch's roster of the day (细则第二十条、第二十一条), of ⑰ and ㉔
		// by the committee (第二十四条): every count within the roster, a quorum and a majority.
		for _, key := range []string{develop.StepBranchMeeting, develop.StepFullMeeting, develop.StepCommitteeApproval, develop.StepFullApproval} {
			if on(key).IsZero() {
				continue
			}
			v := data(key)
			n := func(k string) float64 { f, _ := v[k].(float64); return f }
			should, present, written, agree := n("shouldAttend"), n("present"), n("written"), n("agree")
			if key == develop.StepBranchMeeting || key == develop.StepFullMeeting {
				roster, err := e.App.Members.Voters(ctx, e.DB, r.OrgID, on(key))
				if err != nil {
					t.Fatal(err)
				}
				if should != float64(roster) {
					fail("%s: 应到 %v, the roster on %s is %d", key, should, on(key), roster)
				}
			}
			if should < 1 || present*2 <= should || agree*2 <= should || present+written > should ||
				agree+n("against")+n("abstain") > present+written || agree > present+written {
				fail("%s votes %v", key, v)
			}
		}
		// 细则第三十二条: no extension in the demo, and ㉓ decides 转正.
		if r.Extensions != 0 || (!on(develop.StepFullMeeting).IsZero() && data(develop.StepFullMeeting)["decision"] != develop.DecisionFull) {
			fail("extensions %d, ㉓ %v", r.Extensions, done[develop.StepFullMeeting].Data)
		}
		if t15 := on(develop.StepBranchMeeting); !t15.IsZero() {
			if t15.After(on(develop.StepPreReview).AddMonths(1)) {
				fail("meeting %s more than a month after the pre-review %s", t15, on(develop.StepPreReview))
			}
			noticeBefore(develop.NoticeAdmit, t15, on(develop.StepPreReview))
			if !r.LeavingOn.IsZero() && !r.LeavingOn.After(t15.AddMonths(3)) {
				fail("leaving %s within 3 months of the meeting %s", r.LeavingOn, t15)
			}
			if r.ProbationEndsOn != t15.AddMonths(12) && (r.MemberID == nil || r.ProbationEndsOn != d.members[*r.MemberID].FullOn) {
				fail("probation ends %s", r.ProbationEndsOn)
			}
			// A year's probation (a leap day apart at most): never extended in the demo, let alone twice.
			if year := t15.AddMonths(12); r.ProbationEndsOn.Before(year.AddDays(-2)) || r.ProbationEndsOn.After(year.AddDays(2)) {
				fail("probation of %s to %s: not a year", t15, r.ProbationEndsOn)
			}
		}
		// ⑯ reported, ⑰ approved within 3 months of ⑮; the member record.
		if t16 := on(develop.StepCommitteeTalk); !t16.IsZero() {
			reported, _ := data(develop.StepCommitteeTalk)["reportedOn"].(string)
			if date.Date(reported).After(r.AdmittedOn.AddMonths(3)) {
				fail("reported %s", reported)
			}
		}
		if t17 := r.ApprovedOn; !t17.IsZero() {
			if t17.After(r.AdmittedOn.AddMonths(3)) {
				fail("approved %s more than 3 months after %s", t17, r.AdmittedOn)
			}
			if r.MemberID == nil {
				fail("approved without a member record")
			} else {
				m := d.members[*r.MemberID]
				wantStatus := member.PartyProbation
				if !on(develop.StepFullApproval).IsZero() {
					wantStatus = member.PartyFull
				}
				if m.Source != "1" || m.AppliedOn != r.AppliedOn || m.JoinedOn != r.AdmittedOn || m.PartyStatus != wantStatus ||
					m.OrgID != r.OrgID || m.Name != r.Name {
					fail("member record %+v", m)
				}
				if wantStatus == member.PartyFull && (m.FullOn != r.ProbationEndsOn || r.FullOn != m.FullOn) {
					fail("full on %s / %s, probation ended %s", m.FullOn, r.FullOn, r.ProbationEndsOn)
				}
			}
		} else if r.MemberID != nil {
			fail("a member record before the approval")
		}
		// ㉓ on or after the probation's end, after the full notice; ㉔ within 3 months of ㉓.
		if t23 := on(develop.StepFullMeeting); !t23.IsZero() {
			if t23.Before(r.ProbationEndsOn) {
				fail("full meeting %s before the probation's end %s", t23, r.ProbationEndsOn)
			}
			noticeBefore(develop.NoticeFull, t23, on(develop.StepFullApplication))
			if t24 := on(develop.StepFullApproval); !t24.IsZero() && t24.After(t23.AddMonths(3)) {
				fail("full approval %s more than 3 months after %s", t24, t23)
			}
		}
	}
	// Every step of the brief has records waiting at it.
	for _, def := range develop.Steps[1:24] {
		if everyStep && steps[def.Key] == 0 && def.No != 16 && def.No != 19 && def.No != 22 && def.No != 24 && def.No != 13 {
			t.Errorf("no record waits at %d %s (%v)", def.No, def.Name, steps)
		}
	}
	for _, st := range []string{develop.StageApplicant, develop.StageActivist, develop.StageTarget, develop.StageProbationary,
		develop.StageFull, develop.StageEnded} {
		if res.ByStage[st] == 0 {
			t.Errorf("no record in stage %s: %v", st, res.ByStage)
		}
	}
	// The plans' used counts are the targets made in their year; the ranges' next numbers follow those handed out.
	var plans []develop.Plan
	if err := e.DB.NewSelect().Model(&plans).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	var used []struct {
		Year  int `bun:"y"`
		Count int `bun:"n"`
	}
	if err := e.DB.NewRaw(`SELECT CAST(SUBSTR(CAST(target_on AS VARCHAR(10)), 1, 4) AS INTEGER) AS y, COUNT(*) AS n FROM dev_record
		WHERE target_on IS NOT NULL AND stage <> 'ended' GROUP BY 1`).Scan(ctx, &used); err != nil {
		t.Fatal(err)
	}
	sum := map[int]int{}
	for _, p := range plans {
		sum[p.Year] += p.Used
		if p.Used > p.Quota {
			t.Errorf("plan %+v over its quota", p)
		}
	}
	for _, u := range used {
		if sum[u.Year] != u.Count {
			t.Errorf("plans of %d use %d, %d targets made", u.Year, sum[u.Year], u.Count)
		}
	}
	for y := 2025; y <= 2027; y++ {
		if _, ok := sum[y]; !ok {
			t.Errorf("no plan for %d", y)
		}
	}
	var ranges []develop.NumberRange
	if err := e.DB.NewSelect().Model(&ranges).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	handed := 0
	for _, nr := range ranges {
		handed += int(nr.Next - nr.First)
	}
	if handed != len(volunteer) {
		t.Errorf("ranges handed out %d numbers, records hold %d", handed, len(volunteer))
	}
	// The workflow's history names the seed 系统 (a principal without an account), never a user id.
	var names []string
	if err := e.DB.NewSelect().Table("flow_history").ColumnExpr("DISTINCT user_name").Scan(ctx, &names); err != nil {
		t.Fatal(err)
	}
	if len(names) != 1 || names[0] != "系统" {
		t.Errorf("history names %v, want 系统", names)
	}
	return d
}

// extraActOnDemo acts on demo records at ③, ⑦, ⑮ and ⑰ as the
// administrator today, with each step's form: the workflow accepts them
// (every rule of the step holds for the demo's data) and the record moves on.
func extraActOnDemo(t *testing.T, e *apptest.Env, d extraDemoData, today date.Date) {
	t.Helper()
	noticeEnded := func(id int64, kind string) bool {
		for _, n := range d.notices[id] {
			if n.Kind == kind && n.EndOn.Before(today) {
				return true
			}
		}
		return false
	}
	forms := map[string]map[string]any{
		develop.StepActivist:          {"method": "党员推荐", "recommenders": "张老师、李老师"},
		develop.StepTarget:            {},
		develop.StepBranchMeeting:     {"against": 0, "abstain": 0},
		develop.StepCommitteeApproval: {"lateReason": ""},
	}
	acted := map[string]bool{}
	for _, r := range d.records {
		form, ok := forms[r.Step]
		if !ok || acted[r.Step] {
			continue
		}
		if (r.Step == develop.StepTarget && !noticeEnded(r.ID, develop.NoticeTarget)) ||
			(r.Step == develop.StepBranchMeeting && !noticeEnded(r.ID, develop.NoticeAdmit)) {
			continue
		}
		view := apptest.DoJSON[struct {
			Version int64  `json:"version"`
			Step    string `json:"step"`
		}](t, e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", r.ID), e.AdminTK, nil)
		if view.Step != r.Step {
			t.Fatalf("record %d: flow at %q, record at %q", r.ID, view.Step, r.Step)
		}
		form["date"] = today
		if r.Step == develop.StepBranchMeeting || r.Step == develop.StepCommitteeApproval {
			// Everyone with a vote present and agreeing, as the form shows who that is.
			v := apptest.DoJSON[develop.Voters](t, e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/voters?date=%s", r.ID, today), e.AdminTK, nil)
			if !v.Fixed || v.ShouldAttend < 1 {
				t.Fatalf("record %d at %s: voters %+v", r.ID, r.Step, v)
			}
			form["shouldAttend"], form["present"], form["agree"] = v.ShouldAttend, v.ShouldAttend, v.ShouldAttend
		}
		res := e.Do("POST", fmt.Sprintf("/api/fzdy/%d/flow", r.ID), e.AdminTK,
			map[string]any{"version": view.Version, "result": "approve", "comment": "", "form": form})
		if res.Status != 200 {
			t.Errorf("record %d at %s: %d %s", r.ID, r.Step, res.Status, res.Body)
			continue
		}
		acted[r.Step] = true
		var step string
		if err := e.DB.NewSelect().Table("dev_record").Column("step").Where("id = ?", r.ID).Scan(context.Background(), &step); err != nil {
			t.Fatal(err)
		}
		if step == r.Step {
			t.Errorf("record %d still at %s after the approval", r.ID, step)
		}
	}
	for key := range forms {
		if !acted[key] {
			t.Errorf("no demo record at %s to act on", key)
		}
	}
}
