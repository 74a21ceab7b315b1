package orglife

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// demoAttendeeMonths is how far back the demo draws attendees: the meetings
// a branch looks at (the last three months and the planned ones). Older
// meetings keep their counts empty, as a meeting recorded without its
// roster would: drawing every meeting of a year for 20,000 members would
// write about a million rows for a screen nobody opens.
const demoAttendeeMonths = 3

// demoLeaveReasons are what members write when they ask for leave.
var demoLeaveReasons = []string{"出差", "外出参加学术会议", "身体不适", "上课冲突", "家中有事"}

// seedDemoAttendees draws the roster of the branches' recent meetings in tx:
// a branch committee meeting its secretary and committee members, any other
// branch meeting every member in normal status (party groups hold no member
// records: their meetings stay without a roster). Held meetings get a
// realistic attendance (most on time, a few late, on approved leave or
// absent); planned ones expected attendees, a few with a pending request.
func (s *Service) seedDemoAttendees(ctx context.Context, tx bun.Tx, r *rand.Rand, orgs map[int64]*org.Org, today date.Date) (int, error) {
	var meetings []Meeting
	if err := tx.NewSelect().Model(&meetings).Column("id", "org_id", "type_code", "starts_at", "state", "host").
		Where("held_on >= ?", today.Month().AddMonths(1-demoAttendeeMonths).First()).OrderExpr("id").Scan(ctx); err != nil {
		return 0, err
	}
	var orgIDs []int64
	for _, m := range meetings {
		if o := orgs[m.OrgID]; o != nil && org.IsBranch(o.Type) {
			orgIDs = append(orgIDs, m.OrgID)
		}
	}
	if len(orgIDs) == 0 {
		return 0, nil
	}
	slices.Sort(orgIDs)
	var briefs []member.Brief
	if err := s.members.SelectBriefs(tx, member.StatusNormal).Where("bm.org_id IN (?)", bun.List(slices.Compact(orgIDs))).
		OrderExpr("bm.id").Scan(ctx, &briefs); err != nil {
		return 0, err
	}
	roster := map[int64][]member.Brief{}
	for _, b := range briefs {
		roster[b.OrgID] = append(roster[b.OrgID], b)
	}
	now := time.Now().UTC()
	var rows []Attendee
	written := 0
	flush := func() error {
		for i := 0; i < len(rows); i += demoMeetingsPerInsert {
			part := rows[i:min(i+demoMeetingsPerInsert, len(rows))]
			if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
				return err
			}
		}
		written += len(rows)
		rows = rows[:0]
		return nil
	}
	for _, m := range meetings {
		o := orgs[m.OrgID]
		if o == nil || !org.IsBranch(o.Type) {
			continue
		}
		people := roster[m.OrgID]
		if m.TypeCode == TypeBranchCommittee {
			people = committeeOf(o, people)
		}
		for _, p := range people {
			a := Attendee{MeetingID: m.ID, MemberID: &p.ID, Name: p.Name, JoinType: JoinRoster, Status: AttendExpected}
			a.CreatedAt, a.UpdatedAt = now, now
			demoAttendance(r, &a, &m)
			rows = append(rows, a)
		}
		if len(rows) >= 10*demoMeetingsPerInsert {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return 0, err
	}
	return written, nil
}

// committeeOf is the branch's secretary and committee among its roster (by
// member id, or by name where the record keeps names only, as the demo's
// do), or the whole roster when the branch has none recorded.
func committeeOf(o *org.Org, people []member.Brief) []member.Brief {
	ids := slices.Clone(o.CommitteeMemberIDs)
	if o.SecretaryMemberID != nil {
		ids = append(ids, *o.SecretaryMemberID)
	}
	names := append(slices.Clone(o.Committee), o.SecretaryName)
	team := slices.DeleteFunc(slices.Clone(people), func(p member.Brief) bool {
		return !slices.Contains(ids, p.ID) && !slices.Contains(names, p.Name)
	})
	if len(team) == 0 {
		return people
	}
	return team
}

// demoAttendance gives one attendee of m the attendance a real meeting shows.
func demoAttendance(r *rand.Rand, a *Attendee, m *Meeting) {
	if m.State != StateClosed {
		if r.IntN(30) == 0 {
			a.LeaveReason, a.LeaveState = demoLeaveReasons[r.IntN(len(demoLeaveReasons))], LeavePending
		}
		return
	}
	switch n := r.IntN(100); {
	case n < 86:
		signed := m.StartsAt.Add(-time.Duration(1+r.IntN(14)) * time.Minute)
		a.Status, a.SignedAt, a.SignChannel = AttendPresent, &signed, "scan"
	case n < 91:
		signed := m.StartsAt.Add(time.Duration(DefaultLateMinutes+1+r.IntN(25)) * time.Minute)
		a.Status, a.SignedAt, a.SignChannel = AttendLate, &signed, "scan"
	case n < 97:
		decided := m.StartsAt.Add(-20 * time.Hour)
		a.Status, a.LeaveReason, a.LeaveState = AttendLeave, demoLeaveReasons[r.IntN(len(demoLeaveReasons))], LeaveApproved
		a.LeaveDecidedBy, a.LeaveDecidedAt = m.Host, &decided
	default:
		a.Status = AttendAbsent
	}
}
