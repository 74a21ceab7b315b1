package secreview

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// The demo's reviews (zhdj seed --demo, after internal/demo wrote the
// university and orglife its meetings):
//
//   - last year: the 党委's round of the 二级党委 secretaries and each
//     二级党委's round of its branch secretaries, closed, every report
//     submitted (a few late) and graded, mostly 好 and 较好;
//   - this year: the same rounds open, due on 25 December (or in three
//     weeks once that is near), a few reports submitted, some of those
//     graded and one returned for rework.
//
// The 党委's own branches (直属党支部) are in no demo round: a branch round
// at the 党委 lists every branch of the school, which the 二级党委s' rounds
// list already.
//
// The demo university types its secretaries' names (internal/demo links no
// member record to an organisation's secretary), so a new round opened on it
// lists every organisation as 书记未关联党员; the demo's own rounds link each
// secretary to the member of that name in the organisation's subtree.

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: today in China).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Rounds, Reports, Submitted, Graded int
	Took                               time.Duration
}

// demoStream is the generator's stream (other modules use others).
const demoStream = 1 << 52

// SeedDemo writes the demo's rounds and reports in one transaction.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	today := date.Of(opts.Today.In(date.China))
	year := today.Time().Year()
	orgs, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return nil, err
	}
	secretaries, err := s.demoSecretaries(ctx, orgs)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	res := &DemoResult{}
	type planned struct {
		round   Round
		reports []Report
	}
	var plans []planned
	plan := func(organiser *org.Org, level string, y int) {
		listed, _ := s.reportingIn(orgs, organiser, level)
		if len(listed) == 0 {
			return
		}
		due := date.Date(fmt.Sprintf("%d-12-25", y))
		if y == year && !today.Before(due.AddDays(-14)) {
			due = today.AddDays(21)
		}
		rd := Round{Year: y, Level: level, OrgID: organiser.ID, Title: fmt.Sprintf("%s%d年度%s抓党建述职评议", organiser.Name, y, LevelNames[level]),
			DueOn: due, State: RoundOpen, OpenedBy: "组织部"}
		opened := due.AddDays(-40).Time().Add(2 * time.Hour).UTC()
		rd.CreatedAt, rd.UpdatedAt = opened, opened
		if y < year {
			closed := due.AddDays(20).Time().Add(10 * time.Hour).UTC()
			rd.State, rd.ClosedAt, rd.UpdatedAt = RoundClosed, &closed, closed
		}
		p := planned{round: rd}
		for _, o := range listed {
			rep := Report{Year: y, Level: level, OrgID: o.ID, SecretaryName: o.SecretaryName, State: StateDraft}
			rep.CreatedAt, rep.UpdatedAt = opened, opened
			if id, ok := secretaries[o.ID]; ok {
				rep.SecretaryMemberID = &id
			} else {
				rep.Vacant = true
			}
			if !rep.Vacant {
				s.demoReport(r, &rep, o, &rd, today, y < year)
			}
			p.reports = append(p.reports, rep)
		}
		plans = append(plans, p)
	}
	for i := range orgs {
		o := &orgs[i]
		if !o.Live() {
			continue
		}
		switch o.Type {
		case org.TypeCommittee:
			plan(o, LevelCommittee, year-1)
			plan(o, LevelCommittee, year)
		case org.TypeSecondaryCommittee, org.TypeGeneralBranch:
			if o.Type == org.TypeGeneralBranch && (o.PID == nil || !s.demoUnderRoot(orgs, *o.PID)) {
				continue // a 党总支 inside a 二级党委: that 二级党委's round lists its branches
			}
			plan(o, LevelBranch, year-1)
			plan(o, LevelBranch, year)
		}
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, p := range plans {
			rd := p.round
			if _, err := tx.NewInsert().Model(&rd).Exec(ctx); err != nil {
				return err
			}
			for i := range p.reports {
				p.reports[i].RoundID = rd.ID
			}
			for i := 0; i < len(p.reports); i += 500 {
				part := p.reports[i:min(i+500, len(p.reports))]
				if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
					return err
				}
			}
			res.Rounds++
			for _, rep := range p.reports {
				res.Reports++
				if rep.State == StateSubmitted || rep.State == StateGraded {
					res.Submitted++
				}
				if rep.State == StateGraded {
					res.Graded++
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("secretaries' reviews: %w", err)
	}
	res.Took = time.Since(start)
	return res, nil
}

// demoUnderRoot tells whether organisation id is a root (the 党委).
func (s *Service) demoUnderRoot(orgs []org.Org, id int64) bool {
	for _, o := range orgs {
		if o.ID == id {
			return o.PID == nil
		}
	}
	return false
}

// reportingIn is reporting over organisations read already.
func (s *Service) reportingIn(orgs []org.Org, o *org.Org, level string) ([]org.Org, error) {
	var out []org.Org
	for _, x := range orgs {
		if !x.Live() {
			continue
		}
		switch level {
		case LevelCommittee:
			if (x.Type == org.TypeSecondaryCommittee || x.Type == org.TypeGeneralBranch) && x.PID != nil && *x.PID == o.ID {
				out = append(out, x)
			}
		case LevelBranch:
			if org.IsBranch(x.Type) && strings.HasPrefix(x.Path, o.Path) {
				out = append(out, x)
			}
		}
	}
	return out, nil
}

// demoSecretaries links each organisation's typed secretary to the member
// of that name in its subtree (the lowest id when several): one query for
// every name.
func (s *Service) demoSecretaries(ctx context.Context, orgs []org.Org) (map[int64]int64, error) {
	var names []string
	for _, o := range orgs {
		if o.SecretaryName != "" {
			names = append(names, o.SecretaryName)
		}
	}
	out := map[int64]int64{}
	if len(names) == 0 {
		return out, nil
	}
	slices.Sort(names)
	names = slices.Compact(names)
	path := make(map[int64]string, len(orgs))
	for _, o := range orgs {
		path[o.ID] = o.Path
	}
	byName := map[string][]struct{ id, org int64 }{}
	for i := 0; i < len(names); i += 500 {
		var rows []member.Brief
		if err := s.members.SelectBriefs(s.db).Where("bm.name IN (?)", bun.List(names[i:min(i+500, len(names))])).
			OrderExpr("bm.id").Scan(ctx, &rows); err != nil {
			return nil, err
		}
		for _, m := range rows {
			byName[m.Name] = append(byName[m.Name], struct{ id, org int64 }{m.ID, m.OrgID})
		}
	}
	for _, o := range orgs {
		for _, m := range byName[o.SecretaryName] {
			if strings.HasPrefix(path[m.org], o.Path) {
				out[o.ID] = m.id
				break
			}
		}
	}
	return out, nil
}

// demoGrades draws a grade: mostly 好 and 较好, a few 一般, rarely 差.
func demoGrade(r *rand.Rand) string {
	switch n := r.IntN(100); {
	case n < 48:
		return GradeGood
	case n < 88:
		return GradeFair
	case n < 98:
		return GradeAverage
	}
	return GradePoor
}

var demoComments = map[string][]string{
	GradeGood:    {"履行第一责任人职责到位，组织生活规范，特色工作成效明显。", "抓党建工作思路清晰、措施有力，党员教育管理扎实。"},
	GradeFair:    {"能够较好履行抓党建职责，组织生活基本规范，问题查摆需更深入。", "工作有成效，党建与业务融合有待加强。"},
	GradeAverage: {"履职尽责不够到位，三会一课落实不够经常，需限期改进。"},
	GradePoor:    {"抓党建责任落实不力，组织生活不正常，责成整改并跟踪督办。"},
}

// demoReport fills a listed secretary's report: done when the round is
// last year's; this year's a few submitted, some graded, one in ten of
// those returned.
func (s *Service) demoReport(r *rand.Rand, rep *Report, o org.Org, rd *Round, today date.Date, past bool) {
	text := fmt.Sprintf("%s%d年度书记抓党建工作述职报告\n一、履行抓党建第一责任人职责情况\n%s认真落实“三会一课”、主题党日等制度，"+
		"按期召开支部委员会和党员大会，带头讲党课。\n二、存在的问题\n党建与业务融合还不够紧密，对青年党员的教育引导方式有待创新。\n"+
		"三、下一步工作打算\n持续加强支部标准化规范化建设，抓好党员发展和教育管理。\n述职人：%s", o.Name, rd.Year, o.Name, o.SecretaryName)
	submit := func(at date.Date) {
		t := at.Time().Add(time.Duration(9+r.IntN(9)) * time.Hour).UTC()
		rep.Content, rep.SavedAt, rep.SubmittedAt, rep.State, rep.UpdatedAt = text, &t, &t, StateSubmitted, t
		rep.Late = at.After(rd.DueOn)
	}
	grade := func(at date.Date) {
		t := at.Time().Add(15 * time.Hour).UTC()
		g := demoGrade(r)
		rep.State, rep.Grade, rep.Reviewer, rep.ReviewedAt, rep.UpdatedAt = StateGraded, g, "组织部", &t, t
		rep.Comment = demoComments[g][r.IntN(len(demoComments[g]))]
	}
	if past {
		day := rd.DueOn.AddDays(-r.IntN(20))
		if r.IntN(12) == 0 {
			day = rd.DueOn.AddDays(1 + r.IntN(5)) // a few late
		}
		submit(day)
		grade(rd.DueOn.AddDays(3 + r.IntN(10)))
		return
	}
	if r.IntN(5) != 0 {
		if r.IntN(3) == 0 { // a draft begun
			t := today.AddDays(-r.IntN(5)).Time().Add(20 * time.Hour).UTC()
			rep.Content, rep.SavedAt, rep.UpdatedAt = text[:strings.Index(text, "二、")], &t, t
		}
		return
	}
	submitted := today.AddDays(-1 - r.IntN(7))
	if submitted.Before(date.Of(rd.CreatedAt.In(date.China))) {
		submitted = today
	}
	submit(submitted)
	switch r.IntN(10) {
	case 0:
		t := today.Time().Add(10 * time.Hour).UTC()
		rep.State, rep.ReturnReason, rep.Reviewer, rep.ReviewedAt, rep.UpdatedAt = StateReturned, "请补充问题查摆和整改措施。", "组织部", &t, t
	case 1, 2, 3:
		grade(today)
	}
}
