package annual_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/stats/annual"
)

// devWorld is a school of two 二级党委 (计算机: branch A; 数学: branch C2)
// whose development records stand as the develop module leaves them
// (written directly: the steps' own rules are the develop module's tests);
// the members the records made were recorded in January 2025.
type devWorld struct {
	e                *apptest.Env
	root, cs, math   int64
	branchA, c2      int64
	clock            *clock
	members, records map[string]int64
	memberBodies     map[string]map[string]any
	nextPerson       int64
}

// rec is a development record as a test writes it.
type rec struct {
	org                         int64
	kind, gender, birth         string
	stage                       string
	applied, activist, target   string
	approved, ended, extendedOn string
	extensions                  int
	member                      string // the member made at ⑰ (a name of w.members)
	fullApproval                string // ㉔ done (dev_step)
}

func newDevWorld(t *testing.T) *devWorld {
	t.Helper()
	w := &devWorld{e: apptest.New(t), clock: &clock{}, members: map[string]int64{}, records: map[string]int64{},
		memberBodies: map[string]map[string]any{}}
	c := w.e.Campus(t)
	w.root, w.cs, w.math, w.branchA = c.Root, c.CS, c.Math, c.Branch
	w.c2 = w.e.Org(t, w.math, "5", "数学教工党支部")
	w.e.App.Members.SetClock(w.clock.Now)
	w.e.App.Annual.SetClock(func() time.Time { return china(2026, 3, 1, 9, 0, 0) })
	w.clock.Set(china(2025, 1, 2, 9, 0, 0))
	return w
}

// member records a probationary member made by a development (kv: the fields it differs by).
func (w *devWorld) member(t *testing.T, name string, org int64, kv ...any) {
	t.Helper()
	b := apptest.FullMember(name, org, append([]any{"gender", member.GenderMale, "birthDate", "1990-01-01",
		"partyStatus", member.PartyProbation, "appliedOn", "2022-01-01", "joinedOn", "2024-06-01", "fullOn", ""}, kv...)...)
	w.memberBodies[name] = b
	w.members[name] = apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", w.e.AdminTK, b).ID
}

// record writes a development record (and its ㉔ step when r.fullApproval is set).
func (w *devWorld) record(t *testing.T, name string, r rec) {
	t.Helper()
	w.nextPerson++
	now := time.Now().UTC()
	row := develop.Record{PersonKind: r.kind, PersonID: w.nextPerson, PersonNo: fmt.Sprintf("P%04d", w.nextPerson), Name: name,
		Gender: r.gender, BirthDate: date.Date(r.birth), OrgID: r.org, Stage: r.stage, ConfigVersion: 1, Flags: "[]",
		AppliedOn: date.Date(r.applied), ActivistOn: date.Date(r.activist), TargetOn: date.Date(r.target),
		ApprovedOn: date.Date(r.approved), EndedOn: date.Date(r.ended), ExtendedOn: date.Date(r.extendedOn), Extensions: r.extensions}
	if row.PersonKind == "" {
		row.PersonKind = "student"
	}
	if row.Gender == "" {
		row.Gender = member.GenderMale
	}
	if row.BirthDate == "" {
		row.BirthDate = "2000-06-01"
	}
	if r.member != "" {
		id := w.members[r.member]
		row.MemberID = &id
	}
	row.CreatedAt, row.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(&row).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	w.records[name] = row.ID
	if r.fullApproval != "" {
		w.fullApproval(t, name, r.fullApproval)
	}
}

// fullApproval keeps ㉔ done on on record name, replacing an earlier pass's row as the workflow does.
func (w *devWorld) fullApproval(t *testing.T, name, on string) {
	t.Helper()
	ctx := t.Context()
	if _, err := w.e.DB.NewDelete().Model((*develop.StepRow)(nil)).Where("record_id = ?", w.records[name]).
		Where("step = ?", develop.StepFullApproval).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	row := develop.StepRow{RecordID: w.records[name], Step: develop.StepFullApproval, DoneOn: date.Date(on), Data: "{}",
		UserName: "测试", At: time.Now().UTC()}
	if _, err := w.e.DB.NewInsert().Model(&row).Exec(ctx); err != nil {
		t.Fatal(err)
	}
}

