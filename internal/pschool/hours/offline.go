package hours

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/uniq"
)

// Offline study (线下学习): a branch enters a session for its members, the
// committee above approves it (only approved records count), and a record
// is changed or deleted only while pending or returned. An approval is one
// conditional UPDATE on the pending state: two approvers at once change it
// once.

var offlineSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":    {Columns: []string{"om.name", "o.title"}, Match: httpx.Like},
		"state":     {Columns: []string{"o.state"}, Match: httpx.In, Kind: httpx.Int},
		"form":      {Columns: []string{"o.form"}, Match: httpx.In, Kind: httpx.Int},
		"year":      {Columns: []string{"o.year"}, Match: httpx.Eq, Kind: httpx.Int},
		"memberId":  {Columns: []string{"o.member_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"studiedOn": {Columns: []string{"o.studied_on"}, Match: httpx.Range, Kind: httpx.Date},
		"orgId":     org.SubtreeFilter("o.org_id"),
	},
	Sorts:       map[string]string{"studiedOn": "o.studied_on", "createTime": "o.created_at", "memberName": "om.name"},
	DefaultSort: "o.studied_on DESC, o.id DESC",
	Key:         "o.id",
}

func (s *Service) offlineResource() *resource.Resource[Offline, OfflineView] {
	return &resource.Resource[Offline, OfflineView]{DB: s.db, Noun: "线下学习记录", Spec: offlineSpec, Now: s.now,
		Access: s.sys.LogAccess, Scope: s.orgs.Scoped("o.org_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return org.NameJoin("o.org_id")(q.ColumnExpr("om.name AS member_name").
				Join("JOIN (?) AS om ON om.id = o.member_id", s.members.SelectBriefs(s.db)))
		},
		Record: func(v *OfflineView) *Offline { return &v.Offline },
		Show:   func(v *OfflineView, _ audit.Labeller) { show(v) },
		Check:  s.checkUpdate,
		BeforeUpdate: func(_ context.Context, _ bun.IDB, cur *OfflineView, _ *Offline) error {
			if cur.State == StateApproved {
				return httpx.Conflict("已通过审核的线下学习记录不能修改")
			}
			return nil
		},
		BeforeDelete: func(ctx context.Context, tx bun.IDB, ids []int64) error {
			n, err := tx.NewSelect().Model((*Offline)(nil)).Where("o.id IN (?)", bun.In(ids)).
				Where("o.state = ?", StateApproved).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n > 0 {
				return httpx.Conflict("有 %d 条已通过审核的记录，不能删除", n)
			}
			return nil
		},
		Export: resourceExport,
	}
}

var resourceExport = resource.Export[OfflineView]{Title: "线下学习记录", Columns: []resource.Column[OfflineView]{
	{Header: "党员", Width: 12, Cell: func(v *OfflineView) any { return v.MemberName }},
	{Header: "所在党组织", Width: 28, Cell: func(v *OfflineView) any { return v.OrgName }},
	{Header: "学习日期", Width: 12, Cell: func(v *OfflineView) any { return string(v.StudiedOn) }},
	{Header: "学习内容", Width: 30, Cell: func(v *OfflineView) any { return v.Title }},
	{Header: "学习形式", Width: 10, Cell: func(v *OfflineView) any { return v.FormName }},
	{Header: "学时", Width: 8, Cell: func(v *OfflineView) any { return v.Hours }},
	{Header: "状态", Width: 8, Cell: func(v *OfflineView) any { return v.StateName }},
	{Header: "退回原因", Width: 24, Cell: func(v *OfflineView) any { return v.Reason }},
	{Header: "备注", Width: 24, Cell: func(v *OfflineView) any { return v.Note }},
}}

// show fills a view's names and hours.
func show(v *OfflineView) {
	v.Hours, v.FormName, v.StateName = hoursOf(v.Tenths), FormNames[v.Form], StateNames[v.State]
}

// OfflineInput is one session entered for several members.
type OfflineInput struct {
	MemberIDs []int64   `json:"memberIds"`
	StudiedOn date.Date `json:"studiedOn"`
	Title     string    `json:"title"`
	Form      int       `json:"form"`
	Hours     float64   `json:"hours"`
	Note      string    `json:"note"`
}

// Created answers the records a session created (one per member).
type Created struct {
	ID  int64   `json:"id"` // the first
	IDs []int64 `json:"ids"`
}

// checkFields checks the session's fields into m (the member aside).
func (s *Service) checkFields(c *httpx.Checks, m *Offline, studiedOn date.Date, hours float64) {
	m.Title, m.Note = strings.TrimSpace(m.Title), strings.TrimSpace(m.Note)
	c.Add(record.Required("title", "学习内容", m.Title, MaxTitle), record.MaxLen("note", "备注", m.Note, MaxNote))
	if !slices.Contains(Forms, m.Form) {
		c.Add(httpx.Invalid("form", "请选择学习形式"))
	}
	day, err := record.Date("studiedOn", "学习日期", string(studiedOn))
	c.Add(record.Chosen("studiedOn", "学习日期", !studiedOn.IsZero()), err)
	if !c.Failed("studiedOn") {
		if day.After(s.today()) {
			c.Add(httpx.Invalid("studiedOn", "学习日期不能晚于今天"))
		}
		m.StudiedOn, m.Year = day, day.Time().Year()
	}
	m.Tenths = tenthsOf(hours)
	if m.Tenths < MinTenths || m.Tenths > MaxTenths || math.Abs(hours*10-float64(m.Tenths)) > 1e-6 {
		c.Add(httpx.Invalid("hours", "学时应为0.5到8之间的数（每天至多8学时，保留一位小数）"))
	}
}

