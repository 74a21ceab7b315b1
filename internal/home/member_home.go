package home

import (
	"context"

	"zhdj/internal/content"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/points"
	"zhdj/internal/system"
)

// PermMemberHome guards the party member's own home (党员首页, spec §2). It
// takes no id: everything it answers is the caller's own.
const PermMemberHome = "dy:home"

// MemberHome is GET /api/dyHome: the signed-in member's record (masked),
// their organisation with its secretary and committee, their unread
// messages and the change trail of their record. What waits for them is
// not here: the page shows the work lists' summary (GET /api/worklist),
// which counts the stored to-dos and what the modules compute from their
// own state (a form to fill in, a vote, a fee) alike.
type MemberHome struct {
	// Member is nil when no member record is linked to the account (the
	// page then asks the user to see an administrator).
	Member *member.MemberView `json:"member"`
	Org    *org.Card          `json:"org"`
	// Messages are the caller's unread messages, newest first: the message
	// centre's own query, a few of them.
	Messages httpx.PageResult[system.MessageView] `json:"messages"`
	// Trail is the first page of the change trail of the member's record
	// (GET /api/dyHome/trail pages on).
	Trail httpx.PageResult[audit.Labelled] `json:"trail"`
	// Points is the card 我的积分: the member's total of the year and the
	// latest entries (nil without a member record), from points' Go API.
	Points *points.Summary `json:"points"`
	// Unread is the card 党务新闻: how many items published to the member
	// they have not opened (content's Go API).
	Unread content.Unread `json:"unread"`
}

// How many of each list the home shows; the message centre and the trail's
// own route have the rest.
const (
	memberHomeMessages = 5
	memberHomeTrail    = 5
)

// MemberHome assembles the caller's own home. The member record is found by
// the account it is linked to, the organisation through that record: no
// other person's data can be asked for.
func (s *Service) MemberHome(ctx context.Context) (*MemberHome, error) {
	out := &MemberHome{}
	var err error
	if out.Member, err = s.members.Own(ctx); err != nil {
		return nil, err
	}
	if out.Member != nil {
		if out.Org, err = s.orgs.CardOf(ctx, out.Member.OrgID); err != nil {
			return nil, err
		}
		if out.Points, err = s.points.SummaryOf(ctx, out.Member.ID); err != nil {
			return nil, err
		}
	}
	if out.Messages, err = s.sys.MyMessages(ctx, firstOf(memberHomeMessages).WithFilter("read", "false")); err != nil {
		return nil, err
	}
	if out.Trail, err = s.members.OwnTrail(ctx, firstOf(memberHomeTrail)); err != nil {
		return nil, err
	}
	out.Unread, err = s.content.Unread(ctx)
	return out, err
}

// MemberTrail is GET /api/dyHome/trail: a page of the change trail of the
// caller's own member record, newest first (empty without one). It takes
// paging only: the record is the caller's, never one a parameter names.
func (s *Service) MemberTrail(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	if len(lq.Filters) > 0 || len(lq.Sorts) > 0 {
		return httpx.PageResult[audit.Labelled]{}, httpx.BadRequest("本人变动记录不支持查询条件或排序")
	}
	return s.members.OwnTrail(ctx, lq)
}

func firstOf(n int) httpx.ListQuery { return httpx.ListQuery{Page: httpx.Page{Size: n}} }
