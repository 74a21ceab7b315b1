package db

import "github.com/uptrace/bun"

// Uncoerced is column as a hot comparison with literals should read it.
// On SQLite a DATE or TIMESTAMP column has NUMERIC affinity, so comparing
// it with a date literal first tries to read the literal as a number, for
// every row and every comparison; the unary + drops the column's affinity
// and the stored ISO text is compared as it is (it sorts as the dates do).
// At 200,000 members that conversion was half the cost of 党内统计's age
// columns (docs/performance.md, issue 30). The + also keeps SQLite from
// using an index on the column, which suits a condition that holds for
// nearly every row. PostgreSQL compares typed values: column unchanged.
func Uncoerced(idb bun.IDB, column string) string {
	if IsPostgres(idb) {
		return column
	}
	return "+" + column
}
