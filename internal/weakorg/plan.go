package weakorg

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// PlanInput is the body of the rectification plan (整顿方案): the leader
// who answers for it (联系领导), the deadline, the plan in words and its
// measures. The measures sent replace those recorded.
type PlanInput struct {
	Leader   string         `json:"leader"`
	Deadline date.Date      `json:"deadline"`
	Plan     string         `json:"plan"`
	Measures []MeasureInput `json:"measures"`
}

// MeasureInput is one measure of a plan.
type MeasureInput struct {
	Content string    `json:"content"`
	Owner   string    `json:"owner"`
	DueOn   date.Date `json:"dueOn"`
	Done    bool      `json:"done"`
}

// Bounds of a plan.
const (
	maxMeasures = 30
	maxPlan     = 2000
	maxMeasure  = 500
	maxName     = 50
)

// SetPlan records or changes the plan of a case in rectification.
func (s *Service) SetPlan(ctx context.Context, id int64, in PlanInput) (Detail, error) {
	leader, plan := strings.TrimSpace(in.Leader), strings.TrimSpace(in.Plan)
	var c httpx.Checks
	c.Add(record.Required("leader", "联系领导", leader, maxName))
	c.Add(day("deadline", "整顿期限", &in.Deadline, true))
	c.Add(record.Required("plan", "整顿方案", plan, maxPlan))
	if len(in.Measures) == 0 {
		c.Add(httpx.Invalid("measures", "请至少填写一项整改措施"))
	} else if len(in.Measures) > maxMeasures {
		c.Add(httpx.Invalid("measures", "整改措施不超过%d项", maxMeasures))
	}
	measures := make([]Measure, len(in.Measures))
	for i, m := range in.Measures {
		measures[i] = Measure{CaseID: id, Content: strings.TrimSpace(m.Content), Owner: strings.TrimSpace(m.Owner), DueOn: m.DueOn,
			Done: m.Done, Sort: i + 1}
		c.Add(record.Required("measures", "整改措施内容", measures[i].Content, maxMeasure))
		if len([]rune(measures[i].Owner)) > maxName {
			c.Add(httpx.Invalid("measures", "整改措施责任人不超过%d个字", maxName))
		}
		c.Add(day("measures", "整改措施完成时限", &measures[i].DueOn, false))
	}
	if err := c.Err(); err != nil {
		return Detail{}, err
	}
	return s.move(ctx, id, []int{StateRectifying}, "只有整顿中的党组织可以制定整顿方案", nil,
		func(c *Case, _ time.Time, _ string) { c.Leader, c.Deadline, c.Plan = leader, in.Deadline, plan },
		[]string{"leader", "deadline", "plan"},
		func(ctx context.Context, tx bun.Tx, c *Case) error {
			if _, err := tx.NewDelete().Model((*Measure)(nil)).Where("case_id = ?", c.ID).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			if _, err := tx.NewInsert().Model(&measures).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			return nil
		})
}

// ReportInput is the body of a progress report.
type ReportInput struct {
	ReportedOn date.Date `json:"reportedOn"`
	Content    string    `json:"content"`
}

// Report records a progress report of a case in rectification (by its
// branch or its 二级党委), dated no later than today; its files are the
// report's attachments (/api/rsrs/progress/{id}/attachments).
func (s *Service) Report(ctx context.Context, id int64, in ReportInput) (Progress, error) {
	content := strings.TrimSpace(in.Content)
	var c httpx.Checks
	c.Add(day("reportedOn", "报告日期", &in.ReportedOn, true))
	c.Add(record.NotAfter("reportedOn", "报告日期", in.ReportedOn, s.today()))
	c.Add(record.Required("content", "进展情况", content, maxPlan))
	if err := c.Err(); err != nil {
		return Progress{}, err
	}
	p := &Progress{CaseID: id, ReportedOn: in.ReportedOn, Content: content}
	_, err := s.move(ctx, id, []int{StateRectifying}, "只有整顿中的党组织可以报告整顿进展", nil,
		func(*Case, time.Time, string) {}, nil,
		func(ctx context.Context, tx bun.Tx, c *Case) error {
			p.Reporter, p.CreatedAt, p.UpdatedAt = operator(ctx), c.UpdatedAt, c.UpdatedAt
			if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			return nil
		})
	return *p, err
}

// RequestClose is the 二级党委's request to close a rectified case (申请销号),
// with a summary of what was done: it needs a plan and a progress report.
func (s *Service) RequestClose(ctx context.Context, id int64, in DecisionInput) (Detail, error) {
	text := strings.TrimSpace(in.Text)
	if err := record.Required("text", "整顿情况总结", text, maxPlan); err != nil {
		return Detail{}, err
	}
	return s.move(ctx, id, []int{StateRectifying}, "只有整顿中的党组织可以申请销号",
		func(ctx context.Context, tx bun.Tx, c *Case) error {
			if c.Plan == "" {
				return httpx.BadRequest("请先制定整顿方案")
			}
			n, err := tx.NewSelect().Model((*Progress)(nil)).Where("p.case_id = ?", c.ID).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n == 0 {
				return httpx.BadRequest("请先报告整顿进展")
			}
			return nil
		},
		func(c *Case, now time.Time, who string) {
			c.State, c.CloseSummary, c.CloseRequestedBy, c.CloseRequestedAt = StateClosing, text, who, &now
		}, []string{"state", "close_summary", "close_requested_by", "close_requested_at"}, nil)
}

// ApproveClose is the 组织部's approval of a closing (销号), with its evaluation.
func (s *Service) ApproveClose(ctx context.Context, id int64, in DecisionInput) (Detail, error) {
	return s.review(ctx, id, in, StateClosed)
}

// ReturnClose returns a closing request to rectification, with the
// evaluation saying what is still missing.
func (s *Service) ReturnClose(ctx context.Context, id int64, in DecisionInput) (Detail, error) {
	return s.review(ctx, id, in, StateRectifying)
}

func (s *Service) review(ctx context.Context, id int64, in DecisionInput, to int) (Detail, error) {
	text := strings.TrimSpace(in.Text)
	if err := record.Required("text", "销号评价", text, maxOpinion); err != nil {
		return Detail{}, err
	}
	today := s.today()
	return s.move(ctx, id, []int{StateClosing}, "只有待销号的记录可以审核", nil,
		func(c *Case, now time.Time, who string) {
			c.State, c.Review, c.ReviewedBy, c.ReviewedAt = to, text, who, &now
			if to == StateClosed {
				c.ClosedOn = today
			}
		}, []string{"state", "review", "reviewed_by", "reviewed_at", "closed_on"}, nil)
}

// day checks a day sent as YYYY-MM-DD (required, or optional) and stores it normalised.
func day(field, label string, d *date.Date, required bool) error {
	if *d == "" {
		if required {
			return httpx.Invalid(field, "请选择%s", label)
		}
		return nil
	}
	parsed, ok := date.Parse(string(*d))
	if !ok {
		return httpx.Invalid(field, "%s格式错误，应为 YYYY-MM-DD", label)
	}
	*d = parsed
	return nil
}