func (w *devWorld) table(t *testing.T, key, query string) annual.Result {
	t.Helper()
	res := w.e.Do("GET", "/api/dntj/tables/"+key+"?"+query, w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	var out annual.Result
	res.JSON(t, &out)
	return out
}

// allChecked fails on a failed check: each in-table sum, and the total against its lines.
func allChecked(t *testing.T, r annual.Result) {
	t.Helper()
	for _, c := range r.Checks {
		if !c.OK {
			t.Errorf("%s: check %s failed: %s", r.Table, c.Name, c.Detail)
		}
	}
	var names []string
	for _, c := range r.Checks {
		names = append(names, c.Name)
	}
	if !strings.Contains(strings.Join(names, ","), "合计等于各行之和") {
		t.Errorf("%s: no level check in %v", r.Table, names)
	}
}

// lines are the counts of the result's lines by organisation.
func lines(r annual.Result) map[int64]map[string]int {
	out := map[int64]map[string]int{}
	for _, l := range r.Lines.Content {
		out[l.OrgID] = l.Counts
	}
	return out
}

// The probations of the world, decided around the turn of 2025:
//   - 甲 made full (按期) by ㉔ on 31 December 2025: in 2025;
//   - 乙 made full by ㉔ on 1 January 2026: in 2026, not 2025;
//   - 丙's probation extended by ㉔ on 30 June 2025 (延长预备期 in 2025), made full on 1 February 2026
//     (延长预备期后转正 in 2026, and no extension then);
//   - 丁 extended in 2024, made full on 3 March 2025 (延长预备期后转正 in 2025);
//   - 戊's probation cancelled (the record ended with its member) on 11 November 2025;
//   - 己 an applicant whose record ended in 2025 without a member: no cancellation.
func probationWorld(t *testing.T) *devWorld {
	w := newDevWorld(t)
	for _, m := range []struct {
		name string
		org  int64
	}{{"甲", w.branchA}, {"乙", w.c2}, {"丙", w.c2}, {"丁", w.branchA}, {"戊", w.branchA}} {
		w.member(t, m.name, m.org)
	}
	past := rec{applied: "2022-01-01", activist: "2022-07-01", target: "2023-07-01", approved: "2024-06-20"}
	with := func(r rec, org int64, member, stage string) rec {
		r.org, r.member, r.stage = org, member, stage
		return r
	}
	r := with(past, w.branchA, "甲", develop.StageFull)
	r.fullApproval = "2025-12-31"
	w.record(t, "甲", r)
	r = with(past, w.c2, "乙", develop.StageFull)
	r.fullApproval = "2026-01-01"
	w.record(t, "乙", r)
	// 丙 as the records stood in 2025: extended, waiting in the extended probation.
	r = with(past, w.c2, "丙", develop.StageProbationary)
	r.extensions, r.extendedOn, r.fullApproval = 1, "2025-06-30", "2025-06-30"
	w.record(t, "丙", r)
	r = with(past, w.branchA, "丁", develop.StageFull)
	r.approved, r.extensions, r.extendedOn, r.fullApproval = "2023-06-20", 1, "2024-06-25", "2025-03-03"
	w.record(t, "丁", r)
	r = with(past, w.branchA, "戊", develop.StageEnded)
	r.ended = "2025-11-11"
	w.record(t, "戊", r)
	w.record(t, "己", rec{org: w.branchA, stage: develop.StageEnded, applied: "2024-03-01", ended: "2025-05-05"})
	return w
}

// 第十三表 (RULES.md §2 ㉔, §6): each decision counted in the year the higher
// committee approved it — a 转正 approved on 31 December in that year, one
// approved on 1 January in the next; an extension in the year decided and
// the 转正 after it (延长预备期后转正) in its own year; a cancellation when the
// record ended with its member, a record ended before ⑰ not. The total is
// the sum of the lines (计算机: 甲 丁 戊; 数学: 丙).
func TestProbationDecisionsCountedByApprovalDate_RULES6(t *testing.T) {
	t.Parallel()
	w := probationWorld(t)
	got := w.table(t, "probation", fmt.Sprintf("date=2025-12-31&orgId=%d", w.root))
	want(t, "2025 合计", got.Total.Counts, map[string]int{"fullTotal": 2, "fullOnTime": 1, "fullExtended": 1, "extended": 1, "cancelled": 1})
	allChecked(t, got)
	ls := lines(got)
	want(t, "2025 计算机", ls[w.cs], map[string]int{"fullTotal": 2, "fullOnTime": 1, "fullExtended": 1, "extended": 0, "cancelled": 1})
	want(t, "2025 数学", ls[w.math], map[string]int{"fullTotal": 0, "extended": 1, "cancelled": 0})

	// 30 December: 甲's approval of the 31st not yet in.
	before := w.table(t, "probation", "date=2025-12-30")
	want(t, "2025-12-30", before.Total.Counts, map[string]int{"fullTotal": 1, "fullOnTime": 0, "fullExtended": 1})

	// 2026: 丙's ㉔ is done again (the extension's step row replaced), 乙 and 丙 made full.
	w.fullApproval(t, "丙", "2026-02-01")
	if _, err := w.e.DB.NewUpdate().Model((*develop.Record)(nil)).Set("stage = ?", develop.StageFull).
		Where("id = ?", w.records["丙"]).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	now := w.table(t, "probation", "date=2026-03-01")
	want(t, "2026", now.Total.Counts, map[string]int{"fullTotal": 2, "fullOnTime": 1, "fullExtended": 1, "extended": 0, "cancelled": 0})
	allChecked(t, now)
	// 2026-01-01 only: 乙 on the period's first day.
	jan1 := w.table(t, "probation", "date=2026-01-01")
	want(t, "2026-01-01", jan1.Total.Counts, map[string]int{"fullTotal": 1, "fullOnTime": 1})
}

// A past date's table is what the records said of that period: 丙's later
// ㉔ (its 转正 in 2026 replacing the extension's step) leaves the 2025
// extension where it was and adds no 2025 转正.
func TestPastProbationTableUnchangedByLaterSteps_RULES6(t *testing.T) {
	t.Parallel()
	w := probationWorld(t)
	first := w.table(t, "probation", "date=2025-12-31")
	w.fullApproval(t, "丙", "2026-02-01")
	if _, err := w.e.DB.NewUpdate().Model((*develop.Record)(nil)).Set("stage = ?", develop.StageFull).
		Where("id = ?", w.records["丙"]).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	again := w.table(t, "probation", "date=2025-12-31")
	for k, v := range first.Total.Counts {
		if again.Total.Counts[k] != v {
			t.Errorf("%s: %d before 丙's 2026 step, %d after", k, v, again.Total.Counts[k])
		}
	}
}

// The developed of the world (⑰ approved):
//   - 子 (计算机, a woman of the 蒙古族, 本科, 本科生) approved on 31 December 2025, 25 on that day
//     (born 31 December 2000: 25岁及以下); her education corrected to 研究生 in 2026;
//   - 丑 (计算机) approved on 1 January 2026: in 2026, not 2025;
//   - 寅 (数学, 研究生, 教职工) approved on 1 March 2025, born 1 March 1999: 26 that day (26至30岁);
//   - 卯 (数学, no education recorded, 其他) approved on 1 May 2025, 35 that day,
//     cancelled on 1 December 2025: still developed in 2025.
func developedWorld(t *testing.T) *devWorld {
	w := newDevWorld(t)
	w.member(t, "子", w.branchA, "gender", member.GenderFemale, "birthDate", "2000-12-31", "ethnicity", "02",
		"education", "21", "personCategory", "2")
	w.member(t, "丑", w.branchA)
	w.member(t, "寅", w.c2, "birthDate", "1999-03-01")
	w.member(t, "卯", w.c2, "birthDate", "1990-01-01", "education", "", "personCategory", "6")
	base := rec{applied: "2022-01-01", activist: "2022-07-01", target: "2023-07-01"}
	r := base
	r.org, r.member, r.stage, r.approved, r.gender, r.birth = w.branchA, "子", develop.StageProbationary, "2025-12-31", member.GenderFemale, "2000-12-31"
	w.record(t, "子", r)
	r = base
	r.org, r.member, r.stage, r.approved = w.branchA, "丑", develop.StageProbationary, "2026-01-01"
	w.record(t, "丑", r)
	r = base
	r.org, r.member, r.stage, r.approved, r.kind, r.birth = w.c2, "寅", develop.StageProbationary, "2025-03-01", "teacher", "1999-03-01"
	w.record(t, "寅", r)
	r = base
	r.org, r.member, r.stage, r.approved, r.birth, r.ended = w.c2, "卯", develop.StageEnded, "2025-05-01", "1990-01-01", "2025-12-01"
	w.record(t, "卯", r)

	// 子's education corrected in 2026.
	w.clock.Set(china(2026, 2, 1, 9, 0, 0))
	b := apptest.With(w.memberBodies["子"], "id", w.members["子"], "education", "11")
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, b), 200)
	return w
}

