package develop

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
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
			return s.trainingWhy(ctx, idb, a.Record, f.Date, rc)
		})}, after: release},
	}
}

// trainingWhy says why record r's 发展对象 training does not count for ⑪
// on day ("" when it does): the DEVELOP trainings passed and ended by day
// that began on or after the day r became a 发展对象 (⑦; 细则 第二十条:
// 确定为发展对象后 — the day of ⑦ counts) add up to TrainingMinHours or
// TrainingMinDays. Earlier ones are named as not counted.
func (s *Service) trainingWhy(ctx context.Context, idb bun.IDB, r *Record, day date.Date, rc RuleConfig) (string, error) {
	var list []Training
	if err := idb.NewSelect().Model(&list).Where("record_id = ?", r.ID).Where("batch_type = ?", BatchDevelop).
		Where("passed = ?", true).Where("end_on <= ?", day).OrderExpr("start_on, id").Scan(ctx); err != nil {
		return "", httpx.Internal(err)
	}
	hours, days := 0, 0
	var early []string
	for _, t := range list {
		if r.TargetOn.IsZero() || t.StartOn.Before(r.TargetOn) {
			early = append(early, fmt.Sprintf("「%s」（%s 开始）", t.Title, t.StartOn))
			continue
		}
		hours, days = hours+t.Hours, days+t.Days
	}
	if hours >= rc.TrainingMinHours || days >= rc.TrainingMinDays {
		return "", nil
	}
	why := fmt.Sprintf("截至 %s，确定为发展对象（%s）后已结业的发展对象培训共 %d 学时、%d 天，须不少于 %d 学时或 %d 天",
		day, r.TargetOn, hours, days, rc.TrainingMinHours, rc.TrainingMinDays)
	if len(early) > 0 {
		why += fmt.Sprintf("；%s在确定为发展对象之前，不计入（细则第二十条：对确定为发展对象后的人员进行短期集中培训）", strings.Join(early, "、"))
	}
	return why, nil
}
