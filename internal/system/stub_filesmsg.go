package system

// Temporary: replaced by file.go, message.go and log.go (being written).

import "zhdj/internal/platform/httpx"

func (s *Service) fileRoutes(rs *httpx.Routes)    {}
func (s *Service) messageRoutes(rs *httpx.Routes) {}
func (s *Service) logRoutes(rs *httpx.Routes)     {}
