package duty

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/richtext"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

var reportSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":  {Columns: []string{"p.state"}, Kind: httpx.Int, Match: httpx.In},
		"late":   {Columns: []string{"p.late"}, Kind: httpx.Bool},
		"blurry": {Columns: []string{org.NameColumn, "p.name"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"orgName": zh.Name(org.NameColumn), "name": zh.Name("p.name"), "submittedAt": "p.submitted_at", "state": "p.state"},
	DefaultSort: org.PathColumn + ", p.id",
	Key:         "p.id",
}

// reportsQuery selects the reports with their organisation and task.
func reportsQuery(idb bun.IDB) *bun.SelectQuery {
	q := idb.NewSelect().Model((*ReportView)(nil)).ColumnExpr("p.*").
		ColumnExpr("t.title AS task_title, t.kind AS task_kind, t.due_on, t.org_id AS organiser_id").
		Join("JOIN duty_task AS t ON t.id = p.task_id")
	return org.NameJoin("p.org_id")(q)
}

// writes tells whether the caller writes report v: a person's report its
// person alone, a unit's report those who manage the unit (it lies in
// their scope) and may submit.
func (c caller) writes(v *Report) bool {
	if v.MemberID != nil {
		return c.memberID > 0 && *v.MemberID == c.memberID
	}
	return c.scope.Has(v.OrgID) && c.p.Has(PermSubmit)
}

// reviews tells whether the caller reviews a report of organiser's task.
func (c caller) reviews(organiser int64) bool { return c.scope.Has(organiser) && c.p.Has(PermReview) }

func (s *Service) showReport(c caller, v *ReportView) {
	v.StateName = StateNames[v.State]
	v.Mine = c.writes(&v.Report)
	v.CanReview = c.reviews(v.Organiser)
}

// ListReports is a page of task id's reports the caller sees.
func (s *Service) ListReports(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[ReportView], error) {
	c, err := s.who(ctx)
	if err != nil {
		return httpx.PageResult[ReportView]{}, err
	}
	if _, err := s.taskView(ctx, c, id); err != nil {
		return httpx.PageResult[ReportView]{}, err
	}
	q := c.reportsVisible(reportsQuery(s.db).Where("p.task_id = ?", id))
	return httpx.PagedEach(ctx, q, reportSpec, lq, func(v *ReportView) { s.showReport(c, v) })
}

func (s *Service) report(ctx context.Context, c caller, idb bun.IDB, id int64) (*ReportView, error) {
	v := new(ReportView)
	if err := c.reportsVisible(reportsQuery(idb).Where("p.id = ?", id)).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoReport()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	s.showReport(c, v)
	return v, nil
}

// ReportDetail is report id as the caller sees it.
func (s *Service) ReportDetail(ctx context.Context, id int64) (ReportView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return ReportView{}, err
	}
	v, err := s.report(ctx, c, s.db, id)
	if err != nil {
		return ReportView{}, err
	}
	return *v, nil
}

// Mine lists the reports the caller writes: its own as a person and those
// of the units it manages, still to be submitted first, then the latest.
func (s *Service) Mine(ctx context.Context) ([]ReportView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return nil, err
	}
	out := []ReportView{}
	var rows []ReportView
	mine := reportsQuery(s.db)
	if c.memberID > 0 && c.p.Has(PermSubmit) {
		mine = mine.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			g = g.Where("p.member_id = ?", c.memberID)
			return g.WhereOr("p.member_id IS NULL AND p.org_id IN (?)", s.unitIDs(c))
		})
	} else if c.memberID > 0 {
		mine = mine.Where("p.member_id = ?", c.memberID)
	} else {
		mine = mine.Where("p.member_id IS NULL AND p.org_id IN (?)", s.unitIDs(c))
	}
	if err := mine.OrderExpr("CASE WHEN p.state IN (1, 3) THEN 0 ELSE 1 END, t.due_on DESC, p.id DESC").Limit(100).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range rows {
		s.showReport(c, &rows[i])
		if rows[i].Mine {
			out = append(out, rows[i])
		}
	}
	return out, nil
}

