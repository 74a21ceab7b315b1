package oversight

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
	"zhdj/internal/transfer"
)

// Reminders of the members' standing (RULES.md §3), codes 125–127 of
// platform/remind. Each reads the member's latest completed transfer: its
// kind is the state the member is in, and its date (happened_on: lost
// contact since, departure, suspension; done_on when the transfer gives
// none) is when that state began. A member whose status no longer matches
// (found again, back from abroad, removed) drops out and the reminder
// closes at the next run. The organisation managing the member (the member
// record's) hears of it.
const (
	ReminderLostContact = 125 // 失联 ≥ 6 months → 停止党籍 suggested
	ReminderSuspended   = 126 // 停止党籍 2 more years → 除名 suggested
	ReminderAbroad      = 127 // 出国（境）暂留 more than 5 years → 停止党籍 suggested
)

// reminders are the module's reminder kinds (module.Module.Reminders), one
// per standing rule.
func (s *Service) reminders() []remind.Kind {
	kinds := make([]remind.Kind, len(standingRules))
	for i, sr := range standingRules {
		kinds[i] = remind.Kind{Type: sr.Type, Name: sr.Name, Window: sr.Window, Finder: s.standingFinder(sr)}
	}
	return append(kinds, s.quitKind())
}

// standing is a member's latest completed transfer of one kind.
type standing struct {
	TransferID int64     `bun:"id"`
	MemberID   int64     `bun:"member_id"`
	Name       string    `bun:"name"`
	OrgID      int64     `bun:"org_id"`
	Since      date.Date `bun:"since"`
	OtherOrg   string    `bun:"other_org"`
}

// latestDone selects, for members in status, the completed transfers of
// kind that are their latest completed transfer (by completion date, then
// id).
func (s *Service) latestDone(kind, status string) *bun.SelectQuery {
	members := s.members.SelectBriefs(s.db, status)
	return s.db.NewSelect().TableExpr("zzgx_transfer AS t").Join("JOIN (?) AS m ON m.id = t.member_id", members).
		ColumnExpr("t.id, t.member_id, m.name, m.org_id, t.other_org").
		ColumnExpr("COALESCE(t.happened_on, t.done_on) AS since").
		Where("t.kind = ?", kind).Where("t.state = ?", transfer.StateDone).
		Where(`NOT EXISTS (SELECT 1 FROM zzgx_transfer AS l WHERE l.member_id = t.member_id AND l.state = ?
			AND (l.done_on > t.done_on OR (l.done_on = t.done_on AND l.id > t.id)))`, transfer.StateDone).
		OrderExpr("t.id")
}

// standingFinder reads the standings of sr's kind and status and reminds
// of those whose due date, by the rules as set at the run, is on or before
// until.
func (s *Service) standingFinder(sr standingRule) remind.Finder {
	read := func(ctx context.Context, _ date.Date) ([]standing, error) {
		var rows []standing
		if err := s.latestDone(sr.kind, sr.status).Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		return rows, nil
	}
	return remind.FinderFunc(func(ctx context.Context, until date.Date) ([]remind.Due, error) {
		r := s.rules(ctx)
		return remind.Scan(read, func(_ context.Context, st standing) (remind.Due, error) {
			if st.Since.IsZero() {
				return remind.Due{}, nil
			}
			on := sr.due(st.Since, r)
			title, content := sr.text(st, on, r)
			return remind.Due{RecordID: st.TransferID, OrgID: st.OrgID, DueOn: on, Title: title, Content: content,
				Link: transfer.LinkOf(sr.kind, st.TransferID)}, nil
		}).Due(ctx, until)
	})
}

// Rules are the settings of the three reminders.
type Rules struct {
	LostMonths     int
	SuspendedYears int
	AbroadYears    int
}

