package annual

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/excel"
)

// zero tells whether counts is 0 at every key.
func zero(keys []string, counts map[string]int) bool {
	for _, k := range keys {
		if counts[k] != 0 {
			return false
		}
	}
	return true
}

// handleExport sends the table as the workbook filed: the title with the
// filing organisation, the date and the unit; the grouped headers; the
// total, the 本级 row, every line, and the rows under no line when there are any.
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	t, req, err := s.readRequest(r)
	if err != nil {
		return err
	}
	res, err := s.Count(r.Context(), t, req) // every line: no page size
	if err != nil {
		return err
	}
	headers, groups, widths := []string{"党组织"}, []string{""}, []float64{28}
	var keys []string
	for _, c := range res.Columns {
		if len(c.Children) == 0 {
			headers, groups, widths, keys = append(headers, c.Title), append(groups, ""), append(widths, 10), append(keys, c.Key)
			continue
		}
		for _, l := range leaves(c.Children) {
			headers, groups, widths, keys = append(headers, l.Title), append(groups, c.Title), append(widths, 10), append(keys, l.Key)
		}
	}
	when := "统计截至" + res.Date.Chinese()
	if t.Period {
		when = fmt.Sprintf("报告期：%s至%s", res.From.Chinese(), res.Date.Chinese())
	}
	xw, err := excel.NewLayout(excel.Layout{Sheet: t.Title, Headers: headers, Groups: groups, Widths: widths,
		Title: fmt.Sprintf("%s（填报单位：%s；%s；单位：%s）", t.Title, res.OrgName, when, t.Unit)})
	if err != nil {
		return err
	}
	row := func(name string, counts map[string]int) []any {
		out := []any{name}
		for _, k := range keys {
			out = append(out, counts[k])
		}
		return out
	}
	if err := xw.AddTotal(row("合计", res.Total.Counts)...); err != nil {
		return err
	}
	if !zero(keys, res.Own) {
		if err := xw.Add(row("本级", res.Own)...); err != nil {
			return err
		}
	}
	for _, l := range res.Lines.Content {
		if err := xw.Add(row(l.Name, l.Counts)...); err != nil {
			return err
		}
	}
	if !zero(keys, res.Direct) {
		if err := xw.Add(row("不属于任何下级党组织", res.Direct)...); err != nil {
			return err
		}
	}
	return xw.Send(w, fmt.Sprintf("%s-%s.xlsx", t.Title, res.Date))
}
