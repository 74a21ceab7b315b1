package transfer

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// The causes of 停止党籍 (KindSuspend's sub-kinds), 《中国共产党党员教育管理
// 工作条例》(2019) 第二十四条: a member who has lost contact with the party for
// six months, or who has been abroad for study or research beyond five
// years, may be suspended; one of them must be recorded.
const (
	SuspendLost   = "lost_contact" // 与党组织失去联系满6个月
	SuspendAbroad = "abroad_long"  // 出国（境）学习研究超过5年
)

// The periods of 第二十四条, the regulation's (not settings: the reminders
// of the oversight may warn earlier, a decision may not come earlier).
const (
	LostMonthsBeforeSuspension  = 6 // 失去联系满6个月 → 停止党籍
	AbroadYearsBeforeSuspension = 5 // 出国（境）学习研究超过5年 → 停止党籍
	SuspendedYearsBeforeRemoval = 2 // 停止党籍2年后仍无法取得联系 → 除名
)

// article is the regulation the standing rules cite in their refusals.
const article = "《中国共产党党员教育管理工作条例》第二十四条"

// SuspendableOn is the first day a member lost since since may be
// suspended: six months on, that day included (lost on 31 March: 30 September).
func SuspendableOn(lostSince date.Date) date.Date {
	return lostSince.AddMonths(LostMonthsBeforeSuspension)
}

// AbroadSuspendableOn is the first day a member who went abroad on left has
// been abroad beyond five years (five years exactly is not beyond).
func AbroadSuspendableOn(left date.Date) date.Date {
	return left.AddYears(AbroadYearsBeforeSuspension).AddDays(1)
}

// RemovableOn is the first day a member suspended on since may be removed
// (除名): two years on, that day included.
func RemovableOn(suspended date.Date) date.Date {
	return suspended.AddYears(SuspendedYearsBeforeRemoval)
}

// Standing is a member's latest completed transfer: its kind is the state
// the member is in (失联, 出国（境）暂留, 停止党籍 …) and Since when that
// began (the fact's date, else the completion's).
type Standing struct {
	Kind  string    `bun:"kind"`
	Since date.Date `bun:"since"`
}

// StandingOf reads member id's standing through idb, leaving transfer
// except out (the one being completed), or a zero Standing when no transfer
// of theirs was completed.
func StandingOf(ctx context.Context, idb bun.IDB, id, except int64) (Standing, error) {
	var st Standing
	err := idb.NewSelect().TableExpr("zzgx_transfer AS t").ColumnExpr("t.kind, COALESCE(t.happened_on, t.done_on) AS since").
		Where("t.member_id = ?", id).Where("t.state = ?", StateDone).Where("t.id <> ?", except).OrderExpr("t.done_on DESC, t.id DESC").Limit(1).Scan(ctx, &st)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, httpx.Internal(err)
	}
	return st, nil
}

// checkStanding applies 第二十四条 to t, of a member in status: a suspension
// needs its cause (lost contact for six months by t's date, or abroad
// beyond five years), and 除名 (出党 as 自行脱党) of a suspended member comes
// two years after the suspension at the earliest. Called when a transfer
// starts and again in its last approval's transaction.
func checkStanding(ctx context.Context, idb bun.IDB, t *Transfer, status string) error {
	removal := t.Kind == KindLeave && t.SubKind == LeaveQuit && status == member.StatusSuspended
	if t.Kind != KindSuspend && !removal {
		return nil
	}
	st, err := StandingOf(ctx, idb, deref(t.MemberID), t.ID)
	if err != nil {
		return err
	}
	on := t.HappenedOn
	switch {
	case removal:
		if st.Kind != KindSuspend || st.Since.IsZero() {
			return httpx.Invalid("subKind", "该党员没有已办结的停止党籍记录，不能按停止党籍后除名办理（%s）", article)
		}
		if due := RemovableOn(st.Since); on.Before(due) {
			return httpx.Invalid("happenedOn", "停止党籍2年后仍无法取得联系的方可除名（%s）：该党员于%s停止党籍，%s满2年", article, st.Since, due)
		}
	case t.SubKind == SuspendLost:
		if status != member.StatusLost || st.Kind != KindLost || st.Since.IsZero() {
			return httpx.Invalid("subKind", "该党员不是已办结登记的失联党员，不能以失去联系为由停止党籍（%s）", article)
		}
		if due := SuspendableOn(st.Since); on.Before(due) {
			return httpx.Invalid("happenedOn", "与党组织失去联系满6个月方可停止党籍（%s）：该党员自%s失去联系，%s满6个月", article, st.Since, due)
		}
	case t.SubKind == SuspendAbroad:
		if status != member.StatusNormal || st.Kind != KindAbroad || st.Since.IsZero() {
			return httpx.Invalid("subKind", "该党员没有已办结的出国（境）暂留记录，不能以出国（境）超过5年为由停止党籍（%s）", article)
		}
		if due := AbroadSuspendableOn(st.Since); on.Before(due) {
			return httpx.Invalid("happenedOn", "出国（境）学习研究超过5年方可停止党籍（%s）：该党员于%s出国（境），%s起超过5年", article, st.Since, due)
		}
	default:
		return httpx.Invalid("subKind", "请选择停止党籍的原因（%s）", article)
	}
	return nil
}

// checkStandingTx re-applies checkStanding in the last approval's
// transaction, on the member as it is then.
func (s *Service) checkStandingTx(ctx context.Context, tx bun.Tx, t *Transfer) error {
	if t.Kind != KindSuspend && t.Kind != KindLeave {
		return nil
	}
	m, err := s.members.BriefOf(ctx, tx, deref(t.MemberID))
	if err != nil {
		return err
	}
	return checkStanding(ctx, tx, t, m.MemberStatus)
}
