package orglife

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// Sign-in on the phone (docs/orglife.md, "Sign-in on the phone"). While a
// meeting is at START its screen shows a link, as a QR code, that carries a
// token
//
//	meetingID.expiryUnix.signature
//
// the signature being base64url of two HMAC-SHA256 values of
// "meetingID.expiryUnix", each cut to 16 bytes: the first keyed with the
// server's secret alone (the server issued the token), the second keyed
// with the secret and the meeting's sign_key (it is a token of the current
// START: sign_key changes at every START). Two parts tell a forged token
// (签到码无效) from a genuine one of an earlier START (签到码已失效); each
// keeps 128 bits, beyond guessing. Both are compared in constant time, and
// the first before the database is read, so a forged token costs no query
// and tells nothing about which meetings exist.

// SignPath is the public page a token opens (the web's /democratic/meeting).
const SignPath = "/web/democratic/meeting/sign"

// signTTL is how long a token is valid; the screen fetches a new one every minute.
const signTTL = 10 * time.Minute

// CfgLateMinutes is the setting of how many minutes after the start a
// sign-in is still on time (present); later it is late.
const (
	CfgLateMinutes     = "orglife.lateMinutes"
	DefaultLateMinutes = 15
)

// MaxLeaveReason bounds a leave request's reason (characters; the column's size).
const MaxLeaveReason = 500

// recentSigned is how many of the latest sign-ins the screen names.
const recentSigned = 10

// The refusals of a token and of a sign-in, each a 400.
const (
	msgForged      = "签到码无效"
	msgExpired     = "签到码已过期，请重新扫码"
	msgRotated     = "签到码已失效"
	msgNotStarted  = "会议未开始签到"
	msgClosed      = "会议已结束"
	msgNotAttendee = "您不在本次会议的参会人员中"
)

// migrateSign declares the late setting (system settings page, group orglife).
func migrateSign(ctx context.Context, tx bun.Tx) error {
	return system.InsertSetting(ctx, tx, CfgLateMinutes, strconv.Itoa(DefaultLateMinutes), "会议迟到分钟数", "orglife", system.KindInt,
		"会议开始后多少分钟内扫码签到记为已签到，之后记为迟到（默认15分钟）")
}

func (s *Service) signRoutes(rs *httpx.Routes) {
	r := rs.In("会议签到")
	r.Get("/api/zzsh/meetings/{id}/screen", Perms.Edit, "签到大屏", httpx.ReadOn(meetingNotFound, s.Screen))
	r.Get("/api/zzsh/sign", httpx.Public, "查看签到会议", func(w http.ResponseWriter, r *http.Request) error {
		info, err := s.SignInfo(r.Context(), r.URL.Query().Get("t"))
		if err != nil {
			return err
		}
		return httpx.OK(w, info)
	})
	r.Post("/api/zzsh/sign", httpx.SignedIn, "扫码签到", httpx.Action(s.SignIn))
	r.Post("/api/zzsh/sign/leave", httpx.SignedIn, "请假", httpx.Action(s.RequestLeave))
}

func meetingNotFound() *httpx.Error { return httpx.NotFound("会议不存在") }

// Screen is what the screen of a started meeting shows: its topic and
// organisation, the sign-in link (valid signTTL), the counts and the latest
// sign-ins.
type Screen struct {
	Topic     string    `json:"topic"`
	OrgName   string    `json:"orgName"`
	Link      string    `json:"link"`
	ExpiresAt time.Time `json:"expiresAt"`
	Counts
	Recent []Signed `json:"recent"`
}

// Counts are a meeting's attendance so far.
type Counts struct {
	AttendeeCount int `bun:"attendee_count" json:"attendeeCount"`
	PresentCount  int `bun:"present_count" json:"presentCount"` // present and late
	LateCount     int `bun:"late_count" json:"lateCount"`
	LeaveCount    int `bun:"leave_count" json:"leaveCount"`
}

// Signed is one sign-in as the screen names it.
type Signed struct {
	Name     string    `bun:"name" json:"name"`
	SignedAt time.Time `bun:"signed_at" json:"signedAt"`
	Late     bool      `bun:"late" json:"late"`
}

