package system_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"zhdj/internal/apptest"
)

const wantFileCSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

// pngBytes is a real, small PNG image.
func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var (
	pdfBytes  = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
	docxBytes = []byte("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00word/document.xml fake docx body")
)

type storedFile struct {
	ID           int64
	Name         string
	Size         int64
	ContentType  string
	ModuleName   string
	Tag          string
	CreateTime   string
	UploaderName string
}

func uploadFile(t *testing.T, e *apptest.Env, token, name string, content []byte, fields map[string]string) storedFile {
	t.Helper()
	res := e.Upload("/api/file/upload", token, "file", name, content, fields)
	apptest.Expect(t, res, http.StatusCreated)
	var f storedFile
	res.JSON(t, &f)
	if f.ID == 0 {
		t.Fatalf("upload answer %s", res.Body)
	}
	return f
}

func fileGet(e *apptest.Env, kind string, id int64, token string) *apptest.Response {
	return e.Do("GET", fmt.Sprintf("/api/file/%s?id=%d", kind, id), token, nil)
}

// filesOnDisk lists the regular files under dir, relative to it.
func filesOnDisk(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFileUploadRoundTripKeepsBytesAndChineseName(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	data := pngBytes(t)
	name := "党建活动 照片.png"
	f := uploadFile(t, e, e.AdminTK, name, data, map[string]string{"moduleName": "activity", "tag": "封面"})
	if f.Name != name || f.Size != int64(len(data)) || f.ContentType != "image/png" || f.ModuleName != "activity" ||
		f.Tag != "封面" || f.CreateTime == "" {
		t.Fatalf("upload answer %+v", f)
	}

	res := fileGet(e, "download", f.ID, e.AdminTK)
	apptest.Expect(t, res, http.StatusOK)
	if !bytes.Equal(res.Body, data) {
		t.Fatalf("downloaded %d bytes differ from the %d uploaded", len(res.Body), len(data))
	}
	cd := res.Header.Get("Content-Disposition")
	if !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, "filename*=UTF-8''"+url.PathEscape(name)) {
		t.Fatalf("Content-Disposition %q", cd)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Security-Policy") != wantFileCSP ||
		res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("headers %v", res.Header)
	}

	// Ranges are served (resumable downloads, video seeking).
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/file/download?id=%d", e.Server.URL, f.ID), nil)
	req.Header.Set("Range", "bytes=0-7")
	res = e.Request(req, e.AdminTK)
	apptest.Expect(t, res, http.StatusPartialContent)
	if !bytes.Equal(res.Body, data[:8]) {
		t.Fatalf("range body %q", res.Body)
	}

	// A malformed id is a 400, an unknown one the same 404 as a forbidden one.
	apptest.Expect(t, e.Do("GET", "/api/file/download?id=abc", e.AdminTK, nil), http.StatusBadRequest)
	res = fileGet(e, "download", f.ID+1000, e.AdminTK)
	apptest.Expect(t, res, http.StatusNotFound)
	if res.Message() != "文件不存在" {
		t.Fatalf("message %q", res.Message())
	}
}

func TestFileUploadRefusesDangerousNamesAndContent(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tok, _ := e.UserWith("SELF", 0)
	data := pngBytes(t)
	cases := []struct {
		name, filename string
		content        []byte
		fields         map[string]string
	}{
		{"traversal to html", "../../x.html", []byte("<html><script>alert(1)</script></html>"), nil},
		{"svg", "logo.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), nil},
		{"html renamed png", "photo.png", []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), nil},
		{"html as txt", "notes.txt", []byte("<html><body onload=alert(1)></body></html>"), nil},
		{"executable", "setup.exe", []byte("MZ\x90\x00"), nil},
		{"not in allowed list", "x.go", []byte("package main"), nil},
		{"no extension", "README", []byte("hello"), nil},
		{"module with dots", "a.png", data, map[string]string{"moduleName": "../etc"}},
		{"module with slash", "a.png", data, map[string]string{"moduleName": "a/b"}},
		{"tag with dots", "a.png", data, map[string]string{"tag": "../../x"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			apptest.Expect(t, e.Upload("/api/file/upload", tok, "file", c.filename, c.content, c.fields), http.StatusBadRequest)
		})
	}
	apptest.Expect(t, e.Upload("/api/file/upload", tok, "other", "a.png", data, nil), http.StatusBadRequest)
	n, err := e.DB.NewSelect().Table("sys_file").Count(context.Background())
	if err != nil || n != 0 {
		t.Fatalf("%d file rows after refused uploads (%v)", n, err)
	}

	// A good file with a traversal name keeps only its base name as data and is
	// stored under a random name inside files/.
	f := uploadFile(t, e, tok, `..\..\../evil.png`, data, nil)
	if f.Name != "evil.png" {
		t.Fatalf("stored original name %q", f.Name)
	}
	dataDir := e.App.Config.DataDir
	for _, p := range filesOnDisk(t, dataDir) {
		if !strings.HasPrefix(p, "files/") && !strings.HasPrefix(p, "keys/") {
			t.Errorf("unexpected file %s in the data directory", p)
		}
		if m := regexpStored.FindStringSubmatch(strings.TrimPrefix(p, "files/")); strings.HasPrefix(p, "files/") &&
			(m == nil || !strings.HasPrefix(m[2], m[1])) {
			t.Errorf("stored file %s does not have a random name", p)
		}
	}
	for _, p := range filesOnDisk(t, filepath.Dir(dataDir)) {
		if base := filepath.Base(p); base == "evil.png" || base == "x.html" || base == "logo.svg" {
			t.Errorf("a user-named file was written: %s", p)
		}
	}
	if stored := len(filesOnDisk(t, filepath.Join(dataDir, "files"))); stored != 1 {
		t.Errorf("%d stored files, want 1", stored)
	}
}

