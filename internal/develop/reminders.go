package develop

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// Smart reminders of the development (codes 110–116 of platform/remind):
// each finds the records whose matter falls due by the rule's horizon and
// is still open; a record that moves on drops out and its reminder closes
// at the next run. Dates follow each record's own configuration version.
const (
	ReminderTalkDue          = 110 // ② 谈话 due within talkWithinMonths of the application
	ReminderReviewDue        = 111 // ⑥ an activist's 6-monthly review due
	ReminderTargetEligible   = 112 // ⑦ 12 months as activist reached: may become 发展对象
	ReminderNoticeEnding     = 113 // a public notice ends: its records may go on
	ReminderApprovalWaiting  = 114 // ⑰/㉔ waiting at the committee too long
	ReminderProbationEnding  = 115 // the probation (with extensions) ends: 转正 to discuss
	ReminderResolutionExpiry = 116 // ⑮ done, ⑰ not: the 3 months of the resolution run out
)

// approvalWaitDays is how long ⑰ or ㉔ may wait at the committee before it
// is reminded, when the configuration gives the step no DueDays.
const approvalWaitDays = 30

// reminders are the module's reminder kinds (module.Module.Reminders).
func (s *Service) reminders() []remind.Kind {
	return []remind.Kind{
		{Type: ReminderTalkDue, Name: "入党申请人谈话到期提醒", Window: 7, Finder: remind.FinderFunc(s.talksDue)},
		{Type: ReminderReviewDue, Name: "入党积极分子考察到期提醒", Window: 14, Finder: remind.FinderFunc(s.reviewsDue)},
		{Type: ReminderTargetEligible, Name: "可确定为发展对象提醒", Window: 30, Finder: remind.FinderFunc(s.targetsEligible)},
		{Type: ReminderNoticeEnding, Name: "发展党员公示期满提醒", Window: 2, Finder: remind.FinderFunc(s.noticesEnding)},
		{Type: ReminderApprovalWaiting, Name: "上级党委审批待办提醒", Window: 0, Finder: remind.FinderFunc(s.approvalsWaiting)},
		{Type: ReminderProbationEnding, Name: "预备党员预备期届满提醒", Window: 30, Finder: remind.FinderFunc(s.probationsEnding)},
		{Type: ReminderResolutionExpiry, Name: "接收预备党员决议即将超期提醒", Window: 14, Finder: remind.FinderFunc(s.resolutionsExpiring)},
	}
}

// dueRow is what the finders read of a record.
type dueRow struct {
	ID              int64     `bun:"id"`
	Name            string    `bun:"name"`
	OrgID           int64     `bun:"org_id"`
	ConfigVersion   int       `bun:"config_version"`
	Step            string    `bun:"step"`
	AppliedOn       date.Date `bun:"applied_on"`
	ActivistOn      date.Date `bun:"activist_on"`
	AdmittedOn      date.Date `bun:"admitted_on"`
	ProbationEndsOn date.Date `bun:"probation_ends_on"`
	// Since is a finder's own date (the last review, the step's arrival).
	Since date.Date `bun:"since"`
	// ActingOrgID is the organisation acting at the step (the workflow's).
	ActingOrgID *int64 `bun:"acting_org_id"`
}

// dueText is a reminder's date, title and content for one record.
type dueText struct {
	on             date.Date
	title, content string
	org            int64 // who hears of it (0: the record's branch)
}

// dueByRule reads the records where selects (dev_record AS r) and
// reminds of those whose date (text, from the record and its
// configuration) is on or before until.
func (s *Service) dueByRule(ctx context.Context, until date.Date, where func(q *bun.SelectQuery) *bun.SelectQuery,
	text func(r dueRow, cfg Config) dueText) ([]remind.Due, error) {
	read := func(ctx context.Context, _ date.Date) ([]dueRow, error) {
		var rows []dueRow
		q := s.db.NewSelect().TableExpr("dev_record AS r").
			Column("r.id", "r.name", "r.org_id", "r.config_version", "r.step", "r.applied_on", "r.activist_on", "r.admitted_on", "r.probation_ends_on").
			OrderExpr("r.id")
		if err := where(q).Scan(ctx, &rows); err != nil {
			return nil, err
		}
		return rows, nil
	}
	return remind.Scan(read, func(ctx context.Context, r dueRow) (remind.Due, error) {
		cfg, _, err := s.config(ctx, s.db, r.ConfigVersion)
		if err != nil {
			return remind.Due{}, err
		}
		t := text(r, cfg)
		if t.org == 0 {
			t.org = r.OrgID
		}
		return remind.Due{RecordID: r.ID, OrgID: t.org, DueOn: t.on, Link: recordLink(r.ID), Title: t.title, Content: t.content}, nil
	}).Due(ctx, until)
}

