package db

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"time"
)

// A shared run (TestShareEnv) keeps its PostgreSQL test databases on the
// server between test binaries, named so that any binary of the run finds them:
//
//	zhdj_tmpl_<run>_<key>          the migrated template of one migration list
//	zhdj_build_<run>_<key>_<rand>  a template being migrated, renamed when done
//	zhdj_free_<run>_<key>_<rand>   a reset database waiting for the next test
//
// Without it every test binary (53 of them) cloned its own template and a pool
// of up to -parallel databases and dropped them all when it ended: about 200
// DROP DATABASE a run, and on PostgreSQL 15 each one forces a checkpoint that
// writes every other test database's dirty pages (2.7 GB written in 233
// checkpoints in one run of the Go suite). A database is claimed by renaming
// it, which succeeds for one session only, so binaries running at once never
// take the same one.

var shareIDPattern = regexp.MustCompile(`^[a-z0-9]{1,16}$`)

// shareID is the run's id, or "" when the binary runs alone (or the id is not
// a short lower-case name, which the database names could not carry).
func shareID() string {
	id := os.Getenv(TestShareEnv)
	if !shareIDPattern.MatchString(id) {
		return ""
	}
	return id
}

// sharedTemplate is the run's template of this migration list: the one a
// binary of the run already made, or one made now under a build name and
// renamed when migrated, so that no binary ever clones a half-migrated one.
// When two binaries build at once, the first rename wins and the other drops
// its copy.
func sharedTemplate(ctx context.Context, server, key string, migrations []Migration) (string, error) {
	name := fmt.Sprintf("zhdj_tmpl_%s_%s", shareID(), key)
	admin, err := Open(ctx, server)
	if err != nil {
		return "", fmt.Errorf("%s=%s: %w", TestDSNEnv, server, err)
	}
	defer admin.Close()
	exists := func() bool {
		var n int
		err := admin.NewRaw("SELECT count(*) FROM pg_database WHERE datname = ?", name).Scan(ctx, &n)
		return err == nil && n == 1
	}
	if exists() {
		return name, nil
	}
	build, err := makeTemplate(ctx, server, fmt.Sprintf("zhdj_build_%s_%s_%s", shareID(), key, randomSuffix()), migrations)
	if err != nil {
		return "", err
	}
	if _, err := admin.ExecContext(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", build, name)); err != nil {
		admin.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", build)) //nolint:errcheck
		if exists() {
			return name, nil
		}
		return "", fmt.Errorf("publish the test template %s: %w", name, err)
	}
	return name, nil
}

// serverPool is a shared run's pool of reset databases of one template.
type serverPool struct {
	server string
	prefix string // zhdj_free_<run>_<key>_
}

// take claims a free database for a test and answers its new name, or ""
// when none is free.
func (p *serverPool) take() string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := Open(ctx, p.server)
	if err != nil {
		return ""
	}
	defer admin.Close()
	var free []string
	if err := admin.NewRaw("SELECT datname FROM pg_database WHERE starts_with(datname, ?) ORDER BY datname", p.prefix).Scan(ctx, &free); err != nil {
		return ""
	}
	for _, name := range free {
		// The run's id in the claimed name: a binary killed mid-test leaves a database the run's cleanup drops.
		mine := fmt.Sprintf("zhdj_t_%s_%s", shareID(), randomSuffix())
		// Another binary may have claimed it since the list: then the rename fails and the next one is tried.
		if _, err := admin.ExecContext(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", name, mine)); err == nil {
			return mine
		}
	}
	return ""
}

// put offers a reset database to the run; false when it could not be renamed
// (the caller drops it). PostgreSQL waits up to 5 s for the reset's own session
// to end before it renames.
func (p *serverPool) put(name string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := Open(ctx, p.server)
	if err != nil {
		return false
	}
	defer admin.Close()
	_, err = admin.ExecContext(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", name, p.prefix+randomSuffix()))
	return err == nil
}
