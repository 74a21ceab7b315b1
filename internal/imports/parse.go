package imports

import (
	"strings"

	"zhdj/internal/platform/httpx"
)

// maxCellChars bounds one cell's text (the longest field is a 500-character remark).
const maxCellChars = 1000

// SerialHeader is the row-number column (序号) that every export writes first
// and every template carries: the import reads nothing from it but
// ExampleMark. A kind never declares a column of this label.
const SerialHeader = "序号"

// ExampleMark in the 序号 cell marks the template's example row: it shows
// how to fill the sheet and is never imported as a record.
const ExampleMark = "示例"

// headerLabel is a header cell without the required mark (＊ or *) and spaces.
func headerLabel(s string) string {
	s = strings.ReplaceAll(s, "＊", "")
	s = strings.ReplaceAll(s, "*", "")
	return strings.Join(strings.Fields(s), "")
}

// parseSheet matches the header row to the columns by label and turns the
// data rows into Rows (blank rows are skipped; rowNo stays the Excel row
// number). The 序号 column is read only for the example mark: a row marked
// 示例 (the template's) is left out and its row number returned in
// examples. Unknown or duplicated headers, missing required columns and a
// sheet without data rows are 400s naming what is wrong.
func parseSheet(cols []Column, sheet [][]string) (rows []*Row, examples []int, err error) {
	if len(sheet) == 0 {
		return nil, nil, httpx.BadRequest("文件是空的，请使用下载的模板填写")
	}
	byLabel := make(map[string]Column, len(cols))
	for _, c := range cols {
		byLabel[headerLabel(c.Label)] = c
	}
	keys := make([]string, len(sheet[0])) // column index → key ("" = blank header)
	serial := -1                          // the 序号 column's index
	seen := map[string]bool{}
	var unknown, dup []string
	for i, h := range sheet[0] {
		label := headerLabel(h)
		if label == "" || label == ReasonHeader { // a bad rows' workbook uploaded again
			continue
		}
		c, ok := byLabel[label]
		switch {
		case !ok && label == SerialHeader && serial < 0:
			serial = i
		case !ok:
			unknown = append(unknown, "“"+strings.TrimSpace(h)+"”")
		case seen[c.Key]:
			dup = append(dup, "“"+c.Label+"”")
		default:
			seen[c.Key] = true
			keys[i] = c.Key
		}
	}
	var missing []string
	for _, c := range cols {
		if c.Required && !seen[c.Key] {
			missing = append(missing, "“"+c.Label+"”")
		}
	}
	var problems []string
	if len(unknown) > 0 {
		problems = append(problems, "无法识别的列："+strings.Join(unknown, "、"))
	}
	if len(dup) > 0 {
		problems = append(problems, "重复的列："+strings.Join(dup, "、"))
	}
	if len(missing) > 0 {
		problems = append(problems, "缺少必填列："+strings.Join(missing, "、"))
	}
	if len(problems) > 0 {
		return nil, nil, httpx.BadRequest("表头与模板不一致（%s），请下载最新模板", strings.Join(problems, "；"))
	}
	for i, line := range sheet[1:] {
		if serial >= 0 && serial < len(line) && strings.TrimSpace(line[serial]) == ExampleMark {
			examples = append(examples, i+2)
			continue
		}
		cells := make(map[string]string, len(seen))
		blank := true
		for j, key := range keys {
			if key == "" {
				continue
			}
			v := ""
			if j < len(line) {
				v = strings.TrimSpace(line[j])
			}
			if len([]rune(v)) > maxCellChars {
				return nil, nil, httpx.BadRequest("第 %d 行“%s”的内容过长", i+2, labelOf(cols, key))
			}
			if v != "" {
				blank = false
			}
			cells[key] = v
		}
		if blank {
			continue
		}
		rows = append(rows, &Row{RowNo: i + 2, Cells: cells})
	}
	if len(rows) == 0 && len(examples) > 0 {
		return nil, nil, httpx.BadRequest("文件中只有模板的示例行（序号为“%s”的第 %d 行，不会导入），请在示例行下方填写要导入的数据",
			ExampleMark, examples[0])
	}
	if len(rows) == 0 {
		return nil, nil, httpx.BadRequest("文件中没有数据行")
	}
	if len(rows) > MaxRows {
		return nil, nil, httpx.BadRequest("一次最多导入 %d 行", MaxRows)
	}
	return rows, examples, nil
}

func labelOf(cols []Column, key string) string {
	for _, c := range cols {
		if c.Key == key {
			return c.Label
		}
	}
	return key
}
