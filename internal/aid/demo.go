package aid

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/money"
)

// DemoResult says what the demo seeding registered.
type DemoResult struct {
	Cases, Records int
	Took           time.Duration
}

// demoCases are the demo's members in difficulty: kind (DYBF_KNLX), description.
var demoCases = []struct{ kind, description string }{
	{"1", "患恶性肿瘤住院治疗，自付医疗费用较高，家庭收入骤减"},
	{"2", "家中房屋在暑期强降雨中受损，需修缮"},
	{"3", "配偶下岗，独自抚养两名子女，家庭生活困难"},
	{"4", "肢体二级残疾，行动不便，需定期康复"},
}

// SeedDemo registers the demo university's aid: a few members in normal
// status in difficulty, a 七一 and a 春节 visit, in-kind help, one money
// record approved and one awaiting its approval.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	start := time.Now()
	res := &DemoResult{}
	var briefs []member.Brief
	if err := s.members.SelectBriefs(s.db, member.StatusNormal).OrderExpr("bm.id DESC").Limit(int64(len(demoCases))).
		Scan(ctx, &briefs); err != nil {
		return nil, err
	}
	now := s.now()
	today := now.In(date.China)
	day := func(months int, d string) date.Date { // a past day: months back, then the day of that month
		t := today.AddDate(0, -months, 0)
		return date.Date(fmt.Sprintf("%04d-%02d-%s", t.Year(), t.Month(), d))
	}
	july := fmt.Sprintf("%04d-06-28", today.Year())
	if today.Month() < time.July {
		july = fmt.Sprintf("%04d-06-28", today.Year()-1)
	}
	spring := fmt.Sprintf("%04d-01-25", today.Year())
	if today.Month() < time.February {
		spring = fmt.Sprintf("%04d-01-25", today.Year()-1)
	}
	for i, b := range briefs {
		c := Case{MemberID: b.ID, MemberName: b.Name, OrgID: b.OrgID, Kind: demoCases[i].kind, Description: demoCases[i].description,
			Since: day(5, "10"), State: CaseAiding, CreatedBy: "admin", Stamps: db.StampsAt(now)}
		if _, err := s.db.NewInsert().Model(&c).Exec(ctx); err != nil {
			return nil, err
		}
		res.Cases++
	}
	places := map[int64]*int64{}
	for _, b := range briefs {
		p, err := s.orgs.Placements(ctx, s.db, []int64{b.OrgID})
		if err != nil {
			return nil, err
		}
		places[b.ID] = p[b.OrgID].Committee
	}
	records := []struct {
		at                    int
		kind, occasion, state string
		on                    date.Date
		fen                   money.Fen
		visitors, note        string
	}{
		{0, KindVisit, OccasionJuly, StateDone, date.Date(july), 0, "学院党委书记、支部书记", "七一走访慰问，送去慰问金和慰问品"},
		{1, KindVisit, OccasionSpring, StateDone, date.Date(spring), 0, "支部书记、组织委员", "春节前走访慰问"},
		{2, KindGoods, "", StateDone, day(2, "15"), 0, "支部委员", "米、油等生活用品一批"},
		{0, KindMoney, "", StateApproved, day(1, "08"), 150000, "", "住院医疗费用补助"},
		{3, KindMoney, "", StatePending, day(0, "01"), 80000, "", "康复治疗费用补助"},
	}
	for _, r := range records {
		if r.at >= len(briefs) {
			continue
		}
		b := briefs[r.at]
		on := r.on
		row := Record{MemberID: b.ID, MemberName: b.Name, OrgID: b.OrgID, CommitteeID: places[b.ID], Kind: r.kind, Occasion: r.occasion,
			Year: yearOf(on), AidOn: on, Fen: r.fen, Visitors: r.visitors, Note: r.note, State: r.state, ProposedBy: "admin",
			Stamps: db.StampsAt(now)}
		if r.state == StateApproved {
			row.DecidedBy, row.DecidedAt, row.Remark = "admin", &now, "同意"
		}
		if _, err := s.db.NewInsert().Model(&row).Exec(ctx); err != nil {
			return nil, err
		}
		res.Records++
	}
	res.Took = time.Since(start)
	return res, nil
}
