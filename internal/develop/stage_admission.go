package develop

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
)

// Names of the rules of ⑫ to ㉕ (RULES.md §2), as refusals and tests name them.
const (
	RulePoliticalReview   = "政治审查结论在有效期内"
	RuleMeetingAfterPre   = "支部大会在上级党委预审后规定期限内召开"
	RuleLeaving           = "近期离校的发展对象一般不接收"
	RuleReportInTime      = "支部大会决议按期报上级党委"
	RuleApprovalInTime    = "上级党委在规定期限内审批"
	RuleFullDecision      = "转正决定符合规定"
	RuleFullApprovalTime  = "上级党委在规定期限内审批转正"
	RuleCancelByRejection = "取消预备党员资格以「不通过」办理"
)

// admissionHooks are the rules and consequences of steps ⑫ to ⑱.
func (s *Service) admissionHooks() map[string]hook {
	return s.cancellingOnRejection(map[string]hook{
		StepBranchReview: {rules: []flow.Rule[Record]{s.politicalReviewRule()}},
		StepPreReview:    {},
		StepVolunteerBook: {approved: func(ctx context.Context, tx bun.Tx, a *flow.Act[Record], on date.Date) error {
			_, err := s.handOutVolunteerNo(ctx, tx, a.Record, on)
			return err
		}},
		StepBranchMeeting: {rules: []flow.Rule[Record]{s.quorumRule(), s.majorityRule(), s.meetingAfterPreRule(),
			s.politicalReviewRule(), s.noticeRule(NoticeAdmit), s.leavingRule()},
			approved: func(ctx context.Context, tx bun.Tx, a *flow.Act[Record], _ date.Date) error {
				cfg, _, err := s.config(ctx, tx, a.Record.ConfigVersion)
				if err != nil {
					return err
				}
				end := a.Record.AdmittedOn.AddMonths(cfg.Rules.ProbationMonths)
				return s.setProbationEnd(ctx, tx, a.Record, end)
			}},
		StepCommitteeTalk: {rules: []flow.Rule[Record]{s.reportInTimeRule()}},
		StepCommitteeApproval: {rules: []flow.Rule[Record]{s.approvalInTimeRule(), s.committeeVoteRule()},
			approved: func(ctx context.Context, tx bun.Tx, a *flow.Act[Record], _ date.Date) error {
				var f lateForm
				if err := form(a, &f); err != nil {
					return err
				}
				cfg, _, err := s.config(ctx, tx, a.Record.ConfigVersion)
				if err != nil {
					return err
				}
				if f.Date.After(a.Record.AdmittedOn.AddMonths(cfg.Rules.ApprovalNormalMonths)) {
					if err := s.setFlag(ctx, tx, a.Record, StepCommitteeApproval, RuleApprovalInTime, strings.TrimSpace(f.LateReason)); err != nil {
						return err
					}
				}
				return s.enterMemberBase(ctx, tx, a.Record)
			}},
		StepDeptFiling: {},
	})
}

// configuredRule is a rule reading the step's form as an F and the rule
// configuration of the record's version (the preamble every rule of a
// deadline shares).
func configuredRule[F any](s *Service, name, field string,
	check func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f F, rc RuleConfig) (string, error)) flow.Rule[Record] {
	return flow.Rule[Record]{Name: name, Field: field,
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			var f F
			if err := form(a, &f); err != nil {
				return "", err
			}
			cfg, _, err := s.config(ctx, idb, a.Record.ConfigVersion)
			if err != nil {
				return "", err
			}
			return check(ctx, idb, a, f, cfg.Rules)
		}}
}

// setProbationEnd keeps the probation's end on the record.
func (s *Service) setProbationEnd(ctx context.Context, tx bun.Tx, r *Record, end date.Date) error {
	if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("probation_ends_on = ?", end).Where("id = ?", r.ID).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	r.ProbationEndsOn = end
	return nil
}

// tracks tells whether record r's configuration tracks step (an untracked
// step has no row to check a rule against).
func (s *Service) tracks(ctx context.Context, idb bun.IDB, r *Record, step string) (bool, error) {
	cfg, _, err := s.config(ctx, idb, r.ConfigVersion)
	if err != nil {
		return false, err
	}
	return cfg.step(step).Tracked || alwaysTracked[step], nil
}

// politicalReviewRule: the political review (⑩) is valid for
// politicalReviewMonths (12) up to the step's date (RULES.md §2).
func (s *Service) politicalReviewRule() flow.Rule[Record] {
	return configuredRule(s, RulePoliticalReview, "date",
		func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
			if tracked, err := s.tracks(ctx, idb, a.Record, StepPoliticalReview); err != nil || !tracked {
				return "", err
			}
			reviewed, err := s.doneOn(ctx, idb, a.ID, StepPoliticalReview)
			if err != nil {
				return "", err
			}
			if reviewed.IsZero() {
				return "尚未进行政治审查", nil
			}
			if until := reviewed.AddMonths(rc.PoliticalReviewMonths); f.Date.After(until) {
				return fmt.Sprintf("政治审查于 %s 完成，有效期 %d 个月至 %s，请重新进行政治审查", reviewed, rc.PoliticalReviewMonths, until), nil
			}
			return "", nil
		})
}