// Screen answers the screen of meeting id (the caller's scope, else 404),
// only while it is at START.
func (s *Service) Screen(ctx context.Context, id int64) (Screen, error) {
	m, err := record.FindScoped[Meeting](ctx, s.db, s.orgs.Scoped("m.org_id"), "m", id, meetingNotFound)
	if err != nil {
		return Screen{}, err
	}
	if err := startedOrRefused(m); err != nil {
		return Screen{}, err
	}
	names, err := s.orgs.Names(ctx, []int64{m.OrgID})
	if err != nil {
		return Screen{}, httpx.Internal(err)
	}
	exp := s.now().Add(signTTL).Truncate(time.Second)
	out := Screen{Topic: m.Topic, OrgName: names[m.OrgID], Link: SignPath + "?t=" + s.signToken(m.ID, m.SignKey, exp.Unix()),
		ExpiresAt: exp, Recent: []Signed{}}
	err = s.db.NewSelect().Model((*Attendee)(nil)).Where("a.meeting_id = ?", id).
		ColumnExpr("COUNT(*) AS attendee_count").
		ColumnExpr("COALESCE(SUM(CASE WHEN a.status IN (?, ?) THEN 1 ELSE 0 END), 0) AS present_count", AttendPresent, AttendLate).
		ColumnExpr("COALESCE(SUM(CASE WHEN a.status = ? THEN 1 ELSE 0 END), 0) AS late_count", AttendLate).
		ColumnExpr("COALESCE(SUM(CASE WHEN a.status = ? THEN 1 ELSE 0 END), 0) AS leave_count", AttendLeave).
		Scan(ctx, &out.Counts)
	if err != nil {
		return Screen{}, httpx.Internal(err)
	}
	err = s.db.NewSelect().Model((*Attendee)(nil)).Column("a.name", "a.signed_at").
		ColumnExpr("a.status = ? AS late", AttendLate).
		Where("a.meeting_id = ?", id).Where("a.signed_at IS NOT NULL").
		OrderExpr("a.signed_at DESC, a.id DESC").Limit(recentSigned).Scan(ctx, &out.Recent)
	if err != nil {
		return Screen{}, httpx.Internal(err)
	}
	return out, nil
}

// startedOrRefused is nil for a meeting at START, else the refusal.
func startedOrRefused(m *Meeting) error {
	switch {
	case m.State == StateClosed:
		return httpx.BadRequest(msgClosed)
	case m.State != StateStarted || m.CancelledAt != nil || m.SignKey == "":
		return httpx.BadRequest(msgNotStarted)
	}
	return nil
}

// SignMeeting is what the public page shows of the meeting a token names:
// nothing personal.
type SignMeeting struct {
	Topic    string    `json:"topic"`
	OrgName  string    `json:"orgName"`
	TypeName string    `json:"typeName"`
	StartsAt time.Time `json:"startsAt"`
	EndsAt   time.Time `json:"endsAt"`
	Place    string    `json:"place"`
	State    int       `json:"state"`
}

// SignInfo answers the meeting of a valid token (public).
func (s *Service) SignInfo(ctx context.Context, token string) (SignMeeting, error) {
	m, err := s.tokenMeeting(ctx, token)
	if err != nil {
		return SignMeeting{}, err
	}
	names, err := s.orgs.Names(ctx, []int64{m.OrgID})
	if err != nil {
		return SignMeeting{}, httpx.Internal(err)
	}
	var typeName string
	err = s.db.NewSelect().Model((*MeetingType)(nil)).Column("mt.name").Where("mt.code = ?", m.TypeCode).Scan(ctx, &typeName)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return SignMeeting{}, httpx.Internal(err)
	}
	return SignMeeting{Topic: m.Topic, OrgName: names[m.OrgID], TypeName: typeName, StartsAt: m.StartsAt, EndsAt: m.EndsAt,
		Place: m.Place, State: m.State}, nil
}

