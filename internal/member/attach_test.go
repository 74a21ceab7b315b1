package member_test

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/system"
)

// photo is a small real PNG image.
func photo(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// attachmentsOf lists a member's attachments: query "" for every kind,
// "?kind=" for the general ones, "?kind=photo" for the photo.
func attachmentsOf(t *testing.T, w *world, token string, id int64, query string) []system.Attachment {
	t.Helper()
	return apptest.DoJSON[[]system.Attachment](t, w.e, 200, "GET", fmt.Sprintf("/api/dyjbxx/%d/attachments%s", id, query), token, nil)
}

// A member's attachments follow the member: listed, viewed and downloaded
// with its read permission, added and removed with its edit permission,
// and a member outside the caller's scope has none (404), whatever the
// permissions.
func TestAttachmentRoutesFollowTheMember(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.create(t, w.e.AdminTK, body("附件甲", w.branchA, ""))
	other := w.create(t, w.e.AdminTK, body("附件乙", w.branchB, ""))
	base := fmt.Sprintf("/api/dyjbxx/%d/attachments", m.ID)

	res := w.e.Upload(base, w.e.AdminTK, "file", "入党申请书.pdf", []byte("%PDF-1.4\n%test\n"), nil)
	apptest.Expect(t, res, 201)
	var a system.Attachment
	res.JSON(t, &a)
	if a.Name != "入党申请书.pdf" || a.Kind != "" || a.RecordID != m.ID || a.UploaderName == "" {
		t.Fatalf("attached %+v", a)
	}
	one := fmt.Sprintf("%s/%d", base, a.ID)

	reader, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList)
	editor, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList, member.PermEdit)
	outsider, _ := w.anchored(t, "LEVEL", w.branchB, member.PermList, member.PermEdit)
	noPerm, _ := w.anchored(t, "LEVEL", w.branchA)

	for _, c := range []struct {
		method, path, token string
		want                int
	}{
		{"GET", base, "", 401},
		{"GET", one + "/view", "", 401},
		{"DELETE", one, "", 401},
		{"GET", base, noPerm, 403},
		{"GET", one + "/download", noPerm, 403},
		{"DELETE", one, reader, 403},
		{"GET", base, outsider, 404},
		{"GET", one + "/view", outsider, 404},
		{"GET", one + "/download", outsider, 404},
		{"DELETE", one, outsider, 404},
		// The attachment of one member is not reachable through another.
		{"GET", fmt.Sprintf("/api/dyjbxx/%d/attachments/%d/view", other.ID, a.ID), w.e.AdminTK, 404},
		{"DELETE", fmt.Sprintf("/api/dyjbxx/%d/attachments/%d", other.ID, a.ID), w.e.AdminTK, 404},
		{"GET", base + "/999999/view", w.e.AdminTK, 404},
		{"GET", "/api/dyjbxx/999999/attachments", w.e.AdminTK, 404},
	} {
		if res := w.e.Do(c.method, c.path, c.token, nil); res.Status != c.want {
			t.Errorf("%s %s: %d %s, want %d", c.method, c.path, res.Status, res.Body, c.want)
		}
	}
	for _, c := range []struct {
		token string
		want  int
	}{{"", 401}, {reader, 403}, {outsider, 404}} {
		if res := w.e.Upload(base, c.token, "file", "a.pdf", []byte("%PDF-1.4\n"), nil); res.Status != c.want {
			t.Errorf("upload: %d %s, want %d", res.Status, res.Body, c.want)
		}
	}

	// The reader lists, previews (inline) and downloads (attachment).
	if list := attachmentsOf(t, w, reader, m.ID, ""); len(list) != 1 || list[0].ID != a.ID || list[0].Size == 0 {
		t.Fatalf("list %+v", list)
	}
	view := w.e.Do("GET", one+"/view", reader, nil)
	if view.Status != 200 || !strings.HasPrefix(view.Header.Get("Content-Disposition"), "inline") || !bytes.HasPrefix(view.Body, []byte("%PDF")) {
		t.Fatalf("view %d %v", view.Status, view.Header)
	}
	if dl := w.e.Do("GET", one+"/download", reader, nil); dl.Status != 200 || !strings.HasPrefix(dl.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download %d %v", dl.Status, dl.Header)
	}
	// The editor removes it, and the stored file goes with it.
	apptest.Expect(t, w.e.Do("DELETE", one, editor, nil), 204)
	if n, err := w.e.DB.NewSelect().Table("sys_file").Where("id = ?", a.FileID).Count(t.Context()); err != nil || n != 0 {
		t.Fatalf("file kept: %d %v", n, err)
	}
	if list := attachmentsOf(t, w, reader, m.ID, ""); len(list) != 0 {
		t.Fatalf("still listed %+v", list)
	}
}

