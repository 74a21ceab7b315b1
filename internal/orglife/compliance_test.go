package orglife_test

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

// statsWorld: the school's committee (founded long ago), 计算机 and 数学
// committees, a branch under 计算机 founded in 2020 and one founded on
// 2025-05-20; csTK is 计算机's administrator, mathTK 数学's.
type statsWorld struct {
	e                              *apptest.Env
	root, cs, math, branch, young  int64
	csTK, mathTK, listOnlyTK, noTK string
}

var codes atomic.Int64

func newStatsWorld(t *testing.T) *statsWorld {
	t.Helper()
	e := apptest.New(t)
	w := &statsWorld{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = w.orgFounded(t, w.cs, "5", "计算机教工党支部", "2020-01-01")
	w.young = w.orgFounded(t, w.cs, "5", "计算机学生党支部", "2025-05-20")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, orglife.PermStatsList, orglife.PermStatsExport)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, orglife.PermStatsList, orglife.PermStatsExport)
	w.listOnlyTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, orglife.PermStatsList)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	return w
}

func (w *statsWorld) orgFounded(t *testing.T, pid int64, typ, name, founded string) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/dzzxx", map[string]any{"pid": pid, "code": fmt.Sprintf("ZC%04d", codes.Add(1)),
		"name": name, "type": typ, "foundedOn": founded})
}

