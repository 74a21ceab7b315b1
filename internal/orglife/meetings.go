package orglife

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// MeetingInput is the body of a meeting's create and update: what its form
// sets. The state, the minutes and the times of the state changes are set by
// their own actions, never by the form.
type MeetingInput struct {
	ID               int64     `json:"id"`
	UpdateTime       time.Time `json:"updateTime"` // the version the form read (PUT): a change made meanwhile is a 409
	OrgID            int64     `json:"orgId"`
	TypeCode         string    `json:"typeCode"`
	Topic            string    `json:"topic"`
	StartsAt         time.Time `json:"startsAt"`
	EndsAt           time.Time `json:"endsAt"`
	Place            string    `json:"place"`
	Online           bool      `json:"online"`
	Host             string    `json:"host"`
	Recorder         string    `json:"recorder"`
	Lecturer         string    `json:"lecturer"`
	SecretaryLecture bool      `json:"secretaryLecture"`
	Agenda           string    `json:"agenda"`
	Receipt          bool      `json:"receipt"`
}

// MeetingView is a meeting as the list and the detail show it: its
// organisation's and type's names and the counts of its attendees.
type MeetingView struct {
	Meeting   `bun:",extend"`
	OrgName   string `bun:"org_name,scanonly" json:"orgName"`
	TypeName  string `bun:"type_name,scanonly" json:"typeName"`
	StateName string `bun:"-" json:"stateName"`
	Cancelled bool   `bun:"-" json:"cancelled"`
	// The attendees: all of them (guests too), present (late ones
	// included), late, on leave, absent, and leave requests waiting.
	AttendeeCount int `bun:"attendee_count,scanonly" json:"attendeeCount"`
	PresentCount  int `bun:"present_count,scanonly" json:"presentCount"`
	LateCount     int `bun:"late_count,scanonly" json:"lateCount"`
	LeaveCount    int `bun:"leave_count,scanonly" json:"leaveCount"`
	AbsentCount   int `bun:"absent_count,scanonly" json:"absentCount"`
	PendingLeaves int `bun:"pending_leaves,scanonly" json:"pendingLeaves"`
}

func errNoMeeting() *httpx.Error { return httpx.NotFound("会议不存在") }

// TypeOther is the list filter of the meetings whose type is one the school
// added (the page 其他会议).
const TypeOther = "other"

// meetingFields are the form's texts and the organisation, checked by the kit.
var meetingFields = resource.Fields[MeetingInput]{
	{Name: "orgId", Label: "党组织", Kind: resource.Ref, Required: true},
	{Name: "topic", Label: "会议主题", Required: true, Max: 200},
	{Name: "place", Label: "会议地点", Max: 200},
	{Name: "host", Label: "主持人", Max: 50},
	{Name: "recorder", Label: "记录人", Max: 50},
	{Name: "lecturer", Label: "主讲人", Max: 50},
	{Name: "agenda", Label: "会议议程", Max: 2000},
}

// meetingSpec: type is a type's code or TypeOther; orgId the organisation
// and those below it; heldOn an inclusive range of days (heldOnFrom,
// heldOnTo); blurry searches the topic.
var meetingSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"type": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			if v == TypeOther {
				return q.Where("m.type_code IN (SELECT code FROM zzsh_meeting_type WHERE builtin = ?)", false), nil
			}
			return q.Where("m.type_code = ?", v), nil
		}},
		"orgId": org.SubtreeFilter("m.org_id"),
		"state": {Columns: []string{"m.state"}, Kind: httpx.Int},
		"cancelled": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			if v == true {
				return q.Where("m.cancelled_at IS NOT NULL"), nil
			}
			return q.Where("m.cancelled_at IS NULL"), nil
		}},
		"heldOn": {Columns: []string{"m.held_on"}, Match: httpx.Range, Kind: httpx.Date},
		"blurry": {Columns: []string{"m.topic"}, Match: httpx.Like},
	},
	Sorts: map[string]string{"heldOn": "m.held_on", "startsAt": "m.starts_at", "state": "m.state",
		"orgName": zh.Name(org.NameColumn), "createTime": "m.created_at"},
	DefaultSort: "m.starts_at DESC, m.id DESC",
	Key:         "m.id",
}

