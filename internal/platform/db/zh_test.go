package db_test

import (
	"context"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// schema is the package's test tables: on PostgreSQL one template per test
// binary holds them all.
var schema = []db.Migration{
	{Version: 1, Name: "names", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE t_named (id {{pk}}, name VARCHAR(50) NOT NULL)`,
			`INSERT INTO t_named (name) VALUES ('张三')`)
	}},
	{Version: 2, Name: "names sort by pinyin", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.ZhSortKey(ctx, tx, "t_named", "name", []string{"name"})
	}},
	{Version: 3, Name: "stamped", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE t_stamped (id {{pk}}, name VARCHAR(50) NOT NULL, {{stamps}})`)
	}},
}

type namedRow struct {
	bun.BaseModel `bun:"table:t_named,alias:t"`
	ID            int64  `bun:"id,pk,autoincrement"`
	Name          string `bun:"name"`
}

// Names sort by pinyin on both databases (ZHDJ_TEST_DB picks which): 张三,
// 李四, 王五 list as 李四, 王五, 张三; the SQLite sort key follows inserts
// (rows there before the migration included) and renames, and a "t.*"
// select still scans into a model without the key column.
func TestNamesSortByPinyin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, schema)
	for _, name := range []string{"王五", "李四", "赵六"} {
		if _, err := database.NewInsert().Model(&namedRow{Name: name}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := database.NewUpdate().Model((*namedRow)(nil)).Set("name = ?", "阿七").Where("name = ?", "赵六").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	spec := httpx.ListSpec{Sorts: map[string]string{"name": zh.Name("t.name")}, DefaultSort: zh.Name("t.name") + " DESC, t.id", Key: "t.id"}
	list := func(sorts ...string) []string {
		t.Helper()
		var rows []namedRow
		q := database.NewSelect().Model((*namedRow)(nil)).ColumnExpr("t.*")
		if _, err := httpx.PagedInto(ctx, q, spec, httpx.ListQuery{Page: httpx.Page{Size: 10, Sorts: sorts}}, &rows); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, r := range rows {
			names = append(names, r.Name)
		}
		return names
	}
	if got, want := list("name,asc"), []string{"阿七", "李四", "王五", "张三"}; !slices.Equal(got, want) {
		t.Errorf("sort=name,asc: %v, want %v", got, want)
	}
	if got, want := list(), []string{"张三", "王五", "李四", "阿七"}; !slices.Equal(got, want) {
		t.Errorf("default (name DESC): %v, want %v", got, want)
	}
}
