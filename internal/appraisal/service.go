// Package appraisal is 民主评议党员 (democratic appraisal of members,
// RULES §4): a yearly round per branch, opened by a 二级党委 for its
// branches or by the 组织部 for many at once; the members write their
// personal summaries (/mzpydy/self); the branch opens the vote on the
// anonymous ballot engine (one question per full member: 优秀, 合格, 基本
// 合格, 不合格; probationary members vote but are not on the paper), closes
// it (it counts when more than half of the members voted), sees the counts
// and a proposal, and decides the grades (优秀 at most the setting's share,
// 1/3); members graded 不合格 get a follow-up (限期改正, or 劝其退党 and 除名
// started as the transfer module's 出党). Design: docs/appraisal.md.
package appraisal

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// Service is the appraisal domain.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	orgs      *org.Service
	members   *member.Service
	life      *orglife.Service
	ballots   *ballot.Service
	transfers *transfer.Service
	now       func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, life *orglife.Service,
	ballots *ballot.Service, transfers *transfer.Service) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, life: life, ballots: ballots, transfers: transfers,
		now: func() time.Time { return time.Now().UTC() }}
}

// BallotKind is the engine's kind of the appraisal's rounds.
const BallotKind = "appraisal"

// VoteLink is the voters' page.
const VoteLink = "/mzpydy"

// Module describes the appraisal to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "appraisal", Migrations: Migrations(), Routes: s.Routes, Menus: allMenus(), Trail: TrailModule}
}

// Routes registers the appraisal's endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("民主评议党员")
	const rounds, members = "/api/mzpy/rounds", "/api/mzpy/members"
	rs.Get("/api/mzpy/progress", PermList, "查询评议进度", httpx.ReadList(s.Progress))
	rs.Get("/api/mzpy/progress/export", PermExport, "导出评议进度", s.exportProgress)
	rs.Post(rounds, PermOpen, "开展评议", httpx.Create(s.Open))
	rs.Get(rounds+"/{id}", PermList, "查看评议", httpx.ReadOn(errNoRound, s.Detail))
	rs.Get(rounds+"/{id}/meetings", PermVote, "查询评议会议", httpx.ReadOn(errNoRound, s.Meetings))
	rs.Post(rounds+"/{id}/vote", PermVote, "开启投票", httpx.ChangeOn(errNoRound, s.OpenVote))
	rs.Post(rounds+"/{id}/close", PermVote, "结束投票", httpx.ReadOn(errNoRound, s.CloseVote))
	rs.Post(rounds+"/{id}/decide", PermDecide, "评定等次", httpx.ChangeOn(errNoRound, s.Decide))
	rs.Get(rounds+"/{id}/trail", PermList, "查看评议记录", httpx.ListUnder(errNoRound, s.Trail))
	rs.Get(members+"/{id}", PermList, "查看个人总结", httpx.ReadOn(errNoMember, s.Appraisee))
	rs.Post(members+"/{id}/follow", PermDecide, "处置不合格党员", httpx.ChangeOn(errNoMember, s.Follow))
	rs.Get("/api/mzpy/follow", PermList, "查询不合格党员处置", httpx.ReadList(s.FollowList))
	rs.Get("/api/mzpy/member/{id}", PermList, "查看党员评议结果", httpx.ReadOn(member.ErrNoMember, s.Results))
	rs.Get("/api/mzpy/self", PermSelf, "我的民主评议", httpx.Read(s.Mine))
	rs.Put("/api/mzpy/self/{id}", PermSelf, "保存个人总结", httpx.ChangeOn(errNoMember, s.SaveSummary))
	rs.Post("/api/mzpy/self/{id}/submit", PermSelf, "提交个人总结", httpx.ChangeOn(errNoMember, s.SubmitSummary))
}

func errNoRound() *httpx.Error  { return httpx.NotFound("民主评议不存在") }
func errNoMember() *httpx.Error { return httpx.NotFound("参评党员不存在") }

// share reads the 优秀 share setting.
func (s *Service) share(ctx context.Context) Share {
	return ParseShare(s.sys.Setting(ctx, CfgExcellentShare))
}

// summaryBounds reads the summary's word bounds (a minimum above the
// maximum takes the defaults).
func (s *Service) summaryBounds(ctx context.Context) (int, int) {
	lo := s.sys.SettingInt(ctx, CfgSummaryMin, DefaultSummaryMin)
	hi := min(s.sys.SettingInt(ctx, CfgSummaryMax, DefaultSummaryMax), MaxSummary)
	if lo > hi {
		return DefaultSummaryMin, DefaultSummaryMax
	}
	return lo, hi
}