// 第十四、十五表 (RULES.md §6 "new members by the date the higher committee
// approved"): an approval on 31 December counts in that year, one on 1
// January in the next; the age is the age on the approval day (25 on it:
// 25岁及以下; 26 on it: 26至30岁); ethnicity, education and person
// category are the member record's at the end of the reporting date (a
// correction made in 2026 leaves 2025's table as it was); a probation
// cancelled later was still developed; each dimension sums to the total
// and the total to its lines.
func TestDevelopedCountedByApprovalDate_RULES6(t *testing.T) {
	t.Parallel()
	w := developedWorld(t)
	got := w.table(t, "developed", fmt.Sprintf("date=2025-12-31&orgId=%d", w.root))
	want(t, "（一）2025", got.Total.Counts, map[string]int{"total": 3, "female": 1, "minority": 1,
		"age25": 1, "age30": 1, "age35": 1, "age40": 0, "ageNone": 0,
		"eduPostgrad": 1, "eduBachelor": 1, "eduNone": 1})
	allChecked(t, got)
	ls := lines(got)
	want(t, "（一）计算机", ls[w.cs], map[string]int{"total": 1, "female": 1, "age25": 1, "eduBachelor": 1})
	want(t, "（一）数学", ls[w.math], map[string]int{"total": 2, "age30": 1, "age35": 1, "eduPostgrad": 1, "eduNone": 1})

	two := w.table(t, "developed2", "date=2025-12-31")
	want(t, "（二）2025", two.Total.Counts, map[string]int{"total": 3, "occ_student": 1, "occ_professional": 1, "occ_other": 1, "occNone": 0,
		"kindStudent": 2, "kindTeacher": 1})
	allChecked(t, two)

	// 30 December: 子 not yet; 1 January 2026: 丑 only.
	want(t, "2025-12-30", w.table(t, "developed", "date=2025-12-30").Total.Counts, map[string]int{"total": 2, "age25": 0})
	jan1 := w.table(t, "developed", "date=2026-01-01")
	want(t, "2026-01-01", jan1.Total.Counts, map[string]int{"total": 1})
	if n := len(jan1.Lines.Content); n != 2 || jan1.Lines.Content[0].OrgID != w.cs || jan1.Lines.Content[0].Counts["total"] != 1 ||
		jan1.Lines.Content[1].Counts["total"] != 0 {
		t.Fatalf("2026 lines: %+v", jan1.Lines.Content)
	}
}

