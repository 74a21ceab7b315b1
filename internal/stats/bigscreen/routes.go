package bigscreen

import (
	"context"
	"net/http"

	"zhdj/internal/cadre/analysis"
	"zhdj/internal/platform/httpx"
)

// Routes registers the signing route (a session, either cockpit
// permission) and the screen's routes, which take the signature instead of
// a session (public to the guard; each verifies it).
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("驾驶舱")
	r.Get("/api/bigscreen/sign", PermParty+"|"+PermCadre, "大屏签名", func(w http.ResponseWriter, req *http.Request) error {
		out, err := s.Sign(req.Context(), req.URL.Query().Get("path"))
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	r.Get("/api/bigscreen/campus-map", PermCampusEdit, "校区示意图", func(w http.ResponseWriter, req *http.Request) error {
		out, err := s.CampusMap(req.Context())
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	r.Put("/api/bigscreen/campus-map", PermCampusEdit, "保存校区示意图", func(w http.ResponseWriter, req *http.Request) error {
		var in CampusMapInput
		if err := httpx.Decode(req, &in); err != nil {
			return err
		}
		if err := s.SaveCampusMap(req.Context(), in); err != nil {
			return err
		}
		return httpx.OK(w, nil)
	})
	r.Get("/api/report/aj/verification", httpx.Public, "校验大屏签名", s.verification)
	r.Query("/api/report/aj/verification", httpx.Public, "校验大屏签名", func(w http.ResponseWriter, req *http.Request) error {
		// The payload's fields, when sent in a JSON body, as the query's.
		var in struct{ Timestamp, PlatformCode, Sign string }
		if req.ContentLength != 0 {
			if err := httpx.Decode(req, &in); err != nil {
				return err
			}
			q := req.URL.Query()
			q.Set("timestamp", in.Timestamp)
			q.Set("platformCode", in.PlatformCode)
			q.Set("sign", in.Sign)
			req.URL.RawQuery = q.Encode()
		}
		return s.verification(w, req)
	})
	r.Get("/api/report/aj/dj/map", httpx.Public, "党建驾驶舱·综合地图", screen(s, KindParty, s.PartyMap))
	r.Get("/api/report/aj/dj/compare", httpx.Public, "党建驾驶舱·综合对比", screen(s, KindParty, s.PartyCompare))
	r.Get("/api/report/aj/dj/trend", httpx.Public, "党建驾驶舱·综合统计", screen(s, KindParty, s.PartyTrend))
	r.Get("/api/report/aj/gb/structure", httpx.Public, "干部驾驶舱·队伍结构", screen(s, KindCadre, s.cadreStructure))
	r.Get("/api/report/aj/gb/units", httpx.Public, "干部驾驶舱·各单位对比", screen(s, KindCadre, s.cadres.Units))
}

// verification answers whether the request's signature is valid now, for
// a signer who still holds the permission of its kind.
func (s *Service) verification(w http.ResponseWriter, r *http.Request) error {
	ts, code, sign := signedFields(r)
	g, err := s.Verify(r.Context(), ts, code, sign)
	if err != nil {
		return err
	}
	if _, err := s.signed(r, g.Kind); err != nil {
		return err
	}
	return httpx.OK(w, g)
}

// screen is a data route of a cockpit of kind: read runs as the signer.
func screen[T any](s *Service, kind string, read func(context.Context) (T, error)) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		ctx, err := s.signed(r, kind)
		if err != nil {
			return err
		}
		out, err := read(ctx)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	}
}

// cadreStructure is the whole team's structure (every unit of the scope).
func (s *Service) cadreStructure(ctx context.Context) (analysis.Structure, error) {
	return s.cadres.Structure(ctx, 0)
}
