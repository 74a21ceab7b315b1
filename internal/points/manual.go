package points

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// Proposal states.
const (
	StatePending  = "pending"
	StateApproved = "approved"
	StateRejected = "rejected"
)

// States are the proposal states in order.
var States = []string{StatePending, StateApproved, StateRejected}

// StateNames are the proposal states as users read them.
var StateNames = map[string]string{StatePending: "待审核", StateApproved: "已通过", StateRejected: "已驳回"}

// ManualBound bounds the points of one manual entry of kind other (±).
const ManualBound = 50

// MaxReason and MaxRemark bound a proposal's reason and a decision's remark (characters).
const (
	MaxReason = 500
	MaxRemark = 500
)

// Proposal is a manual entry proposed by a branch (jf_manual).
type Proposal struct {
	bun.BaseModel `bun:"table:jf_manual,alias:p"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	MemberID      int64      `bun:"member_id" json:"memberId"`
	MemberName    string     `bun:"member_name" json:"memberName"`
	OrgID         int64      `bun:"org_id" json:"orgId"`
	Kind          string     `bun:"kind" json:"kind"`
	Points        int        `bun:"points" json:"points"`
	Reason        string     `bun:"reason" json:"reason"`
	EarnedOn      date.Date  `bun:"earned_on" json:"earnedOn"`
	State         string     `bun:"state" json:"state"`
	ProposedBy    string     `bun:"proposed_by" json:"proposedBy"`
	ProposerOrgID *int64     `bun:"proposer_org_id" json:"-"`
	DecidedBy     string     `bun:"decided_by" json:"decidedBy"`
	DecidedAt     *time.Time `bun:"decided_at" json:"decidedAt"`
	Remark        string     `bun:"remark" json:"remark"`
	CreatedAt     time.Time  `bun:"created_at" json:"createTime"`
	UpdatedAt     time.Time  `bun:"updated_at" json:"updateTime"`
}

// ProposalView is a proposal as the list shows it.
type ProposalView struct {
	Proposal  `bun:",extend"`
	OrgName   string `bun:"org_name,scanonly" json:"orgName"`
	KindName  string `bun:"-" json:"kindName"`
	StateName string `bun:"-" json:"stateName"`
}

// ProposalInput is the body of proposing a manual entry.
type ProposalInput struct {
	MemberID int64     `json:"memberId"`
	Kind     string    `json:"kind"`
	Points   int       `json:"points"` // only for kind other; the rules give the others
	Reason   string    `json:"reason"`
	EarnedOn date.Date `json:"earnedOn"`
}

// Decision is the body of deciding a proposal.
type Decision struct {
	Approve bool   `json:"approve"`
	Remark  string `json:"remark"`
}

func errNoProposal() *httpx.Error { return httpx.NotFound("积分申报不存在") }

var proposalSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":      {Columns: []string{"p.state"}, Match: httpx.In},
		"memberName": {Columns: []string{"p.member_name"}, Match: httpx.Like},
		"orgId":      org.SubtreeFilter("p.org_id"),
	},
	Sorts:       map[string]string{"createTime": "p.created_at"},
	DefaultSort: "p.created_at DESC, p.id DESC",
	Key:         "p.id",
}

// Proposals is GET /api/jf/manual: the proposals of the caller's scope.
func (s *Service) Proposals(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[ProposalView], error) {
	scoped, err := s.orgs.Scoped("p.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[ProposalView]{}, err
	}
	q := scoped(org.NameJoin("p.org_id")(s.db.NewSelect().Model((*ProposalView)(nil)).ColumnExpr("p.*")))
	return httpx.PagedEach(ctx, q, proposalSpec, lq, func(v *ProposalView) {
		v.KindName, v.StateName = KindNames[v.Kind], StateNames[v.State]
	})
}

// Propose is POST /api/jf/manual: a member of the caller's scope proposed
// for points of a manual kind, waiting for the 二级党委.
func (s *Service) Propose(ctx context.Context, in ProposalInput) (ProposalView, error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return ProposalView{}, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	var c httpx.Checks
	switch in.Kind {
	case KindVolunteer:
		in.Points = pointsOf(rules, RuleVolunteer)
	case KindHonour:
		in.Points = pointsOf(rules, RuleHonour)
	case KindOther:
		if in.Points == 0 || in.Points < -ManualBound || in.Points > ManualBound {
			c.Add(httpx.Invalid("points", "积分应为-%d到%d之间的非零整数", ManualBound, ManualBound))
		}
	default:
		c.Add(httpx.Invalid("kind", "请选择积分类别"))
	}
	if in.MemberID <= 0 {
		c.Add(httpx.Invalid("memberId", "请选择党员"))
	}
	c.Add(record.Required("reason", "事由", in.Reason, MaxReason))
	if err := c.Err(); err != nil {
		return ProposalView{}, err
	}
	today := date.Of(s.now().In(date.China))
	if in.EarnedOn == "" {
		return ProposalView{}, httpx.Invalid("earnedOn", "请选择发生日期")
	}
	if in.EarnedOn, err = record.Date("earnedOn", "发生日期", in.EarnedOn.String()); err != nil {
		return ProposalView{}, err
	}
	if in.EarnedOn.String() > today.String() {
		return ProposalView{}, httpx.Invalid("earnedOn", "发生日期不能晚于今天")
	}
	m, err := s.members.Facts(ctx, s.db, in.MemberID) // the caller's scope, else 党员不存在
	if err != nil {
		return ProposalView{}, err
	}
	p := rbac.From(ctx)
	now := s.now()
	row := Proposal{MemberID: m.ID, MemberName: m.Name, OrgID: m.OrgID, Kind: in.Kind, Points: in.Points, Reason: in.Reason,
		EarnedOn: in.EarnedOn, State: StatePending, ProposedBy: p.AccountName(), ProposerOrgID: p.OrgID, CreatedAt: now, UpdatedAt: now}
	if _, err := s.db.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
		return ProposalView{}, httpx.Internal(err)
	}
	return s.proposal(ctx, row.ID)
}

func (s *Service) proposal(ctx context.Context, id int64) (ProposalView, error) {
	scoped, err := s.orgs.Scoped("p.org_id")(ctx)
	if err != nil {
		return ProposalView{}, err
	}
	var v ProposalView
	if err := scoped(org.NameJoin("p.org_id")(s.db.NewSelect().Model(&v).ColumnExpr("p.*"))).Where("p.id = ?", id).Limit(1).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return ProposalView{}, errNoProposal()
	} else if err != nil {
		return ProposalView{}, httpx.Internal(err)
	}
	v.KindName, v.StateName = KindNames[v.Kind], StateNames[v.State]
	return v, nil
}

// Decide is POST /api/jf/manual/{id}/decide: the 二级党委 approves or
// rejects a pending proposal of its scope. The proposing branch cannot
// decide its own (a caller anchored at the proposal's organisation, or at
// the proposer's); the transition is one conditional UPDATE, so of two
// parallel decisions one wins and the other is a 409. An approval books
// the entry in the same transaction.
func (s *Service) Decide(ctx context.Context, id int64, in Decision) (ProposalView, error) {
	in.Remark = strings.TrimSpace(in.Remark)
	if err := record.MaxLen("remark", "审核意见", in.Remark, MaxRemark); err != nil {
		return ProposalView{}, err
	}
	if !in.Approve && in.Remark == "" {
		return ProposalView{}, httpx.Invalid("remark", "驳回时请填写审核意见")
	}
	cur, err := s.proposal(ctx, id)
	if err != nil {
		return ProposalView{}, err
	}
	p := rbac.From(ctx)
	if p.OrgID != nil && (*p.OrgID == cur.OrgID || (cur.ProposerOrgID != nil && *p.OrgID == *cur.ProposerOrgID)) {
		return ProposalView{}, httpx.Forbidden("不能审核本支部申报的积分，请由上级党委审核")
	}
	if cur.State != StatePending {
		return ProposalView{}, httpx.Conflict("该申报已审核")
	}
	state := StateRejected
	if in.Approve {
		state = StateApproved
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		res, err := tx.NewUpdate().Model((*Proposal)(nil)).Set("state = ?", state).Set("decided_by = ?", p.AccountName()).
			Set("decided_at = ?", now).Set("remark = ?", in.Remark).Set("updated_at = ?", now).
			Where("id = ?", id).Where("state = ?", StatePending).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("该申报已审核")); err != nil {
			return err
		}
		if !in.Approve {
			return nil
		}
		e := Entry{MemberID: cur.MemberID, MemberName: cur.MemberName, OrgID: cur.OrgID, Year: yearOf(cur.EarnedOn.String()),
			Points: cur.Points, Kind: cur.Kind, Source: SourceManual, EventKey: fmt.Sprintf("manual:%d", id),
			Text: fmt.Sprintf("%s：%s（%s）", KindNames[cur.Kind], cur.Reason, cur.EarnedOn), CreatedAt: now}
		return s.book(ctx, tx, e)
	})
	if err != nil {
		return ProposalView{}, httpx.AsError(err)
	}
	return s.proposal(ctx, id)
}