// unitIDs is a sub-query of the organisations whose unit reports the
// caller may write: those of its scope (none without one).
func (s *Service) unitIDs(c caller) *bun.SelectQuery {
	q := s.db.NewSelect().TableExpr("duty_report AS u").Column("u.org_id").Where("u.member_id IS NULL")
	if c.scope.All {
		return q
	}
	if len(c.scope.OrgIDs) == 0 {
		return q.Where("1 = 0")
	}
	return q.Where("u.org_id IN (?)", bun.List(c.scope.OrgIDs))
}

// lateOn tells whether a submission at is late for a task due on due: the
// due day itself (in China) is on time, the next day is late.
func lateOn(due date.Date, at time.Time) bool { return date.Of(at.In(date.China)).After(due) }

// change is one transition of report id: read as the caller sees it (404),
// vetted (403, 400), then one conditional UPDATE on the state it expects
// and the version read, so that of two reviewers at once one wins and the
// other gets a 409; after (optional) follows in the transaction.
func (s *Service) change(ctx context.Context, id int64, from []int, vet func(c caller, v *ReportView) error,
	set func(p *Report, due date.Date, now time.Time), after func(ctx context.Context, tx bun.Tx, v *ReportView) error, columns ...string) (ReportView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return ReportView{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		v, err := s.report(ctx, c, tx, id)
		if err != nil {
			return err
		}
		if err := vet(c, v); err != nil {
			return err
		}
		if !slices.Contains(from, v.State) {
			return httpx.BadRequest("报告%s，不能进行此操作", StateNames[v.State])
		}
		next := v.Report
		now := s.now()
		set(&next, v.DueOn, now)
		next.UpdatedAt = now
		res, err := tx.NewUpdate().Model(&next).Column(append(columns, "updated_at")...).WherePK().
			Where("state IN (?)", bun.List(from)).Where("updated_at = ?", v.UpdatedAt).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("报告已被他人处理，请刷新后重试")); err != nil {
			return err
		}
		if after == nil {
			return nil
		}
		return after(ctx, tx, v)
	})
	if err != nil {
		return ReportView{}, httpx.AsError(err)
	}
	return s.ReportDetail(ctx, id)
}

func writable(c caller, v *ReportView) error {
	if !v.Mine {
		if v.MemberID != nil {
			return httpx.Forbidden("只有%s本人可以填写此报告", v.Name)
		}
		return httpx.Forbidden("只有%s的管理员可以填写此报告", v.OrgName)
	}
	return nil
}

func reviewable(c caller, v *ReportView) error {
	if !v.CanReview {
		return httpx.Forbidden("只有发布任务的党组织可以审阅报告")
	}
	return nil
}

// versioned is vet with the form's version: changed since the form read it is a 409.
func versioned(in ReportInput, vet func(c caller, v *ReportView) error) func(c caller, v *ReportView) error {
	return func(c caller, v *ReportView) error {
		if err := vet(c, v); err != nil {
			return err
		}
		if in.UpdateTime != nil && !in.UpdateTime.Equal(v.UpdatedAt) {
			return httpx.Conflict("报告已被修改，请刷新后重试")
		}
		return nil
	}
}

// content is a report's HTML as stored: sanitised, bounded.
func content(in ReportInput) (string, error) {
	html := strings.TrimSpace(richtext.Sanitize(in.Content))
	if n := utf8.RuneCountInString(html); n > MaxContent {
		return "", httpx.Invalid("content", "报告内容过长（不超过%d个字符）", MaxContent)
	}
	return html, nil
}

// SaveReport keeps a draft (not submitted, or returned).
func (s *Service) SaveReport(ctx context.Context, id int64, in ReportInput) (ReportView, error) {
	html, err := content(in)
	if err != nil {
		return ReportView{}, err
	}
	return s.change(ctx, id, []int{StateMissing, StateReturned}, versioned(in, writable),
		func(p *Report, _ date.Date, _ time.Time) { p.Content = html }, nil, "content")
}

