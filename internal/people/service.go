// Package people is the people registry (人员信息): students (xsjbxx),
// teachers (jsjbxx) and classes (bj) of the school's units, with encrypted
// personal fields, and the common person pickers built on them. A caller
// sees the people of the units of their unit scope (unit.ScopeOf).
package people

import (
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
	"zhdj/internal/unit"
)

// Service is the people registry.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	units  *unit.Service
	cipher *crypto.FieldCipher
	now    func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, units *unit.Service, cipher *crypto.FieldCipher) *Service {
	return &Service{db: database, sys: sys, units: units, cipher: cipher, now: func() time.Time { return time.Now().UTC() }}
}

// Module describes the people registry to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "people", Migrations: Migrations(), Routes: s.Routes, Menus: peopleMenus(),
		Imports: []module.ImportKind{s.StudentImportKind(), s.TeacherImportKind(), s.ClassImportKind()}}
}

// Routes registers the people registry's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	rs.Get("/api/xsjbxx", PermList, httpx.ReadRequest(s.ListStudents))
	rs.Get("/api/xsjbxx/export", PermList, s.exportStudents)
	rs.Get("/api/xsjbxx/{id}", PermList, s.handleStudent)
	rs.Post("/api/xsjbxx", PermAdd, httpx.Create(s.CreateStudent))
	rs.Put("/api/xsjbxx", PermEdit, s.handleUpdateStudent)
	rs.Delete("/api/xsjbxx", PermDel, httpx.IDsAction(s.DeleteStudents))

	rs.Get("/api/jsjbxx", PermList, httpx.ReadRequest(s.ListTeachers))
	rs.Get("/api/jsjbxx/export", PermList, s.exportTeachers)
	rs.Get("/api/jsjbxx/{id}", PermList, s.handleTeacher)
	rs.Post("/api/jsjbxx", PermAdd, httpx.Create(s.CreateTeacher))
	rs.Put("/api/jsjbxx", PermEdit, s.handleUpdateTeacher)
	rs.Delete("/api/jsjbxx", PermDel, httpx.IDsAction(s.DeleteTeachers))

	rs.Get("/api/bj", PermList, httpx.ReadRequest(s.ListClasses))
	rs.Get("/api/bj/export", PermList, s.exportClasses)
	rs.Get("/api/bj/{id}", PermList, s.handleClass)
	rs.Post("/api/bj", PermAdd, httpx.Create(s.CreateClass))
	rs.Put("/api/bj", PermEdit, s.handleUpdateClass)
	rs.Delete("/api/bj", PermDel, httpx.IDsAction(s.DeleteClasses))

	// Pickers: any signed-in user, within their scope (as /api/common/dyjbxx and /api/common/dzz).
	rs.Get("/api/common/xsjbxx", httpx.SignedIn, httpx.ReadRequest(s.StudentPicker))
	rs.Get("/api/common/jsjbxx", httpx.SignedIn, httpx.ReadRequest(s.TeacherPicker))
	rs.Get("/api/common/xsjsxx", httpx.SignedIn, httpx.ReadRequest(s.PersonPicker))
	rs.Get("/api/common/getBjInfo", httpx.SignedIn, httpx.ReadRequest(s.ClassPicker))
	rs.Get("/api/common/gbjbxx", httpx.SignedIn, httpx.ReadRequest(CadrePicker))
}

// reveal decrypts a stored personal field; a value this key cannot read
// shows as empty (and is logged) rather than failing a whole list.
func (s *Service) reveal(stored, table string, id int64) string {
	v, err := s.cipher.Decrypt(stored)
	if err != nil {
		slog.Warn("personal field cannot be decrypted", "table", table, "id", id, "err", err)
		return ""
	}
	return v
}
