package course_test

import (
	"testing"

	"zhdj/internal/pschool/course"
)

// The credit rules of one heartbeat at their edges (limit: videoRecordTime 30 + course.Grace).
func TestJudge_Edges(t *testing.T) {
	t.Parallel()
	const limit = 30 + course.Grace
	at := func(pos, watched int) course.Progress { return course.Progress{Position: pos, Watched: watched} }
	cases := []struct {
		name                 string
		nodeType, duration   int
		prev                 course.Progress
		pos                  int
		visible              bool
		elapsed              int
		wantPos, wantWatched int
		wantCredited         int
	}{
		{"video: played on from the frontier", course.NodeVideo, 100, at(20, 20), 50, true, 30, 50, 50, 30},
		{"video: at the cap", course.NodeVideo, 100, at(0, 0), limit, true, limit, limit, limit, limit},
		{"video: 1 s after the cap", course.NodeVideo, 100, at(0, 0), limit + 1, true, limit + 1, limit + 1, limit, limit},
		{"video: faster than real time by course.Grace is still playback", course.NodeVideo, 100, at(20, 20), 20 + 10 + course.Grace, true, 10, 35, 30, 10},
		{"video: a seek one second beyond", course.NodeVideo, 100, at(20, 20), 20 + 10 + course.Grace + 1, true, 10, 36, 20, 0},
		{"video: from past the frontier", course.NodeVideo, 100, at(20+course.Grace+1, 20), 60, true, 30, 60, 20, 0},
		{"video: hidden", course.NodeVideo, 100, at(20, 20), 50, false, 30, 50, 20, 0},
		{"video: re-watching behind the frontier", course.NodeVideo, 100, at(10, 80), 40, true, 30, 40, 80, 0},
		{"video: position past the duration is the end", course.NodeVideo, 100, at(90, 90), 130, true, 30, 100, 100, 10},
		{"video: a clock gone back earns nothing", course.NodeVideo, 100, at(20, 20), 21, true, -5, 21, 20, 0},
		{"document: visible time", course.NodeDocument, 100, at(0, 10), 0, true, 30, 0, 40, 30},
		{"document: capped", course.NodeDocument, 100, at(0, 10), 0, true, 3600, 0, 10 + limit, limit},
		{"document: up to the required time only", course.NodeDocument, 100, at(0, 90), 0, true, 30, 0, 100, 10},
		{"article: hidden", course.NodeArticle, 100, at(0, 10), 0, false, 30, 0, 10, 0},
	}
	for _, c := range cases {
		pos, watched, credited := course.Judge(c.nodeType, c.duration, c.prev, c.pos, c.visible, c.elapsed, limit)
		if pos != c.wantPos || watched != c.wantWatched || credited != c.wantCredited {
			t.Errorf("%s: got position %d, watched %d, credited %d; want %d, %d, %d", c.name, pos, watched, credited, c.wantPos, c.wantWatched, c.wantCredited)
		}
	}
	if !course.Complete(course.NodeVideo, 100, 99) || course.Complete(course.NodeVideo, 100, 98) || !course.Complete(course.NodeArticle, 60, 60) || course.Complete(course.NodeDocument, 60, 59) {
		t.Error("completion")
	}
}
