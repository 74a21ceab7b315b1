package letter

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// FormatNumber is the number of letter seq of year: "2026-0001" (stub,
// letter and receipt print the same one; past 9999 it grows a digit).
func FormatNumber(year, seq int) string { return fmt.Sprintf("%d-%04d", year, seq) }

// nextNumber hands out the next number of year inside tx. The counter row
// of the year is made or moved by one statement (an upsert RETURNING the new
// value), so concurrent issues each get their own, consecutive number: on
// PostgreSQL the second waits on the row the first updated and reads its
// result; SQLite runs the writers one after the other.
func nextNumber(ctx context.Context, tx bun.Tx, year int) (int, error) {
	var seq []int
	err := tx.NewRaw(`INSERT INTO zzgx_letter_counter (year, last_no) VALUES (?, 1)
		ON CONFLICT (year) DO UPDATE SET last_no = zzgx_letter_counter.last_no + 1 RETURNING last_no`, year).Scan(ctx, &seq)
	if err != nil || len(seq) != 1 {
		return 0, httpx.Internal(fmt.Errorf("letter number of %d: %v", year, err))
	}
	return seq[0], nil
}
