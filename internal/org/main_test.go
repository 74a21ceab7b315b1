package org_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/module"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// fakeMembers stands in for the member domain's subscriptions: counts per
// organisation that a test sets, and a record of every merge it handled.
type fakeMembers struct {
	mu     sync.Mutex
	counts map[int64]org.MemberCounts
	moves  []moveCall
	// failMove makes MoveMembers fail; forget makes it report success
	// without moving anyone (a broken member domain).
	failMove error
	forget   bool
	// countCalls records the organisations each CountByOrg call asked for.
	countCalls [][]int64
}

type moveCall struct {
	From []int64
	To   int64
	// SourcesLive is what the transaction showed of the sources when
	// MoveMembers ran: still live, i.e. the merge had not committed yet.
	SourcesLive int
}

func newFake() *fakeMembers { return &fakeMembers{counts: map[int64]org.MemberCounts{}} }

func (f *fakeMembers) set(id int64, total, full int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.counts[id] = org.MemberCounts{Total: total, Full: full}
}

// subscribe replaces the member module's subscriptions.
func (f *fakeMembers) subscribe(b *event.Bus) { org.ServeMembers(b, f) }

func (f *fakeMembers) CountByOrg(ctx context.Context, idb bun.IDB, orgIDs []int64) (map[int64]org.MemberCounts, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.countCalls = append(f.countCalls, orgIDs)
	asked := map[int64]bool{}
	for _, id := range orgIDs {
		asked[id] = true
	}
	out := make(map[int64]org.MemberCounts, len(f.counts))
	for k, v := range f.counts {
		if orgIDs != nil && !asked[k] {
			continue
		}
		if v.Total > 0 || v.Full > 0 {
			out[k] = v
		}
	}
	return out, nil
}

// markerName is written to the target inside the merge's transaction by
// MoveMembers, so a test can tell whether that transaction committed.
const markerName = "MOVED"

