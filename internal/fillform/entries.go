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
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// TrailModule is the entries' module id in the change trail.
const TrailModule = 77

// entryDecl is what an entry's history shows for a form of these fields:
// its state, each answer by its field's label (attachments are the
// attachment kit's), the review's comment and reviewer.
func entryDecl(fields FieldList) *record.Decl {
	d := &record.Decl{Module: TrailModule, Noun: "填报记录", Fields: []record.Field{record.Text("state", "状态")}}
	for _, f := range fields {
		if f.Kind != KindFile {
			d.Fields = append(d.Fields, record.Text(f.Key, f.Label))
		}
	}
	d.Fields = append(d.Fields, record.Text("comment", "审核意见"), record.Text("reviewer", "审核人"))
	return d
}

// trailView is entry e as its history shows it.
func trailView(e *Entry, fields FieldList) map[string]string {
	out := map[string]string{"state": EntryStateNames[e.State], "comment": e.Comment, "reviewer": e.Reviewer}
	for _, f := range fields {
		if f.Kind != KindFile {
			out[f.Key] = e.Answers.Text(f.Key)
		}
	}
	return out
}

// entrySpec: the state, the addressee or its organisation, the subtree;
// the tree's order by default.
var entrySpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":  {Columns: []string{"e.state"}, Match: httpx.In, Kind: httpx.Int},
		"blurry": {Columns: []string{"e.name", org.NameColumn}, Match: httpx.Like},
		"orgId":  org.SubtreeFilter("e.org_id"),
	},
	Sorts:       map[string]string{"submittedAt": "e.submitted_at", "state": "e.state", "reviewedAt": "e.reviewed_at"},
	DefaultSort: org.PathColumn + ", e.id",
	Key:         "e.id",
}

// entriesQuery selects entries with their form (as f) and organisation.
func (s *Service) entriesQuery(idb bun.IDB, now time.Time) *bun.SelectQuery {
	q := idb.NewSelect().Model((*EntryView)(nil)).ColumnExpr("e.*").
		ColumnExpr("f.title AS form_title, f.deadline AS form_deadline, f.audience AS form_audience, f.org_id AS form_org_id").
		ColumnExpr(statusExpr+" AS form_status", minute(now)).Join("JOIN txbd_form AS f ON f.id = e.form_id")
	return org.NameJoin("e.org_id")(q)
}

// showEntry fills an entry view's names; writable tells whether the caller
// fills it.
func showEntry(v *EntryView, writable bool) {
	v.StateName = EntryStateNames[v.State]
	v.Writable = writable && v.FormStatus == FormPublished && slices.Contains(notSubmitted, v.State)
	if v.Answers == nil {
		v.Answers = Answers{}
	}
}

// ListEntries is a page of form id's entries: the follow-up table.
func (s *Service) ListEntries(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[EntryView], error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return httpx.PageResult[EntryView]{}, err
	}
	if _, err := s.formView(ctx, s.db, a, id); err != nil {
		return httpx.PageResult[EntryView]{}, err
	}
	q := s.entriesQuery(s.db, s.now()).Where("e.form_id = ?", id)
	return httpx.PagedEach(ctx, q, entrySpec, lq, func(v *EntryView) { showEntry(v, false) })
}

// entryReader reads entry id as one side sees it (the administrators'
// forms, the addressee's own entries), or 404; mine tells whether the
// caller fills it.
type entryReader func(ctx context.Context, idb bun.IDB, id int64) (v *EntryView, mine bool, err error)

// managed reads entry id of a form the caller manages.
func (s *Service) managed(ctx context.Context, idb bun.IDB, id int64) (*EntryView, bool, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return nil, false, err
	}
	return s.scanEntry(ctx, a.forms(s.entriesQuery(idb, s.now()).Where("e.id = ?", id)), false)
}

// own reads entry id the caller fills.
func (s *Service) own(ctx context.Context, idb bun.IDB, id int64) (*EntryView, bool, error) {
	f, err := s.fillerOf(ctx)
	if err != nil {
		return nil, false, err
	}
	return s.scanEntry(ctx, f.reach(s.entriesQuery(idb, s.now()).Where("e.id = ?", id)), true)
}

func (s *Service) scanEntry(ctx context.Context, q *bun.SelectQuery, mine bool) (*EntryView, bool, error) {
	v := new(EntryView)
	if err := q.Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, false, errNoEntry()
	} else if err != nil {
		return nil, false, httpx.Internal(err)
	}
	showEntry(v, mine)
	return v, mine, nil
}

