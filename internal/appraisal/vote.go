package appraisal

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// questionKey is the paper's key of a round's member row.
func questionKey(appraiseeID int64) string { return "m" + strconv.FormatInt(appraiseeID, 10) }

// gradeOptions are every question's options, best first.
func gradeOptions() []ballot.Option {
	out := make([]ballot.Option, len(Grades))
	for i, g := range Grades {
		out[i] = ballot.Option{Key: g, Label: GradeNames[g]}
	}
	return out
}

// paper is the ballot of a branch's vote: one single choice per graded
// member (probationary members vote but are not on it).
func paper(orgName string, year int, graded []Appraisee, share Share) ballot.Paper {
	p := ballot.Paper{Title: fmt.Sprintf("%s%d年度民主评议党员", orgName, year),
		Intro: fmt.Sprintf("请对本支部每名正式党员评定等次（优秀、合格、基本合格、不合格）。预备党员参加评议和投票，但不评定等次。"+
			"优秀等次一般不超过参评党员的%s（本次%d名参评，最多%d名）。投票不记名，提交后不能修改。", shareText(share), len(graded), share.ExcellentCap(len(graded)))}
	for _, a := range graded {
		p.Questions = append(p.Questions, ballot.Question{Key: questionKey(a.ID), Kind: ballot.Single, Title: a.Name, Required: true,
			Options: gradeOptions()})
	}
	return p
}

// shareText is a share as the rules write it (三分之一 for 1/3).
func shareText(s Share) string {
	if s == DefaultShare {
		return "三分之一"
	}
	return s.String()
}

// changeRound writes round r (read as cur) as next by one conditional
// UPDATE of columns (its state and version as read), with the trail entry.
func (s *Service) changeRound(ctx context.Context, tx bun.Tx, cur, next *Round, before, after map[string]string, columns ...string) error {
	_, err := roundTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Before: before, After: after, Snapshot: next,
		Write: func(ctx context.Context) (int64, error) {
			res, err := tx.NewUpdate().Model(next).Column(append(columns, "updated_at")...).WherePK().
				Where("state = ?", cur.State).Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)
			return cur.ID, record.Conditional(res, err, 1, httpx.Conflict("评议已被他人处理，请刷新后重试"))
		}})
	return err
}

// managed reads round id for a change by the branch or those above it:
// in the caller's scope (404 otherwise), in one of states (400 with refusal).
func (s *Service) managed(ctx context.Context, id int64, refusal string, states ...string) (*RoundView, error) {
	v, err := s.roundView(ctx, id)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(states, v.State) {
		return nil, httpx.BadRequest("该评议%s，%s", v.StateName, refusal)
	}
	return v, nil
}

// maxVoteDays bounds a vote's deadline.
const maxVoteDays = 30

// OpenVote opens the branch's vote (自评 done, or a void vote followed by
// a new one): the members are read again from the branch (a member who
// joined is added, one who left is taken off the paper, a probationary
// member who became full is graded), the engine's round is opened in the
// same transaction with one question per full member, every member with
// an account on the roll and a printed one-time code for each without
// one; the meeting the vote is held in is linked (optional).
func (s *Service) OpenVote(ctx context.Context, id int64, in VoteInput) (VoteOpened, error) {
	v, err := s.managed(ctx, id, "不能开启投票", StateSelf, StateVoid)
	if err != nil {
		return VoteOpened{}, err
	}
	meeting := ""
	if in.MeetingID != nil {
		m, err := s.life.MeetingBriefs(ctx, s.db, []int64{*in.MeetingID})
		if err != nil {
			return VoteOpened{}, err
		}
		b, ok := m[*in.MeetingID]
		if !ok || b.OrgID != v.OrgID || !slices.Contains(meetingTypes, b.TypeCode) || b.CancelledAt != nil {
			return VoteOpened{}, httpx.Invalid("meetingId", "请选择本支部的组织生活会或支部党员大会")
		}
		meeting = b.Topic
	}
	now := s.now().Truncate(time.Second)
	if in.ClosesAt != nil && (!in.ClosesAt.After(now) || in.ClosesAt.After(now.AddDate(0, 0, maxVoteDays))) {
		return VoteOpened{}, httpx.Invalid("closesAt", "投票截止时间应在现在之后的%d天内", maxVoteDays)
	}
	var out VoteOpened
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		as, roster, err := s.syncRoster(ctx, tx, &v.Round, now)
		if err != nil {
			return err
		}
		var graded []Appraisee
		var accounts []int64
		codes := 0
		for _, a := range as {
			if a.Graded() {
				graded = append(graded, a)
			}
		}
		if len(graded) == 0 {
			return httpx.BadRequest("%s没有可评定等次的正式党员", v.OrgName)
		}
		for _, m := range roster {
			if m.UserID != nil {
				accounts = append(accounts, *m.UserID)
			} else {
				codes++
			}
		}
		opened, err := s.ballots.Open(ctx, tx, ballot.Spec{Kind: BallotKind, RefID: v.ID, Paper: paper(v.OrgName, v.Year, graded, s.share(ctx)),
			Voters: accounts, Codes: codes, ClosesAt: in.ClosesAt, Link: VoteLink})
		if err != nil {
			return err
		}
		for _, c := range opened.Codes {
			out.Codes = append(out.Codes, CodeSheet{No: c.No, Code: c.Code})
		}
		cur := v.Round
		next := cur
		next.State, next.BallotID, next.Votes, next.MeetingID = StateVoting, &opened.RoundID, cur.Votes+1, in.MeetingID
		next.VotingAt, next.ClosesAt, next.ClosedAt, next.Issued, next.Cast = &now, in.ClosesAt, nil, 0, 0
		next.UpdatedAt = now
		return s.changeRound(ctx, tx, &cur, &next, trailView(&cur, as, v.MeetingTopic), trailView(&next, as, meeting),
			"state", "ballot_id", "votes", "meeting_id", "voting_at", "closes_at", "closed_at", "issued", "cast_count")
	})
	if err != nil {
		return VoteOpened{}, httpx.AsError(err)
	}
	if out.Codes == nil {
		out.Codes = []CodeSheet{}
	}
	rv, err := s.roundView(ctx, id)
	if err != nil {
		return VoteOpened{}, err
	}
	out.Round = *rv
	return out, nil
}

