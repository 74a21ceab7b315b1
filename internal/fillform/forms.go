package fillform

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// statusExpr is a form's state now: a published form past its deadline
// minute is closed. The argument is minute(now).
const statusExpr = "CASE WHEN f.state = 'published' AND f.deadline < ? THEN 'closed' ELSE f.state END"

// formSpec: the state now, the sending organisation's subtree, the title;
// the latest first. The state filter needs the minute it is read at.
func formSpec(now time.Time) httpx.ListSpec {
	at := minute(now)
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"status": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				switch v {
				case FormDraft:
					return q.Where("f.state = ?", FormDraft), nil
				case FormPublished:
					return q.Where("f.state = ?", FormPublished).Where("f.deadline >= ?", at), nil
				case FormClosed:
					return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
						return g.Where("f.state = ?", FormClosed).WhereOr("f.state = ? AND f.deadline < ?", FormPublished, at)
					}), nil
				}
				return nil, httpx.Invalid("status", "状态无效")
			}},
			// sent: the published forms, open or closed (the follow-up page's list).
			"sent": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				if v == true {
					return q.Where("f.state <> ?", FormDraft), nil
				}
				return q.Where("f.state = ?", FormDraft), nil
			}},
			"audience": {Columns: []string{"f.audience"}},
			"orgId":    org.SubtreeFilter("f.org_id"),
			"blurry":   {Columns: []string{"f.title"}, Match: httpx.Like},
		},
		Sorts:       map[string]string{"deadline": "f.deadline", "createTime": "f.created_at"},
		DefaultSort: "f.created_at DESC, f.id DESC",
		Key:         "f.id",
	}
}

// entryCounts are FormView's counts, each a sub-query over the form's
// entries (the index on form_id, state).
var entryCounts = []struct {
	column string
	states []int
}{
	{"total", nil},
	{"pending", []int{EntryEmpty, EntryDraft}},
	{"submitted", []int{EntrySubmitted}},
	{"returned", []int{EntryReturned}},
	{"passed", []int{EntryPassed}},
}

// formsQuery selects forms with their state now, sender and counts.
func (s *Service) formsQuery(idb bun.IDB, now time.Time) *bun.SelectQuery {
	q := idb.NewSelect().Model((*FormView)(nil)).ColumnExpr("f.*").ColumnExpr(statusExpr+" AS status", minute(now))
	for _, c := range entryCounts {
		sub := idb.NewSelect().TableExpr("txbd_entry AS c").ColumnExpr("COUNT(*)").Where("c.form_id = f.id")
		if c.states != nil {
			sub = sub.Where("c.state IN (?)", bun.List(c.states))
		}
		q = q.ColumnExpr("(?) AS ?", sub, bun.Ident(c.column))
	}
	return org.NameJoin("f.org_id")(q)
}

// showForm fills a form view's names.
func showForm(v *FormView) {
	v.StatusName, v.AudienceName = FormStateNames[v.Status], AudienceNames[v.Audience]
	if v.IDs == nil {
		v.IDs = IDList{}
	}
	if v.Fields == nil {
		v.Fields = FieldList{}
	}
}

// ListForms is a page of the forms the caller manages.
func (s *Service) ListForms(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[FormView], error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return httpx.PageResult[FormView]{}, err
	}
	now := s.now()
	return httpx.PagedEach(ctx, a.forms(s.formsQuery(s.db, now)), formSpec(now), lq, showForm)
}

// formView reads form id as administrator a manages it, or 404.
func (s *Service) formView(ctx context.Context, idb bun.IDB, a admin, id int64) (*FormView, error) {
	v := new(FormView)
	if err := a.forms(s.formsQuery(idb, s.now())).Where("f.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoForm()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	showForm(v)
	return v, nil
}

// FormDetail is a form with what its audience names: the subtree's
// organisation, the picked organisations or members, and for a draft how
// many addressees publishing it now would write (0 with the reason when
// its audience is not valid any more).
type FormDetail struct {
	FormView
	RootName   string  `json:"rootName"`
	Picked     []Named `json:"picked"`
	Addressees int     `json:"addressees"`
	// AudienceProblem says why a draft's audience cannot be published as it is.
	AudienceProblem string `json:"audienceProblem"`
}

// FormDetail is form id as the caller manages it.
func (s *Service) FormDetail(ctx context.Context, id int64) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	v, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return FormDetail{}, err
	}
	return s.detail(ctx, a, v)
}

