package secreview

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
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// TrailModule is the reports' module id in the change trail.
const TrailModule = 73

// reportTrail is what a report's history shows: every save, submission,
// grade and return leaves an entry with what it changed.
var reportTrail = &record.Decl{Module: TrailModule, Noun: "述职报告", Fields: []record.Field{
	record.Text("state", "状态"), record.Text("content", "述职报告"), record.Text("submittedAt", "提交时间"),
	record.Text("late", "逾期提交"), record.Text("grade", "评定等次"), record.Text("comment", "点评意见"),
	record.Text("returnReason", "退回原因"), record.Text("reviewer", "评定人"),
}}

// trailView is report p as its trail shows it: the text by its length
// (the report itself is the record's), times as people read them.
func trailView(p *Report) map[string]string {
	content := ""
	if p.Content != "" {
		content = fmt.Sprintf("%d字", utf8.RuneCountInString(p.Content))
	}
	late := ""
	if p.Late {
		late = "是"
	}
	return map[string]string{"state": StateNames[p.State], "content": content, "submittedAt": clock(p.SubmittedAt),
		"late": late, "grade": GradeNames[p.Grade], "comment": p.Comment, "returnReason": p.ReturnReason, "reviewer": p.Reviewer}
}

// clock is a time as people read it in China ("" for none).
func clock(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(date.China).Format("2006-01-02 15:04")
}

// reportSpec: state, grade, late, vacant; blurry searches the organisation
// and the secretary; the tree's order by default.
var reportSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":  {Columns: []string{"p.state"}, Kind: httpx.Int},
		"grade":  {Columns: []string{"p.grade"}},
		"late":   {Columns: []string{"p.late"}, Kind: httpx.Bool},
		"vacant": {Columns: []string{"p.vacant"}, Kind: httpx.Bool},
		"blurry": {Columns: []string{org.NameColumn, "p.secretary_name"}, Match: httpx.Like},
	},
	Sorts: map[string]string{"orgName": zh.Name(org.NameColumn), "submittedAt": "p.submitted_at", "grade": "p.grade",
		"state": "p.state"},
	DefaultSort: org.PathColumn + ", p.id",
	Key:         "p.id",
}

// reportsQuery selects the reports with their organisation and round.
func reportsQuery(idb bun.IDB) *bun.SelectQuery {
	q := idb.NewSelect().Model((*ReportView)(nil)).ColumnExpr("p.*").
		ColumnExpr("r.title AS round_title, r.due_on, r.state AS round_state").Join("JOIN szpy_round AS r ON r.id = p.round_id")
	return org.NameJoin("p.org_id")(q)
}

// showReport fills a report's names and what the caller may do with it.
func (s *Service) showReport(ctx context.Context, c caller, v *ReportView, organiser int64) {
	v.StateName, v.GradeName = StateNames[v.State], GradeNames[v.Grade]
	v.Mine = c.memberID > 0 && v.SecretaryMemberID != nil && *v.SecretaryMemberID == c.memberID
	v.CanGrade = c.scope.Has(organiser) && rbac.From(ctx).Has(PermGrade)
}

// ListReports is a page of round id's reports the caller sees: the table
// of the secretaries, their submissions and grades.
func (s *Service) ListReports(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[ReportView], error) {
	c, err := s.who(ctx)
	if err != nil {
		return httpx.PageResult[ReportView]{}, err
	}
	round, err := s.roundView(ctx, c, id)
	if err != nil {
		return httpx.PageResult[ReportView]{}, err
	}
	q := c.reportsVisible(reportsQuery(s.db).Where("p.round_id = ?", id))
	return httpx.PagedEach(ctx, q, reportSpec, lq, func(v *ReportView) { s.showReport(ctx, c, v, round.OrgID) })
}

// organisedReport is a report with its round's organiser.
type organisedReport struct {
	ReportView `bun:",extend"`
	Organiser  int64 `bun:"organiser_id,scanonly"`
}

// report reads report id as the caller sees it, with its round's organiser, or 404.
func (s *Service) report(ctx context.Context, c caller, idb bun.IDB, id int64) (*ReportView, int64, error) {
	row := new(organisedReport)
	q := c.reportsVisible(reportsQuery(idb).ColumnExpr("r.org_id AS organiser_id").Where("p.id = ?", id))
	if err := q.Scan(ctx, row); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, 0, errNoReport()
		}
		return nil, 0, httpx.Internal(err)
	}
	v := &row.ReportView
	s.showReport(ctx, c, v, row.Organiser)
	return v, row.Organiser, nil
}

// ReportDetail is report id as the caller sees it.
func (s *Service) ReportDetail(ctx context.Context, id int64) (ReportView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return ReportView{}, err
	}
	v, _, err := s.report(ctx, c, s.db, id)
	if err != nil {
		return ReportView{}, err
	}
	return *v, nil
}

