package orglife

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// CancelInput is the body of a cancellation.
type CancelInput struct {
	Reason string `json:"reason"`
}

// RescheduleInput is the body of a reschedule: the new time and why.
type RescheduleInput struct {
	StartsAt time.Time `json:"startsAt"`
	EndsAt   time.Time `json:"endsAt"`
	Reason   string    `json:"reason"`
}

// stateRoutes registers the meeting's state changes (docs/orglife.md).
func (s *Service) stateRoutes(rs *httpx.Routes, base string) {
	rs.Post(base+"/{id}/publish", Perms.Edit, "发布会议", httpx.ReadOn(errNoMeeting, s.Publish))
	rs.Post(base+"/{id}/start", Perms.Edit, "开始会议", httpx.ReadOn(errNoMeeting, s.Start))
	rs.Post(base+"/{id}/close", Perms.Edit, "结束会议", httpx.ReadOn(errNoMeeting, s.Close))
	rs.Post(base+"/{id}/cancel", Perms.Edit, "取消会议", httpx.ChangeOn(errNoMeeting, s.Cancel))
	rs.Post(base+"/{id}/reschedule", Perms.Edit, "会议改期", httpx.ChangeOn(errNoMeeting, s.Reschedule))
}

// move is one change of meeting id of the caller's scope by an action (a
// state change, the minutes): the meeting read (404 outside the scope),
// refused with refusal unless it is in one of the states from and not
// cancelled, vetted (vet, optional), changed by change and written by one
// conditional UPDATE of columns (with updated_at, its state and
// cancellation in the WHERE), so that of two parallel actions one wins and
// the other is refused with refusal (409); the trail records what changed.
// after (optional) follows in the same transaction with the meeting as read.
func (s *Service) move(ctx context.Context, id int64, from []int, refusal string,
	vet func(ctx context.Context, tx bun.Tx, m *Meeting) error,
	change func(m *Meeting, now time.Time), columns []string,
	after func(ctx context.Context, tx bun.Tx, m *Meeting) error) (MeetingView, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.liveMeeting(ctx, tx, id)
		if err != nil {
			return err
		}
		if !slices.Contains(from, m.State) {
			return httpx.BadRequest("%s", refusal)
		}
		if vet != nil {
			if err := vet(ctx, tx, m); err != nil {
				return err
			}
		}
		next := *m
		now := s.now()
		change(&next, now)
		next.UpdatedAt = now
		sv := record.Save{Origin: audit.OriginUserUpdate, Snapshot: &next, Write: func(ctx context.Context) (int64, error) {
			res, err := tx.NewUpdate().Model(&next).Column(append(columns, "updated_at")...).WherePK().
				Where("state IN (?)", bun.In(from)).Where("cancelled_at IS NULL").Exec(ctx)
			return id, record.Conditional(res, err, 1, httpx.Conflict("%s", refusal))
		}}
		if sv.Before, err = s.trailView(ctx, tx, m); err != nil {
			return err
		}
		if sv.After, err = s.trailView(ctx, tx, &next); err != nil {
			return err
		}
		if _, err := meetingTrail.Save(ctx, tx, plainLabels, sv); err != nil {
			return err
		}
		if after != nil {
			return after(ctx, tx, m)
		}
		return nil
	})
	if err != nil {
		return MeetingView{}, httpx.AsError(err)
	}
	return s.meetings.Detail(ctx, id)
}

// plainLabels labels nothing: the meeting's trail declares no dictionary.
func plainLabels(_, v string) string { return v }

