package httpx

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// PagedKeys answers what Paged answers, page by page, narrowed or not, with
// a total read (Total) only when nothing narrows the list; a page past
// the end still has its total.
func TestPagedKeysAnswersAsPaged(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, []db.Migration{listRowsMigration})
	ctx := context.Background()
	for _, name := range []string{"甲一", "乙一", "甲二", "丙", "甲三", "丁"} {
		if _, err := database.NewInsert().Model(&listRow{Name: name}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	keys := func() *bun.SelectQuery { return database.NewSelect().TableExpr("list_row AS r").Column("r.id") }
	spec := ListSpec{Filters: map[string]Filter{"name": {Columns: []string{"r.name"}, Match: Like}},
		Sorts: map[string]string{"name": "r.name"}, DefaultSort: "r.id DESC", Key: "r.id"}
	read := func() ListSpec { s := spec; s.Total = func(context.Context) (int, error) { return 600, nil }; return s }()
	for _, c := range []struct {
		filters   map[string]any
		sorts     []string
		wantTotal int
	}{
		{nil, nil, 600}, // nothing narrows: the total is read
		{map[string]any{"name": " "}, []string{"name,asc"}, 600},
		{map[string]any{"name": "甲"}, nil, 3},
		{map[string]any{"name": "甲"}, []string{"name,desc"}, 3},
		{map[string]any{"name": "无"}, nil, 0},
	} {
		for page := range 3 {
			lq := ListQuery{Page: Page{Page: page, Size: 2, Sorts: c.sorts}, Filters: c.filters}
			got, err := PagedKeys(ctx, keys(), read, lq)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Paged[int64](ctx, keys(), spec, lq)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Content, want.Content) {
				t.Errorf("%v %v page %d: %v, Paged %v", c.filters, c.sorts, page, got.Content, want.Content)
			}
			if got.TotalElements != c.wantTotal {
				t.Errorf("%v page %d: total %d, want %d", c.filters, page, got.TotalElements, c.wantTotal)
			}
		}
	}
	if _, err := PagedKeys(ctx, keys(), spec, ListQuery{Page: Page{Size: 2}, Filters: map[string]any{"other": "x"}}); err == nil {
		t.Fatal("an unknown filter was accepted")
	}
	failing := spec
	failing.Total = func(context.Context) (int, error) { return 0, errors.New("tally gone") }
	if _, err := PagedKeys(ctx, keys(), failing, ListQuery{Page: Page{Size: 2}}); err == nil {
		t.Fatal("a total that failed answered a page")
	}
}
