package db

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/uptrace/bun"
)

// TestDSNEnv names the database kind the tests run on: unset or "sqlite" for a
// SQLite file per test, or a postgres:// URL of a server where the tests may
// create and drop databases.
const TestDSNEnv = "ZHDJ_TEST_DB"

// TestShareEnv names a run of several test binaries against one PostgreSQL
// server (make test-go sets it to a fresh id per run): the binaries of one run
// share their templates and their pool of reset databases, which outlive each
// binary and are dropped by the run at its end (make test-go). Unset, each binary keeps its own and
// drops them when it ends. A run's binaries are built from one source tree,
// so one migration list means one schema across them.
const TestShareEnv = "ZHDJ_TEST_SHARE"

// template is one migration list migrated once per test binary: on SQLite the
// bytes of the checkpointed file (kept in memory, so nothing is left on disk
// when a package has no TestMain), on PostgreSQL the name of a database that
// every test clones.
type template struct {
	once  sync.Once
	data  []byte
	name  string
	err   error
	ready bool
	// free are PostgreSQL test databases that ended clean and were reset to the
	// template's rows (see pgReset): the next test takes one instead of cloning.
	// In a shared run the pool is on the server instead (serverPool).
	free []string
	// key identifies the migration list in the names of a shared run's databases.
	key string
}

var (
	templatesMu sync.Mutex
	templates   = map[string]*template{} // by migrationsKey
	// pooling is set while TestMain runs the tests: it drops the pooled
	// databases at the end, so only then may a test's database outlive it.
	pooling atomic.Bool
)

// NewTest gives the test a fresh, migrated database of the kind ZHDJ_TEST_DB
// names, removed when the test ends. The migrations run once per test binary
// (and per distinct migration list): on SQLite every test gets a copy of the
// migrated file, on PostgreSQL its own database cloned from the migrated one.
func NewTest(t testing.TB, migrations []Migration) *bun.DB {
	t.Helper()
	ctx := context.Background()
	server := os.Getenv(TestDSNEnv)
	tmpl := templateFor(migrations)
	if server == "" || server == "sqlite" {
		tmpl.once.Do(func() { tmpl.data, tmpl.err = sqliteTemplate(ctx, migrations) })
		if tmpl.err != nil {
			t.Fatal(tmpl.err)
		}
		path := filepath.Join(t.TempDir(), "test.db")
		// 0600 like every database file Open creates (TestSQLiteFilesArePrivate).
		if err := os.WriteFile(path, tmpl.data, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	tmpl.once.Do(func() {
		if tmpl.key != "" {
			tmpl.name, tmpl.err = sharedTemplate(ctx, server, tmpl.key, migrations)
		} else {
			tmpl.name, tmpl.err = makeTemplate(ctx, server, "zhdj_tmpl_"+randomSuffix(), migrations)
		}
		templatesMu.Lock()
		tmpl.ready = tmpl.err == nil
		templatesMu.Unlock()
	})
	if tmpl.err != nil {
		t.Fatal(tmpl.err)
	}
	pool := poolOf(server, tmpl)
	var name string
	if pool != nil {
		name = pool.take()
	}
	if name == "" {
		admin, err := Open(ctx, server)
		if err != nil {
			t.Fatal(err)
		}
		name = "zhdj_t_" + randomSuffix()
		// The default strategy (WAL_LOG on PostgreSQL 15) on purpose: FILE_COPY
		// checkpoints twice per clone and took 4.6–16 s against WAL_LOG's
		// 0.5–1.3 s for this 7.5 MB template on a loaded machine.
		_, err = admin.ExecContext(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, tmpl.name))
		admin.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	dsn := testSession(withDatabase(server, name))
	db, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Close()
		// A database whose test changed only rows goes back to the pool, reset;
		// one whose schema changed (or that could not be reset) is dropped.
		if pool != nil && pgReset(dsn) && pool.put(name) {
			return
		}
		dropDatabase(server, name)
	})
	return db
}

// testPool holds reset test databases of one template for the next test:
// the template itself (one binary) or the server (a shared run).
type testPool interface {
	take() string         // a free database's name, or "" when none is free
	put(name string) bool // false when it could not be kept (the caller drops it)
}

// poolOf is where this template's reset databases wait, or nil when they are
// not kept: only while db.TestMain runs, which drops a binary's own pool at
// the end (a shared run's is dropped by the run).
func poolOf(server string, tmpl *template) testPool {
	switch {
	case !pooling.Load():
		return nil
	case tmpl.key != "":
		return &serverPool{server: server, prefix: fmt.Sprintf("zhdj_free_%s_%s_", shareID(), tmpl.key)}
	default:
		return tmpl
	}
}

