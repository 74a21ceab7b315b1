package transfer

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// selfKinds are the kinds a member may start for themselves.
var selfKinds = []string{KindOut, KindInside, KindAbroad, KindReturn, KindFlowOut}

// Mine is the party member's own organisation relation (党员首页「我的组织关系」).
type Mine struct {
	MemberID     int64  `json:"memberId"`
	Name         string `json:"name"`
	OrgID        int64  `json:"orgId"`
	OrgName      string `json:"orgName"`
	MemberStatus string `json:"memberStatus"`
	// Transfers are the member's transfers, newest first (at most 50).
	Transfers []View `json:"transfers"`
	// Kinds are those the member may start (none while one is under way).
	Kinds []string `json:"kinds"`
}

// maxMine is how many of their transfers the member's home shows.
const maxMine = 50

// ownMember is the caller's member record (404 without one).
func (s *Service) ownMember(ctx context.Context) (*member.MemberView, error) {
	m, err := s.members.Own(ctx)
	if err == nil && m == nil {
		return nil, httpx.NotFound("您的账号未关联党员信息")
	}
	return m, err
}

// Mine reads the caller's organisation relation and transfers.
func (s *Service) Mine(ctx context.Context) (Mine, error) {
	m, err := s.ownMember(ctx)
	if err != nil {
		return Mine{}, err
	}
	out := Mine{MemberID: m.ID, Name: m.Name, OrgID: m.OrgID, OrgName: m.OrgName, MemberStatus: m.MemberStatus,
		Transfers: []View{}, Kinds: []string{}}
	var rows []View
	if err := joinNames(s.db.NewSelect().Model(&rows).ColumnExpr("t.*")).Where("t.member_id = ?", m.ID).OrderExpr("t.id DESC").Limit(maxMine).Scan(ctx, &rows); err != nil {
		return Mine{}, httpx.Internal(err)
	}
	open := false
	for i := range rows {
		s.show(&rows[i])
		open = open || slices.Contains(OpenStates, rows[i].State)
	}
	out.Transfers = append(out.Transfers, rows...)
	if !open {
		for _, k := range selfKinds {
			if slices.Contains(allowedStatus[k], m.MemberStatus) {
				out.Kinds = append(out.Kinds, k)
			}
		}
	}
	return out, nil
}

// CreateMine starts a transfer of the caller's own member record.
func (s *Service) CreateMine(ctx context.Context, in Input) (Transfer, error) {
	if !slices.Contains(selfKinds, in.Kind) {
		return Transfer{}, httpx.Invalid("kind", "请选择转接类型")
	}
	m, err := s.ownMember(ctx)
	if err != nil {
		return Transfer{}, err
	}
	in.MemberID, in.At = m.ID, ""
	return s.Create(ctx, in)
}

// Branch is a receiving branch of 校内转接 as its picker shows it.
type Branch struct {
	ID         int64  `bun:"id" json:"id"`
	Name       string `bun:"name" json:"name"`
	ParentName string `bun:"parent_name" json:"parentName"`
}

// maxBranches is how many branches one picker search answers.
const maxBranches = 50

// Branches are the live branches of the whole school whose name contains
// text (at most 50, in tree order): the receiving branch of a transfer
// inside the school lies outside the caller's scope. Only names are shown.
func (s *Service) Branches(ctx context.Context, lq httpx.ListQuery) ([]Branch, error) {
	text := strings.TrimSpace(lq.Filter("blurry"))
	if utf8.RuneCountInString(text) > maxName {
		return nil, httpx.Invalid("blurry", "搜索内容不能超过 %d 个字", maxName)
	}
	out := []Branch{}
	q := org.SelectLiveNamed(s.db, text, orgTypeBranch, orgTypeDirect, orgTypeGeneral).Limit(maxBranches)
	if err := q.Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