// Publish plans a draft (NO_CONFIG → CONFIG): it needs an attendee, and a
// 组织生活会 a guest of a higher committee (RULES §4); the attendees with
// an account are told after the commit.
func (s *Service) Publish(ctx context.Context, id int64) (MeetingView, error) {
	return s.move(ctx, id, []int{StateDraft}, "只有草稿状态的会议可以发布",
		func(ctx context.Context, tx bun.Tx, m *Meeting) error {
			n, err := tx.NewSelect().Model((*Attendee)(nil)).Where("a.meeting_id = ?", m.ID).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n == 0 {
				return httpx.BadRequest("请先添加参会人员")
			}
			if m.TypeCode != TypeLifeMeeting {
				return nil
			}
			guests, err := tx.NewSelect().Model((*Attendee)(nil)).Where("a.meeting_id = ?", m.ID).Where("a.guest = ?", true).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if guests == 0 {
				return httpx.BadRequest("组织生活会应有上级党组织成员参加，请添加列席人员")
			}
			return nil
		},
		func(m *Meeting, now time.Time) { m.State, m.PublishedAt = StatePublished, &now },
		[]string{"state", "published_at"},
		func(ctx context.Context, tx bun.Tx, m *Meeting) error {
			return s.tell(ctx, tx, m, "会议通知："+m.Topic, s.announcement(ctx, m, m.StartsAt, m.EndsAt)+s.checkNotice(ctx, m))
		})
}

// Start opens the sign-in (CONFIG → START) with a fresh sign key: the links
// of an earlier start no longer sign in.
func (s *Service) Start(ctx context.Context, id int64) (MeetingView, error) {
	key, err := signKey()
	if err != nil {
		return MeetingView{}, httpx.Internal(err)
	}
	return s.move(ctx, id, []int{StatePublished}, "只有已发布的会议可以开始", s.readyToStart,
		func(m *Meeting, now time.Time) { m.State, m.StartedAt, m.SignKey = StateStarted, &now, key },
		[]string{"state", "started_at", "sign_key"}, nil)
}

// signKey is a fresh random key of 32 hex characters.
func signKey() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// Close ends a meeting held (START → CLOSE): the attendees still expected
// are absent; when the host asked for receipts the members on the list are
// told where to answer.
func (s *Service) Close(ctx context.Context, id int64) (MeetingView, error) {
	return s.move(ctx, id, []int{StateStarted}, "只有进行中的会议可以结束", nil,
		func(m *Meeting, now time.Time) { m.State, m.ClosedAt = StateClosed, &now },
		[]string{"state", "closed_at"},
		func(ctx context.Context, tx bun.Tx, m *Meeting) error {
			now := s.now()
			_, err := tx.NewUpdate().Table("zzsh_attendee").Set("status = ?", AttendAbsent).Set("updated_at = ?", now).
				Where("meeting_id = ?", m.ID).Where("status = ?", AttendExpected).Exec(ctx)
			if err != nil {
				return err
			}
			held := *m
			held.State = StateClosed
			if err := s.publishAttendance(ctx, tx, &held, 0); err != nil { // attendance_event.go
				return err
			}
			if !m.Receipt {
				return nil
			}
			return s.askReceipt(ctx, tx, m, now) // receipt.go
		})
}

// Cancel calls off a draft or a published meeting with a reason; a
// published one's attendees are told after the commit.
func (s *Service) Cancel(ctx context.Context, id int64, in CancelInput) (MeetingView, error) {
	reason := strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "取消原因", reason, 500); err != nil {
		return MeetingView{}, err
	}
	return s.move(ctx, id, []int{StateDraft, StatePublished}, "会议已开始，不能取消", nil,
		func(m *Meeting, now time.Time) { m.CancelledAt, m.CancelReason = &now, reason },
		[]string{"cancelled_at", "cancel_reason"},
		func(ctx context.Context, tx bun.Tx, m *Meeting) error {
			if m.State != StatePublished {
				return nil
			}
			return s.tell(ctx, tx, m, "会议取消："+m.Topic, fmt.Sprintf("原定%s的%s已取消。取消原因：%s",
				when(m.StartsAt, m.EndsAt), s.typeName(ctx, m.TypeCode), reason))
		})
}

