package httpx

import (
	"net/http"
	"sort"
)

// Permission values with a special meaning; every other value is a permission
// string such as "user:list".
const (
	Public   = "<public>"    // no session needed
	SignedIn = "<signed-in>" // any valid session
)

// HandlerFunc is a handler that returns its error to the single mapper.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Route is one endpoint with the permission it requires.
type Route struct {
	Method  string
	Pattern string
	Perm    string
	Handler HandlerFunc
	// ReadOnly marks a POST that only reads (a list with a filter body); it is
	// not written to the operation log.
	ReadOnly bool
}

// Routes collects a domain's endpoints. Registration requires a permission, so
// a route without one cannot exist.
type Routes struct{ list []Route }

// Handle registers method+pattern guarded by perm.
func (rs *Routes) Handle(method, pattern, perm string, h HandlerFunc) {
	if perm == "" {
		panic("route " + method + " " + pattern + " declares no permission")
	}
	rs.list = append(rs.list, Route{Method: method, Pattern: pattern, Perm: perm, Handler: h})
}

// Query registers a POST that reads (paged lists whose filters travel in the body).
func (rs *Routes) Query(p, perm string, h HandlerFunc) {
	rs.Handle(http.MethodPost, p, perm, h)
	rs.list[len(rs.list)-1].ReadOnly = true
}

func (rs *Routes) Get(p, perm string, h HandlerFunc)    { rs.Handle(http.MethodGet, p, perm, h) }
func (rs *Routes) Post(p, perm string, h HandlerFunc)   { rs.Handle(http.MethodPost, p, perm, h) }
func (rs *Routes) Put(p, perm string, h HandlerFunc)    { rs.Handle(http.MethodPut, p, perm, h) }
func (rs *Routes) Delete(p, perm string, h HandlerFunc) { rs.Handle(http.MethodDelete, p, perm, h) }

// All returns the routes sorted by pattern and method (stable for tests and docs).
func (rs *Routes) All() []Route {
	out := append([]Route(nil), rs.list...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Pattern != out[j].Pattern {
			return out[i].Pattern < out[j].Pattern
		}
		return out[i].Method < out[j].Method
	})
	return out
}
