package course_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/course"
)

// Every staff route: 401 signed out, 403 without its permission, 404 for a
// course of another organisation's scope; every learner route: 401, 403
// without dx:learn, 404 for a draft's node.
func TestRoutes_SignedOutForbiddenOutOfScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	d := w.draft(t, "草稿课程")
	staff := []struct{ method, path string }{
		{"GET", "/api/dx/course"}, {"POST", "/api/dx/course"}, {"DELETE", "/api/dx/course"},
		{"GET", cpath(f.course, "")}, {"PUT", cpath(f.course, "")}, {"POST", cpath(f.course, "publish")},
		{"POST", cpath(f.course, "unpublish")}, {"POST", cpath(f.course, "cover")}, {"GET", cpath(f.course, "cover")},
		{"POST", cpath(f.course, "items")}, {"PUT", ipath(f.course, f.video, "")}, {"DELETE", ipath(f.course, f.video, "")},
		{"POST", ipath(f.course, f.video, "move") + "?dir=down"}, {"POST", ipath(f.course, f.video, "file")},
		{"GET", ipath(f.course, f.video, "file")},
	}
	for _, r := range staff {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", nil), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noTK, nil), 403)
	}
	for _, r := range staff[3:] {
		var body any
		switch r.method {
		case "PUT":
			body = map[string]any{"orgId": w.math, "title": "x", "duration": 10, "hours": 1}
		case "POST":
			body = map[string]any{"kind": 1, "title": "x"}
		}
		if res := w.e.Do(r.method, r.path, w.mathTK, body); res.Status != 404 {
			t.Errorf("%s %s out of scope: %d %s", r.method, r.path, res.Status, res.Body)
		}
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/dx/course", w.mathTK, []int64{f.course}), 404)
	if rows, _ := apptest.GetPage[course.View](t, w.e, w.mathTK, "/api/dx/course", nil); len(rows) != 0 {
		t.Errorf("数学 sees 计算机's courses: %+v", rows)
	}
	learner := []struct{ method, path string }{
		{"GET", "/api/pschool/course"}, {"GET", "/api/pschool/course/" + itoa(f.course)}, {"GET", "/api/pschool/course/" + itoa(f.course) + "/cover"},
		{"GET", npath(f.video, "")}, {"GET", npath(f.video, "file")}, {"POST", npath(f.video, "start")}, {"POST", npath(f.video, "beat")},
	}
	for _, r := range learner {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", nil), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.outsider, nil), 403)
	}
	// A draft and its nodes do not exist for learners.
	d = w.addItem(t, d.ID, course.ItemInput{Kind: course.KindChapter, Title: "第一章"})
	d = w.addItem(t, d.ID, course.ItemInput{Kind: course.KindNode, ParentID: d.Chapters[0].ID, NodeType: course.NodeArticle, Title: "文",
		Content: "<p>x</p>", Duration: 10, Hours: 1})
	draftNode := d.Chapters[0].Nodes[0].ID
	for _, p := range []string{"/api/pschool/course/" + itoa(d.ID), npath(draftNode, ""), npath(draftNode, "file")} {
		apptest.Expect(t, w.e.Do("GET", p, w.a, nil), 404)
	}
	apptest.Expect(t, w.e.Do("POST", npath(draftNode, "start"), w.a, nil), 404)
	rows, total := apptest.GetPage[course.LearnerView](t, w.e, w.a, "/api/pschool/course", nil)
	if total != 1 || rows[0].ID != f.course || rows[0].Hours != 1.5 {
		t.Errorf("learner's list: %d %+v", total, rows)
	}
	// Unpublished, the course and its nodes are gone for learners.
	apptest.DoJSON[course.Detail](t, w.e, 200, "POST", cpath(f.course, "unpublish"), w.csTK, nil)
	apptest.Expect(t, w.e.Do("GET", npath(f.video, "file"), w.a, nil), 404)
	apptest.Expect(t, w.e.Do("POST", npath(f.video, "start"), w.a, nil), 404)
}

