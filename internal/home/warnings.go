package home

import (
	"context"
	"slices"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// warnings are the organisation rules broken now in the caller's scope,
// the overdue terms (errors) first, each group in tree order.
func (s *Service) warnings(ctx context.Context) (WarningFigure, error) {
	ws, err := s.orgs.ScopeWarnings(ctx)
	if err != nil {
		return WarningFigure{}, err
	}
	slices.SortStableFunc(ws, func(a, b org.Warning) int { return levelRank(a.Level) - levelRank(b.Level) })
	if ws == nil {
		ws = []org.Warning{}
	}
	return WarningFigure{Total: len(ws), TermReminderMonths: s.orgs.TermReminderMonths(ctx), Items: ws}, nil
}

func levelRank(level string) int {
	if level == "error" {
		return 0
	}
	return 1
}

// Warnings is GET /api/home/warnings, the top bar's 预警: a page of the
// organisation warnings of the caller's scope (as Summary orders them) and
// their total.
func (s *Service) Warnings(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[org.Warning], error) {
	if len(lq.Filters) > 0 || len(lq.Sorts) > 0 {
		return httpx.PageResult[org.Warning]{}, httpx.BadRequest("预警列表不支持查询条件或排序")
	}
	w, err := s.warnings(ctx)
	if err != nil {
		return httpx.PageResult[org.Warning]{}, err
	}
	from := min(lq.Offset(), len(w.Items))
	to := min(from+lq.Size, len(w.Items))
	return httpx.NewPage(w.Items[from:to], w.Total), nil
}
