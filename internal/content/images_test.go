package content_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/content"
	"zhdj/internal/system"
)

// png is the start of a PNG: enough for the upload's content sniffing.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00")

func (w *world) attach(t *testing.T, token string, id int64, kind, name string, data []byte) system.Attachment {
	t.Helper()
	res := w.e.Upload(fmt.Sprintf("/api/dwxw/%d/attachments?kind=%s", id, kind), token, "file", name, data, nil)
	apptest.Expect(t, res, 201)
	var a system.Attachment
	res.JSON(t, &a)
	return a
}

func (w *world) fileKept(t *testing.T, fileID int64) bool {
	t.Helper()
	n, err := w.e.DB.NewSelect().Table("sys_file").Where("id = ?", fileID).Count(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// A picture of the body is an attachment of kind image, inserted at
// content.ImagePath: the body keeps it and drops another site's, the writers
// of the item's scope see it while it is a draft, its readers once it is
// published, nobody else; deleting the item removes its stored files.
func TestBodyPicturesAreOursAndGoWithTheItem(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.draft(t, w.csPub, "有图", w.cs)
	pic := w.attach(t, w.csPub, v.ID, content.FileImage, "会场.png", png)
	paper := w.attach(t, w.csPub, v.ID, content.FileGeneral, "讲话.pdf", []byte("%PDF-1.4 test"))
	own := content.ImagePath(v.ID, pic.ID)

	body := `<p>会场</p><img src="` + own + `" alt="会场" onerror="x()"><img src="https://tracker.example/p.png">`
	got := apptest.DoJSON[content.ItemView](t, w.e, 200, "PUT", "/api/dwxw", w.csPub, map[string]any{"id": v.ID, "body": body})
	if want := `<p>会场</p><img src="` + own + `" alt="会场">`; got.Body != want {
		t.Fatalf("body %q, want %q", got.Body, want)
	}
	// A body of our picture alone is a body.
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxw", w.csPub, map[string]any{"id": v.ID, "body": `<img src="` + own + `">`}), 200)
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxw", w.csPub, map[string]any{"id": v.ID, "body": `<img src="https://x.example/a.png">`}), 400, "请输入正文")

	see := func(token string, want int) {
		t.Helper()
		res := w.e.Do("GET", own, token, nil)
		apptest.Expect(t, res, want)
		if want == 200 && !strings.HasPrefix(res.Header.Get("Content-Type"), "image/png") {
			t.Errorf("content type %q", res.Header.Get("Content-Type"))
		}
	}
	see("", 401)
	see(w.noTK, 403)
	see(w.csPub, 200)
	see(w.csSecretary, 404) // a writer of the branch below: an item for the whole college is outside his scope
	see(w.mathPub, 404)
	see(w.csMember, 404) // not published yet
	// Only the pictures of this item, through this address.
	apptest.Expect(t, w.e.Do("GET", content.ImagePath(v.ID, paper.ID), w.csPub, nil), 404)
	other := w.draft(t, w.csPub, "另一条", w.cs)
	apptest.Expect(t, w.e.Do("GET", content.ImagePath(other.ID, pic.ID), w.csPub, nil), 404)

	w.step(t, w.csPub, v.ID, "submit", 200)
	w.step(t, w.csPub, v.ID, "publish", 200)
	see(w.csMember, 200)
	see(w.mathMember, 404)

	w.step(t, w.csPub, v.ID, "withdraw", 200)
	if !w.fileKept(t, pic.FileID) || !w.fileKept(t, paper.FileID) {
		t.Fatal("files gone before the delete")
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/dwxw", w.csPub, []int64{v.ID}), 204)
	if w.fileKept(t, pic.FileID) || w.fileKept(t, paper.FileID) {
		t.Error("the deleted item's picture or attachment is still in the file store")
	}
	see(w.csPub, 404)
}

// A refused delete (a published item among the ids) keeps every file.
func TestRefusedDeleteKeepsTheFiles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	draft := w.draft(t, w.csPub, "草稿", w.cs)
	pic := w.attach(t, w.csPub, draft.ID, content.FileImage, "a.png", png)
	live := w.published(t, w.csPub, "已发布", w.cs)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dwxw", w.csPub, []int64{draft.ID, live.ID}), 409)
	if !w.fileKept(t, pic.FileID) {
		t.Fatal("a refused delete removed the picture")
	}
	apptest.Expect(t, w.e.Do("GET", content.ImagePath(draft.ID, pic.ID), w.csPub, nil), 200)
}

// A picture taken out of the body goes when the body is saved, its stored
// file after the commit; the pictures the body still shows and the item's
// other attachments stay, and a refused save takes nothing.
func TestPicturesTakenOutOfTheBodyGo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.draft(t, w.csPub, "两张图", w.cs)
	kept := w.attach(t, w.csPub, v.ID, content.FileImage, "会场.png", png)
	dropped := w.attach(t, w.csPub, v.ID, content.FileImage, "合影.png", png)
	paper := w.attach(t, w.csPub, v.ID, content.FileGeneral, "讲话.pdf", []byte("%PDF-1.4 test"))
	img := func(a system.Attachment) string { return `<img src="` + content.ImagePath(v.ID, a.ID) + `">` }
	save := func(body string, want int) {
		t.Helper()
		apptest.Expect(t, w.e.Do("PUT", "/api/dwxw", w.csPub, map[string]any{"id": v.ID, "body": body}), want)
	}
	save("<p>会场</p>"+img(kept)+img(dropped), 200)
	if !w.fileKept(t, kept.FileID) || !w.fileKept(t, dropped.FileID) {
		t.Fatal("a picture the body shows was dropped")
	}
	save(`<img src="https://x.example/a.png">`, 400) // no body: refused, nothing dropped
	if !w.fileKept(t, kept.FileID) || !w.fileKept(t, dropped.FileID) {
		t.Fatal("a refused save dropped a picture")
	}
	save("<p>会场</p>"+img(kept), 200)
	if !w.fileKept(t, kept.FileID) || w.fileKept(t, dropped.FileID) || !w.fileKept(t, paper.FileID) {
		t.Fatalf("after the picture was taken out: kept %v, dropped %v, attachment %v",
			w.fileKept(t, kept.FileID), w.fileKept(t, dropped.FileID), w.fileKept(t, paper.FileID))
	}
	apptest.Expect(t, w.e.Do("GET", content.ImagePath(v.ID, dropped.ID), w.csPub, nil), 404)
	apptest.Expect(t, w.e.Do("GET", content.ImagePath(v.ID, kept.ID), w.csPub, nil), 200)
}