func TestFileDownloadAccessRule(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	owner, _ := e.UserWith("SELF", 0)
	other, _ := e.UserWith("SELF", 0)
	lister, _ := e.UserWith("SELF", 0, "file:list")
	f := uploadFile(t, e, owner, "总结.docx", docxBytes, nil)

	for _, kind := range []string{"download", "view"} {
		res := fileGet(e, kind, f.ID, other)
		apptest.Expect(t, res, http.StatusNotFound)
		if res.Message() != "文件不存在" || bytes.Contains(res.Body, docxBytes[:4]) {
			t.Fatalf("%s by another user: %s", kind, res.Body)
		}
		apptest.Expect(t, fileGet(e, kind, f.ID, ""), http.StatusUnauthorized)
		for _, tok := range []string{owner, lister, e.AdminTK} {
			res := fileGet(e, kind, f.ID, tok)
			apptest.Expect(t, res, http.StatusOK)
			if !bytes.Equal(res.Body, docxBytes) {
				t.Fatalf("%s body differs", kind)
			}
		}
	}

	// A public file (an avatar) may be read by any signed-in user by id.
	res := e.Upload("/api/users/updateAvatar", owner, "avatar", "me.png", pngBytes(t), nil)
	apptest.Expect(t, res, http.StatusOK)
	var avatarID int64
	if err := e.DB.NewSelect().Table("sys_file").Column("id").Where("is_public = ?", true).Scan(context.Background(), &avatarID); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, fileGet(e, "download", avatarID, other), http.StatusOK)
}

func TestFileViewInlineOnlyForSafeTypes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	img := pngBytes(t)
	pdf := uploadFile(t, e, e.AdminTK, "章程.pdf", pdfBytes, nil)
	pic := uploadFile(t, e, e.AdminTK, "a.png", img, nil)
	doc := uploadFile(t, e, e.AdminTK, "b.docx", docxBytes, nil)

	for _, c := range []struct {
		f     storedFile
		ctype string
		body  []byte
	}{{pdf, "application/pdf", pdfBytes}, {pic, "image/png", img}} {
		res := fileGet(e, "view", c.f.ID, e.AdminTK)
		apptest.Expect(t, res, http.StatusOK)
		h := res.Header
		if h.Get("Content-Type") != c.ctype || !strings.HasPrefix(h.Get("Content-Disposition"), "inline;") ||
			h.Get("Content-Security-Policy") != wantFileCSP || h.Get("X-Content-Type-Options") != "nosniff" ||
			!bytes.Equal(res.Body, c.body) {
			t.Fatalf("view %s: %v", c.f.Name, h)
		}
		// download is always an attachment, whatever the type
		res = fileGet(e, "download", c.f.ID, e.AdminTK)
		if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") {
			t.Fatalf("download %s: %v", c.f.Name, res.Header)
		}
	}
	res := fileGet(e, "view", doc.ID, e.AdminTK)
	apptest.Expect(t, res, http.StatusOK)
	if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("docx view must download: %v", res.Header)
	}
}

func TestFilePublicAvatarByRandomName(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tok, _ := e.UserWith("SELF", 0)
	img := pngBytes(t)
	res := e.Upload("/api/users/updateAvatar", tok, "avatar", "头像.png", img, nil)
	apptest.Expect(t, res, http.StatusOK)
	var out struct{ Avatar string }
	res.JSON(t, &out)
	if !strings.HasPrefix(out.Avatar, "/api/file/public/") {
		t.Fatalf("avatar %q", out.Avatar)
	}

	res = e.Do("GET", out.Avatar, "", nil) // no session needed
	apptest.Expect(t, res, http.StatusOK)
	if !bytes.Equal(res.Body, img) || res.Header.Get("Content-Type") != "image/png" ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline;") ||
		res.Header.Get("Content-Security-Policy") != wantFileCSP || res.Header.Get("Cache-Control") != "public, max-age=86400" {
		t.Fatalf("public avatar: %v", res.Header)
	}

	// A private file is not reachable through its stored name, nor is a made-up one.
	priv := uploadFile(t, e, tok, "private.png", img, nil)
	var stored string
	if err := e.DB.NewSelect().Table("sys_file").Column("stored_name").Where("id = ?", priv.ID).Scan(context.Background(), &stored); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, e.Do("GET", "/api/file/public/"+stored, "", nil), http.StatusNotFound)
	apptest.Expect(t, e.Do("GET", "/api/file/public/"+stored, e.AdminTK, nil), http.StatusNotFound)
	apptest.Expect(t, e.Do("GET", "/api/file/public/0123456789abcdef0123456789abcdef.png", "", nil), http.StatusNotFound)
	apptest.Expect(t, e.Do("GET", "/api/file/public/..%2f..%2fetc%2fpasswd", "", nil), http.StatusBadRequest)
}