// Bad input is a 400 naming the field; 学时 are > 0, ≤ 20, one decimal; an
// article's HTML is sanitised; the totals follow the nodes.
func TestCourse_ChecksAndStructure(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"orgId": w.cs, "title": " "}, "title"},
		{map[string]any{"orgId": w.math, "title": "x"}, "orgId"},
		{map[string]any{"title": "x"}, "orgId"},
		{map[string]any{"orgId": w.cs, "title": strings.Repeat("长", 201)}, "title"},
	} {
		expectField(t, w.e.Do("POST", "/api/dx/course", w.csTK, c.body), c.field)
	}
	d := w.draft(t, "党史")
	// Publishing needs a node.
	if res := w.e.Do("POST", cpath(d.ID, "publish"), w.csTK, nil); res.Status != 400 || !strings.Contains(res.Message(), "节点") {
		t.Errorf("publish empty: %d %s", res.Status, res.Body)
	}
	d = w.addItem(t, d.ID, course.ItemInput{Kind: course.KindChapter, Title: "第一章"})
	ch := d.Chapters[0].ID
	node := func(h float64) map[string]any {
		return map[string]any{"kind": 2, "parentId": ch, "nodeType": course.NodeVideo, "title": "讲", "duration": 60, "hours": h}
	}
	for _, h := range []float64{0, -1, 20.1, 0.55, 21} {
		expectField(t, w.e.Do("POST", cpath(d.ID, "items"), w.csTK, node(h)), "hours")
	}
	expectField(t, w.e.Do("POST", cpath(d.ID, "items"), w.csTK, map[string]any{"kind": 2, "parentId": 0, "nodeType": 1, "title": "x", "duration": 1, "hours": 1}), "parentId")
	expectField(t, w.e.Do("POST", cpath(d.ID, "items"), w.csTK, map[string]any{"kind": 2, "parentId": ch, "nodeType": 9, "title": "x"}), "nodeType")
	expectField(t, w.e.Do("POST", cpath(d.ID, "items"), w.csTK, map[string]any{"kind": 2, "parentId": ch, "nodeType": 1, "title": "x", "duration": 0, "hours": 1}), "duration")
	d = apptest.DoJSON[course.Detail](t, w.e, 200, "POST", cpath(d.ID, "items"), w.csTK, node(20))
	d = apptest.DoJSON[course.Detail](t, w.e, 200, "POST", cpath(d.ID, "items"), w.csTK, map[string]any{"kind": 2, "parentId": ch,
		"nodeType": course.NodeArticle, "title": "文章", "duration": 60, "hours": 0.5, "content": `<p onclick="x()">读<script>bad()</script></p>`})
	if d.Hours != 20.5 || d.Nodes != 2 || len(d.Chapters[0].Nodes) != 2 {
		t.Fatalf("totals: %+v", d)
	}
	video, article := d.Chapters[0].Nodes[0], d.Chapters[0].Nodes[1]
	if c := article.Content; strings.Contains(c, "script") || strings.Contains(c, "onclick") || !strings.Contains(c, "读") {
		t.Errorf("article not sanitised: %q", c)
	}
	// A video without its file cannot be published.
	if res := w.e.Do("POST", cpath(d.ID, "publish"), w.csTK, nil); res.Status != 400 || !strings.Contains(res.Message(), "课件") {
		t.Errorf("publish without the file: %d %s", res.Status, res.Body)
	}
	// Uploads: a video node takes a video, not a document; an article none.
	apptest.Expect(t, w.e.Upload(ipath(d.ID, video.ID, "file"), w.csTK, "file", "x.pdf", []byte("%PDF-1.4\n"), nil), 400)
	apptest.Expect(t, w.e.Upload(ipath(d.ID, article.ID, "file"), w.csTK, "file", "x.mp4", videoBytes, nil), 400)
	d = apptest.DoJSON[course.Detail](t, w.e, 200, "PUT", ipath(d.ID, video.ID, ""), w.csTK, map[string]any{"title": "第一讲", "duration": 90, "hours": 1.5})
	if d.Hours != 2 || d.Chapters[0].Nodes[0].Title != "第一讲" {
		t.Errorf("update: %+v", d)
	}
	// Moves: the article up, then again refused.
	d = apptest.DoJSON[course.Detail](t, w.e, 200, "POST", ipath(d.ID, article.ID, "move")+"?dir=up", w.csTK, nil)
	if d.Chapters[0].Nodes[0].ID != article.ID {
		t.Errorf("move up: %+v", d.Chapters[0].Nodes)
	}
	apptest.Expect(t, w.e.Do("POST", ipath(d.ID, article.ID, "move")+"?dir=up", w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("POST", ipath(d.ID, article.ID, "move")+"?dir=sideways", w.csTK, nil), 400)
	// A chapter with nodes is not deleted; its nodes first.
	apptest.Expect(t, w.e.Do("DELETE", ipath(d.ID, ch, ""), w.csTK, nil), 409)
	apptest.Expect(t, w.e.Do("DELETE", ipath(d.ID, video.ID, ""), w.csTK, nil), 200)
	// An item of another course is not found under this one.
	other := w.draft(t, "另一门")
	apptest.Expect(t, w.e.Do("PUT", ipath(other.ID, article.ID, ""), w.csTK, map[string]any{"title": "x", "duration": 1, "hours": 1}), 404)
	// Lists filter by state and title.
	rows, _ := apptest.GetPage[course.View](t, w.e, w.csTK, "/api/dx/course", url.Values{"blurry": {"党史"}})
	if len(rows) != 1 || rows[0].ID != d.ID {
		t.Errorf("search: %+v", rows)
	}
}

