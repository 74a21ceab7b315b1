// Package search is the indexed substring search behind the lists' keyword
// boxes: "does any of these columns contain the text", answered by an index
// instead of a scan, with exactly the rows LIKE '%text%' would give.
//
// A table declares an Index (its searched columns); its migration calls
// Create. The list kit (httpx.Text filters) asks Match for a condition.
//
// How each database serves a query of n characters:
//
//   - SQLite: an FTS5 table <table>_search with the trigram tokenizer, kept
//     in step by triggers (insert, update of a searched column, delete). Its
//     column t holds the row's text (the columns joined): n ≥ 3 is a phrase
//     query on t. Trigrams cannot answer n < 3, so column g holds every
//     distinct character followed by two pad characters and every distinct
//     pair followed by one ("王\x1f\x1f", "王小\x1f"): each is one trigram,
//     so a one- or two-character query is one exact trigram lookup on g.
//   - PostgreSQL: two GIN expression indexes on the table itself (nothing to
//     keep in step): pg_trgm's gin_trgm_ops on the joined text serves n ≥ 3
//     through LIKE; zhdj_grams(joined text) — the array of its characters
//     and pairs — serves n ≤ 2 through @>. Without pg_trgm (an extension the
//     migration may not be allowed to create) n ≥ 3 falls back to a scan;
//     the log and /healthz say so (Status).
//
// The index only narrows the rows to candidates (its case folding and the
// joined columns can let a few more through); the same LIKE over the
// filter's own columns then decides, so results never depend on the index.
package search

import (
	"context"
	"database/sql/driver"
	"fmt"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"
	"modernc.org/sqlite"

	"zhdj/internal/platform/db"
)

const (
	// GramsFunc is the function that lists a text's short grams: on SQLite
	// (registered below) the padded string of column g, on PostgreSQL (made
	// by Create) the text[] of characters and pairs.
	GramsFunc = "zhdj_grams"
	// pad follows a short gram in column g; it is never searched for (a
	// query holding it is answered by a scan) and is blanked in the text.
	pad = '\x1f'
)

func init() {
	err := sqlite.RegisterDeterministicScalarFunction(GramsFunc, 1,
		func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch v := args[0].(type) {
			case string:
				return Grams(v), nil
			case []byte:
				return Grams(string(v)), nil
			case nil:
				return "", nil
			}
			return nil, fmt.Errorf("%s: text expected, got %T", GramsFunc, args[0])
		})
	if err != nil {
		panic(err)
	}
}

// Grams is SQLite's column g for text: each distinct character followed by
// two pads, each distinct pair followed by one. Blanks are left out (a
// trimmed query of one or two characters never holds one).
func Grams(text string) string {
	runes := []rune(text)
	var b strings.Builder
	b.Grow(len(text) * 5)
	seen := make(map[string]struct{}, 2*len(runes))
	add := func(g string, pads int) {
		if _, ok := seen[g]; ok {
			return
		}
		seen[g] = struct{}{}
		b.WriteString(g)
		for range pads {
			b.WriteRune(pad)
		}
	}
	for i, r := range runes {
		if blank(r) {
			continue
		}
		add(string(r), 2)
		if i+1 < len(runes) && !blank(runes[i+1]) {
			add(string(runes[i:i+2]), 1)
		}
	}
	return b.String()
}

func blank(r rune) bool { return r == ' ' || r == pad || r == '\t' || r == '\n' || r == '\r' }

// Index declares the text-search index of one table.
type Index struct {
	Table   string   // the table, e.g. "sys_user"
	Columns []string // its searched columns, unqualified
	Key     string   // its integer primary key (the FTS5 rowid); "id" when empty
}

func (ix Index) key() string {
	if ix.Key == "" {
		return "id"
	}
	return ix.Key
}

// FTSTable is the SQLite FTS5 table of ix.
func (ix Index) FTSTable() string { return ix.Table + "_search" }

// text is the SQL expression of a row's searched text: the columns joined by
// a space; prefix qualifies them ("", "NEW.", "u."). The same expression (up
// to the qualifier) is indexed and queried, so PostgreSQL's planner matches
// the expression indexes.
func (ix Index) text(prefix string) string {
	parts := make([]string, len(ix.Columns))
	for i, c := range ix.Columns {
		parts[i] = "COALESCE(" + prefix + c + ", '')"
	}
	return "(" + strings.Join(parts, " || ' ' || ") + ")"
}