// CreateOffline enters one session for the members (each a record,
// pending): members of the caller's scope in normal status; a member's
// day holds at most 8 class hours of records not returned.
func (s *Service) CreateOffline(ctx context.Context, in OfflineInput) (Created, error) {
	var c httpx.Checks
	m := Offline{Title: in.Title, Form: in.Form, Note: in.Note}
	s.checkFields(&c, &m, in.StudiedOn, in.Hours)
	ids := uniq.Of(in.MemberIDs)
	switch {
	case len(ids) == 0:
		c.Add(httpx.Invalid("memberIds", "请选择参加学习的党员"))
	case len(ids) > MaxMembersOne:
		c.Add(httpx.Invalid("memberIds", "一次至多录入 %d 名党员", MaxMembersOne))
	}
	if err := c.Err(); err != nil {
		return Created{}, err
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return Created{}, err
	}
	briefs, err := s.members.Briefs(ctx, s.db, ids, member.StatusNormal)
	if err != nil {
		return Created{}, err
	}
	orgOf := make(map[int64]int64, len(briefs))
	for _, b := range briefs {
		if sc.Has(b.OrgID) {
			orgOf[b.ID] = b.OrgID
		}
	}
	if len(orgOf) != len(ids) {
		return Created{}, httpx.Invalid("memberIds", "所选党员不存在、已不在正常状态或不在您的管理范围内")
	}
	uid := rbac.UserID(ctx)
	now := s.now()
	out := Created{IDs: make([]int64, 0, len(ids))}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := dayLimit(ctx, tx, ids, m.StudiedOn, m.Tenths, 0); err != nil {
			return err
		}
		for _, id := range ids {
			row := m
			row.MemberID, row.OrgID, row.State, row.EnteredBy = id, orgOf[id], StatePending, uid
			row.CreatedAt, row.UpdatedAt = now, now
			if _, err := tx.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			out.IDs = append(out.IDs, row.ID)
		}
		return nil
	})
	if err != nil {
		return Created{}, err
	}
	out.ID = out.IDs[0]
	return out, nil
}

// dayLimit refuses (a 400 on hours) a day of members that would hold more
// than MaxTenths with tenths more (records returned do not count; except
// is the record being changed).
func dayLimit(ctx context.Context, idb bun.IDB, memberIDs []int64, day date.Date, tenths int, except int64) error {
	var rows []struct {
		MemberID int64 `bun:"member_id"`
		Tenths   int   `bun:"tenths"`
	}
	err := idb.NewSelect().Model((*Offline)(nil)).ColumnExpr("o.member_id, SUM(o.tenths) AS tenths").
		Where("o.member_id IN (?)", bun.In(memberIDs)).Where("o.studied_on = ?", day).Where("o.state <> ?", StateReturned).
		Where("o.id <> ?", except).GroupExpr("o.member_id").Scan(ctx, &rows)
	if err != nil {
		return httpx.Internal(err)
	}
	for _, r := range rows {
		if r.Tenths+tenths > MaxTenths {
			return httpx.Invalid("hours", "%s已录入%s学时，每天至多8学时", day, trimHours(r.Tenths))
		}
	}
	return nil
}

// trimHours writes tenths as hours without a trailing .0.
func trimHours(tenths int) string {
	if tenths%10 == 0 {
		return fmt.Sprint(tenths / 10)
	}
	return fmt.Sprintf("%.1f", hoursOf(tenths))
}

// checkUpdate checks a change of a record: the member and organisation
// stay, and the record goes back to 待审核 for the committee to approve.
func (s *Service) checkUpdate(ctx context.Context, in Offline, cur *OfflineView) (Offline, error) {
	if cur == nil { // the create route is CreateOffline's
		return in, httpx.BadRequest("请通过录入线下学习新增记录")
	}
	var c httpx.Checks
	m := in
	m.MemberID, m.OrgID, m.EnteredBy = cur.MemberID, cur.OrgID, cur.EnteredBy
	m.State, m.Reason, m.AuditedBy, m.AuditedAt = StatePending, "", nil, nil
	s.checkFields(&c, &m, in.StudiedOn, in.Hours)
	if err := c.Err(); err != nil {
		return m, err
	}
	return m, dayLimit(ctx, s.db, []int64{m.MemberID}, m.StudiedOn, m.Tenths, cur.ID)
}

// Approve approves pending record id of the caller's scope (404 outside).
func (s *Service) Approve(ctx context.Context, id int64) error {
	return s.decide(ctx, id, StateApproved, "")
}

// RejectInput is the reason of a return.
type RejectInput struct {
	Reason string `json:"reason"`
}

// Reject returns pending record id to the branch with the reason.
func (s *Service) Reject(ctx context.Context, id int64, in RejectInput) (OfflineView, error) {
	reason := strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "退回原因", reason, MaxReason); err != nil {
		return OfflineView{}, err
	}
	if err := s.decide(ctx, id, StateReturned, reason); err != nil {
		return OfflineView{}, err
	}
	return s.offline.Detail(ctx, id)
}

// decide moves pending record id to state to in one conditional UPDATE:
// of two decisions at once, one changes it and the other is a 409.
func (s *Service) decide(ctx context.Context, id int64, to int, reason string) error {
	if _, err := s.offline.Find(ctx, id); err != nil {
		return err
	}
	uid := rbac.UserID(ctx)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Offline)(nil)).Set("state = ?", to).Set("reason = ?", reason).
			Set("audited_by = ?", uid).Set("audited_on = ?", s.today()).Set("updated_at = ?", s.now()).
			Where("id = ?", id).Where("state = ?", StatePending).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("该记录已审核或已退回，请刷新后查看")); err != nil {
			return err
		}
		if to != StateApproved {
			return nil
		}
		return s.publishCredited(ctx, tx, id) // the 学时 count now: points are earned after commit
	})
}