func (s *Service) detail(ctx context.Context, a admin, v *FormView) (FormDetail, error) {
	d := FormDetail{FormView: *v}
	var err error
	if d.RootName, d.Picked, err = s.picked(ctx, &v.Form); err != nil {
		return FormDetail{}, err
	}
	if v.State == FormDraft {
		list, err := s.audience(ctx, s.db, a, &v.Form)
		if err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != 400 {
				return FormDetail{}, err
			}
			d.AudienceProblem = he.Message
		}
		d.Addressees = len(list)
	}
	return d, nil
}

// checkInput checks a draft's body for administrator a and answers the
// form it stands for (fields keyed, texts trimmed, the deadline to the
// minute). The audience is checked as publishing would resolve it.
func (s *Service) checkInput(ctx context.Context, a admin, in FormInput) (Form, error) {
	f := Form{Title: strings.TrimSpace(in.Title), Description: strings.TrimSpace(in.Description), OrgID: in.OrgID,
		Audience: in.Audience, Mode: in.Mode, IDs: IDList(uniq.Of(in.IDs))}
	var checks httpx.Checks
	checks.Add(record.Required("title", "表单名称", f.Title, MaxTitle))
	checks.Add(record.MaxLen("description", "填报说明", f.Description, MaxDescription))
	if in.OrgID <= 0 || !a.scope.Has(in.OrgID) {
		checks.Add(httpx.Invalid("orgId", "请选择发送填报的党组织"))
	}
	if in.Deadline == nil || in.Deadline.IsZero() {
		checks.Add(httpx.Invalid("deadline", "请选择截止时间"))
	} else {
		f.Deadline = minute(*in.Deadline)
	}
	if !slices.Contains(Audiences, in.Audience) {
		checks.Add(httpx.Invalid("audience", "请选择填报对象"))
	}
	switch in.Mode {
	case ModeSubtree:
		f.RootID, f.IDs = in.RootID, IDList{}
		if in.RootID == nil || *in.RootID <= 0 {
			checks.Add(httpx.Invalid("rootId", "请选择填报对象所属的党组织"))
		}
	case ModeList:
		f.RootID = nil
	default:
		checks.Add(httpx.Invalid("mode", "请选择填报对象的范围"))
	}
	fields, err := checkFields(in.Fields)
	checks.Add(err)
	f.Fields = fields
	if err := checks.Err(); err != nil {
		return f, err
	}
	if _, err := s.audience(ctx, s.db, a, &f); err != nil {
		return f, err
	}
	return f, nil
}

// CreateForm makes a draft.
func (s *Service) CreateForm(ctx context.Context, in FormInput) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	f, err := s.checkInput(ctx, a, in)
	if err != nil {
		return FormDetail{}, err
	}
	return s.insertDraft(ctx, a, f)
}

// insertDraft writes f as a new draft of the caller's.
func (s *Service) insertDraft(ctx context.Context, a admin, f Form) (FormDetail, error) {
	now := s.now()
	p := rbac.From(ctx)
	f.State, f.CreatedBy, f.Creator = FormDraft, p.AccountID(), db.Clip(p.AccountName(), 50)
	f.CreatedAt, f.UpdatedAt = now, now
	if _, err := s.db.NewInsert().Model(&f).Exec(ctx); err != nil {
		return FormDetail{}, httpx.Internal(err)
	}
	v, err := s.formView(ctx, s.db, a, f.ID)
	if err != nil {
		return FormDetail{}, err
	}
	return s.detail(ctx, a, v)
}

