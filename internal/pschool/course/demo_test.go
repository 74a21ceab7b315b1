package course_test

import (
	"context"

	"testing"
	"zhdj/internal/platform/rbac"

	"zhdj/internal/pschool/course"
)

// The demo courses are the university committee's, published, each a
// chapter of article nodes with their text, reading time and 学时; a
// second run leaves the courses alone.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, err := w.e.App.Course.SeedDemo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if res.Courses != 2 || res.Nodes < 4 || res.Nodes > 6 || len(res.CourseIDs) != 2 {
		t.Fatalf("demo courses %+v", res)
	}
	for _, id := range res.CourseIDs {
		d, err := w.e.App.Course.Detail(adminContext(t, w), id)
		if err != nil {
			t.Fatal(err)
		}
		if d.OrgID != w.root || d.State != course.StatePublished || len(d.Chapters) != 1 || d.Hours <= 0 {
			t.Fatalf("course %d: %+v", id, d)
		}
		for _, n := range d.Chapters[0].Nodes {
			if n.NodeType != course.NodeArticle || n.Content == "" || n.Duration <= 0 || n.Hours <= 0 || n.FileID != nil {
				t.Fatalf("node %+v", n)
			}
		}
	}
	again, err := w.e.App.Course.SeedDemo(t.Context())
	if err != nil || again.Courses != 0 || len(again.CourseIDs) != 0 {
		t.Fatalf("second run %+v %v", again, err)
	}
}

// adminContext is a context of the super administrator (reads every course).
func adminContext(t *testing.T, _ *world) context.Context {
	return rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{Username: "admin", Perms: map[string]bool{rbac.Admin: true}}))
}