// SubmitReport hands the report in, or revises one not yet reviewed. The
// first submission after the due day (China) marks it late; a revision or
// a resubmission after a return keeps the first submission's mark.
func (s *Service) SubmitReport(ctx context.Context, id int64, in ReportInput) (ReportView, error) {
	html, err := content(in)
	if err != nil {
		return ReportView{}, err
	}
	if strings.TrimSpace(richtext.Text(html)) == "" {
		return ReportView{}, httpx.Invalid("content", "请填写报告内容")
	}
	return s.change(ctx, id, []int{StateMissing, StateSubmitted, StateReturned}, versioned(in, writable), func(p *Report, due date.Date, now time.Time) {
		if p.SubmittedAt == nil {
			p.Late = lateOn(due, now)
		}
		p.Content, p.SubmittedAt, p.State, p.ReturnReason = html, &now, StateSubmitted, ""
	}, nil, "content", "submitted_at", "state", "late", "return_reason")
}

// PassReport accepts a submitted report with the reviewer's comment.
func (s *Service) PassReport(ctx context.Context, id int64, in ReviewInput) (ReportView, error) {
	comment := strings.TrimSpace(in.Comment)
	if err := record.MaxLen("comment", "审阅意见", comment, MaxComment); err != nil {
		return ReportView{}, err
	}
	reviewer := db.Clip(rbac.From(ctx).AccountName(), 50)
	return s.change(ctx, id, []int{StateSubmitted}, reviewable, func(p *Report, _ date.Date, now time.Time) {
		p.State, p.Comment, p.Reviewer, p.ReviewedAt = StatePassed, comment, reviewer, &now
	}, nil, "state", "comment", "reviewer", "reviewed_at")
}

// ReturnReport sends a submitted report back for rework with the reason;
// its writer hears of it after the commit.
func (s *Service) ReturnReport(ctx context.Context, id int64, in ReviewInput) (ReportView, error) {
	reason := strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "退回原因", reason, MaxReason); err != nil {
		return ReportView{}, err
	}
	comment := strings.TrimSpace(in.Comment)
	if err := record.MaxLen("comment", "审阅意见", comment, MaxComment); err != nil {
		return ReportView{}, err
	}
	reviewer := db.Clip(rbac.From(ctx).AccountName(), 50)
	return s.change(ctx, id, []int{StateSubmitted}, reviewable, func(p *Report, _ date.Date, now time.Time) {
		p.State, p.ReturnReason, p.Comment, p.Reviewer, p.ReviewedAt = StateReturned, reason, comment, reviewer, &now
	}, func(ctx context.Context, tx bun.Tx, v *ReportView) error {
		if v.MemberID == nil {
			return nil
		}
		accounts, err := s.members.AccountsOf(ctx, tx, []int64{*v.MemberID})
		if err != nil || len(accounts) == 0 {
			return err
		}
		link := ownReportLink(v.ID)
		db.AfterCommit(ctx, func(ctx context.Context) error {
			return s.sys.Notify(ctx, s.db, accounts, "报告被退回："+v.TaskTitle, fmt.Sprintf("您提交的%s被退回修改。退回原因：%s", v.TaskTitle, reason), link, false)
		})
		return nil
	}, "state", "return_reason", "comment", "reviewer", "reviewed_at")
}

// reportLink is where a report opens in the web app.
func reportLink(taskID, id int64) string {
	return fmt.Sprintf("%s?task=%d&report=%d", reportPagePath, taskID, id)
}

// ownReportLink is where the writer of a person's report opens it: the
// 党员 mode's 述职与廉政 page, which a member reaches (the staff page is
// not granted to members) and every writer holding PermSubmit can open.
func ownReportLink(id int64) string {
	return fmt.Sprintf("%s?part=report&tab=mine&report=%d", ownDutyPage, id)
}

// reportAttachments are a report's materials: seen with the report, added
// and removed by its writer until it is passed.
func (s *Service) reportAttachments() system.AttachSpec {
	return system.AttachSpec{Module: "duty_report", Title: "值班工作报告", Read: PermList, Edit: PermSubmit,
		Find: func(ctx context.Context, id int64) error {
			v, err := s.ReportDetail(ctx, id)
			if err != nil {
				return err
			}
			if rt, ok := httpx.RouteOf(ctx); ok && rt.Method != http.MethodGet {
				if err := writable(caller{}, &v); err != nil {
					return err
				}
				if v.State == StatePassed {
					return httpx.BadRequest("报告已通过，不能修改附件")
				}
			}
			return nil
		},
		Kinds: map[string]system.AttachKind{"": {Label: "报告附件", MaxFiles: 20}}}
}
