package report

import (
	"fmt"

	"zhdj/internal/platform/money"
)

// Money is fen as a workbook cell: a number of 元 shown 0.00.
func Money(fen int64) any { return money.Fen(fen) }

// Rate is a rate in basis points as a percentage ("98.50%").
func Rate(bp int64) string { return fmt.Sprintf("%d.%02d%%", bp/100, bp%100) }
