package orgstd

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// MarkInput sets (or, with Mark "", clears) a reviewed branch's mark.
type MarkInput struct {
	Mark   string `json:"mark"`
	Reason string `json:"reason"`
}

func (s *Service) markRoutes(rs *httpx.Routes) {
	const base = "/api/dzzjs/assessments"
	rs.Post(base+"/{id}/mark", PermMark, "标记示范样板党支部", httpx.ChangeOn(errNoAssessment, s.SetMark))
	rs.Get(base+"/{id}/marks", PermList, "查看标记记录", httpx.ReadOn(errNoAssessment, s.MarkHistory))
}

// SetMark marks a reviewed branch 示范党支部 or 样板党支部 for its year, or
// unmarks it: one conditional UPDATE on the mark read (a parallel change
// is a 409) and a line of history.
func (s *Service) SetMark(ctx context.Context, id int64, in MarkInput) (AssessmentDetail, error) {
	reason := strings.TrimSpace(in.Reason)
	var c httpx.Checks
	if in.Mark != "" && !slices.Contains(Marks, in.Mark) {
		c.Add(httpx.Invalid("mark", "标记取值无效"))
	}
	c.Add(record.MaxLen("reason", "说明", reason, 500))
	if err := c.Err(); err != nil {
		return AssessmentDetail{}, err
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		a, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if a.State != StateReviewed {
			return httpx.BadRequest("自评审核后才能标记示范或样板党支部")
		}
		switch {
		case a.Mark == in.Mark && in.Mark == "":
			return httpx.BadRequest("该党支部未被标记")
		case a.Mark == in.Mark:
			return httpx.BadRequest("该党支部已是%s", MarkNames[in.Mark])
		}
		now := s.now()
		res, err := tx.NewUpdate().Model((*Assessment)(nil)).Set("mark = ?", in.Mark).Set("updated_at = ?", now).
			Where("id = ?", id).Where("state = ?", StateReviewed).Where("mark = ?", a.Mark).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("标记已被他人修改，请刷新后重试")); err != nil {
			return err
		}
		entry := MarkEntry{AssessmentID: id, Mark: in.Mark, Previous: a.Mark, Reason: reason,
			By: db.Clip(rbac.From(ctx).AccountName(), 50), At: now}
		_, err = tx.NewInsert().Model(&entry).Exec(ctx)
		return httpx.AsError(err)
	})
	if err != nil {
		return AssessmentDetail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// MarkHistory is the marks an assessment of the caller's scope was given
// and taken, latest first.
func (s *Service) MarkHistory(ctx context.Context, id int64) ([]MarkEntry, error) {
	if _, err := s.find(ctx, s.db, id); err != nil {
		return nil, err
	}
	out := []MarkEntry{}
	if err := s.db.NewSelect().Model(&out).Where("mk.assessment_id = ?", id).OrderExpr("mk.id DESC").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		out[i].MarkName, out[i].PreviousName = MarkNames[out[i].Mark], MarkNames[out[i].Previous]
	}
	return out, nil
}
