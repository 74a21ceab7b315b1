package report

import (
	"net/http"

	"zhdj/internal/platform/httpx"
)

// Route is a report at Path under Perm: its view (查看<Name>, JSON) and,
// when Export is set, Path/export (导出<Name>, a workbook), both reading
// the same query as Query says.
type Route struct {
	Path, Name, Perm string
	Query            Options
	View             func(r *http.Request, q Query) (any, error)
	Export           func(w http.ResponseWriter, r *http.Request, q Query) error
}

// Register adds rt's routes to rs.
func (p Parser) Register(rs *httpx.Routes, rt Route) {
	rs.Get(rt.Path, rt.Perm, "查看"+rt.Name, func(w http.ResponseWriter, r *http.Request) error {
		q, err := p.Parse(r, rt.Query)
		if err != nil {
			return err
		}
		out, err := rt.View(r, q)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	if rt.Export == nil {
		return
	}
	rs.Get(rt.Path+"/export", rt.Perm, "导出"+rt.Name, func(w http.ResponseWriter, r *http.Request) error {
		q, err := p.Parse(r, rt.Query)
		if err != nil {
			return err
		}
		return rt.Export(w, r, q)
	})
}