// take is a pooled database of this template, or "" when none is free.
func (tmpl *template) take() string {
	templatesMu.Lock()
	defer templatesMu.Unlock()
	if n := len(tmpl.free); n > 0 {
		name := tmpl.free[n-1]
		tmpl.free = tmpl.free[:n-1]
		return name
	}
	return ""
}

func (tmpl *template) put(name string) bool {
	templatesMu.Lock()
	tmpl.free = append(tmpl.free, name)
	templatesMu.Unlock()
	return true
}

// dropDatabase drops a test database. On PostgreSQL 15 every DROP DATABASE
// forces a checkpoint, which writes the dirty pages of every other test's
// database: the reason test databases are reset and reused rather than
// cloned and dropped per test.
func dropDatabase(server, name string) {
	if a, err := Open(context.Background(), server); err == nil {
		a.ExecContext(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)) //nolint:errcheck
		a.Close()
	}
}

// TestMain wraps a test package's m.Run so the PostgreSQL templates created
// for it, and the test databases pooled for reuse, are dropped afterwards.
// Use it as: func TestMain(m *testing.M) { db.TestMain(m) }. Without it a
// test's PostgreSQL database is dropped when the test ends. (SQLite templates
// live in memory and need no cleanup.)
func TestMain(m *testing.M) {
	pooling.Store(true)
	code := m.Run()
	pooling.Store(false)
	templatesMu.Lock()
	var names []string
	for _, tmpl := range templates {
		names = append(names, tmpl.free...)
		tmpl.free = nil
		if tmpl.ready && tmpl.name != "" && tmpl.key == "" {
			names = append(names, tmpl.name)
		}
	}
	templatesMu.Unlock()
	if len(names) > 0 {
		if a, err := Open(context.Background(), os.Getenv(TestDSNEnv)); err == nil {
			for _, name := range names {
				a.ExecContext(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)) //nolint:errcheck
			}
			a.Close()
		}
	}
	os.Exit(code)
}

// templateFor is the template of this migration list: packages that migrate
// different lists (a platform package's sample table beside the audit tables)
// get one each.
func templateFor(migrations []Migration) *template {
	var b strings.Builder
	for _, m := range migrations {
		b.WriteString(strconv.FormatInt(m.Version, 10))
		b.WriteByte(':')
		b.WriteString(m.Name)
		b.WriteByte('\n')
	}
	key := b.String()
	templatesMu.Lock()
	defer templatesMu.Unlock()
	tmpl, ok := templates[key]
	if !ok {
		tmpl = &template{}
		if shareID() != "" {
			sum := sha256.Sum256([]byte(key))
			tmpl.key = hex.EncodeToString(sum[:6])
		}
		templates[key] = tmpl
	}
	return tmpl
}

// sqliteTemplate migrates a SQLite file in a temporary directory, folds the
// WAL back into it and closes it (so the file alone holds every commit), and
// returns its bytes; the directory is removed before it returns.
func sqliteTemplate(ctx context.Context, migrations []Migration) ([]byte, error) {
	dir, err := os.MkdirTemp("", "zhdj-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	db, err := Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if _, err := Migrate(ctx, db, migrations); err != nil {
		db.Close()
		return nil, err
	}
	if _, err := db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("SQLite test template: %d bytes left in the WAL after checkpoint and close", fi.Size())
	}
	return os.ReadFile(path)
}

func makeTemplate(ctx context.Context, server, name string, migrations []Migration) (string, error) {
	admin, err := Open(ctx, server)
	if err != nil {
		return "", fmt.Errorf("%s=%s: %w", TestDSNEnv, server, err)
	}
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	db, err := Open(ctx, testSession(withDatabase(server, name)))
	if err == nil {
		if _, err = Migrate(ctx, db, migrations); err == nil {
			_, err = db.ExecContext(ctx, pgResetSetup)
		}
		db.Close()
	}
	if err != nil {
		admin.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)) //nolint:errcheck
		return "", err
	}
	return name, nil
}

// testSession sets synchronous_commit=off on the test connections only (a
// run-time parameter of the DSN, sent at connect): a commit returns before its
// WAL reaches the disk. A crash could lose the last commits of a database that
// is dropped at the end of the test anyway; the server's settings are untouched.
func testSession(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	q := u.Query()
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}

// withDatabase replaces the database name in a postgres:// URL.
func withDatabase(dsn, name string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	u.Path = "/" + strings.TrimPrefix(name, "/")
	return u.String()
}

func randomSuffix() string {
	b := make([]byte, 6)
	rand.Read(b) //nolint:errcheck // crypto/rand never fails on Linux
	return hex.EncodeToString(b)
}