func recordLink(id int64) string { return fmt.Sprintf("/develop/record?id=%d", id) }

// talksDue: an applicant not talked to yet, talkWithinMonths (1) after the
// application (RULES.md §2).
func (s *Service) talksDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.dueByRule(ctx, until, func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("r.step = ?", StepTalk) },
		func(r dueRow, cfg Config) dueText {
			rc := cfg.Rules
			due := rc.talkDue(r.AppliedOn)
			return dueText{due, fmt.Sprintf("入党申请人%s应于%s前完成谈话", r.Name, due),
				fmt.Sprintf("入党申请人：%s；申请日期：%s；党组织应在收到入党申请书后%d个月内派人谈话。", r.Name, r.AppliedOn, rc.TalkWithinMonths), 0}
		})
}

// reviewsDue: an activist is reviewed every reviewEveryMonths (6) since
// becoming one; the next review is due that long after the last.
func (s *Service) reviewsDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.dueByRule(ctx, until, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("(SELECT MAX(rv.reviewed_on) FROM dev_review AS rv WHERE rv.record_id = r.id AND rv.kind = 'activist') AS since").
			Where("r.stage = ?", StageActivist).Where("r.activist_on IS NOT NULL")
	}, func(r dueRow, cfg Config) dueText {
		rc := cfg.Rules
		last := r.ActivistOn
		if r.Since.After(last) {
			last = r.Since
		}
		due := last.AddMonths(rc.ReviewEveryMonths)
		return dueText{due, fmt.Sprintf("入党积极分子%s应于%s前进行培养考察", r.Name, due),
			fmt.Sprintf("入党积极分子：%s；上次考察（或确定为积极分子）：%s；支部每%d个月考察一次。", r.Name, last, rc.ReviewEveryMonths), 0}
	})
}

// targetsEligible: an activist waiting at ⑦ reaches activistMinMonths
// (12) as activist and may be made 发展对象 (RULES.md §2).
func (s *Service) targetsEligible(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.dueByRule(ctx, until, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("r.step = ?", StepTarget).Where("r.activist_on IS NOT NULL")
	}, func(r dueRow, cfg Config) dueText {
		rc := cfg.Rules
		due := r.ActivistOn.AddMonths(rc.ActivistMinMonths)
		return dueText{due, fmt.Sprintf("入党积极分子%s于%s满%d个月培养期，可讨论确定为发展对象", r.Name, due, rc.ActivistMinMonths),
			fmt.Sprintf("入党积极分子：%s；确定为积极分子：%s。", r.Name, r.ActivistOn), 0}
	})
}

// noticeSteps are the steps each kind of notice precedes.
var noticeSteps = map[string]string{NoticeTarget: StepTarget, NoticeAdmit: StepBranchMeeting, NoticeFull: StepFullMeeting}

