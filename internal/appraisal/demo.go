package appraisal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// The demo's appraisals (zhdj seed --demo, after internal/demo wrote the
// university): up to demoPerParent branches of each committee, at most
// demoBranches in all, in tree order, each with at least three full members:
//
//   - last year: every such branch's round decided, its vote held on the
//     ballot engine (ballots cast by the members through the engine, as on
//     their phones: accounts by their tokens, the others by printed codes),
//     the grades as proposed, a 不合格 member given 限期改正;
//   - this year: the same branches in every state in turn — 自评中 (some
//     summaries submitted, some drafts), 投票中 (half of the ballots in),
//     待决定 (closed and counted), 已决定.
const (
	demoBranches  = 12
	demoPerParent = 3
	demoStream    = 1 << 53
	demoOperator  = "演示数据"
)

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: today in China).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Rounds, Ballots, Decided int
	Took                     time.Duration
}

// SeedDemo writes the demo's rounds and votes.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	year := date.Of(opts.Today.In(date.China)).Time().Year()
	all, err := s.orgs.OfTypes(ctx, s.db, org.TypeBranch, org.TypeDirectBranch)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(opts.Seed, demoStream))
	res := &DemoResult{}
	perParent := map[int64]int{}
	picked := 0
	targets := []string{StateSelf, StateVoting, StateCounted, StateDecided}
	for _, b := range all {
		if picked >= demoBranches {
			break
		}
		parent := int64(0)
		if b.PID != nil {
			parent = *b.PID
		}
		if !b.Live() || perParent[parent] >= demoPerParent {
			continue
		}
		roster, err := s.members.Roster(ctx, s.db, b.ID)
		if err != nil {
			return nil, err
		}
		full := 0
		for _, m := range roster {
			if !m.Probation() {
				full++
			}
		}
		if full < 3 {
			continue
		}
		if err := s.demoRound(ctx, rng, b, roster, year-1, StateDecided, res); err != nil {
			return nil, fmt.Errorf("appraisal demo: %s %d: %w", b.Name, year-1, err)
		}
		if err := s.demoRound(ctx, rng, b, roster, year, targets[picked%len(targets)], res); err != nil {
			return nil, fmt.Errorf("appraisal demo: %s %d: %w", b.Name, year, err)
		}
		perParent[parent]++
		picked++
	}
	res.Took = time.Since(start)
	return res, nil
}

// demoSummary is a member's summary in the demo (above the 300 字 minimum).
func demoSummary(name string) string {
	return strings.Join([]string{
		"一、思想政治方面：本年度认真学习党的创新理论，按时参加支部组织的集中学习和专题研讨，撰写学习心得，理想信念更加坚定，在思想上、政治上、行动上同党中央保持高度一致。",
		"二、履行党员义务方面：严格遵守党的纪律和规矩，按时参加“三会一课”和主题党日活动，按月足额交纳党费，积极参加志愿服务，在本职岗位上发挥先锋模范作用。",
		"三、工作学习方面：立足岗位，勤勉尽责，认真完成各项工作任务，主动帮助身边同志解决实际困难，注重联系服务群众，虚心听取意见建议。",
		"四、存在的问题和不足：理论学习的系统性还不够，联系实际解决问题的能力有待提高，批评和自我批评开展得还不够经常。",
		"五、今后的努力方向：进一步加强理论学习，提高政治站位，改进工作作风，以更高标准严格要求自己，努力做一名合格的共产党员。" + name,
	}, "\n\n")
}

