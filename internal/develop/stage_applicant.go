package develop

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Rules of ② and ③ (RULES.md §2), as refusals name them.
const (
	ruleTalkInTime        = "收到入党申请书后一个月内派人谈话"
	ruleActivistAfterTalk = "确定入党积极分子须在派人谈话之后"
)

// talkForm is ②'s form: who talked, what about, and why late when it is.
type talkForm struct {
	StepForm
	Talker     string `json:"talker"`
	Content    string `json:"content"`
	LateReason string `json:"lateReason"`
}

// activistForm is ③'s form: how the applicant was recommended and by whom.
type activistForm struct {
	StepForm
	Method       string `json:"method"`
	Recommenders string `json:"recommenders"`
}

// Recommendation methods of ③.
var activistMethods = []string{"党员推荐", "群团组织推优"}

// applicantHooks are the rules and consequences of steps ② 谈话 and ③ 确定积极分子.
func (s *Service) applicantHooks() map[string]hook {
	return map[string]hook{
		StepTalk: {rules: []flow.Rule[Record]{formRule(func(a *flow.Act[Record]) error {
			var f talkForm
			if err := form(a, &f); err != nil {
				return err
			}
			return httpx.AllInvalid(record.Required("talker", "谈话人", strings.TrimSpace(f.Talker), 50),
				record.MaxLen("content", "谈话内容", f.Content, 2000), record.MaxLen("lateReason", "逾期原因", f.LateReason, 500))
		}), s.talkInTimeRule()},
			approved: func(ctx context.Context, tx bun.Tx, a *flow.Act[Record], _ date.Date) error {
				var f talkForm
				if err := form(a, &f); err != nil {
					return err
				}
				late, err := s.talkLate(ctx, tx, a.Record, f)
				if err != nil {
					return err
				}
				reason := ""
				if late != "" {
					reason = strings.TrimSpace(f.LateReason)
				}
				return s.setFlag(ctx, tx, a.Record, StepTalk, ruleTalkInTime, reason)
			}},
		StepActivist: {rules: []flow.Rule[Record]{formRule(func(a *flow.Act[Record]) error {
			var f activistForm
			if err := form(a, &f); err != nil {
				return err
			}
			var errs []error
			if !slices.Contains(activistMethods, f.Method) {
				errs = append(errs, httpx.Invalid("method", "请选择推荐方式（党员推荐或群团组织推优）"))
			}
			errs = append(errs, record.MaxLen("recommenders", "推荐人", f.Recommenders, 200))
			return httpx.AllInvalid(errs...)
		}), {Name: ruleActivistAfterTalk, Field: "date",
			Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
				var f StepForm
				if err := form(a, &f); err != nil {
					return "", err
				}
				talked, err := s.doneOn(ctx, idb, a.ID, StepTalk)
				if err != nil {
					return "", err
				}
				if talked.IsZero() {
					return "尚未派人谈话", nil
				}
				if f.Date.Before(talked) {
					return fmt.Sprintf("谈话日期为 %s", talked), nil
				}
				return "", nil
			}}}},
	}
}

// talkInTimeRule: the talk is held within TalkWithinMonths of the
// application; a later one passes only with its reason (kept in the
// record's flags).
func (s *Service) talkInTimeRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: ruleTalkInTime, Field: "lateReason",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			var f talkForm
			if err := form(a, &f); err != nil {
				return "", err
			}
			late, err := s.talkLate(ctx, idb, a.Record, f)
			if late == "" || err != nil || strings.TrimSpace(f.LateReason) != "" {
				return "", err
			}
			return late + "，逾期谈话须填写逾期原因", nil
		}}
}

// talkLate says how the talk of f is late ("" when in time).
func (s *Service) talkLate(ctx context.Context, idb bun.IDB, r *Record, f talkForm) (string, error) {
	cfg, _, err := s.config(ctx, idb, r.ConfigVersion)
	if err != nil {
		return "", err
	}
	if limit, late := cfg.Rules.talkLateOn(r.AppliedOn, f.Date); late {
		return fmt.Sprintf("%s 递交申请，应在 %s 前谈话（%d 个月内）", r.AppliedOn, limit, cfg.Rules.TalkWithinMonths), nil
	}
	return "", nil
}

// formRule is a rule that checks a step's own form fields: its error is a
// 400 naming the field (it never refuses by a rule's name).
func formRule(check func(a *flow.Act[Record]) error) flow.Rule[Record] {
	return flow.Rule[Record]{Name: "办理内容完整", Check: func(_ context.Context, _ bun.IDB, a *flow.Act[Record]) (string, error) {
		return "", check(a)
	}}
}
