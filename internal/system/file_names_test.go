package system_test

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// Every module key files are stored under is named, with each of its tags:
// the registry the running app built (AttachSpecs, workflows, the system
// domain's own uploads) holds the keys of the codebase, and every module
// key the web sends with an upload is among them.
func TestFileModulesNameEveryKeyOfTheCodebase(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	named := map[string]system.FileModule{}
	for _, m := range e.Sys.FileModules() {
		if strings.TrimSpace(m.Title) == "" {
			t.Errorf("module key %q has no title", m.Key)
		}
		for tag, label := range m.Tags {
			if tag != "" && strings.TrimSpace(label) == "" {
				t.Errorf("module key %q: tag %q has no name", m.Key, tag)
			}
		}
		named[m.Key] = m
	}
	want := []string{"dyjbxx", "develop", "feehardship", system.FileModuleAvatar, system.FileModuleSchool}
	for _, k := range transfer.Kinds {
		want = append(want, "zzgx_"+k)
	}
	for _, k := range want {
		if _, ok := named[k]; !ok {
			t.Errorf("module key %q is not named", k)
		}
	}
	if got := named["dyjbxx"].Tags["photo"]; got != "证件照" {
		t.Errorf("dyjbxx photo tag = %q, want 证件照", got)
	}

	// The module keys the web's upload calls send (literals, and the
	// transfer's zzgx_${kind}); a new one fails here until it is named.
	literal := regexp.MustCompile(`moduleName(?:=\{?|: )["'\x60]([A-Za-z0-9_-]+)(\$\{)?`)
	seen := 0
	root := filepath.Join("..", "..", "web", "src")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(path, ".test.") || !strings.HasSuffix(path, ".tsx") && !strings.HasSuffix(path, ".ts") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			seen++
			key := m[1]
			if m[2] != "" { // a template: zzgx_${kind}, checked above for every kind
				if key != "zzgx_" {
					t.Errorf("%s: upload module key template %q%s… not checked", path, key, m[2])
				}
				continue
			}
			if _, ok := named[key]; !ok {
				t.Errorf("%s: upload module key %q is not named in Go", path, key)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 4 {
		t.Fatalf("found %d upload module keys in the web: the pattern no longer matches", seen)
	}

	// The 模块 filter's choices are the names, served by the API.
	res := e.Do("GET", "/api/file/modules", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	var opts []struct{ Value, Label string }
	res.JSON(t, &opts)
	if len(opts) != len(named) {
		t.Fatalf("options %d, named %d", len(opts), len(named))
	}
	for _, o := range opts {
		if o.Label != named[o.Value].Title {
			t.Errorf("option %+v, want label %q", o, named[o.Value].Title)
		}
	}
	apptest.Expect(t, e.Do("GET", "/api/file/modules", "", nil), http.StatusUnauthorized)
	userTok, _ := e.UserWith("SELF", 0)
	apptest.Expect(t, e.Do("GET", "/api/file/modules", userTok, nil), http.StatusForbidden)
}

// The list answers what the user calls a file's module, tag and type; a
// key nobody named is 其他, its code kept in moduleName/tag.
func TestFileListAnswersReadableNames(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	uploadFile(t, e, e.AdminTK, "标志.png", pngBytes(t), map[string]string{"moduleName": system.FileModuleSchool, "tag": "logo"})
	uploadFile(t, e, e.AdminTK, "材料.docx", docxBytes, map[string]string{"moduleName": "develop", "tag": "nosuchstep"})
	uploadFile(t, e, e.AdminTK, "杂项.pdf", pdfBytes, map[string]string{"moduleName": "nosuchmodule", "tag": "t1"})
	uploadFile(t, e, e.AdminTK, "无模块.pdf", pdfBytes, nil)

	res := e.Do("GET", "/api/file", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	var page struct {
		Content []struct {
			Name, ModuleName, Tag, ModuleLabel, TagLabel, TypeLabel string
		}
	}
	res.JSON(t, &page)
	got := map[string][4]string{}
	for _, f := range page.Content {
		got[f.Name] = [4]string{f.ModuleLabel, f.TagLabel, f.TypeLabel, f.ModuleName + "/" + f.Tag}
	}
	want := map[string][4]string{
		"标志.png":  {"学校信息", "学校标志", "图片", "school/logo"},
		"材料.docx": {"发展党员记录", "其他", "Word 文档", "develop/nosuchstep"},
		"杂项.pdf":  {"其他", "其他", "PDF 文档", "nosuchmodule/t1"},
		"无模块.pdf": {"", "", "PDF 文档", "/"},
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: got %q, want %q", name, got[name], w)
		}
	}
}

func TestFileTypeLabel(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ ctype, name, want string }{
		{"image/png", "a.png", "图片"},
		{"IMAGE/JPEG", "a.jpg", "图片"},
		{"application/pdf", "a.pdf", "PDF 文档"},
		{"application/msword", "a.doc", "Word 文档"},
		{"application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx", "Word 文档"},
		{"application/vnd.ms-excel", "a.xls", "Excel 表格"},
		{"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "a.xlsx", "Excel 表格"},
		{"application/zip", "a.zip", "压缩包"},
		{"application/x-7z-compressed", "a.7z", "压缩包"},
		{"text/plain; charset=utf-8", "a.txt", "文本"},
		{"video/mp4", "a.mp4", "视频"},
		{"application/octet-stream", "图纸.DWG", "其他（.dwg）"},
		{"application/octet-stream", "无扩展名", "其他"},
		{"", "", "其他"},
		{"application/x-unknown", "a.verylongextension", "其他"},
	} {
		if got := system.FileTypeLabel(c.ctype, c.name); got != c.want {
			t.Errorf("FileTypeLabel(%q, %q) = %q, want %q", c.ctype, c.name, got, c.want)
		}
	}
}
