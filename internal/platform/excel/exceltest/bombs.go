package exceltest

import (
	"fmt"
	"strings"
	"testing"
)

// Bomb is a small upload that unpacks to a lot, with the message of the 400
// that must refuse it before it is unpacked into memory.
type Bomb struct {
	Name, Want string
	Book       []byte
}

// Bombs are one crafted workbook per size limit of excel.Read (the file, a
// sheet, the shared strings, a cell, the rows), each of a sheet starting
// with header and read with at most maxRows rows. The reader's own tests and
// every upload route that parses workbooks refuse the same set.
func Bombs(t testing.TB, header string, maxRows int) []Bomb {
	t.Helper()
	return []Bomb{
		// 226 MB of sheet XML in a few hundred KB (the figure seen in the issue).
		{"a 226 MB sheet", "文件解压后超过 128 MB，请拆分后分批导入", BigSheet(t, header, 226)},
		{"a 110 MB sheet", "工作表解压后超过 100 MB，请拆分后分批导入", BigSheet(t, header, 110)},
		{"a 100 MB shared-strings table", "共享字符串表超过 16 MB，请拆分后分批导入", BigSharedStrings(t, 100)},
		// One cell of 90 MB: a single string excelize would build (860 MB of
		// heap for a 200 MB cell before the bounds).
		{"a 90 MB cell", "单元格内容超过 2000 个字符",
			Book(t, Part{Head: header + `<row><c t="inlineStr"><is><t>`, Body: strings.Repeat("党", 1000),
				Times: 90 << 20 / 3000, Tail: `</t></is></c></row>`}, nil)},
		{"a million empty rows", fmt.Sprintf("工作表超过 %d 行，请拆分后分批导入", maxRows), EmptyRows(t, header, 1_000_000)},
	}
}