func (f *fakeMembers) MoveMembers(ctx context.Context, tx bun.Tx, from []int64, to int64) (int, error) {
	live, err := tx.NewSelect().Table("dzz").Where("id IN (?)", bun.In(from)).Where("status = '1'").Count(ctx)
	if err != nil {
		return 0, err
	}
	if _, err := tx.NewUpdate().Table("dzz").Set("short_name = ?", markerName).Where("id = ?", to).Exec(ctx); err != nil {
		return 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.moves = append(f.moves, moveCall{From: append([]int64(nil), from...), To: to, SourcesLive: int(live)})
	if f.failMove != nil {
		return 0, f.failMove
	}
	moved := 0
	for _, id := range from {
		c := f.counts[id]
		moved += c.Total
		if f.forget {
			continue
		}
		t := f.counts[to]
		t.Total += c.Total
		t.Full += c.Full
		f.counts[to] = t
		delete(f.counts, id)
	}
	return moved, nil
}

// env is a running server whose org service counts members with a fake.
type env struct {
	*apptest.Env
	t    *testing.T
	fake *fakeMembers
	seq  int
}

func newEnv(t *testing.T) *env {
	t.Helper()
	f := newFake()
	e := apptest.NewModules(t, func(ms []module.Module) []module.Module {
		for i := range ms {
			if ms[i].Name == "member" {
				ms[i].Subscribe = f.subscribe
			}
		}
		return ms
	})
	return &env{Env: e, t: t, fake: f}
}

// body is a JSON object.
type body = map[string]any

// create posts an organisation as admin and returns its id.
func (e *env) create(name, typ string, pid int64, extra ...body) int64 {
	e.t.Helper()
	e.seq++
	b := body{"code": fmt.Sprintf("C%03d", e.seq), "name": name, "type": typ}
	if pid != 0 {
		b["pid"] = pid
	}
	for _, x := range extra {
		for k, v := range x {
			b[k] = v
		}
	}
	res := e.Do("POST", "/api/dzzxx", e.AdminTK, b)
	apptest.Expect(e.t, res, http.StatusCreated)
	return int64(res.Map(e.t)["id"].(float64))
}

// tree is the organisation tree most tests start from:
//
//	U 中共测试大学委员会 (党委)
//	├── A 计算机学院党委 (二级党委)
//	│   ├── A1 计算机教工党支部 (党支部)
//	│   │   └── G1 第一党小组 (党小组)
//	│   └── A2 计算机学生党支部 (党支部)
//	└── B 物理学院党委 (二级党委)
//	    └── B1 物理教工党支部 (党支部)
type tree struct{ U, A, A1, G1, A2, B, B1 int64 }

func (e *env) tree() tree {
	var t tree
	t.U = e.create("中共测试大学委员会", org.TypeCommittee, 0)
	t.A = e.create("计算机学院党委", org.TypeSecondaryCommittee, t.U)
	t.A1 = e.create("计算机教工党支部", org.TypeBranch, t.A, body{"category": "1"})
	t.G1 = e.create("第一党小组", org.TypeGroup, t.A1)
	t.A2 = e.create("计算机学生党支部", org.TypeBranch, t.A, body{"category": "2"})
	t.B = e.create("物理学院党委", org.TypeSecondaryCommittee, t.U)
	t.B1 = e.create("物理教工党支部", org.TypeBranch, t.B)
	return t
}

// userAt makes a user with the data scope and permissions given, anchored
// at the party organisation orgID, and signs them in again.
func (e *env) userAt(scope string, orgID int64, perms ...string) string {
	e.t.Helper()
	_, id := e.UserWith(scope, 0, perms...)
	if _, err := e.DB.ExecContext(context.Background(), "UPDATE sys_user SET org_id = ? WHERE id = ?", orgID, id); err != nil {
		e.t.Fatal(err)
	}
	var name string
	if err := e.DB.NewSelect().Table("sys_user").Column("username").Where("id = ?", id).Scan(context.Background(), &name); err != nil {
		e.t.Fatal(err)
	}
	return e.Login(name, "Test@12345")
}

var allPerms = []string{org.PermList, org.PermAdd, org.PermEdit, org.PermDel, org.PermMove}

// get reads one organisation as admin.
func (e *env) get(id int64) map[string]any {
	e.t.Helper()
	res := e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", id), e.AdminTK, nil)
	apptest.Expect(e.t, res, http.StatusOK)
	return res.Map(e.t)
}

// treeNode is a decoded buildtree node.
type treeNode struct {
	ID          int64
	PID         *int64
	Code        string
	Name        string
	ShortName   string
	Type        string
	TypeLabel   string
	Category    string
	Status      string
	MemberCount int
	FullCount   int
	TotalCount  int
	Children    []*treeNode
}

func (e *env) buildTree(tok string, query string) []*treeNode {
	e.t.Helper()
	res := e.Do("GET", "/api/dzzxx/buildtree"+query, tok, nil)
	apptest.Expect(e.t, res, http.StatusOK)
	var roots []*treeNode
	res.JSON(e.t, &roots)
	return roots
}

// flatten lists a tree's nodes by id.
func flatten(nodes []*treeNode) map[int64]*treeNode {
	out := map[int64]*treeNode{}
	var walk func([]*treeNode)
	walk = func(list []*treeNode) {
		for _, n := range list {
			out[n.ID] = n
			walk(n.Children)
		}
	}
	walk(nodes)
	return out
}

// listIDs runs GET /api/dzzxx with the query and returns the ids in order.
func (e *env) listIDs(tok string, q url.Values) []int64 {
	e.t.Helper()
	res := e.Do("GET", "/api/dzzxx?"+q.Encode(), tok, nil)
	apptest.Expect(e.t, res, http.StatusOK)
	var page struct {
		Content       []struct{ ID int64 }
		TotalElements int
	}
	res.JSON(e.t, &page)
	ids := make([]int64, len(page.Content))
	for i, c := range page.Content {
		ids[i] = c.ID
	}
	return ids
}

func sorted(ids []int64) []int64 {
	out := append([]int64(nil), ids...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func sameIDs(got, want []int64) bool {
	got, want = sorted(got), sorted(want)
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// trailEntry is a decoded trail row.
type trailEntry struct {
	ID           int64
	Type         int
	Origin       int
	RestoredFrom *int64
	Changes      []struct{ Field, Label, Old, New string }
}

func (e *env) trail(id int64) []trailEntry {
	e.t.Helper()
	res := e.Do("GET", fmt.Sprintf("/api/dzzxx/%d/trail?size=100", id), e.AdminTK, nil)
	apptest.Expect(e.t, res, http.StatusOK)
	var page struct{ Content []trailEntry }
	res.JSON(e.t, &page)
	return page.Content
}

// change finds the change of field in a trail entry.
func (te trailEntry) change(field string) (old, new string, ok bool) {
	for _, c := range te.Changes {
		if c.Field == field {
			return c.Old, c.New, true
		}
	}
	return "", "", false
}

func todayStr() string { return time.Now().Format("2006-01-02") }

var errBoom = errors.New("member domain failed")
