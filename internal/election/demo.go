package election

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"zhdj/internal/org"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/rbac"
)

// The demo's elections (zhdj seed --demo, after internal/demo wrote the
// university), each made through the module's own path (plan, flow, the
// engine's rounds and ballots, the count, the write-back):
//
//   - the first branch with enough members: its 换届 of last November,
//     voted by every member with a vote (printed codes for those without an
//     account), counted, reported and confirmed; the new committee and its
//     term (from that day, 3 years) are written to the branch;
//   - the next such branch: a plan approved by its 二级党委, the vote due;
//   - the school's 党代表选举: the 二级党委 as constituencies (2 seats each,
//     差额), three names nominated by the branches of each.

// DemoOptions are the demo seed's: the day the data is consistent with (zero: now).
type DemoOptions struct {
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Elections, Votes, Ballots, Units, Nominations int
	Took                                          time.Duration
}

// SeedDemo writes the demo's elections.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	branches, err := s.orgs.OfTypes(ctx, s.db, org.TypeBranch)
	if err != nil {
		return nil, err
	}
	today := date.Of(opts.Today.In(date.China))
	// Last year's November: the election held, confirmed, written back, in
	// the first branch that had voters enough then; the next branch with
	// voters enough now has a plan approved, its vote in two weeks.
	held := time.Date(today.Time().Year()-1, time.November, 18, 9, 0, 0, 0, date.China)
	decided, approved := false, false
	for _, b := range branches {
		if decided && approved {
			break
		}
		if !b.Live() || b.PID == nil {
			continue
		}
		if !decided {
			ok, err := s.demoDecided(ctx, b, held, res)
			if err != nil {
				return nil, fmt.Errorf("election demo (decided): %w", err)
			}
			decided = ok
			if ok {
				continue
			}
		}
		if approved {
			continue
		}
		plan, ok, err := s.demoPlan(ctx, b, date.Of(opts.Today.In(date.China).AddDate(0, 0, 14)))
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		d, err := s.Create(ctx, plan)
		if err != nil {
			return nil, fmt.Errorf("election demo (approved): %w", err)
		}
		if err := s.demoAct(ctx, d.ID, flow.Approve, nil); err != nil {
			return nil, err
		}
		res.Elections++
		approved = true
	}
	if err := s.demoCongress(ctx, today, res); err != nil {
		return nil, fmt.Errorf("election demo (congress): %w", err)
	}
	res.Took = time.Since(start)
	return res, nil
}

// demoPlan is a 差额 plan of branch o: as many seats as its members with a
// vote on the service's day allow (up to 3), the first of them as
// candidates; false when fewer than two have a vote.
func (s *Service) demoPlan(ctx context.Context, o org.Org, meeting date.Date) (PlanInput, bool, error) {
	voters, err := s.votersOf(ctx, s.db, o.ID)
	if err != nil || len(voters) < MinCandidates(1) {
		return PlanInput{}, false, err
	}
	seats := 3
	for seats > 1 && MinCandidates(seats) > len(voters) {
		seats--
	}
	in := PlanInput{OrgID: o.ID, Title: fmt.Sprintf("%s换届选举", o.Name), Seats: seats, Method: MethodDiff, MeetingOn: meeting,
		Note: "按期换届，采用差额选举方式选举产生新一届支部委员会"}
	for _, v := range voters[:MinCandidates(seats)] {
		in.Candidates = append(in.Candidates, CandidateInput{MemberID: v.ID})
	}
	return in, true, nil
}

// demoAct takes a flow action on election id at its current version.
func (s *Service) demoAct(ctx context.Context, id int64, result flow.Result, form any) error {
	v, err := s.wf.View(ctx, id)
	if err != nil {
		return err
	}
	in := flow.ActionInput{Version: v.Version, Result: result}
	if form != nil {
		in.Form = mustJSON(form)
	}
	_, err = s.wf.Act(ctx, id, in)
	return err
}

