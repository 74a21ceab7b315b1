// Package worklist is the registry of work lists: what waits for the
// signed-in caller in every module (a workflow step at their organisation,
// a member of their branch who owes this month's fee…), computed on read
// in SQL from the modules' own state, scoped to the caller's data scope.
//
// A to-do stored at transition time (system's msg_todo) reaches only the
// people who could act when the step opened: an account made or granted
// later never gets one. A work list answers from the state itself, so
// whoever may act now sees the item. Each module declares its providers in
// its module descriptor (module.Module.WorkLists); internal/app collects
// them into one Registry, which serves the 待办 list and its badge.
package worklist

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"zhdj/internal/platform/httpx"
)

// Item is one thing waiting for the caller, with the page where it is done.
type Item struct {
	// Key identifies the item within its list (a row key: "12:talk").
	Key     string `json:"key"`
	Title   string `json:"title"`
	Content string `json:"content"`
	// Link is the site path of the page or record where the item is done.
	Link string `json:"link"`
	// Since is when the item began waiting (zero: unknown).
	Since *time.Time `json:"since,omitempty"`
	// Due is the item's deadline as YYYY-MM-DD ("" when it has none).
	Due string `json:"due,omitempty"`
	// TodoID is the stored to-do the item is (0 for an item computed from
	// a module's state): only those can be marked done by hand.
	TodoID int64 `json:"todoId,omitempty"`
}

// Query is what a provider is asked: a page, and the to-do modules whose
// stored to-dos some provider stands for (the stored to-do provider leaves
// them out, so an item is never listed twice).
type Query struct {
	httpx.Page
	Superseded []string
}

// Provider is one module's list of work waiting for the caller. Count and
// List read the caller from the context (rbac) and answer only what lies
// in the caller's data scope and permissions: a caller who may not act
// gets 0 and nothing, not an error.
type Provider struct {
	// Key identifies the list in the API (?key=develop); stable, ASCII.
	Key string
	// Title names the list on the page (发展党员).
	Title string
	// Supersedes are the modules (msg_todo.module) of the stored to-dos
	// whose items this provider lists itself.
	Supersedes []string
	Count      func(ctx context.Context, q Query) (int, error)
	// List answers the page q.Page of the items, in a stable order.
	List func(ctx context.Context, q Query) ([]Item, error)
}

// Registry is every module's providers, in the order the modules declare them.
type Registry struct {
	providers  []Provider
	superseded []string
}

// New checks the providers (keys present and distinct, functions set) and
// makes the registry.
func New(providers []Provider) (*Registry, error) {
	r := &Registry{}
	seen := map[string]bool{}
	for _, p := range providers {
		if p.Key == "" || p.Title == "" || p.Count == nil || p.List == nil {
			return nil, fmt.Errorf("work list %q: key, title, count and list are required", p.Key)
		}
		if seen[p.Key] {
			return nil, fmt.Errorf("work list %q declared twice", p.Key)
		}
		seen[p.Key] = true
		r.providers = append(r.providers, p)
		r.superseded = append(r.superseded, p.Supersedes...)
	}
	return r, nil
}

// Group is one provider's count for the caller.
type Group struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Count int    `json:"count"`
}

// Summary is the caller's work: each list with its count (lists with
// nothing waiting included, in the declared order) and their sum.
type Summary struct {
	Total  int     `json:"total"`
	Groups []Group `json:"groups"`
}

// forbidden tells whether err is the answer of a caller who may not see a
// list at all (403, e.g. an account without an organisation): such a list
// counts 0 for them instead of failing the whole summary.
func forbidden(err error) bool {
	var he *httpx.Error
	return errors.As(err, &he) && he.Status == http.StatusForbidden
}

// Summarise counts every list for the caller.
func (r *Registry) Summarise(ctx context.Context) (Summary, error) {
	out := Summary{Groups: make([]Group, 0, len(r.providers))}
	for _, p := range r.providers {
		n, err := p.Count(ctx, Query{Superseded: r.superseded})
		if forbidden(err) {
			n, err = 0, nil
		}
		if err != nil {
			return Summary{}, err
		}
		out.Groups = append(out.Groups, Group{Key: p.Key, Title: p.Title, Count: n})
		out.Total += n
	}
	return out, nil
}

// maxPageSize bounds a page of a list (a page is always read in SQL).
const maxPageSize = 100

// ErrNoList answers a key no provider has.
func ErrNoList() *httpx.Error { return httpx.NotFound("待办类别不存在") }

// PageOf is the page of list key for the caller, with its count.
func (r *Registry) PageOf(ctx context.Context, key string, page httpx.Page) (httpx.PageResult[Item], error) {
	for _, p := range r.providers {
		if p.Key != key {
			continue
		}
		if page.Size <= 0 || page.Size > maxPageSize {
			page.Size = maxPageSize
		}
		q := Query{Page: page, Superseded: r.superseded}
		n, err := p.Count(ctx, q)
		if forbidden(err) {
			return httpx.NewPage([]Item{}, 0), nil
		}
		if err != nil {
			return httpx.PageResult[Item]{}, err
		}
		if n == 0 || page.Offset() >= n {
			return httpx.NewPage([]Item{}, n), nil
		}
		items, err := p.List(ctx, q)
		if err != nil {
			return httpx.PageResult[Item]{}, err
		}
		return httpx.NewPage(items, n), nil
	}
	return httpx.PageResult[Item]{}, ErrNoList()
}

// Routes serves the caller's work lists: GET /api/worklist (the lists
// with their counts: the 待办 badge and tabs) and GET /api/worklist/items
// ?key=&page=&size= (one list's page). Every signed-in user may ask; each
// provider answers only what the caller may see.
func (r *Registry) Routes(root *httpx.Routes) {
	rs := root.In("待办")
	rs.Get("/api/worklist", httpx.SignedIn, "查询本人待办汇总", httpx.Read(r.Summarise))
	rs.Get("/api/worklist/items", httpx.SignedIn, "查询本人待办", httpx.ReadList(func(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Item], error) {
		key := lq.Filter("key")
		if key == "" {
			return httpx.PageResult[Item]{}, httpx.Invalid("key", "请指定待办类别")
		}
		return r.PageOf(ctx, key, lq.Page)
	}))
}
