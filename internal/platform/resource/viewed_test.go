package resource_test

import (
	"context"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

// noteInput is a body of its own: the text in upper or lower case.
type noteInput struct {
	ID    int64  `json:"id"`
	Words string `json:"words"`
}

// noteOut is a view of its own, which may show the text in clear.
type noteOut struct {
	ID   int64  `json:"id"`
	Text string `json:"text"`
}

// A resource whose body and view are types of their own converts a body
// into the record, the record into the body an update merges onto, and the
// row into the view (masked unless asked in clear).
func TestViewedRecord(t *testing.T) {
	t.Parallel()
	database := sampleDB(t)
	res := &resource.Viewed[note, noteView, noteInput, noteOut]{DB: database, Noun: "便签",
		Scope: func(context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
			return func(q *bun.SelectQuery) *bun.SelectQuery { return q }, nil
		},
		Spec:   httpx.ListSpec{DefaultSort: "n.id", Key: "n.id"},
		Record: func(v *noteView) *note { return &v.note },
		Check: func(_ context.Context, in noteInput, cur *noteView) (note, error) {
			n := note{Owner: 1, Text: strings.ToLower(in.Words)}
			if cur != nil {
				n.Owner = cur.Owner
			}
			return n, nil
		},
		Input: func(v *noteView) noteInput { return noteInput{ID: v.ID, Words: strings.ToUpper(v.Text)} },
		IDOf:  func(in *noteInput) int64 { return in.ID },
		View: func(v *noteView, _ audit.Labeller, clear bool) noteOut {
			if !clear {
				return noteOut{ID: v.ID, Text: "***"}
			}
			return noteOut{ID: v.ID, Text: v.Text}
		},
	}
	ctx := context.Background()
	a, err := res.Create(ctx, noteInput{Words: "AB"})
	if err != nil || a.ID == 0 || a.Text != "***" {
		t.Fatalf("create: %+v %v", a, err)
	}
	in, err := res.Current(ctx, a.ID)
	if err != nil || in != (noteInput{ID: a.ID, Words: "AB"}) {
		t.Fatalf("current: %+v %v", in, err)
	}
	in.Words = "CD"
	if _, err := res.Update(ctx, in); err != nil {
		t.Fatal(err)
	}
	row, err := res.Find(ctx, a.ID)
	if err != nil || row.Text != "cd" {
		t.Fatalf("find: %+v %v", row, err)
	}
	if page, err := res.List(ctx, httpx.ListQuery{Page: httpx.Page{Size: 10}}); err != nil || page.TotalElements != 1 || page.Content[0].Text != "***" {
		t.Fatalf("list: %+v %v", page, err)
	}
}
