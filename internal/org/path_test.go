package org_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// A subtree is one LIKE on the materialised path, and the index serves it
// on both databases (SQLite: NOCASE column; PostgreSQL: C collation).
func TestSubtreeLikeUsesThePathIndex(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	ctx := context.Background()
	var plan []string
	err := e.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		q := "SELECT id FROM dzz WHERE path LIKE '/" + strconv.FormatInt(tr.U, 10) + "/%'"
		if db.IsPostgres(tx) {
			if _, err := tx.ExecContext(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
			return tx.NewRaw("EXPLAIN "+q).Scan(ctx, &plan)
		}
		rows, err := tx.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, parent, notused int
			var detail string
			if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
				return err
			}
			plan = append(plan, detail)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	// A range search on the index (SQLite "SEARCH … USING … INDEX idx_dzz_path
	// (path>? AND path<?)", PostgreSQL "Index Scan using idx_dzz_path … Index Cond"),
	// not a scan of the table or of the whole index.
	p := strings.Join(plan, "\n")
	if !strings.Contains(p, "idx_dzz_path") || !(strings.Contains(p, "SEARCH") || strings.Contains(p, "Index Cond")) {
		t.Fatalf("plan does not search idx_dzz_path:\n%s", p)
	}
}
