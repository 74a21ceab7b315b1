package election

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// Question keys of an election's paper.
const (
	QuestionCommittee = "committee"
	QuestionSecretary = "secretary"
)

// VoteView is a vote with its turnout (the engine's roll: issued, cast).
type VoteView struct {
	Vote
	Issued    int    `json:"issued"`
	Cast      int    `json:"cast"`
	StateName string `json:"stateName"`
}

// VoteInput is the body of opening a vote: the members with a vote the
// organiser ticked present. Those with an account vote on their phones,
// those without one get a printed one-time code each.
type VoteInput struct {
	Present []int64 `json:"present"`
}

// Opened is a vote just opened, with its printed codes (shown once).
type Opened struct {
	VoteView
	Codes []ballot.Code `json:"codes"`
}

// Roll is the members with a vote of an organisation (应到), to tick who is present.
type Roll struct {
	Expected int         `json:"expected"`
	Voters   []RollEntry `json:"voters"`
	Options  []Option    `json:"options"` // the names the next vote would carry
	Seats    int         `json:"seats"`
}

// RollEntry is a member with a vote and whether they have an account.
type RollEntry struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	HasAccount bool   `json:"hasAccount"`
}

// votesIn reads the votes of an owner through idb, in order.
func (s *Service) votesIn(ctx context.Context, idb bun.IDB, kind string, owner int64) ([]Vote, error) {
	out := []Vote{}
	if err := idb.NewSelect().Model(&out).Where("owner_kind = ?", kind).Where("owner_id = ?", owner).OrderExpr("seq").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// votesOf is votesIn with the engine's turnout.
func (s *Service) votesOf(ctx context.Context, kind string, owner int64) ([]VoteView, error) {
	votes, err := s.votesIn(ctx, s.db, kind, owner)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(votes))
	for i, v := range votes {
		ids[i] = v.RoundID
	}
	rounds, err := s.ballots.Rounds(ctx, ids)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]VoteView, len(votes))
	for i, v := range votes {
		out[i] = VoteView{Vote: v, StateName: VoteStateNames[v.State]}
		if r := rounds[v.RoundID]; r != nil {
			out[i].Issued, out[i].Cast = r.Issued, r.Cast
		}
	}
	return out, nil
}

// ballotPlan is what a new vote is for: its title, its seats and names, a
// secretary question or not.
type ballotPlan struct {
	kind, title string
	owner       int64
	orgID       int64 // whose members with a vote are expected
	seats       int
	options     []Option
	secretary   []Option // direct election of the secretary (nil: none)
}

// roll lists the members with a vote of organisation id for ticking.
func (s *Service) roll(ctx context.Context, id int64, p ballotPlan) (Roll, error) {
	voters, err := s.votersOf(ctx, s.db, id)
	if err != nil {
		return Roll{}, err
	}
	out := Roll{Expected: len(voters), Voters: make([]RollEntry, len(voters)), Options: p.options, Seats: p.seats}
	for i, v := range voters {
		out.Voters[i] = RollEntry{ID: v.ID, Name: v.Name, HasAccount: v.UserID != nil}
	}
	return out, nil
}