// meetingAfterPreRule: the branch meeting is held within
// meetingAfterPreMonths (1) of the committee's pre-review (⑬).
func (s *Service) meetingAfterPreRule() flow.Rule[Record] {
	return configuredRule(s, RuleMeetingAfterPre, "date",
		func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
			if tracked, err := s.tracks(ctx, idb, a.Record, StepPreReview); err != nil || !tracked {
				return "", err
			}
			pre, err := s.doneOn(ctx, idb, a.ID, StepPreReview)
			if err != nil || pre.IsZero() {
				return "", err
			}
			if until := pre.AddMonths(rc.MeetingAfterPreMonths); f.Date.After(until) {
				return fmt.Sprintf("上级党委于 %s 预审，支部大会应在 %s 前召开", pre, until), nil
			}
			return "", nil
		})
}

// leavingRule: a target leaving the school within leavingMonths (3) of
// the meeting is not admitted (RULES.md §2); leaving exactly then is.
func (s *Service) leavingRule() flow.Rule[Record] {
	return configuredRule(s, RuleLeaving, "date",
		func(_ context.Context, _ bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
			if a.Record.LeavingOn.IsZero() {
				return "", nil
			}
			if earliest := f.Date.AddMonths(rc.LeavingMonths); a.Record.LeavingOn.Before(earliest) {
				return fmt.Sprintf("预计 %s 离校，距支部大会不足 %d 个月", a.Record.LeavingOn, rc.LeavingMonths), nil
			}
			return "", nil
		})
}

// reportForm is ⑯'s form: who talked, and when the resolution was reported.
type reportForm struct {
	Date       date.Date `json:"date"`
	Talker     string    `json:"talker"`
	ReportedOn date.Date `json:"reportedOn"`
}

// reportInTimeRule: the branch resolution reaches the committee within
// reportRediscussMonths (3) of the meeting; later it must be discussed
// again (退回 ⑮), and after reportRestartMonths (6) the procedure starts
// over (RULES.md §2).
func (s *Service) reportInTimeRule() flow.Rule[Record] {
	return configuredRule(s, RuleReportInTime, "reportedOn",
		func(_ context.Context, _ bun.IDB, a *flow.Act[Record], f reportForm, rc RuleConfig) (string, error) {
			if f.ReportedOn.IsZero() {
				return "", httpx.Invalid("reportedOn", "请填写决议上报日期")
			}
			if _, ok := date.Parse(string(f.ReportedOn)); !ok {
				return "", httpx.Invalid("reportedOn", "决议上报日期格式应为 YYYY-MM-DD")
			}
			meeting := a.Record.AdmittedOn
			if f.ReportedOn.Before(meeting) || f.ReportedOn.After(f.Date) {
				return "", httpx.Invalid("reportedOn", "决议上报日期应在支部大会（%s）与谈话日期之间", meeting)
			}
			if restart := meeting.AddMonths(rc.ReportRestartMonths); f.ReportedOn.After(restart) {
				return fmt.Sprintf("支部大会（%s）决议超过 %d 个月才上报，须重新履行发展程序，请以「不通过」结束本记录",
					meeting, rc.ReportRestartMonths), nil
			}
			if rediscuss := meeting.AddMonths(rc.ReportRediscussMonths); f.ReportedOn.After(rediscuss) {
				return fmt.Sprintf("支部大会（%s）决议超过 %d 个月才上报，须退回支部大会重新讨论", meeting, rc.ReportRediscussMonths), nil
			}
			return "", nil
		})
}

// lateForm is the form of a step that may be late with a reason (⑰).
type lateForm struct {
	Date       date.Date `json:"date"`
	LateReason string    `json:"lateReason"`
}

// approvalInTimeRule: the committee approves within approvalNormalMonths
// (3) of the branch meeting; up to approvalMaxMonths (6) with the reason
// written down (kept in the record's flags); never later (RULES.md §2).
func (s *Service) approvalInTimeRule() flow.Rule[Record] {
	return configuredRule(s, RuleApprovalInTime, "date",
		func(_ context.Context, _ bun.IDB, a *flow.Act[Record], f lateForm, rc RuleConfig) (string, error) {
			meeting := a.Record.AdmittedOn
			if latest := meeting.AddMonths(rc.ApprovalMaxMonths); f.Date.After(latest) {
				return fmt.Sprintf("支部大会于 %s 召开，审批最迟应在 %s 前完成，已超期", meeting, latest), nil
			}
			if f.Date.After(meeting.AddMonths(rc.ApprovalNormalMonths)) && strings.TrimSpace(f.LateReason) == "" {
				return "", httpx.Invalid("lateReason", "支部大会于 %s 召开，超过 %d 个月审批须填写延期原因", meeting, rc.ApprovalNormalMonths)
			}
			return "", nil
		})
}

// cancellingOnRejection adds to each of hooks that 不通过 of a record whose
// person entered the member base (⑰ approved; a record returned to an
// earlier step after it keeps its member) ends the probation: 取消预备党员资格,
// the member record follows. A record without a member changes nothing.
// At ⑫ … ⑰ the record still holds its plan place: a rejection, or a return
// to ⑦ or before, gives it back (releasePlanOnReturnOrEnd).
func (s *Service) cancellingOnRejection(hooks map[string]hook) map[string]hook {
	for key, h := range hooks {
		own := h.after
		holdsPlace := stepDef(key) != nil && stepDef(key).Stage == StageTarget // ⑫ … ⑰: the record holds a plan place
		h.after = func(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
			if holdsPlace {
				if err := s.releasePlanOnReturnOrEnd(ctx, tx, a); err != nil {
					return err
				}
			}
			if a.Result == flow.Reject {
				return s.memberProbationCancelled(ctx, tx, a.Record, date.Of(a.At.In(date.China)))
			}
			if own != nil {
				return own(ctx, tx, a)
			}
			return nil
		}
		hooks[key] = h
	}
	return hooks
}
