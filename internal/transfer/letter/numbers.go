package letter

import "fmt"

// FormatNumber is the number of letter seq of year: "2026-0001" (stub,
// letter and receipt print the same one; past 9999 it grows a digit).
func FormatNumber(year, seq int) string { return fmt.Sprintf("%d-%04d", year, seq) }

// seqKey is the letters' counter in sys_seq (platform/seq): one a year.
const seqKey = "zzgx_letter"
