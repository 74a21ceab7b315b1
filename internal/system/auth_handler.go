package system

import (
	"net/http"
	"time"

	"zhdj/internal/platform/httpx"
)

func (s *Service) authRoutes(rs *httpx.Routes) {
	rs.Get("/auth/code", httpx.Public, s.handleCaptcha)
	rs.Get("/auth/publicKey", httpx.Public, func(w http.ResponseWriter, r *http.Request) error {
		return httpx.OK(w, map[string]string{"publicKey": s.keys.PublicKey()})
	})
	rs.Post("/auth/login", httpx.Public, s.handleLogin)
	rs.Get("/auth/info", httpx.SignedIn, httpx.Read(func(ctx ctxT) (UserView, error) {
		return s.CurrentUserView(ctx, 0)
	}))
	rs.Post("/auth/session", httpx.SignedIn, s.handleAdoptSession)
	rs.Get("/auth/logout", httpx.SignedIn, s.handleLogout)
	rs.Delete("/auth/logout", httpx.SignedIn, s.handleLogout)
	rs.Get("/api/users/sessions", httpx.SignedIn, func(w http.ResponseWriter, r *http.Request) error {
		list, err := s.MySessions(r.Context())
		if err != nil {
			return httpx.Internal(err)
		}
		return httpx.OK(w, list)
	})
	rs.Delete("/api/users/sessions/others", httpx.SignedIn, func(w http.ResponseWriter, r *http.Request) error {
		if err := s.EndOtherSessions(r.Context()); err != nil {
			return httpx.Internal(err)
		}
		return httpx.NoContent(w)
	})
}

func (s *Service) handleCaptcha(w http.ResponseWriter, r *http.Request) error {
	if !s.captchaEnabled(r.Context()) {
		return httpx.OK(w, map[string]any{"img": "", "uuid": "", "enabled": false})
	}
	img, id, err := s.NewCaptcha(r.Context())
	if err != nil {
		return httpx.Internal(err)
	}
	return httpx.OK(w, map[string]any{"img": img, "uuid": id, "enabled": true})
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var req LoginRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	token, u, err := s.Login(r.Context(), req, ClientOf(r))
	if err != nil {
		return err
	}
	view, err := s.CurrentUserView(r.Context(), u.ID)
	if err != nil {
		return err
	}
	// The web app keeps the session in the HttpOnly cookie; the token in the
	// body is for scripts, which send it as a bearer header.
	maxAge := time.Duration(0)
	if req.RememberMe {
		maxAge = rememberMeTTL
	}
	httpx.SetSessionCookie(w, r, token, maxAge)
	return httpx.OK(w, map[string]any{"token": token, "user": view})
}

// handleAdoptSession turns a session handed over in the URL (single sign-on
// sends ?sessionId=…, which the web app posts here as a bearer header) into
// the HttpOnly cookie, since the web app's script cannot set that cookie.
func (s *Service) handleAdoptSession(w http.ResponseWriter, r *http.Request) error {
	token, err := httpx.SessionToken(r)
	if err != nil {
		return err
	}
	httpx.SetSessionCookie(w, r, token, 0)
	return httpx.NoContent(w)
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if err := s.Logout(r.Context()); err != nil {
		return httpx.Internal(err)
	}
	httpx.ClearSessionCookie(w, r)
	return httpx.NoContent(w)
}
