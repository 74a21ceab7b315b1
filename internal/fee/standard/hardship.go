package standard

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// HardshipKey is the hardship workflow's key (flow tables, to-dos' module).
const HardshipKey = "feehardship"

// The hardship workflow's steps. The proposal is the workflow's 提交 and
// starts at StepCommittee: the committee above the member's branch approves
// (通过), refuses (不通过) or returns it (退回修改) to StepBranch, where the
// branch edits and resubmits it. Until the decision the branch may
// withdraw it (撤回, flow.Stop). Who acts for the branch are the holders of
// dfjm:branch whose scope covers the proposal's organisation: proposing
// takes the same, so the proposer is one of them and needs no Step.May.
const (
	StepBranch    = "branch"
	StepCommittee = "committee"
)

var hardshipKinds = map[string]string{HardshipReduce: "减交", HardshipExempt: "免交"}

// HardshipStateLabels are the proposal states' names (the web's HARDSHIP_STATE_LABELS, make gen).
var HardshipStateLabels = map[string]string{HardshipReview: "待审批", HardshipReturned: "退回修改", HardshipApproved: "已批准",
	HardshipRejected: "未批准", HardshipWithdrawn: "已撤回", HardshipEnded: "已终止"}

// hardshipChains: the proposal's own organisation (the member's branch)
// resubmits a returned proposal; the nearest 二级党委 or 党总支 above it
// approves, or the school committee for a 直属党支部.
var hardshipChains = []flow.Chain{{OrgType: flow.AnyType, Links: []flow.Link{
	{Step: StepBranch, Acting: []string{"1", "2", "3", "4", "5"}, Role: "党支部"},
	{Step: StepCommittee, Acting: []string{"1", "2", "3"}, Role: "上级党委"}}}}

// hardshipRecord is a hardship row with its member's name (the workflow's record).
type hardshipRecord struct {
	Hardship   `bun:",extend"`
	MemberName string `bun:"member_name,scanonly"`
	OrgName    string `bun:"org_name,scanonly"`
}

// HardshipInput is the body of POST /api/dfjm: the branch's proposal.
// Amount (元) is the monthly amount the member pays instead (减交); From
// and To are months YYYY-MM, inclusive.
type HardshipInput struct {
	MemberID int64  `json:"memberId"`
	Kind     string `json:"kind"`
	Amount   string `json:"amount"`
	From     string `json:"from"`
	To       string `json:"to"`
	Reason   string `json:"reason"`
}

// HardshipView is a proposal as the list shows it.
type HardshipView struct {
	ID         int64     `json:"id"`
	MemberID   int64     `json:"memberId"`
	MemberName string    `json:"memberName"`
	OrgID      int64     `json:"orgId"`
	OrgName    string    `json:"orgName"`
	Kind       string    `json:"kind"`
	KindLabel  string    `json:"kindLabel"`
	Amount     string    `json:"amount"`
	From       string    `json:"from"`
	To         string    `json:"to"`
	EndFrom    string    `json:"endFrom,omitempty"` // YYYY-MM: ended early, charged in full from this month
	Reason     string    `json:"reason"`
	State      string    `json:"state"`
	StateLabel string    `json:"stateLabel"`
	CreatedAt  time.Time `json:"createdAt"`
}

func (s *Service) hardshipFlow() *flow.Workflow[hardshipRecord] {
	states := flow.StatesOf([]string{HardshipReview, HardshipReturned, HardshipApproved, HardshipRejected, HardshipWithdrawn, HardshipEnded},
		HardshipStateLabels)
	return &flow.Workflow[hardshipRecord]{DB: s.db, Key: HardshipKey, Noun: "党费减免申请", States: states,
		Done: HardshipApproved, Rejected: HardshipRejected,
		Steps: []flow.Step[hardshipRecord]{
			{Key: StepBranch, Name: "支部修改后重新提交", State: HardshipReturned, Perm: PermBranch, Results: []flow.Result{flow.Approve},
				After: s.resubmitted},
			{Key: StepCommittee, Name: "上级党委审批", State: HardshipReview, Perm: PermCommittee,
				Results: []flow.Result{flow.Approve, flow.Reject, flow.Return},
				After: func(ctx context.Context, tx bun.Tx, a *flow.Act[hardshipRecord]) error {
					return httpx.AsError(setHardshipState(ctx, tx, a.ID, HardshipReview, a.State, a.At))
				}}},
		Find:   s.hardships.FindIn,
		OrgOf:  func(r *hardshipRecord) int64 { return r.OrgID },
		NameOf: func(r *hardshipRecord) string { return r.MemberName + "党费" + hardshipKinds[r.Kind] },
		Link:   func(id int64) string { return fmt.Sprintf("/dfgl/base?hardship=%d", id) },
		Orgs:   s.orgs, Todos: s.sys, Files: s.sys, Now: func() time.Time { return s.now() }}
}