// Create builds ix in a migration: on SQLite the FTS5 table, filled from the
// rows there are, and its triggers; on PostgreSQL the grams function, the
// pg_trgm extension where the database allows it, and the two GIN indexes.
//
// Each index is also listed in search_index, so that a bulk load can
// Suspend the triggers of a table and rebuild its index once at the end.
func Create(ctx context.Context, tx bun.Tx, ix Index) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE IF NOT EXISTS search_index (
		table_name VARCHAR(64) NOT NULL PRIMARY KEY,
		key_column VARCHAR(64) NOT NULL,
		columns VARCHAR(500) NOT NULL)`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO search_index (table_name, key_column, columns) VALUES (?, ?, ?)",
		ix.Table, ix.key(), strings.Join(ix.Columns, ",")); err != nil {
		return err
	}
	if db.IsPostgres(tx) {
		return createPostgres(ctx, tx, ix)
	}
	// contentless: the rows hold the text; contentless_delete lets the
	// triggers delete by rowid.
	statements := []string{
		fmt.Sprintf("CREATE VIRTUAL TABLE %s USING fts5(t, g, tokenize = 'trigram', content = '', contentless_delete = 1)", ix.FTSTable()),
		ix.fill(),
	}
	return db.DDL(ctx, tx, append(statements, ix.triggers()...)...)
}

// fill indexes every row of the table (SQLite).
func (ix Index) fill() string {
	return fmt.Sprintf("INSERT INTO %s(rowid, t, g) SELECT %s, %s, %s(%s) FROM %s",
		ix.FTSTable(), ix.key(), ix.text(""), GramsFunc, ix.text(""), ix.Table)
}

// triggers keep the FTS5 table in step with the rows (SQLite).
func (ix Index) triggers() []string {
	fts, key := ix.FTSTable(), ix.key()
	t := ix.text("NEW.")
	insert := fmt.Sprintf("INSERT INTO %s(rowid, t, g) VALUES (NEW.%s, %s, %s(%s))", fts, key, t, GramsFunc, t)
	remove := fmt.Sprintf("DELETE FROM %s WHERE rowid = OLD.%s", fts, key)
	return []string{
		fmt.Sprintf("CREATE TRIGGER trg_%s_ins AFTER INSERT ON %s BEGIN %s; END", fts, ix.Table, insert),
		fmt.Sprintf("CREATE TRIGGER trg_%s_upd AFTER UPDATE OF %s ON %s BEGIN %s; %s; END",
			fts, strings.Join(ix.Columns, ", "), ix.Table, remove, insert),
		fmt.Sprintf("CREATE TRIGGER trg_%s_del AFTER DELETE ON %s BEGIN %s; END", fts, ix.Table, remove),
	}
}

// Drop removes the index of table (a migration changing its columns drops
// it and creates the new one): the FTS5 table and its triggers on SQLite,
// the two GIN indexes on PostgreSQL, and its search_index row.
func Drop(ctx context.Context, tx bun.Tx, table string) error {
	ix := Index{Table: table}
	statements := []string{
		"DROP TRIGGER IF EXISTS trg_" + ix.FTSTable() + "_ins", "DROP TRIGGER IF EXISTS trg_" + ix.FTSTable() + "_upd",
		"DROP TRIGGER IF EXISTS trg_" + ix.FTSTable() + "_del", "DROP TABLE IF EXISTS " + ix.FTSTable(),
	}
	if db.IsPostgres(tx) {
		statements = []string{"DROP INDEX IF EXISTS " + ix.trgmIndexName(), "DROP INDEX IF EXISTS " + ix.gramsIndexName()}
	}
	if err := db.DDL(ctx, tx, statements...); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "DELETE FROM search_index WHERE table_name = ?", table)
	return err
}

// Rebuild fills the SQLite FTS5 table of ix again from the rows; nothing on
// PostgreSQL, whose indexes are the table's own.
func Rebuild(ctx context.Context, idb bun.IDB, ix Index) error {
	if db.IsPostgres(idb) {
		return nil
	}
	for _, s := range []string{"DELETE FROM " + ix.FTSTable(), ix.fill()} {
		if _, err := idb.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("rebuild %s: %w", ix.FTSTable(), err)
		}
	}
	return nil
}

// Suspend drops the triggers of table's index for a bulk load inside tx
// (writing the FTS5 table row by row costs more than building it once) and
// returns what puts them back and rebuilds the index; run it before tx
// commits. A table without an index, and PostgreSQL, get a no-op.
func Suspend(ctx context.Context, tx bun.Tx, table string) (func(context.Context) error, error) {
	noop := func(context.Context) error { return nil }
	if db.IsPostgres(tx) {
		return noop, nil
	}
	var rows []struct {
		KeyColumn string `bun:"key_column"`
		Columns   string `bun:"columns"`
	}
	if err := tx.NewRaw("SELECT key_column, columns FROM search_index WHERE table_name = ?", table).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("search index of %s: %w", table, err)
	}
	if len(rows) == 0 {
		return noop, nil
	}
	ix := Index{Table: table, Key: rows[0].KeyColumn, Columns: strings.Split(rows[0].Columns, ",")}
	for _, op := range []string{"ins", "upd", "del"} {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("DROP TRIGGER trg_%s_%s", ix.FTSTable(), op)); err != nil {
			return nil, err
		}
	}
	return func(ctx context.Context) error {
		if err := Rebuild(ctx, tx, ix); err != nil {
			return err
		}
		return db.DDL(ctx, tx, ix.triggers()...)
	}, nil
}

// trgmIndexName and gramsIndexName are the PostgreSQL indexes of ix.
func (ix Index) trgmIndexName() string  { return "idx_" + ix.Table + "_search_trgm" }
func (ix Index) gramsIndexName() string { return "idx_" + ix.Table + "_search_grams" }

// gramsFunction lists a text's characters and pairs (duplicates are harmless:
// GIN keeps each key once per row). PL/pgSQL so that the planner never
// inlines it and always sees the indexed expression.
const gramsFunction = `CREATE OR REPLACE FUNCTION ` + GramsFunc + `(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	n int := char_length(t);
	out text[] := ARRAY[]::text[];
BEGIN
	FOR i IN 1..n LOOP
		out := out || substr(t, i, 1);
		IF i < n THEN
			out := out || substr(t, i, 2);
		END IF;
	END LOOP;
	RETURN out;
END $$`

func createPostgres(ctx context.Context, tx bun.Tx, ix Index) error {
	if err := db.DDL(ctx, tx, gramsFunction,
		fmt.Sprintf("CREATE INDEX %s ON %s USING gin (%s(%s))", ix.gramsIndexName(), ix.Table, GramsFunc, ix.text(""))); err != nil {
		return err
	}
	ok, err := ensureTrgm(ctx, tx)
	if err != nil || !ok {
		return err
	}
	return db.DDL(ctx, tx, ix.trgmIndex())
}

// trgmIndex is the DDL of ix's pg_trgm index (IF NOT EXISTS: Repair runs it again).
func (ix Index) trgmIndex() string {
	return fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s ON %s USING gin (%s gin_trgm_ops)", ix.trgmIndexName(), ix.Table, ix.text(""))
}

// Repair builds the pg_trgm indexes a migration could not (the extension
// was missing then and has been created since): run at start-up, it
// costs one catalogue read when nothing is missing. Nothing on SQLite.
func Repair(ctx context.Context, idb bun.IDB) error {
	if !db.IsPostgres(idb) {
		return nil
	}
	if has, err := HasTrgm(ctx, idb); err != nil || !has {
		return err
	}
	var missing []struct {
		Table   string `bun:"table_name"`
		Key     string `bun:"key_column"`
		Columns string `bun:"columns"`
	}
	err := idb.NewRaw(`SELECT s.table_name, s.key_column, s.columns FROM search_index AS s
		WHERE NOT EXISTS (SELECT 1 FROM pg_indexes AS i WHERE i.schemaname = current_schema()
			AND i.indexname = 'idx_' || s.table_name || '_search_trgm')`).Scan(ctx, &missing)
	if err != nil {
		return fmt.Errorf("search indexes: %w", err)
	}
	for _, m := range missing {
		ix := Index{Table: m.Table, Key: m.Key, Columns: strings.Split(m.Columns, ",")}
		slog.Info("building the pg_trgm index missed when the extension was not there", "table", m.Table)
		if _, err := idb.ExecContext(ctx, ix.trgmIndex()); err != nil {
			return fmt.Errorf("%s: %w", ix.trgmIndexName(), err)
		}
	}
	return nil
}

// ensureTrgm creates pg_trgm when missing, in a savepoint so that a refusal
// (no privilege, extension not installed on the server) leaves the
// migration's transaction usable: the search then scans for texts of three
// or more characters, and says so.
func ensureTrgm(ctx context.Context, tx bun.Tx) (bool, error) {
	if has, err := HasTrgm(ctx, tx); err != nil || has {
		return has, err
	}
	if _, err := tx.ExecContext(ctx, "SAVEPOINT zhdj_trgm"); err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, "CREATE EXTENSION IF NOT EXISTS pg_trgm"); err != nil {
		slog.Error("PostgreSQL extension pg_trgm could not be created: searches of three or more characters scan the tables (ask the database administrator to run CREATE EXTENSION pg_trgm, then restart: the indexes are built at start-up)", "err", err)
		_, rerr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT zhdj_trgm")
		return false, rerr
	}
	_, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT zhdj_trgm")
	return err == nil, err
}

// HasTrgm tells whether pg_trgm is installed in the database.
func HasTrgm(ctx context.Context, idb bun.IDB) (bool, error) {
	var n int
	err := idb.NewRaw("SELECT COUNT(*) FROM pg_extension WHERE extname = 'pg_trgm'").Scan(ctx, &n)
	return n > 0, err
}

// Status is the search's line of /healthz: "" when every index is served,
// otherwise what is degraded and why.
func Status(ctx context.Context, idb bun.IDB) string {
	if !db.IsPostgres(idb) {
		return ""
	}
	has, err := HasTrgm(ctx, idb)
	switch {
	case err != nil:
		return "search: cannot read pg_extension: " + err.Error()
	case !has:
		return "search: pg_trgm missing, searches of 3+ characters scan the tables (CREATE EXTENSION pg_trgm, then restart)"
	}
	return ""
}

// On names an Index and the alias its table has in a list query.
type On struct {
	Index Index
	Alias string
}

// Match is the condition "one of columns contains text" (columns qualified
// as in the query, each in one of the tables of on) as SQL with its
// arguments: the candidates of the indexes, then LIKE over the columns.
// text is trimmed.
//
// On PostgreSQL the candidates are already the answer when columns are
// exactly the one index's columns and text holds no space: the index's
// LIKE (or grams) is over those columns joined by spaces, with the same
// case, so a match without a space lies inside one column. The LIKE over
// the columns is then left out (issue 34: its planning and rechecks were a
// fifth of a searched user page's database time).
//
// On PostgreSQL the text goes in as a db.Bind: a statement rendered by
// db.Bound carries it apart, so the statement is prepared once for every
// search text (httpx.PagedKeys); rendered by bun as usual it is the literal.
func Match(postgres bool, text string, columns []string, on ...On) (string, []any) {
	pattern := any("%" + escapeLike(text) + "%")
	if postgres {
		pattern = db.Bind{V: pattern}
	}
	var b strings.Builder
	var args []any
	usable := len(on) > 0 && !strings.ContainsRune(text, pad) && utf8.ValidString(text)
	if postgres && usable && len(on) == 1 && on[0].covers(columns) && !strings.ContainsRune(text, ' ') {
		sql, a := on[0].candidates(postgres, text, pattern)
		return "(" + sql + ")", a
	}
	b.WriteString("((")
	for i, o := range on {
		if !usable {
			b.WriteString("1 = 1")
			break
		}
		if i > 0 {
			b.WriteString(" OR ")
		}
		sql, a := o.candidates(postgres, text, pattern)
		b.WriteString(sql)
		args = append(args, a...)
	}
	b.WriteString(") AND (")
	for i, c := range columns {
		if i > 0 {
			b.WriteString(" OR ")
		}
		b.WriteString(c + ` LIKE ? ESCAPE '\'`)
		args = append(args, pattern)
	}
	b.WriteString("))")
	return b.String(), args
}