// The 证件照 is one jpg or png of at most 2 MB: a new one replaces the old;
// other types, larger files and unknown kinds are refused, and nothing is stored.
func TestPhotoLimits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.create(t, w.e.AdminTK, body("照片甲", w.branchA, ""))
	base := fmt.Sprintf("/api/dyjbxx/%d/attachments", m.ID)
	img := photo(t)
	files := func() int64 {
		n, err := w.e.DB.NewSelect().Table("sys_file").Count(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := files()
	for _, c := range []struct {
		name, file, kind string
		content          []byte
		msg              string
	}{
		{"a PDF as photo", "照片.pdf", "photo", []byte("%PDF-1.4\n"), "不允许上传该类型的文件（.pdf）"},
		{"over 2 MB", "照片.png", "photo", append(append([]byte{}, img...), make([]byte, 2<<20)...), "文件不能超过 2 MB"},
		{"HTML named png", "照片.png", "photo", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), "文件内容与扩展名不符"},
		{"unknown kind", "照片.png", "resume", img, "附件类型无效"},
		{"an executable", "a.exe", "", []byte("MZ"), "不允许上传该类型的文件（.exe）"},
	} {
		res := w.e.Upload(base+"?kind="+c.kind, w.e.AdminTK, "file", c.file, c.content, nil)
		if res.Status != 400 || res.Message() != c.msg {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if files() != before {
		t.Fatal("a refused upload was stored")
	}

	upload := func(name string, content []byte) int64 {
		res := w.e.Upload(base+"?kind=photo", w.e.AdminTK, "file", name, content, nil)
		apptest.Expect(t, res, 201)
		var a system.Attachment
		res.JSON(t, &a)
		return a.ID
	}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 4, 4)), nil); err != nil {
		t.Fatal(err)
	}
	first := upload("证件照.png", img)
	second := upload("新证件照.jpg", jpg.Bytes())
	list := attachmentsOf(t, w, w.e.AdminTK, m.ID, "?kind="+member.KindPhoto)
	if len(list) != 1 || list[0].ID != second || list[0].Name != "新证件照.jpg" {
		t.Fatalf("photos %+v (first %d)", list, first)
	}
	if n, _ := w.e.DB.NewSelect().Table("sys_attachment").Where("id = ?", first).Count(t.Context()); n != 0 || files() != before+1 {
		t.Fatalf("the replaced photo stayed: %d rows, %d files", n, files()-before)
	}
	// Without a kind the list holds every kind; an empty kind the general attachments.
	apptest.Expect(t, w.e.Upload(base, w.e.AdminTK, "file", "思想汇报.pdf", []byte("%PDF-1.4\n"), nil), 201)
	if all := attachmentsOf(t, w, w.e.AdminTK, m.ID, ""); len(all) != 2 || all[0].Kind != member.KindPhoto || all[1].Kind != "" {
		t.Fatalf("all kinds: %+v", all)
	}
	if general := attachmentsOf(t, w, w.e.AdminTK, m.ID, "?kind="); len(general) != 1 || general[0].Name != "思想汇报.pdf" {
		t.Fatalf("general: %+v", general)
	}

	// Deleting the member (added by hand, unchanged) removes its attachments and their files.
	apptest.Expect(t, w.e.Do("DELETE", "/api/dyjbxx", w.e.AdminTK, []int64{m.ID}), 204)
	if n, _ := w.e.DB.NewSelect().Table("sys_attachment").Where("record_id = ?", m.ID).Count(t.Context()); n != 0 || files() != before {
		t.Fatalf("attachments of a deleted member stayed: %d rows, %d files", n, files()-before)
	}
}
