package course_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/event"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/school"
)

// A video watched straight through: each heartbeat credits the time
// elapsed; at the end the node is complete and its 学时 credited once; a
// start afterwards resumes where the learner stopped.
func TestStudy_VideoStraightThroughCreditsOnceAndResumes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	st := w.start(t, w.a, f.video)
	if st.Position != 0 || st.RecordTime != 30 || st.Duration != 100 {
		t.Fatalf("start %+v", st)
	}
	r := w.beat(t, w.a, f.video, st, 30, 30)
	if r.Credited != 30 || r.Watched != 30 || r.Done {
		t.Fatalf("first beat %+v", r)
	}
	// Stopped at 40; the next visit resumes there.
	w.beat(t, w.a, f.video, st, 10, 40)
	st = w.start(t, w.a, f.video)
	if st.Position != 40 || st.Watched != 40 {
		t.Fatalf("resume %+v", st)
	}
	w.beat(t, w.a, f.video, st, 30, 70)
	r = w.beat(t, w.a, f.video, st, 30, 100)
	if !r.Done || !r.Completed || r.Watched != 100 {
		t.Fatalf("end %+v", r)
	}
	if h := w.hoursOf(t, w.aID); h != 1 {
		t.Errorf("hours %v, want 1", h)
	}
	// Watched twice: no second credit.
	st = w.start(t, w.a, f.video)
	w.beat(t, w.a, f.video, st, 0, 0)
	for pos := 30; pos <= 100; pos += 30 {
		if r := w.beat(t, w.a, f.video, st, 30, pos); r.Completed || r.Credited != 0 {
			t.Fatalf("second viewing credited %+v", r)
		}
	}
	if h := w.hoursOf(t, w.aID); h != 1 {
		t.Errorf("hours after a second viewing %v, want 1", h)
	}
	// The course page shows the progress.
	d := apptest.DoJSON[course.Detail](t, w.e, 200, "GET", "/api/pschool/course/"+itoa(f.course), w.a, nil)
	if d.DoneNodes != 1 || d.DoneHours != 1 || !d.Chapters[0].Nodes[0].Done || d.Chapters[0].Nodes[1].Done {
		t.Errorf("course progress %+v", d)
	}
	rows, _ := apptest.GetPage[course.LearnerView](t, w.e, w.a, "/api/pschool/course", nil)
	if rows[0].DoneNodes != 1 || rows[0].DoneHours != 1 {
		t.Errorf("list progress %+v", rows[0])
	}
	// Another learner's progress is theirs alone.
	if rows, _ := apptest.GetPage[course.LearnerView](t, w.e, w.b, "/api/pschool/course", nil); rows[0].DoneNodes != 0 {
		t.Errorf("b sees a's progress %+v", rows[0])
	}
}

// The cap: a heartbeat later than videoRecordTime + Grace is credited the
// cap only (an article: time is what counts).
func TestStudy_CapAtTheEdge(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	apptest.Expect(t, w.e.Do("PUT", ipath(f.course, f.article, ""), w.csTK, map[string]any{"title": "阅读", "content": "<p>x</p>",
		"duration": 100, "hours": 0.5}), 200)
	st := w.start(t, w.a, f.article)
	limit := 30 + course.Grace
	if r := w.beat(t, w.a, f.article, st, float64(limit), 0); r.Credited != limit {
		t.Errorf("at the cap: %+v", r)
	}
	if r := w.beat(t, w.a, f.article, st, float64(limit+1), 0); r.Credited != limit {
		t.Errorf("1 s after the cap: %+v", r)
	}
	if r := w.beat(t, w.a, f.article, st, 3600, 0); r.Credited != 100-2*limit || !r.Completed {
		t.Errorf("an hour later: the rest up to the required time only, %+v", r)
	}
	if h := w.hoursOf(t, w.aID); h != 0.5 {
		t.Errorf("hours %v", h)
	}
	// A video: a late heartbeat credits the cap, not the span played.
	st = w.start(t, w.a, f.video)
	if r := w.beat(t, w.a, f.video, st, float64(limit+1), limit+1); r.Credited != limit || r.Watched != limit {
		t.Errorf("video 1 s after the cap: %+v", r)
	}
}

// A hidden page earns nothing, and its time does not carry over.
func TestStudy_HiddenEarnsNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	st := w.start(t, w.a, f.article)
	w.clock.advance(30)
	r := apptest.DoJSON[course.BeatResult](t, w.e, 200, "POST", npath(f.article, "beat"), w.a,
		course.Beat{Session: st.Session, Terminal: school.TerminalMobile, Visible: false})
	if r.Credited != 0 || r.Watched != 0 {
		t.Errorf("hidden credited %+v", r)
	}
	if r := w.beat(t, w.a, f.article, st, 10, 0); r.Credited != 10 {
		t.Errorf("visible after hidden: %+v", r)
	}
}

