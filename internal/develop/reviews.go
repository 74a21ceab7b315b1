package develop

import (
	"context"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// Review kinds.
const (
	ReviewActivist  = "activist"  // 培养教育考察 of an activist (every 6 months, ⑥ ⑦)
	ReviewProbation = "probation" // 继续教育考察 of a probationary member (㉑)
)

// reviewsOf are the reviews of a record, seen and written through the record
// (its scope: a record outside it is a 404).
func (s *Service) reviewsOf() resource.Child[Record, Review] {
	return childOf(s, "考察记录", "reviewed_on, id", func(v *Review) (*resource.Base, *int64) { return &v.Base, &v.RecordID },
		func(ctx context.Context, r *Record, in *Review) error {
			var c httpx.Checks
			var since date.Date
			switch in.Kind {
			case ReviewActivist:
				since = r.ActivistOn
				if since.IsZero() {
					c.Add(httpx.Invalid("kind", "尚未确定为入党积极分子，不能登记培养考察"))
				}
			case ReviewProbation:
				since = r.AdmittedOn
				if since.IsZero() {
					c.Add(httpx.Invalid("kind", "尚未接收为预备党员，不能登记预备期考察"))
				}
			default:
				c.Add(httpx.Invalid("kind", "请选择考察类别"))
			}
			if in.ReviewedOn.IsZero() {
				c.Add(record.Chosen("reviewedOn", "考察日期", false))
			} else if d, err := record.Date("reviewedOn", "考察日期", string(in.ReviewedOn)); err != nil {
				c.Add(err)
			} else {
				in.ReviewedOn = d
				c.Add(record.NotAfter("reviewedOn", "考察日期", d, s.today()))
				if !since.IsZero() && d.Before(since) {
					c.Add(httpx.Invalid("reviewedOn", "考察日期不能早于 %s", since))
				}
			}
			l, err := s.sys.DictLabels(ctx, DictReviewResult)
			if err != nil {
				return err
			}
			in.Content, in.Reviewer = strings.TrimSpace(in.Content), strings.TrimSpace(in.Reviewer)
			in.Result = strings.TrimSpace(in.Result)
			c.Add(record.Chosen("result", "考察结果", in.Result != ""))
			c.Add(record.DictValue("result", "考察结果", DictReviewResult, in.Result, "", l),
				record.MaxLen("content", "考察意见", in.Content, 2000), record.MaxLen("reviewer", "考察人", in.Reviewer, 50))
			return c.Err()
		})
}

// childOf declares a kind of row kept under a development record (reviews,
// trainings): listed, added, changed and removed through the record, within
// its scope.
func childOf[T any](s *Service, noun, order string, parts func(v *T) (*resource.Base, *int64),
	check func(ctx context.Context, r *Record, in *T) error) resource.Child[Record, T] {
	return resource.Child[Record, T]{DB: s.db, Noun: noun, Column: "record_id", Order: order,
		Parent: s.find, NoParent: errNoRecord, Parts: parts, Check: check, Now: s.now}
}