// syncRoster brings round r's members in line with the branch's roster
// (through tx) and answers them with the roster.
func (s *Service) syncRoster(ctx context.Context, tx bun.Tx, r *Round, now time.Time) ([]Appraisee, []member.RosterEntry, error) {
	roster, err := s.members.Roster(ctx, tx, r.OrgID)
	if err != nil {
		return nil, nil, err
	}
	as, err := appraisees(ctx, tx, r.ID)
	if err != nil {
		return nil, nil, err
	}
	byMember := map[int64]member.RosterEntry{}
	for _, m := range roster {
		byMember[m.ID] = m
	}
	have := map[int64]bool{}
	for i := range as {
		a := &as[i]
		have[a.MemberID] = true
		m, in := byMember[a.MemberID]
		active, probation := in, a.Probation
		if in {
			probation = m.Probation()
		}
		if active != a.Active || probation != a.Probation {
			a.Active, a.Probation, a.UpdatedAt = active, probation, now
			if _, err := tx.NewUpdate().Model(a).Column("active", "probation", "updated_at").WherePK().Exec(ctx); err != nil {
				return nil, nil, httpx.Internal(err)
			}
		}
	}
	var fresh []Appraisee
	for _, m := range roster {
		if !have[m.ID] {
			a := Appraisee{RoundID: r.ID, MemberID: m.ID, Name: db.Clip(m.Name, 50), Probation: m.Probation(), Active: true}
			a.CreatedAt, a.UpdatedAt = now, now
			fresh = append(fresh, a)
		}
	}
	if len(fresh) > 0 {
		if _, err := tx.NewInsert().Model(&fresh).Exec(ctx); err != nil {
			return nil, nil, httpx.Internal(err)
		}
		as = append(as, fresh...)
	}
	return as, roster, nil
}

// CloseVote ends the branch's vote: the engine's round is closed, and the
// turnout decides whether the vote counts (more than half of the members
// on the roll voted). A vote that counts copies the tally's counts per
// grade onto the members with the proposals (待决定); one that does not is
// void and the branch may open a new vote.
func (s *Service) CloseVote(ctx context.Context, id int64) (RoundView, error) {
	v, err := s.managed(ctx, id, "不能结束投票", StateVoting)
	if err != nil {
		return RoundView{}, err
	}
	if v.BallotID == nil {
		return RoundView{}, httpx.Internal(fmt.Errorf("appraisal: round %d voting without a ballot", id))
	}
	b, err := s.ballots.Get(ctx, *v.BallotID)
	if err != nil {
		return RoundView{}, err
	}
	// The engine's round is closed in its own transaction so that its tally
	// reads it closed; a close that failed after it is taken up again here.
	if b.State == ballot.Open {
		if err := s.ballots.Close(ctx, s.db, b.ID); err != nil {
			return RoundView{}, err
		}
		if b, err = s.ballots.Get(ctx, b.ID); err != nil {
			return RoundView{}, err
		}
	}
	now := s.now().Truncate(time.Second)
	counts := VoteCounts(b.Cast, b.Issued)
	var tally ballot.Tally
	if counts {
		if tally, err = s.ballots.TallyOf(ctx, b.ID); err != nil {
			return RoundView{}, err
		}
	}
	share := s.share(ctx)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		as, err := appraisees(ctx, tx, id)
		if err != nil {
			return err
		}
		cur := v.Round
		next := cur
		next.State, next.Issued, next.Cast, next.ClosedAt, next.UpdatedAt = StateVoid, b.Issued, b.Cast, &now, now
		if counts {
			next.State = StateCounted
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
			for i := range as {
				a := &as[i]
				if !a.Graded() {
					continue
				}
				a.Proposed, a.UpdatedAt = proposed[a.ID], now
				if _, err := tx.NewUpdate().Model(a).Column("n_excellent", "n_qualified", "n_basic", "n_unqualified", "proposed", "updated_at").
					WherePK().Exec(ctx); err != nil {
					return httpx.Internal(err)
				}
			}
		}
		return s.changeRound(ctx, tx, &cur, &next, trailView(&cur, as, v.MeetingTopic), trailView(&next, as, v.MeetingTopic),
			"state", "issued", "cast_count", "closed_at")
	})
	if err != nil {
		return RoundView{}, httpx.AsError(err)
	}
	rv, err := s.roundView(ctx, id)
	if err != nil {
		return RoundView{}, err
	}
	return *rv, nil
}

