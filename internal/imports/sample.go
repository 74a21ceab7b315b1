package imports

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/idcard"
)

// maxSampleTries bounds FirstFree's search.
const maxSampleTries = 999

// FirstFree is the first of candidate(1), candidate(2), … that taken does
// not know: the new code or number of a template's sample row, so that the
// sample imports as a new record rather than changing one.
func FirstFree(candidate func(i int) string, taken func(v string) (bool, error)) (string, error) {
	for i := 1; i <= maxSampleTries; i++ {
		v := candidate(i)
		used, err := taken(v)
		if err != nil {
			return "", err
		}
		if !used {
			return v, nil
		}
	}
	return "", fmt.Errorf("no free sample value after %d tries (%s…)", maxSampleTries, candidate(1))
}

// Numbered is a FirstFree candidate: prefix and i on three digits ("T901").
func Numbered(prefix string, from int) func(i int) string {
	return func(i int) string { return fmt.Sprintf("%s%03d", prefix, from+i) }
}

// SampleIDNumber is the i-th ID number (with its check character) of
// someone born on 1990-03-07 in 东城 (110101): the birth date the templates'
// sample rows show.
func SampleIDNumber(i int) string {
	first17 := fmt.Sprintf("11010119900307%03d", i)
	return first17 + string(idcard.IDCheckChar(first17))
}

// TakenIn is a FirstFree taken that looks value up in table.column.
func TakenIn(ctx context.Context, idb bun.IDB, table, column string) func(v string) (bool, error) {
	return func(v string) (bool, error) {
		return idb.NewSelect().Table(table).Where("? = ?", bun.Ident(column), v).Exists(ctx)
	}
}
