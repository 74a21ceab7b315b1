package points

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/member"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

// DemoResult says what the demo seeding booked.
type DemoResult struct {
	Meetings, Entries, Proposals int
	Took                         time.Duration
}

// demoProposals are the demo's manual entries: kind, reason, state.
var demoProposals = []struct{ kind, reason, state, remark string }{
	{KindVolunteer, "参加社区疫苗接种志愿服务", StateApproved, ""},
	{KindHonour, "获评校级优秀共产党员", StateApproved, ""},
	{KindVolunteer, "参加迎新志愿服务", StatePending, ""},
	{KindOther, "参与支部主题党日活动策划", StateRejected, "已按组织生活出勤记分，不重复申报"},
}

// SeedDemo books the demo university's points from its real records: the
// attendance of every meeting organisation life holds, republished through
// its Go API and heard by the same handler as in production (the rules'
// defaults), and a few manual entries of members in normal status.
func (s *Service) SeedDemo(ctx context.Context, life *orglife.Service) (*DemoResult, error) {
	start := time.Now()
	res := &DemoResult{}
	var err error
	if res.Meetings, err = life.RepublishAttendance(ctx); err != nil {
		return nil, err
	}
	var briefs []member.Brief
	if err := s.members.SelectBriefs(s.db, member.StatusNormal).OrderExpr("bm.id").Limit(int64(len(demoProposals))).Scan(ctx, &briefs); err != nil {
		return nil, err
	}
	rules, err := s.rules(ctx, s.db)
	if err != nil {
		return nil, err
	}
	now := s.now()
	day := date.Of(now.In(date.China).AddDate(0, -1, 0))
	for i, b := range briefs {
		d := demoProposals[i]
		pts := 2
		switch d.kind {
		case KindVolunteer:
			pts = pointsOf(rules, RuleVolunteer)
		case KindHonour:
			pts = pointsOf(rules, RuleHonour)
		}
		p := Proposal{MemberID: b.ID, MemberName: b.Name, OrgID: b.OrgID, Kind: d.kind, Points: pts, Reason: d.reason, EarnedOn: day,
			State: d.state, ProposedBy: "admin", Remark: d.remark, CreatedAt: now, UpdatedAt: now}
		if d.state != StatePending {
			p.DecidedBy, p.DecidedAt = "admin", &now
		}
		if _, err := s.db.NewInsert().Model(&p).Returning("id").Exec(ctx); err != nil {
			return nil, err
		}
		res.Proposals++
		if d.state == StateApproved {
			tx, err := s.db.BeginTx(ctx, nil)
			if err != nil {
				return nil, err
			}
			e := Entry{MemberID: b.ID, MemberName: b.Name, OrgID: b.OrgID, Year: yearOf(day.String()), Points: pts, Kind: d.kind,
				Source: SourceManual, EventKey: fmt.Sprintf("manual:%d", p.ID), Text: fmt.Sprintf("%s：%s（%s）", KindNames[d.kind], d.reason, day), CreatedAt: now}
			if err := s.book(ctx, tx, e); err != nil {
				_ = tx.Rollback()
				return nil, err
			}
			if err := tx.Commit(); err != nil {
				return nil, err
			}
		}
	}
	if err := s.db.NewSelect().Table("jf_entry").ColumnExpr("COUNT(*)").Scan(ctx, &res.Entries); err != nil {
		return nil, err
	}
	res.Took = time.Since(start)
	return res, nil
}
