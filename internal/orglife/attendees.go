package orglife

import (
	"context"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// AttendeeView is an attendee as the meeting's list shows it.
type AttendeeView struct {
	Attendee       `bun:",extend"`
	StatusName     string `bun:"-" json:"statusName"`
	JoinReasonName string `bun:"-" json:"joinReasonName"`
	OrgName        string `bun:"-" json:"orgName"` // the member's organisation ("" for a guest)
}

// AddAttendees is the body of adding members by hand.
type AddAttendees struct {
	MemberIDs  []int64 `json:"memberIds"`
	JoinReason int     `json:"joinReason"`
}

// GuestInput is the body of inviting a guest.
type GuestInput struct {
	Name       string `json:"name"`
	GuestTitle string `json:"guestTitle"`
}

// Added answers how many attendees an addition listed.
type Added struct {
	Added int `json:"added"`
}

// AttendanceInput is the body of marking an attendee by hand.
type AttendanceInput struct {
	Status string `json:"status"`
}

// LeaveDecision is the body of deciding a leave request.
type LeaveDecision struct {
	Approve bool `json:"approve"`
}

// maxHandAdded bounds the members added by hand at once.
const maxHandAdded = 500

func errNoAttendee() *httpx.Error { return httpx.NotFound("参会人员不存在") }

// attendeeRoutes registers a meeting's attendees: the list, the roster
// drawn, members added by hand, guests, removal before START, attendance by
// hand and leave decisions.
func (s *Service) attendeeRoutes(rs *httpx.Routes, base string) {
	one := base + "/{id}/attendees"
	rs.Get(one, Perms.List, "查看参会人员", httpx.ReadOn(errNoMeeting, s.Attendees))
	rs.Post(one+"/roster", Perms.Edit, "导入党组织党员", httpx.ReadOn(errNoMeeting, s.DrawRoster))
	rs.Post(one, Perms.Edit, "添加参会人员", httpx.ChangeOn(errNoMeeting, s.AddMembers))
	rs.Post(base+"/{id}/guests", Perms.Edit, "添加列席人员", httpx.CreateUnder(errNoMeeting, s.AddGuest))
	rs.Delete(one, Perms.Edit, "删除参会人员", httpx.DeleteUnder(errNoMeeting, s.RemoveAttendees))
	rs.Put(one+"/{aid}/attendance", Perms.Edit, "登记出勤", attendeeChange(s.MarkAttendance))
	rs.Put(one+"/{aid}/leave", Perms.Edit, "审批请假", attendeeChange(s.DecideLeave))
}

// attendeeChange serves a change of attendee {aid} of meeting {id} with a
// body, answering the attendee as changed.
func attendeeChange[T any](fn func(ctx context.Context, id, aid int64, in T) (AttendeeView, error)) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoMeeting())
		if err != nil {
			return err
		}
		aid, err := httpx.PathID(r, "aid", errNoAttendee())
		if err != nil {
			return err
		}
		var in T
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		out, err := fn(r.Context(), id, aid, in)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	}
}