// SignInput is the body of a sign-in.
type SignInput struct {
	T string `json:"t"`
}

// SignResult is the caller's attendance after a sign-in: Already when they
// had signed in before (this call changed nothing).
type SignResult struct {
	Status   string    `bun:"status" json:"status"`
	SignedAt time.Time `bun:"signed_at" json:"signedAt"`
	Already  bool      `bun:"-" json:"already"`
}

// SignIn marks the caller present (or late) at the meeting of the token,
// once: one conditional UPDATE … WHERE signed_at IS NULL, so of parallel
// scans the first marks and the others read the mark. On time means at most
// CfgLateMinutes after starts_at (exactly at the edge is on time). A member
// with a pending leave request who turns up signs in and the request is
// withdrawn; a decided one stays as decided.
func (s *Service) SignIn(ctx context.Context, in SignInput) (SignResult, error) {
	m, memberID, err := s.attending(ctx, in.T)
	if err != nil {
		return SignResult{}, err
	}
	now := s.now()
	status := AttendPresent
	if now.After(m.StartsAt.Add(time.Duration(s.sys.SettingInt(ctx, CfgLateMinutes, DefaultLateMinutes)) * time.Minute)) {
		status = AttendLate
	}
	res, err := s.db.NewUpdate().Model((*Attendee)(nil)).
		Set("status = ?", status).Set("signed_at = ?", now).Set("sign_channel = ?", "scan").Set("updated_at = ?", now).
		Set("leave_reason = CASE WHEN leave_state = ? THEN '' ELSE leave_reason END", LeavePending).
		Set("leave_state = CASE WHEN leave_state = ? THEN 0 ELSE leave_state END", LeavePending).
		Where("meeting_id = ?", m.ID).Where("member_id = ?", memberID).Where("signed_at IS NULL").Exec(ctx)
	if err != nil {
		return SignResult{}, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return SignResult{Status: status, SignedAt: now}, nil
	}
	out := SignResult{Already: true}
	err = s.db.NewSelect().Model((*Attendee)(nil)).Column("a.status", "a.signed_at").
		Where("a.meeting_id = ?", m.ID).Where("a.member_id = ?", memberID).Scan(ctx, &out)
	if err != nil {
		return SignResult{}, httpx.Internal(err)
	}
	return out, nil
}

// LeaveInput is the body of a leave request.
type LeaveInput struct {
	T      string `json:"t"`
	Reason string `json:"reason"`
}

// LeaveResult is the caller's leave request after asking.
type LeaveResult struct {
	LeaveState int `json:"leaveState"`
}

// RequestLeave asks for leave from the meeting of the token, with a reason,
// for the host to decide: only before signing in, and not once granted (a
// refused or pending request may be asked again, replacing its reason).
func (s *Service) RequestLeave(ctx context.Context, in LeaveInput) (LeaveResult, error) {
	reason := strings.TrimSpace(in.Reason)
	switch {
	case reason == "":
		return LeaveResult{}, httpx.Invalid("reason", "请填写请假原因")
	case utf8.RuneCountInString(reason) > MaxLeaveReason:
		return LeaveResult{}, httpx.Invalid("reason", "请假原因不能超过%d个字", MaxLeaveReason)
	}
	m, memberID, err := s.attending(ctx, in.T)
	if err != nil {
		return LeaveResult{}, err
	}
	res, err := s.db.NewUpdate().Model((*Attendee)(nil)).
		Set("leave_reason = ?", reason).Set("leave_state = ?", LeavePending).Set("updated_at = ?", s.now()).
		Where("meeting_id = ?", m.ID).Where("member_id = ?", memberID).Where("signed_at IS NULL").
		Where("leave_state <> ?", LeaveApproved).Exec(ctx)
	if err != nil {
		return LeaveResult{}, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return LeaveResult{LeaveState: LeavePending}, nil
	}
	var a Attendee
	err = s.db.NewSelect().Model(&a).Column("a.signed_at", "a.leave_state").
		Where("a.meeting_id = ?", m.ID).Where("a.member_id = ?", memberID).Scan(ctx)
	switch {
	case err != nil:
		return LeaveResult{}, httpx.Internal(err)
	case a.SignedAt != nil:
		return LeaveResult{}, httpx.BadRequest("您已签到，不能请假")
	}
	return LeaveResult{}, httpx.BadRequest("您的请假已批准")
}

