package httpx

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// groupRow is a grouped row read by PagedOnce.
type groupRow struct {
	Name  string `bun:"name"`
	Count int    `bun:"n"`
	InAll
}

// TestPagedOnceCountsFromThePageItself reads a grouped select a page at a
// time: the total is the number of groups left by the filters on every
// page, the pages follow the order, and a page past the end still answers
// the total (counted again, as no row carries it).
func TestPagedOnceCountsFromThePageItself(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, []db.Migration{listRowsMigration})
	ctx := context.Background()
	for _, name := range []string{"甲", "甲", "乙", "丙", "丙", "丙", "丁", "戊"} {
		if _, err := database.NewInsert().Model(&listRow{Name: name}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	grouped := database.NewSelect().TableExpr("(?) AS g",
		database.NewSelect().Model((*listRow)(nil)).ColumnExpr("r.name, COUNT(*) AS n").GroupExpr("r.name")).ColumnExpr("g.*")
	spec := ListSpec{
		Filters:     map[string]Filter{"several": {Kind: Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) { return q.Where("g.n > 1"), nil }}},
		Sorts:       map[string]string{"n": "g.n"},
		DefaultSort: "g.n DESC, g.name",
	}
	read := func(page, size int, filters map[string]any) ([]string, int) {
		t.Helper()
		res, err := PagedOnce(ctx, grouped.Clone(), spec, ListQuery{Page: Page{Page: page, Size: size}, Filters: filters}, func(r *groupRow) {})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, r := range res.Content {
			names = append(names, r.Name)
		}
		return names, res.TotalElements
	}
	if names, total := read(0, 2, nil); total != 5 || len(names) != 2 || names[0] != "丙" || names[1] != "甲" {
		t.Fatalf("first page %v of %d, want [丙 甲] of 5", names, total)
	}
	if names, total := read(2, 2, nil); total != 5 || len(names) != 1 {
		t.Fatalf("last page %v of %d, want one of 5", names, total)
	}
	if names, total := read(5, 2, nil); total != 5 || len(names) != 0 {
		t.Fatalf("past the end %v of %d, want none of 5", names, total)
	}
	if names, total := read(0, 10, map[string]any{"several": true}); total != 2 || len(names) != 2 {
		t.Fatalf("filtered %v of %d, want 2 of 2", names, total)
	}
	if _, err := PagedOnce(ctx, grouped.Clone(), spec, ListQuery{Page: Page{Size: 10}, Filters: map[string]any{"name": "x"}},
		func(*groupRow) {}); err == nil {
		t.Fatal("an unknown filter was accepted")
	}
}