// formOf reads an entry's form (its fields) through idb.
func formOf(ctx context.Context, idb bun.IDB, id int64) (*Form, error) {
	f := new(Form)
	if err := idb.NewSelect().Model(f).Where("f.id = ?", id).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return f, nil
}

// detailOf is entry id read by read, with its form's fields and the counts
// of its attachments per attachment field.
func (s *Service) detailOf(ctx context.Context, id int64, read entryReader) (EntryDetail, error) {
	v, _, err := read(ctx, s.db, id)
	if err != nil {
		return EntryDetail{}, err
	}
	f, err := formOf(ctx, s.db, v.FormID)
	if err != nil {
		return EntryDetail{}, err
	}
	files, err := s.fileCounts(ctx, f.Fields, []int64{id})
	if err != nil {
		return EntryDetail{}, err
	}
	return EntryDetail{EntryView: *v, Description: f.Description, Fields: f.Fields, Files: files[id]}, nil
}

// fileCounts counts the attachments of each attachment field of entries
// ids (one query per such field): by entry, then by key.
func (s *Service) fileCounts(ctx context.Context, fields FieldList, ids []int64) (map[int64]map[string]int, error) {
	out := make(map[int64]map[string]int, len(ids))
	for _, id := range ids {
		out[id] = map[string]int{}
	}
	for _, f := range fields {
		if f.Kind != KindFile {
			continue
		}
		n, err := s.sys.AttachmentCounts(ctx, FileModule, f.Key, ids)
		if err != nil {
			return nil, err
		}
		for id, c := range n {
			out[id][f.Key] = c
		}
	}
	return out, nil
}

// EntryDetail is entry id of a form the caller manages.
func (s *Service) EntryDetail(ctx context.Context, id int64) (EntryDetail, error) {
	return s.detailOf(ctx, id, s.managed)
}

// change is one change of entry id: read as the caller sees it (404),
// vetted with its form (400), changed, and written by one conditional
// UPDATE of columns with its state one of from and its version the one
// read (of two parallel changes one wins, the other is a 409); more adds
// conditions of its own. The trail records what changed; after follows in
// the transaction.
type change struct {
	read    entryReader
	from    []int
	vet     func(v *EntryView, f *Form, now time.Time) error
	apply   func(e *Entry, now time.Time)
	more    func(q *bun.UpdateQuery, now time.Time) *bun.UpdateQuery
	after   func(ctx context.Context, tx bun.Tx, v *EntryView, next *Entry) error
	columns []string
}

func (s *Service) change(ctx context.Context, id int64, c change) (EntryDetail, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		v, _, err := c.read(ctx, tx, id)
		if err != nil {
			return err
		}
		f, err := formOf(ctx, tx, v.FormID)
		if err != nil {
			return err
		}
		now := s.now()
		if err := c.vet(v, f, now); err != nil {
			return err
		}
		if !slices.Contains(c.from, v.State) {
			return httpx.BadRequest("填报%s，不能进行此操作", EntryStateNames[v.State])
		}
		cur := v.Entry
		next := cur
		c.apply(&next, now)
		next.UpdatedAt = now
		decl := entryDecl(f.Fields)
		sv := record.Save{Origin: audit.OriginUserUpdate, Snapshot: &next, Before: trailView(&cur, f.Fields), After: trailView(&next, f.Fields),
			Write: func(ctx context.Context) (int64, error) {
				q := tx.NewUpdate().Model(&next).Column(append(c.columns, "updated_at")...).WherePK().
					Where("state IN (?)", bun.List(c.from)).Where("updated_at = ?", cur.UpdatedAt)
				if c.more != nil {
					q = c.more(q, now)
				}
				res, err := q.Exec(ctx)
				return id, record.Conditional(res, err, 1, httpx.Conflict("填报记录已被他人处理，请刷新后重试"))
			}}
		l, err := s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
		if err != nil {
			return err
		}
		if _, err := decl.Save(ctx, tx, l.Label, sv); err != nil || c.after == nil {
			return err
		}
		return c.after(ctx, tx, v, &next)
	})
	if err != nil {
		return EntryDetail{}, httpx.AsError(err)
	}
	return s.detailOf(ctx, id, c.read)
}

// reviewed is the vet of the administrators' changes: the form is
// published (closed or not: entries are reviewed after the deadline).
func reviewed(v *EntryView, _ *Form, _ time.Time) error {
	if v.FormStatus == FormDraft {
		return httpx.BadRequest("表单尚未发布")
	}
	return nil
}

