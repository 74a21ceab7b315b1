package develop

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Rules of ⑧ to ⑪ (RULES.md §2), as refusals name them.
const (
	ruleSponsors = "确定两名正式党员作入党介绍人"
	ruleTraining = "发展对象集中培训不少于三天或二十四学时"
)

// BatchDevelop is the party-school batch type of the trainings of 发展对象
// (APPLY 1, ACTIVE 2, DEVELOP 3, PREPARE 4).
const BatchDevelop = 3

// sponsorsForm is ⑨'s form: the sponsors (member ids).
type sponsorsForm struct {
	StepForm
	SponsorIDs []int64 `json:"sponsorIds"`
}

// politicalReviewForm is ⑩'s form: the review's conclusion and content.
type politicalReviewForm struct {
	StepForm
	Conclusion string `json:"conclusion"`
	Content    string `json:"content"`
}

// targetHooks are the rules and consequences of steps ⑧ to ⑪. From ⑦ until
// the record becomes a probationary member it holds a place of the plan: a
// rejection, or a return to ⑦ or before, gives it back.
func (s *Service) targetHooks() map[string]hook {
	release := s.releasePlanOnReturnOrEnd
	return map[string]hook{
		StepTargetFiling: {after: release},
		StepSponsors: {rules: []flow.Rule[Record]{configuredRule(s, ruleSponsors, "sponsorIds", func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f sponsorsForm, rc RuleConfig) (string, error) {
			n := rc.Sponsors
			return s.fullMembersWhy(ctx, idb, f.SponsorIDs, n, n, "入党介绍人")
		})}, after: release},
		StepPoliticalReview: {rules: []flow.Rule[Record]{formRule(func(a *flow.Act[Record]) error {
			var f politicalReviewForm
			if err := form(a, &f); err != nil {
				return err
			}
			return httpx.AllInvalid(record.Required("conclusion", "审查结论", strings.TrimSpace(f.Conclusion), 200),
				record.MaxLen("content", "审查情况", f.Content, 2000))
		})}, after: release},
		StepTraining: {rules: []flow.Rule[Record]{configuredRule(s, ruleTraining, "date", func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
			var sum struct {
				Hours int `bun:"hours"`
				Days  int `bun:"days"`
			}
			if err := idb.NewSelect().Model((*Training)(nil)).
				ColumnExpr("COALESCE(SUM(hours), 0) AS hours, COALESCE(SUM(days), 0) AS days").
				Where("record_id = ?", a.ID).Where("batch_type = ?", BatchDevelop).Where("passed = ?", true).
				Where("end_on <= ?", f.Date).Scan(ctx, &sum); err != nil {
				return "", httpx.Internal(err)
			}
			if sum.Hours >= rc.TrainingMinHours || sum.Days >= rc.TrainingMinDays {
				return "", nil
			}
			return fmt.Sprintf("截至 %s 已结业的发展对象培训共 %d 学时、%d 天，须不少于 %d 学时或 %d 天",
				f.Date, sum.Hours, sum.Days, rc.TrainingMinHours, rc.TrainingMinDays), nil
		})}, after: release},
	}
}
