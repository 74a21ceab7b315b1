package resource_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// note is a sample record kept per owner; the caller's scope is one owner.
type note struct {
	bun.BaseModel `bun:"table:sample_note,alias:n"`
	resource.Base
	Owner int64  `bun:"owner" json:"owner"`
	Text  string `bun:"text" json:"text"`
}

type noteView struct {
	note  `bun:",extend"`
	Shown string `bun:"-" json:"shown"`
}

type ownerKey struct{}

// ownedOn is the caller's scope (one owner, ownerScope) over an owner column.
func ownedOn(column string) record.Restriction {
	return record.ScopeOn(func(ctx context.Context) (ownerScope, error) { return ownerScope{ctx.Value(ownerKey{}).(int64)}, nil }, column)
}

func notes(t *testing.T) (*resource.Resource[note, noteView], *bun.DB) {
	database := sampleDB(t)
	res := &resource.Resource[note, noteView]{DB: database, Noun: "便签",
		Scope: ownedOn("n.owner"), AnchorScope: ownedOn, Anchor: "owner", TrailName: "n.text",
		Spec:   httpx.ListSpec{DefaultSort: "n.id", Key: "n.id"},
		Record: func(v *noteView) *note { return &v.note },
		Show:   func(v *noteView, _ audit.Labeller) { v.Shown = "«" + v.Text + "»" },
		Check: func(ctx context.Context, in note, _ *noteView) (note, error) {
			if in.Text == "" {
				return in, httpx.Invalid("text", "请输入内容")
			}
			in.Owner = ctx.Value(ownerKey{}).(int64)
			return in, nil
		},
		Trail: &record.Decl{Module: 98, Noun: "便签", Fields: []record.Field{record.Text("text", "内容")}},
		TrailView: func(_ context.Context, _ bun.IDB, n *note) (map[string]string, error) {
			return map[string]string{"text": n.Text}, nil
		},
	}
	return res, database
}

// sampleDB is a database with the sample tables of the tests (one set of
// migrations per test binary: PostgreSQL clones one template).
func sampleDB(t *testing.T) *bun.DB {
	return db.NewTest(t, append(audit.Migrations(), db.Migration{Version: 1, Name: "sample", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE sample_note (id {{pk}}, owner BIGINT NOT NULL, text VARCHAR(20) NOT NULL,
			created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)`,
			`CREATE TABLE sample_owner (id {{pk}}, name VARCHAR(20) NOT NULL)`, `INSERT INTO sample_owner (name) VALUES ('一支部')`)
	}}, db.Migration{Version: 2, Name: "sample child", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE sample_note_line (id {{pk}}, note_id BIGINT NOT NULL REFERENCES sample_note(id),
			text VARCHAR(20) NOT NULL, created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)`)
	}}))
}

func status(err error) int {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Status
	}
	return 0
}

