// Package benchkit is the one benchmark harness of zhdj: a whole server
// (apptest: real guard, real handlers, httptest) on a fresh database of the
// kind ZHDJ_TEST_DB names, seeded with the demo university (internal/demo),
// the scenarios users wait for, and the figures: p50/p99 latency,
// requests per second, time and peak memory of an export and of an import.
//
// `make bench` runs its benchmarks (bench_test.go) at 20,000 and 200,000
// members on SQLite and PostgreSQL; a 300-member smoke run is part of
// `go test` so that the harness cannot rot.
package benchkit

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/demo"
	"zhdj/internal/develop"
	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
)

// Seed is the demo seed every benchmark uses, so runs compare.
const Seed = demo.DefaultSeed

// World is a running server with a seeded demo university.
type World struct {
	Env    *apptest.Env
	Seeded *demo.Result
	// Secondaries are the 二级党委 (secondary committees), in id order.
	Secondaries []int64
	// Scoped is the organisation the secondary administrator's account
	// belongs to (a college committee with its branches) and ScopedToken
	// that administrator's session: data scope LEVEL_AND_BELOW, may list
	// members and organisations and see the home page.
	Scoped      int64
	ScopedToken string
	MemberIDs   []int64
	// Options are those the university was seeded with (demo.NewMembers
	// draws further members for it from them).
	Options  demo.Options
	imported int // imports run so far (each draws another set of members)
}

// NewWorld starts a server on a fresh database and seeds members demo members.
func NewWorld(tb testing.TB, members int) *World {
	tb.Helper()
	ctx := context.Background()
	e := apptest.New(tb)
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
	if err != nil {
		tb.Fatal(err)
	}
	opts := demo.Options{Members: members, Seed: Seed, Today: time.Now()}
	res, err := demo.Seed(ctx, e.DB, cipher, opts)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := e.App.Develop.SeedDemo(ctx, develop.DemoOptions{Seed: Seed, Today: opts.Today}); err != nil {
		tb.Fatal(err)
	}
	// Close the seeding connection: on PostgreSQL it keeps the text of the
	// large insert statements in its statement cache, which would otherwise
	// count against the memory measured afterwards.
	e.DB.SetMaxIdleConns(0)
	e.DB.SetMaxIdleConns(10)
	w := &World{Env: e, Seeded: res, Options: opts}
	if err := e.DB.NewSelect().Model((*org.Org)(nil)).Column("id").Where("type = ?", org.TypeSecondaryCommittee).
		OrderExpr("id").Scan(ctx, &w.Secondaries); err != nil {
		tb.Fatal(err)
	}
	if err := e.DB.NewSelect().Table("dyjbxx").Column("id").OrderExpr("id").Scan(ctx, &w.MemberIDs); err != nil {
		tb.Fatal(err)
	}
	if len(w.MemberIDs) != members || len(w.Secondaries) < 4 {
		tb.Fatalf("seeded %d members, %d secondary committees", len(w.MemberIDs), len(w.Secondaries))
	}
	// The administrator of the first college (计算机学院党委, the largest).
	w.Scoped = w.Secondaries[0]
	token, userID := e.UserWith("LEVEL_AND_BELOW", 0, "dy:list", "dzz:list", "home:view", "hytj:list")
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("org_id = ?", w.Scoped).Where("id = ?", userID).Exec(ctx); err != nil {
		tb.Fatal(err)
	}
	w.ScopedToken = token
	return w
}

// searchText are characters common in given names: what a secretary types
// to find someone.
var searchText = []string{"伟", "芳", "敏", "静", "强", "磊", "军", "洋", "杰", "丽"}

// listPath is one member-list request: the organisation subtree, a text
// search, a sort by name and the first or second page of 20.
func listPath(subtree int64, i int) string {
	q := url.Values{"subtreeOf": {fmt.Sprint(subtree)}, "blurry": {searchText[i%len(searchText)]},
		"sort": {"name,asc"}, "page": {strconv.Itoa(i % 2)}, "size": {"20"}}
	return "/api/dyjbxx?" + q.Encode()
}

func (w *World) get(tb testing.TB, path, token string) []byte {
	res := w.Env.Do("GET", path, token, nil)
	if res.Status != 200 {
		tb.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
	}
	return res.Body
}

// ListScoped is the member list of the secondary administrator's college.
func (w *World) ListScoped(tb testing.TB, i int) {
	w.get(tb, listPath(w.Scoped, i), w.ScopedToken)
}

// twoChars are two-character searches: common given names and name parts.
var twoChars = []string{"王伟", "张敏", "李静", "建国", "晓明", "海燕", "志强", "秀英", "丽娟", "文杰"}

// ListAllTwoChars is ListAll searching two characters at a time.
func (w *World) ListAllTwoChars(tb testing.TB, i int) {
	q := url.Values{"subtreeOf": {fmt.Sprint(w.Seeded.RootOrgID)}, "blurry": {twoChars[i%len(twoChars)]},
		"sort": {"name,asc"}, "page": {strconv.Itoa(i % 2)}, "size": {"20"}}
	w.get(tb, "/api/dyjbxx?"+q.Encode(), w.Env.AdminTK)
}

// ListAll is the member list of the organisation department (the whole
// university's subtree, every member in scope).
func (w *World) ListAll(tb testing.TB, i int) {
	w.get(tb, listPath(w.Seeded.RootOrgID, i), w.Env.AdminTK)
}

// Detail is one member's detail page.
func (w *World) Detail(tb testing.TB, i int) {
	w.get(tb, fmt.Sprintf("/api/dyjbxx/%d", w.MemberIDs[(i*7919)%len(w.MemberIDs)]), w.Env.AdminTK)
}

// BuildTree is the whole organisation tree with member counts (the
// organisation department's view).
func (w *World) BuildTree(tb testing.TB, _ int) {
	w.get(tb, "/api/dzzxx/buildtree", w.Env.AdminTK)
}

// BuildTreeScoped is the tree as the secondary administrator sees it.
func (w *World) BuildTreeScoped(tb testing.TB, _ int) {
	w.get(tb, "/api/dzzxx/buildtree", w.ScopedToken)
}

// HomeSummary is the home page of the organisation department (every
// figure over the whole university).
func (w *World) HomeSummary(tb testing.TB, _ int) {
	w.get(tb, "/api/home/summary", w.Env.AdminTK)
}

// HomeSummaryScoped is the home page of the secondary administrator.
func (w *World) HomeSummaryScoped(tb testing.TB, _ int) {
	w.get(tb, "/api/home/summary", w.ScopedToken)
}
