package develop

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// Rules of ④ to ⑦ (RULES.md §2), as refusals name them.
const (
	ruleContacts       = "指定一至两名正式党员作培养联系人"
	ruleReviews        = "党支部每半年对入党积极分子进行一次考察"
	ruleActivistPeriod = "入党积极分子经过一年以上培养教育方可确定为发展对象"
)

// contactsForm is ⑤'s form: the contact persons (member ids).
type contactsForm struct {
	StepForm
	ContactIDs []int64 `json:"contactIds"`
}

// activistHooks are the rules and consequences of steps ④ to ⑦.
func (s *Service) activistHooks() map[string]hook {
	return map[string]hook{
		StepContacts: {rules: []flow.Rule[Record]{configuredRule(s, ruleContacts, "contactIds", func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f contactsForm, rc RuleConfig) (string, error) {
			return s.fullMembersWhy(ctx, idb, f.ContactIDs, 1, rc.ContactPersons, "培养联系人")
		})}},
		StepCultivate: {rules: []flow.Rule[Record]{s.reviewsRule()}},
		StepTarget: {rules: []flow.Rule[Record]{configuredRule(s, ruleActivistPeriod, "date", func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
			r, n := a.Record, rc.ActivistMinMonths
			if r.ActivistOn.IsZero() {
				return "尚未确定为入党积极分子", nil
			}
			if from := r.ActivistOn.AddMonths(n); f.Date.Before(from) {
				return fmt.Sprintf("%s 确定为入党积极分子，%s 起方满 %d 个月", r.ActivistOn, from, n), nil
			}
			return "", nil
		}), s.reviewsRule(), s.noticeRule(NoticeTarget)},
			// The place in the committee's plan is taken last, once every
			// rule passed, in the action's transaction.
			approved: func(ctx context.Context, tx bun.Tx, a *flow.Act[Record], on date.Date) error {
				return s.takePlace(ctx, tx, a.Record, on)
			}},
	}
}

// reviewsRule: since becoming an activist, the branch reviewed the record
// at least every ReviewEveryMonths up to the step's date (an activist
// review on or before each such deadline).
func (s *Service) reviewsRule() flow.Rule[Record] {
	return configuredRule(s, ruleReviews, "date", func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
		return s.reviewGap(ctx, idb, a.Record, f.Date, rc.ReviewEveryMonths)
	})
}

// reviewGap says which review is missing between r becoming an activist and
// upTo when reviews are due every n months ("" when none is): a review due
// on a deadline is in time on the deadline itself.
func (s *Service) reviewGap(ctx context.Context, idb bun.IDB, r *Record, upTo date.Date, n int) (string, error) {
	if r.ActivistOn.IsZero() {
		return "尚未确定为入党积极分子", nil
	}
	var days []date.Date
	if err := idb.NewSelect().Model((*Review)(nil)).Column("reviewed_on").Where("record_id = ?", r.ID).
		Where("kind = ?", ReviewActivist).Where("reviewed_on >= ?", r.ActivistOn).Where("reviewed_on <= ?", upTo).
		OrderExpr("reviewed_on").Scan(ctx, &days); err != nil {
		return "", httpx.Internal(err)
	}
	last := r.ActivistOn
	for _, d := range append(days, upTo) {
		if due := last.AddMonths(n); d.After(due) {
			return fmt.Sprintf("%s 之后应在 %s 前进行考察（每 %d 个月一次），未见考察记录", last, due, n), nil
		}
		last = d
	}
	return "", nil
}

// fullMembersWhy says why ids are not min..max distinct full members in
// normal status with the rights of a member ("" when they are); what names
// them in the message. A member under 留党察看 who has not had their rights
// restored cannot be an 入党介绍人 (细则 第十四条), nor, for the same reason,
// a 培养联系人 (who must be a full member in good standing). Members outside
// the caller's scope are named by their place in the list, not by name.
func (s *Service) fullMembersWhy(ctx context.Context, idb bun.IDB, ids []int64, min, max int, what string) (string, error) {
	distinct := uniq.Of(ids)
	if len(distinct) != len(ids) {
		return what + "不能重复", nil
	}
	if len(ids) < min || len(ids) > max {
		if min == max {
			return fmt.Sprintf("应为 %d 名%s，现为 %d 名", min, what, len(ids)), nil
		}
		return fmt.Sprintf("应为 %d 至 %d 名%s，现为 %d 名", min, max, what, len(ids)), nil
	}
	standings, err := s.members.Standings(ctx, idb, ids)
	if err != nil {
		return "", err
	}
	if len(standings) != len(ids) {
		return "所选" + what + "不存在", nil
	}
	var notFull, watched []string
	for i, id := range ids {
		st := standings[id]
		name := cmp.Or(st.Name, fmt.Sprintf("所选第 %d 名%s", i+1, what))
		switch {
		case st.PartyStatus != member.PartyFull || st.MemberStatus != member.StatusNormal:
			notFull = append(notFull, name)
		case !st.UnderWatchSince.IsZero():
			watched = append(watched, name)
		}
	}
	if len(notFull) > 0 {
		return fmt.Sprintf("%s不是正常状态的正式党员", strings.Join(notFull, "、")), nil
	}
	if len(watched) > 0 {
		return fmt.Sprintf("%s受留党察看处分、尚未恢复党员权利，不能作%s（细则第十四条）", strings.Join(watched, "、"), what), nil
	}
	return "", nil
}
