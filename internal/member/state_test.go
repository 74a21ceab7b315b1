package member_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
)

// clock is a settable clock for the member service.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

// stateAt is member id's version valid just before the instant at (nil: none).
func stateAt(t *testing.T, w *world, id int64, at time.Time) *member.State {
	t.Helper()
	var got []member.State
	if err := member.SelectStatesBefore(w.e.DB, at).Where("st.member_id = ?", id).Scan(context.Background(), &got); err != nil {
		t.Fatal(err)
	}
	switch len(got) {
	case 0:
		return nil
	case 1:
		return &got[0]
	}
	t.Fatalf("member %d: %d versions valid at %s", id, len(got), at)
	return nil
}

// Every write of a member keeps a version of the counted fields: the
// statistics of a past instant read the record as it stood then, whatever
// was edited since (党内统计 of a past date, RULES.md §6). A transfer
// counts at the new branch from the instant it was approved, at the old
// one until then, also on the last second of the year.
func TestStatesKeepThePast(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := &clock{now: time.Date(2025, 3, 1, 2, 0, 0, 0, time.UTC)}
	w.e.App.Members.SetClock(c.Now)
	created := w.create(t, w.e.AdminTK, body("版本甲", w.branchA, ""))
	if s := stateAt(t, w, created.ID, time.Date(2025, 3, 1, 1, 59, 59, 0, time.UTC)); s != nil {
		t.Fatalf("a version before the record was made: %+v", s)
	}
	first := stateAt(t, w, created.ID, time.Date(2025, 3, 1, 2, 0, 1, 0, time.UTC))
	if first == nil || first.OrgID != w.branchA || first.Education != "11" || first.MemberStatus != member.StatusNormal {
		t.Fatalf("first version: %+v", first)
	}

	// An edit of a counted field opens a version; the past one is unchanged.
	c.Set(time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC))
	b := body("版本甲", w.branchA, "")
	b["id"], b["education"] = created.ID, "21"
	doJSON(t, w, 200, "PUT", "/api/dyjbxx", b)
	if s := stateAt(t, w, created.ID, time.Date(2025, 5, 31, 23, 59, 59, 0, time.UTC)); s == nil || s.Education != "11" {
		t.Fatalf("the day before the edit: %+v", s)
	}
	if s := stateAt(t, w, created.ID, time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)); s == nil || s.Education != "11" {
		t.Fatalf("up to the instant of the edit: %+v", s)
	}
	if s := stateAt(t, w, created.ID, time.Date(2025, 6, 1, 0, 0, 1, 0, time.UTC)); s == nil || s.Education != "21" {
		t.Fatalf("after the edit: %+v", s)
	}
	// An edit of a field the statistics do not count opens none.
	c.Set(time.Date(2025, 7, 1, 0, 0, 0, 0, time.UTC))
	b["remark"] = "备注"
	doJSON(t, w, 200, "PUT", "/api/dyjbxx", b)
	var n int
	if err := w.e.DB.NewSelect().Model((*member.State)(nil)).ColumnExpr("COUNT(*)").Where("member_id = ?", created.ID).Scan(context.Background(), &n); err != nil || n != 2 {
		t.Fatalf("versions after a remark: %d (%v)", n, err)
	}

	// A transfer approved at 23:59:59 on 31 December (China time) counts at the old branch until then, at the new one after.
	approved := time.Date(2025, 12, 31, 15, 59, 59, 0, time.UTC)
	c.Set(approved)
	if err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Members.ChangeTx(ctx, tx, created.ID, member.Change{OrgID: w.branchC}, audit.OriginUserUpdate)
	}); err != nil {
		t.Fatal(err)
	}
	if s := stateAt(t, w, created.ID, approved.Add(-time.Second)); s == nil || s.OrgID != w.branchA {
		t.Fatalf("a second before the transfer: %+v", s)
	}
	if s := stateAt(t, w, created.ID, approved.Add(time.Second)); s == nil || s.OrgID != w.branchC || s.Education != "21" {
		t.Fatalf("a second after the transfer: %+v", s)
	}
	c.Set(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
	other := w.create(t, w.e.AdminTK, body("版本乙", w.branchB, ""))
	if got := stateAt(t, w, other.ID, time.Date(2026, 2, 1, 0, 0, 1, 0, time.UTC)); got == nil || got.OrgID != w.branchB {
		t.Fatalf("版本乙: %+v", got)
	}
	// A record deleted (added by mistake) still counts at the instants it existed.
	c.Set(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	doJSON(t, w, 204, "DELETE", "/api/dyjbxx", map[string]any{"ids": []int64{other.ID}})
	if got := stateAt(t, w, other.ID, time.Date(2026, 2, 28, 0, 0, 0, 0, time.UTC)); got == nil {
		t.Fatal("the deleted record's past version is gone")
	}
	if got := stateAt(t, w, other.ID, time.Date(2026, 3, 1, 0, 0, 1, 0, time.UTC)); got != nil {
		t.Fatalf("the deleted record still counts: %+v", got)
	}

}

// The migration's replay of the trail (each entry the full record after
// its change, at the instant it was written) tells the same past as the
// versions kept live, between every two writes: a create, an edit of a
// counted field, one of a field not counted, a transfer, a second member,
// a delete. (The trail writes the wall clock, so this test uses it too.)
func TestReplayOfTheTrailTellsTheSamePast(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var probes []time.Time
	probe := func() { probes = append(probes, time.Now().UTC()) }
	probe()
	created := w.create(t, w.e.AdminTK, body("回放甲", w.branchA, ""))
	probe()
	b := body("回放甲", w.branchA, "")
	b["id"], b["education"] = created.ID, "21"
	doJSON(t, w, 200, "PUT", "/api/dyjbxx", b)
	probe()
	b["remark"] = "备注"
	doJSON(t, w, 200, "PUT", "/api/dyjbxx", b)
	probe()
	if err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Members.ChangeTx(ctx, tx, created.ID, member.Change{OrgID: w.branchC}, audit.OriginUserUpdate)
	}); err != nil {
		t.Fatal(err)
	}
	probe()
	other := w.create(t, w.e.AdminTK, body("回放乙", w.branchB, ""))
	probe()
	doJSON(t, w, 204, "DELETE", "/api/dyjbxx", map[string]any{"ids": []int64{other.ID}})
	probe()

	type seen struct {
		org                  int64
		education, memStatus string
		ok                   bool
	}
	look := func() map[string]seen {
		out := map[string]seen{}
		for i, at := range probes {
			for _, id := range []int64{created.ID, other.ID} {
				k := fmt.Sprintf("probe %d, member %d", i, id)
				out[k] = seen{}
				if s := stateAt(t, w, id, at); s != nil {
					out[k] = seen{s.OrgID, s.Education, s.MemberStatus, true}
				}
			}
		}
		return out
	}
	live := look()
	if !live["probe 1, member "+strconv.FormatInt(created.ID, 10)].ok || live["probe 6, member "+strconv.FormatInt(other.ID, 10)].ok {
		t.Fatalf("the live versions: %+v", live)
	}
	if _, err := w.e.DB.NewDelete().Model((*member.State)(nil)).Where("1 = 1").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := member.ReplayTrail(context.Background(), w.e.DB); err != nil {
		t.Fatal(err)
	}
	for k, v := range look() {
		if live[k] != v {
			t.Errorf("%s: replayed %+v, kept live %+v", k, v, live[k])
		}
	}
}

func doJSON(t *testing.T, w *world, status int, method, path string, body any) {
	t.Helper()
	apptest.Expect(t, w.e.Do(method, path, w.e.AdminTK, body), status)
}
