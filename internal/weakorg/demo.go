package weakorg

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/rbac"
)

// The demo's weak-organisation cases (zhdj seed --demo, after organisation
// life's): last year's, as the committees proposed them and the 组织部
// decided them, each step through the service so that every case has its
// trail:
//
//   - one closed (销号) after its plan, three progress reports and a
//     returned-then-approved closing;
//   - two in rectification: one whose deadline is near and whose last
//     report is months old (both reminders fire), one on time;
//   - two rejected with the 组织部's reason; one recommended, waiting for
//     the 组织部; one candidate, waiting for its 二级党委.
//
// They are hand proposals, not a data screening: the demo's meetings cover
// only the last twelve months, so screening last year from the data would
// find nearly every branch without its meetings of the months the demo
// never wrote.

// DemoOptions are the demo seed's: the generator's seed.
type DemoOptions struct{ Seed uint64 }

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Year                                int
	Cases, Rectifying, Closed, Rejected int
	Took                                time.Duration
}

// demoStream is the generator's stream (other modules use others).
const demoStream = 1 << 52

// demoCase is one case of the demo: its criterion and evidence, and how far it goes.
type demoCase struct {
	criterion, evidence string
	run                 func(ctx context.Context, id int64, year int, today date.Date) error
}

// SeedDemo writes the demo's cases of last year.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	today := s.today()
	year := today.Time().Year() - 1
	res := &DemoResult{Year: year}
	admin := func(name string) context.Context {
		return rbac.WithMemo(rbac.With(ctx, &rbac.Principal{Username: name, Perms: map[string]bool{rbac.Admin: true}}))
	}
	committee, dept := admin("学院党委（演示）"), admin("组织部（演示）")
	branches, err := s.orgs.OfTypes(ctx, s.db, org.TypeBranch)
	if err != nil {
		return nil, err
	}
	branches = slices.DeleteFunc(branches, func(o org.Org) bool { return !o.Live() || o.FoundedOn.After(date.Date(fmt.Sprintf("%d-01-01", year))) })
	cases := s.demoCases(committee, dept, res)
	if len(branches) < len(cases) {
		return res, nil // a university without branches enough: no demo cases
	}
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	picked := r.Perm(len(branches))[:len(cases)]
	for i, c := range cases {
		d, err := s.Propose(committee, ProposeInput{Year: year, OrgID: branches[picked[i]].ID, Criterion: c.criterion, Evidence: c.evidence})
		if err != nil {
			return nil, fmt.Errorf("demo case %d: %w", i+1, err)
		}
		res.Cases++
		if c.run != nil {
			if err := c.run(ctx, d.ID, year, today); err != nil {
				return nil, fmt.Errorf("demo case %d: %w", i+1, err)
			}
		}
	}
	res.Took = time.Since(start)
	return res, nil
}