// open opens a vote of plan p for the members present: the engine's round
// (accounts on the roll, printed codes for the others) and the vote's row in
// one transaction. The vote needs more than four fifths of the members
// with a vote present; one vote of an owner is open at a time.
func (s *Service) open(ctx context.Context, p ballotPlan, in VoteInput) (Opened, error) {
	if len(p.options) == 0 {
		return Opened{}, httpx.BadRequest("没有候选人，不能投票")
	}
	var out Opened
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		voters, err := s.votersOf(ctx, tx, p.orgID)
		if err != nil {
			return err
		}
		byID := map[int64]member.Voter{}
		for _, v := range voters {
			byID[v.ID] = v
		}
		present := uniq.Of(in.Present)
		var accounts []int64
		codes := 0
		for _, id := range present {
			v, ok := byID[id]
			if !ok {
				return httpx.Invalid("present", "到会人员中有不具有选举权的人员，请刷新后重新勾选")
			}
			if v.UserID != nil {
				accounts = append(accounts, *v.UserID)
			} else {
				codes++
			}
		}
		if !Quorate(len(present), len(voters)) {
			return httpx.Invalid("present", "有选举权的到会人数（%d人）应超过应到会人数（%d人）的五分之四，方能进行选举", len(present), len(voters))
		}
		var last struct {
			Seq  int `bun:"seq"`
			Open int `bun:"open"`
		}
		if err := tx.NewSelect().Model((*Vote)(nil)).ColumnExpr("COALESCE(MAX(seq), 0) AS seq").
			ColumnExpr("COALESCE(SUM(CASE WHEN state = ? THEN 1 ELSE 0 END), 0) AS open", VoteOpen).
			Where("owner_kind = ?", p.kind).Where("owner_id = ?", p.owner).Scan(ctx, &last); err != nil {
			return httpx.Internal(err)
		}
		if last.Open > 0 {
			return httpx.Conflict("上一次投票尚未结束")
		}
		seq := last.Seq + 1
		paper := ballot.Paper{Title: p.title, Intro: fmt.Sprintf("应到%d人，实到%d人。", len(voters), len(present))}
		if seq > 1 {
			paper.Title = fmt.Sprintf("%s（第%d次投票）", p.title, seq)
		}
		paper.Questions = append(paper.Questions, ballot.Question{Key: QuestionCommittee, Kind: ballot.Multiple, Title: "委员候选人",
			Note: fmt.Sprintf("应选%d名，所选人数等于或少于应选人数有效；可另选他人", p.seats), Options: labels(p.options), Max: p.seats, WriteIn: true})
		if len(p.secretary) > 0 {
			paper.Questions = append(paper.Questions, ballot.Question{Key: QuestionSecretary, Kind: ballot.Single, Title: "书记候选人",
				Note: "应选1名", Options: labels(p.secretary), WriteIn: true})
		}
		opened, err := s.ballots.Open(ctx, tx, ballot.Spec{Kind: Kind, RefID: p.owner, Paper: paper, Voters: accounts, Codes: codes, Link: VoterLink})
		if err != nil {
			return err
		}
		v := &Vote{OwnerKind: p.kind, OwnerID: p.owner, Seq: seq, RoundID: opened.RoundID, Seats: p.seats, Options: Options{V: p.options},
			Expected: len(voters), Present: len(present), State: VoteOpen, OpenedAt: s.now()}
		if _, err := tx.NewInsert().Model(v).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return httpx.Conflict("投票已开始，请刷新后查看")
			}
			return httpx.Internal(err)
		}
		out = Opened{VoteView: VoteView{Vote: *v, Issued: len(present), StateName: VoteStateNames[VoteOpen]}, Codes: opened.Codes}
		if out.Codes == nil {
			out.Codes = []ballot.Code{}
		}
		return nil
	})
	return out, httpx.AsError(err)
}

func labels(opts []Option) []ballot.Option {
	out := make([]ballot.Option, len(opts))
	for i, o := range opts {
		out[i] = ballot.Option{Key: o.Key, Label: o.Name}
	}
	return out
}

// vote reads vote id of an owner kind.
func (s *Service) vote(ctx context.Context, kind string, id int64) (*Vote, error) {
	v := new(Vote)
	if err := s.db.NewSelect().Model(v).Where("id = ?", id).Where("owner_kind = ?", kind).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoVote()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return v, nil
}

// close ends vote v and counts it: the engine's round is closed (a round
// closed already, by a close that failed to count, is counted again), the
// ballots are counted name by name and the rules applied (Decide); the
// result is kept on the vote.
func (s *Service) close(ctx context.Context, v *Vote) (VoteView, error) {
	if v.State != VoteOpen {
		return VoteView{}, httpx.Conflict("本次投票已结束")
	}
	r, err := s.ballots.Get(ctx, v.RoundID)
	if err != nil {
		return VoteView{}, err
	}
	if r.State == ballot.Open {
		if err := s.ballots.Close(ctx, s.db, v.RoundID); err != nil {
			return VoteView{}, err
		}
	}
	outcome, err := s.count(ctx, v)
	if err != nil {
		return VoteView{}, err
	}
	now := s.now()
	res, err := s.db.NewUpdate().Model((*Vote)(nil)).Set("state = ?", VoteCounted).Set("result = ?", &outcome).Set("closed_at = ?", now).
		Where("id = ?", v.ID).Where("state = ?", VoteOpen).Exec(ctx)
	if err := recordOne(res, err, "本次投票已结束"); err != nil {
		return VoteView{}, err
	}
	v.State, v.Result, v.ClosedAt = VoteCounted, &outcome, &now
	return VoteView{Vote: *v, Issued: r.Issued, Cast: r.Cast, StateName: VoteStateNames[VoteCounted]}, nil
}

