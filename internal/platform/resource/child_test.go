package resource_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

// line is a sample child row kept under a note.
type line struct {
	bun.BaseModel `bun:"table:sample_note_line,alias:nl"`
	resource.Base
	NoteID int64  `bun:"note_id" json:"noteId"`
	Text   string `bun:"text" json:"text"`
}

// Child rows are listed and written only through a parent of the caller's
// scope, checked, kept under their own parent, and deleted all or none.
func TestChildRowsLiveUnderTheirParent(t *testing.T) {
	t.Parallel()
	res, database := notes(t)
	mine := context.WithValue(context.Background(), ownerKey{}, int64(1))
	theirs := context.WithValue(context.Background(), ownerKey{}, int64(2))
	lines := resource.Child[noteView, line]{DB: database, Noun: "明细", Column: "note_id", Order: "id",
		Parent: res.FindIn, NoParent: func() *httpx.Error { return httpx.NotFound("便签不存在") },
		Parts: func(l *line) (*resource.Base, *int64) { return &l.Base, &l.NoteID },
		Check: func(_ context.Context, _ *noteView, in *line) error {
			if in.Text == "" {
				return httpx.Invalid("text", "请输入内容")
			}
			return nil
		},
		Now: func() time.Time { return time.Now().UTC() }}
	a, err := res.Create(mine, note{Text: "甲"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := res.Create(mine, note{Text: "乙"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lines.Create(mine, a.ID, line{}); status(err) != 400 {
		t.Fatalf("an empty line: %v, want 400", err)
	}
	l, err := lines.Create(mine, a.ID, line{NoteID: b.ID, Text: "一"})
	if err != nil || l.ID == 0 || l.NoteID != a.ID || l.CreatedAt.IsZero() {
		t.Fatalf("create: %+v, %v; want a line of note %d", l, err, a.ID)
	}
	if _, err := lines.List(theirs, a.ID, httpx.ListQuery{}); status(err) != 404 {
		t.Fatalf("list outside the scope: %v, want 404", err)
	}
	if _, err := lines.Create(theirs, a.ID, line{Text: "二"}); status(err) != 404 {
		t.Fatalf("create outside the scope: %v, want 404", err)
	}
	l.Text = "改"
	if _, err := lines.Update(mine, b.ID, l); status(err) != 404 {
		t.Fatalf("update through another note: %v, want 404", err)
	}
	changed, err := lines.Update(mine, a.ID, l)
	if err != nil || changed.Text != "改" || !changed.CreatedAt.Equal(l.CreatedAt) {
		t.Fatalf("update: %+v, %v; want the text changed and the creation time kept", changed, err)
	}
	if err := lines.Delete(mine, a.ID, []int64{l.ID, l.ID + 100}); status(err) != 404 {
		t.Fatalf("delete with a missing id: %v, want 404", err)
	}
	if list, err := lines.List(mine, a.ID, httpx.ListQuery{}); err != nil || len(list) != 1 {
		t.Fatalf("after a refused delete: %v, %v; want the line kept", list, err)
	}
	if err := lines.Delete(mine, a.ID, []int64{l.ID}); err != nil {
		t.Fatal(err)
	}
	if list, err := lines.List(mine, a.ID, httpx.ListQuery{}); err != nil || len(list) != 0 {
		t.Fatalf("after the delete: %v, %v; want none", list, err)
	}
}

// Saved sees every write inside its transaction (before and after), and
// its error undoes the write; Shown turns the rows the list and the writes
// answer.
func TestChildSavedAndShown(t *testing.T) {
	t.Parallel()
	res, database := notes(t)
	mine := context.WithValue(context.Background(), ownerKey{}, int64(1))
	var seen []string
	lines := resource.Child[noteView, line]{DB: database, Noun: "明细", Column: "note_id", Order: "id",
		Parent: res.FindIn, NoParent: func() *httpx.Error { return httpx.NotFound("便签不存在") },
		Parts: func(l *line) (*resource.Base, *int64) { return &l.Base, &l.NoteID },
		Check: func(context.Context, *noteView, *line) error { return nil },
		Saved: func(_ context.Context, _ bun.IDB, _ int64, before, after *line) error {
			b, a := "-", "-"
			if before != nil {
				b = before.Text
			}
			if after != nil {
				a = after.Text
			}
			seen = append(seen, b+">"+a)
			if a == "拒" {
				return httpx.BadRequest("拒绝")
			}
			return nil
		},
		Shown: func(rows []line) {
			for i := range rows {
				rows[i].Text = "[" + rows[i].Text + "]"
			}
		},
		Now: func() time.Time { return time.Now().UTC() }}
	n, err := res.Create(mine, note{Text: "甲"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := lines.Create(mine, n.ID, line{Text: "一"})
	if err != nil || l.Text != "[一]" {
		t.Fatalf("create: %+v, %v", l, err)
	}
	l.Text = "拒"
	if _, err := lines.Update(mine, n.ID, l); status(err) != 400 {
		t.Fatalf("refused by Saved: %v, want 400", err)
	}
	if list, _ := lines.List(mine, n.ID, httpx.ListQuery{}); len(list) != 1 || list[0].Text != "[一]" {
		t.Fatalf("after the refused update: %+v; want the row as it was", list)
	}
	if err := lines.Delete(mine, n.ID, []int64{l.ID}); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(seen); got != "[->一 一>拒 一>-]" {
		t.Fatalf("saved %s", got)
	}
}