// attendeeCounts are MeetingView's counts, each a sub-query over the
// meeting's attendees (the index on meeting_id): with a year of meetings a
// join of all attendees grouped by meeting cost 200–300 ms a page on both
// databases, these well under 10 ms (the page's rows only).
var attendeeCounts = []struct{ column, where string }{
	{"attendee_count", ""},
	{"present_count", " AND ac.status IN ('present', 'late')"},
	{"late_count", " AND ac.status = 'late'"},
	{"leave_count", " AND ac.status = 'leave'"},
	{"absent_count", " AND ac.status = 'absent'"},
	{"pending_leaves", " AND ac.leave_state = 1"},
}

// meetingJoin adds the names and the counts of MeetingView.
func meetingJoin(q *bun.SelectQuery) *bun.SelectQuery {
	q = org.NameJoin("m.org_id")(q).
		ColumnExpr("COALESCE(mt.name, m.type_code) AS type_name").Join("LEFT JOIN zzsh_meeting_type AS mt ON mt.code = m.type_code")
	for _, c := range attendeeCounts {
		q = q.ColumnExpr("(SELECT COUNT(*) FROM zzsh_attendee AS ac WHERE ac.meeting_id = m.id" + c.where + ") AS " + c.column)
	}
	return q
}

// meetingResource declares the meetings: kept per organisation, seen within
// the caller's organisation scope.
func (s *Service) meetingResource() *resource.Viewed[Meeting, MeetingView, MeetingInput, MeetingView] {
	return &resource.Viewed[Meeting, MeetingView, MeetingInput, MeetingView]{DB: s.db, Noun: "会议", Spec: meetingSpec, Now: s.now,
		Access: s.sys.LogAccess, Scope: s.orgs.Scoped("m.org_id"), Join: meetingJoin,
		Record: func(v *MeetingView) *Meeting { return &v.Meeting },
		Labels: func(ctx context.Context) (audit.Labeller, error) { // the trail's entry types and origins
			l, err := s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
			return l.Label, err
		},
		Input: inputOf,
		IDOf:  func(in *MeetingInput) int64 { return in.ID },
		View: func(v *MeetingView, _ audit.Labeller, _ bool) MeetingView {
			v.StateName, v.Cancelled = StateNames[v.State], v.CancelledAt != nil
			return *v
		},
		Check:        s.checkMeeting,
		BeforeDelete: s.beforeDeleteMeetings,
		Trail:        meetingTrail, TrailView: s.trailView, TrailName: "m.topic",
		Anchor: "org_id", AnchorScope: s.orgs.Scoped, // a deleted meeting stays in the trail of its organisation's scope
		Export: resource.Export[MeetingView]{Title: "组织生活会议", Columns: []resource.Column[MeetingView]{
			{Header: "党组织", Width: 28, Cell: func(v *MeetingView) any { return v.OrgName }},
			{Header: "会议类型", Width: 14, Cell: func(v *MeetingView) any { return v.TypeName }},
			{Header: "会议主题", Width: 36, Cell: func(v *MeetingView) any { return v.Topic }},
			{Header: "会议时间", Width: 20, Cell: func(v *MeetingView) any { return v.StartsAt.In(date.China).Format("2006-01-02 15:04") }},
			{Header: "会议地点", Width: 20, Cell: func(v *MeetingView) any { return v.Place }},
			{Header: "主持人", Width: 12, Cell: func(v *MeetingView) any { return v.Host }},
			{Header: "状态", Width: 10, Cell: func(v *MeetingView) any { return stateText(v) }},
			{Header: "应到", Width: 8, Cell: func(v *MeetingView) any { return v.AttendeeCount }},
			{Header: "实到", Width: 8, Cell: func(v *MeetingView) any { return v.PresentCount }},
			{Header: "请假", Width: 8, Cell: func(v *MeetingView) any { return v.LeaveCount }},
		}},
	}
}