// Seeking ahead earns nothing for the span skipped, by any amount: past
// Grace nothing until the learner comes back to the frontier; within it
// the heartbeat earns the real time only, so the node stays incomplete
// until the span is watched. Seeking back earns nothing for re-watching.
func TestStudy_SeekingAheadAndBack(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	st := w.start(t, w.a, f.video)
	w.beat(t, w.a, f.video, st, 20, 20)
	for _, jump := range []int{course.Grace + 1, 30, 70} {
		w2 := w.beat(t, w.a, f.video, st, 1, min(21+jump, 100)) // 1 s played, then the seek
		if w2.Credited != 0 || w2.Watched != 20 || !w2.Behind {
			t.Errorf("seek ahead by %d: %+v", jump, w2)
		}
		// Watching on from there earns nothing either.
		if r := w.beat(t, w.a, f.video, st, 10, min(31+jump, 100)); r.Credited != 0 {
			t.Errorf("after a seek of %d: %+v", jump, r)
		}
	}
	// Back to the frontier: credit again.
	w.beat(t, w.a, f.video, st, 1, 20)
	if r := w.beat(t, w.a, f.video, st, 30, 50); r.Credited != 30 || r.Watched != 50 {
		t.Errorf("from the frontier: %+v", r)
	}
	// A small seek (2 s) within a heartbeat: the real 30 s only.
	if r := w.beat(t, w.a, f.video, st, 30, 82); r.Credited != 30 || r.Watched != 80 {
		t.Errorf("small seek: %+v", r)
	}
	// The end reached, 2 s short: not complete.
	if r := w.beat(t, w.a, f.video, st, 18, 100); r.Done || r.Watched != 98 {
		t.Errorf("end after a small seek: %+v", r)
	}
	// Back 40 s and re-watch: nothing until past the frontier, then the rest.
	w.beat(t, w.a, f.video, st, 1, 58)
	if r := w.beat(t, w.a, f.video, st, 30, 88); r.Credited != 0 {
		t.Errorf("re-watching credited: %+v", r)
	}
	if r := w.beat(t, w.a, f.video, st, 12, 100); r.Credited != 2 || !r.Completed {
		t.Errorf("the missing span: %+v", r)
	}
}

// Two tabs on one node are two sessions: the newer takes over and the
// older's heartbeats are refused (no double credit); a second node at
// once takes over the same way.
func TestStudy_TwoTabsAndASecondNode(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	tab1 := w.start(t, w.a, f.article)
	tab2 := w.start(t, w.a, f.article)
	w.clock.advance(30)
	res := w.e.Do("POST", npath(f.article, "beat"), w.a, course.Beat{Session: tab1.Session, Terminal: school.TerminalPC, Visible: true})
	if res.Status != 409 || res.Message() != course.MsgTakenOver {
		t.Errorf("older tab: %d %s", res.Status, res.Body)
	}
	if r := w.beat(t, w.a, f.article, tab2, 0, 0); r.Credited != 30 {
		t.Errorf("newer tab: %+v", r)
	}
	// The video in a third tab: the article's page stops crediting.
	v := w.start(t, w.a, f.video)
	w.clock.advance(30)
	apptest.Expect(t, w.e.Do("POST", npath(f.article, "beat"), w.a, course.Beat{Session: tab2.Session, Terminal: school.TerminalPC, Visible: true}), 409)
	// Nor does the video's session credit the article.
	apptest.Expect(t, w.e.Do("POST", npath(f.article, "beat"), w.a, course.Beat{Session: v.Session, Terminal: school.TerminalPC, Visible: true}), 409)
	if r := w.beat(t, w.a, f.video, v, 0, 30); r.Credited != 30 {
		t.Errorf("video: %+v", r)
	}
	// Another learner's session is not a's.
	apptest.Expect(t, w.e.Do("POST", npath(f.video, "beat"), w.b, course.Beat{Session: v.Session, Terminal: school.TerminalPC, Visible: true}), 409)
	// Bad heartbeats name the field.
	expectField(t, w.e.Do("POST", npath(f.video, "beat"), w.a, course.Beat{Session: v.Session, Terminal: 7, Visible: true}), "terminal")
	expectField(t, w.e.Do("POST", npath(f.video, "beat"), w.a, course.Beat{Session: "x", Terminal: 1}), "session")
	expectField(t, w.e.Do("POST", npath(f.video, "beat"), w.a, course.Beat{Session: v.Session, Terminal: 1, Position: -1}), "position")
}

