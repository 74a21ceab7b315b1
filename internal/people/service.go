// Package people is the people registry (人员信息): students (xsjbxx),
// teachers (jsjbxx) and classes (bj) of the school's units, with encrypted
// personal fields, and the common person pickers built on them. A caller
// sees the people of the units of their unit scope (unit.ScopeOf); a branch
// secretary the people their branch covers (scope.go, branchcover.go).
package people

import (
	"log/slog"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
	"zhdj/internal/unit"
)

// Service is the people registry.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	units   *unit.Service
	orgs    *org.Service
	members *member.Service
	cipher  *crypto.FieldCipher
	now     func() time.Time

	students    *studentResource
	teachers    *teacherResource
	classes     *classResource
	teamMembers *resource.Resource[TeamMember, TeamMemberView]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, units *unit.Service, members *member.Service,
	cipher *crypto.FieldCipher) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, units: units, members: members, cipher: cipher, now: func() time.Time { return time.Now().UTC() }}
	s.students, s.teachers, s.classes, s.teamMembers = newStudents(s), newTeachers(s), newClasses(s), newTeamMembers(s)
	return s
}

// Module describes the people registry to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "people", Migrations: Migrations(), Routes: s.Routes, Menus: peopleMenus(),
		Imports:   []module.ImportKind{s.StudentImportKind(), s.TeacherImportKind(), s.ClassImportKind()},
		Reminders: []remind.Kind{s.leaverReminder()}, Encrypted: encrypted(),
		// The import columns declare every dictionary field of the three.
		Dicts: slices.Concat(record.DictUses((*Student)(nil), studentColumns.Dicts()),
			record.DictUses((*Teacher)(nil), teacherColumns.Dicts()), record.DictUses((*Class)(nil), classColumns.Dicts()))}
}

// Routes registers the people registry's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	s.students.Routes(rs.In("学生信息"), "/api/xsjbxx", perms)
	s.teachers.Routes(rs.In("教师信息"), "/api/jsjbxx", perms)
	s.classes.Routes(rs.In("班级信息"), "/api/bj", perms)
	// The members of the units' leadership teams, with the teams' permissions.
	s.teamMembers.Routes(rs.In("领导班子成员"), "/api/ldbzcy", resource.Perms{List: unit.PermList, Add: unit.PermEdit, Edit: unit.PermEdit, Del: unit.PermEdit})
	s.coverageRoutes(rs)
	rs = rs.In("人员信息")

	// Pickers: any signed-in user, within their scope (as /api/common/dyjbxx and /api/common/dzz).
	rs.Get("/api/common/xsjbxx", httpx.SignedIn, "选择学生", httpx.ReadPicker(s.StudentPicker))
	rs.Get("/api/common/jsjbxx", httpx.SignedIn, "选择教师", httpx.ReadPicker(s.TeacherPicker))
	rs.Get("/api/common/xsjsxx", httpx.SignedIn, "选择学生或教师", httpx.ReadPicker(s.PersonPicker))
	rs.Get("/api/common/getBjInfo", httpx.SignedIn, "选择班级", httpx.ReadPicker(s.ClassPicker))
}

// idIndexes are the blind indexes an ID number may be stored under (every
// key a re-encryption has not finished with, the active one first), of its
// 18-character form when it parses: what a search compares.
func (s *Service) idIndexes(number string) []string {
	return s.cipher.Indexes(idcard.IndexForm(number, s.now()))
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