// PassEntry passes a submitted entry (with an optional comment); the
// addressee hears of it after the commit.
func (s *Service) PassEntry(ctx context.Context, id int64, in ReviewInput) (EntryDetail, error) {
	comment := strings.TrimSpace(in.Comment)
	if err := record.MaxLen("comment", "审核意见", comment, MaxComment); err != nil {
		return EntryDetail{}, err
	}
	reviewer := db.Clip(rbac.From(ctx).AccountName(), 50)
	return s.change(ctx, id, change{read: s.managed, from: []int{EntrySubmitted}, vet: reviewed,
		apply: func(e *Entry, now time.Time) {
			e.State, e.Comment, e.Reviewer, e.ReviewedAt = EntryPassed, comment, reviewer, &now
		},
		after: func(ctx context.Context, tx bun.Tx, v *EntryView, _ *Entry) error {
			text := fmt.Sprintf("您提交的“%s”（%s）已审核通过。", v.FormTitle, v.Name)
			if comment != "" {
				text += "审核意见：" + comment
			}
			return s.tellAddressee(ctx, tx, v, "填报已通过："+v.FormTitle, text)
		},
		columns: []string{"state", "comment", "reviewer", "reviewed_at"}})
}

// ReturnEntry sends a submitted entry back with a comment: the addressee
// hears of it, edits and submits again (before the deadline).
func (s *Service) ReturnEntry(ctx context.Context, id int64, in ReviewInput) (EntryDetail, error) {
	comment := strings.TrimSpace(in.Comment)
	if err := record.Required("comment", "退回原因", comment, MaxComment); err != nil {
		return EntryDetail{}, err
	}
	reviewer := db.Clip(rbac.From(ctx).AccountName(), 50)
	return s.change(ctx, id, change{read: s.managed, from: []int{EntrySubmitted}, vet: reviewed,
		apply: func(e *Entry, now time.Time) {
			e.State, e.Comment, e.Reviewer, e.ReviewedAt = EntryReturned, comment, reviewer, &now
		},
		after: func(ctx context.Context, tx bun.Tx, v *EntryView, _ *Entry) error {
			return s.tellAddressee(ctx, tx, v, "填报被退回："+v.FormTitle,
				fmt.Sprintf("您提交的“%s”（%s）被退回修改，请在%s前修改后重新提交。退回原因：%s", v.FormTitle, v.Name, clock(&v.Deadline), comment))
		},
		columns: []string{"state", "comment", "reviewer", "reviewed_at"}})
}

// tellAddressee sends entry v's addressee a message once the transaction
// commits: the account that submitted it and the member's own (a member
// addressed, or the branch's secretary named at publish).
func (s *Service) tellAddressee(ctx context.Context, tx bun.Tx, v *EntryView, title, text string) error {
	var members []int64
	if v.MemberID != nil {
		members = append(members, *v.MemberID)
	}
	accounts, err := s.members.AccountsOf(ctx, tx, members)
	if err != nil {
		return err
	}
	if v.SubmittedBy != nil && !slices.Contains(accounts, *v.SubmittedBy) {
		accounts = append(accounts, *v.SubmittedBy)
	}
	if len(accounts) == 0 {
		return nil
	}
	link := entryLink(v.ID)
	db.AfterCommit(ctx, func(ctx context.Context) error { return s.sys.Notify(ctx, s.db, accounts, title, text, link, false) })
	return nil
}

// entryLink is where an addressee opens an entry in the web app.
func entryLink(id int64) string { return fmt.Sprintf("%s?entry=%d", MinePath, id) }

