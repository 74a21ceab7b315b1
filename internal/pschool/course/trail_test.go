package course_test

import (
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/pschool/course"
)

// A course's change trail: its creation, publishing and taking back as
// changes of 状态, an edit listing only what changed, a deleted course kept
// across the school's scope only; 401, 403 and out of scope 404.
func TestCourseTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	apptest.Expect(t, w.e.Do("POST", cpath(f.course, "unpublish"), w.csTK, nil), 200)
	apptest.Expect(t, w.e.Do("PUT", cpath(f.course, ""), w.csTK, course.Input{OrgID: w.cs, Title: "党的二十大精神专题", Intro: "简介"}), 200)
	var trail struct {
		Content []audit.Labelled `json:"content"`
	}
	w.e.Do("GET", cpath(f.course, "trail"), w.csTK, nil).JSON(t, &trail)
	// Created, its chapter and two nodes added, published, taken back, renamed.
	if len(trail.Content) != 7 || trail.Content[6].Type != audit.TypeAdd || trail.Content[0].OperatorName == "" {
		t.Fatalf("trail %+v", trail.Content)
	}
	for i, want := range map[int]string{5: "章“第一章”", 4: "节点“第一讲”（视频，100秒，1学时）", 3: "节点“阅读材料”"} {
		if c := trail.Content[i].Changes; len(c) != 1 || c[0].Label != "章节" || c[0].Old != "" || !strings.HasPrefix(c[0].New, want) {
			t.Errorf("item entry %d: %+v", i, c)
		}
	}
	for i, want := range map[int][2]string{2: {"未发布", "已发布"}, 1: {"已发布", "未发布"}} {
		if c := trail.Content[i].Changes; len(c) != 1 || c[0].Field != "state" || c[0].Old != want[0] || c[0].New != want[1] {
			t.Errorf("entry %d: %+v", i, c)
		}
	}
	if c := trail.Content[0].Changes; len(c) != 1 || c[0].Field != "title" || c[0].New != "党的二十大精神专题" {
		t.Errorf("the edit: %+v", c)
	}
	// A node changed and a chapter removed: each what it was and what it is.
	apptest.Expect(t, w.e.Do("PUT", ipath(f.course, f.article, ""), w.csTK, course.ItemInput{Title: "阅读材料（修订）", Content: "<p>正文</p>", Duration: 60, Hours: 0.5}), 200)
	d := w.addItem(t, f.course, course.ItemInput{Kind: course.KindChapter, Title: "第二章"})
	apptest.Expect(t, w.e.Do("DELETE", ipath(f.course, d.Chapters[1].ID, ""), w.csTK, nil), 200)
	w.e.Do("GET", cpath(f.course, "trail"), w.csTK, nil).JSON(t, &trail)
	if c := trail.Content[0].Changes; len(c) != 1 || c[0].Old != "章“第二章”" || c[0].New != "" {
		t.Errorf("the chapter removed: %+v", c)
	}
	if c := trail.Content[2].Changes; len(c) != 1 || !strings.HasPrefix(c[0].Old, "节点“阅读材料”") || !strings.HasPrefix(c[0].New, "节点“阅读材料（修订）”") {
		t.Errorf("the node changed: %+v", c)
	}
	apptest.Expect(t, w.e.Do("GET", cpath(f.course, "trail"), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", cpath(f.course, "trail"), w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", cpath(f.course, "trail"), "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/dx/course/trail", w.noTK, nil), 403)
	d = w.draft(t, "待删除的课程")
	apptest.Expect(t, w.e.Do("DELETE", "/api/dx/course", w.csTK, []int64{d.ID}), 204)
	gone, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.csTK, "/api/dx/course/trail?type=3", nil)
	if len(gone) != 1 || gone[0].RecordID != d.ID || gone[0].RecordName != "待删除的课程" {
		t.Fatalf("the deleted course across the scope: %+v", gone)
	}
	if other, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.mathTK, "/api/dx/course/trail", nil); len(other) != 0 {
		t.Fatalf("another committee sees the courses' trail: %+v", other)
	}
}
