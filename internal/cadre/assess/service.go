// Package assess is 干部考核: yearly assessment schemes (indicators and
// evaluator groups with their weights, levels, grade thresholds, the 优秀
// cap), rounds that open a scheme's version for a set of cadres and draw
// their evaluators, the evaluation on the anonymous ballot engine (signed
// in, or by printed one-time links), the comprehensive score with its
// automatic grade, the organisers' adjustments and the committee's
// confirmation, written to each cadre's record. Design: docs/assess.md.
package assess

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
	"zhdj/internal/unit"
)

// Service is 干部考核.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	units   *unit.Service
	cadres  *cadre.Service
	ballots *ballot.Service
	now     func() time.Time
}

// New builds the service over the cadre base's and the ballot engine's Go APIs.
func New(database *bun.DB, sys *system.Service, units *unit.Service, cadres *cadre.Service, ballots *ballot.Service) *Service {
	return &Service{db: database, sys: sys, units: units, cadres: cadres, ballots: ballots, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock sets the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes 干部考核 to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "cadre/assess", Migrations: Migrations(), Routes: s.Routes, Menus: append(menus(), analysisMenus()...)}
}

func errNoScheme() *httpx.Error { return httpx.NotFound("考核方案不存在") }
func errNoRound() *httpx.Error  { return httpx.NotFound("考核不存在") }
func errStale() *httpx.Error {
	return httpx.Conflict("数据已被他人修改，请刷新后重试")
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	const base = "/api/gbkh"
	sc := rs.In("考核方案")
	sc.Get(base+"/schemes", Perms.List, "查询", httpx.ReadList(s.Schemes))
	sc.Get(base+"/schemes/defaults", Perms.List, "默认方案", httpx.Read(s.Defaults))
	sc.Get(base+"/schemes/{id}", Perms.List, "查看", httpx.ReadOn(errNoScheme, s.Scheme))
	sc.Get(base+"/schemes/{id}/versions", Perms.List, "版本记录", httpx.ReadOn(errNoScheme, s.Versions))
	sc.Post(base+"/schemes", PermScheme, "新增", httpx.Create(s.CreateScheme))
	sc.Put(base+"/schemes", PermScheme, "修改", httpx.Action(s.UpdateScheme))
	sc.Post(base+"/schemes/{id}/copy", PermScheme, "复制", httpx.ActionOn(errNoScheme, s.CopyScheme))
	sc.Delete(base+"/schemes", PermScheme, "删除", httpx.IDsAction(s.DeleteSchemes))

	r := rs.In("干部考核")
	r.Get(base+"/rounds", Perms.List, "查询", httpx.ReadList(s.Rounds))
	r.Get(base+"/rounds/{id}", Perms.List, "查看", httpx.ReadOn(errNoRound, s.Round))
	r.Post(base+"/rounds", Perms.Add, "新建考核", httpx.Create(s.CreateRound))
	r.Put(base+"/rounds", Perms.Add, "修改考核", httpx.Action(s.UpdateRound))
	r.Delete(base+"/rounds", Perms.Del, "删除考核", httpx.IDsAction(s.DeleteRounds))
	r.Get(base+"/rounds/{id}/cadres", Perms.List, "参评干部", httpx.ListUnder(errNoRound, s.RoundCadres))
	r.Post(base+"/rounds/{id}/cadres", Perms.Add, "添加参评干部", httpx.CreateUnder(errNoRound, s.AddCadres))
	r.Delete(base+"/rounds/{id}/cadres", Perms.Add, "移除参评干部", httpx.DeleteUnder(errNoRound, s.RemoveCadres))
	r.Get(base+"/rounds/{id}/cadres/{rowId}/report", Perms.List, "查看述职报告", s.readReport)
	r.Put(base+"/rounds/{id}/cadres/{rowId}/report", Perms.Add, "填写述职报告", s.writeReport)
	r.Get(base+"/roles", Perms.Add, "可选角色", httpx.Read(s.Roles))
	r.Post(base+"/rounds/{id}/draws", Perms.Add, "添加评价人员", httpx.CreateUnder(errNoRound, s.AddDraw))
	r.Delete(base+"/rounds/{id}/draws", Perms.Add, "移除评价人员", httpx.DeleteUnder(errNoRound, s.RemoveDraws))
	r.Post(base+"/rounds/{id}/open", PermOpen, "开始测评", httpx.ActionOn(errNoRound, s.Open))
	r.Post(base+"/rounds/{id}/close", PermOpen, "结束测评", httpx.ActionOn(errNoRound, s.Close))
	r.Get(base+"/rounds/{id}/results", Perms.List, "考核结果", httpx.ListUnder(errNoRound, s.Results))
	r.Get(base+"/rounds/{id}/results/export", Perms.Export, "导出结果", s.exportResults)
	r.Post(base+"/rounds/{id}/adjust", PermGrade, "调整等次", httpx.ActionOn(errNoRound, s.Adjust))
	r.Get(base+"/rounds/{id}/appeals", Perms.List, "申诉", httpx.ReadOn(errNoRound, s.Appeals))
	r.Post(base+"/rounds/{id}/appeals/{rowId}", PermGrade, "答复申诉", s.answer)
	r.Post(base+"/rounds/{id}/confirm", PermConfirm, "确认结果", httpx.ActionOn(errNoRound, s.Confirm))

	a := rs.In("绩效分析")
	a.Get(base+"/analysis/cadre/{id}", Perms.List, "干部绩效", httpx.ReadOn(errNoResult, s.CadreAnalysis))
	a.Get(base+"/analysis/round/{id}", Perms.List, "考核分布", httpx.ReadID(errNoRound, s.roundAnalysis))
	a.Get(base+"/analysis/round/{id}/export", Perms.Export, "导出各单位分布", s.exportAnalysis)

	e := rs.In("干部测评")
	e.Get(base+"/mine", httpx.SignedIn, "我的考核结果", httpx.Read(s.Mine))
	e.Post(base+"/mine/{id}/appeal", httpx.SignedIn, "提出申诉", httpx.ActionOn(errNoResult, s.Appeal))
	e.Get(base+"/evaluation", httpx.SignedIn, "我的测评", httpx.Read(s.MyPapers))
	e.Get(base+"/papers/{id}/reports", httpx.SignedIn, "述职报告", httpx.ReadOn(errNoPaper, s.PaperReports))
	e.Query(base+"/papers/reports", httpx.Public, "凭测评码查看述职报告", s.codeReports)
}

// schoolWide refuses a caller whose unit scope is not the whole school:
// a round and its schemes are the school's, organised by the cadre office.
func (s *Service) schoolWide(ctx context.Context) error {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return err
	}
	if !sc.All {
		return httpx.Forbidden("干部考核由学校组织部门统一组织")
	}
	return nil
}

// pinyin resolves the zh.Name sort expressions of an order written outside
// a ListSpec (which resolves its own).
func (s *Service) pinyin(order string) string { return zh.Resolve(order, db.IsPostgres(s.db)) }

// who is the caller's account name, for the records.
func who(ctx context.Context) string { return rbac.From(ctx).AccountName() }
