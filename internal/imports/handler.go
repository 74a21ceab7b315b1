package imports

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// Register adds the import routes of kind k under /api/import/{k.Name()},
// every one guarded by the kind's permission and titled in the module
// "<kind's title>导入".
func (s *Service) Register(rs *httpx.Routes, k Kind) {
	rs = rs.In(k.Title() + "导入")
	base, perm := "/api/import/"+k.Name(), k.Permission()
	rs.Get(base+"/columns", perm, "查看导入列", func(w http.ResponseWriter, r *http.Request) error {
		return httpx.OK(w, k.Columns())
	})
	template := func(w http.ResponseWriter, r *http.Request) error { return s.sendTemplate(w, r, k) }
	rs.Get(base+"/template", perm, "下载导入模板", template)
	if a, ok := k.(TemplateAddress); ok && a.TemplatePath() != "" {
		rs.Get(a.TemplatePath(), perm, "下载导入模板", template)
	}
	rs.Post(base+"/batches", perm, "上传导入文件", func(w http.ResponseWriter, r *http.Request) error {
		name, sheet, err := s.workbooks.ReadUploadRaw(r, MaxRows)
		if err != nil {
			return err
		}
		b, err := s.Stage(r.Context(), k, name, sheet)
		if err != nil {
			return err
		}
		return httpx.OK(w, b)
	})
	rs.Get(base+"/batches", perm, "查询导入批次", func(w http.ResponseWriter, r *http.Request) error {
		page, err := s.List(r.Context(), k, r.URL.Query())
		if err != nil {
			return err
		}
		return httpx.OK(w, page)
	})
	rs.Get(base+"/batches/{id}", perm, "查看导入批次", func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id", errNoBatch())
		if err != nil {
			return err
		}
		b, err := s.Get(r.Context(), k, id)
		if err != nil {
			return err
		}
		return httpx.OK(w, b)
	})
	rs.Get(base+"/batches/{id}/rows", perm, "查看导入行", func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id", errNoBatch())
		if err != nil {
			return err
		}
		page, err := s.Rows(r.Context(), k, id, r.URL.Query())
		if err != nil {
			return err
		}
		return httpx.OK(w, page)
	})
	rs.Get(base+"/batches/{id}/invalid.xlsx", perm, "下载错误行", func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id", errNoBatch())
		if err != nil {
			return err
		}
		return s.SendInvalid(r.Context(), w, r, k, id)
	})
	rs.Put(base+"/batches/{id}/rows/{rowId}", perm, "修改导入行", func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id", errNoBatch())
		if err != nil {
			return err
		}
		rowID, err := pathID(r, "rowId", httpx.NotFound("导入行不存在"))
		if err != nil {
			return err
		}
		var in EditInput
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		out, err := s.EditRow(r.Context(), k, id, rowID, in)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	rs.Post(base+"/batches/{id}/commit", perm, "确认导入", func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id", errNoBatch())
		if err != nil {
			return err
		}
		var in CommitInput
		if r.ContentLength != 0 { // an empty body means skipInvalid=false
			if err := httpx.Decode(r, &in); err != nil {
				return err
			}
		}
		b, err := s.Commit(r.Context(), k, id, in)
		if err != nil {
			return err
		}
		return httpx.OK(w, b)
	})
	rs.Delete(base+"/batches/{id}", perm, "放弃导入", func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id", errNoBatch())
		if err != nil {
			return err
		}
		if err := s.Abandon(r.Context(), k, id); err != nil {
			return err
		}
		return httpx.OK(w, map[string]bool{"deleted": true})
	})
}

// pathID reads a positive integer path parameter; anything else is notFound.
func pathID(r *http.Request, name string, notFound *httpx.Error) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, notFound
	}
	return id, nil
}

// templateRows is how many data rows a template's dropdowns cover.
const templateRows = 5000

// headerOf is a column's header in a workbook: required ones marked ＊.
func headerOf(c Column) string {
	if c.Required {
		return "＊" + c.Label
	}
	return c.Label
}

func columnWidth(c Column) float64 {
	return float64(max(12, len([]rune(c.Label))*2+4, len(c.Example)+2))
}

// sendTemplate writes the kind's template: a 序号 column, then the kind's
// header (required columns marked ＊ and in red), an example row marked
// 示例 in its 序号 cell (the kind's Sampler reads it from the caller's data,
// so that it is valid as it stands; the import leaves it out), a dropdown of
// the labels on each dictionary column, and a sheet 填写说明 listing each
// column, whether it is required, and the labels it accepts.
func (s *Service) sendTemplate(w http.ResponseWriter, r *http.Request, k Kind) error {
	cols := k.Columns()
	var dictNames []string
	for _, c := range cols {
		if c.Dict != "" {
			dictNames = append(dictNames, c.Dict)
		}
	}
	dicts, err := LoadDicts(r.Context(), s.sys, dictNames...)
	if err != nil {
		return err
	}
	var sample map[string]string
	if sp, ok := k.(Sampler); ok {
		if sample, err = sp.SampleRow(r.Context(), s.db); err != nil {
			return httpx.AsError(err)
		}
	}
	n := len(cols) + 1
	header := append(make([]string, 0, n), SerialHeader)
	marked := append(make([]bool, 0, n), false)
	example := append(make([]string, 0, n), ExampleMark)
	widths := append(make([]float64, 0, n), 8)
	lists := map[int][]string{}
	guide := append(make([][]string, 0, n), []string{SerialHeader, "否",
		"可不填，导入时不读取。第 2 行序号为“" + ExampleMark + "”的是填写示例，不会导入（可保留或删除），请从第 3 行起填写"})
	for i, c := range cols {
		ex := c.Example
		if v, ok := sample[c.Key]; ok {
			ex = v
		}
		header, marked, example = append(header, headerOf(c)), append(marked, c.Required), append(example, ex)
		widths = append(widths, max(columnWidth(c), float64(len([]rune(ex))*2+2)))
		required := "否"
		if c.Required {
			required = "是"
		}
		accepted := c.Note
		if c.Dict != "" {
			lists[i+1] = dicts.Labels(c.Dict)
			accepted = strings.TrimSpace(strings.Join(dicts.Labels(c.Dict), "、") + "\n" + c.Note)
		}
		guide = append(guide, []string{c.Label, required, accepted})
	}
	return excel.SendBook(w, k.Title()+"导入模板.xlsx",
		excel.Sheet{Name: k.Title(), Header: header, Marked: marked, Rows: [][]string{example}, Widths: widths, Text: true,
			Lists: lists, ListRows: templateRows},
		excel.Sheet{Name: "填写说明", Header: []string{"列名", "是否必填", "可填写的内容"}, Rows: guide, Widths: []float64{20, 10, 100}},
	)
}
