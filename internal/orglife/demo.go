package orglife

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// The demo's meetings (zhdj seed --demo, after internal/demo wrote the
// university): the twelve months up to the current one for every
// organisation that holds meetings, so that 会议统计 has something to show.
//
//   - a branch (党支部, 直属党支部): 支部委员会 (in half the months twice)
//     and 主题党日 every month, 支部党员大会 and 党课 every quarter (a second
//     党课 in half the quarters, one a year given by the secretary),
//     组织生活会 in December;
//   - a party group: 党小组会 every month; the 党委 and each 二级党委:
//     民主生活会 in December;
//   - about one branch in ten is behind: two months without 支部委员会, or a
//     quarter without 党课; a few other meetings are missing here and there;
//   - meetings before today are held (CLOSE, minutes recorded, a few of the
//     last week's without minutes yet), later ones published (planned).
//
// The branches' meetings of the last three months and the planned ones get
// their roster and attendance (demo_attendees.go); the first 二级党委's
// branches ask for a receipt at their latest 主题党日 (demo_receipts.go).

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: today in China).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Meetings  int
	Attendees int
	Behind    int // branches behind on 党课 or 支委会
	Receipts  int // meetings asking for a receipt (demo_receipts.go)
	Took      time.Duration
}

// demoStream is the generator's stream (other modules use others).
const demoStream = 1 << 51

// demoMeetingsPerInsert is the rows of one multi-row INSERT.
const demoMeetingsPerInsert = 1000

// SeedDemo writes the demo's meetings in one transaction, in bulk.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	today := date.Of(opts.Today.In(date.China))
	orgs, err := s.orgs.OfTypes(ctx, s.db, org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeDirectBranch, org.TypeBranch, org.TypeGroup)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	res := &DemoResult{}
	now := time.Now().UTC()
	last := today.Month()
	first := last.AddMonths(-11)
	var rows []Meeting
	add := func(o *org.Org, code, topic string, day date.Date, edit func(*Meeting)) {
		if day.Before(o.FoundedOn) || (!o.Live() && !o.RevokedOn.IsZero() && o.RevokedOn.Before(day)) {
			return
		}
		starts, _ := time.ParseInLocation("2006-01-02 15:04", string(day)+" 14:30", date.China)
		m := Meeting{OrgID: o.ID, TypeCode: code, Topic: topic, StartsAt: starts.UTC(), EndsAt: starts.Add(90 * time.Minute).UTC(),
			HeldOn: day, Place: "党员活动室", Host: o.SecretaryName, State: StatePublished}
		m.CreatedAt, m.UpdatedAt = now, now
		published := starts.AddDate(0, 0, -7).UTC()
		m.PublishedAt = &published
		if day.Before(today) {
			m.State = StateClosed
			started, closed := m.StartsAt, m.EndsAt
			m.StartedAt, m.ClosedAt = &started, &closed
			if day.Before(today.AddDays(-7)) || r.IntN(4) > 0 {
				recorded := closed.Add(24 * time.Hour)
				m.MinutesAt = &recorded
				m.Minutes = "<p>会议按议程进行，形成决议如下。</p>"
			}
		}
		if edit != nil {
			edit(&m)
		}
		rows = append(rows, m)
	}
	// day is a day of month mo, drawn among the working days' usual range.
	day := func(mo date.Month, from, to int) date.Date {
		d := mo.First().AddDays(from - 1 + r.IntN(to-from+1))
		if d.After(mo.Last()) {
			return mo.Last()
		}
		return d
	}
	for i := range orgs {
		o := &orgs[i]
		switch {
		case org.IsBranch(o.Type):
			behindCommittee, behindLecture := false, false
			if r.IntN(10) == 0 {
				res.Behind++
				if r.IntN(2) == 0 {
					behindCommittee = true
				} else {
					behindLecture = true
				}
			}
			skipped := map[int]bool{}
			if behindCommittee {
				skipped[r.IntN(10)] = true
				skipped[r.IntN(10)+1] = true
			}
			skippedQuarter := 0 // a quarter as year×10 + its index, whole within the twelve months
			quarter := func(mo date.Month) int { return mo.Year()*10 + (mo.Num()-1)/3 }
			if behindLecture {
				skippedQuarter = quarter(first.AddMonths(3 + r.IntN(6)))
			}
			secretaryDone := map[int]bool{} // by calendar year: the secretary lectures once in each
			for k := 0; k < 12; k++ {
				mo := first.AddMonths(k)
				if !skipped[k] {
					add(o, TypeBranchCommittee, fmt.Sprintf("%d月支部委员会", mo.Num()), day(mo, 3, 10), nil)
					if r.IntN(2) == 0 { // many committees meet twice a month
						add(o, TypeBranchCommittee, fmt.Sprintf("%d月支部委员会（二）", mo.Num()), day(mo, 18, 26), nil)
					}
				}
				if r.IntN(40) > 0 {
					add(o, TypeThemeDay, fmt.Sprintf("%d月主题党日活动", mo.Num()), day(mo, 12, 25), nil)
				}
				q := (mo.Num() - 1) / 3
				if mo.Num()%3 == 1 && quarter(mo) != skippedQuarter && r.IntN(2) == 0 { // a second 党课 in some quarters
					add(o, TypeLecture, fmt.Sprintf("第%d季度专题党课", q+1), day(mo, 10, 24), nil)
				}
				if mo.Num()%3 == 2 { // the quarter's middle month
					add(o, TypeBranchGeneral, fmt.Sprintf("第%d季度支部党员大会", q+1), day(mo, 8, 20), nil)
					if quarter(mo) != skippedQuarter {
						secretary := !secretaryDone[mo.Year()] && (q == 1 || mo.Num() == 11)
						secretaryDone[mo.Year()] = secretaryDone[mo.Year()] || secretary
						add(o, TypeLecture, fmt.Sprintf("第%d季度党课", q+1), day(mo, 15, 26), func(m *Meeting) {
							m.SecretaryLecture = secretary
							m.Lecturer = o.SecretaryName
						})
					}
				}
				if mo.Num() == 12 {
					add(o, TypeLifeMeeting, "年度组织生活会", day(mo, 10, 28), nil)
				}
			}
		case o.Type == org.TypeGroup:
			for k := 0; k < 12; k++ {
				mo := first.AddMonths(k)
				if r.IntN(30) > 0 {
					add(o, TypeGroup, fmt.Sprintf("%d月党小组会", mo.Num()), day(mo, 5, 25), nil)
				}
			}
		default: // 党委, 二级党委
			for k := 0; k < 12; k++ {
				if mo := first.AddMonths(k); mo.Num() == 12 {
					add(o, TypeDemocratic, "年度民主生活会", day(mo, 15, 28), nil)
				}
			}
		}
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for i := 0; i < len(rows); i += demoMeetingsPerInsert {
			part := rows[i:min(i+demoMeetingsPerInsert, len(rows))]
			if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
				return err
			}
		}
		byID := make(map[int64]*org.Org, len(orgs))
		for i := range orgs {
			byID[orgs[i].ID] = &orgs[i]
		}
		if res.Attendees, err = s.seedDemoAttendees(ctx, tx, r, byID, today); err != nil {
			return err
		}
		res.Receipts, err = s.seedDemoReceipts(ctx, tx, orgs, today) // demo_receipts.go
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("meetings: %w", err)
	}
	if db.IsPostgres(s.db) {
		if _, err := s.db.ExecContext(ctx, "VACUUM ANALYZE zzsh_meeting, zzsh_attendee"); err != nil {
			return nil, err
		}
	}
	res.Meetings = len(rows)
	res.Took = time.Since(start)
	return res, nil
}
