package system

import (
	"zhdj/internal/platform/httpx"
)

// Routes registers every endpoint of the system domain with its permission.
// One function per area keeps each list short; all are called from here.
func (s *Service) Routes(rs *httpx.Routes) {
	s.authRoutes(rs)
	s.userRoutes(rs)
	s.roleRoutes(rs)
	s.menuRoutes(rs)
	s.deptRoutes(rs)
	s.dictRoutes(rs)
	s.configRoutes(rs)
	s.schoolRoutes(rs)
	s.fileRoutes(rs)
	s.messageRoutes(rs)
	s.logRoutes(rs)
	s.prefRoutes(rs)
}