func recordOne(res sql.Result, err error, refusal string) error {
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.Conflict("%s", refusal)
	}
	return nil
}

// count reads vote v's ballots (anonymous: the engine hands them over
// without any voter) and counts each name once per ballot: an option, or
// a write-in name (另选他人; a write-in of a listed name counts for it).
func (s *Service) count(ctx context.Context, v *Vote) (Outcome, error) {
	opts := v.Options.V
	byKey := map[string]Option{}
	byName := map[string]string{}
	for _, o := range opts {
		byKey[o.Key] = o
		byName[o.Name] = o.Key
	}
	votes := map[string]map[string]int{QuestionCommittee: {}, QuestionSecretary: {}} // question → key or "*name" → votes
	ballots := 0
	err := s.ballots.Each(ctx, v.RoundID, func(marks []ballot.Mark) error {
		ballots++
		seen := map[string]bool{}
		for _, m := range marks {
			key := m.Choice
			if key == ballot.WriteInChoice {
				name := strings.Join(strings.Fields(m.Text), "")
				if name == "" {
					continue
				}
				if k, ok := byName[name]; ok {
					key = k
				} else {
					key = "*" + name
				}
			} else if _, ok := byKey[key]; !ok {
				continue
			}
			if seen[m.Item+"\x00"+key] {
				continue
			}
			seen[m.Item+"\x00"+key] = true
			if votes[m.Item] != nil {
				votes[m.Item][key]++
			}
		}
		return nil
	})
	if err != nil {
		return Outcome{}, httpx.AsError(err)
	}
	counts := func(q string, among []Option) []Count {
		out := make([]Count, 0, len(among))
		listed := map[string]bool{}
		for _, o := range among {
			listed[o.Key] = true
			out = append(out, Count{Key: o.Key, Name: o.Name, MemberID: o.MemberID, Votes: votes[q][o.Key]})
		}
		// Names written in (a name of the paper not listed for this question too).
		var written []string
		for k := range votes[q] {
			if !listed[k] {
				written = append(written, k)
			}
		}
		slices.Sort(written)
		for _, k := range written {
			if o, ok := byKey[k]; ok {
				out = append(out, Count{Name: o.Name, MemberID: o.MemberID, WriteIn: true, Votes: votes[q][k]})
			} else {
				out = append(out, Count{Name: k[1:], WriteIn: true, Votes: votes[q][k]})
			}
		}
		return out
	}
	o := Decide(counts(QuestionCommittee, opts), v.Seats, v.Present, ballots)
	var sec []Option
	for _, x := range opts {
		if x.ForSecretary {
			sec = append(sec, x)
		}
	}
	if len(sec) > 0 {
		so := Decide(counts(QuestionSecretary, sec), 1, v.Present, ballots)
		o.Secretary = &so
	}
	return o, nil
}

// optionKey is a candidate's key on a paper.
func optionKey(prefix string, id int64) string { return prefix + strconv.FormatInt(id, 10) }

// Eligible lists the members with a vote (and the right to be elected) of
// organisation orgId (query) and those below it, in the caller's scope:
// whom a plan's candidates and a nomination are chosen among.
func (s *Service) Eligible(ctx context.Context, lq httpx.ListQuery) ([]RollEntry, error) {
	var id int64
	if v, ok := lq.Filters["orgId"].(string); ok {
		id, _ = strconv.ParseInt(v, 10, 64)
	}
	if id <= 0 {
		return nil, httpx.Invalid("orgId", "请选择党组织")
	}
	if ok, err := s.orgs.InScope(ctx, id); err != nil {
		return nil, httpx.Internal(err)
	} else if !ok {
		return nil, httpx.NotFound("党组织不存在")
	}
	r, err := s.roll(ctx, id, ballotPlan{})
	return r.Voters, err
}