// meeting inserts a meeting of orgID held on day in state (CLOSE: held),
// as the meetings API leaves it; edit changes it before the insert.
func meeting(t *testing.T, e *apptest.Env, orgID int64, code, day string, state int, edit ...func(*orglife.Meeting)) int64 {
	t.Helper()
	starts, err := time.ParseInLocation("2006-01-02 15:04", day+" 09:00", date.China)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	m := &orglife.Meeting{OrgID: orgID, TypeCode: code, Topic: "会议", StartsAt: starts.UTC(), EndsAt: starts.Add(2 * time.Hour).UTC(),
		HeldOn: date.Date(day), State: state}
	m.CreatedAt, m.UpdatedAt = now, now
	if state == orglife.StateClosed {
		closed := m.EndsAt
		m.ClosedAt = &closed
	}
	for _, f := range edit {
		f(m)
	}
	if _, err := e.DB.NewInsert().Model(m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

func cancelled(m *orglife.Meeting) { now := time.Now().UTC(); m.CancelledAt = &now }

// line is the calendar line of measure key (fails when absent).
func line(t *testing.T, c orglife.Calendar, key string) orglife.Line {
	t.Helper()
	i := slices.IndexFunc(c.Lines, func(l orglife.Line) bool { return l.Key == key })
	if i < 0 {
		t.Fatalf("no line %s in %+v", key, c.Lines)
	}
	return c.Lines[i]
}

func statuses(l orglife.Line) []string {
	out := make([]string, len(l.Periods))
	for i, p := range l.Periods {
		out[i] = p.Status
	}
	return out
}

func (w *statsWorld) calendar(t *testing.T, token string, orgID int64, year int) orglife.Calendar {
	t.Helper()
	return apptest.DoJSON[orglife.Calendar](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/compliance/branch?orgId=%d&year=%d", orgID, year), token, nil)
}

const (
	done    = orglife.CellDone
	missing = orglife.CellMissing
	notDue  = orglife.CellNotDue
)

func TestCompliance_RULES4_BranchGeneralMeetingQuarterly_LastDayOfQuarterCountsForIt(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	meeting(t, w.e, w.branch, orglife.TypeBranchGeneral, "2025-03-31", orglife.StateClosed) // Q1's last day
	meeting(t, w.e, w.branch, orglife.TypeBranchGeneral, "2025-07-01", orglife.StateClosed) // Q3's first day, not Q2's
	meeting(t, w.e, w.branch, orglife.TypeBranchGeneral, "2024-12-31", orglife.StateClosed) // another year
	l := line(t, w.calendar(t, w.csTK, w.branch, 2025), orglife.TypeBranchGeneral)
	if got := statuses(l); !slices.Equal(got, []string{done, missing, done, missing}) {
		t.Errorf("quarters %v", got)
	}
	if l.Met != 2 || l.Due != 4 || l.Months[2] != 1 || l.Months[6] != 1 || l.Periods[0].Held != 1 || l.Periods[1].Held != 0 {
		t.Errorf("line %+v", l)
	}
}

func TestCompliance_RULES4_BranchCommitteeMonthly_FoundedMidYearNotDueBefore(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	meeting(t, w.e, w.young, orglife.TypeBranchCommittee, "2025-06-03", orglife.StateClosed)
	c := w.calendar(t, w.csTK, w.young, 2025)
	months := statuses(line(t, c, orglife.TypeBranchCommittee))
	// Not due before May (founded 2025-05-20); May is its founding month and due.
	want := []string{notDue, notDue, notDue, notDue, missing, done, missing, missing, missing, missing, missing, missing}
	if !slices.Equal(months, want) {
		t.Errorf("months %v", months)
	}
	if q := statuses(line(t, c, orglife.TypeBranchGeneral)); !slices.Equal(q, []string{notDue, missing, missing, missing}) {
		t.Errorf("quarters %v", q)
	}
	if y := statuses(line(t, c, orglife.TypeLifeMeeting)); !slices.Equal(y, []string{missing}) {
		t.Errorf("组织生活会 %v", y)
	}
}

func TestCompliance_RULES4_CancelledMeetingNeverCounts(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-01-10", orglife.StateClosed, cancelled)
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-02-10", orglife.StatePublished, cancelled)
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-03-10", orglife.StatePublished) // planned, never held
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-04-10", orglife.StateDraft)     // a draft is nothing
	l := line(t, w.calendar(t, w.csTK, w.branch, 2025), orglife.TypeBranchCommittee)
	for i, p := range l.Periods[:4] {
		if p.Status != missing || p.Held != 0 {
			t.Errorf("month %d: %+v", i+1, p)
		}
	}
	if l.Periods[0].Planned != 0 || l.Periods[1].Planned != 0 || l.Periods[2].Planned != 1 || l.Periods[3].Planned != 0 {
		t.Errorf("planned %+v", l.Periods[:4])
	}
}

func TestCompliance_RULES4_CustomTypeCountsAsBuiltin(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	now := time.Now().UTC()
	custom := &orglife.MeetingType{Code: "c01", Name: "支委扩大会", OrgTypes: "4,5", CountsAs: orglife.TypeBranchCommittee, Enabled: true}
	custom.CreatedAt, custom.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(custom).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	meeting(t, w.e, w.branch, "c01", "2025-02-14", orglife.StateClosed)
	c := w.calendar(t, w.csTK, w.branch, 2025)
	l := line(t, c, orglife.TypeBranchCommittee)
	if l.Periods[1].Status != done || l.Periods[0].Status != missing {
		t.Errorf("支部委员会 %v", statuses(l))
	}
	if slices.ContainsFunc(c.Lines, func(l orglife.Line) bool { return l.Key == "c01" }) {
		t.Error("a type counting as another is no measure of its own")
	}
}

func TestCompliance_RULES4_SecretaryLectureYearly(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	meeting(t, w.e, w.branch, orglife.TypeLecture, "2025-05-08", orglife.StateClosed)
	c := w.calendar(t, w.csTK, w.branch, 2025)
	if s := statuses(line(t, c, orglife.MeasureSecretary)); !slices.Equal(s, []string{missing}) {
		t.Errorf("no lecture by the secretary: %v", s)
	}
	meeting(t, w.e, w.branch, orglife.TypeLecture, "2025-11-08", orglife.StateClosed, func(m *orglife.Meeting) { m.SecretaryLecture = true })
	c = w.calendar(t, w.csTK, w.branch, 2025)
	if s := statuses(line(t, c, orglife.MeasureSecretary)); !slices.Equal(s, []string{done}) {
		t.Errorf("the secretary's lecture: %v", s)
	}
	if s := statuses(line(t, c, orglife.TypeLecture)); !slices.Equal(s, []string{missing, done, missing, done}) {
		t.Errorf("党课 %v", s)
	}
}

func TestCompliance_RULES4_DemocraticLifeMeetingNotJudgedForBranch(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	meeting(t, w.e, w.cs, orglife.TypeDemocratic, "2025-12-20", orglife.StateClosed)
	branch := w.calendar(t, w.csTK, w.branch, 2025)
	for _, l := range branch.Lines {
		if l.Key == orglife.TypeDemocratic || l.Key == orglife.TypeGroup {
			t.Errorf("a branch judged on %s", l.Name)
		}
	}
	committee := w.calendar(t, w.csTK, w.cs, 2025)
	if len(committee.Lines) != 1 || committee.Lines[0].Key != orglife.TypeDemocratic || committee.Lines[0].Periods[0].Status != done {
		t.Errorf("the committee's calendar %+v", committee.Lines)
	}
}

func TestCompliance_RunningPeriodInProgressOrPlanned(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	today := date.Today()
	year := today.Time().Year()
	c := w.calendar(t, w.csTK, w.branch, year)
	month := int(today.Time().Month())
	l := line(t, c, orglife.TypeBranchCommittee)
	if l.Periods[month-1].Status != orglife.CellInProgress {
		t.Errorf("this month %+v", l.Periods[month-1])
	}
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, string(today), orglife.StatePublished)
	l = line(t, w.calendar(t, w.csTK, w.branch, year), orglife.TypeBranchCommittee)
	if l.Periods[month-1].Status != orglife.CellPlanned || l.Periods[month-1].Planned != 1 {
		t.Errorf("this month, planned %+v", l.Periods[month-1])
	}
	if month < 12 && l.Periods[month].Status != notDue {
		t.Errorf("next month %+v", l.Periods[month])
	}
}

func TestCompliance_OrgTables(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	for _, day := range []string{"2025-01-05", "2025-02-05", "2025-03-05"} {
		meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, day, orglife.StateClosed)
	}
	mathBranch := w.orgFounded(t, w.math, "5", "数学教工党支部", "2019-09-01")
	meeting(t, w.e, mathBranch, orglife.TypeBranchCommittee, "2025-01-20", orglife.StateClosed)

	uni := apptest.DoJSON[orglife.OrgTable](t, w.e, 200, "GET", "/api/zzsh/compliance/orgs?year=2025", w.e.AdminTK, nil)
	if uni.OrgID != w.root || len(uni.Rows) != 2 {
		t.Fatalf("the university's table %+v", uni)
	}
	rows := apptest.ByKey(uni.Rows, func(r orglife.OrgRow) int64 { return r.OrgID })
	cs := rows[w.cs].Shares[orglife.TypeBranchCommittee]
	// 计算机: the old branch 12 months (3 met), the young one May–December (none met).
	if cs.Met != 3 || cs.Due != 12+8 || cs.Orgs != 2 || rows[w.cs].Drill != "orgs" {
		t.Errorf("计算机 %+v %+v", cs, rows[w.cs])
	}
	if dem := rows[w.cs].Shares[orglife.TypeDemocratic]; dem.Due != 1 || dem.Met != 0 {
		t.Errorf("计算机's own 民主生活会 %+v", dem)
	}
	if m := rows[w.math].Shares[orglife.TypeBranchCommittee]; m.Met != 1 || m.Due != 12 {
		t.Errorf("数学 %+v", m)
	}
	if tot := uni.Total.Shares[orglife.TypeBranchCommittee]; tot.Met != 4 || tot.Due != 32 {
		t.Errorf("total %+v", tot)
	}

	// Drilling down: 计算机's branches, as 计算机 sees them.
	college := apptest.DoJSON[orglife.OrgTable](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/compliance/orgs?year=2025&orgId=%d", w.cs), w.csTK, nil)
	if len(college.Rows) != 2 || college.Rows[0].Drill != "branch" {
		t.Fatalf("计算机's table %+v", college.Rows)
	}
	// Without orgId a college administrator gets their college.
	own := apptest.DoJSON[orglife.OrgTable](t, w.e, 200, "GET", "/api/zzsh/compliance/orgs?year=2025", w.csTK, nil)
	if own.OrgID != w.cs || len(own.Rows) != 2 {
		t.Errorf("the default table of 计算机 %+v", own)
	}
	if slices.ContainsFunc(college.Measures, func(m orglife.Measure) bool { return m.Key == orglife.TypeDemocratic }) {
		t.Error("the branches' table has a 民主生活会 column")
	}
}

func TestCompliance_ScopeAndPermissions(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	branch := fmt.Sprintf("/api/zzsh/compliance/branch?year=2025&orgId=%d", w.branch)
	orgs := fmt.Sprintf("/api/zzsh/compliance/orgs?year=2025&orgId=%d", w.cs)
	w.e.ExpectCalls(t, []apptest.Call{
		{"GET", branch, "", nil, 401},
		{"GET", branch, w.noTK, nil, 403},
		{"GET", branch, w.mathTK, nil, 404},
		{"GET", orgs, w.mathTK, nil, 404},
		{"GET", branch + "&x=1", w.csTK, nil, 200},
		{"GET", "/api/zzsh/compliance/orgs/export?year=2025", w.listOnlyTK, nil, 403},
		{"GET", "/api/zzsh/compliance/branch?year=2025", w.csTK, nil, 400},
		{"GET", fmt.Sprintf("/api/zzsh/compliance/branch?year=20x&orgId=%d", w.branch), w.csTK, nil, 400},
	})
}

func TestCompliance_Export(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	meeting(t, w.e, w.branch, orglife.TypeBranchGeneral, "2025-03-31", orglife.StateClosed)
	book := apptest.Download(t, w.e.Do("GET", fmt.Sprintf("/api/zzsh/compliance/branch/export?year=2025&orgId=%d", w.branch), w.csTK, nil))
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprint(rows)
	for _, want := range []string{"计算机教工党支部2025年组织生活会议日历", "支部党员大会", "每季度至少1次", "已完成（1次）", "缺", "1/4"} {
		if !strings.Contains(text, want) {
			t.Errorf("the calendar's workbook lacks %q: %v", want, rows)
		}
	}
	book = apptest.Download(t, w.e.Do("GET", "/api/zzsh/compliance/orgs/export?year=2025", w.csTK, nil))
	rows, err = book.GetRows(book.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	text = fmt.Sprint(rows)
	for _, want := range []string{"计算机学院党委2025年组织生活会议统计", "计算机教工党支部", "计算机学生党支部", "合计", "支部党员大会"} {
		if !strings.Contains(text, want) {
			t.Errorf("the table's workbook lacks %q: %v", want, rows)
		}
	}
}