// stateText is a meeting's state as the export shows it: 已取消 for a
// cancelled one.
func stateText(v *MeetingView) string {
	if v.CancelledAt != nil {
		return "已取消"
	}
	return StateNames[v.State]
}

// inputOf is the form of a stored meeting: what an update is merged onto.
func inputOf(v *MeetingView) MeetingInput {
	m := &v.Meeting
	return MeetingInput{ID: m.ID, UpdateTime: m.UpdatedAt, OrgID: m.OrgID, TypeCode: m.TypeCode, Topic: m.Topic,
		StartsAt: m.StartsAt, EndsAt: m.EndsAt, Place: m.Place, Online: m.Online, Host: m.Host, Recorder: m.Recorder,
		Lecturer: m.Lecturer, SecretaryLecture: m.SecretaryLecture, Agenda: m.Agenda, Receipt: m.Receipt}
}

// checkMeeting checks a form into the meeting to write over cur (nil: a new
// draft). The organisation lies in the caller's scope and holds the type
// (its org_types); the meeting ends after it starts; it is held on the day
// it starts in China. A meeting is changed only as a draft or published
// and not cancelled; a published one changes its time only by reschedule,
// its organisation only while it has no attendees.
func (s *Service) checkMeeting(ctx context.Context, in MeetingInput, cur *MeetingView) (Meeting, error) {
	if cur != nil {
		if err := s.changeable(ctx, in, cur); err != nil {
			return Meeting{}, err
		}
	}
	var c httpx.Checks
	c.Add(meetingFields.Check(&in, nil, nil, date.Of(s.now().In(date.China))))
	in.TypeCode = strings.TrimSpace(in.TypeCode)
	var holder *org.Org
	if !c.Failed("orgId") {
		o, err := s.orgs.BriefInScope(ctx, in.OrgID)
		if err != nil {
			return Meeting{}, httpx.Internal(err)
		}
		if o == nil {
			c.Add(httpx.Invalid("orgId", "所选党组织不存在"))
		}
		holder = o
	}
	if in.TypeCode == "" {
		c.Add(httpx.Invalid("typeCode", "请选择会议类型"))
	} else {
		t, err := s.meetingType(ctx, in.TypeCode)
		switch {
		case err != nil:
			return Meeting{}, err
		case t == nil:
			c.Add(httpx.Invalid("typeCode", "会议类型不存在"))
		case !t.Enabled && (cur == nil || cur.TypeCode != t.Code):
			c.Add(httpx.Invalid("typeCode", "会议类型“%s”已停用，请重新选择", t.Name))
		case holder != nil && !slices.Contains(strings.Split(t.OrgTypes, ","), holder.Type):
			c.Add(httpx.Invalid("typeCode", "%s不能召开%s", holder.Name, t.Name))
		}
	}
	c.Add(checkSpan(in.StartsAt, in.EndsAt))
	if err := c.Err(); err != nil {
		return Meeting{}, err
	}
	m := Meeting{State: StateDraft}
	if cur != nil {
		m = cur.Meeting
	}
	m.OrgID, m.TypeCode, m.Topic, m.Place, m.Online = in.OrgID, in.TypeCode, in.Topic, in.Place, in.Online
	m.Host, m.Recorder, m.Agenda, m.Receipt = in.Host, in.Recorder, in.Agenda, in.Receipt
	m.StartsAt, m.EndsAt = in.StartsAt.UTC().Truncate(time.Second), in.EndsAt.UTC().Truncate(time.Second)
	m.HeldOn = date.Of(m.StartsAt.In(date.China))
	if m.Lecturer, m.SecretaryLecture = "", false; in.TypeCode == TypeLecture { // a speaker only a 党课 has
		m.Lecturer, m.SecretaryLecture = in.Lecturer, in.SecretaryLecture
	}
	return m, nil
}