// attending is the meeting of a valid token and the caller's member id when
// they are one of its attendees; anyone else (not a member, or not on the
// list) is refused alike.
func (s *Service) attending(ctx context.Context, token string) (*Meeting, int64, error) {
	m, err := s.tokenMeeting(ctx, token)
	if err != nil {
		return nil, 0, err
	}
	me, err := s.members.OwnFacts(ctx)
	if err != nil {
		return nil, 0, err
	}
	if me == nil {
		return nil, 0, httpx.BadRequest(msgNotAttendee)
	}
	n, err := s.db.NewSelect().Model((*Attendee)(nil)).Where("a.meeting_id = ?", m.ID).Where("a.member_id = ?", me.ID).Count(ctx)
	if err != nil {
		return nil, 0, httpx.Internal(err)
	}
	if n == 0 {
		return nil, 0, httpx.BadRequest(msgNotAttendee)
	}
	return m, me.ID, nil
}

// tokenMeeting checks a token and answers its meeting, or the refusal:
// forged (or of a meeting since deleted), the meeting not at START, expired,
// or of an earlier START — in that order, so a closed meeting says so
// rather than that the code has expired.
func (s *Service) tokenMeeting(ctx context.Context, token string) (*Meeting, error) {
	id, exp, issued, keyed, ok := parseToken(token)
	if !ok || !hmac.Equal(issued, s.mac(nil, id, exp)) {
		return nil, httpx.BadRequest(msgForged)
	}
	m := new(Meeting)
	err := s.db.NewSelect().Model(m).Column("m.id", "m.org_id", "m.type_code", "m.topic", "m.starts_at", "m.ends_at", "m.place",
		"m.state", "m.cancelled_at", "m.sign_key").Where("m.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.BadRequest(msgForged)
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	if err := startedOrRefused(m); err != nil {
		return nil, err
	}
	if s.now().Unix() > exp {
		return nil, httpx.BadRequest(msgExpired)
	}
	if !hmac.Equal(keyed, s.mac([]byte(m.SignKey), id, exp)) {
		return nil, httpx.BadRequest(msgRotated)
	}
	return m, nil
}

// macLen is the length of each of the signature's two parts.
const macLen = 16

// maxToken bounds what parseToken reads (two int64 and 32 bytes in base64url).
const maxToken = 100

// signToken is the token of meeting id under its sign_key, expiring at exp.
func (s *Service) signToken(id int64, signKey string, exp int64) string {
	sig := append(s.mac(nil, id, exp), s.mac([]byte(signKey), id, exp)...)
	return fmt.Sprintf("%d.%d.%s", id, exp, base64.RawURLEncoding.EncodeToString(sig))
}

// mac is HMAC-SHA256 of "id.exp" keyed with the server's secret followed by
// signKey (none: the secret alone), cut to macLen bytes.
func (s *Service) mac(signKey []byte, id, exp int64) []byte {
	h := hmac.New(sha256.New, append(append([]byte(nil), s.signSecret...), signKey...))
	fmt.Fprintf(h, "%d.%d", id, exp)
	return h.Sum(nil)[:macLen]
}

// parseToken splits a token into its meeting id, expiry and the two parts of
// its signature; ok is false for anything that is not one.
func parseToken(t string) (id, exp int64, issued, keyed []byte, ok bool) {
	parts := strings.Split(t, ".")
	if len(t) > maxToken || len(parts) != 3 {
		return 0, 0, nil, nil, false
	}
	id, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	sig, err3 := base64.RawURLEncoding.DecodeString(parts[2])
	if err1 != nil || err2 != nil || err3 != nil || id <= 0 || len(sig) != 2*macLen {
		return 0, 0, nil, nil, false
	}
	return id, exp, sig[:macLen], sig[macLen:], true
}