// demoCases are the demo's cases in the order they are written.
func (s *Service) demoCases(committee, dept context.Context, res *DemoResult) []demoCase {
	step := func(ctx context.Context, id int64, st Step, text string) error {
		_, err := s.stepOf(st)(ctx, id, DecisionInput{Text: text})
		return err
	}
	confirm := func(id int64, opinion string) error {
		if err := step(committee, id, "recommend", opinion); err != nil {
			return err
		}
		return step(dept, id, "confirm", "经组织部研究，认定为软弱涣散党组织，限期整顿。")
	}
	plan := func(id int64, deadline date.Date, measures ...MeasureInput) error {
		_, err := s.SetPlan(committee, id, PlanInput{Leader: "学院党委副书记", Deadline: deadline,
			Plan: "学院党委班子成员联系指导，支部逐项对照问题清单整改，每月报告进展。", Measures: measures})
		return err
	}
	report := func(id int64, on date.Date, text string) error {
		_, err := s.Report(committee, id, ReportInput{ReportedOn: on, Content: text})
		return err
	}
	return []demoCase{
		{CriterionLife, "第2、3季度均未召开支部党员大会，支部委员会全年仅召开4次，党员反映组织生活流于形式。", func(_ context.Context, id int64, year int, today date.Date) error {
			next := fmt.Sprint(year + 1)
			steps := []func() error{
				func() error { return confirm(id, "情况属实，建议认定。") },
				func() error {
					return plan(id, date.Date(next+"-06-30"),
						MeasureInput{Content: "恢复三会一课，按季度召开支部党员大会", Owner: "支部书记", DueOn: date.Date(next + "-03-31"), Done: true},
						MeasureInput{Content: "支部书记参加学院党务培训", Owner: "学院组织员", DueOn: date.Date(next + "-04-30"), Done: true})
				},
				func() error {
					return report(id, demoDay(next+"-01-15", today), "已召开支部党员大会，通报整改方案，党员逐一表态。")
				},
				func() error {
					return report(id, demoDay(next+"-03-20", today), "一季度三会一课全部按时召开，会议记录已补齐。")
				},
				func() error {
					return step(committee, id, "close-request", "整改措施全部完成，组织生活恢复正常。")
				},
				func() error {
					return step(dept, id, "close-return", "请补充党员满意度测评结果后再申请销号。")
				},
				func() error {
					return report(id, demoDay(next+"-05-25", today), "开展党员满意度测评，满意率92%。")
				},
				func() error {
					return step(committee, id, "close-request", "整改措施全部完成，党员满意度92%。")
				},
				func() error { return step(dept, id, "close-approve", "整顿达到预期，同意销号。") },
			}
			res.Closed++
			return runAll(steps)
		}},
		{CriterionVacant, "原支部书记调离后，书记职务空缺五个月，支部工作由组织委员临时主持。", func(_ context.Context, id int64, year int, today date.Date) error {
			res.Rectifying++
			return runAll([]func() error{
				func() error { return confirm(id, "书记长期缺职，建议认定。") },
				func() error {
					return plan(id, today.AddDays(10), MeasureInput{Content: "选优配强支部书记", Owner: "学院党委", DueOn: today.AddDays(-30)},
						MeasureInput{Content: "补选支部委员", Owner: "支部", DueOn: today.AddDays(10)})
				},
				func() error {
					return report(id, today.AddDays(-75), "已提名支部书记人选，正在征求党员意见。")
				},
			})
		}},
		{"6", "支部无固定活动场所，主题党日多次借用教室临时开展。", func(_ context.Context, id int64, year int, today date.Date) error {
			res.Rectifying++
			return runAll([]func() error{
				func() error { return confirm(id, "建议认定，并协调学院解决活动场所。") },
				func() error {
					return plan(id, today.AddDays(60), MeasureInput{Content: "落实党员活动室", Owner: "学院办公室", DueOn: today.AddDays(30)})
				},
				func() error {
					return report(id, today.AddDays(-5), "学院已腾出一间会议室作为党员活动室，正在布置。")
				},
			})
		}},
		{"2", "党员反映支部书记履职不力，组织生活长期由他人代为主持。", func(_ context.Context, id int64, _ int, _ date.Date) error {
			res.Rejected++
			return runAll([]func() error{
				func() error { return step(committee, id, "recommend", "请组织部研究。") },
				func() error {
					return step(dept, id, "reject", "经核查，书记因病休假期间由副书记主持工作，已按程序报备，不属于不胜任情形。")
				},
			})
		}},
		{"7", "年度群众满意度测评满意率58%。", func(_ context.Context, id int64, _ int, _ date.Date) error {
			res.Rejected++
			return step(dept, id, "reject", "测评样本仅12人，不足以反映实际情况，请下年度扩大样本后重新测评。")
		}},
		{"3", "支部委员之间分歧较大，两次支委会未能形成决议。", func(_ context.Context, id int64, _ int, _ date.Date) error {
			return step(committee, id, "recommend", "学院党委已谈话了解，情况基本属实，建议认定。")
		}},
		{"5", "支部换届选举中候选人差额比例不足20%。", nil},
	}
}

// stepOf is the service method of a step taking one text.
func (s *Service) stepOf(st Step) func(context.Context, int64, DecisionInput) (Detail, error) {
	return map[Step]func(context.Context, int64, DecisionInput) (Detail, error){
		"recommend": s.Recommend, "confirm": s.Confirm, "reject": s.Reject,
		"close-request": s.RequestClose, "close-approve": s.ApproveClose, "close-return": s.ReturnClose,
	}[st]
}

// Step names a step taking one text (the route's last segment).
type Step string

// demoDay is day, or today when day is still to come (a report is never dated later).
func demoDay(day string, today date.Date) date.Date {
	if d := date.Date(day); !d.After(today) {
		return d
	}
	return today
}

func runAll(steps []func() error) error {
	for _, f := range steps {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}