// noticesEnding: a public notice ends while records it lists still wait at
// the step it precedes (the branch may hold its meeting after it).
func (s *Service) noticesEnding(ctx context.Context, until date.Date) ([]remind.Due, error) {
	read := func(ctx context.Context, until date.Date) ([]Notice, error) {
		var notices []Notice
		err := s.db.NewSelect().Model(&notices).Where("n.end_on <= ?", until).
			Where(`EXISTS (SELECT 1 FROM dev_notice_item AS ni JOIN dev_record AS r ON r.id = ni.record_id
				WHERE ni.notice_id = n.id AND r.step = CASE n.kind WHEN ? THEN ? WHEN ? THEN ? WHEN ? THEN ? END)`,
				NoticeTarget, noticeSteps[NoticeTarget], NoticeAdmit, noticeSteps[NoticeAdmit], NoticeFull, noticeSteps[NoticeFull]).
			OrderExpr("n.id").Scan(ctx)
		return notices, err
	}
	return remind.Scan(read, func(_ context.Context, n Notice) (remind.Due, error) {
		return remind.Due{RecordID: n.ID, OrgID: n.OrgID, DueOn: n.EndOn,
			Link:    fmt.Sprintf("/develop/notice?id=%d", n.ID),
			Title:   fmt.Sprintf("公示“%s”于%s期满，请及时办理后续环节", n.Title, n.EndOn),
			Content: fmt.Sprintf("公示：%s；公示期 %s 至 %s。", n.Title, n.StartOn, n.EndOn)}, nil
	}).Due(ctx, until)
}

// approvalsWaiting: a record waiting at ⑰ or ㉔ for the committee longer
// than the step's DueDays (or approvalWaitDays) since it arrived (the
// date of the step before it); the acting committee hears of it.
func (s *Service) approvalsWaiting(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.dueByRule(ctx, until, func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.ColumnExpr("(SELECT MAX(ds.done_on) FROM dev_step AS ds WHERE ds.record_id = r.id) AS since")
		return s.wf.ActingOrgJoin("r.id")(q).Where("r.step IN (?)", bun.List([]string{StepCommitteeApproval, StepFullApproval}))
	}, func(r dueRow, cfg Config) dueText {
		wait := cfg.step(r.Step).DueDays
		if wait <= 0 {
			wait = approvalWaitDays
		}
		since := r.Since
		if since.IsZero() {
			since = r.AppliedOn
		}
		var org int64
		if r.ActingOrgID != nil {
			org = *r.ActingOrgID
		}
		name := stepDef(r.Step).Name
		return dueText{since.AddDays(wait), fmt.Sprintf("%s的「%s」自%s起待办，请及时审批", r.Name, name, since),
			fmt.Sprintf("发展党员记录：%s；待办环节：%s；上一环节办理日期：%s。", r.Name, name, since), org}
	})
}

// probationEndingSteps are the steps of a probation not yet discussed.
var probationEndingSteps = []string{StepDeptFiling, StepPlacement, StepOath, StepProbationEducation, StepFullApplication, StepFullMeeting}

// probationsEnding: the probation (one year from the branch meeting, plus
// any extension) ends before the branch discussed the 转正 (RULES.md §2).
func (s *Service) probationsEnding(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.dueByRule(ctx, until, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("r.step IN (?)", bun.List(probationEndingSteps)).Where("r.probation_ends_on <= ?", until)
	}, func(r dueRow, _ Config) dueText {
		return dueText{r.ProbationEndsOn, fmt.Sprintf("预备党员%s的预备期于%s届满，请及时讨论其转正", r.Name, r.ProbationEndsOn),
			fmt.Sprintf("预备党员：%s；支部大会接收：%s；预备期届满：%s。", r.Name, r.AdmittedOn, r.ProbationEndsOn), 0}
	})
}

// resolutionsExpiring: the branch meeting admitted the target (⑮) but the
// committee has not approved (⑰): it should within approvalNormalMonths
// (3) of the meeting (RULES.md §2).
func (s *Service) resolutionsExpiring(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.dueByRule(ctx, until, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("r.stage = ?", StageTarget).Where("r.admitted_on IS NOT NULL").Where("r.approved_on IS NULL")
	}, func(r dueRow, cfg Config) dueText {
		rc := cfg.Rules
		due := r.AdmittedOn.AddMonths(rc.ApprovalNormalMonths)
		return dueText{due, fmt.Sprintf("%s的接收预备党员决议将于%s满%d个月，请及时报上级党委审批", r.Name, due, rc.ApprovalNormalMonths),
			fmt.Sprintf("发展对象：%s；支部大会：%s；上级党委审批一般不超过%d个月，最长%d个月。", r.Name, r.AdmittedOn, rc.ApprovalNormalMonths, rc.ApprovalMaxMonths), 0}
	})
}
