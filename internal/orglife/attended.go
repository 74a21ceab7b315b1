package orglife

import (
	"context"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Attended is one meeting a member attended, as their 个人档案 lists it.
type Attended struct {
	ID       int64     `bun:"id" json:"id"`
	Topic    string    `bun:"topic" json:"topic"`
	TypeName string    `bun:"type_name" json:"typeName"`
	HeldOn   date.Date `bun:"held_on" json:"heldOn"`
	OrgName  string    `bun:"org_name" json:"orgName"`
}

// AttendedBy lists the held meetings member memberID attended (signed in,
// late included), newest first: a meeting counts once it is closed and not
// cancelled, as the points and the compliance count it. The caller passes
// the member id of its own caller (个人档案 passes the signed-in member's),
// so nobody reads another member's attendance through it.
func (s *Service) AttendedBy(ctx context.Context, memberID int64) ([]Attended, error) {
	out := []Attended{}
	q := s.db.NewSelect().TableExpr("zzsh_attendee AS a").
		Join("JOIN zzsh_meeting AS m ON m.id = a.meeting_id").
		ColumnExpr("m.id, m.topic, m.held_on").
		ColumnExpr("COALESCE(mt.name, m.type_code) AS type_name").
		Join("LEFT JOIN zzsh_meeting_type AS mt ON mt.code = m.type_code")
	q = org.NameJoin("m.org_id")(q).
		Where("a.member_id = ?", memberID).
		Where("a.status IN (?, ?)", AttendPresent, AttendLate).
		Where("m.state = ?", StateClosed).
		Where("m.cancelled_at IS NULL").
		OrderExpr("m.held_on DESC, m.id DESC")
	if err := q.Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
