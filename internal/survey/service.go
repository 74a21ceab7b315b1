package survey

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// Service is the questionnaires' domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	life    *orglife.Service
	ballots *ballot.Service
	now     func() time.Time
}

// New builds the service on the ballot engine; life checks a meeting's
// scope for its receipt.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, life *orglife.Service, ballots *ballot.Service) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, life: life, ballots: ballots, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock sets the service's clock (tests); the engine's is set apart.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// RoundKind is the kind of the engine's rounds an anonymous questionnaire opens.
const RoundKind = "survey"

// Module describes 问卷管理 to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "survey", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Subscribe: s.subscribe}
}

// Routes registers the questionnaires' endpoints, each with its permission.
//
//	GET    /api/wj                      the list (wj:list)
//	POST   /api/wj                      a new draft (wj:add)
//	GET    /api/wj/{id}                 one, with its paper and audience (wj:list)
//	PUT    /api/wj/{id}                 a draft changed (wj:edit)
//	DELETE /api/wj                      drafts, or questionnaires nobody answered (wj:del)
//	POST   /api/wj/{id}/publish         SHARE: the audience fixed, the link made (wj:publish)
//	POST   /api/wj/{id}/stop            STOP (wj:stop)
//	POST   /api/wj/{id}/reopen          a stopped named questionnaire collects again (wj:publish)
//	GET    /api/wj/{id}/results         statistics per question (wj:result)
//	GET    /api/wj/{id}/texts           a text question's answers, paged (wj:result)
//	GET    /api/wj/{id}/answers         a named questionnaire's answers, paged (wj:result)
//	GET    /api/wj/{id}/export          every answer as a workbook (wj:export)
//	GET    /api/wj/link/{token}         the public page's questionnaire (signed in, in its audience)
//	POST   /api/wj/link/{token}         the caller's answer (Secret: the log keeps no answer)
//
// and the meeting receipt's (receiptRoutes).
func (s *Service) Routes(rs *httpx.Routes) {
	s.receiptRoutes(rs)
	rs = rs.In("问卷管理")
	const base = "/api/wj"
	rs.Get(base, PermList, "查询", httpx.ReadList(s.List))
	rs.Post(base, PermAdd, "新增", httpx.Create(s.Create))
	rs.Delete(base, PermDel, "删除", httpx.IDsAction(s.Delete))
	rs.Get(base+"/{id}", PermList, "查看", httpx.ReadOn(errNotFound, s.Detail))
	rs.Put(base+"/{id}", PermEdit, "修改", httpx.ChangeOn(errNotFound, s.Update))
	rs.Post(base+"/{id}/publish", PermPublish, "发布", func(w http.ResponseWriter, req *http.Request) error {
		id, err := httpx.PathID(req, "id", errNotFound())
		if err != nil {
			return err
		}
		var in PublishInput // the body is optional: printed codes
		if req.ContentLength != 0 {
			if err := httpx.Decode(req, &in); err != nil {
				return err
			}
		}
		p, err := s.Publish(req.Context(), id, in)
		if err != nil {
			return err
		}
		return httpx.OK(w, p)
	})
	rs.Post(base+"/{id}/stop", PermStop, "停止收集", httpx.ReadOn(errNotFound, s.Stop))
	rs.Post(base+"/{id}/reopen", PermPublish, "重新开始收集", httpx.ReadOn(errNotFound, s.Reopen))
	rs.Get(base+"/{id}/results", PermResult, "查看结果", httpx.ReadOn(errNotFound, s.Results))
	rs.Get(base+"/{id}/texts", PermResult, "查看填写内容", httpx.ListUnder(errNotFound, s.TextPage))
	rs.Get(base+"/{id}/answers", PermResult, "查看答卷", httpx.ListUnder(errNotFound, s.AnswerPage))
	rs.Get(base+"/{id}/export", PermExport, "导出答卷", httpx.WriteID(errNotFound, s.export))
	r := rs.In("填写问卷")
	r.Get(base+"/link/{token}", httpx.SignedIn, "打开问卷", func(w http.ResponseWriter, req *http.Request) error {
		f, err := s.Open(req.Context(), chi.URLParam(req, "token"))
		if err != nil {
			return err
		}
		return httpx.OK(w, f)
	})
	r.Secret(base+"/link/{token}", httpx.SignedIn, "提交问卷", func(w http.ResponseWriter, req *http.Request) error {
		var in FillInput
		if err := httpx.Decode(req, &in); err != nil {
			return err
		}
		f, err := s.Answer(req.Context(), chi.URLParam(req, "token"), in)
		if err != nil {
			return err
		}
		return httpx.OK(w, f)
	})
}

func errNotFound() *httpx.Error { return httpx.NotFound("问卷不存在") }

// MsgBadLink is the one answer to a link that is wrong, of a draft, stopped
// or past its deadline: the caller learns nothing more.
const MsgBadLink = "问卷链接无效或已停止收集"

// MsgNotAudience refuses a signed-in caller outside the audience.
const MsgNotAudience = "您不在本问卷的填写范围内"

func errBadLink() *httpx.Error     { return httpx.NotFound(MsgBadLink) }
func errNotAudience() *httpx.Error { return httpx.Forbidden(MsgNotAudience) }
func errAnswered() *httpx.Error {
	return httpx.Conflict("您已经填写过本问卷，每人只能填写一次")
}

// accountName is the caller's account name for the records (clipped).
func accountName(ctx context.Context) string {
	n := rbac.From(ctx).AccountName()
	if r := []rune(n); len(r) > 50 {
		return string(r[:50])
	}
	return n
}