// The people in development on the reporting date (入党申请人和入党积极分子):
//   - 一 applied in March 2025 (a new applicant, a woman, a student);
//   - 二 applied in 2024, made an activist on 31 December 2025: an activist (new), not an applicant, that
//     day; an applicant the day before;
//   - 三 an activist since 2024, a development target since June 2025;
//   - 四 applied in 2024, ended in June 2025: not counted;
//   - 五 applied in 2024, an activist from 5 January 2026: an applicant at the end of 2025;
//   - 六 applied in 2026: not in 2025;
//   - 七 a development target approved (⑰) on 1 January 2026: a target still at the end of 2025.
func TestApplicantsAndActivistsOnTheDate_RULES6(t *testing.T) {
	t.Parallel()
	w := newDevWorld(t)
	w.member(t, "七", w.branchA)
	w.record(t, "一", rec{org: w.branchA, stage: develop.StageApplicant, applied: "2025-03-01", gender: member.GenderFemale})
	w.record(t, "二", rec{org: w.branchA, stage: develop.StageActivist, applied: "2024-05-01", activist: "2025-12-31", kind: "teacher"})
	w.record(t, "三", rec{org: w.c2, stage: develop.StageTarget, applied: "2023-01-01", activist: "2024-01-01", target: "2025-06-01"})
	w.record(t, "四", rec{org: w.c2, stage: develop.StageEnded, applied: "2024-01-01", ended: "2025-06-01"})
	w.record(t, "五", rec{org: w.c2, stage: develop.StageActivist, applied: "2024-01-01", activist: "2026-01-05", kind: "teacher"})
	w.record(t, "六", rec{org: w.branchA, stage: develop.StageApplicant, applied: "2026-01-02"})
	w.record(t, "七", rec{org: w.branchA, stage: develop.StageProbationary, applied: "2023-01-01", activist: "2023-06-01",
		target: "2024-06-01", approved: "2026-01-01", member: "七"})

	got := w.table(t, "applicants", fmt.Sprintf("date=2025-12-31&orgId=%d", w.root))
	want(t, "2025-12-31", got.Total.Counts, map[string]int{
		"applicant": 2, "applicantNew": 1, "applicantFemale": 1, "applicantStudent": 1, "applicantTeacher": 1,
		"activist": 3, "activistNew": 1, "activistFemale": 0, "activistStudent": 2, "activistTeacher": 1,
		"target": 2, "targetNew": 1, "targetStudent": 2, "targetTeacher": 0})
	allChecked(t, got)
	ls := lines(got)
	want(t, "计算机", ls[w.cs], map[string]int{"applicant": 1, "activist": 2, "target": 1})
	want(t, "数学", ls[w.math], map[string]int{"applicant": 1, "activist": 1, "target": 1})

	before := w.table(t, "applicants", "date=2025-12-30")
	want(t, "2025-12-30", before.Total.Counts, map[string]int{"applicant": 3, "activist": 2, "activistNew": 0})
	now := w.table(t, "applicants", "date=2026-03-01")
	want(t, "2026-03-01", now.Total.Counts, map[string]int{"applicant": 2, "applicantNew": 1, "activist": 3, "activistNew": 1,
		"target": 1, "targetNew": 0})
}

// The catalogue lists the tables in the order filed; each renders with its
// grouped head in the workbook.
func TestDevelopmentTablesInTheCatalogueAndWorkbook(t *testing.T) {
	t.Parallel()
	w := probationWorld(t)
	cat := apptest.DoJSON[[]annual.TableBrief](t, w.e, 200, "GET", "/api/dntj/tables", w.e.AdminTK, nil)
	var keys []string
	for _, c := range cat {
		keys = append(keys, c.Key)
	}
	if strings.Join(keys, ",") != "members,orgs,changes,probation,developed,developed2,applicants" {
		t.Fatalf("catalogue: %v", keys)
	}
	res := w.e.Do("GET", "/api/dntj/tables/probation/export?date=2025-12-31", w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	book, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := book.GetRows("预备党员转正情况")
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][0] != "预备党员转正情况（填报单位：全部党组织；报告期：2025年1月1日至2025年12月31日；单位：名）" {
		t.Fatalf("title: %q", rows[0][0])
	}
}