// A record is written with its trail, seen and changed only within its
// owner's scope, locked against a change made meanwhile, restored from its
// trail, and deleted all or nothing.
func TestScopedRecord(t *testing.T) {
	t.Parallel()
	res, database := notes(t)
	mine := context.WithValue(context.Background(), ownerKey{}, int64(1))
	theirs := context.WithValue(context.Background(), ownerKey{}, int64(2))
	if _, err := res.Create(mine, note{}); httpx.FieldOf(err) != "text" {
		t.Fatalf("check: %v", err)
	}
	a, err := res.Create(mine, note{Text: "甲"})
	if err != nil || a.ID == 0 || a.Shown != "«甲»" || a.Owner != 1 {
		t.Fatalf("create: %+v %v", a, err)
	}
	b, _ := res.Create(theirs, note{Text: "乙"})
	if _, err := res.Detail(theirs, a.ID); status(err) != 404 {
		t.Fatalf("out of scope: %v", err)
	}
	if page, err := res.List(mine, httpx.ListQuery{Page: httpx.Page{Size: 10}}); err != nil || page.TotalElements != 1 || page.Content[0].Shown != "«甲»" {
		t.Fatalf("list: %+v %v", page, err)
	}
	// Where keeps the scope under its own conditions and shows the rows.
	all := func(q *bun.SelectQuery) *bun.SelectQuery { return q.OrderExpr("n.id") }
	if rows, err := res.Where(mine, all); err != nil || len(rows) != 1 || rows[0].ID != a.ID || rows[0].Shown != "«甲»" {
		t.Fatalf("where: %+v %v", rows, err)
	}
	if rows, err := res.Where(mine, func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("n.id = ?", b.ID) }); err != nil || rows == nil || len(rows) != 0 {
		t.Fatalf("where out of scope: %+v %v", rows, err)
	}
	cur, _ := res.Current(mine, a.ID)
	cur.Text = "丙"
	if v, err := res.Update(mine, cur); err != nil || v.Text != "丙" || !v.CreatedAt.Equal(a.CreatedAt) {
		t.Fatalf("update: %+v %v", v, err)
	}
	// A form opened before that update sends the version it read: stale.
	cur.Text = "戊"
	if _, err := res.Update(mine, cur); status(err) != 409 {
		t.Fatalf("a stale form: %v", err)
	}
	// A change made between the read and the write makes the update stale
	// (made here in the update's own transaction, where the hook runs).
	cur, _ = res.Current(mine, a.ID)
	res.BeforeUpdate = func(ctx context.Context, tx bun.IDB, cur *noteView, _ *note) error {
		_, err := tx.NewUpdate().Table("sample_note").Set("updated_at = ?", cur.UpdatedAt.Add(1e9)).Where("id = ?", cur.ID).Exec(ctx)
		return err
	}
	cur.Text = "丁"
	if _, err := res.Update(mine, cur); status(err) != 409 {
		t.Fatalf("stale update: %v", err)
	}
	res.BeforeUpdate = nil
	entries, total, err := audit.List(mine, database, 98, a.ID, 10, 0)
	if err != nil || total != 2 || entries[1].Type != audit.TypeAdd {
		t.Fatalf("trail: %d %+v %v", total, entries, err)
	}
	if v, err := res.Restore(mine, record.RestoreInput{TrailID: entries[1].ID}); err != nil || v.Text != "甲" {
		t.Fatalf("restore: %+v %v", v, err)
	}
	if _, err := res.Restore(theirs, record.RestoreInput{TrailID: entries[1].ID}); status(err) != 404 {
		t.Fatalf("restore out of scope: %v", err)
	}
	if err := res.Delete(mine, []int64{a.ID, b.ID}); status(err) != 404 {
		t.Fatalf("delete across scopes: %v", err)
	}
	if err := res.Delete(mine, []int64{a.ID, a.ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := res.Detail(theirs, b.ID); err != nil {
		t.Fatalf("the other owner's record: %v", err)
	}
	// The deleted record left a DELETE entry with its last state, which
	// the trail across the scope shows to its owner only.
	lq := httpx.ListQuery{Page: httpx.Page{Size: 10}, Filters: map[string]any{"type": "3"}}
	page, err := res.Across(mine, lq)
	if err != nil || page.TotalElements != 1 || page.Content[0].RecordID != a.ID || page.Content[0].RecordName != "甲" ||
		len(page.Content[0].Changes) != 1 || page.Content[0].Changes[0].Old != "甲" || page.Content[0].Origin != audit.OriginUserDelete {
		t.Fatalf("the deleted record's trail: %+v %v", page, err)
	}
	if page, err := res.Across(theirs, lq); err != nil || page.TotalElements != 0 {
		t.Fatalf("another scope's trail: %+v %v", page, err)
	}
}

// AfterSave runs in the write's transaction with the record's id set, on a
// create, an update and a restore, not on an update that changes nothing;
// its failure rolls the write back.
func TestAfterSave(t *testing.T) {
	t.Parallel()
	res, _ := notes(t)
	mine := context.WithValue(context.Background(), ownerKey{}, int64(1))
	var saved []string
	res.AfterSave = func(ctx context.Context, tx bun.IDB, n *note) error {
		if n.Text == "坏" {
			return httpx.Invalid("text", "不收")
		}
		// Inside the transaction: the row just written is there.
		var text string
		if err := tx.NewSelect().Table("sample_note").Column("text").Where("id = ?", n.ID).Scan(ctx, &text); err != nil {
			return err
		}
		saved = append(saved, text)
		return nil
	}
	a, err := res.Create(mine, note{Text: "甲"})
	if err != nil {
		t.Fatal(err)
	}
	cur, _ := res.Current(mine, a.ID)
	if _, err := res.Update(mine, cur); err != nil || len(saved) != 1 {
		t.Fatalf("an unchanged update: %v, the hook ran %d times", err, len(saved))
	}
	cur.Text, cur.UpdatedAt = "乙", time.Time{}
	if _, err := res.Update(mine, cur); err != nil {
		t.Fatal(err)
	}
	cur.Text = "坏"
	if _, err := res.Update(mine, cur); httpx.FieldOf(err) != "text" {
		t.Fatalf("failing hook: %v", err)
	}
	if v, _ := res.Detail(mine, a.ID); v.Text != "乙" {
		t.Fatalf("the failed hook's write was kept: %+v", v)
	}
	if len(saved) != 2 || saved[0] != "甲" || saved[1] != "乙" {
		t.Fatalf("hook saw %v", saved)
	}
}
