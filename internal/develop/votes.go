package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
)

// The votes of the steps decided by a vote (RULES.md §2; 2014 细则):
//
//   - ⑮ and ㉓, the branch general meeting: 应到 is the branch's roster, the
//     members with a vote on the meeting's date (member.Service.Voters: full
//     members in normal status), counted by the server. The client may leave
//     shouldAttend out; one that differs from the roster is refused, and the
//     step keeps the server's count. Written opinions (书面意见) sent in
//     before the meeting by members who could not attend count as votes
//     (written): present + written ≤ roster, agree + against + abstain ≤
//     present + written. Quorum: present > half of the roster (第二十条);
//     passed: agree (with the written ones) > half of the roster (第二十一条).
//   - ⑰ and ㉔, the higher committee: its members entitled to vote (the
//     secretary and committee members its leaders record; the client's count,
//     3 to 30, when none are recorded), present and agreeing; both more than
//     half of the members (集体讨论和表决). The date of the step is the date of
//     the committee's meeting.
//
// Every count is checked against the roster (0 ≤ n ≤ roster) before any sum
// is made, so no sum can overflow. Each person is voted on separately
// (逐个讨论和表决): a batch action at these steps takes one form per record.

// Names of the vote rules, with the article each comes from.
const (
	RuleQuorum            = "有表决权的到会人数超过应到会有表决权人数的半数（细则第二十条）"
	RuleMajority          = "赞成人数超过应到会有表决权的正式党员的半数（细则第二十一条）"
	RuleCommitteeVote     = "上级党委集体讨论和表决，到会和赞成的委员均超过应到会委员的半数（细则第二十四条）"
	RuleExtension         = "预备期只能延长一次，在预备期满时讨论（细则第三十二条）"
	RuleEachVoted         = "逐个讨论和表决（细则第二十一条）"
	articleEachVoted      = "细则第二十一条：讨论两个以上的人入党时，应当逐个讨论和表决"
	committeeUnknownLabel = "上级党委未登记委员会成员"
)

// The bounds of a committee's member count typed by the client (when its
// leaders record none): a party committee has at least 3 members, and an
// organisation records at most 30 (org's committee limit).
const (
	committeeMinMembers = 3
	committeeMaxMembers = 30
)

// voteSteps are the steps decided by a vote, and who votes: the branch
// general meeting or the higher committee.
var voteSteps = map[string]string{StepBranchMeeting: ByBranch, StepFullMeeting: ByBranch,
	StepCommitteeApproval: ByCommittee, StepFullApproval: ByCommittee}

// meetingForm is the form of a branch meeting (⑮, ㉓) and of a committee's
// approval (⑰, ㉔: shouldAttend, present and agree): the votes, and at ㉓
// the decision.
type meetingForm struct {
	Date         date.Date `json:"date"`
	ShouldAttend int64     `json:"shouldAttend"` // 应到: the roster (branch) or the committee's members
	Present      int64     `json:"present"`      // 实到
	Written      int64     `json:"written"`      // 书面意见 of members who could not attend (branch)
	Agree        int64     `json:"agree"`
	Against      int64     `json:"against"`
	Abstain      int64     `json:"abstain"`
	Decision     string    `json:"decision"`     // ㉓: DecisionFull, DecisionExtend or DecisionCancel
	ExtendMonths int       `json:"extendMonths"` // ㉓ with DecisionExtend
}

// Voters is who votes at a record's current step on a day: GET
// /api/fzdy/{id}/voters?date= (the step form shows it read-only).
type Voters struct {
	Step string `json:"step"`
	// By is ByBranch (the branch meeting) or ByCommittee ("" when the step
	// has no vote).
	By      string    `json:"by"`
	OrgName string    `json:"orgName"`
	Date    date.Date `json:"date"`
	// ShouldAttend is the members with a vote: the branch's roster on Date,
	// or the committee's members (0: none recorded, the form asks for it).
	ShouldAttend int64 `json:"shouldAttend"`
	// Fixed: ShouldAttend is the server's count, not to be changed.
	Fixed bool `json:"fixed"`
}

// votersRoutes registers the voters of a record's step.
func (s *Service) votersRoutes(rs *httpx.Routes) {
	rs.Get("/api/fzdy/{id}/voters", Perms.List, "查看应到会人数", httpx.ReadID(errNoRecord, func(r *http.Request, id int64) (Voters, error) {
		on := date.Of(s.now().In(date.China))
		if q := r.URL.Query().Get("date"); q != "" {
			d, ok := date.Parse(q)
			if !ok {
				return Voters{}, httpx.Invalid("date", "日期格式应为 YYYY-MM-DD")
			}
			on = d
		}
		return s.VotersOf(r.Context(), id, on)
	}))
}

