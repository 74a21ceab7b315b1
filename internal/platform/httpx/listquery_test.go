package httpx

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

type listRow struct {
	bun.BaseModel `bun:"table:list_row,alias:r"`
	ID            int64      `bun:"id,pk,autoincrement"`
	Name          string     `bun:"name"`
	Born          date.Date  `bun:"born"`
	Seen          *time.Time `bun:"seen"`
}

var listRowsMigration = db.Migration{Version: 1, Name: "list rows", Up: func(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `CREATE TABLE list_row (id {{pk}}, name VARCHAR(20) NOT NULL, born DATE NULL, seen TIMESTAMP NULL)`)
}}

func TestListQueryRangesAndCustomFilters(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, []db.Migration{listRowsMigration})
	ctx := context.Background()
	for _, r := range []listRow{{Name: "甲", Born: "1990-01-01"}, {Name: "乙", Born: "1995-06-30"}, {Name: "丙", Born: "2000-12-31"}, {Name: "丁"}} {
		if _, err := database.NewInsert().Model(&r).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	spec := ListSpec{
		Filters: map[string]Filter{
			"born": {Columns: []string{"r.born"}, Match: Range, Kind: Date},
			// A custom condition: names among the given ones, or the undated.
			"nameOrUndated": {Match: In, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
					return g.Where("r.name IN (?)", bun.In(v.([]any))).WhereOr("r.born IS NULL")
				}), nil
			}},
		},
		DefaultSort: "r.id ASC",
	}
	names := func(filters map[string]any) []string {
		t.Helper()
		page, err := Paged[listRow](ctx, database.NewSelect().Model((*listRow)(nil)), spec, ListQuery{Page: Page{Size: 10}, Filters: filters})
		if err != nil {
			t.Fatalf("%v: %v", filters, err)
		}
		var out []string
		for _, r := range page.Content {
			out = append(out, r.Name)
		}
		if page.TotalElements != len(out) {
			t.Fatalf("total %d for %d rows", page.TotalElements, len(out))
		}
		return out
	}
	cases := []struct {
		filters map[string]any
		want    string
	}{
		{map[string]any{"born": "1990-01-01,1995-06-30"}, "甲乙"}, // both ends inclusive
		{map[string]any{"born": "1995-07-01,"}, "丙"},            // open end
		{map[string]any{"born": []any{"", "1990-01-01"}}, "甲"},  // open start, array form
		{map[string]any{"born": ","}, "甲乙丙丁"},                   // both open: no condition
		{map[string]any{"nameOrUndated": []any{"乙"}}, "乙丁"},
		{map[string]any{"bornFrom": "1995-06-30", "bornTo": "2000-12-31"}, "乙丙"}, // the web's two ends, inclusive
		{map[string]any{"bornTo": "1990-01-01"}, "甲"},
		{map[string]any{"bornFrom": ""}, "甲乙丙丁"},
	}
	for _, c := range cases {
		if got := strings.Join(names(c.filters), ""); got != c.want {
			t.Errorf("%v: got %s, want %s", c.filters, got, c.want)
		}
	}
	if _, err := Paged[listRow](ctx, database.NewSelect().Model((*listRow)(nil)), spec, ListQuery{Page: Page{Size: 10}, Filters: map[string]any{"nameFrom": "甲"}}); err == nil {
		t.Error("nameFrom: only a Range filter takes From/To ends")
	}
	for _, bad := range []any{"1990-01-01", "x,y", []any{"1990-01-01", "2000-01-01", "2001-01-01"}} {
		_, err := Paged[listRow](ctx, database.NewSelect().Model((*listRow)(nil)), spec, ListQuery{Page: Page{Size: 10}, Filters: map[string]any{"born": bad}})
		if err == nil || !strings.Contains(err.Error(), "born") {
			t.Errorf("born=%v: err %v, want a 400 naming the filter", bad, err)
		}
	}
}