// Publishing then deleting: a course someone was credited study of is not
// deleted (the reason said); a course nobody studied is.
func TestCourse_DeleteRefusedWithCreditedStudy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	st := w.start(t, w.a, f.article)
	w.beat(t, w.a, f.article, st, 30, 0)
	res := w.e.Do("DELETE", "/api/dx/course", w.csTK, []int64{f.course})
	if res.Status != 409 || !strings.Contains(res.Message(), course.MsgStudied) {
		t.Errorf("delete studied: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Do("DELETE", ipath(f.course, f.article, ""), w.csTK, nil), 409)
	// A node only opened (nothing credited) goes, with its progress rows.
	w.start(t, w.b, f.video)
	apptest.Expect(t, w.e.Do("DELETE", ipath(f.course, f.video, ""), w.csTK, nil), 200)
	d := w.draft(t, "未学习的课程")
	apptest.Expect(t, w.e.Do("DELETE", "/api/dx/course", w.csTK, []int64{d.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", cpath(d.ID, ""), w.csTK, nil), 404)
}

// A node's file is served with ranges (206 and the bytes asked); a PDF
// inline; the staff preview too.
func TestServe_RangeRequests(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.published(t)
	req := w.e.Request(mustGet(t, w.e.Server.URL+npath(f.video, "file"), "bytes=100-199"), w.a)
	if req.Status != 206 || string(req.Body) != string(videoBytes[100:200]) {
		t.Fatalf("range: %d (%d bytes)", req.Status, len(req.Body))
	}
	if cr := req.Header.Get("Content-Range"); cr != "bytes 100-199/4096" {
		t.Errorf("content-range %q", cr)
	}
	if ct := req.Header.Get("Content-Type"); ct != "video/mp4" {
		t.Errorf("content type %q", ct)
	}
	full := w.e.Do("GET", npath(f.video, "file"), w.a, nil)
	if full.Status != 200 || len(full.Body) != len(videoBytes) {
		t.Errorf("whole: %d %d", full.Status, len(full.Body))
	}
	staff := w.e.Request(mustGet(t, w.e.Server.URL+ipath(f.course, f.video, "file"), "bytes=0-9"), w.csTK)
	if staff.Status != 206 || len(staff.Body) != 10 {
		t.Errorf("staff preview: %d", staff.Status)
	}
	n := apptest.DoJSON[course.NodeStudy](t, w.e, 200, "GET", npath(f.video, ""), w.a, nil)
	if n.FileExt != "mp4" || n.Inline || n.RecordTime != 30 || n.CourseTitle == "" {
		t.Errorf("node: %+v", n)
	}
	// A document node: a PDF is shown inline.
	d := w.addItem(t, f.course, course.ItemInput{Kind: course.KindNode, ParentID: f.chapter, NodeType: course.NodeDocument, Title: "文件", Duration: 30, Hours: 0.5})
	doc := d.Chapters[0].Nodes[2].ID
	apptest.Expect(t, w.e.Upload(ipath(f.course, doc, "file"), w.csTK, "file", "党章.pdf", []byte("%PDF-1.4\n%\xe2\xe3\n1 0 obj\n"), nil), 200)
	res := w.e.Do("GET", npath(doc, "file"), w.a, nil)
	if res.Status != 200 || res.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline") {
		t.Errorf("pdf: %d %v", res.Status, res.Header)
	}
	if n := apptest.DoJSON[course.NodeStudy](t, w.e, 200, "GET", npath(doc, ""), w.a, nil); !n.Inline {
		t.Errorf("pdf not inline: %+v", n)
	}
	// The cover: an image only; shown to the staff and to learners of the published course.
	apptest.Expect(t, w.e.Do("GET", "/api/pschool/course/"+itoa(f.course)+"/cover", w.a, nil), 404)
	apptest.Expect(t, w.e.Upload(cpath(f.course, "cover"), w.csTK, "file", "x.pdf", []byte("%PDF-1.4\n"), nil), 400)
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 64)...)
	apptest.Expect(t, w.e.Upload(cpath(f.course, "cover"), w.csTK, "file", "封面.png", png, nil), 200)
	for _, r := range []struct{ path, tk string }{{cpath(f.course, "cover"), w.csTK}, {"/api/pschool/course/" + itoa(f.course) + "/cover", w.a}} {
		if res := w.e.Do("GET", r.path, r.tk, nil); res.Status != 200 || res.Header.Get("Content-Type") != "image/png" {
			t.Errorf("cover %s: %d %v", r.path, res.Status, res.Header)
		}
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// expectField expects a 400 naming field.
func expectField(t *testing.T, res *apptest.Response, field string) {
	t.Helper()
	if res.Status != 400 || !strings.Contains(string(res.Body), `"`+field+`"`) {
		t.Errorf("want 400 naming %s: %d %s", field, res.Status, res.Body)
	}
}

// mustGet is a GET of url asking for a byte range.
func mustGet(t *testing.T, url, rng string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Range", rng)
	return req
}
