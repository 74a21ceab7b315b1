package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
)

func TestMain(m *testing.M) { db.TestMain(m) }

var people = search.Index{Table: "t_person", Columns: []string{"name", "code"}}

var migrations = []db.Migration{{Version: 1, Name: "people", Up: func(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE t_person (id {{pk}}, name VARCHAR(64) NOT NULL, code VARCHAR(32) NULL)`); err != nil {
		return err
	}
	return search.Create(ctx, tx, people)
}}}

// alphabet: a few common surname and given-name characters (so that short
// queries hit often), Latin letters in both cases, digits and the LIKE
// wildcards, which must match literally.
var alphabet = []rune("王李张刘陈杨黄赵吴周小明华丽伟芳强aAbBcCxyz019%_ ")

func randomText(r *rand.Rand, maxLen int) string {
	n := 1 + r.IntN(maxLen)
	out := make([]rune, n)
	for i := range out {
		out[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(out)
}

// ids runs the search the list kit runs (index candidates, then LIKE).
func ids(t *testing.T, idb bun.IDB, text string) []int64 {
	t.Helper()
	cond, args := search.Match(db.IsPostgres(idb), text, []string{"p.name", "p.code"}, search.On{Index: people, Alias: "p"})
	var out []int64
	if err := idb.NewSelect().TableExpr("t_person AS p").Column("p.id").Where(cond, args...).Order("p.id").Scan(context.Background(), &out); err != nil {
		t.Fatalf("search %q: %v", text, err)
	}
	return out
}

// scanned is the same question answered without any index: every row, its
// columns compared in Go with the database's own LIKE semantics (SQLite's
// LIKE folds ASCII case; PostgreSQL's does not).
func scanned(t *testing.T, idb bun.IDB, text string) []int64 {
	t.Helper()
	var rows []struct {
		ID   int64
		Name string
		Code *string
	}
	if err := idb.NewSelect().TableExpr("t_person").Column("id", "name", "code").Order("id").Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	fold := func(s string) string { return s }
	if !db.IsPostgres(idb) {
		fold = asciiLower
	}
	var out []int64
	for _, r := range rows {
		code := ""
		if r.Code != nil {
			code = *r.Code
		}
		if strings.Contains(fold(r.Name), fold(text)) || strings.Contains(fold(code), fold(text)) {
			out = append(out, r.ID)
		}
	}
	return out
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// check compares the indexed search with the scan for queries of 1–4
// characters: random ones and pieces of stored names (so that most hit).
func check(t *testing.T, idb bun.IDB, r *rand.Rand, names []string, rounds int) {
	t.Helper()
	for range rounds {
		var q string
		if len(names) > 0 && r.IntN(3) > 0 {
			name := []rune(names[r.IntN(len(names))])
			from := r.IntN(len(name))
			to := min(len(name), from+1+r.IntN(4))
			q = string(name[from:to])
		} else {
			q = randomText(r, 4)
		}
		q = strings.TrimSpace(q)
		if q == "" {
			continue
		}
		got, want := ids(t, idb, q), scanned(t, idb, q)
		if !slices.Equal(got, want) {
			t.Fatalf("search %q: index gave %v, scan %v", q, got, want)
		}
	}
}

// Rule: search results are identical with and without the index, for
// random Chinese and Latin names of 1–4 characters, and the index follows
// every insert, update and delete (the triggers on SQLite, the expression
// indexes on PostgreSQL).
func TestIndexedSearchEqualsScan(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	idb := db.NewTest(t, migrations)
	r := rand.New(rand.NewPCG(20261127, 11))
	var names []string
	insert := func(n int) {
		for range n {
			name := randomText(r, 4)
			var code any
			if r.IntN(2) == 0 {
				code = randomText(r, 4)
			}
			if _, err := idb.ExecContext(ctx, "INSERT INTO t_person (name, code) VALUES (?, ?)", name, code); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		}
	}
	insert(400)
	check(t, idb, r, names, 300)

	// Updates of either column, deletes, then more inserts.
	for i := range 150 {
		id := 1 + r.IntN(400)
		var err error
		switch i % 3 {
		case 0:
			name := randomText(r, 4)
			names = append(names, name)
			_, err = idb.NewUpdate().TableExpr("t_person").Set("name = ?", name).Where("id = ?", id).Exec(ctx)
		case 1:
			_, err = idb.NewUpdate().TableExpr("t_person").Set("code = ?", randomText(r, 4)).Where("id = ?", id).Exec(ctx)
		case 2:
			_, err = idb.NewDelete().TableExpr("t_person").Where("id = ?", id).Exec(ctx)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	insert(100)
	check(t, idb, r, names, 300)
}

// A query naming a LIKE wildcard or an FTS5 operator is literal text.
func TestSearchTextIsLiteral(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	idb := db.NewTest(t, migrations)
	for _, name := range []string{`50%_off`, `a"b`, `NEAR(x y)`, `王*`, `c:d`} {
		if _, err := idb.ExecContext(ctx, "INSERT INTO t_person (name) VALUES (?)", name); err != nil {
			t.Fatal(err)
		}
	}
	for q, want := range map[string]int{`%`: 1, `_`: 1, `%_o`: 1, `"`: 1, `a"b`: 1, `NEAR`: 1, `(x`: 1, `*`: 1, `王*`: 1, `c:d`: 1, `:`: 1, `zz`: 0} {
		if got := len(ids(t, idb, q)); got != want {
			t.Errorf("search %q: %d rows, want %d", q, got, want)
		}
	}
}

// The one- and two-character path and the trigram path use the index: on
// SQLite the plan reads the FTS5 table, on PostgreSQL (with enough rows for
// the planner to care) a bitmap scan of the GIN indexes.
func TestSearchUsesTheIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	idb := db.NewTest(t, migrations)
	// Random names (a trigram common to every row would make a scan the
	// better plan, rightly).
	r := rand.New(rand.NewPCG(7, 7))
	err := db.InTx(ctx, idb, func(ctx context.Context, tx bun.Tx) error {
		for range 20000 {
			name := []rune{'王', rune(0x4e00 + r.IntN(2000)), rune(0x4e00 + r.IntN(2000)), rune(0x4e00 + r.IntN(2000))}
			if _, err := tx.ExecContext(ctx, "INSERT INTO t_person (name) VALUES (?)", string(name)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var some string
	if err := idb.NewRaw("SELECT name FROM t_person WHERE id = 1234").Scan(ctx, &some); err != nil {
		t.Fatal(err)
	}
	if db.IsPostgres(idb) {
		if _, err := idb.ExecContext(ctx, "VACUUM ANALYZE t_person"); err != nil {
			t.Fatal(err)
		}
	}
	name := []rune(some)
	for _, q := range []string{string(name[1:2]), string(name[2:4]), string(name[1:4])} {
		cond, args := search.Match(db.IsPostgres(idb), q, []string{"p.name", "p.code"}, search.On{Index: people, Alias: "p"})
		var plan []string
		explain := "EXPLAIN QUERY PLAN "
		if db.IsPostgres(idb) {
			explain = "EXPLAIN "
		}
		sel := idb.NewSelect().TableExpr("t_person AS p").ColumnExpr("COUNT(*)").Where(cond, args...).String()
		rows, err := idb.QueryContext(ctx, explain+sel)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, fmt.Sprint(vals...))
		}
		rows.Close()
		text := strings.Join(plan, "\n")
		want := "VIRTUAL TABLE INDEX"
		if db.IsPostgres(idb) {
			want = "Bitmap Index Scan"
			if ok, _ := search.HasTrgm(ctx, idb); !ok && len([]rune(q)) > 2 {
				continue // no pg_trgm on this server: 3+ characters scan (Status says so)
			}
		}
		if !strings.Contains(text, want) {
			var defs []string
			_ = idb.NewRaw("SELECT indexdef FROM pg_indexes WHERE tablename = 't_person'").Scan(ctx, &defs)
			t.Errorf("search %q does not use the index:\n%s\n%v", q, text, defs)
		}
	}
}

// The indexed text joins the columns with a space, so a text holding a
// space could match across two of them; it matches only within one. (On
// PostgreSQL a text without a space is answered by the index alone.)
func TestSearchNeverMatchesAcrossColumns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	idb := db.NewTest(t, migrations)
	for _, row := range [][2]string{{"王小明", "ab12"}, {"李 华", "cd34"}} {
		if _, err := idb.ExecContext(ctx, "INSERT INTO t_person (name, code) VALUES (?, ?)", row[0], row[1]); err != nil {
			t.Fatal(err)
		}
	}
	for q, want := range map[string]int{"明 ab": 0, "小明 ab12": 0, "明 a": 0, "李 华": 1, "华 cd": 0, "ab12": 1, "明": 1, "小明": 1, "AB12": 0} {
		if got := len(ids(t, idb, q)); got != want && !(q == "AB12" && !db.IsPostgres(idb)) {
			t.Errorf("search %q: %d rows, want %d", q, got, want)
		}
	}
}
