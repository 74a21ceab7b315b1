package db

import (
	"context"
	"database/sql/driver"
	"fmt"
	"log/slog"
	"strings"

	"github.com/uptrace/bun"
	"modernc.org/sqlite"

	"zhdj/internal/platform/zh"
)

// zh_key(text) is zh.SortKey inside SQLite, for every connection this
// program opens: the triggers of ZhSortKey call it on each write.
func init() {
	err := sqlite.RegisterDeterministicScalarFunction(zh.KeyFunc, 1,
		func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch v := args[0].(type) {
			case string:
				return zh.SortKey(v), nil
			case []byte:
				return zh.SortKey(string(v)), nil
			case nil:
				return nil, nil
			}
			return nil, fmt.Errorf("%s: text expected, got %T", zh.KeyFunc, args[0])
		})
	if err != nil {
		panic(err)
	}
}

// ZhSortKey makes the Chinese name column of table sortable by pinyin (a
// list sorts by zh.Name("x.column")). On SQLite it adds the sort-key column
// (zh.KeyColumn: _column_py), kept by triggers on every insert and on every
// update of column, fills it for the rows there are, and creates the
// indexes given (lists of columns naming column, which the index takes as
// its sort key). On PostgreSQL it creates the zh collation when missing
// and the same indexes on column COLLATE zh.
func ZhSortKey(ctx context.Context, tx bun.Tx, table, column string, indexes ...[]string) error {
	key := zh.KeyColumn(column)
	sortBy := key
	var statements []string
	if IsPostgres(tx) {
		if err := zhCollation(ctx, tx); err != nil {
			return err
		}
		sortBy = column + " COLLATE " + zh.Collation
	} else {
		set := fmt.Sprintf("UPDATE %s SET %s = %s(NEW.%s) WHERE rowid = NEW.rowid", table, key, zh.KeyFunc, column)
		statements = append(statements,
			fmt.Sprintf("ALTER TABLE %s ADD COLUMN %s TEXT NOT NULL DEFAULT ''", table, key),
			fmt.Sprintf("UPDATE %s SET %s = COALESCE(%s(%s), '')", table, key, zh.KeyFunc, column),
			fmt.Sprintf("CREATE TRIGGER trg_%s_%s_ins AFTER INSERT ON %s BEGIN %s; END", table, key, table, set),
			fmt.Sprintf("CREATE TRIGGER trg_%s_%s_upd AFTER UPDATE OF %s ON %s BEGIN %s; END", table, key, column, table, set))
	}
	for _, cols := range indexes {
		terms := make([]string, len(cols))
		for i, c := range cols {
			terms[i] = c
			if c == column {
				terms[i] = sortBy
			}
		}
		statements = append(statements, fmt.Sprintf("CREATE INDEX idx_%s_%s_zh ON %s(%s)", table, strings.Join(cols, "_"), table, strings.Join(terms, ", ")))
	}
	return DDL(ctx, tx, statements...)
}

// zhCollation creates the ICU collation zh (pinyin order). A server built
// without ICU gets a zh that is a copy of "C" (code point order), so the
// lists still work, and the log says why names do not sort by pinyin.
func zhCollation(ctx context.Context, tx bun.Tx) error {
	var icu int
	if err := tx.NewRaw("SELECT COUNT(*) FROM pg_collation WHERE collprovider = 'i'").Scan(ctx, &icu); err != nil {
		return err
	}
	if icu > 0 {
		_, err := tx.ExecContext(ctx, "CREATE COLLATION IF NOT EXISTS "+zh.Collation+" (provider = icu, locale = 'zh')")
		return err
	}
	slog.Warn("PostgreSQL was built without ICU: Chinese names sort by code point, not by pinyin (collation zh copies \"C\")")
	_, err := tx.ExecContext(ctx, "CREATE COLLATION IF NOT EXISTS "+zh.Collation+` FROM "C"`)
	return err
}
