package report

import (
	"fmt"

	"zhdj/internal/platform/excel"
)

// Yuan is fen as 元 with two decimals ("1234.50"), integers only: the one
// formatter of money in text (platform's money.Fen replaces it when it lands).
func Yuan(fen int64) string {
	sign := ""
	if fen < 0 {
		sign, fen = "-", -fen
	}
	return fmt.Sprintf("%s%d.%02d", sign, fen/100, fen%100)
}

// Money is fen as a workbook cell: a number of 元 shown 0.00.
func Money(fen int64) any { return excel.Yuan(fen) }

// Rate is a rate in basis points as a percentage ("98.50%").
func Rate(bp int64) string { return fmt.Sprintf("%d.%02d%%", bp/100, bp%100) }