// Mine lists the reports the caller writes as a secretary (its member
// record is the one a round listed), the latest year first; whatever its
// organisation scope, as one's own member record is one's own.
func (s *Service) Mine(ctx context.Context) ([]ReportView, error) {
	out := []ReportView{}
	own, err := s.members.OwnFacts(ctx)
	if err != nil || own == nil {
		return out, err
	}
	c := caller{memberID: own.ID}
	if sc, err := s.orgs.ScopeOf(ctx); err == nil {
		c.scope = sc
	}
	var rows []organisedReport
	if err := reportsQuery(s.db).ColumnExpr("r.org_id AS organiser_id").Where("p.secretary_member_id = ?", own.ID).
		OrderExpr("p.year DESC, p.level, p.id DESC").Limit(50).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range rows {
		v := rows[i].ReportView
		s.showReport(ctx, c, &v, rows[i].Organiser)
		out = append(out, v)
	}
	return out, nil
}

// change is one change of report id: the report read as the caller sees
// it (404), vetted (403, 400), changed, and written by one conditional
// UPDATE of columns with its state one of from and its version the one read
// (of two parallel changes one wins, the other is a 409); the trail
// records what changed; after (optional) follows in the transaction.
func (s *Service) change(ctx context.Context, id int64, from []int, vet func(c caller, v *ReportView, organiser int64) error,
	change func(p *Report, now time.Time), after func(ctx context.Context, tx bun.Tx, v *ReportView) error, columns ...string) (ReportView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return ReportView{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		v, organiser, err := s.report(ctx, c, tx, id)
		if err != nil {
			return err
		}
		if err := vet(c, v, organiser); err != nil {
			return err
		}
		if v.RoundState != RoundOpen {
			return httpx.BadRequest("本次述职评议已结束")
		}
		if !slices.Contains(from, v.State) {
			return httpx.BadRequest("述职报告%s，不能进行此操作", StateNames[v.State])
		}
		cur := v.Report
		next := cur
		now := s.now()
		change(&next, now)
		next.UpdatedAt = now
		sv := record.Save{Origin: audit.OriginUserUpdate, Snapshot: &next, Before: trailView(&cur), After: trailView(&next),
			Write: func(ctx context.Context) (int64, error) {
				res, err := tx.NewUpdate().Model(&next).Column(append(columns, "updated_at")...).WherePK().
					Where("state IN (?)", bun.List(from)).Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)
				return id, record.Conditional(res, err, 1, httpx.Conflict("述职报告已被他人处理，请刷新后重试"))
			}}
		l, err := s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
		if err != nil {
			return err
		}
		if _, err = reportTrail.Save(ctx, tx, l.Label, sv); err != nil || after == nil {
			return err
		}
		return after(ctx, tx, v)
	})
	if err != nil {
		return ReportView{}, httpx.AsError(err)
	}
	return s.ReportDetail(ctx, id)
}

// writable is the vet of the secretary's own writes: only the secretary
// the round listed writes the report (another in scope: 403).
func writable(c caller, v *ReportView, _ int64) error {
	if !v.Mine {
		return httpx.Forbidden("只有%s的书记本人可以填写述职报告", v.OrgName)
	}
	return nil
}

// reviewable is the vet of the organiser's writes: the caller acts for
// the round's organiser (a branch sees its own report, never grades it: 403).
func reviewable(c caller, v *ReportView, organiser int64) error {
	if !c.scope.Has(organiser) {
		return httpx.Forbidden("只有组织评议的党组织可以评定述职报告")
	}
	return nil
}

// content is a report's text as stored: line ends made \n, trimmed, bounded.
func content(in ReportInput) (string, error) {
	text := strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(in.Content, "\r\n", "\n"), "\r", "\n"))
	if n := utf8.RuneCountInString(text); n > MaxReport {
		return "", httpx.Invalid("content", "述职报告不超过%d个字（现%d字）", MaxReport, n)
	}
	return text, nil
}

// versioned is vet with the form's version: a report changed since the
// form read it is a 409.
func versioned(in ReportInput, vet func(c caller, v *ReportView, organiser int64) error) func(c caller, v *ReportView, organiser int64) error {
	return func(c caller, v *ReportView, organiser int64) error {
		if err := vet(c, v, organiser); err != nil {
			return err
		}
		if in.UpdateTime != nil && !in.UpdateTime.Equal(v.UpdatedAt) {
			return httpx.Conflict("述职报告已被修改，请刷新后重试")
		}
		return nil
	}
}

// SaveReport keeps the secretary's draft (not submitted, or returned).
func (s *Service) SaveReport(ctx context.Context, id int64, in ReportInput) (ReportView, error) {
	text, err := content(in)
	if err != nil {
		return ReportView{}, err
	}
	return s.change(ctx, id, []int{StateDraft, StateReturned}, versioned(in, writable),
		func(p *Report, now time.Time) { p.Content, p.SavedAt = text, &now }, nil, "content", "saved_at")
}