// covers tells whether columns are exactly o's indexed columns, in order,
// qualified by its alias.
func (o On) covers(columns []string) bool {
	if len(columns) != len(o.Index.Columns) {
		return false
	}
	for i, c := range o.Index.Columns {
		if columns[i] != o.Alias+"."+c {
			return false
		}
	}
	return true
}

// candidates is the index's part of Match: the rows whose joined text may
// contain text.
func (o On) candidates(postgres bool, text string, pattern any) (string, []any) {
	n := utf8.RuneCountInString(text)
	if postgres {
		t := o.Index.text(o.Alias + ".")
		if n <= 2 {
			return GramsFunc + "(" + t + ") @> ARRAY[?]::text[]", []any{db.Bind{V: text}}
		}
		return t + ` LIKE ? ESCAPE '\'`, []any{pattern}
	}
	var q string
	switch n {
	case 1:
		q = "g : " + phrase(text+string(pad)+string(pad))
	case 2:
		q = "g : " + phrase(text+string(pad))
	default:
		q = "t : " + phrase(text)
	}
	fts := o.Index.FTSTable()
	return fmt.Sprintf("%s.%s IN (SELECT rowid FROM %s WHERE %s MATCH ?)", o.Alias, o.Index.key(), fts, fts), []any{q}
}

// phrase quotes text as one FTS5 string (a double quote is doubled).
func phrase(text string) string {
	return `"` + strings.ReplaceAll(text, `"`, `""`) + `"`
}

// escapeLike makes % and _ in user text match literally (httpx.EscapeLike,
// which imports this package).
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Migration is the migration that creates indexes (a domain's keyword boxes).
func Migration(version int64, name string, indexes ...Index) db.Migration {
	return db.Migration{Version: version, Name: name, Up: func(ctx context.Context, tx bun.Tx) error {
		for _, ix := range indexes {
			if err := Create(ctx, tx, ix); err != nil {
				return err
			}
		}
		return nil
	}}
}