// Reschedule moves a draft or a published meeting to a new time, with a
// reason; a published one's attendees are told after the commit.
func (s *Service) Reschedule(ctx context.Context, id int64, in RescheduleInput) (MeetingView, error) {
	reason := strings.TrimSpace(in.Reason)
	var c httpx.Checks
	c.Add(checkSpan(in.StartsAt, in.EndsAt))
	c.Add(record.Required("reason", "改期原因", reason, 500))
	if err := c.Err(); err != nil {
		return MeetingView{}, err
	}
	starts, ends := in.StartsAt.UTC().Truncate(time.Second), in.EndsAt.UTC().Truncate(time.Second)
	return s.move(ctx, id, []int{StateDraft, StatePublished}, "会议已开始，不能改期", nil,
		func(m *Meeting, _ time.Time) {
			m.StartsAt, m.EndsAt, m.HeldOn = starts, ends, date.Of(starts.In(date.China))
		},
		[]string{"starts_at", "ends_at", "held_on"},
		func(ctx context.Context, tx bun.Tx, m *Meeting) error {
			if m.State != StatePublished {
				return nil
			}
			return s.tell(ctx, tx, m, "会议改期："+m.Topic, fmt.Sprintf("原定%s的会议改期。改期原因：%s。%s",
				when(m.StartsAt, m.EndsAt), reason, s.announcement(ctx, m, starts, ends)))
		})
}

// tell sends the attendees of meeting m who have an account a message once
// the transaction commits (a rolled-back change tells nobody).
func (s *Service) tell(ctx context.Context, tx bun.Tx, m *Meeting, title, content string) error {
	return s.tellAt(ctx, tx, m, title, content, meetingLink(m))
}

// tellAt is tell with the message's link.
func (s *Service) tellAt(ctx context.Context, tx bun.Tx, m *Meeting, title, content, link string) error {
	var members []int64
	if err := tx.NewSelect().Model((*Attendee)(nil)).Column("a.member_id").Where("a.meeting_id = ?", m.ID).
		Where("a.member_id IS NOT NULL").Scan(ctx, &members); err != nil {
		return httpx.Internal(err)
	}
	accounts, err := s.members.AccountsOf(ctx, tx, members)
	if err != nil || len(accounts) == 0 {
		return err
	}
	db.AfterCommit(ctx, func(ctx context.Context) error {
		return s.sys.Notify(ctx, s.db, accounts, title, content, link, false)
	})
	return nil
}

// announcement is what attendees read of meeting m held from starts to ends.
func (s *Service) announcement(ctx context.Context, m *Meeting, starts, ends time.Time) string {
	place := m.Place
	if m.Online {
		place = "线上"
	}
	names, _ := s.orgs.Names(ctx, []int64{m.OrgID})
	text := fmt.Sprintf("%s将于%s召开%s：%s", names[m.OrgID], when(starts, ends), s.typeName(ctx, m.TypeCode), m.Topic)
	if place != "" {
		text += "，地点：" + place
	}
	if m.Host != "" {
		text += "，主持人：" + m.Host
	}
	return text + "。请准时参加。"
}

// when is a meeting's time as people read it: 2026年3月1日 14:00—16:00.
func when(starts, ends time.Time) string {
	a, b := starts.In(date.China), ends.In(date.China)
	text := date.Of(a).Chinese() + " " + a.Format("15:04") + "—"
	if date.Of(b) != date.Of(a) {
		text += date.Of(b).Chinese() + " "
	}
	return text + b.Format("15:04")
}

// typeName is the name of the type code (the code itself when it is gone).
func (s *Service) typeName(ctx context.Context, code string) string {
	if t, err := s.meetingType(ctx, code); err == nil && t != nil {
		return t.Name
	}
	return code
}

// meetingLink is where a meeting is opened in the web: the page of its type
// (the built-in types' pages are named by their codes).
func meetingLink(m *Meeting) string {
	page := "qthy"
	switch m.TypeCode {
	case TypeBranchGeneral, TypeBranchCommittee, TypeGroup, TypeLecture:
		page = "shyk/" + m.TypeCode
	case TypeThemeDay, TypeLifeMeeting, TypeDemocratic:
		page = m.TypeCode
	}
	return fmt.Sprintf("%s/%s?id=%d", MenuDir, page, m.ID)
}