// UpdateForm changes a draft; a published form's fields and audience are
// fixed (copy it to change them).
func (s *Service) UpdateForm(ctx context.Context, id int64, in FormInput) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	cur, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return FormDetail{}, err
	}
	if cur.State != FormDraft {
		return FormDetail{}, httpx.BadRequest("表单已发布，不能修改字段和填报对象；如需调整，请复制为新表单")
	}
	if in.UpdateTime != nil && !in.UpdateTime.Equal(cur.UpdatedAt) {
		return FormDetail{}, httpx.Conflict("表单已被他人修改，请刷新后重试")
	}
	f, err := s.checkInput(ctx, a, in)
	if err != nil {
		return FormDetail{}, err
	}
	res, err := s.db.NewUpdate().Model(&f).Column("title", "description", "org_id", "deadline", "audience", "mode", "root_id", "ids",
		"fields").Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", FormDraft).
		Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("表单已被他人修改或已发布，请刷新后重试")); err != nil {
		return FormDetail{}, err
	}
	return s.FormDetail(ctx, id)
}

// DeleteForm deletes a draft (a published form keeps its entries: close it).
func (s *Service) DeleteForm(ctx context.Context, id int64) error {
	a, err := s.adminOf(ctx)
	if err != nil {
		return err
	}
	if _, err := s.formView(ctx, s.db, a, id); err != nil {
		return err
	}
	res, err := s.db.NewDelete().Model((*Form)(nil)).Where("id = ?", id).Where("state = ?", FormDraft).Exec(ctx)
	return record.Conditional(res, err, 1, httpx.BadRequest("已发布的表单不能删除，可结束填报"))
}

// CopyForm makes a new draft of form id: its title (marked 副本), texts,
// sender, deadline, audience and fields.
func (s *Service) CopyForm(ctx context.Context, id int64) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	v, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return FormDetail{}, err
	}
	f := v.Form
	f.ID, f.PublishedAt, f.ClosedAt = 0, nil, nil
	f.Title = string([]rune(f.Title)[:min(len([]rune(f.Title)), MaxTitle-4)]) + "（副本）"
	return s.insertDraft(ctx, a, f)
}

// PublishForm fixes a draft's fields and audience: one entry per
// addressee (未填报), each told through the message centre after the
// commit. The deadline must lie ahead and the form ask something.
func (s *Service) PublishForm(ctx context.Context, id int64) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	var list []addressee
	var form Form
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		v, err := s.formView(ctx, tx, a, id)
		if err != nil {
			return err
		}
		if v.State != FormDraft {
			return httpx.BadRequest("表单已发布")
		}
		now := s.now()
		var checks httpx.Checks
		if len(v.Fields) == 0 {
			checks.Add(httpx.Invalid("fields", "请至少设置一个填报字段"))
		}
		if !v.Deadline.After(now) {
			checks.Add(httpx.Invalid("deadline", "截止时间应晚于当前时间"))
		}
		if err := checks.Err(); err != nil {
			return err
		}
		if list, err = s.audience(ctx, tx, a, &v.Form); err != nil {
			return err
		}
		res, err := tx.NewUpdate().Model((*Form)(nil)).Set("state = ?", FormPublished).Set("published_at = ?", now).
			Set("updated_at = ?", now).Where("id = ?", id).Where("state = ?", FormDraft).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("表单已被他人发布，请刷新后重试")); err != nil {
			return err
		}
		rows := make([]Entry, len(list))
		for i, x := range list {
			rows[i] = Entry{FormID: id, TargetID: x.target, OrgID: x.org, MemberID: x.member, Name: db.Clip(x.name, 100),
				State: EntryEmpty, Answers: Answers{}}
			rows[i].CreatedAt, rows[i].UpdatedAt = now, now
		}
		for part := range slices.Chunk(rows, 500) {
			if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		form = v.Form
		return s.tellPublished(ctx, tx, &form, list)
	})
	if err != nil {
		return FormDetail{}, httpx.AsError(err)
	}
	return s.FormDetail(ctx, id)
}