// Remind tells the addressees of form id who have not submitted (of the
// chosen entries, or all) to fill it in, through the message centre. An
// entry reminded today already is left alone: a second reminder the same
// day sends nothing and says so.
func (s *Service) Remind(ctx context.Context, id int64, in RemindInput) (RemindResult, error) {
	a, err := s.adminOf(ctx)
	if err != nil {
		return RemindResult{}, err
	}
	v, err := s.formView(ctx, s.db, a, id)
	if err != nil {
		return RemindResult{}, err
	}
	switch {
	case v.Status == FormDraft:
		return RemindResult{}, httpx.BadRequest("表单尚未发布")
	case v.Status == FormClosed:
		return RemindResult{}, httpx.BadRequest("填报已截止，不再提醒")
	case len(in.IDs) > MaxAudience:
		return RemindResult{}, httpx.Invalid("ids", "一次最多提醒%d个填报对象", MaxAudience)
	}
	today := date.Of(s.now().In(date.China))
	var out RemindResult
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var rows []Entry
		q := tx.NewUpdate().Model((*Entry)(nil)).Set("reminded_on = ?", today).Where("form_id = ?", id).
			Where("state IN (?)", bun.List(notSubmitted)).Where("(reminded_on IS NULL OR reminded_on <> ?)", today)
		if len(in.IDs) > 0 {
			q = q.Where("id IN (?)", bun.List(in.IDs))
		}
		if _, err := q.Returning("id, org_id, member_id").Exec(ctx, &rows); err != nil {
			return httpx.Internal(err)
		}
		already := tx.NewSelect().Model((*Entry)(nil)).Where("e.form_id = ?", id).Where("e.state IN (?)", bun.List(notSubmitted)).
			Where("e.reminded_on = ?", today)
		if len(in.IDs) > 0 {
			already = already.Where("e.id IN (?)", bun.List(in.IDs))
		}
		n, err := already.Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		out.Reminded, out.Already = len(rows), int(n)-len(rows)
		var memberIDs, orgIDs []int64
		for _, e := range rows {
			if e.MemberID != nil {
				memberIDs = append(memberIDs, *e.MemberID)
			}
			if v.Audience == AudienceOrgs {
				orgIDs = append(orgIDs, e.OrgID)
			}
		}
		accounts, err := s.accountsOf(ctx, tx, memberIDs, orgIDs)
		if err != nil {
			return err
		}
		out.Sent = len(accounts)
		if len(accounts) > 0 {
			title := "填报提醒：" + v.Title
			text := fmt.Sprintf("“%s”将于%s截止，您尚未提交，请及时填报。", v.Title, clock(&v.Deadline))
			db.AfterCommit(ctx, func(ctx context.Context) error { return s.sys.Notify(ctx, s.db, accounts, title, text, MinePath, true) })
		}
		return nil
	})
	if err != nil {
		return RemindResult{}, httpx.AsError(err)
	}
	out.Message = remindMessage(out)
	return out, nil
}

// remindMessage says what a reminder did.
func remindMessage(r RemindResult) string {
	switch {
	case r.Reminded == 0 && r.Already > 0:
		return fmt.Sprintf("今天已提醒过这%d个填报对象，未重复发送", r.Already)
	case r.Reminded == 0:
		return "没有需要提醒的填报对象"
	}
	msg := fmt.Sprintf("已提醒%d个填报对象，发送消息%d条", r.Reminded, r.Sent)
	if r.Sent == 0 {
		msg = fmt.Sprintf("已记录提醒%d个填报对象，但他们没有可接收消息的账号", r.Reminded)
	}
	if r.Already > 0 {
		msg += fmt.Sprintf("；另有%d个今天已提醒过，未重复发送", r.Already)
	}
	return msg
}

// EntryTrail is a page of entry id's history, newest first.
func (s *Service) EntryTrail(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	return s.trailOf(ctx, id, lq, s.managed)
}

func (s *Service) trailOf(ctx context.Context, id int64, lq httpx.ListQuery, read entryReader) (httpx.PageResult[audit.Labelled], error) {
	if _, _, err := read(ctx, s.db, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	l, err := s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return entryDecl(nil).Page(ctx, s.db, id, lq, l.Label)
}

// FileModule keys the entries' attachments.
const FileModule = "txbd_entry"

// attachments are an entry's files, one kind per attachment field (its
// key): read through read's side, changed through editable.
func (s *Service) attachments(readPerm, editPerm string, find func(ctx context.Context, id int64) error,
	editable func(ctx context.Context, id int64) error) system.AttachSpec {
	kinds := map[string]system.AttachKind{}
	for _, k := range fileKinds() {
		kinds[k] = system.AttachKind{Label: "填报附件", MaxFiles: MaxFilesPerField}
	}
	return system.AttachSpec{Module: FileModule, Title: "填报附件", Read: readPerm, Edit: editPerm, Find: find, Editable: editable, Kinds: kinds}
}

// managedEntry is the administrators' find of an entry's files.
func (s *Service) managedEntry(ctx context.Context, id int64) error {
	_, _, err := s.managed(ctx, s.db, id)
	return err
}

// ownEntry is the addressee's find of an entry's files.
func (s *Service) ownEntry(ctx context.Context, id int64) error {
	_, _, err := s.own(ctx, s.db, id)
	return err
}

// ownWritable lets the addressee change an entry's files while the entry
// may be written (not submitted or passed, the form open). The kit bounds
// each kind (MaxFilesPerField); a kind that is no attachment field of the
// form is never counted, shown or exported.
func (s *Service) ownWritable(ctx context.Context, id int64) error {
	v, _, err := s.own(ctx, s.db, id)
	if err != nil {
		return err
	}
	if v.FormStatus != FormPublished {
		return errClosed()
	}
	if !v.Writable {
		return httpx.BadRequest("填报%s，不能修改附件", EntryStateNames[v.State])
	}
	return nil
}
