package db

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"
)

// TestDSNEnv names the database kind the tests run on: unset or "sqlite" for a
// SQLite file per test, or a postgres:// URL of a server where the tests may
// create and drop databases.
const TestDSNEnv = "ZHDJ_TEST_DB"

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// NewTest gives the test a fresh, migrated database of the kind ZHDJ_TEST_DB
// names, removed when the test ends. On PostgreSQL every test gets its own
// database cloned from a template migrated once per test binary.
func NewTest(t testing.TB, migrations []Migration) *bun.DB {
	t.Helper()
	ctx := context.Background()
	server := os.Getenv(TestDSNEnv)
	if server == "" || server == "sqlite" {
		db, err := Open(ctx, filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if _, err := Migrate(ctx, db, migrations); err != nil {
			t.Fatal(err)
		}
		return db
	}
	templateOnce.Do(func() { templateName, templateErr = makeTemplate(ctx, server, migrations) })
	if templateErr != nil {
		t.Fatal(templateErr)
	}
	admin, err := Open(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := "zhdj_t_" + randomSuffix()
	if _, err := admin.ExecContext(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, templateName)); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, withDatabase(server, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Close()
		if a, err := Open(context.Background(), server); err == nil {
			a.ExecContext(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)) //nolint:errcheck
			a.Close()
		}
	})
	return db
}

// TestMain wraps a test package's m.Run so the PostgreSQL template created for
// it is dropped afterwards. Use it as: func TestMain(m *testing.M) { db.TestMain(m) }.
func TestMain(m *testing.M) {
	code := m.Run()
	if templateName != "" {
		if a, err := Open(context.Background(), os.Getenv(TestDSNEnv)); err == nil {
			a.ExecContext(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", templateName)) //nolint:errcheck
			a.Close()
		}
	}
	os.Exit(code)
}

func makeTemplate(ctx context.Context, server string, migrations []Migration) (string, error) {
	admin, err := Open(ctx, server)
	if err != nil {
		return "", fmt.Errorf("%s=%s: %w", TestDSNEnv, server, err)
	}
	defer admin.Close()
	name := "zhdj_tmpl_" + randomSuffix()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	db, err := Open(ctx, withDatabase(server, name))
	if err == nil {
		_, err = Migrate(ctx, db, migrations)
		db.Close()
	}
	if err != nil {
		admin.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)) //nolint:errcheck
		return "", err
	}
	return name, nil
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