// VotersOf answers who votes at record id's current step on day on.
func (s *Service) VotersOf(ctx context.Context, id int64, on date.Date) (Voters, error) {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return Voters{}, err
	}
	v := Voters{Step: r.Step, By: voteSteps[r.Step], Date: on}
	var orgID int64
	switch v.By {
	case ByBranch:
		orgID = r.OrgID
		if v.ShouldAttend, err = s.roster(ctx, s.db, r, on); err != nil {
			return v, err
		}
		v.Fixed = true
	case ByCommittee:
		if orgID, err = s.wf.ActingOrg(ctx, s.db, id); err != nil {
			return v, err
		}
		if orgID > 0 {
			n, err := s.orgs.CommitteeSize(ctx, s.db, orgID)
			if err != nil {
				return v, httpx.Internal(err)
			}
			v.ShouldAttend, v.Fixed = int64(n), n > 0
		}
	default:
		return v, nil
	}
	if orgID > 0 {
		names, err := s.orgs.Names(ctx, []int64{orgID})
		if err != nil {
			return v, httpx.Internal(err)
		}
		v.OrgName = names[orgID]
	}
	return v, nil
}

// roster is how many members of r's branch have a vote on day on.
func (s *Service) roster(ctx context.Context, idb bun.IDB, r *Record, on date.Date) (int64, error) {
	n, err := s.members.Voters(ctx, idb, r.OrgID, on)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	return int64(n), nil
}

// count is one of a form's counts, as checked against the roster.
type count struct {
	field, label string
	n            int64
}

// within refuses a count outside 0..max (400 on its field): checked before
// any sum, so the sums below stay small.
func within(max int64, what string, counts ...count) error {
	var c httpx.Checks
	for _, n := range counts {
		if n.n < 0 || n.n > max {
			c.Add(httpx.Invalid(n.field, "%s须在 0 至%s %d 之间", n.label, what, max))
		}
	}
	return c.Err()
}

// branchVotes reads the form of a branch meeting at a's step and checks
// its counts against the roster on its date; the form answered carries the
// roster as shouldAttend.
func (s *Service) branchVotes(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (meetingForm, error) {
	var f meetingForm
	if err := form(a, &f); err != nil {
		return f, err
	}
	roster, err := s.roster(ctx, idb, a.Record, f.Date)
	if err != nil {
		return f, err
	}
	if roster == 0 {
		return f, httpx.Invalid("shouldAttend", "本支部在 %s 没有有表决权的正式党员，不能召开支部大会表决（细则第二十条）", f.Date)
	}
	if f.ShouldAttend != 0 && f.ShouldAttend != roster {
		return f, httpx.Invalid("shouldAttend", "应到会有表决权的党员为 %d 人（本支部 %s 的正式党员，不含预备党员和停止党籍等非正常状态的党员；细则第二十条），与填写的 %d 人不符",
			roster, f.Date, f.ShouldAttend)
	}
	f.ShouldAttend = roster
	if err := within(roster, "应到会人数", count{"present", "实到会人数", f.Present}, count{"written", "书面意见人数", f.Written},
		count{"agree", "赞成票数", f.Agree}, count{"against", "反对票数", f.Against}, count{"abstain", "弃权票数", f.Abstain}); err != nil {
		return f, err
	}
	if f.Present+f.Written > roster {
		return f, httpx.Invalid("written", "实到会人数与提交书面意见的人数之和（%d）不能超过应到会人数 %d", f.Present+f.Written, roster)
	}
	if votes := f.Agree + f.Against + f.Abstain; votes > f.Present+f.Written {
		return f, httpx.Invalid("agree", "赞成、反对、弃权票数之和（%d）不能超过实到会人数与书面意见数之和（%d）", votes, f.Present+f.Written)
	}
	return f, nil
}

// quorumRule: more than half of the members with a vote attend (细则第二十条).
func (s *Service) quorumRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: RuleQuorum, Field: "present",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			f, err := s.branchVotes(ctx, idb, a)
			if err != nil {
				return "", err
			}
			if f.Present*2 <= f.ShouldAttend {
				return fmt.Sprintf("应到 %d 人，实到 %d 人，未超过半数（至少 %d 人）", f.ShouldAttend, f.Present, f.ShouldAttend/2+1), nil
			}
			return "", nil
		}}
}

// majorityRule: passed with more than half of those with a vote (not of
// those present), the written opinions counted (细则第二十一条).
func (s *Service) majorityRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: RuleMajority, Field: "agree",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			f, err := s.branchVotes(ctx, idb, a)
			if err != nil {
				return "", err
			}
			if f.Agree*2 <= f.ShouldAttend {
				return fmt.Sprintf("应到 %d 人，赞成 %d 票（含书面意见），未超过应到人数的半数（至少 %d 票）", f.ShouldAttend, f.Agree, f.ShouldAttend/2+1), nil
			}
			return "", nil
		}}
}

