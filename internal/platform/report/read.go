package report

import (
	"context"
	"net/http"
)

// Read is rt with its view and its export serving one read of the report:
// the view answers what read gives as JSON, the export hands it to send
// (its workbook), so a report declares its read once.
//
//	p.Register(rs, report.Read(report.Route{Path: "/api/fzdy/reports/register", Name: "发展党员名册", Perm: PermReport},
//		s.register, func(w http.ResponseWriter, q report.Query, rows []RegisterRow) error { return sheet.Send(w, name, rows, nil) }))
func Read[T any](rt Route, read func(ctx context.Context, q Query) (T, error), send func(w http.ResponseWriter, q Query, v T) error) Route {
	rt.View = func(r *http.Request, q Query) (any, error) { return read(r.Context(), q) }
	rt.Export = func(w http.ResponseWriter, r *http.Request, q Query) error {
		v, err := read(r.Context(), q)
		if err != nil {
			return err
		}
		return send(w, q, v)
	}
	return rt
}
