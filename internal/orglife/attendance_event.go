package orglife

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// AttendanceRecorded tells that a member's attendance at a held meeting
// now stands at Status: published for every member on the list when the
// meeting closes, and again for one attendee whenever a host corrects it
// afterwards. Revision orders the records of one attendee (the attendee's
// updated_at in microseconds): a subscriber keeps the newest and takes a
// replay or an older one as already heard. Points (internal/points)
// subscribes after commit.
type AttendanceRecorded struct {
	MeetingID  int64
	AttendeeID int64
	MemberID   int64
	OrgID      int64 // the meeting's organisation
	Topic      string
	Link       string // where the meeting is opened in the web
	HeldOn     string // YYYY-MM-DD, China time
	Status     string // Attend*
	Revision   int64
}

// Attended tells whether the status counts as attending.
func (e AttendanceRecorded) Attended() bool {
	return e.Status == AttendPresent || e.Status == AttendLate
}

// publishAttendance publishes the attendance of meeting m's members (all
// of them, or only attendee aid when aid > 0) once the meeting is held
// (CLOSE); before that nothing is recorded yet.
func (s *Service) publishAttendance(ctx context.Context, tx bun.Tx, m *Meeting, aid int64) error {
	if m.State < StateClosed || m.CancelledAt != nil {
		return nil
	}
	var rows []Attendee
	q := tx.NewSelect().Model(&rows).Where("a.meeting_id = ?", m.ID).Where("a.member_id IS NOT NULL").OrderExpr("a.id")
	if aid > 0 {
		q = q.Where("a.id = ?", aid)
	}
	if err := q.Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	for _, a := range rows {
		e := AttendanceRecorded{MeetingID: m.ID, AttendeeID: a.ID, MemberID: *a.MemberID, OrgID: m.OrgID, Topic: m.Topic, Link: meetingLink(m),
			HeldOn: m.HeldOn.String(), Status: a.Status, Revision: a.UpdatedAt.UnixMicro()}
		if err := s.bus.Publish(ctx, tx, e); err != nil {
			return err
		}
	}
	return nil
}

// republishChunk is how many held meetings one transaction republishes.
const republishChunk = 200

// RepublishAttendance publishes the attendance of every held meeting again,
// a chunk of meetings per transaction, and answers how many meetings it
// covered: a subscriber added after the meetings were held (the demo
// university's points) hears them; one that heard them already takes them
// as replays and writes nothing.
func (s *Service) RepublishAttendance(ctx context.Context) (int, error) {
	var after int64
	n := 0
	for {
		var ms []Meeting
		if err := s.db.NewSelect().Model(&ms).Where("m.state = ?", StateClosed).Where("m.cancelled_at IS NULL").
			Where("m.id > ?", after).OrderExpr("m.id").Limit(republishChunk).Scan(ctx); err != nil {
			return n, err
		}
		if len(ms) == 0 {
			return n, nil
		}
		err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
			for i := range ms {
				if err := s.publishAttendance(ctx, tx, &ms[i], 0); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		n, after = n+len(ms), ms[len(ms)-1].ID
	}
}