func errNoHardship() *httpx.Error { return httpx.NotFound("党费减免申请不存在") }

// hardshipResource declares the proposals on the resource kit, for their
// list and reads: seen within the caller's scope by the branch that
// proposed them, with the member's and the branch's names; written by the
// workflow only.
func (s *Service) hardshipResource() *resource.Viewed[Hardship, hardshipRecord, HardshipInput, HardshipView] {
	return &resource.Viewed[Hardship, hardshipRecord, HardshipInput, HardshipView]{DB: s.db, Noun: "党费减免申请", Spec: hardshipSpec,
		Scope: s.orgs.Scoped("h.org_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return org.NameJoin("h.org_id")(member.Join("h.member_id")(q)).ColumnExpr("m.name AS member_name")
		},
		Record: func(r *hardshipRecord) *Hardship { return &r.Hardship },
		View:   func(r *hardshipRecord, _ audit.Labeller, _ bool) HardshipView { return hardshipView(*r) },
	}
}

var hardshipSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":    {Columns: []string{"h.state"}, Match: httpx.In},
		"orgId":    org.SubtreeFilter("h.org_id"),
		"blurry":   {Columns: []string{"m.name"}, Match: httpx.Like},
		"memberId": {Columns: []string{"h.member_id"}, Kind: httpx.Int},
		"id":       {Columns: []string{"h.id"}, Kind: httpx.Int}, // the one a to-do opens
	},
	Sorts:       map[string]string{"createTime": "h.created_at"},
	DefaultSort: "h.created_at DESC, h.id DESC",
	Key:         "h.id",
}

func (s *Service) hardshipRoutes(rs *httpx.Routes) {
	s.hardships.ListRoutes(rs, "/api/dfjm", resource.Perms{List: PermHardshipList})
	rs.Post("/api/dfjm", PermBranch, "申请减免", httpx.Create(s.ProposeHardship))
	s.hw.Routes(rs, "/api/dfjm", flow.Perms{View: PermHardshipList})
	rs.Post("/api/dfjm/{id}/withdraw", PermBranch, "撤回减免申请", httpx.ActionOn(errNoHardship, s.WithdrawHardship))
	rs.Post("/api/dfjm/{id}/end", PermCommittee, "终止减免", httpx.ActionOn(errNoHardship, s.EndHardship))
}

func hardshipView(r hardshipRecord) HardshipView {
	v := HardshipView{ID: r.ID, MemberID: r.MemberID, MemberName: r.MemberName, OrgID: r.OrgID, OrgName: r.OrgName, Kind: r.Kind,
		KindLabel: hardshipKinds[r.Kind], From: date.MonthOfYM(r.FromYM).String(), To: date.MonthOfYM(r.ToYM).String(), Reason: r.Reason, State: r.State,
		StateLabel: HardshipStateLabels[r.State], CreatedAt: r.CreatedAt}
	if r.Kind == HardshipReduce {
		v.Amount = money.Fen(r.Fen).Grouped()
	}
	if r.EndFromYM > 0 {
		v.EndFrom = date.MonthOfYM(r.EndFromYM).String()
	}
	return v
}

// parseYM reads a month YYYY-MM (date.ParseMonth) as yyyymm, as the rows store it.
func parseYM(s string) (int, bool) {
	m, ok := date.ParseMonth(strings.TrimSpace(s))
	return m.YM(), ok
}

// checkHardship turns a proposal into a row (member and organisation aside).
func checkHardship(in HardshipInput) (Hardship, error) {
	h := Hardship{MemberID: in.MemberID, Kind: in.Kind, Reason: strings.TrimSpace(in.Reason), State: HardshipReview}
	if in.MemberID <= 0 {
		return h, httpx.Invalid("memberId", "请选择党员")
	}
	switch in.Kind {
	case HardshipReduce:
		f, ok := money.Parse(in.Amount)
		if !ok || f <= 0 || f > 100000 {
			return h, httpx.Invalid("amount", "请输入减交后的每月金额（0.01 至 1,000.00 元）")
		}
		h.Fen = int64(f)
	case HardshipExempt:
	default:
		return h, httpx.Invalid("kind", "请选择减免方式")
	}
	var ok bool
	if h.FromYM, ok = parseYM(in.From); !ok {
		return h, httpx.Invalid("from", "请选择起始月份（YYYY-MM）")
	}
	if h.ToYM, ok = parseYM(in.To); !ok {
		return h, httpx.Invalid("to", "请选择截止月份（YYYY-MM）")
	}
	months := date.MonthOfYM(h.FromYM).MonthsTo(date.MonthOfYM(h.ToYM)) + 1
	if months < 1 || months > 24 {
		return h, httpx.Invalid("to", "截止月份须不早于起始月份，且减免期限不超过24个月")
	}
	if h.Reason == "" || utf8.RuneCountInString(h.Reason) > 500 {
		return h, httpx.Invalid("reason", "请输入减免理由（不超过500个字）")
	}
	return h, nil
}

