package rmb

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"zhdj/internal/cadre/lrmx"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// MaxExcelRows bounds the forms of one Excel import (each is a cadre with
// its résumé and family, committed on its own).
const MaxExcelRows = 1000

// familyHeader is the template's column of the family table: one member a
// line, the form's five items separated by spaces.
const familyHeader = "家庭主要成员及重要社会关系（每行一人：称谓 姓名 出生年月 政治面貌 工作单位及职务）"

// required are the columns a row cannot do without.
var required = map[string]bool{"XingMing": true, "XingBie": true, "ChuShengNianYue": true}

func (s *Service) handleExcelTemplate(w http.ResponseWriter, r *http.Request) error {
	cols := lrmx.Columns()
	sheet := excel.Sheet{Name: "干部任免审批表", Text: true}
	for _, c := range cols {
		sheet.Header = append(sheet.Header, c.Label)
		sheet.Marked = append(sheet.Marked, required[c.Tag])
		width := 14.0
		if c.Tag == "JianLi" || c.Tag == "JiangChengQingKuang" {
			width = 60
		}
		sheet.Widths = append(sheet.Widths, width)
	}
	sheet.Header = append(sheet.Header, familyHeader)
	sheet.Widths = append(sheet.Widths, 60)
	return excel.SendBook(w, "干部任免审批表导入模板.xlsx", sheet)
}

// handleExcelImport imports the rows of the template, each a processing
// row committed on its own as an .lrmx file is.
func (s *Service) handleExcelImport(w http.ResponseWriter, r *http.Request) error {
	if s.workbooks == nil {
		return httpx.Internal(fmt.Errorf("rmb: no workbook reader"))
	}
	name, rows, err := s.workbooks.ReadUploadRaw(r, MaxExcelRows+1)
	if err != nil {
		return err
	}
	var unitID int64
	if v := strings.TrimSpace(r.FormValue("unitId")); v != "" {
		if _, err := fmt.Sscan(v, &unitID); err != nil || unitID <= 0 {
			return httpx.Invalid("unitId", "所在单位无效")
		}
	}
	out, err := s.ImportRows(r.Context(), name, rows, unitID)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// ImportRows imports the rows of a workbook named name (its first row the
// template's header) for the caller.
func (s *Service) ImportRows(ctx context.Context, name string, rows [][]string, unitID int64) ([]ImportRow, error) {
	if len(rows) < 2 {
		return nil, httpx.Invalid("file", "文件中没有数据，请在模板的表头下逐行填写")
	}
	if len(rows)-1 > MaxExcelRows {
		return nil, httpx.Invalid("file", "一次最多导入 %d 行", MaxExcelRows)
	}
	byLabel := map[string]string{}
	for _, c := range lrmx.Columns() {
		byLabel[c.Label] = c.Tag
	}
	tags := make([]string, len(rows[0]))
	familyCol := -1
	for i, h := range rows[0] {
		h = strings.TrimSpace(h)
		if strings.HasPrefix(h, "家庭主要成员") {
			familyCol = i
			continue
		}
		tags[i] = byLabel[h]
	}
	for tag := range required {
		found := false
		for _, t := range tags {
			found = found || t == tag
		}
		if !found {
			return nil, httpx.Invalid("file", "表头不是导入模板的表头，请下载模板后填写")
		}
	}
	dicts, err := s.dictionaries(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]ImportRow, 0, len(rows)-1)
	for i, row := range rows[1:] {
		if blank(row) {
			continue
		}
		row := row
		read := func() (lrmx.Person, error) {
			text := map[string]string{}
			for j, cell := range row {
				if j < len(tags) && tags[j] != "" {
					text[tags[j]] = cell
				}
			}
			var family []map[string]string
			var errs lrmx.Errors
			if familyCol >= 0 && familyCol < len(row) {
				family, errs = familyCells(row[familyCol])
			}
			p, err := lrmx.FromFields(text, family)
			if len(errs) > 0 {
				if list, ok := err.(lrmx.Errors); ok {
					errs = append(list, errs...)
				}
				return p, errs
			}
			return p, err
		}
		res, err := s.importOne(ctx, fmt.Sprintf("%s 第%d行", name, i+2), read, dicts, unitID)
		if err != nil {
			return out, err
		}
		out = append(out, res)
	}
	return out, nil
}

func blank(row []string) bool {
	for _, c := range row {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// familyCells reads the family cell: one member a line, 称谓 姓名 出生年月
// 政治面貌 工作单位及职务 separated by spaces (the last takes the rest).
func familyCells(cell string) ([]map[string]string, lrmx.Errors) {
	var out []map[string]string
	var errs lrmx.Errors
	for i, line := range strings.Split(strings.ReplaceAll(cell, "\r\n", "\n"), "\n") {
		parts := strings.Fields(strings.ReplaceAll(line, "　", " "))
		if len(parts) == 0 {
			continue
		}
		if len(parts) < 2 {
			errs = append(errs, lrmx.FieldError{Field: fmt.Sprintf("家庭成员第 %d 行", i+1), Message: "应为「称谓 姓名 出生年月 政治面貌 工作单位及职务」"})
			continue
		}
		if len(parts) > len(lrmx.FamilyFields) {
			parts = append(parts[:len(lrmx.FamilyFields)-1], strings.Join(parts[len(lrmx.FamilyFields)-1:], " "))
		}
		m := map[string]string{}
		for j, p := range parts {
			m[lrmx.FamilyFields[j]] = p
		}
		out = append(out, m)
	}
	return out, errs
}