// Concurrent heartbeats of one session: one is credited; completion
// credits the 学时 once.
func TestStudy_ConcurrentHeartbeatsCreditOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	st := w.start(t, w.a, f.article)
	w.clock.advance(30)
	beat := course.Beat{Session: st.Session, Terminal: school.TerminalPC, Visible: true}
	results := apptest.Concurrently(8, func(int) *apptest.Response { return w.e.Do("POST", npath(f.article, "beat"), w.a, beat) })
	credited := 0
	for _, res := range results {
		if res.Status != 200 {
			t.Fatalf("beat: %d %s", res.Status, res.Body)
		}
		var r course.BeatResult
		res.JSON(t, &r)
		credited += r.Credited
	}
	if credited != 30 {
		t.Errorf("credited %d, want 30 once", credited)
	}
	w.clock.advance(30)
	results = apptest.Concurrently(8, func(int) *apptest.Response { return w.e.Do("POST", npath(f.article, "beat"), w.a, beat) })
	completed := 0
	for _, res := range results {
		var r course.BeatResult
		res.JSON(t, &r)
		if r.Completed {
			completed++
		}
	}
	if completed != 1 {
		t.Errorf("completed %d times", completed)
	}
	if h := w.hoursOf(t, w.aID); h != 0.5 {
		t.Errorf("hours %v, want 0.5", h)
	}
}

// Editing a node after learners were credited keeps their credit; the new
// 学时 count for those completing it later. HoursOf filters by course and
// day; PublishedCourses lists the published ones in order.
func TestStudy_EditKeepsCreditHoursOfPublishedCourses(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	st := w.start(t, w.a, f.article)
	w.beat(t, w.a, f.article, st, 30, 0)
	if r := w.beat(t, w.a, f.article, st, 30, 0); !r.Completed {
		t.Fatalf("article %+v", r)
	}
	d := apptest.DoJSON[course.Detail](t, w.e, 200, "PUT", ipath(f.course, f.article, ""), w.csTK,
		map[string]any{"title": "阅读材料（修订）", "content": "<p>新</p>", "duration": 60, "hours": 2})
	if d.Hours != 3 {
		t.Errorf("course hours %v", d.Hours)
	}
	st = w.start(t, w.b, f.article)
	w.beat(t, w.b, f.article, st, 30, 0)
	w.beat(t, w.b, f.article, st, 30, 0)
	svc := w.e.App.Course
	h, err := svc.HoursOf(t.Context(), []int64{w.aID, w.bID}, []int64{f.course}, "2026-12-01", "2026-12-01")
	if err != nil || h[w.aID] != 0.5 || h[w.bID] != 2 {
		t.Errorf("HoursOf %v %v", h, err)
	}
	if h, _ := svc.HoursOf(t.Context(), []int64{w.aID}, []int64{f.course + 1000}, "", ""); len(h) != 0 {
		t.Errorf("another course: %v", h)
	}
	if h, _ := svc.HoursOf(t.Context(), []int64{w.aID}, nil, "2026-12-02", ""); len(h) != 0 {
		t.Errorf("a later window: %v", h)
	}
	draft := w.draft(t, "草稿")
	b, err := svc.PublishedCourses(t.Context(), []int64{draft.ID, f.course, 99999})
	if err != nil || len(b) != 1 || b[0].ID != f.course || b[0].Hours != 3 || b[0].Nodes != 2 {
		t.Errorf("PublishedCourses %+v %v", b, err)
	}
	if !strings.Contains(d.Chapters[0].Nodes[1].Content, "新") {
		t.Errorf("content %q", d.Chapters[0].Nodes[1].Content)
	}
}

// A node completed is published once, in the crediting transaction, with
// the learner's online 学时 of the year after it (the 学时 module turns it
// into credited study for the member's points).
func TestStudy_CompletionPublishesNodeCreditedOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var mu sync.Mutex // the handler runs in the server's goroutine
	var heard []course.NodeCredited
	event.Subscribe(w.e.App.Bus, func(_ context.Context, _ bun.Tx, e course.NodeCredited) error {
		mu.Lock()
		defer mu.Unlock()
		heard = append(heard, e)
		return nil
	})
	f := w.published(t)
	for range 2 { // watched twice: credited once
		st := w.start(t, w.a, f.video)
		w.beat(t, w.a, f.video, st, 0, 0)
		for pos := 30; pos <= 100; pos += 30 {
			w.beat(t, w.a, f.video, st, 30, pos)
		}
		w.beat(t, w.a, f.video, st, 10, 100)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(heard) != 1 || heard[0].UserID != w.aID || heard[0].NodeID != f.video || heard[0].Tenths != 10 || heard[0].YearTenths != 10 ||
		heard[0].CourseTitle == "" || heard[0].CreditedOn != "2026-12-01" {
		t.Fatalf("heard %+v", heard)
	}
}
