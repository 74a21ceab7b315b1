package orglife_test

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

// signWorld: a school committee with two secondary committees (计算机,
// 数学) and a branch under 计算机 holding the meetings; host manages the
// 计算机 committee's meetings (hy:edit), mathHost the other committee's.
// The sign-in's clock is the world's: a test moves it, never waits.
type signWorld struct {
	e              *apptest.Env
	branch         int64
	host, mathHost string
	clock          atomic.Int64 // unix nanoseconds
	members        atomic.Int64 // numbers the members' ID numbers
}

// startsAt is when the world's meetings start: 14:00 in China.
var startsAt = time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)

func newSignWorld(t testing.TB) *signWorld {
	t.Helper()
	e := apptest.New(t)
	w := &signWorld{e: e}
	root := e.Org(t, 0, "1", "学校党委")
	cs := e.Org(t, root, "2", "计算机学院党委")
	math := e.Org(t, root, "2", "数学学院党委")
	w.branch = e.Org(t, cs, "5", "计算机教工党支部")
	w.host, _ = e.UserAt(t, "LEVEL_AND_BELOW", cs, orglife.Perms.Edit)
	w.mathHost, _ = e.UserAt(t, "LEVEL_AND_BELOW", math, orglife.Perms.Edit)
	w.setClock(startsAt.Add(-5 * time.Minute))
	e.App.OrgLife.SetClock(func() time.Time { return time.Unix(0, w.clock.Load()).UTC() })
	return w
}

func (w *signWorld) setClock(at time.Time) { w.clock.Store(at.UnixNano()) }

