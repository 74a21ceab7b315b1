package imports_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/rbac"
)

// failingKind commits like the kind it wraps, then breaks a unique
// constraint inside the same transaction, as a write the validation could
// not foresee would.
type failingKind struct{ imports.Kind }

func (k failingKind) Commit(ctx context.Context, tx bun.Tx, p *rbac.Principal, b *imports.Batch, rows []*imports.Row) error {
	if err := k.Kind.Commit(ctx, tx, p, b, rows); err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err := tx.ExecContext(ctx, "INSERT INTO dzz (code, name, type, committee, path, created_at, updated_at) VALUES ('B1', 'x', '5', '[]', '', ?, ?)", now, now)
	return err
}

// A failure in the middle of the commit writes nothing: no member, no
// trail entry, and the batch stays COLLECT_END with its counts.
func TestFailedCommitWritesNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	b := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader,
		memberRow("甲", idNumber("19900101", 1), "B1"),
		memberRow("乙", idNumber("19900102", 2), "B2"),
	})
	trail := w.count(t, "change_trail", "")
	var adminID int64
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'admin'").Scan(t.Context(), &adminID); err != nil {
		t.Fatal(err)
	}
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: adminID, Username: "admin", Perms: map[string]bool{rbac.Admin: true}})
	_, err := w.e.App.Imports.Commit(ctx, failingKind{w.e.App.Members.ImportKind()}, b.ID, imports.CommitInput{})
	if err == nil || !db.IsUniqueViolation(errors.Unwrap(err)) && !db.IsUniqueViolation(err) {
		t.Fatalf("commit error %v", err)
	}
	if w.count(t, "dyjbxx", "") != 0 || w.count(t, "change_trail", "") != trail {
		t.Fatal("a failed commit wrote live data")
	}
	got := w.batch(t, b.ID)
	if got.State != imports.StateCollectEnd || got.NewCount != 2 || got.CommittedAt != nil {
		t.Fatalf("batch after the failure %+v", got)
	}
	// The batch can still be committed once the cause is gone.
	ok, err := w.e.App.Imports.Commit(ctx, w.e.App.Members.ImportKind(), b.ID, imports.CommitInput{})
	if err != nil || ok.State != imports.StateImportEnd || w.count(t, "dyjbxx", "") != 2 {
		t.Fatalf("retry: %+v %v", ok, err)
	}
}

// A member changed by someone else between validation and commit turns
// the row's status over at the commit's revalidation: the commit refuses
// when that makes a row invalid.
func TestCommitRevalidates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	b := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader, memberRow("甲", idNumber("19900101", 1), "B1")})
	// The organisation is revoked meanwhile (directly: it has no members).
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("status = '2'").Where("id = ?", w.b1).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	res := w.e.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", b.ID), w.e.AdminTK, nil)
	if res.Status != 400 || res.Message() != "仍有 1 行数据有误，请修正后再导入，或勾选跳过错误行" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	if got := w.batch(t, b.ID); got.State != imports.StateCollectEnd || got.InvalidCount != 1 || w.count(t, "dyjbxx", "") != 0 {
		t.Fatalf("batch %+v", got)
	}
	r := w.rows(t, dy, w.e.AdminTK, b.ID, "invalid")
	if len(r) != 1 || errorsOf(r[0])["org"] != "所选党组织“计算机教工党支部”已撤销" {
		t.Fatalf("rows %+v", r)
	}
}

func (w *world) batch(t testing.TB, id int64) imports.Batch {
	t.Helper()
	var b imports.Batch
	if err := w.e.DB.NewSelect().Model(&b).Where("id = ?", id).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return b
}
