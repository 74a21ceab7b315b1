package fillform

import (
	"fmt"
	"net/http"
	"strconv"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// exportBatch is how many entries an export reads at a time (the
// workbook streams; memory stays flat).
const exportBatch = 500

// maxExportRows bounds an export: far above a university's members.
const maxExportRows = 50000

// entrySheet is a form's workbook: one row per addressee, its state and
// review, then one column per field in the form's order (an attachment
// field as its number of files). It holds what the addressees answered
// and the names the form was sent to: no ID numbers or phones of members.
func entrySheet(f *FormView) report.Sheet[exportRow] {
	addressee := "党组织"
	if f.Audience == AudienceMembers {
		addressee = "姓名"
	}
	cols := []report.Column[exportRow]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *exportRow) any { return n }},
		{Title: addressee, Width: 24, Lead: true, Cell: func(_ int, r *exportRow) any { return r.Name }},
	}
	if f.Audience == AudienceMembers {
		cols = append(cols, report.Column[exportRow]{Title: "所在党组织", Width: 28, Cell: func(_ int, r *exportRow) any { return r.OrgName }})
	}
	cols = append(cols,
		report.Column[exportRow]{Title: "状态", Width: 10, Cell: func(_ int, r *exportRow) any { return EntryStateNames[r.State] }},
		report.Column[exportRow]{Title: "提交时间", Width: 18, Cell: func(_ int, r *exportRow) any { return clock(r.SubmittedAt) }},
		report.Column[exportRow]{Title: "提交人", Width: 12, Cell: func(_ int, r *exportRow) any { return r.Submitter }},
		report.Column[exportRow]{Title: "审核意见", Width: 24, Cell: func(_ int, r *exportRow) any { return r.Comment }},
	)
	for _, fd := range f.Fields {
		key, width := fd.Key, 16.0
		switch fd.Kind {
		case KindTextarea:
			width = 40
		case KindText, KindMultiple:
			width = 24
		}
		cell := func(_ int, r *exportRow) any { return r.Answers.Text(key) }
		switch fd.Kind {
		case KindFile:
			cell = func(_ int, r *exportRow) any {
				if n := r.files[key]; n > 0 {
					return fmt.Sprintf("%d个文件", n)
				}
				return ""
			}
		case KindNumber:
			cell = func(_ int, r *exportRow) any {
				if v, err := strconv.ParseFloat(r.Answers.Text(key), 64); err == nil {
					return v
				}
				return ""
			}
		}
		cols = append(cols, report.Column[exportRow]{Title: fd.Label, Width: width, Cell: cell})
	}
	return report.Sheet[exportRow]{Name: "填报信息", Title: fmt.Sprintf("%s（截止时间：%s）", f.Title, clock(&f.Deadline)), Columns: cols}
}

// exportRow is an entry with its attachments' counts.
type exportRow struct {
	EntryView
	files map[string]int
}

// exportEntries sends every answer of form id (the list's filters) as a
// workbook, streamed a batch at a time, and logs who exported it.
func (s *Service) exportEntries(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	a, err := s.adminOf(ctx)
	if err != nil {
		return err
	}
	f, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return err
	}
	if f.State == FormDraft {
		return httpx.BadRequest("表单尚未发布，没有填报信息")
	}
	q, err := entrySpec.Query(s.entriesQuery(s.db, s.now()).Where("e.form_id = ?", id), lq)
	if err != nil {
		return err
	}
	out, err := entrySheet(f).Start()
	if err != nil {
		return err
	}
	n := 0
	for n < maxExportRows {
		var rows []EntryView
		if err := q.Clone().Limit(exportBatch).Offset(int64(n)).Scan(ctx, &rows); err != nil {
			return httpx.Internal(err)
		}
		ids := make([]int64, len(rows))
		for i := range rows {
			ids[i] = rows[i].ID
		}
		files, err := s.fileCounts(ctx, f.Fields, ids)
		if err != nil {
			return err
		}
		for i := range rows {
			if err := out.Row(&exportRow{EntryView: rows[i], files: files[rows[i].ID]}); err != nil {
				return err
			}
		}
		n += len(rows)
		if len(rows) < exportBatch {
			break
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s填报信息（%d条）", f.Title, n))
	return out.Send(w, f.Title+"填报信息.xlsx")
}