// Attendees lists meeting id's attendees: members first, then guests.
func (s *Service) Attendees(ctx context.Context, id int64) ([]AttendeeView, error) {
	if _, err := s.findMeeting(ctx, s.db, id); err != nil {
		return nil, err
	}
	var rows []AttendeeView
	if err := s.db.NewSelect().Model(&rows).Where("a.meeting_id = ?", id).OrderExpr("a.guest, a.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return s.showAttendees(ctx, rows)
}

// showAttendees fills the names of the views: the status, the reason and
// the members' organisations (two reads for the whole list).
func (s *Service) showAttendees(ctx context.Context, rows []AttendeeView) ([]AttendeeView, error) {
	var ids []int64
	for _, a := range rows {
		if a.MemberID != nil {
			ids = append(ids, *a.MemberID)
		}
	}
	briefs, err := s.members.Briefs(ctx, s.db, uniq.Of(ids))
	if err != nil {
		return nil, err
	}
	placed := make(map[int64]member.Brief, len(briefs))
	orgIDs := make([]int64, 0, len(briefs))
	for _, b := range briefs {
		placed[b.ID], orgIDs = b, append(orgIDs, b.OrgID)
	}
	names, err := s.orgs.Names(ctx, uniq.Of(orgIDs))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range rows {
		a := &rows[i]
		a.StatusName, a.JoinReasonName = AttendNames[a.Status], JoinReasonNames[a.JoinReason]
		if a.MemberID != nil {
			a.OrgName = names[placed[*a.MemberID].OrgID]
		}
	}
	return rows, nil
}

// attendee reads attendee aid of meeting id as the list shows it.
func (s *Service) attendee(ctx context.Context, id, aid int64) (AttendeeView, error) {
	rows := []AttendeeView{}
	if err := s.db.NewSelect().Model(&rows).Where("a.id = ?", aid).Where("a.meeting_id = ?", id).Scan(ctx); err != nil {
		return AttendeeView{}, httpx.Internal(err)
	}
	if len(rows) == 0 {
		return AttendeeView{}, errNoAttendee()
	}
	rows, err := s.showAttendees(ctx, rows)
	if err != nil {
		return AttendeeView{}, err
	}
	return rows[0], nil
}

// listing reads meeting id for a change of its list, which only a draft or
// a published meeting (before START, not cancelled) allows.
func (s *Service) listing(ctx context.Context, idb bun.IDB, id int64) (*Meeting, error) {
	m, err := s.findMeeting(ctx, idb, id)
	if err != nil {
		return nil, err
	}
	if m.CancelledAt != nil || m.State > StatePublished {
		return nil, httpx.BadRequest("会议已开始或已取消，不能修改参会人员")
	}
	return m, nil
}

// insertAttendees lists rows under meeting id, a member already listed
// being skipped (the unique index on meeting and member), and answers how
// many it added.
func (s *Service) insertAttendees(ctx context.Context, idb bun.IDB, rows []Attendee) (Added, error) {
	if len(rows) == 0 {
		return Added{}, nil
	}
	now := s.now()
	for i := range rows {
		rows[i].CreatedAt, rows[i].UpdatedAt, rows[i].Status = now, now, AttendExpected
	}
	res, err := idb.NewInsert().Model(&rows).On("CONFLICT (meeting_id, member_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return Added{}, httpx.Internal(err)
	}
	n, _ := res.RowsAffected()
	return Added{Added: int(n)}, nil
}

// DrawRoster lists the members in normal status of the meeting's
// organisation not listed yet (SYSTEM_IMPORT).
func (s *Service) DrawRoster(ctx context.Context, id int64) (Added, error) {
	var out Added
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.listing(ctx, tx, id)
		if err != nil {
			return err
		}
		var roster []member.Brief
		if err := s.members.SelectBriefs(tx, member.StatusNormal).Where("bm.org_id = ?", m.OrgID).OrderExpr("bm.id").Scan(ctx, &roster); err != nil {
			return httpx.Internal(err)
		}
		if len(roster) == 0 {
			return s.emptyRoster(ctx, m.OrgID)
		}
		rows := make([]Attendee, len(roster))
		for i, p := range roster {
			rows[i] = Attendee{MeetingID: id, MemberID: &p.ID, Name: p.Name, JoinType: JoinRoster}
		}
		out, err = s.insertAttendees(ctx, tx, rows)
		return err
	})
	return out, httpx.AsError(err)
}

// emptyRoster says why the roster of organisation orgID gave nobody: a
// party group keeps no member records of its own (its members are the
// branch's, added by hand), any other organisation has none in normal status.
func (s *Service) emptyRoster(ctx context.Context, orgID int64) error {
	o, err := s.orgs.Find(ctx, orgID)
	if err != nil {
		return err
	}
	if o.Type == org.TypeGroup {
		return httpx.BadRequest("党小组不单独建立党员名册，请通过“添加党员”逐个添加本小组的党员")
	}
	return httpx.BadRequest("该党组织暂无正常状态的党员，无法从党员名册导入")
}

// AddMembers lists members of the caller's scope by hand (USER_IMPORT),
// with why they attend; one already listed is skipped.
func (s *Service) AddMembers(ctx context.Context, id int64, in AddAttendees) (Added, error) {
	ids := uniq.Of(in.MemberIDs)
	switch {
	case len(ids) == 0:
		return Added{}, httpx.Invalid("memberIds", "请选择参会人员")
	case len(ids) > maxHandAdded:
		return Added{}, httpx.Invalid("memberIds", "一次最多添加%d人", maxHandAdded)
	case in.JoinReason != 0 && JoinReasonNames[in.JoinReason] == "":
		return Added{}, httpx.Invalid("joinReason", "参会类型取值无效")
	}
	var out Added
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.listing(ctx, tx, id); err != nil {
			return err
		}
		holders, err := s.members.HoldersOf(ctx, ids)
		if err != nil {
			return err
		}
		rows := make([]Attendee, 0, len(ids))
		for _, mid := range ids {
			h, ok := holders[mid]
			if !ok {
				return httpx.Invalid("memberIds", "所选党员不存在")
			}
			rows = append(rows, Attendee{MeetingID: id, MemberID: &h.ID, Name: h.Name, JoinType: JoinByHand, JoinReason: in.JoinReason})
		}
		out, err = s.insertAttendees(ctx, tx, rows)
		return err
	})
	return out, httpx.AsError(err)
}

