package orglife

import (
	"context"
	"fmt"
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
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// 整改事项 (docs/orglife.md, "Rectification items"): what a 组织生活会 or a
// 民主生活会 (any meeting once closed) resolved to put right, with its
// owner and deadline, progress notes, and its closing (销号). Every change
// is one conditional UPDATE and an entry in the meeting's trail.

// Rectification states.
const (
	RectifyOpen   = 1 // 整改中
	RectifyClosed = 2 // 已销号
)

// RectifyStateNames are the states as users read them.
var RectifyStateNames = map[int]string{RectifyOpen: "整改中", RectifyClosed: "已销号"}

// ReminderRectifyDue: an open item whose deadline is within the window or passed.
const ReminderRectifyDue = 142

// Bounds of an item's texts (characters; the columns' sizes).
const (
	maxRectifyText  = 1000
	maxRectifyOwner = 50
)

// Rectify is one rectification item (a row of zzsh_rectify); OrgID is its
// meeting's organisation, kept on the row for the scope and the ledger.
type Rectify struct {
	bun.BaseModel `bun:"table:zzsh_rectify,alias:r"`
	resource.Base

	MeetingID     int64      `bun:"meeting_id" json:"meetingId"`
	OrgID         int64      `bun:"org_id" json:"orgId"`
	Content       string     `bun:"content" json:"content"`
	Owner         string     `bun:"owner" json:"owner"`
	OwnerMemberID *int64     `bun:"owner_member_id" json:"ownerMemberId"`
	Deadline      date.Date  `bun:"deadline" json:"deadline"`
	State         int        `bun:"state" json:"state"`
	ClosingNote   string     `bun:"closing_note" json:"closingNote"`
	ClosedBy      string     `bun:"closed_by" json:"closedBy"`
	ClosedAt      *time.Time `bun:"closed_at" json:"closedAt"`
}

// RectifyView is an item as the meeting's tab and the ledger show it.
type RectifyView struct {
	Rectify       `bun:",extend"`
	OrgName       string     `bun:"org_name,scanonly" json:"orgName"`
	MeetingTopic  string     `bun:"meeting_topic,scanonly" json:"meetingTopic"`
	MeetingType   string     `bun:"meeting_type,scanonly" json:"meetingType"`
	TypeName      string     `bun:"type_name,scanonly" json:"typeName"`
	HeldOn        date.Date  `bun:"meeting_held_on,scanonly" json:"heldOn"`
	ProgressCount int        `bun:"progress_count,scanonly" json:"progressCount"`
	StateName     string     `bun:"-" json:"stateName"`
	Overdue       bool       `bun:"-" json:"overdue"`     // open and past its deadline
	MeetingLink   string     `bun:"-" json:"meetingLink"` // where its meeting opens in the web app (MeetingLink)
	Progress      []Progress `bun:"-" json:"progress"`
}

// Progress is one dated progress note of an item (a row of zzsh_rectify_progress).
type Progress struct {
	bun.BaseModel `bun:"table:zzsh_rectify_progress,alias:rp"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	ItemID        int64     `bun:"item_id" json:"itemId"`
	NotedOn       date.Date `bun:"noted_on" json:"notedOn"`
	Note          string    `bun:"note" json:"note"`
	Author        string    `bun:"author" json:"author"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`
}

// RectifyInput is the body of adding or changing an item.
type RectifyInput struct {
	Content       string    `json:"content"`
	Owner         string    `json:"owner"`         // a name; the member's when empty and OwnerMemberID is set
	OwnerMemberID *int64    `json:"ownerMemberId"` // optional: a member of the caller's scope
	Deadline      date.Date `json:"deadline"`
	UpdateTime    time.Time `json:"updateTime"` // PUT: the version the form read (a change meanwhile is a 409)
}

// ProgressInput is the body of a progress note.
type ProgressInput struct {
	NotedOn date.Date `json:"notedOn"` // today when empty; never in the future
	Note    string    `json:"note"`
}

// CloseRectify is the body of closing an item (销号).
type CloseRectify struct {
	Note string `json:"note"`
}

func errNoRectify() *httpx.Error { return httpx.NotFound("整改事项不存在") }

// rectifyJoin adds the organisation's and the meeting's names and the
// number of progress notes.
func rectifyJoin(q *bun.SelectQuery) *bun.SelectQuery {
	return org.NameJoin("r.org_id")(q).
		Join("JOIN zzsh_meeting AS rm ON rm.id = r.meeting_id").
		ColumnExpr("rm.topic AS meeting_topic, rm.type_code AS meeting_type, rm.held_on AS meeting_held_on").
		ColumnExpr("COALESCE(rmt.name, rm.type_code) AS type_name").
		Join("LEFT JOIN zzsh_meeting_type AS rmt ON rmt.code = rm.type_code").
		ColumnExpr("(SELECT COUNT(*) FROM zzsh_rectify_progress AS rpc WHERE rpc.item_id = r.id) AS progress_count")
}

// rectifyResource declares the ledger (整改台账): the items of the
// caller's scope, filtered and paged in SQL, and its export.
func (s *Service) rectifyResource() *resource.Resource[Rectify, RectifyView] {
	overdue := func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
		if v == true {
			return q.Where("r.state = ?", RectifyOpen).Where("r.deadline < ?", s.today()), nil
		}
		return q.Where("(r.state <> ? OR r.deadline >= ?)", RectifyOpen, s.today()), nil
	}
	spec := httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"state":     {Columns: []string{"r.state"}, Kind: httpx.Int},
			"overdue":   {Kind: httpx.Bool, Custom: overdue},
			"orgId":     org.SubtreeFilter("r.org_id"),
			"meetingId": {Columns: []string{"r.meeting_id"}, Kind: httpx.Int},
			"type":      {Columns: []string{"rm.type_code"}},
			"deadline":  {Columns: []string{"r.deadline"}, Match: httpx.Range, Kind: httpx.Date},
			"blurry":    {Columns: []string{"r.content", "r.owner"}, Match: httpx.Like},
		},
		Sorts: map[string]string{"deadline": "r.deadline", "state": "r.state", "orgName": zh.Name(org.NameColumn),
			"createTime": "r.created_at", "heldOn": "rm.held_on"},
		DefaultSort: "r.state, r.deadline, r.id",
		Key:         "r.id",
	}
	return &resource.Resource[Rectify, RectifyView]{DB: s.db, Noun: "整改事项", Spec: spec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("r.org_id"), Join: rectifyJoin,
		Record: func(v *RectifyView) *Rectify { return &v.Rectify },
		Show:   func(v *RectifyView, _ audit.Labeller) { s.showRectify(v) },
		Export: resource.Export[RectifyView]{Title: "整改台账", Columns: []resource.Column[RectifyView]{
			{Header: "党组织", Width: 28, Cell: func(v *RectifyView) any { return v.OrgName }},
			{Header: "会议", Width: 30, Cell: func(v *RectifyView) any { return v.TypeName + "：" + v.MeetingTopic }},
			{Header: "会议日期", Width: 12, Cell: func(v *RectifyView) any { return string(v.HeldOn) }},
			{Header: "整改事项", Width: 40, Cell: func(v *RectifyView) any { return v.Content }},
			{Header: "责任人", Width: 12, Cell: func(v *RectifyView) any { return v.Owner }},
			{Header: "完成时限", Width: 12, Cell: func(v *RectifyView) any { return string(v.Deadline) }},
			{Header: "状态", Width: 10, Cell: func(v *RectifyView) any { return v.StateName }},
			{Header: "进展记录", Width: 10, Cell: func(v *RectifyView) any { return v.ProgressCount }},
			{Header: "销号说明", Width: 30, Cell: func(v *RectifyView) any { return v.ClosingNote }},
		}},
	}
}

// showRectify fills what a view shows beyond its columns: the state's name
// (逾期 for an open item past its deadline).
func (s *Service) showRectify(v *RectifyView) {
	v.Overdue = v.State == RectifyOpen && v.Deadline.Before(s.today())
	v.StateName = RectifyStateNames[v.State]
	v.MeetingLink = MeetingLink(v.MeetingType, v.MeetingID)
	if v.Overdue {
		v.StateName = "已逾期"
	}
	if v.Progress == nil {
		v.Progress = []Progress{}
	}
}

// rectifyRoutes registers a meeting's items, the changes of one item and
// the ledger across the scope.
func (s *Service) rectifyRoutes(rs *httpx.Routes) {
	rs = rs.In("组织生活")
	one := "/api/zzsh/meetings/{id}/rectify"
	rs.Get(one, Perms.List, "查看整改事项", httpx.ReadOn(errNoMeeting, s.MeetingRectify))
	rs.Post(one, Perms.Edit, "新增整改事项", httpx.CreateUnder(errNoMeeting, s.AddRectify))
	const base = "/api/zzsh/rectify"
	s.rectify.ListRoutes(rs.In("整改台账"), base, Perms)
	rs.Put(base+"/{id}", Perms.Edit, "修改整改事项", httpx.ChangeOn(errNoRectify, s.UpdateRectify))
	rs.Post(base+"/{id}/progress", Perms.Edit, "登记整改进展", httpx.ChangeOn(errNoRectify, s.AddProgress))
	rs.Post(base+"/{id}/close", Perms.Edit, "整改销号", httpx.ChangeOn(errNoRectify, s.CloseRectify))
}

// MeetingRectify lists meeting id's items (the caller's scope, else 404)
// with their progress notes, oldest first.
func (s *Service) MeetingRectify(ctx context.Context, id int64) ([]RectifyView, error) {
	if _, err := s.findMeeting(ctx, s.db, id); err != nil {
		return nil, err
	}
	rows, err := s.rectify.Where(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("r.meeting_id = ?", id).OrderExpr("r.id")
	})
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	notes, err := s.progressOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if n := notes[rows[i].ID]; n != nil {
			rows[i].Progress = n
		}
	}
	return rows, nil
}

// progressOf reads the progress notes of items ids, by item, in their order.
func (s *Service) progressOf(ctx context.Context, ids []int64) (map[int64][]Progress, error) {
	out := map[int64][]Progress{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Progress
	if err := s.db.NewSelect().Model(&rows).Where("rp.item_id IN (?)", bun.In(ids)).OrderExpr("rp.noted_on, rp.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, p := range rows {
		out[p.ItemID] = append(out[p.ItemID], p)
	}
	return out, nil
}

// rectifyItem answers item id as the tab shows it (the caller's scope, else 404).
func (s *Service) rectifyItem(ctx context.Context, id int64) (RectifyView, error) {
	v, err := s.rectify.Detail(ctx, id)
	if err != nil {
		return v, err
	}
	notes, err := s.progressOf(ctx, []int64{id})
	if n := notes[id]; n != nil {
		v.Progress = n
	}
	return v, err
}

// checkRectify checks an item's form into content, owner and deadline; the
// deadline is not before the meeting's day.
func (s *Service) checkRectify(ctx context.Context, in RectifyInput, heldOn date.Date) (Rectify, error) {
	r := Rectify{Content: strings.TrimSpace(in.Content), Owner: strings.TrimSpace(in.Owner)}
	var c httpx.Checks
	c.Add(record.Required("content", "整改事项", r.Content, maxRectifyText))
	if in.OwnerMemberID != nil {
		holders, err := s.members.HoldersOf(ctx, []int64{*in.OwnerMemberID})
		if err != nil {
			return r, err
		}
		h, ok := holders[*in.OwnerMemberID]
		if !ok {
			c.Add(httpx.Invalid("ownerMemberId", "所选党员不存在"))
		} else {
			r.OwnerMemberID = &h.ID
			if r.Owner == "" {
				r.Owner = h.Name
			}
		}
	}
	c.Add(record.Required("owner", "责任人", r.Owner, maxRectifyOwner))
	if in.Deadline.IsZero() {
		c.Add(httpx.Invalid("deadline", "请选择完成时限"))
	} else if d, err := record.Date("deadline", "完成时限", string(in.Deadline)); err != nil {
		c.Add(err)
	} else if r.Deadline = d; d.Before(heldOn) {
		c.Add(httpx.Invalid("deadline", "完成时限不能早于会议日期（%s）", heldOn))
	}
	return r, c.Err()
}

// rectifyTrail is the meeting's trail declaration of one item: its fields
// named by the item's content as it was, so each entry says which item.
func rectifyTrail(content string) *record.Decl {
	name := "整改事项“" + clip(content, 20) + "”"
	return &record.Decl{Module: TrailModule, Noun: "会议", Fields: []record.Field{
		record.Text("content", name), record.Text("owner", name+"·责任人"), record.Text("deadline", name+"·完成时限"),
		record.Text("progress", name+"·整改进展"), record.Text("state", name+"·状态"), record.Text("closingNote", name+"·销号说明"),
	}}
}

func rectifyView(r *Rectify) map[string]string {
	return map[string]string{"content": r.Content, "owner": r.Owner, "deadline": string(r.Deadline),
		"state": RectifyStateNames[r.State], "closingNote": r.ClosingNote}
}

// clip is text cut to n characters, with … when cut.
func clip(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	return string([]rune(text)[:n]) + "…"
}

// AddRectify adds an item to meeting id once it is closed (not cancelled).
func (s *Service) AddRectify(ctx context.Context, id int64, in RectifyInput) (RectifyView, error) {
	var itemID int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.liveMeeting(ctx, tx, id)
		if err != nil {
			return err
		}
		if m.State != StateClosed {
			return httpx.BadRequest("会议结束后才能登记整改事项")
		}
		r, err := s.checkRectify(ctx, in, m.HeldOn)
		if err != nil {
			return err
		}
		now := s.now()
		r.MeetingID, r.OrgID, r.State, r.CreatedAt, r.UpdatedAt = id, m.OrgID, RectifyOpen, now, now
		_, err = rectifyTrail(r.Content).Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Snapshot: &r,
			Before: map[string]string{}, After: rectifyView(&r),
			Write: func(ctx context.Context) (int64, error) {
				if _, err := tx.NewInsert().Model(&r).Returning("id").Exec(ctx); err != nil {
					return 0, httpx.Internal(err)
				}
				itemID = r.ID
				return id, nil
			}})
		return err
	})
	if err != nil {
		return RectifyView{}, httpx.AsError(err)
	}
	return s.rectifyItem(ctx, itemID)
}

// changeRectify is one change of open item id of the caller's scope: the
// item read (404 outside the scope), refused once closed, changed by change
// (nil progress: no note) and written by one UPDATE conditional on the
// state and on the version (the form's, else the one read), so that of two
// clerks at once one wins and the other gets a 409; the meeting's trail
// records what changed.
func (s *Service) changeRectify(ctx context.Context, id int64, version time.Time,
	change func(ctx context.Context, cur *RectifyView, next *Rectify, now time.Time) (progress *Progress, err error), columns ...string) (RectifyView, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.rectify.FindIn(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.State != RectifyOpen {
			return httpx.BadRequest("整改事项已销号，不能修改")
		}
		if version.IsZero() {
			version = cur.UpdatedAt
		}
		next := cur.Rectify
		now := s.now()
		progress, err := change(ctx, cur, &next, now)
		if err != nil {
			return err
		}
		next.UpdatedAt = now
		before, after := rectifyView(&cur.Rectify), rectifyView(&next)
		if progress != nil {
			after["progress"] = fmt.Sprintf("%s %s", progress.NotedOn, progress.Note)
		}
		_, err = rectifyTrail(cur.Content).Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Snapshot: &next,
			Before: before, After: after,
			Write: func(ctx context.Context) (int64, error) {
				res, err := tx.NewUpdate().Model(&next).Column(append(columns, "updated_at")...).WherePK().
					Where("state = ?", RectifyOpen).Where("updated_at = ?", version).Exec(ctx)
				if err := record.Conditional(res, err, 1, httpx.Conflict("整改事项已被他人修改，请刷新后重试")); err != nil {
					return 0, err
				}
				if progress != nil {
					progress.ItemID, progress.CreatedAt = id, now
					if _, err := tx.NewInsert().Model(progress).Exec(ctx); err != nil {
						return 0, httpx.Internal(err)
					}
				}
				return cur.MeetingID, nil
			}})
		return err
	})
	if err != nil {
		return RectifyView{}, httpx.AsError(err)
	}
	return s.rectifyItem(ctx, id)
}

// UpdateRectify changes an open item's content, owner and deadline.
func (s *Service) UpdateRectify(ctx context.Context, id int64, in RectifyInput) (RectifyView, error) {
	return s.changeRectify(ctx, id, in.UpdateTime, func(ctx context.Context, cur *RectifyView, next *Rectify, _ time.Time) (*Progress, error) {
		r, err := s.checkRectify(ctx, in, cur.HeldOn)
		next.Content, next.Owner, next.OwnerMemberID, next.Deadline = r.Content, r.Owner, r.OwnerMemberID, r.Deadline
		return nil, err
	}, "content", "owner", "owner_member_id", "deadline")
}

// AddProgress adds a dated progress note to an open item.
func (s *Service) AddProgress(ctx context.Context, id int64, in ProgressInput) (RectifyView, error) {
	note := strings.TrimSpace(in.Note)
	today := s.today()
	var c httpx.Checks
	day := today
	if !in.NotedOn.IsZero() {
		d, err := record.Date("notedOn", "进展日期", string(in.NotedOn))
		if err == nil {
			err = record.NotAfter("notedOn", "进展日期", d, today)
		}
		c.Add(err)
		day = d
	}
	c.Add(record.Required("note", "整改进展", note, maxRectifyText))
	if err := c.Err(); err != nil {
		return RectifyView{}, err
	}
	return s.changeRectify(ctx, id, time.Time{}, func(ctx context.Context, _ *RectifyView, _ *Rectify, _ time.Time) (*Progress, error) {
		return &Progress{NotedOn: day, Note: note, Author: rbac.From(ctx).AccountName()}, nil
	})
}

// CloseRectify closes an open item (销号) with a note.
func (s *Service) CloseRectify(ctx context.Context, id int64, in CloseRectify) (RectifyView, error) {
	note := strings.TrimSpace(in.Note)
	if err := record.Required("note", "销号说明", note, maxRectifyText); err != nil {
		return RectifyView{}, err
	}
	return s.changeRectify(ctx, id, time.Time{}, func(ctx context.Context, _ *RectifyView, next *Rectify, now time.Time) (*Progress, error) {
		next.State, next.ClosingNote, next.ClosedBy, next.ClosedAt = RectifyClosed, note, rbac.From(ctx).AccountName(), &now
		return nil, nil
	}, "state", "closing_note", "closed_by", "closed_at")
}

// rectifyWindowDays is how long before its deadline an open item is reminded of.
const rectifyWindowDays = 7

// rectifyReminder is reminder 142: an open item due within the window or
// overdue (record id = the item, due on its deadline); the engine opens
// one per (item, deadline) and closes it when the item is closed (the
// finder no longer lists it).
func (s *Service) rectifyReminder() remind.Kind {
	read := func(ctx context.Context, until date.Date) ([]RectifyView, error) {
		var rows []RectifyView
		err := s.db.NewSelect().Model(&rows).ColumnExpr("r.*").Apply(rectifyJoin).Where("r.state = ?", RectifyOpen).
			Where("r.deadline <= ?", until).OrderExpr("r.deadline, r.id").Scan(ctx)
		return rows, err
	}
	return remind.Kind{Type: ReminderRectifyDue, Name: "整改事项到期提醒", Window: rectifyWindowDays, Finder: remind.Scan(read,
		func(_ context.Context, v RectifyView) (remind.Due, error) {
			when := fmt.Sprintf("将于%s到期", v.Deadline)
			if v.Deadline.Before(s.today()) {
				when = fmt.Sprintf("已于%s逾期", v.Deadline)
			}
			return remind.Due{RecordID: v.ID, OrgID: v.OrgID, DueOn: v.Deadline,
				Title: fmt.Sprintf("整改事项“%s”%s", clip(v.Content, 30), when),
				Content: fmt.Sprintf("党组织：%s；会议：%s（%s）；整改事项：%s；责任人：%s；完成时限：%s。", v.OrgName, v.MeetingTopic,
					v.HeldOn, v.Content, v.Owner, v.Deadline),
				Link: MeetingLink(v.MeetingType, v.MeetingID)}, nil
		})}
}
