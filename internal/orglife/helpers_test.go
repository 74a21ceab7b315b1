package orglife_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/orglife"
)

// world: a school committee with two secondary committees (计算机, 数学), a
// branch under each; csTK and mathTK manage the meetings of their
// committee and below, noTK holds no meeting permission, listTK only reads.
type world struct {
	e                                  *apptest.Env
	root, cs, math, branch, mathBranch int64
	csTK, mathTK, noTK, listTK         string
}

var allPerms = []string{orglife.Perms.List, orglife.Perms.Add, orglife.Perms.Edit, orglife.Perms.Del, orglife.Perms.Export}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.mathBranch = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, orglife.Perms.List)
	return w
}

// at is a time in China on 2026-03-<day> at hour.
func at(day, hour int) time.Time {
	return time.Date(2026, 3, day, hour, 0, 0, 0, time.FixedZone("CST", 8*3600))
}

// body is a valid meeting of type code in organisation orgID on 2026-03-<day>, 14:00–16:00.
func body(orgID int64, code string, day int) map[string]any {
	return map[string]any{"orgId": orgID, "typeCode": code, "topic": "学习贯彻党的二十届四中全会精神",
		"startsAt": at(day, 14), "endsAt": at(day, 16), "place": "支部活动室", "host": "王书记", "recorder": "李明", "agenda": "一、集中学习\n二、交流发言"}
}

func (w *world) create(t testing.TB, token string, b map[string]any) orglife.MeetingView {
	t.Helper()
	return apptest.DoJSON[orglife.MeetingView](t, w.e, 201, "POST", "/api/zzsh/meetings", token, b)
}

func (w *world) detail(t testing.TB, token string, id int64) orglife.MeetingView {
	t.Helper()
	return apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d", id), token, nil)
}

// act posts a state action (publish, start, close) of meeting id and wants status.
func (w *world) act(t testing.TB, id int64, action string, want int) orglife.MeetingView {
	t.Helper()
	return apptest.DoJSON[orglife.MeetingView](t, w.e, want, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/%s", id, action), w.csTK, nil)
}

// member adds a full member of orgID named name and answers its id.
func (w *world) member(t testing.TB, orgID int64, name string) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID, "gender", member.GenderMale))
}

// account links a fresh account to member id and answers its token.
func (w *world) account(t testing.TB, memberID int64) string {
	t.Helper()
	tk, uid := w.e.UserAt(t, "SELF", w.branch)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", memberID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return tk
}

// attendees lists meeting id's attendees.
func (w *world) attendees(t testing.TB, id int64) []orglife.AttendeeView {
	t.Helper()
	return apptest.DoJSON[[]orglife.AttendeeView](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d/attendees", id), w.csTK, nil)
}

// draw draws the roster of meeting id and answers how many were added.
func (w *world) draw(t testing.TB, id int64) int {
	t.Helper()
	return apptest.DoJSON[orglife.Added](t, w.e, 200, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/attendees/roster", id), w.csTK, nil).Added
}

// ids lists the meetings the query finds and the total.
func (w *world) ids(t testing.TB, token string, q url.Values) (ids []int64, total int) {
	t.Helper()
	q.Set("size", "100")
	rows, total := apptest.GetPage[orglife.MeetingView](t, w.e, token, "/api/zzsh/meetings", q)
	for _, v := range rows {
		ids = append(ids, v.ID)
	}
	return ids, total
}

// inbox is the messages of the account of token.
func (w *world) inbox(t testing.TB, token string) []struct{ Title, Content, Link string } {
	t.Helper()
	rows, _ := apptest.GetPage[struct{ Title, Content, Link string }](t, w.e, token, "/api/msgPushHistory/list", nil)
	return rows
}

// documentXML is the text of word/document.xml of a .docx.
func documentXML(t testing.TB, b []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := zr.Open("word/document.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}
