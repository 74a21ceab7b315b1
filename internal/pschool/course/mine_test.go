package course_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/course"
)

const myCourses = "/api/pschool/my/courses"

// 我的课程 (the personal home): the courses the caller started, the one
// studied last first, with the share of nodes complete and the node to
// resume; another learner's study never shows; a course unpublished
// since is left out; dx:learn only.
func TestMyCourses_OwnStartedCoursesWithResume(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	g := w.published(t)

	apptest.Expect(t, w.e.Do("GET", myCourses, "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", myCourses, w.outsider, nil), 403)
	if rows, total := apptest.GetPage[course.MyCourse](t, w.e, w.a, myCourses, nil); len(rows) != 0 || total != 0 {
		t.Fatalf("nothing started yet: %+v", rows)
	}

	// a: part of f's video, then the whole article.
	st := w.start(t, w.a, f.video)
	w.beat(t, w.a, f.video, st, 30, 30)
	st = w.start(t, w.a, f.article)
	w.beat(t, w.a, f.article, st, 30, 0)
	if r := w.beat(t, w.a, f.article, st, 30, 0); !r.Completed {
		t.Fatalf("article %+v", r)
	}
	// b studies g only.
	st = w.start(t, w.b, g.article)
	w.beat(t, w.b, g.article, st, 30, 0)

	rows, _ := apptest.GetPage[course.MyCourse](t, w.e, w.a, myCourses, nil)
	if len(rows) != 1 || rows[0].ID != f.course {
		t.Fatalf("a's courses %+v", rows)
	}
	c := rows[0]
	if c.Nodes != 2 || c.DoneNodes != 1 || c.Percent != 50 || c.DoneHours != 0.5 || c.Hours != 1.5 {
		t.Errorf("a's progress %+v", c)
	}
	if c.ResumeNodeID != f.article || c.ResumeNodeType != course.NodeArticle || c.ResumeNodeTitle != "阅读材料" {
		t.Errorf("resume after the article: %+v", c)
	}
	if c.StudiedAt.IsZero() {
		t.Errorf("studiedAt missing: %+v", c)
	}
	// Back to the video: it is where a stopped.
	st = w.start(t, w.a, f.video)
	w.beat(t, w.a, f.video, st, 10, 40)
	rows, _ = apptest.GetPage[course.MyCourse](t, w.e, w.a, myCourses, nil)
	if rows[0].ResumeNodeID != f.video || rows[0].ResumeNodeType != course.NodeVideo {
		t.Errorf("resume after the video: %+v", rows[0])
	}
	theirs, _ := apptest.GetPage[course.MyCourse](t, w.e, w.b, myCourses, nil)
	if len(theirs) != 1 || theirs[0].ID != g.course || theirs[0].DoneNodes != 0 || theirs[0].ResumeNodeID != g.article {
		t.Errorf("b's courses (a's study must not show): %+v", theirs)
	}

	// a starts g later: g first (studied last), then f; paged.
	st = w.start(t, w.a, g.video)
	w.beat(t, w.a, g.video, st, 30, 30)
	rows, total := apptest.GetPage[course.MyCourse](t, w.e, w.a, myCourses, url.Values{"size": {"1"}})
	if total != 2 || len(rows) != 1 || rows[0].ID != g.course || rows[0].DoneNodes != 0 || rows[0].Percent != 0 {
		t.Errorf("first page of a's courses %+v (total %d)", rows, total)
	}
	rows, _ = apptest.GetPage[course.MyCourse](t, w.e, w.a, myCourses, url.Values{"size": {"1"}, "page": {"1"}})
	if len(rows) != 1 || rows[0].ID != f.course {
		t.Errorf("second page %+v", rows)
	}

	// g unpublished: its nodes cannot be opened, so it leaves the list.
	apptest.DoJSON[course.Detail](t, w.e, 200, "POST", cpath(g.course, "unpublish"), w.csTK, nil)
	rows, total = apptest.GetPage[course.MyCourse](t, w.e, w.a, myCourses, nil)
	if total != 1 || rows[0].ID != f.course {
		t.Errorf("after unpublishing g: %+v", rows)
	}
}