// meeting inserts a meeting of the branch in state (a row, as the meetings
// API would have created and published it).
func (w *signWorld) meeting(t testing.TB, topic string, state int) int64 {
	t.Helper()
	now := time.Now().UTC()
	m := &orglife.Meeting{OrgID: w.branch, TypeCode: orglife.TypeThemeDay, Topic: topic, StartsAt: startsAt,
		EndsAt: startsAt.Add(2 * time.Hour), HeldOn: date.Of(startsAt.In(date.China)), Place: "支部活动室", Host: "王书记", State: state}
	m.CreatedAt, m.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// start puts a meeting at START as the meetings API's 开始 does: state 3
// and a fresh random 32-hex sign_key (a second start rotates the key).
func (w *signWorld) start(t testing.TB, id int64) {
	t.Helper()
	key := make([]byte, 16)
	rand.Read(key) //nolint:errcheck
	w.setState(t, id, orglife.StateStarted, "sign_key = ?", hex.EncodeToString(key))
}

// setState changes a meeting's state (and more columns: set, args).
func (w *signWorld) setState(t testing.TB, id int64, state int, set ...any) {
	t.Helper()
	q := w.e.DB.NewUpdate().Model((*orglife.Meeting)(nil)).Set("state = ?", state).Where("id = ?", id)
	if len(set) > 0 {
		q = q.Set(set[0].(string), set[1:]...)
	}
	if _, err := q.Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// member creates a party member of the branch with an account of their own
// (no permission at all) and answers the member id and the account's token.
func (w *signWorld) member(t testing.TB, name string) (int64, string) {
	t.Helper()
	id := apptest.IDNumber("110101", "19900101", int(w.members.Add(1)))
	memberID := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, w.branch, "idNumber", id))
	tok, uid := w.e.UserWith(system.ScopeSelf, 0)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("user_id = ?", uid).Where("id = ?", memberID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return memberID, tok
}

// attendee puts a member on a meeting's list (as drawn from the roster).
func (w *signWorld) attendee(t testing.TB, meetingID, memberID int64, name string) {
	t.Helper()
	now := time.Now().UTC()
	a := &orglife.Attendee{MeetingID: meetingID, MemberID: &memberID, Name: name, JoinType: orglife.JoinRoster, Status: orglife.AttendExpected}
	a.CreatedAt, a.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(a).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// attendance is a member's row of a meeting as stored.
func (w *signWorld) attendance(t testing.TB, meetingID, memberID int64) orglife.Attendee {
	t.Helper()
	var a orglife.Attendee
	if err := w.e.DB.NewSelect().Model(&a).Where("meeting_id = ?", meetingID).Where("member_id = ?", memberID).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return a
}

// screen reads a meeting's screen as the host.
func (w *signWorld) screen(t testing.TB, id int64) orglife.Screen {
	t.Helper()
	return apptest.DoJSON[orglife.Screen](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d/screen", id), w.host, nil)
}

// token is the sign-in token of the screen's link.
func (w *signWorld) token(t testing.TB, id int64) string {
	t.Helper()
	link := w.screen(t, id).Link
	tok, ok := strings.CutPrefix(link, orglife.SignPath+"?t=")
	if !ok {
		t.Fatalf("link %q", link)
	}
	return tok
}

func (w *signWorld) info(tok string) *apptest.Response {
	return w.e.Do("GET", "/api/zzsh/sign?t="+url.QueryEscape(tok), "", nil)
}

func (w *signWorld) sign(tok, session string) *apptest.Response {
	return w.e.Do("POST", "/api/zzsh/sign", session, map[string]any{"t": tok})
}

// A started meeting's screen is for its managers: 401 without a session, 403
// without hy:edit, 404 outside the caller's scope; it answers only at START.
func TestScreenIsTheManagersAndOnlyAtStart(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "十二月主题党日", orglife.StatePublished)
	path := fmt.Sprintf("/api/zzsh/meetings/%d/screen", id)
	listOnly, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, orglife.Perms.List)

	apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", path, listOnly, nil), 403)
	apptest.ExpectMessage(t, w.e.Do("GET", path, w.mathHost, nil), 404, "会议不存在")
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/zzsh/meetings/999999/screen", w.host, nil), 404, "会议不存在")
	apptest.ExpectMessage(t, w.e.Do("GET", path, w.host, nil), 400, "会议未开始签到")

	w.start(t, id)
	apptest.ExpectMessage(t, w.e.Do("GET", path, w.mathHost, nil), 404, "会议不存在")
	s := w.screen(t, id)
	now := startsAt.Add(-5 * time.Minute)
	if s.Topic != "十二月主题党日" || s.OrgName != "计算机教工党支部" ||
		!strings.HasPrefix(s.Link, "/web/democratic/meeting/sign?t="+strconv.FormatInt(id, 10)+".") || !s.ExpiresAt.Equal(now.Add(10*time.Minute)) {
		t.Fatalf("screen %+v", s)
	}
	if s.AttendeeCount != 0 || s.PresentCount != 0 || len(s.Recent) != 0 {
		t.Fatalf("counts of an empty list %+v", s)
	}

	w.setState(t, id, orglife.StateClosed)
	apptest.ExpectMessage(t, w.e.Do("GET", path, w.host, nil), 400, "会议已结束")
}

// A member scans the link: the public page shows the meeting (nothing
// personal, no session needed), signing in needs a session (401), marks
// them present once, and the screen counts and names them.
func TestSignInMarksTheMemberOnceAndTheScreenCountsIt(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "学习二十届四中全会精神", orglife.StatePublished)
	li, liTK := w.member(t, "李明")
	zhang, _ := w.member(t, "张华")
	w.attendee(t, id, li, "李明")
	w.attendee(t, id, zhang, "张华")
	w.start(t, id)
	tok := w.token(t, id)

	info := w.info(tok)
	apptest.Expect(t, info, 200)
	var m orglife.SignMeeting
	info.JSON(t, &m)
	if m.Topic != "学习二十届四中全会精神" || m.OrgName != "计算机教工党支部" || m.TypeName != "主题党日" || m.Place != "支部活动室" ||
		!m.StartsAt.Equal(startsAt) || m.State != orglife.StateStarted {
		t.Fatalf("public view %+v", m)
	}
	for _, personal := range []string{"李明", "张华", "王书记", "signKey", "sign_key"} {
		if strings.Contains(string(info.Body), personal) {
			t.Fatalf("the public view shows %q: %s", personal, info.Body)
		}
	}

	apptest.Expect(t, w.sign(tok, ""), 401)
	apptest.Expect(t, w.e.Do("POST", "/api/zzsh/sign/leave", "", map[string]any{"t": tok, "reason": "出差"}), 401)

	at := startsAt.Add(-2 * time.Minute)
	w.setClock(at)
	first := apptest.DoJSON[orglife.SignResult](t, w.e, 200, "POST", "/api/zzsh/sign", liTK, map[string]any{"t": tok})
	if first.Status != orglife.AttendPresent || first.Already || !first.SignedAt.Equal(at) {
		t.Fatalf("first sign-in %+v", first)
	}
	w.setClock(at.Add(time.Minute))
	again := apptest.DoJSON[orglife.SignResult](t, w.e, 200, "POST", "/api/zzsh/sign", liTK, map[string]any{"t": tok})
	if again.Status != orglife.AttendPresent || !again.Already || !again.SignedAt.Equal(at) {
		t.Fatalf("second sign-in %+v", again)
	}
	if a := w.attendance(t, id, li); a.Status != orglife.AttendPresent || a.SignChannel != "scan" || a.SignedAt == nil || !a.SignedAt.Equal(at) {
		t.Fatalf("stored %+v", a)
	}
	s := w.screen(t, id)
	if s.AttendeeCount != 2 || s.PresentCount != 1 || s.LateCount != 0 || s.LeaveCount != 0 ||
		len(s.Recent) != 1 || s.Recent[0].Name != "李明" || s.Recent[0].Late || !s.Recent[0].SignedAt.Equal(at) {
		t.Fatalf("screen %+v", s)
	}
}