// rules reads the settings (the rules' defaults when unset or not a
// positive whole number).
func (s *Service) rules(ctx context.Context) Rules {
	return Rules{LostMonths: s.sys.SettingInt(ctx, CfgLostMonths, DefaultLostMonth),
		SuspendedYears: s.sys.SettingInt(ctx, CfgSuspendYears, DefaultSuspend),
		AbroadYears:    s.sys.SettingInt(ctx, CfgAbroadYears, DefaultAbroad)}
}

// LostSuspensionDue is the day a member lost since since has been lost
// for months (RULES.md §3: lost contact ≥ 6 months → suspended).
func LostSuspensionDue(since date.Date, months int) date.Date { return since.AddMonths(months) }

// SuspendedRemovalDue is the day a member suspended on since has been
// suspended for years (RULES.md §3: still lost after 2 more years → removed).
func SuspendedRemovalDue(since date.Date, years int) date.Date { return since.AddYears(years) }

// AbroadSuspensionDue is the first day a member who left on since has
// been abroad more than years (> 5 years → suspended).
func AbroadSuspensionDue(since date.Date, years int) date.Date {
	return since.AddYears(years).AddDays(1)
}

// standingRule is one of the reminders: the standing it reads (the kind
// of the member's latest completed transfer and the status the member is
// still in), the day it falls due and its message.
type standingRule struct {
	Type, Window int
	Name         string
	kind, status string
	due          func(since date.Date, r Rules) date.Date
	text         func(st standing, on date.Date, r Rules) (title, content string)
}

var standingRules = []standingRule{
	// A lost member (DY_ZT 失联) lost for LostMonths is to be suspended.
	{Type: ReminderLostContact, Name: "失联党员停止党籍提醒", Window: 30, kind: transfer.KindLost, status: member.StatusLost,
		due: func(since date.Date, r Rules) date.Date { return LostSuspensionDue(since, r.LostMonths) },
		text: func(st standing, on date.Date, r Rules) (string, string) {
			return fmt.Sprintf("党员%s自%s失去联系，%s满%d个月，建议停止其党籍", st.Name, st.Since, on, r.LostMonths),
				fmt.Sprintf("失联党员：%s；失去联系：%s。与党组织失去联系满%d个月的党员，应停止其党籍。", st.Name, st.Since, r.LostMonths)
		}},
	// A suspended member (DY_ZT 停止党籍) still so SuspendedYears later is to be removed.
	{Type: ReminderSuspended, Name: "停止党籍党员除名提醒", Window: 30, kind: transfer.KindSuspend, status: member.StatusSuspended,
		due: func(since date.Date, r Rules) date.Date { return SuspendedRemovalDue(since, r.SuspendedYears) },
		text: func(st standing, on date.Date, r Rules) (string, string) {
			return fmt.Sprintf("党员%s于%s停止党籍，%s满%d年，仍无联系的应予除名", st.Name, st.Since, on, r.SuspendedYears),
				fmt.Sprintf("停止党籍党员：%s；停止党籍：%s。停止党籍满%d年后仍无法取得联系的，按自行脱党予以除名。", st.Name, st.Since, r.SuspendedYears)
		}},
	// A member abroad (出国（境）暂留 their latest transfer, still 正常) for
	// more than AbroadYears is to be suspended.
	{Type: ReminderAbroad, Name: "出国（境）暂留超期提醒", Window: 60, kind: transfer.KindAbroad, status: member.StatusNormal,
		due: func(since date.Date, r Rules) date.Date { return AbroadSuspensionDue(since, r.AbroadYears) },
		text: func(st standing, on date.Date, r Rules) (string, string) {
			where := ""
			if st.OtherOrg != "" {
				where = "（" + st.OtherOrg + "）"
			}
			return fmt.Sprintf("党员%s自%s出国（境）%s，%s起超过%d年，建议停止其党籍", st.Name, st.Since, where, on, r.AbroadYears),
				fmt.Sprintf("出国（境）暂留党员：%s；出国（境）：%s。出国（境）超过%d年未恢复组织生活的，应停止其党籍。", st.Name, st.Since, r.AbroadYears)
		}},
}
