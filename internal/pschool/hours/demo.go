package hours

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Approved, Pending int
	Took              time.Duration
}

// demoMembers is how many members of the demo university get offline study.
const demoMembers = 120

// demoSessions are the demo's offline sessions of the year (month, day,
// title, form, tenths); the last one of each third member stays pending.
var demoSessions = []struct {
	month, day int
	title      string
	form       int
	tenths     int
}{
	{3, 15, "集中学习《中国共产党章程》", FormCentral, 40},
	{6, 28, "“七一”专题党课", FormLecture, 30},
	{9, 20, "主题党日：重温入党誓词", FormDay, 20},
}

// SeedDemo enters the demo university's offline study of the current year
// for its first members in normal status (in id order, so that it is the
// same on every run): three sessions each, approved, the last of every
// third member left pending for the committee to approve. A database that
// already has offline records is left alone. The online hours come from
// the courses learners study.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	start := time.Now()
	res := &DemoResult{}
	if n, err := s.db.NewSelect().Model((*Offline)(nil)).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	var members []member.Account
	if err := s.members.SelectAccounts(s.db, member.StatusNormal).OrderExpr("bm.id").Limit(demoMembers).Scan(ctx, &members); err != nil {
		return nil, err
	}
	today := s.today()
	year := today.Time().Year()
	now := s.now()
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for i, m := range members {
			for k, d := range demoSessions {
				day := date.MustParse(fmt.Sprintf("%04d-%02d-%02d", year, d.month, d.day))
				if day.After(today) {
					continue
				}
				row := Offline{MemberID: m.ID, OrgID: m.OrgID, StudiedOn: day, Year: year, Title: d.title, Form: d.form, Tenths: d.tenths,
					State: StateApproved, AuditedAt: &day}
				if k == len(demoSessions)-1 && i%3 == 0 {
					row.State, row.AuditedAt = StatePending, nil
					res.Pending++
				} else {
					res.Approved++
				}
				row.CreatedAt, row.UpdatedAt = now, now
				if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
					return err
				}
			}
		}
		return nil
	})
	res.Took = time.Since(start)
	return res, err
}