// changeable refuses an update the meeting's state does not allow.
func (s *Service) changeable(ctx context.Context, in MeetingInput, cur *MeetingView) error {
	switch {
	case !in.UpdateTime.IsZero() && !in.UpdateTime.Equal(cur.UpdatedAt):
		return httpx.Conflict("会议已被他人修改，请刷新后重试")
	case cur.CancelledAt != nil:
		return httpx.BadRequest("会议已取消，不能修改")
	case cur.State > StatePublished:
		return httpx.BadRequest("会议已开始，不能修改")
	case cur.State == StatePublished && (!in.StartsAt.Equal(cur.StartsAt) || !in.EndsAt.Equal(cur.EndsAt)):
		return httpx.Invalid("startsAt", "会议已发布，请通过改期修改时间")
	case in.OrgID != cur.OrgID && cur.AttendeeCount > 0:
		return httpx.Invalid("orgId", "会议已有参会人员，不能更换党组织")
	}
	return nil
}

// beforeDeleteMeetings refuses to delete a meeting that is neither a draft
// nor cancelled (one published or held stays on record), and removes the
// attendees of those deleted.
func (s *Service) beforeDeleteMeetings(ctx context.Context, tx bun.IDB, ids []int64) error {
	n, err := tx.NewSelect().Model((*Meeting)(nil)).Where("m.id IN (?)", bun.In(ids)).
		Where("m.state <> ?", StateDraft).Where("m.cancelled_at IS NULL").Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.BadRequest("只能删除草稿或已取消的会议")
	}
	if err := s.dropMeetingsCheckFiles(ctx, tx, ids); err != nil {
		return err
	}
	if err := s.dropFiles(ctx, tx, meetingFiles, ids); err != nil { // photos, minutes, materials
		return err
	}
	if _, err := tx.NewDelete().Model((*Attendee)(nil)).Where("meeting_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// meetingType reads the type of code (nil when there is none).
func (s *Service) meetingType(ctx context.Context, code string) (*MeetingType, error) {
	t := new(MeetingType)
	if err := s.db.NewSelect().Model(t).Where("mt.code = ?", code).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return t, nil
}

// findMeeting reads meeting id of the caller's scope through idb, or 404.
func (s *Service) findMeeting(ctx context.Context, idb bun.IDB, id int64) (*Meeting, error) {
	return record.FindScoped[Meeting](ctx, idb, s.orgs.Scoped("m.org_id"), "m", id, errNoMeeting)
}

// liveMeeting is findMeeting of a meeting not cancelled: a cancelled one
// takes no state change and no attendance decision.
func (s *Service) liveMeeting(ctx context.Context, idb bun.IDB, id int64) (*Meeting, error) {
	m, err := s.findMeeting(ctx, idb, id)
	if err == nil && m.CancelledAt != nil {
		return nil, httpx.BadRequest("会议已取消")
	}
	return m, err
}

// checkSpan is the check of a meeting's time: both ends, the end after the start.
func checkSpan(startsAt, endsAt time.Time) error {
	switch {
	case startsAt.IsZero():
		return httpx.Invalid("startsAt", "请选择开始时间")
	case endsAt.IsZero():
		return httpx.Invalid("endsAt", "请选择结束时间")
	case !endsAt.After(startsAt):
		return httpx.Invalid("endsAt", "结束时间应晚于开始时间")
	}
	return nil
}

// meetingRoutes registers the meetings, their state changes, attendees,
// minutes, files and record, and the meeting types.
func (s *Service) meetingRoutes(rs *httpx.Routes) {
	rs = rs.In("组织生活")
	const base = "/api/zzsh/meetings"
	// A snapshot is a Meeting, not the form a restore would check: the trail
	// is read, not restored.
	s.meetings.Routes(rs, base, Perms, resource.Without(resource.RestoreRoute))
	s.stateRoutes(rs, base)
	s.attendeeRoutes(rs, base)
	s.minutesRoutes(rs, base)
	s.sys.AttachRoutes(rs, base, s.attachments())
	s.typeRoutes(rs)
}
