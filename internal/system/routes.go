package system

import (
	"zhdj/internal/platform/httpx"
)

// Routes registers every endpoint of the system domain with its permission
// and title. One function per area (a module of the titles) keeps each list
// short; all are called from here.
func (s *Service) Routes(rs *httpx.Routes) {
	s.authRoutes(rs.In("登录认证"))
	s.userRoutes(rs.In("用户管理"))
	s.roleRoutes(rs.In("角色管理"))
	s.menuRoutes(rs.In("菜单管理"))
	s.deptRoutes(rs.In("部门管理"))
	s.dictRoutes(rs.In("字典管理"))
	s.configRoutes(rs.In("系统配置"))
	s.schoolRoutes(rs.In("学校信息"))
	s.loginLayoutRoutes(rs)
	s.fileRoutes(rs.In("文件管理"))
	s.exportRoutes(rs.In("导出文件"))
	s.messageRoutes(rs)
	s.logRoutes(rs.In("系统监控"))
	s.prefRoutes(rs.In("个人设置"))
}
