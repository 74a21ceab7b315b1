package course

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Service is the courses' domain.
type Service struct {
	db   *bun.DB
	sys  *system.Service
	orgs *org.Service
	bus  *event.Bus // NodeCredited is published on it
	now  func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, bus *event.Bus) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, bus: bus, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock sets the service's clock (tests move it instead of sleeping).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes 课程管理 and the study centre to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "course", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule}
}

const (
	staffBase   = "/api/dx/course"
	learnerBase = "/api/pschool"
)

// Routes registers the staff's routes (课程管理, kc:*) and the learner's
// (学习中心, dx:learn: the caller's own progress only).
//
//	GET    /api/dx/course                          the list (kc:list)
//	POST   /api/dx/course                          a new draft (kc:add)
//	DELETE /api/dx/course                          courses nobody was credited study of (kc:del)
//	GET    /api/dx/course/{id}                     one with its chapters and nodes (kc:list)
//	PUT    /api/dx/course/{id}                     title, intro, organisation (kc:edit)
//	POST   /api/dx/course/{id}/publish|unpublish   (kc:edit)
//	POST   /api/dx/course/{id}/cover               the cover image, multipart "file" (kc:edit)
//	GET    /api/dx/course/{id}/cover               (kc:list)
//	POST   /api/dx/course/{id}/items               a chapter or a node (kc:edit)
//	PUT    /api/dx/course/{id}/items/{item}        (kc:edit)
//	DELETE /api/dx/course/{id}/items/{item}        (kc:edit)
//	POST   /api/dx/course/{id}/items/{item}/move   ?dir=up|down (kc:edit)
//	POST   /api/dx/course/{id}/items/{item}/file   a node's video or document, multipart "file" (kc:edit)
//	GET    /api/dx/course/{id}/items/{item}/file   its preview, with ranges (kc:list)
//
//	GET    /api/pschool/course                     published courses with my progress (dx:learn)
//	GET    /api/pschool/my/courses                 the courses I started: progress, the node to resume
//	GET    /api/pschool/course/{id}                one with its nodes and my progress
//	GET    /api/pschool/course/{id}/cover
//	GET    /api/pschool/node/{id}                  a node to study (with an article's HTML)
//	GET    /api/pschool/node/{id}/file             its video or document, with ranges
//	POST   /api/pschool/node/{id}/start            start or resume: the position and the heartbeat interval
//	POST   /api/pschool/node/{id}/beat             a heartbeat: the server credits what it may
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("课程管理")
	r.Get(staffBase, Perms.List, "查询", httpx.ReadList(s.List))
	r.Post(staffBase, Perms.Add, "新增", httpx.Create(s.Create))
	r.Delete(staffBase, Perms.Del, "删除", httpx.IDsAction(s.Delete))
	r.Get(staffBase+"/{id}", Perms.List, "查看", httpx.ReadOn(errNoCourse, s.Detail))
	r.Put(staffBase+"/{id}", Perms.Edit, "修改", httpx.ChangeOn(errNoCourse, s.Update))
	trail := s.trailOf()
	r.Get(staffBase+"/trail", Perms.List, "查询变动轨迹", httpx.ReadList(trail.Across))
	r.Get(staffBase+"/{id}/trail", Perms.List, "查看变动轨迹", httpx.ListUnder(errNoCourse, trail.Page))
	r.Post(staffBase+"/{id}/publish", Perms.Edit, "发布", httpx.ReadOn(errNoCourse, s.Publish))
	r.Post(staffBase+"/{id}/unpublish", Perms.Edit, "取消发布", httpx.ReadOn(errNoCourse, s.Unpublish))
	r.Post(staffBase+"/{id}/cover", Perms.Edit, "上传封面", httpx.WriteID(errNoCourse, s.uploadCover))
	r.Get(staffBase+"/{id}/cover", Perms.List, "查看封面", httpx.WriteID(errNoCourse, s.staffCover))
	r.Post(staffBase+"/{id}/items", Perms.Edit, "新增章节", httpx.ChangeOn(errNoCourse, s.AddItem))
	r.Put(staffBase+"/{id}/items/{item}", Perms.Edit, "修改章节", s.itemHandler(s.updateItem))
	r.Delete(staffBase+"/{id}/items/{item}", Perms.Edit, "删除章节", s.itemHandler(s.deleteItem))
	r.Post(staffBase+"/{id}/items/{item}/move", Perms.Edit, "调整顺序", s.itemHandler(s.moveItem))
	r.Post(staffBase+"/{id}/items/{item}/file", Perms.Edit, "上传课件", s.itemHandler(s.uploadNodeFile))
	r.Get(staffBase+"/{id}/items/{item}/file", Perms.List, "预览课件", s.itemHandler(s.staffNodeFile))

	l := rs.In("学习中心")
	l.Get(learnerBase+"/course", school.PermLearn, "查询课程", httpx.ReadList(s.LearnerCourses))
	l.Get(learnerBase+"/my/courses", school.PermLearn, "我的课程", httpx.ReadList(s.MyCourses))
	l.Get(learnerBase+"/course/{id}", school.PermLearn, "查看课程", httpx.ReadOn(errNoCourse, s.LearnerCourse))
	l.Get(learnerBase+"/course/{id}/cover", school.PermLearn, "查看封面", httpx.WriteID(errNoCourse, s.learnerCover))
	l.Get(learnerBase+"/node/{id}", school.PermLearn, "打开课件", httpx.ReadOn(errNoNode, s.LearnerNode))
	l.Get(learnerBase+"/node/{id}/file", school.PermLearn, "播放课件", httpx.WriteID(errNoNode, s.learnerNodeFile))
	l.Post(learnerBase+"/node/{id}/start", school.PermLearn, "开始学习", httpx.ReadOn(errNoNode, s.Start))
	l.Post(learnerBase+"/node/{id}/beat", school.PermLearn, "记录学习进度", httpx.ChangeOn(errNoNode, s.Beat))
}

func errNoCourse() *httpx.Error { return httpx.NotFound("课程不存在") }
func errNoNode() *httpx.Error   { return httpx.NotFound("课程内容不存在或未发布") }
func errNoItem() *httpx.Error   { return httpx.NotFound("章节不存在") }