// Decide records the branch's grades of a counted vote: every graded
// member once, a grade differing from the proposal with its reason, and 优秀
// at most the setting's share of the graded members (RULES §4; 400 beyond).
// The grades are written to the members' rows, which the member's detail
// (民主评议) and the follow-up list read.
func (s *Service) Decide(ctx context.Context, id int64, in DecideInput) (RoundDetail, error) {
	v, err := s.managed(ctx, id, "只有投票有效、待决定的评议可以评定等次", StateCounted)
	if err != nil {
		return RoundDetail{}, err
	}
	as, err := appraisees(ctx, s.db, id)
	if err != nil {
		return RoundDetail{}, err
	}
	byID := map[int64]*Appraisee{}
	graded := 0
	for i := range as {
		if as[i].Graded() {
			byID[as[i].ID] = &as[i]
			graded++
		}
	}
	seen := map[int64]bool{}
	excellent := 0
	for i, g := range in.Grades {
		a := byID[g.ID]
		if a == nil || seen[g.ID] {
			return RoundDetail{}, httpx.Invalid(fmt.Sprintf("grades[%d].id", i), "该党员不在本次评定等次的党员中（预备党员不评定等次）")
		}
		seen[g.ID] = true
		if !slices.Contains(Grades, g.Grade) {
			return RoundDetail{}, httpx.Invalid(fmt.Sprintf("grades[%d].grade", i), "请选择%s的评议等次", a.Name)
		}
		reason := strings.TrimSpace(g.Reason)
		if utf8.RuneCountInString(reason) > MaxReason {
			return RoundDetail{}, httpx.Invalid(fmt.Sprintf("grades[%d].reason", i), "理由不超过%d个字", MaxReason)
		}
		if a.Proposed != "" && g.Grade != a.Proposed && reason == "" {
			return RoundDetail{}, httpx.Invalid(fmt.Sprintf("grades[%d].reason", i), "%s的等次与建议等次（%s）不同，请填写理由", a.Name, GradeNames[a.Proposed])
		}
		if g.Grade == a.Proposed {
			reason = ""
		}
		a.Grade, a.Reason = g.Grade, reason
		if g.Grade == GradeExcellent {
			excellent++
		}
	}
	for i := range as {
		if as[i].Graded() && !seen[as[i].ID] {
			return RoundDetail{}, httpx.Invalid("grades", "请评定%s的等次", as[i].Name)
		}
	}
	share := s.share(ctx)
	if cap := share.ExcellentCap(graded); excellent > cap {
		return RoundDetail{}, httpx.Invalid("grades", "优秀等次不能超过参评党员的%s：本次%d名正式党员参评，最多评定%d名优秀（现为%d名）",
			shareText(share), graded, cap, excellent)
	}
	now := s.now().Truncate(time.Second)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		before, err := appraisees(ctx, tx, id)
		if err != nil {
			return err
		}
		cur := v.Round
		next := cur
		next.State, next.DecidedBy, next.DecidedAt, next.UpdatedAt = StateDecided, operator(ctx), &now, now
		next.Excellent, next.Unqualified = 0, 0
		for i := range as {
			a := &as[i]
			if !a.Graded() {
				continue
			}
			switch a.Grade {
			case GradeExcellent:
				next.Excellent++
			case GradeUnqualified:
				next.Unqualified++
			}
			a.UpdatedAt = now
			if _, err := tx.NewUpdate().Model(a).Column("grade", "reason", "updated_at").WherePK().Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		return s.changeRound(ctx, tx, &cur, &next, trailView(&cur, before, v.MeetingTopic), trailView(&next, as, v.MeetingTopic),
			"state", "decided_by", "decided_at", "excellent", "unqualified")
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}