// A token changed anywhere is forged (签到码无效), the same for a meeting that
// exists and one that does not; what is not a token at all is too.
func TestForgedTokensAreRefused(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "支部委员会", orglife.StatePublished)
	other := w.meeting(t, "另一个会议", orglife.StatePublished)
	li, liTK := w.member(t, "李明")
	w.attendee(t, id, li, "李明")
	w.attendee(t, other, li, "李明")
	w.start(t, id)
	w.start(t, other)
	tok := w.token(t, id)
	parts := strings.Split(tok, ".")
	exp, _ := strconv.ParseInt(parts[1], 10, 64)
	sig := []byte(parts[2])
	sig[3] ^= 1 // one character of the signature changed (still base64url)
	if sig[3] == '-' || sig[3] == '_' {
		sig[3] = 'A'
	}
	forged := map[string]string{
		"signature":       parts[0] + "." + parts[1] + "." + string(sig),
		"meeting id":      fmt.Sprintf("%d.%s.%s", other, parts[1], parts[2]),
		"missing meeting": fmt.Sprintf("%d.%s.%s", other+1000, parts[1], parts[2]),
		"expiry":          fmt.Sprintf("%s.%d.%s", parts[0], exp+3600, parts[2]),
		"empty":           "",
		"no signature":    parts[0] + "." + parts[1],
		"short signature": parts[0] + "." + parts[1] + "." + parts[2][:20],
		"not base64url":   parts[0] + "." + parts[1] + "." + strings.Repeat("*", 43),
		"too long":        tok + strings.Repeat("A", 100),
	}
	for name, f := range forged {
		apptest.ExpectMessage(t, w.info(f), 400, "签到码无效")
		if res := w.sign(f, liTK); res.Status != 400 || res.Message() != "签到码无效" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if a := w.attendance(t, other, li); a.SignedAt != nil {
		t.Fatalf("a forged token signed in: %+v", a)
	}
	apptest.Expect(t, w.info(tok), 200) // the genuine one still works
}

// A token is valid for 10 minutes: at its expiry second it still signs in,
// one second later it is 签到码已过期，请重新扫码.
func TestExpiredTokensAreRefused(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "党课", orglife.StatePublished)
	li, liTK := w.member(t, "李明")
	zhang, zhangTK := w.member(t, "张华")
	w.attendee(t, id, li, "李明")
	w.attendee(t, id, zhang, "张华")
	w.start(t, id)
	issued := startsAt.Add(-5 * time.Minute)
	tok := w.token(t, id)

	w.setClock(issued.Add(10 * time.Minute))
	apptest.Expect(t, w.sign(tok, liTK), 200)
	w.setClock(issued.Add(10*time.Minute + time.Second))
	apptest.ExpectMessage(t, w.info(tok), 400, "签到码已过期，请重新扫码")
	apptest.ExpectMessage(t, w.sign(tok, zhangTK), 400, "签到码已过期，请重新扫码")
	// The screen's fresh token works.
	apptest.Expect(t, w.sign(w.token(t, id), zhangTK), 200)
}