// A time range ended by a bare date covers that whole day: the web's date
// pickers send "2026-01-31" for "until 31 January".
func TestTimeRangeEndedByADateCoversTheDay(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, []db.Migration{listRowsMigration})
	ctx := context.Background()
	at := func(s string) *time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04:05", s, time.Local)
		if err != nil {
			t.Fatal(err)
		}
		v = v.UTC()
		return &v
	}
	for _, r := range []listRow{{Name: "早", Seen: at("2026-01-01 00:00:00")}, {Name: "晚", Seen: at("2026-01-31 23:30:00")},
		{Name: "次日", Seen: at("2026-02-01 00:00:00")}} {
		if _, err := database.NewInsert().Model(&r).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	spec := ListSpec{Filters: map[string]Filter{"seen": {Columns: []string{"r.seen"}, Match: Range, Kind: Time}}, DefaultSort: "r.id ASC"}
	for _, c := range []struct {
		filters map[string]any
		want    string
	}{
		{map[string]any{"seenFrom": "2026-01-01", "seenTo": "2026-01-31"}, "早晚"},
		{map[string]any{"seenTo": "2026-01-31 23:59:59"}, "早晚"},
		{map[string]any{"seen": "2026-01-31,2026-02-01"}, "晚次日"},
		{map[string]any{"seenFrom": "2026-02-01"}, "次日"},
	} {
		page, err := Paged[listRow](ctx, database.NewSelect().Model((*listRow)(nil)), spec, ListQuery{Page: Page{Size: 10}, Filters: c.filters})
		if err != nil {
			t.Fatalf("%v: %v", c.filters, err)
		}
		got := ""
		for _, r := range page.Content {
			got += r.Name
		}
		if got != c.want {
			t.Errorf("%v: got %s, want %s", c.filters, got, c.want)
		}
	}
}

func TestReadListQueryReadsTheQueryStringOrTheBody(t *testing.T) {
	t.Parallel()
	get := httptest.NewRequest("GET", "/x?page=2&size=5&sort=name,desc&name=%E7%94%B2", nil)
	lq, err := ReadListQuery(get)
	if err != nil || lq.Page.Page != 2 || lq.Size != 5 || lq.Filter("name") != "甲" || len(lq.Sorts) != 1 {
		t.Fatalf("GET: %+v, %v", lq, err)
	}
	post := httptest.NewRequest("POST", "/x?page=1", strings.NewReader(`{"name":"乙","ids":[1,2]}`))
	post.Header.Set("Content-Type", "application/json")
	lq, err = ReadListQuery(post)
	if err != nil || lq.Page.Page != 1 || lq.Filter("name") != "乙" || lq.Filters["ids"] == nil {
		t.Fatalf("POST: %+v, %v", lq, err)
	}
}

func TestReadListQueryOptionsPickersAndDefaults(t *testing.T) {
	t.Parallel()
	lq, err := ReadListQuery(httptest.NewRequest("GET", "/x?unmask=true&name=a", nil), "unmask")
	if err != nil || lq.Filters["unmask"] != nil || lq.Filter("name") != "a" {
		t.Fatalf("options: %+v, %v", lq, err)
	}
	if lq, err = ReadPickerQuery(httptest.NewRequest("GET", "/x?blurry=b", nil)); err != nil || lq.Size != PickerPageSize || lq.Filter("blurry") != "b" {
		t.Fatalf("picker default size: %+v, %v", lq, err)
	}
	if lq, err = ReadPickerQuery(httptest.NewRequest("GET", "/x?size=7", nil)); err != nil || lq.Size != 7 {
		t.Fatalf("picker size: %+v, %v", lq, err)
	}
	if _, err = ReadPickerQuery(httptest.NewRequest("GET", "/x?size=101", nil)); err == nil || !strings.Contains(err.Error(), "100") {
		t.Fatalf("picker size 101: %v", err)
	}
	asked := ListQuery{Filters: map[string]any{"status": "2", "blank": ""}}
	if got := asked.WithDefault("status", "1").WithDefault("blank", "x"); got.Filter("status") != "2" || got.Filter("blank") != "" {
		t.Fatalf("filters asked for, even empty, are kept: %v", got.Filters)
	}
	got := asked.WithDefault("absent", "y").WithFilter("blank", "x")
	if got.Filter("blank") != "x" || got.Filter("absent") != "y" || asked.Filters["absent"] != nil || asked.Filters["blank"] != "" {
		t.Fatalf("defaults %v (original %v)", got.Filters, asked.Filters)
	}
}
