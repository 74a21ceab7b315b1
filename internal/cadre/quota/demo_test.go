package quota_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/quota"
)

// The demo builds positions, quotas and holdings from the cadres' current
// posts: most units exactly full, a few with a vacancy, one over quota with
// the legacy reason; it issues a document filling one vacancy and leaves a
// draft for another; a second run writes nothing.
func TestSeedDemoOverTheCadresPosts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	units := []int64{w.csUnit, w.mathU}
	for i := 0; i < 5; i++ {
		units = append(units, w.unit(t, fmt.Sprintf("示范学院%d", i), w.c.Math))
	}
	type held struct{ post, level, since string }
	team := []held{{"院长", "3", "2020-01-01"}, {"党委书记", "3", "2019-01-01"}, {"副院长", "4", "2021-01-01"},
		{"副院长", "4", "2023-06-01"}, {"办公室主任", "5", "2022-01-01"}}
	officeHead := map[int64]int64{} // unit → its 办公室主任
	var plain int64                 // a cadre no document names
	for _, u := range units {
		for k, h := range team {
			id := w.e.Create(t, w.e.AdminTK, "/api/gbjbxx", map[string]any{"name": fmt.Sprintf("干部%d", seq.Add(1)), "gender": "1",
				"birthOn": "1975-03-01", "ethnicity": "01", "politicalStatus": "01", "unitId": u, "post": h.post, "level": h.level,
				"postSince": h.since, "category": "2", "status": "2", "education": "11", "degree": "201"})
			// The current post row, as the cadre demo writes it (WritePost): no position.
			w.e.Create(t, w.e.AdminTK, fmt.Sprintf("/api/gbjbxx/%d/zw", id), map[string]any{"post": h.post, "unitId": u,
				"level": h.level, "kind": "任职", "startOn": h.since})
			if k == 4 {
				officeHead[u] = id
			}
			if plain == 0 {
				plain = id
			}
		}
	}
	plainPosts, officePosts := w.posts(t, plain), w.posts(t, officeHead[w.csUnit])

	res, err := w.e.App.Quotas.SeedDemo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// 4 titles × 7 units; 3 levels × 7 units; 35 holdings.
	if res.Skipped || res.Positions != 28 || res.Quotas != 21 || res.Holdings != 35 || res.OverQuota != 1 ||
		len(res.OverUnits) != 1 || len(res.VacantUnits) != 2 || res.Issued != "校干任〔2026〕1号" || res.Draft != "校干任〔2026〕2号" {
		t.Fatalf("demo result %+v", res)
	}

	// Units in id order: the third is over at 副处 (approved 1, 2 held);
	// the first two had one 副处 vacancy each, and the issued document
	// moved the first's 办公室主任 into it, leaving the 正科 place empty.
	want := map[int64][4]int{ // approved, occupied, vacant, over
		units[0]: {6, 5, 1, 0}, units[1]: {6, 5, 1, 0}, units[2]: {4, 5, 0, 1},
		units[3]: {5, 5, 0, 0}, units[4]: {5, 5, 0, 0}, units[5]: {5, 5, 0, 0}, units[6]: {5, 5, 0, 0}}
	check := func(when string) {
		t.Helper()
		list, total := apptest.GetPage[quota.Occupancy](t, w.e, w.e.AdminTK, "/api/gbzs/units", url.Values{"size": {"50"}})
		if total != len(want) {
			t.Fatalf("%s: %d units, want %d: %+v", when, total, len(want), list)
		}
		for _, o := range list {
			if got := [4]int{o.Approved, o.Occupied, o.Vacant, o.Over}; got != want[o.UnitID] {
				t.Fatalf("%s: unit %s 核定/实配/空缺/超配 %v, want %v", when, o.UnitName, got, want[o.UnitID])
			}
		}
		sum := apptest.DoJSON[quota.Occupancy](t, w.e, 200, "GET", "/api/gbzs/units/total", w.e.AdminTK, nil)
		var a, o, v, x int
		for _, n := range want {
			a, o, v, x = a+n[0], o+n[1], v+n[2], x+n[3]
		}
		if sum.Approved != a || sum.Occupied != o || sum.Vacant != v || sum.Over != x {
			t.Fatalf("%s: school %+v, want %d/%d/%d/%d", when, sum, a, o, v, x)
		}
	}
	check("after the seed")

	over, _ := apptest.GetPage[quota.QuotaView](t, w.e, w.e.AdminTK, "/api/gbzs/quotas", url.Values{"over": {"true"}})
	if len(over) != 1 || over[0].UnitID != units[2] || over[0].Level != "4" {
		t.Fatalf("quotas over: %+v", over)
	}
	docs, _ := apptest.GetPage[quota.Document](t, w.e, w.e.AdminTK, "/api/gbzs/documents", url.Values{"blurry": {"校干任"}, "sort": {"docNo,asc"}})
	if len(docs) != 2 || docs[0].State != quota.StateIssued || docs[1].State != quota.StateDraft {
		t.Fatalf("demo documents %+v", docs)
	}
	issued := w.document(t, docs[0].ID)
	if len(issued.Items) != 2 {
		t.Fatalf("issued items %+v", issued.Items)
	}
	if it := issued.Items[0]; it.Kind != quota.KindRemove || it.CadreID != officeHead[w.csUnit] || it.PositionName != "办公室主任" {
		t.Fatalf("issued item 1 %+v: want the 办公室主任 removed from that post", it)
	}
	if it := issued.Items[1]; it.Kind != quota.KindAppoint || it.CadreID != officeHead[w.csUnit] || it.PositionName != "副院长" ||
		it.ProbationUntil == nil || it.OverQuota {
		t.Fatalf("issued item 2 %+v: want the 办公室主任 promoted to 副院长 with probation, within the quota", it)
	}
	// The seed wrote no post rows; the issue ended the old one and wrote the new one.
	if n := w.posts(t, plain); n != plainPosts {
		t.Fatalf("a seeded cadre has %d post rows, had %d", n, plainPosts)
	}
	rows := apptest.DoJSON[[]map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/zw", officeHead[w.csUnit]), w.e.AdminTK, nil)
	current := 0
	for _, r := range rows {
		if r["endOn"] == nil || r["endOn"] == "" {
			current++
			if r["post"] != "副院长" {
				t.Fatalf("current post row %v", r)
			}
		}
	}
	if len(rows) != officePosts+1 || current != 1 || w.currentPost(t, officeHead[w.csUnit]) != "副院长" {
		t.Fatalf("the appointed cadre: post rows %v (had %d), 现任职务 %q", rows, officePosts, w.currentPost(t, officeHead[w.csUnit]))
	}
	_, allDocs := apptest.GetPage[quota.Document](t, w.e, w.e.AdminTK, "/api/gbzs/documents", nil)

	again, err := w.e.App.Quotas.SeedDemo(t.Context())
	if err != nil || !again.Skipped {
		t.Fatalf("second run: %+v, %v", again, err)
	}
	check("after a second run")
	if _, n := apptest.GetPage[quota.Document](t, w.e, w.e.AdminTK, "/api/gbzs/documents", nil); n != allDocs {
		t.Fatalf("second run: %d documents, had %d", n, allDocs)
	}

	// The draft is a real one: issuing it moves the second unit's 办公室主任
	// into its 副处 vacancy (the 免去 finds the post row by its title).
	moved := []int64{officeHead[units[1]]}
	beforeDraft := w.picture(t, nil, nil, moved)
	apptest.Expect(t, w.issue(t, docs[1].ID), 200)
	if w.currentPost(t, officeHead[units[1]]) != "副院长" {
		t.Fatalf("the draft's cadre is %q", w.currentPost(t, officeHead[units[1]]))
	}
	check("after the draft's issue")

	// Withdrawing it puts the cadre back: the 免去 had ended the post row
	// naming no position by its title (and named the document on it); the
	// withdrawal reopens that row as it was and 现任职务 is 办公室主任 again.
	apptest.Expect(t, w.withdraw(t, w.e.AdminTK, docs[1].ID, "演示撤销"), 200)
	expectSame(t, "the demo's document withdrawn", w.picture(t, nil, nil, moved), beforeDraft)
	check("after the withdrawal")

	// A 存量登记 wrote no post rows (it recorded the posts held): withdrawing
	// one is refused on its first item undone, and changes nothing.
	stock, _ := apptest.GetPage[quota.Document](t, w.e, w.e.AdminTK, "/api/gbzs/documents", url.Values{"blurry": {"存量登记"}})
	refused := w.withdraw(t, w.e.AdminTK, stock[0].ID, "演示撤销")
	if refused.Status != 400 || !strings.Contains(refused.Message(), "没有由"+stock[0].DocNo+"任命的现任职务") {
		t.Fatalf("withdrawing %s: %d %s", stock[0].DocNo, refused.Status, refused.Body)
	}
	check("after a refused withdrawal")
}
