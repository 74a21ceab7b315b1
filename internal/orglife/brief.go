package orglife

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// MeetingBrief is a meeting as another module that links to it reads it
// (民主评议党员 names the meeting its vote is held in).
type MeetingBrief struct {
	ID          int64      `bun:"id" json:"id"`
	OrgID       int64      `bun:"org_id" json:"orgId"`
	TypeCode    string     `bun:"type_code" json:"typeCode"`
	Topic       string     `bun:"topic" json:"topic"`
	HeldOn      date.Date  `bun:"held_on" json:"heldOn"`
	State       int        `bun:"state" json:"state"`
	CancelledAt *time.Time `bun:"cancelled_at" json:"-"`
}

// Link is where the meeting opens in the web app.
func (b MeetingBrief) Link() string { return MeetingLink(b.TypeCode, b.ID) }

// MeetingBriefs reads through idb the meetings ids, whatever the caller's
// scope (the caller checks the organisation), by id; a missing one is absent.
func (s *Service) MeetingBriefs(ctx context.Context, idb bun.IDB, ids []int64) (map[int64]MeetingBrief, error) {
	out := map[int64]MeetingBrief{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []MeetingBrief
	err := idb.NewSelect().TableExpr("zzsh_meeting AS m").Column("m.id", "m.org_id", "m.type_code", "m.topic", "m.held_on", "m.state", "m.cancelled_at").
		Where("m.id IN (?)", bun.List(ids)).Scan(ctx, &rows)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// MeetingsOf reads through idb organisation orgID's meetings of types held
// from from to to (both included), not cancelled, newest first (at most 100),
// whatever the caller's scope (the caller checks the organisation).
func (s *Service) MeetingsOf(ctx context.Context, idb bun.IDB, orgID int64, from, to date.Date, types ...string) ([]MeetingBrief, error) {
	out := []MeetingBrief{}
	q := idb.NewSelect().TableExpr("zzsh_meeting AS m").Column("m.id", "m.org_id", "m.type_code", "m.topic", "m.held_on", "m.state", "m.cancelled_at").
		Where("m.org_id = ?", orgID).Where("m.held_on BETWEEN ? AND ?", from, to).Where("m.cancelled_at IS NULL")
	if len(types) > 0 {
		q = q.Where("m.type_code IN (?)", bun.List(types))
	}
	if err := q.OrderExpr("m.held_on DESC, m.id DESC").Limit(100).Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// Brief is meeting id of the caller's scope as another module reads it
// (404 会议不存在 outside the scope): 问卷管理 checks the host's access to
// a meeting's receipt with it.
func (s *Service) Brief(ctx context.Context, id int64) (MeetingBrief, error) {
	m, err := s.findMeeting(ctx, s.db, id)
	if err != nil {
		return MeetingBrief{}, err
	}
	return MeetingBrief{ID: m.ID, OrgID: m.OrgID, TypeCode: m.TypeCode, Topic: m.Topic, HeldOn: m.HeldOn, State: m.State, CancelledAt: m.CancelledAt}, nil
}

// AttendanceOf is the attendance at meeting id of the members ids, as its
// list names it (已签到, 缺席 …), by member id; a member not on the list is
// absent from the map. The caller has checked the meeting's scope (Brief).
func (s *Service) AttendanceOf(ctx context.Context, id int64, members []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(members) == 0 {
		return out, nil
	}
	var rows []struct {
		MemberID int64  `bun:"member_id"`
		Status   string `bun:"status"`
	}
	if err := s.db.NewSelect().Model((*Attendee)(nil)).Column("a.member_id", "a.status").Where("a.meeting_id = ?", id).
		Where("a.member_id IN (?)", bun.List(members)).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.MemberID] = AttendNames[r.Status]
	}
	return out, nil
}
