package orglife_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

// The demo's year: every branch holds its monthly and quarterly meetings
// (a few behind), none before its founding, the ones after today only planned.
func TestSeedDemo_AYearOfMeetingsForEveryBranch(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	for i := 0; i < 20; i++ {
		w.orgFounded(t, w.math, "5", fmt.Sprintf("数学第%d党支部", i+1), "2015-09-01")
	}
	var people []int64
	for _, name := range []string{"王晓明", "李红", "张伟"} {
		people = append(people, w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, w.branch, "gender", member.GenderMale)))
	}
	today := time.Now()
	res, err := w.e.App.OrgLife.SeedDemo(t.Context(), orglife.DemoOptions{Seed: 7, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	// 22 old branches × at least 12 支委会 + 11 主题党日 + 4 大会 + 4 党课 + 1 组织生活会, the young one less.
	if res.Meetings < 22*32 || res.Meetings > 24*60 {
		t.Errorf("meetings %d", res.Meetings)
	}
	var rows []orglife.Meeting
	if err := w.e.DB.NewSelect().Model(&rows).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	day := date.Of(today.In(date.China))
	lectures := map[int64]int{}
	for _, m := range rows {
		if m.OrgID == w.young && m.HeldOn.Before("2025-05-20") {
			t.Errorf("a meeting before the branch was founded: %+v", m)
		}
		if m.HeldOn.Before(day) != (m.State == orglife.StateClosed) {
			t.Errorf("held on %s in state %d (today %s)", m.HeldOn, m.State, day)
		}
		if m.SecretaryLecture {
			lectures[m.OrgID]++
		}
	}
	if len(lectures) < 20 {
		t.Errorf("the secretaries' lectures: %v", lectures)
	}

	// The branch's meetings of the last three months have its three members
	// as attendees (no committee recorded: 支委会 too), with the attendance
	// a held or a planned meeting shows; older meetings have none.
	since := day.Month().AddMonths(-2).First()
	var attendees []orglife.Attendee
	if err := w.e.DB.NewSelect().Model(&attendees).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if res.Attendees != len(attendees) {
		t.Errorf("%d attendees written, %d said", len(attendees), res.Attendees)
	}
	byMeeting := map[int64][]orglife.Attendee{}
	for _, a := range attendees {
		byMeeting[a.MeetingID] = append(byMeeting[a.MeetingID], a)
	}
	recent := 0
	for _, m := range rows {
		got := byMeeting[m.ID]
		if m.OrgID != w.branch || m.HeldOn.Before(since) {
			if len(got) > 0 {
				t.Errorf("meeting of %d on %s has %d attendees", m.OrgID, m.HeldOn, len(got))
			}
			continue
		}
		recent++
		if len(got) != len(people) {
			t.Errorf("%s on %s: %d attendees, want %d", m.TypeCode, m.HeldOn, len(got), len(people))
		}
		for _, a := range got {
			held := m.State == orglife.StateClosed
			if held == (a.Status == orglife.AttendExpected) || (a.SignedAt != nil) != (a.Status == orglife.AttendPresent || a.Status == orglife.AttendLate) {
				t.Errorf("meeting in state %d: attendee %+v", m.State, a)
			}
			if !slices.Contains(people, *a.MemberID) || a.JoinType != orglife.JoinRoster {
				t.Errorf("attendee %+v is not drawn from the roster", a)
			}
		}
	}
	if recent < 3 {
		t.Errorf("only %d recent meetings of the branch", recent)
	}
}

// A demo 支委会 is attended by the branch's secretary and committee, matched
// by member id or, where the record keeps names only, by name.
func TestDemoCommitteeMeetingDrawsTheCommittee(t *testing.T) {
	t.Parallel()
	people := []member.Brief{{ID: 1, Name: "甲"}, {ID: 2, Name: "乙"}, {ID: 3, Name: "丙"}, {ID: 4, Name: "丁"}}
	secretary := int64(2)
	cases := []struct {
		o    org.Org
		want []int64
	}{
		{org.Org{SecretaryMemberID: &secretary, CommitteeMemberIDs: org.IDs{4}}, []int64{2, 4}},
		{org.Org{SecretaryName: "丙", Committee: org.Names{"甲", "丙"}}, []int64{1, 3}},
		{org.Org{SecretaryName: "戊"}, []int64{1, 2, 3, 4}}, // nobody of the roster: everybody
	}
	for _, c := range cases {
		var got []int64
		for _, p := range orglife.CommitteeOf(&c.o, people) {
			got = append(got, p.ID)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.o, got, c.want)
		}
	}
}