// committeeVotes reads the committee's votes of a's form: its members as
// its leaders record them (or the client's count within sane bounds when
// none are), present and agreeing.
func (s *Service) committeeVotes(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (meetingForm, error) {
	var f meetingForm
	if err := form(a, &f); err != nil {
		return f, err
	}
	size, err := s.orgs.CommitteeSize(ctx, idb, a.Actor.OrgID)
	if err != nil {
		return f, httpx.Internal(err)
	}
	switch {
	case size > 0 && f.ShouldAttend != 0 && f.ShouldAttend != int64(size):
		return f, httpx.Invalid("shouldAttend", "%s委员会有委员 %d 人（书记、委员），与填写的 %d 人不符", a.Actor.OrgName, size, f.ShouldAttend)
	case size > 0:
		f.ShouldAttend = int64(size)
	case f.ShouldAttend < committeeMinMembers || f.ShouldAttend > committeeMaxMembers:
		return f, httpx.Invalid("shouldAttend", "%s（%s），请填写应到会委员人数（%d 至 %d 人）", committeeUnknownLabel, a.Actor.OrgName,
			committeeMinMembers, committeeMaxMembers)
	}
	if err := within(f.ShouldAttend, "应到会委员人数", count{"present", "到会委员人数", f.Present},
		count{"agree", "同意的委员人数", f.Agree}); err != nil {
		return f, err
	}
	if f.Agree > f.Present {
		return f, httpx.Invalid("agree", "同意的委员人数不能超过到会委员人数")
	}
	return f, nil
}

// committeeVoteRule: the higher committee approves by a collective vote,
// more than half of its members present and agreeing (⑰, ㉔).
func (s *Service) committeeVoteRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: RuleCommitteeVote, Field: "present",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			f, err := s.committeeVotes(ctx, idb, a)
			if err != nil {
				return "", err
			}
			need := f.ShouldAttend/2 + 1
			if f.Present < need {
				return fmt.Sprintf("应到会委员 %d 人，到会 %d 人，未超过半数（至少 %d 人）", f.ShouldAttend, f.Present, need), nil
			}
			if f.Agree < need {
				return fmt.Sprintf("应到会委员 %d 人，同意 %d 人，未超过半数（至少 %d 人）", f.ShouldAttend, f.Agree, need), nil
			}
			return "", nil
		}}
}

// keptForm is the form a vote step keeps: the one sent, with shouldAttend
// the server's count (the roster or the committee's members).
func (s *Service) keptForm(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (json.RawMessage, error) {
	var f meetingForm
	var err error
	switch voteSteps[a.Step.Key] {
	case ByBranch:
		f, err = s.branchVotes(ctx, idb, a)
	case ByCommittee:
		f, err = s.committeeVotes(ctx, idb, a)
	default:
		return a.Form, nil
	}
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(a.Form, &m); err != nil || m == nil {
		return nil, httpx.Invalid("form", "办理内容格式不正确")
	}
	m["shouldAttend"] = f.ShouldAttend
	out, err := json.Marshal(m)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// extensionRule: the probation is extended once at most, decided when it
// ends (细则第三十二条): at ㉓ an extension is decided on or after the
// probation's end of a record never extended; at ㉔ an extension is
// approved only for such a record.
func (s *Service) extensionRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: RuleExtension, Field: "decision",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			var f meetingForm
			if a.Step.Key == StepFullMeeting {
				if err := form(a, &f); err != nil {
					return "", err
				}
			} else {
				meeting, err := s.fullMeetingOf(ctx, idb, a.ID)
				if err != nil {
					return "", err
				}
				f = meeting
			}
			if f.Decision != DecisionExtend {
				return "", nil
			}
			r := a.Record
			if r.Extensions > 0 {
				return fmt.Sprintf("预备期已延长过一次（现至 %s 届满），不能再次延长，届满时应讨论按期转正或取消预备党员资格", r.ProbationEndsOn), nil
			}
			if end := r.ProbationEndsOn; a.Step.Key == StepFullMeeting && !end.IsZero() && f.Date.Before(end) {
				return fmt.Sprintf("预备期至 %s 届满，届满时（%s 起）方可讨论延长预备期", end, end), nil
			}
			return "", nil
		}}
}

// eachVoted refuses one tally for several records: a batch form carrying
// votes when more than one record is acted on (逐个讨论和表决).
func eachVoted(in flow.BatchInput, ids []int64) error {
	if len(ids) < 2 || len(in.Form) == 0 {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(in.Form, &m) != nil {
		return nil // the action refuses a form that is not an object
	}
	for _, k := range []string{"shouldAttend", "present", "written", "agree", "against", "abstain"} {
		if _, ok := m[k]; ok {
			return httpx.Invalid("forms", "表决结果须逐人填写，不能以一份表决结果办理多人（%s）", articleEachVoted)
		}
	}
	return nil
}

// eachVotedRule: a batch action approving a step decided by a vote takes
// each person's own tally (flow.BatchInput.Forms), never one form for several
// (细则第二十一条: 逐个讨论和表决). A rule, so the caller's permission at the
// step is checked first.
func (s *Service) eachVotedRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: RuleEachVoted, Field: "forms",
		Check: func(ctx context.Context, _ bun.IDB, a *flow.Act[Record]) (string, error) {
			if flow.SharedForm(ctx) {
				return fmt.Sprintf("「%s」须逐人填写表决结果后办理", a.Step.Name), nil
			}
			return "", nil
		}}
}
