package course_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/school"
)

// world: the campus; csTK keeps the courses of 计算机 (every kc
// permission), mathTK those of 数学, noTK holds none; learners a and b hold
// dx:learn, outsider does not. The course service's clock is c.
type world struct {
	e                   *apptest.Env
	root, cs, math, csb int64
	csTK, mathTK, noTK  string
	a, b, outsider      string
	aID, bID            int64
	clock               *clock
}

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// advance moves the clock by seconds.
func (c *clock) advance(seconds float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(time.Duration(seconds * float64(time.Second)))
}

var staffPerms = []string{course.Perms.List, course.Perms.Add, course.Perms.Edit, course.Perms.Del}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, clock: &clock{now: time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)}}
	e.App.Course.SetClock(w.clock.Now)
	c := e.Campus(t)
	w.root, w.cs, w.math, w.csb = c.Root, c.CS, c.Math, c.Branch
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, staffPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, staffPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.a, w.aID = e.UserAt(t, "SELF", w.csb, school.PermLearn)
	w.b, w.bID = e.UserAt(t, "SELF", w.csb, school.PermLearn)
	w.outsider, _ = e.UserAt(t, "SELF", w.csb, "dzz:list")
	return w
}

func cpath(id int64, rest string) string {
	if rest == "" {
		return fmt.Sprintf("/api/dx/course/%d", id)
	}
	return fmt.Sprintf("/api/dx/course/%d/%s", id, rest)
}

func ipath(id, item int64, rest string) string {
	if rest == "" {
		return fmt.Sprintf("/api/dx/course/%d/items/%d", id, item)
	}
	return fmt.Sprintf("/api/dx/course/%d/items/%d/%s", id, item, rest)
}

func npath(node int64, rest string) string {
	if rest == "" {
		return fmt.Sprintf("/api/pschool/node/%d", node)
	}
	return fmt.Sprintf("/api/pschool/node/%d/%s", node, rest)
}

// videoBytes stand for an mp4 (the upload checks the extension and that
// the bytes are no web page).
var videoBytes = func() []byte {
	b := []byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom")
	for i := 0; len(b) < 4096; i++ {
		b = append(b, byte(i%251))
	}
	return b
}()

// fixture is a published course of 计算机: chapter 1 holding a video node
// (100 s, 1 学时) and an article node (60 s, 0.5 学时).
type fixture struct {
	course, chapter, video, article int64
}

func (w *world) draft(t testing.TB, title string) course.Detail {
	t.Helper()
	return apptest.DoJSON[course.Detail](t, w.e, 201, "POST", "/api/dx/course", w.csTK, course.Input{OrgID: w.cs, Title: title, Intro: "简介"})
}

func (w *world) addItem(t testing.TB, courseID int64, in course.ItemInput) course.Detail {
	t.Helper()
	return apptest.DoJSON[course.Detail](t, w.e, 200, "POST", cpath(courseID, "items"), w.csTK, in)
}

func (w *world) published(t testing.TB) fixture {
	t.Helper()
	d := w.draft(t, "习近平新时代中国特色社会主义思想概论")
	f := fixture{course: d.ID}
	d = w.addItem(t, d.ID, course.ItemInput{Kind: course.KindChapter, Title: "第一章"})
	f.chapter = d.Chapters[0].ID
	d = w.addItem(t, d.ID, course.ItemInput{Kind: course.KindNode, ParentID: f.chapter, NodeType: course.NodeVideo, Title: "第一讲", Duration: 100, Hours: 1})
	f.video = d.Chapters[0].Nodes[0].ID
	d = w.addItem(t, d.ID, course.ItemInput{Kind: course.KindNode, ParentID: f.chapter, NodeType: course.NodeArticle, Title: "阅读材料",
		Content: "<p>正文</p><script>alert(1)</script>", Duration: 60, Hours: 0.5})
	f.article = d.Chapters[0].Nodes[1].ID
	apptest.Expect(t, w.e.Upload(ipath(f.course, f.video, "file"), w.csTK, "file", "第一讲.mp4", videoBytes, nil), 200)
	apptest.DoJSON[course.Detail](t, w.e, 200, "POST", cpath(f.course, "publish"), w.csTK, nil)
	return f
}

// start starts node as token and answers the session.
func (w *world) start(t testing.TB, token string, node int64) course.Started {
	t.Helper()
	return apptest.DoJSON[course.Started](t, w.e, 200, "POST", npath(node, "start"), token, nil)
}

// beat sends a visible PC heartbeat at pos after the clock moved by seconds.
func (w *world) beat(t testing.TB, token string, node int64, st course.Started, seconds float64, pos int) course.BeatResult {
	t.Helper()
	w.clock.advance(seconds)
	return apptest.DoJSON[course.BeatResult](t, w.e, 200, "POST", npath(node, "beat"), token,
		course.Beat{Session: st.Session, Position: pos, Terminal: school.TerminalPC, Visible: true})
}

// hoursOf is HoursOf for one user over any course and any day.
func (w *world) hoursOf(t testing.TB, uid int64) float64 {
	t.Helper()
	h, err := w.e.App.Course.HoursOf(t.Context(), []int64{uid}, nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return h[uid]
}