// A second START changes the meeting's key: the tokens of the first are
// 签到码已失效; a meeting not started or closed refuses a token of its own.
func TestTokensOfAnotherStartOrStateAreRefused(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "支部党员大会", orglife.StatePublished)
	li, liTK := w.member(t, "李明")
	w.attendee(t, id, li, "李明")
	w.start(t, id)
	old := w.token(t, id)
	w.start(t, id)
	apptest.ExpectMessage(t, w.info(old), 400, "签到码已失效")
	apptest.ExpectMessage(t, w.sign(old, liTK), 400, "签到码已失效")
	fresh := w.token(t, id)
	apptest.Expect(t, w.info(fresh), 200)

	w.setState(t, id, orglife.StatePublished) // as if never started: no meeting goes back, but the token must not sign
	apptest.ExpectMessage(t, w.info(fresh), 400, "会议未开始签到")
	apptest.ExpectMessage(t, w.sign(fresh, liTK), 400, "会议未开始签到")
	w.setState(t, id, orglife.StateClosed)
	apptest.ExpectMessage(t, w.info(fresh), 400, "会议已结束")
	apptest.ExpectMessage(t, w.sign(fresh, liTK), 400, "会议已结束")
	if a := w.attendance(t, id, li); a.SignedAt != nil {
		t.Fatalf("signed in through a refused token: %+v", a)
	}
}

// Only the meeting's attendees sign in: a member not on the list and an
// account that is no member are refused alike.
func TestOnlyAttendeesSignIn(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "主题党日", orglife.StatePublished)
	li, _ := w.member(t, "李明")
	_, strangerTK := w.member(t, "王五")
	w.attendee(t, id, li, "李明")
	w.start(t, id)
	tok := w.token(t, id)
	nobody, _ := w.e.UserWith(system.ScopeSelf, 0)
	for _, tk := range []string{strangerTK, nobody, w.host} {
		apptest.ExpectMessage(t, w.sign(tok, tk), 400, "您不在本次会议的参会人员中")
		apptest.ExpectMessage(t, w.e.Do("POST", "/api/zzsh/sign/leave", tk, map[string]any{"t": tok, "reason": "出差"}), 400,
			"您不在本次会议的参会人员中")
	}
}

// 50 parallel scans by one member mark them once: one answer is the mark,
// the 49 others say 您已签到 with the same time.
func TestParallelScansMarkOnce(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "主题党日", orglife.StatePublished)
	li, liTK := w.member(t, "李明")
	w.attendee(t, id, li, "李明")
	w.start(t, id)
	tok := w.token(t, id)
	results := apptest.Concurrently(50, func(int) *apptest.Response { return w.sign(tok, liTK) })
	marked, already := 0, 0
	var at time.Time
	for _, res := range results {
		if res.Status != 200 {
			t.Fatalf("a scan answered %d %s", res.Status, res.Body)
		}
		var r orglife.SignResult
		res.JSON(t, &r)
		if r.Already {
			already++
		} else {
			marked++
		}
		if !at.IsZero() && !r.SignedAt.Equal(at) {
			t.Fatalf("answers name different times: %v and %v", at, r.SignedAt)
		}
		at = r.SignedAt
	}
	if marked != 1 || already != 49 {
		t.Fatalf("%d marked, %d already", marked, already)
	}
	if s := w.screen(t, id); s.PresentCount != 1 || len(s.Recent) != 1 {
		t.Fatalf("screen %+v", s)
	}
}

// The late rule: on time is at most orglife.lateMinutes (15) after the
// start, the edge included; one second later is late. The setting moves the edge.
func TestLateAfterTheSettingsMinutes(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "支部委员会", orglife.StatePublished)
	names := []string{"李明", "张华", "王五", "赵六"}
	toks := make([]string, len(names))
	for i, n := range names {
		var mid int64
		mid, toks[i] = w.member(t, n)
		w.attendee(t, id, mid, n)
	}
	w.start(t, id)
	signAt := func(at time.Time, tk string) orglife.SignResult {
		w.setClock(at)
		return apptest.DoJSON[orglife.SignResult](t, w.e, 200, "POST", "/api/zzsh/sign", tk, map[string]any{"t": w.token(t, id)})
	}
	if r := signAt(startsAt.Add(15*time.Minute), toks[0]); r.Status != orglife.AttendPresent {
		t.Fatalf("at the edge: %+v", r)
	}
	if r := signAt(startsAt.Add(15*time.Minute+time.Second), toks[1]); r.Status != orglife.AttendLate {
		t.Fatalf("a second after the edge: %+v", r)
	}
	s := w.screen(t, id)
	if s.PresentCount != 2 || s.LateCount != 1 || len(s.Recent) != 2 || s.Recent[0].Name != "张华" || !s.Recent[0].Late || s.Recent[1].Late {
		t.Fatalf("screen %+v", s)
	}

	setting(t, w.e, orglife.CfgLateMinutes, "5")
	if r := signAt(startsAt.Add(5*time.Minute), toks[2]); r.Status != orglife.AttendPresent {
		t.Fatalf("at the 5-minute edge: %+v", r)
	}
	if r := signAt(startsAt.Add(5*time.Minute+time.Second), toks[3]); r.Status != orglife.AttendLate {
		t.Fatalf("after the 5-minute edge: %+v", r)
	}
}