// SubmitReport hands the report in. The first submission after the round's
// due day (China's calendar: the due day itself is on time) marks it late;
// one submitted again after a return keeps the first submission's mark.
func (s *Service) SubmitReport(ctx context.Context, id int64, in ReportInput) (ReportView, error) {
	text, err := content(in)
	if err != nil {
		return ReportView{}, err
	}
	if text == "" {
		return ReportView{}, httpx.Invalid("content", "请填写述职报告")
	}
	var late bool
	vet := versioned(in, func(c caller, v *ReportView, organiser int64) error {
		if err := writable(c, v, organiser); err != nil {
			return err
		}
		late = v.Late || (v.SubmittedAt == nil && date.Of(s.now().In(date.China)).After(v.DueOn))
		return nil
	})
	return s.change(ctx, id, []int{StateDraft, StateReturned}, vet, func(p *Report, now time.Time) {
		p.Content, p.SavedAt, p.SubmittedAt, p.State, p.Late, p.ReturnReason = text, &now, &now, StateSubmitted, late, ""
	}, nil, "content", "saved_at", "submitted_at", "state", "late", "return_reason")
}

// GradeReport grades a submitted report 好/较好/一般/差 with the comments.
func (s *Service) GradeReport(ctx context.Context, id int64, in GradeInput) (ReportView, error) {
	comment := strings.TrimSpace(in.Comment)
	var checks httpx.Checks
	if !slices.Contains(Grades, in.Grade) {
		checks.Add(httpx.Invalid("grade", "请选择评定等次"))
	}
	checks.Add(record.MaxLen("comment", "点评意见", comment, MaxComment))
	if err := checks.Err(); err != nil {
		return ReportView{}, err
	}
	reviewer := db.Clip(rbac.From(ctx).AccountName(), 50)
	return s.change(ctx, id, []int{StateSubmitted}, reviewable, func(p *Report, now time.Time) {
		p.State, p.Grade, p.Comment, p.Reviewer, p.ReviewedAt = StateGraded, in.Grade, comment, reviewer, &now
	}, nil, "state", "grade", "comment", "reviewer", "reviewed_at")
}

// ReturnReport sends a submitted report back to its secretary for rework,
// with the reason; the secretary hears of it after the commit.
func (s *Service) ReturnReport(ctx context.Context, id int64, in ReturnInput) (ReportView, error) {
	reason := strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "退回原因", reason, MaxReason); err != nil {
		return ReportView{}, err
	}
	reviewer := db.Clip(rbac.From(ctx).AccountName(), 50)
	return s.change(ctx, id, []int{StateSubmitted}, reviewable, func(p *Report, now time.Time) {
		p.State, p.ReturnReason, p.Reviewer, p.ReviewedAt = StateReturned, reason, reviewer, &now
	}, func(ctx context.Context, tx bun.Tx, v *ReportView) error {
		return s.tellSecretary(ctx, tx, v, "述职报告被退回："+v.RoundTitle, fmt.Sprintf("您提交的%s述职报告被退回修改。退回原因：%s", v.OrgName, reason))
	}, "state", "return_reason", "reviewer", "reviewed_at")
}

// tellSecretary sends report v's secretary a message once the transaction
// commits (a rolled-back change tells nobody).
func (s *Service) tellSecretary(ctx context.Context, tx bun.Tx, v *ReportView, title, text string) error {
	if v.SecretaryMemberID == nil {
		return nil
	}
	accounts, err := s.members.AccountsOf(ctx, tx, []int64{*v.SecretaryMemberID})
	if err != nil || len(accounts) == 0 {
		return err
	}
	link := reportLink(v.RoundID, v.ID)
	db.AfterCommit(ctx, func(ctx context.Context) error { return s.sys.Notify(ctx, s.db, accounts, title, text, link, false) })
	return nil
}

// reportLink is where a report opens in the web app.
func reportLink(roundID, id int64) string {
	return fmt.Sprintf("%s/sjszpy?round=%d&report=%d", MenuDir, roundID, id)
}

// ReportTrail is a page of report id's history, newest first.
func (s *Service) ReportTrail(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	if _, err := s.ReportDetail(ctx, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	l, err := s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return reportTrail.Page(ctx, s.db, id, lq, l.Label)
}

// attachments are a report's materials: seen with the report, added and
// removed by its secretary while it may be written.
func (s *Service) attachments() system.AttachSpec {
	return system.AttachSpec{Module: "szpy_report", Title: "书记述职评议", Read: PermList, Edit: PermSubmit,
		Find: func(ctx context.Context, id int64) error {
			v, err := s.ReportDetail(ctx, id)
			if err != nil {
				return err
			}
			if rt, ok := httpx.RouteOf(ctx); ok && rt.Method != http.MethodGet {
				switch {
				case !v.Mine:
					return httpx.Forbidden("只有%s的书记本人可以上传述职材料", v.OrgName)
				case v.RoundState != RoundOpen || (v.State != StateDraft && v.State != StateReturned):
					return httpx.BadRequest("述职报告%s，不能修改材料", StateNames[v.State])
				}
			}
			return nil
		},
		Kinds: map[string]system.AttachKind{"": {Label: "述职材料", MaxFiles: 20}}}
}