// demoRound writes branch b's round of year up to state target.
func (s *Service) demoRound(ctx context.Context, rng *rand.Rand, b org.Org, roster []member.RosterEntry, year int, target string, res *DemoResult) error {
	now := s.now().Truncate(time.Second)
	r := &Round{Year: year, OrgID: b.ID, State: StateSelf, OpenedBy: demoOperator}
	r.CreatedAt, r.UpdatedAt = now, now
	as := make([]Appraisee, len(roster))
	for i, m := range roster {
		a := Appraisee{MemberID: m.ID, Name: db.Clip(m.Name, 50), Probation: m.Probation(), Active: true}
		a.CreatedAt, a.UpdatedAt = now, now
		switch p := rng.Float64(); {
		case target != StateSelf || p < 0.6:
			a.Summary, a.SummaryState, a.SavedAt, a.SubmittedAt = demoSummary(m.Name), SummarySubmitted, &now, &now
		case p < 0.8:
			a.Summary, a.SummaryState, a.SavedAt = string([]rune(demoSummary(m.Name))[:120]), SummaryDraft, &now
		}
		as[i] = a
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
			return err
		}
		for i := range as {
			as[i].RoundID = r.ID
		}
		_, err := tx.NewInsert().Model(&as).Exec(ctx)
		return err
	})
	if err != nil {
		return err
	}
	res.Rounds++
	if target == StateSelf {
		return nil
	}
	// The vote: one question per full member, every member on the roll.
	var graded []Appraisee
	var accounts []int64
	codes := 0
	for _, a := range as {
		if a.Graded() {
			graded = append(graded, a)
		}
	}
	for _, m := range roster {
		if m.UserID != nil {
			accounts = append(accounts, *m.UserID)
		} else {
			codes++
		}
	}
	share := s.share(ctx)
	opened, err := s.ballots.Open(ctx, s.db, ballot.Spec{Kind: BallotKind, RefID: r.ID, Paper: paper(b.Name, year, graded, share),
		Voters: accounts, Codes: codes, Link: VoteLink})
	if err != nil {
		return err
	}
	if _, err := s.db.NewUpdate().Model(r).Set("state = ?", StateVoting).Set("ballot_id = ?", opened.RoundID).Set("votes = 1").
		Set("voting_at = ?", now).WherePK().Exec(ctx); err != nil {
		return err
	}
	// Each full member has a standing most voters see; a voter strays now and then.
	standing := map[int64]string{}
	for _, a := range graded {
		switch p := rng.Float64(); {
		case p < 0.2:
			standing[a.ID] = GradeExcellent
		case p < 0.93:
			standing[a.ID] = GradeQualified
		case p < 0.98:
			standing[a.ID] = GradeBasic
		default:
			standing[a.ID] = GradeUnqualified
		}
	}
	marks := func() []ballot.Mark {
		out := make([]ballot.Mark, 0, len(graded))
		for _, a := range graded {
			g := standing[a.ID]
			if rng.Float64() < 0.2 {
				g = Grades[rng.IntN(3)]
			}
			out = append(out, ballot.Mark{Item: questionKey(a.ID), Choice: g})
		}
		return out
	}
	voters := len(accounts) + codes
	share75 := 0.75 + rng.Float64()*0.2
	if target == StateVoting {
		share75 = 0.3 + rng.Float64()*0.2
	}
	want := max(int(float64(voters)*share75), voters/2+1)
	if target == StateVoting {
		want = int(float64(voters) * share75)
	}
	cast := 0
	for _, acc := range accounts {
		if cast >= want {
			break
		}
		if err := s.ballots.CastAs(ctx, opened.RoundID, acc, marks()); err != nil {
			return err
		}
		cast++
	}
	for _, c := range opened.Codes {
		if cast >= want {
			break
		}
		if err := s.ballots.CastCode(ctx, opened.RoundID, c.Code, marks()); err != nil {
			return err
		}
		cast++
	}
	res.Ballots += cast
	if target == StateVoting {
		return nil
	}
	// Closed and counted.
	if err := s.ballots.Close(ctx, s.db, opened.RoundID); err != nil {
		return err
	}
	tally, err := s.ballots.TallyOf(ctx, opened.RoundID)
	if err != nil {
		return err
	}
	var cands []Candidate
	for i := range as {
		a := &as[i]
		if !a.Graded() {
			continue
		}
		k := questionKey(a.ID)
		a.Excellent, a.Qualified = tally.Count(k, GradeExcellent), tally.Count(k, GradeQualified)
		a.Basic, a.Unqualified = tally.Count(k, GradeBasic), tally.Count(k, GradeUnqualified)
		cands = append(cands, Candidate{ID: a.ID, Counts: a.Counts()})
	}
	proposed := Proposals(cands, share.ExcellentCap(len(cands)))
	decided := target == StateDecided
	r.Excellent, r.Unqualified = 0, 0
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for i := range as {
			a := &as[i]
			if !a.Graded() {
				continue
			}
			a.Proposed = proposed[a.ID]
			cols := []string{"n_excellent", "n_qualified", "n_basic", "n_unqualified", "proposed"}
			if decided {
				a.Grade = a.Proposed
				if a.Grade == "" {
					a.Grade = GradeQualified
				}
				cols = append(cols, "grade")
				switch a.Grade {
				case GradeExcellent:
					r.Excellent++
				case GradeUnqualified:
					r.Unqualified++
					due := date.Of(now.In(date.China)).AddDays(90)
					if year < date.Of(now.In(date.China)).Time().Year() {
						due = date.Date(fmt.Sprintf("%d-06-30", year+1))
					}
					a.FollowUp, a.FollowNote, a.FollowDue, a.FollowBy, a.FollowAt = FollowCorrect, "支部书记谈话提醒，限期三个月改正", &due, demoOperator, &now
					cols = append(cols, "follow_up", "follow_note", "follow_due", "follow_by", "follow_at")
				}
			}
			if _, err := tx.NewUpdate().Model(a).Column(cols...).WherePK().Exec(ctx); err != nil {
				return err
			}
		}
		state := StateCounted
		if decided {
			state = StateDecided
		}
		q := tx.NewUpdate().Model(r).Set("state = ?", state).Set("issued = ?", voters).Set("cast_count = ?", cast).Set("closed_at = ?", now).WherePK()
		if decided {
			res.Decided++
			q = q.Set("decided_by = ?", demoOperator).Set("decided_at = ?", now).Set("excellent = ?", r.Excellent).Set("unqualified = ?", r.Unqualified)
		}
		_, err := q.Exec(ctx)
		return err
	})
}
