package develop

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Decisions of the branch meeting on a probationary member (㉓).
const (
	DecisionFull   = "full"   // 按期转正
	DecisionExtend = "extend" // 延长预备期
	DecisionCancel = "cancel" // 取消预备党员资格
)

// probationHooks are the rules and consequences of steps ⑲ to ㉕ (㉕
// archives a full member: it has none).
func (s *Service) probationHooks() map[string]hook {
	return s.cancellingOnRejection(map[string]hook{
		StepPlacement:          {},
		StepOath:               {},
		StepProbationEducation: {},
		StepFullApplication:    {},
		StepFullMeeting: {rules: []flow.Rule[Record]{s.quorumRule(), s.majorityRule(), s.fullDecisionRule(), s.extensionRule(),
			s.fullNoticeRule()}},
		StepFullApproval: {rules: []flow.Rule[Record]{s.cancelByRejectionRule(), s.fullApprovalRule(), s.extensionRule(),
			s.committeeVoteRule()}, next: s.afterFullApproval, approved: s.fullApproved},
	})
}

// fullDecisionRule: the meeting decides 转正 on or after the probation's
// end, an extension of extensionMinMonths..extensionMaxMonths (6..12), or
// to cancel (RULES.md §2).
func (s *Service) fullDecisionRule() flow.Rule[Record] {
	return configuredRule(s, RuleFullDecision, "decision",
		func(_ context.Context, _ bun.IDB, a *flow.Act[Record], f meetingForm, rc RuleConfig) (string, error) {
			switch f.Decision {
			case DecisionFull:
				if end := a.Record.ProbationEndsOn; !end.IsZero() && f.Date.Before(end) {
					return fmt.Sprintf("预备期至 %s 届满，届满后方可讨论转正", end), nil
				}
			case DecisionExtend:
				if f.ExtendMonths < rc.ExtensionMinMonths || f.ExtendMonths > rc.ExtensionMaxMonths {
					return "", httpx.Invalid("extendMonths", "延长预备期须为 %d 至 %d 个月", rc.ExtensionMinMonths, rc.ExtensionMaxMonths)
				}
			case DecisionCancel:
			default:
				return "", httpx.Invalid("decision", "请选择转正决定（按期转正、延长预备期或取消预备党员资格）")
			}
			return "", nil
		})
}

// fullNoticeRule: before a 转正 the notice of kind full has run its
// working days; an extension or a cancellation needs none.
func (s *Service) fullNoticeRule() flow.Rule[Record] {
	notice := s.noticeRule(NoticeFull)
	check := notice.Check
	notice.Check = func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
		var f meetingForm
		if err := form(a, &f); err != nil {
			return "", err
		}
		if f.Decision != DecisionFull {
			return "", nil
		}
		return check(ctx, idb, a)
	}
	return notice
}

// fullMeetingOf is the form ㉓ was last done with for record id.
func (s *Service) fullMeetingOf(ctx context.Context, idb bun.IDB, id int64) (meetingForm, error) {
	var f meetingForm
	done, err := s.stepData(ctx, idb, id, StepFullMeeting, &f)
	if err != nil {
		return f, err
	}
	if !done {
		return f, httpx.BadRequest("尚未召开支部大会讨论转正")
	}
	return f, nil
}

// cancelByRejectionRule: a cancellation decided by the meeting is
// confirmed at ㉔ by 不通过, which ends the record (通过 would lead on to
// the archive of a full member).
func (s *Service) cancelByRejectionRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: RuleCancelByRejection, Field: "result",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			meeting, err := s.fullMeetingOf(ctx, idb, a.ID)
			if err != nil {
				return "", err
			}
			if meeting.Decision == DecisionCancel {
				return "支部大会决定取消其预备党员资格，上级党委同意时请选择「不通过」", nil
			}
			return "", nil
		}}
}

// fullApprovalRule: the committee approves within fullApprovalMonths (3)
// of the branch meeting on it (RULES.md §2).
func (s *Service) fullApprovalRule() flow.Rule[Record] {
	return configuredRule(s, RuleFullApprovalTime, "date",
		func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
			meeting, err := s.fullMeetingOf(ctx, idb, a.ID)
			if err != nil {
				return "", err
			}
			if until := meeting.Date.AddMonths(rc.FullApprovalMonths); f.Date.After(until) {
				return fmt.Sprintf("支部大会于 %s 讨论转正，审批应在 %s 前完成", meeting.Date, until), nil
			}
			return "", nil
		})
}

// afterFullApproval: an approved extension goes back to the probation's
// education (㉑); the decision was kept by ㉓, an earlier committed action,
// so it is read outside the action's transaction (Next has none).
func (s *Service) afterFullApproval(a *flow.Act[Record]) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	meeting, err := s.fullMeetingOf(ctx, s.db, a.ID)
	if err == nil && meeting.Decision == DecisionExtend {
		return StepProbationEducation
	}
	return ""
}

// fullApproved carries out the meeting's decision approved at ㉔: 转正 makes
// the member full on the probation's end (the record's full date too);
// an extension moves the probation's end.
func (s *Service) fullApproved(ctx context.Context, tx bun.Tx, a *flow.Act[Record], on date.Date) error {
	meeting, err := s.fullMeetingOf(ctx, tx, a.ID)
	if err != nil {
		return err
	}
	r := a.Record
	switch meeting.Decision {
	case DecisionExtend:
		// Once only (细则第三十二条): the record's count goes from 0 to 1 in
		// the one statement that moves the probation's end.
		end := r.ProbationEndsOn.AddMonths(meeting.ExtendMonths)
		// The approval's date is kept on the record (the step row is
		// replaced when ㉔ is done again): 党内统计 counts the extension then.
		res, err := tx.NewUpdate().Model((*Record)(nil)).Set("probation_ends_on = ?", end).Set("full_on = NULL").
			Set("extensions = extensions + 1").Set("extended_on = ?", on).Where("id = ?", r.ID).Where("extensions = 0").Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.BadRequest("不符合「%s」：预备期已延长过一次，不能再次延长", RuleExtension)); err != nil {
			return err
		}
		r.ProbationEndsOn, r.FullOn, r.Extensions, r.ExtendedOn = end, "", r.Extensions+1, on
		return nil
	case DecisionFull:
		fullOn := r.ProbationEndsOn
		if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("full_on = ?", fullOn).Where("id = ?", r.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		r.FullOn = fullOn
		return s.memberTurnsFull(ctx, tx, r, fullOn)
	}
	return nil
}