// ProposeHardship records the branch's proposal for a member of the
// caller's scope and starts its workflow, in one transaction: the committee
// above gets a to-do. It applies in MonthlyDues once approved.
func (s *Service) ProposeHardship(ctx context.Context, in HardshipInput) (HardshipView, error) {
	h, err := checkHardship(in)
	if err != nil {
		return HardshipView{}, err
	}
	var out *hardshipRecord
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.members.Facts(ctx, tx, h.MemberID)
		if err != nil {
			return err
		}
		h.OrgID = m.OrgID
		now := s.now()
		h.CreatedAt, h.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(&h).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		// The branch's own step is where a returned proposal waits: the
		// proposal starts above it.
		if err := s.hw.StartAt(ctx, tx, h.ID, StepCommittee, flow.Note{Comment: h.Reason}); err != nil {
			return err
		}
		out, err = s.hardships.FindIn(ctx, tx, h.ID)
		return err
	})
	if err != nil {
		return HardshipView{}, err
	}
	return hardshipView(*out), nil
}

// setHardshipState moves proposal id from state from to state to, with
// the columns set sets; a proposal no longer in from changed meanwhile (409).
func setHardshipState(ctx context.Context, tx bun.IDB, id int64, from, to string, at time.Time,
	set ...func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	q := tx.NewUpdate().Model((*Hardship)(nil)).Set("state = ?, updated_at = ?", to, at).Where("id = ?", id).Where("state = ?", from)
	for _, f := range set {
		q = f(q)
	}
	res, err := q.Exec(ctx)
	return record.Conditional(res, err, 1, httpx.Conflict("该党费减免申请已被他人处理，请刷新后查看"))
}

// resubmitted is the branch's step after a 退回修改: the proposal goes back
// to the committee, changed as the action's form says (the same fields and
// checks as a proposal; the member stays), or as it was without a form.
func (s *Service) resubmitted(ctx context.Context, tx bun.Tx, a *flow.Act[hardshipRecord]) error {
	var set []func(*bun.UpdateQuery) *bun.UpdateQuery
	if len(a.Form) > 0 && string(a.Form) != "null" {
		var in HardshipInput
		if err := json.Unmarshal(a.Form, &in); err != nil {
			return httpx.BadRequest("申请内容格式错误")
		}
		in.MemberID = a.Record.MemberID
		h, err := checkHardship(in)
		if err != nil {
			return err
		}
		set = append(set, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("kind = ?, fen = ?, from_ym = ?, to_ym = ?, reason = ?", h.Kind, h.Fen, h.FromYM, h.ToYM, h.Reason)
		})
	}
	return setHardshipState(ctx, tx, a.ID, HardshipReturned, a.State, a.At, set...)
}

// StopInput is the body of a withdrawal: the flow version the page read
// (0: whatever it is) and why.
type StopInput struct {
	Version int64  `json:"version"`
	Comment string `json:"comment"`
}

// WithdrawHardship is 撤回: the branch (a holder of dfjm:branch whose scope
// covers the proposal) takes back a proposal not yet decided, under review
// or returned to it. The history gets the entry, the committee's to-do
// closes, the proposal is 已撤回 and never applies. A decided (or already
// withdrawn) proposal is a 409.
func (s *Service) WithdrawHardship(ctx context.Context, id int64, in StopInput) (HardshipView, error) {
	var out *hardshipRecord
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		h, err := s.hardships.FindIn(ctx, tx, id)
		if err != nil {
			return err
		}
		if h.State != HardshipReview && h.State != HardshipReturned {
			return httpx.Conflict("该党费减免申请%s，不能撤回", HardshipStateLabels[h.State])
		}
		if err := s.hw.Stop(ctx, tx, id, in.Version, flow.Withdraw, HardshipWithdrawn, "申请支部", in.Comment); err != nil {
			return err
		}
		if err := setHardshipState(ctx, tx, id, h.State, HardshipWithdrawn, s.now()); err != nil {
			return err
		}
		out, err = s.hardships.FindIn(ctx, tx, id)
		return err
	})
	if err != nil {
		return HardshipView{}, httpx.AsError(err)
	}
	return hardshipView(*out), nil
}
