package app_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
)

// The ballot engine's anonymity (issue 26, "One ballot engine"): no column
// or row links a ballot to an account, a token or a session, and the
// operation log records that someone voted, never the ballot.

// columnsOf are a table's columns, on either database.
func columnsOf(t *testing.T, idb bun.IDB, table string) []string {
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

// textColumns are every table's text columns (the places a copy of a ballot could hide).
func textColumns(t *testing.T, idb bun.IDB) map[string][]string {
	t.Helper()
	var rows []struct {
		Table  string `bun:"t"`
		Column string `bun:"c"`
	}
	q := `SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND (upper(p.type) LIKE '%CHAR%' OR upper(p.type) LIKE '%TEXT%' OR upper(p.type) LIKE '%CLOB%')`
	if db.IsPostgres(idb) {
		q = `SELECT table_name AS t, column_name AS c FROM information_schema.columns
			WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'character')`
	}
	if err := idb.NewRaw(q).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, r := range rows {
		out[r.Table] = append(out[r.Table], r.Column)
	}
	return out
}

func TestBallotTablesHoldNoLinkToVoters(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	// The ballot is its round, a random id and the marks; the unspent
	// tokens are a round and a hash. Nothing else: no account, token,
	// session, time or sequence column.
	if got := columnsOf(t, e.DB, "ballot_ballot"); !slices.Equal(got, []string{"id", "marks", "round_id"}) {
		t.Fatalf("ballot_ballot columns %v", got)
	}
	if got := columnsOf(t, e.DB, "ballot_token"); !slices.Equal(got, []string{"round_id", "token_hash"}) {
		t.Fatalf("ballot_token columns %v", got)
	}
	// No table but the engine's own refers to a ballot.
	for table, cols := range textColumns(t, e.DB) {
		for _, c := range cols {
			if strings.Contains(c, "ballot") && !strings.HasPrefix(table, "ballot_") {
				t.Errorf("%s.%s refers to ballots", table, c)
			}
		}
	}
	if !db.IsPostgres(e.DB) {
		// SQLite: neither table numbers its rows in the order they were written.
		for _, table := range []string{"ballot_ballot", "ballot_token"} {
			var sqlText string
			if err := e.DB.NewRaw(`SELECT sql FROM sqlite_master WHERE name = ?`, table).Scan(context.Background(), &sqlText); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(sqlText, "WITHOUT ROWID") {
				t.Errorf("%s keeps a rowid", table)
			}
		}
	}
}

// A round voted through the routes: the ballots are found, counted and
// exported, but nothing anywhere in the database joins them to a voter,
// and the operation log holds the votes without their content.
func TestBallotsCastThroughTheRoutesLeaveNoTraceOfTheirContent(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	const voters = 6
	tokens := make([]string, voters)
	ids := make([]int64, voters)
	for i := range voters {
		tokens[i], ids[i] = e.UserWith("all", 0)
	}
	_, outsider := e.UserWith("all", 0)
	paper := ballot.Paper{Title: "第一党支部委员会换届选举", Questions: []ballot.Question{
		{Key: "c", Kind: ballot.Multiple, Title: "委员候选人", Max: 2, WriteIn: true,
			Options: []ballot.Option{{Key: "p1", Label: "张三"}, {Key: "p2", Label: "李四"}, {Key: "p3", Label: "王五"}}}}}
	o, err := e.App.Ballots.Open(ctx, e.DB, ballot.Spec{Kind: "test", Paper: paper, Voters: ids, Link: "/dzzhjgl/tp"})
	if err != nil {
		t.Fatal(err)
	}
	cast := func(token string, marks ...ballot.Mark) *apptest.Response {
		return e.Do(http.MethodPost, fmt.Sprintf("/api/ballot/%d/cast", o.RoundID), token, map[string]any{"marks": marks})
	}
	// Each voter writes in a name of their own: were a ballot copied
	// anywhere, its name would be found there.
	writeIn := func(i int) string { return fmt.Sprintf("另选候选人甲%03d", i) }
	for i, tk := range tokens {
		apptest.Expect(t, cast(tk, ballot.Mark{Item: "c", Choice: "p1"}, ballot.Mark{Item: "c", Choice: "*", Text: writeIn(i)}), http.StatusOK)
	}
	apptest.Expect(t, cast(tokens[0], ballot.Mark{Item: "c", Choice: "p2"}), http.StatusConflict)
	apptest.Expect(t, cast("", ballot.Mark{Item: "c", Choice: "p2"}), http.StatusUnauthorized)
	outsiderTK := e.Login(e.Username(outsider), "Test@12345")
	apptest.Expect(t, e.Do(http.MethodGet, fmt.Sprintf("/api/ballot/%d", o.RoundID), outsiderTK, nil), http.StatusNotFound)
	apptest.Expect(t, cast(outsiderTK, ballot.Mark{Item: "c", Choice: "p2"}), http.StatusNotFound)

	// The ids are random, not a sequence.
	var ballotIDs []string
	if err := e.DB.NewRaw(`SELECT id FROM ballot_ballot WHERE round_id = ? ORDER BY id`, o.RoundID).Scan(ctx, &ballotIDs); err != nil {
		t.Fatal(err)
	}
	hex32 := regexp.MustCompile(`^[0-9a-f]{32}$`)
	for _, id := range ballotIDs {
		if !hex32.MatchString(id) {
			t.Fatalf("ballot id %q is not 128 random bits", id)
		}
	}
	if len(ballotIDs) != voters {
		t.Fatalf("%d ballots stored, want %d", len(ballotIDs), voters)
	}
	// No text anywhere but in ballot_ballot holds a ballot's content:
	// while voting goes on, and once the count is kept.
	noCopies := func(when string) {
		t.Helper()
		for table, cols := range textColumns(t, e.DB) {
			if table == "ballot_ballot" {
				continue
			}
			for _, c := range cols {
				var n int
				if err := e.DB.NewRaw(fmt.Sprintf(`SELECT COUNT(*) FROM %q WHERE %q LIKE ?`, table, c), "%另选候选人甲%").Scan(ctx, &n); err != nil {
					t.Fatalf("%s.%s: %v", table, c, err)
				}
				if n > 0 {
					t.Errorf("%s: %s.%s holds a ballot's content", when, table, c)
				}
			}
		}
	}
	noCopies("voting")
	// The operation log says who voted, without the body.
	var logged []struct {
		UserID int64  `bun:"user_id"`
		Body   string `bun:"body"`
		Status int    `bun:"status"`
	}
	if err := e.DB.NewRaw(`SELECT user_id, COALESCE(body, '') AS body, status FROM sys_oper_log WHERE path = ? AND status = 200`,
		fmt.Sprintf("/api/ballot/%d/cast", o.RoundID)).Scan(ctx, &logged); err != nil {
		t.Fatal(err)
	}
	if len(logged) != voters {
		t.Fatalf("%d votes logged, want %d", len(logged), voters)
	}
	for _, l := range logged {
		if l.Body != "" {
			t.Fatalf("the operation log kept a ballot: %q", l.Body)
		}
	}
	if db.IsPostgres(e.DB) {
		// Every ballot of the round was last written by one transaction,
		// and they lie in the order of their random ids.
		var rows []struct {
			ID   string `bun:"id"`
			Xmin string `bun:"x"`
		}
		if err := e.DB.NewRaw(`SELECT id, xmin::text AS x FROM ballot_ballot WHERE round_id = ? ORDER BY ctid`, o.RoundID).Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			if r.Xmin != rows[0].Xmin || r.ID != ballotIDs[i] {
				t.Fatalf("ballot %d: xmin %s (first %s), id %s at place %d (id order %v)", i, r.Xmin, rows[0].Xmin, r.ID, i, ballotIDs)
			}
		}
	}
	// After the close the count is there, write-ins by name.
	if err := e.App.Ballots.Close(ctx, e.DB, o.RoundID); err != nil {
		t.Fatal(err)
	}
	tally, err := e.App.Ballots.TallyOf(ctx, o.RoundID)
	if err != nil || tally.Count("c", "p1") != voters || tally.Count("c", "*") != voters {
		t.Fatalf("tally %+v %v", tally, err)
	}
	names, total, err := e.App.Ballots.Texts(ctx, o.RoundID, "c", 0, 4)
	if err != nil || len(names) != 4 || total != voters || names[0].N != 1 {
		t.Fatalf("write-ins %+v of %d %v", names, total, err)
	}
	// The kept count is aggregates only: a round, an item, a choice, a number.
	if got := columnsOf(t, e.DB, "ballot_count"); !slices.Equal(got, []string{"choice", "item", "n", "round_id"}) {
		t.Fatalf("ballot_count columns %v", got)
	}
	noCopies("counted")
}
