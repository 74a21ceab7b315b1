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
	"zhdj/internal/platform/resource"
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

	students    *studentResource
	teachers    *teacherResource
	classes     *classResource
	teamMembers *resource.Resource[TeamMember, TeamMemberView]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, units *unit.Service, cipher *crypto.FieldCipher) *Service {
	s := &Service{db: database, sys: sys, units: units, cipher: cipher, now: func() time.Time { return time.Now().UTC() }}
	s.students, s.teachers, s.classes, s.teamMembers = newStudents(s), newTeachers(s), newClasses(s), newTeamMembers(s)
	return s
}

// Module describes the people registry to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "people", Migrations: Migrations(), Routes: s.Routes, Menus: peopleMenus(),
		Imports: []module.ImportKind{s.StudentImportKind(), s.TeacherImportKind(), s.ClassImportKind()}}
}

// Routes registers the people registry's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	s.students.Routes(rs, "/api/xsjbxx", perms)
	s.teachers.Routes(rs, "/api/jsjbxx", perms)
	s.classes.Routes(rs, "/api/bj", perms)
	// The members of the units' leadership teams, with the teams' permissions.
	s.teamMembers.Routes(rs, "/api/ldbzcy", resource.Perms{List: unit.PermList, Add: unit.PermEdit, Edit: unit.PermEdit, Del: unit.PermEdit})

	// Pickers: any signed-in user, within their scope (as /api/common/dyjbxx and /api/common/dzz).
	rs.Get("/api/common/xsjbxx", httpx.SignedIn, httpx.ReadPicker(s.StudentPicker))
	rs.Get("/api/common/jsjbxx", httpx.SignedIn, httpx.ReadPicker(s.TeacherPicker))
	rs.Get("/api/common/xsjsxx", httpx.SignedIn, httpx.ReadPicker(s.PersonPicker))
	rs.Get("/api/common/getBjInfo", httpx.SignedIn, httpx.ReadPicker(s.ClassPicker))
	rs.Get("/api/common/gbjbxx", httpx.SignedIn, httpx.ReadPicker(CadrePicker))
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
