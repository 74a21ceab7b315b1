package election

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"zhdj/internal/platform/httpx"
)

// nextPlan is what election e's next vote is for: the plan's candidates
// (and the secretary's) first; after a void vote the same again; after a
// tie the tied names for the seats they share (条例: 就票数相等的被选举人再次
// 投票); after a shortfall the candidates not elected for the seats left
// (另行选举).
func (s *Service) nextPlan(ctx context.Context, e *Record) (ballotPlan, error) {
	var cands []Candidate
	if err := s.db.NewSelect().Model(&cands).Where("election_id = ?", e.ID).OrderExpr("sort, id").Scan(ctx); err != nil {
		return ballotPlan{}, httpx.Internal(err)
	}
	votes, err := s.votesIn(ctx, s.db, OwnerElection, e.ID)
	if err != nil {
		return ballotPlan{}, err
	}
	return s.nextPlanOf(e, cands, votes, OwnerElection, "c")
}

// nextPlanOf is nextPlan over the candidates and votes read (a
// constituency's further votes take it too, its nominees as candidates).
func (s *Service) nextPlanOf(e *Record, cands []Candidate, votes []Vote, kind, prefix string) (ballotPlan, error) {
	p := ballotPlan{kind: kind, title: e.Title, owner: e.ID, orgID: e.OrgID}
	views := make([]VoteView, len(votes))
	for i, v := range votes {
		views[i] = VoteView{Vote: v}
	}
	elected, left, _ := tallyUp(e.Seats, views)
	if len(votes) == 0 {
		for _, c := range cands {
			o := Option{Key: optionKey(prefix, c.MemberID), Name: c.Name, MemberID: c.MemberID, ForSecretary: c.ForSecretary}
			p.options = append(p.options, o)
			if c.ForSecretary && e.Secretary {
				p.secretary = append(p.secretary, o)
			}
		}
		p.seats = e.Seats
		return p, nil
	}
	last := votes[len(votes)-1]
	switch {
	case last.State != VoteCounted || last.Result == nil:
		return p, httpx.Conflict("上一次投票尚未结束")
	case left == 0:
		return p, httpx.Conflict("应选名额已选满，无需再次投票")
	case !last.Result.Valid:
		p.seats = last.Seats
		for _, o := range last.Options.V {
			o.ForSecretary = false
			p.options = append(p.options, o)
		}
	case last.Result.TiedSeats > 0:
		p.seats = last.Result.TiedSeats
		for i, c := range last.Result.Counts {
			if c.Tied {
				key := c.Key
				if key == "" {
					key = fmt.Sprintf("w%d", i+1)
				}
				p.options = append(p.options, Option{Key: key, Name: c.Name, MemberID: c.MemberID})
			}
		}
	default:
		p.seats = left
		for _, c := range cands {
			if !slices.ContainsFunc(elected, func(x Count) bool { return x.Name == c.Name }) {
				p.options = append(p.options, Option{Key: optionKey(prefix, c.MemberID), Name: c.Name, MemberID: c.MemberID})
			}
		}
	}
	return p, nil
}

// voting reads election id for its vote: in the caller's scope, its plan approved.
func (s *Service) voting(ctx context.Context, id int64) (*Record, error) {
	e, err := s.find(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	if e.State != StateApproved {
		return nil, httpx.Conflict("换届选举%s，不能投票", StateNames[e.State])
	}
	return e, nil
}

// ElectionVoters is the roll of election id's next vote: the members with
// a vote (应到) to tick who is present, and the names the vote would carry.
func (s *Service) ElectionVoters(ctx context.Context, id int64) (Roll, error) {
	e, err := s.voting(ctx, id)
	if err != nil {
		return Roll{}, err
	}
	p, err := s.nextPlan(ctx, e)
	if err != nil {
		return Roll{}, err
	}
	return s.roll(ctx, e.OrgID, p)
}

// OpenElectionVote opens election id's next vote for the members present.
func (s *Service) OpenElectionVote(ctx context.Context, id int64, in VoteInput) (Opened, error) {
	e, err := s.voting(ctx, id)
	if err != nil {
		return Opened{}, err
	}
	p, err := s.nextPlan(ctx, e)
	if err != nil {
		return Opened{}, err
	}
	return s.open(ctx, p, in)
}

// CloseElectionVote ends vote id of an election of the caller's scope and counts it.
func (s *Service) CloseElectionVote(ctx context.Context, id int64) (VoteView, error) {
	v, err := s.vote(ctx, OwnerElection, id)
	if err != nil {
		return VoteView{}, err
	}
	if _, err := s.voting(ctx, v.OwnerID); err != nil {
		if he := (*httpx.Error)(nil); errors.As(err, &he) && he.Status == http.StatusNotFound {
			return VoteView{}, errNoVote()
		}
		return VoteView{}, err
	}
	return s.close(ctx, v)
}
