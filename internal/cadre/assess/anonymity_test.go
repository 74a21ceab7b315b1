package assess_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/platform/db"
)

// Anonymity of the evaluations, in the schema: the module's tables hold
// who was drawn (the draw's accounts, as the engine's roll does) and the
// scores counted at the close, never a ballot, an answer, a token or a
// code; the ballots are the engine's (docs/ballot.md, tested there).
func TestAssessmentTablesHoldNoBallot(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	want := map[string][]string{
		"gb_kh_cadre": {"_name_py", "appeal_at", "appeal_by", "appeal_reason", "appeal_reply", "appeal_state", "auto_grade", "cadre_id", "detail", "grade", "id", "name", "post", "rank", "reason", "report", "round_id",
			"score", "unit_id"},
		"gb_kh_draw":  {"account_ids", "codes", "group_key", "id", "own_unit", "role_id", "round_id", "source", "unit_ids"},
		"gb_kh_paper": {"ballot_round_id", "group_key", "id", "invalid", "round_id", "unit_id"},
		"gb_kh_round": {"closes_at", "confirmed_at", "confirmed_by", "counted_at", "created_at", "id", "name", "opened_at", "scheme_id",
			"scheme_version", "state", "updated_at", "year"},
	}
	for table, cols := range want {
		got := columns(t, e.DB, table)
		if db.IsPostgres(e.DB) {
			cols = slices.DeleteFunc(slices.Clone(cols), func(c string) bool { return c == "_name_py" }) // COLLATE zh instead
		}
		if !slices.Equal(got, cols) {
			t.Errorf("%s columns %v, want %v (a new column must not keep anything of a ballot)", table, got, cols)
		}
	}
}

func columns(t *testing.T, idb bun.IDB, table string) []string {
	t.Helper()
	var cols []string
	q := `SELECT name FROM pragma_table_info(?) ORDER BY name`
	if db.IsPostgres(idb) {
		q = `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY column_name`
	}
	if err := idb.NewRaw(q, table).Scan(context.Background(), &cols); err != nil {
		t.Fatal(err)
	}
	return cols
}

// One ballot per link: a one-time link submitted from twelve phones at
// once stores one ballot; the others are told it was used.
func TestOneBallotPerLinkUnderConcurrentSubmissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.round(t)
	apptest.Expect(t, w.draw(t, id, map[string]any{"groupKey": "lead", "source": "codes", "codes": 1}), 201)
	opened := w.open(t, id)
	rows := w.rows(t, id)
	var paper int64
	var code string
	var a answers
	for _, p := range opened.Codes {
		if p.UnitID == w.mathUnit {
			paper, code = p.BallotRoundID, p.Codes[0].Code
			a = answers{rows[w.bing]: {"a", "b", 88}}
		}
	}
	statuses := apptest.Concurrently(12, func(int) int { return w.castCode(t, paper, code, a).Status })
	apptest.ExpectOneWins(t, statuses, http.StatusOK, http.StatusConflict)
	d := w.detail(t, id)
	for _, p := range d.Papers {
		if p.BallotRoundID == paper && (p.Cast != 1 || p.Issued != 1) {
			t.Fatalf("the paper's turnout %d/%d", p.Cast, p.Issued)
		}
	}
	d = w.close(t, id)
	results := apptest.ListedBy(w.e, fmt.Sprintf("/api/gbkh/rounds/%d/results", id), w.e.AdminTK, func(r assess.Result) int64 { return r.CadreID })
	if r := results[w.bing]; r.Ballots["lead"] != 1 {
		t.Fatalf("丙 counted from %d ballots", r.Ballots["lead"])
	}
}