func TestFileListFiltersAndDelete(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	small := uploadFile(t, e, e.AdminTK, "小文件.pdf", pdfBytes, map[string]string{"moduleName": "notice", "tag": "t1"})
	big := uploadFile(t, e, e.AdminTK, "大图.png", append(pngBytes(t), make([]byte, 500)...), map[string]string{"moduleName": "activity"})
	userTok, _ := e.UserWith("SELF", 0)
	uploadFile(t, e, userTok, "他人.docx", docxBytes, nil)

	list := func(query string) (total int, names []string, uploaders []string) {
		t.Helper()
		res := e.Do("GET", "/api/file"+query, e.AdminTK, nil)
		apptest.Expect(t, res, http.StatusOK)
		var page struct {
			Content       []storedFile
			TotalElements int
		}
		res.JSON(t, &page)
		for _, f := range page.Content {
			names = append(names, f.Name)
			uploaders = append(uploaders, f.UploaderName)
		}
		return page.TotalElements, names, uploaders
	}
	if n, _, _ := list(""); n != 3 {
		t.Fatalf("all files: %d", n)
	}
	if n, names, up := list("?blurry=" + url.QueryEscape("文件")); n != 1 || names[0] != "小文件.pdf" || up[0] != "超级管理员" {
		t.Fatalf("blurry: %d %v %v", n, names, up)
	}
	if n, names, _ := list("?moduleName=activity"); n != 1 || names[0] != "大图.png" {
		t.Fatalf("moduleName: %d %v", n, names)
	}
	if n, _, _ := list("?tag=t1"); n != 1 {
		t.Fatalf("tag: %d", n)
	}
	if n, names, _ := list("?uploader=" + url.QueryEscape("超级")); n != 2 || names[0] != "大图.png" {
		t.Fatalf("uploader: %d %v", n, names)
	}
	if _, names, _ := list("?sort=size,asc&uploader=" + url.QueryEscape("超级")); names[0] != "小文件.pdf" {
		t.Fatalf("sort by size: %v", names)
	}
	for _, bad := range []string{"sort=stored_name,asc", "sort=" + url.QueryEscape("size;DROP TABLE sys_file"),
		"sort=" + url.QueryEscape("size,desc;(SELECT 1)"), "storedName=x", "sort=size,sideways"} {
		apptest.Expect(t, e.Do("GET", "/api/file?"+bad, e.AdminTK, nil), http.StatusBadRequest)
	}

	deleter, _ := e.UserWith("SELF", 0, "file:del")
	apptest.Expect(t, e.Do("DELETE", "/api/file", deleter, []int64{small.ID, 999999}), http.StatusNotFound)
	if n, _, _ := list(""); n != 3 {
		t.Fatalf("a failed delete removed files: %d left", n)
	}
	before := len(filesOnDisk(t, filepath.Join(e.App.Config.DataDir, "files")))
	apptest.Expect(t, e.Do("DELETE", "/api/file", deleter, []int64{small.ID, big.ID}), http.StatusNoContent)
	if n, _, _ := list(""); n != 1 {
		t.Fatalf("after delete: %d", n)
	}
	if after := len(filesOnDisk(t, filepath.Join(e.App.Config.DataDir, "files"))); after != before-2 {
		t.Fatalf("bytes left behind: %d files before, %d after", before, after)
	}
	apptest.Expect(t, fileGet(e, "download", small.ID, e.AdminTK), http.StatusNotFound)
}

// regexpStored matches the store's layout: a two-character shard and a random name.
var regexpStored = regexp.MustCompile(`^([0-9a-f]{2})/([0-9a-f]{32})\.[a-z0-9]{1,10}$`)

// An upload above the in-memory limit is spooled to a temporary file, which
// must be gone once the request is answered.
func TestFileBigUploadLeavesNoTempFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	e := apptest.New(t)
	big := make([]byte, 10<<20)
	copy(big, pdfBytes)
	f := uploadFile(t, e, e.AdminTK, "big.pdf", big, nil)
	if f.Size != int64(len(big)) {
		t.Fatalf("size %d", f.Size)
	}
	// net/http removes a request's spooled parts after the handler returns,
	// which may be after the client has read the answer: closing the server
	// waits until every request has finished.
	e.Server.Close()
	if left, _ := filepath.Glob(filepath.Join(tmp, "multipart-*")); len(left) != 0 {
		t.Fatalf("temporary files left behind: %v", left)
	}
}
