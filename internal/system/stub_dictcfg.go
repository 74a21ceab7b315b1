package system

// Temporary: replaced by dict.go, config.go and school.go (being written).

import "zhdj/internal/platform/httpx"

func (s *Service) dictRoutes(rs *httpx.Routes)   {}
func (s *Service) configRoutes(rs *httpx.Routes) {}
func (s *Service) schoolRoutes(rs *httpx.Routes) {}