// demoDecided runs branch o's election of day held end to end, on a copy
// of the service whose clock reads that day; false when the branch had too
// few members with a vote then.
func (s *Service) demoDecided(ctx context.Context, o org.Org, held time.Time, res *DemoResult) (bool, error) {
	then := *s
	then.now = func() time.Time { return held.UTC() }
	then.wf = then.workflow()
	plan, ok, err := then.demoPlan(ctx, o, date.Of(held))
	if err != nil || !ok {
		return false, err
	}
	d, err := then.Create(ctx, plan)
	if err != nil {
		return false, err
	}
	if err := then.demoAct(ctx, d.ID, flow.Approve, nil); err != nil {
		return false, err
	}
	roll, err := then.ElectionVoters(ctx, d.ID)
	if err != nil {
		return false, err
	}
	present := make([]int64, len(roll.Voters))
	for i, v := range roll.Voters {
		present[i] = v.ID
	}
	opened, err := then.OpenElectionVote(ctx, d.ID, VoteInput{Present: present})
	if err != nil {
		return false, err
	}
	// Every voter marks the first seats candidates; one ballot in five
	// takes the next candidate instead of the last of them.
	opts, seats := roll.Options, roll.Seats
	mark := func(i int) []ballot.Mark {
		var marks []ballot.Mark
		for j := range seats {
			k := opts[j].Key
			if j == seats-1 && i%5 == 4 {
				k = opts[seats].Key
			}
			marks = append(marks, ballot.Mark{Item: QuestionCommittee, Choice: k})
		}
		return marks
	}
	cast := 0
	accounts, err := s.members.AccountsOf(ctx, s.db, present)
	if err != nil {
		return false, err
	}
	for _, a := range accounts {
		if err := s.ballots.CastAs(ctx, opened.RoundID, a, mark(cast)); err != nil {
			return false, err
		}
		cast++
	}
	for _, c := range opened.Codes {
		if err := s.ballots.CastCode(ctx, opened.RoundID, c.Code, mark(cast)); err != nil {
			return false, err
		}
		cast++
	}
	if _, err := then.CloseElectionVote(ctx, opened.ID); err != nil {
		return false, err
	}
	detail, err := then.Detail(ctx, d.ID)
	if err != nil {
		return false, err
	}
	form := ReportInput{}
	if len(detail.Elected) > 0 {
		form.SecretaryName = detail.Elected[0].Name
	}
	if len(detail.Elected) > 1 {
		form.DeputyName = detail.Elected[1].Name
	}
	if err := then.demoAct(ctx, d.ID, flow.Approve, form); err != nil {
		return false, err
	}
	if err := then.demoAct(ctx, d.ID, flow.Approve, nil); err != nil {
		return false, err
	}
	res.Elections++
	res.Votes++
	res.Ballots += cast
	return true, nil
}

// demoCongress sets up the school's congress: the 二级党委 (at most six)
// as constituencies with 2 seats, three nominees each from their branches.
func (s *Service) demoCongress(ctx context.Context, today date.Date, res *DemoResult) error {
	roots, err := s.orgs.OfTypes(ctx, s.db, org.TypeCommittee)
	if err != nil || len(roots) == 0 {
		return err
	}
	root := roots[0]
	committees, err := s.orgs.OfTypes(ctx, s.db, org.TypeSecondaryCommittee)
	if err != nil {
		return err
	}
	in := CongressInput{OrgID: root.ID, Title: fmt.Sprintf("%s第%d次党员代表大会代表选举", root.Name, 3),
		NominateBy: date.Of(today.Time().AddDate(0, 0, 21)), Note: "各二级党委为选举单位，由所属党支部推荐提名代表候选人"}
	type unitNoms struct {
		org    int64
		picked []nominee
	}
	var plan []unitNoms
	for _, c := range committees {
		if !c.Live() || len(plan) == 6 {
			continue
		}
		voters, err := s.votersOf(ctx, s.db, c.ID)
		if err != nil {
			return err
		}
		if len(voters) < MinCandidates(2)+1 {
			continue
		}
		u := unitNoms{org: c.ID}
		for _, v := range voters[:3] {
			u.picked = append(u.picked, nominee{member: v.ID, branch: v.OrgID})
		}
		plan = append(plan, u)
		in.Units = append(in.Units, UnitInput{OrgID: c.ID, Quota: 2, Method: MethodDiff})
	}
	if len(in.Units) == 0 {
		return nil
	}
	g, err := s.CreateCongress(ctx, in)
	if err != nil {
		return err
	}
	for _, u := range g.Units {
		at := slices.IndexFunc(plan, func(p unitNoms) bool { return p.org == u.OrgID })
		for _, n := range plan[at].picked {
			if _, err := s.Nominate(ctx, u.ID, NominationInput{BranchID: n.branch, MemberID: n.member, Reason: "政治坚定，工作表现突出"}); err != nil {
				return err
			}
			res.Nominations++
		}
		res.Units++
	}
	return nil
}

type nominee struct{ member, branch int64 }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