// AddGuest invites a guest (a higher committee's member at a branch's
// 组织生活会): listed by name and title, without a member record.
func (s *Service) AddGuest(ctx context.Context, id int64, in GuestInput) (AttendeeView, error) {
	in.Name, in.GuestTitle = strings.TrimSpace(in.Name), strings.TrimSpace(in.GuestTitle)
	var c httpx.Checks
	c.Add(record.Required("name", "姓名", in.Name, 50), record.MaxLen("guestTitle", "职务", in.GuestTitle, 100))
	if err := c.Err(); err != nil {
		return AttendeeView{}, err
	}
	a := Attendee{MeetingID: id, Name: in.Name, Guest: true, GuestTitle: in.GuestTitle, JoinType: JoinByHand, Status: AttendExpected}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.listing(ctx, tx, id); err != nil {
			return err
		}
		a.CreatedAt, a.UpdatedAt = s.now(), s.now()
		if _, err := tx.NewInsert().Model(&a).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return AttendeeView{}, httpx.AsError(err)
	}
	return s.attendee(ctx, id, a.ID)
}

// RemoveAttendees takes attendees ids off meeting id's list before START
// (all of them, or none: 404).
func (s *Service) RemoveAttendees(ctx context.Context, id int64, ids []int64) error {
	ids = uniq.Of(ids)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.listing(ctx, tx, id); err != nil {
			return err
		}
		res, err := tx.NewDelete().Model((*Attendee)(nil)).Where("id IN (?)", bun.List(ids)).Where("meeting_id = ?", id).Exec(ctx)
		if err := record.Conditional(res, err, int64(len(ids)), errNoAttendee()); err != nil {
			return err
		}
		return s.dropCheckFiles(ctx, tx, ids)
	})
}

// MarkAttendance sets an attendee's attendance by hand at START or CLOSE:
// present or late records when (now, unless signed already) and the hand
// channel; any other status clears the sign-in.
func (s *Service) MarkAttendance(ctx context.Context, id, aid int64, in AttendanceInput) (AttendeeView, error) {
	if AttendNames[in.Status] == "" {
		return AttendeeView{}, httpx.Invalid("status", "请选择出勤情况")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.findMeeting(ctx, tx, id)
		if err != nil {
			return err
		}
		if m.CancelledAt != nil || m.State < StateStarted {
			return httpx.BadRequest("会议开始后才能登记出勤")
		}
		now := s.now()
		q := tx.NewUpdate().Table("zzsh_attendee").Set("status = ?", in.Status).Set("updated_at = ?", now).
			Where("id = ?", aid).Where("meeting_id = ?", id)
		if in.Status == AttendPresent || in.Status == AttendLate {
			q = q.Set("sign_channel = CASE WHEN signed_at IS NULL THEN ? ELSE sign_channel END", "hand").
				Set("signed_at = COALESCE(signed_at, ?)", now)
		} else {
			q = q.Set("sign_channel = ''").Set("signed_at = NULL")
		}
		res, err := q.Exec(ctx)
		if err := record.Conditional(res, err, 1, errNoAttendee()); err != nil {
			return err
		}
		return s.publishAttendance(ctx, tx, m, aid) // a correction after CLOSE
	})
	if err != nil {
		return AttendeeView{}, httpx.AsError(err)
	}
	return s.attendee(ctx, id, aid)
}

// DecideLeave approves (the attendee is then on leave) or rejects a leave
// request waiting for the host; a request decided is not decided again.
func (s *Service) DecideLeave(ctx context.Context, id, aid int64, in LeaveDecision) (AttendeeView, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.liveMeeting(ctx, tx, id)
		if err != nil {
			return err
		}
		now := s.now()
		q := tx.NewUpdate().Table("zzsh_attendee").Set("updated_at = ?", now).
			Set("leave_decided_by = ?", rbac.From(ctx).AccountName()).Set("leave_decided_at = ?", now).
			Where("id = ?", aid).Where("meeting_id = ?", id).Where("leave_state = ?", LeavePending)
		if in.Approve {
			q = q.Set("leave_state = ?", LeaveApproved).Set("status = ?", AttendLeave)
		} else {
			q = q.Set("leave_state = ?", LeaveRejected)
		}
		res, err := q.Exec(ctx)
		if err == nil {
			if n, _ := res.RowsAffected(); n == 0 {
				return s.noPendingLeave(ctx, tx, id, aid)
			}
		}
		if err := record.Conditional(res, err, 1, errNoAttendee()); err != nil {
			return err
		}
		return s.publishAttendance(ctx, tx, m, aid) // a leave approved after CLOSE

	})
	if err != nil {
		return AttendeeView{}, httpx.AsError(err)
	}
	return s.attendee(ctx, id, aid)
}

// noPendingLeave answers a decision that changed nothing: the attendee is
// not one of the meeting (404), or has no request waiting (400).
func (s *Service) noPendingLeave(ctx context.Context, idb bun.IDB, id, aid int64) error {
	n, err := idb.NewSelect().Model((*Attendee)(nil)).Where("a.id = ?", aid).Where("a.meeting_id = ?", id).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n == 0 {
		return errNoAttendee()
	}
	return httpx.BadRequest("没有待审批的请假申请")
}