// setting changes a setting through the system service (which forgets its cache).
func setting(t *testing.T, e *apptest.Env, key, value string) {
	t.Helper()
	var c system.Config
	if err := e.DB.NewSelect().Model(&c).Where("config_key = ?", key).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := e.Sys.UpdateConfig(t.Context(), system.ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: value, ConfigName: c.Name,
		ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind}); err != nil {
		t.Fatal(err)
	}
}

// A leave request needs a reason (at most 500 characters) and waits for the
// host. A member with a pending request who turns up signs in and the
// request is withdrawn; after signing in no request is taken; a granted one
// is not asked again, but its holder may still turn up.
func TestLeaveRequests(t *testing.T) {
	t.Parallel()
	w := newSignWorld(t)
	id := w.meeting(t, "组织生活会", orglife.StatePublished)
	li, liTK := w.member(t, "李明")
	zhang, zhangTK := w.member(t, "张华")
	w.attendee(t, id, li, "李明")
	w.attendee(t, id, zhang, "张华")
	w.start(t, id)
	tok := w.token(t, id)
	leave := func(tk, reason string) *apptest.Response {
		return w.e.Do("POST", "/api/zzsh/sign/leave", tk, map[string]any{"t": tok, "reason": reason})
	}

	apptest.ExpectField(t, leave(liTK, "  "), "reason", "请填写请假原因")
	apptest.ExpectField(t, leave(liTK, strings.Repeat("因", 501)), "reason", "请假原因不能超过500个字")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/zzsh/sign/leave", liTK, map[string]any{"t": "1.2.x", "reason": "出差"}), 400, "签到码无效")
	got := apptest.DoJSON[orglife.LeaveResult](t, w.e, 200, "POST", "/api/zzsh/sign/leave", liTK,
		map[string]any{"t": tok, "reason": strings.Repeat("因", 500)})
	if got.LeaveState != orglife.LeavePending {
		t.Fatalf("leave %+v", got)
	}
	if a := w.attendance(t, id, li); a.LeaveState != orglife.LeavePending || a.Status != orglife.AttendExpected || a.SignedAt != nil {
		t.Fatalf("stored request %+v", a)
	}
	apptest.Expect(t, leave(liTK, "临时出差"), 200) // a pending request may be asked again
	if a := w.attendance(t, id, li); a.LeaveReason != "临时出差" {
		t.Fatalf("asked again %+v", a)
	}

	// He turns up after all: signed in, the request withdrawn.
	apptest.Expect(t, w.sign(tok, liTK), 200)
	if a := w.attendance(t, id, li); a.Status != orglife.AttendPresent || a.LeaveState != 0 || a.LeaveReason != "" {
		t.Fatalf("turned up with a pending request %+v", a)
	}
	apptest.ExpectMessage(t, leave(liTK, "出差"), 400, "您已签到，不能请假")

	// A granted request is not asked again; its holder may still turn up.
	apptest.Expect(t, leave(zhangTK, "生病"), 200)
	if _, err := w.e.DB.NewUpdate().Model((*orglife.Attendee)(nil)).Set("leave_state = ?", orglife.LeaveApproved).
		Set("status = ?", orglife.AttendLeave).Where("member_id = ?", zhang).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if s := w.screen(t, id); s.LeaveCount != 1 {
		t.Fatalf("screen %+v", s)
	}
	apptest.ExpectMessage(t, leave(zhangTK, "还是生病"), 400, "您的请假已批准")
	apptest.Expect(t, w.sign(tok, zhangTK), 200)
	if a := w.attendance(t, id, zhang); a.Status != orglife.AttendPresent || a.LeaveState != orglife.LeaveApproved || a.LeaveReason != "生病" {
		t.Fatalf("turned up with a granted request %+v", a)
	}
}
