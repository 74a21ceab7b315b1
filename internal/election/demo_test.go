package election_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/election"
	"zhdj/internal/member"
	"zhdj/internal/org"
)

// The demo: last year's election confirmed and written back, this year's
// plan approved and waiting for its vote, a congress with nominations.
func TestSeedDemo_DecidedApprovedCongress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.person(t, w.mbranch, "辛", false, member.PartyFull)
	w.person(t, w.mbranch, "壬", false, member.PartyFull)
	res, err := w.e.App.Elections.SeedDemo(t.Context(), election.DemoOptions{Today: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Elections != 2 || res.Votes != 1 || res.Ballots != 5 || res.Units != 1 || res.Nominations != 3 {
		t.Fatalf("demo %+v", res)
	}
	rows, _ := apptest.GetPage[election.Record](t, w.e, w.e.AdminTK, "/api/hjxj", nil)
	states := map[int64]string{}
	for _, r := range rows {
		states[r.OrgID] = r.State
	}
	if states[w.branch] != election.StateDone || states[w.mbranch] != election.StateApproved {
		t.Fatalf("states %v", states)
	}
	// orgIds (任期即将届满's page) keeps the elections of those organisations themselves.
	mine, _ := apptest.GetPage[election.Record](t, w.e, w.e.AdminTK, "/api/hjxj", map[string][]string{"orgIds": {fmt.Sprint(w.mbranch)}})
	if len(mine) != 1 || mine[0].OrgID != w.mbranch {
		t.Fatalf("orgIds=%d: %+v", w.mbranch, mine)
	}
	both, _ := apptest.GetPage[election.Record](t, w.e, w.e.AdminTK, "/api/hjxj", map[string][]string{"orgIds": {fmt.Sprint(w.mbranch), fmt.Sprint(w.branch)}})
	if len(both) != 2 {
		t.Fatalf("orgIds of both: %+v", both)
	}
	o := apptest.DoJSON[org.Detail](t, w.e, 200, "GET", fmt.Sprintf("/api/dzzxx/%d", w.branch), w.e.AdminTK, nil)
	year := time.Now().Year() - 1
	if o.SecretaryName == "" || len(o.Committee) != 3 || o.TermStart.IsZero() || o.TermStart.Time().Year() != year || o.TermYears != 3 {
		t.Fatalf("written back: %+v", o.Org)
	}
	congresses, _ := apptest.GetPage[election.CongressView](t, w.e, w.e.AdminTK, "/api/ddbxj", nil)
	if len(congresses) != 1 || congresses[0].Nominations != 3 {
		t.Fatalf("congress %+v", congresses)
	}
}