// tellPublished sends the addressees the new form once the transaction
// commits: a member addressed, a branch's secretary named at publish and
// the accounts that fill for the branch (read after the commit, so that a
// large publication holds its transaction no longer than its writes).
func (s *Service) tellPublished(ctx context.Context, _ bun.Tx, f *Form, list []addressee) error {
	var memberIDs, orgIDs []int64
	for _, x := range list {
		if x.member != nil {
			memberIDs = append(memberIDs, *x.member)
		}
		if f.Audience == AudienceOrgs {
			orgIDs = append(orgIDs, x.org)
		}
	}
	title := "新的填报任务：" + f.Title
	text := fmt.Sprintf("请于%s前完成“%s”的填报。", clock(&f.Deadline), f.Title)
	db.AfterCommit(ctx, func(ctx context.Context) error {
		accounts, err := s.accountsOf(ctx, s.db, memberIDs, orgIDs)
		if err != nil || len(accounts) == 0 {
			return err
		}
		return s.sys.Notify(ctx, s.db, accounts, title, text, MinePath, false)
	})
	return nil
}

// accountsOf are the accounts that hear of entries: those linked to the
// members, and for organisations the accounts holding txbd:fill anchored
// there (a branch secretary's).
func (s *Service) accountsOf(ctx context.Context, idb bun.IDB, memberIDs, orgIDs []int64) ([]int64, error) {
	out, err := s.members.AccountsOf(ctx, idb, memberIDs)
	if err != nil {
		return nil, err
	}
	for _, id := range uniq.Of(orgIDs) {
		people, err := s.orgs.Actors(ctx, idb, PermFill, id)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for _, p := range people {
			out = append(out, p.ID)
		}
	}
	return uniq.Of(out), nil
}

// CloseForm ends a published form's filling by hand before its deadline.
func (s *Service) CloseForm(ctx context.Context, id int64) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	v, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return FormDetail{}, err
	}
	if v.State == FormDraft {
		return FormDetail{}, httpx.BadRequest("表单尚未发布")
	}
	now := s.now()
	res, err := s.db.NewUpdate().Model((*Form)(nil)).Set("state = ?", FormClosed).Set("closed_at = ?", now).Set("updated_at = ?", now).
		Where("id = ?", id).Where("state = ?", FormPublished).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.BadRequest("填报已结束")); err != nil {
		return FormDetail{}, err
	}
	return s.FormDetail(ctx, id)
}

// MoveDeadline sets a published or closed form's deadline to a later
// minute: filling opens again until then (entries submitted keep their state).
func (s *Service) MoveDeadline(ctx context.Context, id int64, in DeadlineInput) (FormDetail, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return FormDetail{}, err
	}
	v, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return FormDetail{}, err
	}
	now := s.now()
	switch {
	case v.State == FormDraft:
		return FormDetail{}, httpx.BadRequest("表单尚未发布，请在编辑中修改截止时间")
	case in.Deadline == nil || in.Deadline.IsZero():
		return FormDetail{}, httpx.Invalid("deadline", "请选择截止时间")
	case !minute(*in.Deadline).After(now):
		return FormDetail{}, httpx.Invalid("deadline", "截止时间应晚于当前时间")
	}
	res, err := s.db.NewUpdate().Model((*Form)(nil)).Set("state = ?", FormPublished).Set("deadline = ?", minute(*in.Deadline)).
		Set("closed_at = NULL").Set("updated_at = ?", now).Where("id = ?", id).Where("state IN (?)", bun.List([]string{FormPublished, FormClosed})).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("表单已被他人修改，请刷新后重试")); err != nil {
		return FormDetail{}, err
	}
	return s.FormDetail(ctx, id)
}

// clock is a time as people read it in China ("" for none).
func clock(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.In(date.China).Format("2006-01-02 15:04")
}
