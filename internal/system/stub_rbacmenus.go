package system

// Temporary: replaced by role.go, menu.go and dept.go (being written).

import "zhdj/internal/platform/httpx"

func (s *Service) roleRoutes(rs *httpx.Routes) {}
func (s *Service) menuRoutes(rs *httpx.Routes) {}
func (s *Service) deptRoutes(rs *httpx.Routes) {}
