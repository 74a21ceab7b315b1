package workbench

import (
	"fmt"
	"net/http"

	kit "zhdj/internal/platform/report"
)

// committeeSheet is the per-committee table's workbook.
func committeeSheet(title string) kit.Sheet[CommitteeRow] {
	count := func(title string, v func(r *CommitteeRow) int) kit.Column[CommitteeRow] {
		return kit.Column[CommitteeRow]{Title: title, Width: 10, Cell: func(_ int, r *CommitteeRow) any { return v(r) }}
	}
	return kit.Sheet[CommitteeRow]{Title: title, Columns: []kit.Column[CommitteeRow]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *CommitteeRow) any { return n }},
		{Title: "二级党委", Width: 30, Lead: true, Cell: func(_ int, r *CommitteeRow) any { return r.CommitteeName }},
		count("党支部数", func(r *CommitteeRow) int { return r.Branches }),
		count("不足3人", func(r *CommitteeRow) int { return r.Under3 }),
		count("3至6人", func(r *CommitteeRow) int { return r.From3To6 }),
		count("7至50人", func(r *CommitteeRow) int { return r.From7To50 }),
		count("50人以上", func(r *CommitteeRow) int { return r.Over50 }),
		count("已设支委会", func(r *CommitteeRow) int { return r.WithCommittee }),
		count("应设未设支委会", func(r *CommitteeRow) int { return r.CommitteeMissing }),
		count(fmt.Sprintf("%d个月内届满", TermMonths), func(r *CommitteeRow) int { return r.TermsDue }),
		count("已到期未换届", func(r *CommitteeRow) int { return r.TermsOverdue }),
		count("党员数", func(r *CommitteeRow) int { return r.Members }),
		count("正式党员", func(r *CommitteeRow) int { return r.Full }),
		count("预备党员", func(r *CommitteeRow) int { return r.Probationary }),
	}}
}

// handleExport: GET /api/dzzfx/export, the per-committee table with its
// total (the whole scope; the page's committee filter narrows the charts).
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	out, err := s.Analyze(r.Context(), 0)
	if err != nil {
		return err
	}
	total := out.Total
	total.CommitteeName = "合计"
	title := fmt.Sprintf("党组织数据分析（截至%s）", out.Day)
	if err := committeeSheet(title).Send(w, fmt.Sprintf("党组织数据分析-%s.xlsx", out.Day), out.Rows, &total); err != nil {
		return err
	}
	s.sys.LogAccess(r.Context(), r, fmt.Sprintf("导出党组织数据分析（%d个二级党委）", len(out.Rows)))
	return nil
}
