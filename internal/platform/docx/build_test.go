package docx_test

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"zhdj/internal/platform/docx"
)

// A template built in code is a .docx Fill accepts, with its placeholders
// filled and escaped, and the same paragraphs give the same bytes.
func TestBuildMakesAFillableTemplate(t *testing.T) {
	t.Parallel()
	tpl, err := docx.Build(docx.Title("{{title}}", 44), docx.Para("姓名：{{name}}"), docx.Cut("（存根）"), docx.Right("{{date}}"))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := docx.Build(docx.Title("{{title}}", 44), docx.Para("姓名：{{name}}"), docx.Cut("（存根）"), docx.Right("{{date}}"))
	if !bytes.Equal(tpl, again) {
		t.Fatal("the same paragraphs gave different bytes")
	}
	out, err := docx.Fill(tpl, map[string]string{"title": "介绍信", "name": "张<三>", "date": "2026年1月1日"})
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			doc = string(b)
		}
	}
	for _, want := range []string{"介绍信", "张&lt;三&gt;", "2026年1月1日", "（存根）", `w:val="dashed"`} {
		if !strings.Contains(doc, want) {
			t.Errorf("document lacks %q", want)
		}
	}
	if _, err := docx.Fill(tpl, map[string]string{"title": "x"}); err == nil {
		t.Error("a placeholder without a value was filled")
	}
}

// Styles sets the default text size (half-points) and line spacing that
// Word reads from word/styles.xml.
func TestStylesSetSizeAndSpacing(t *testing.T) {
	t.Parallel()
	s := docx.Styles(32, 560, "exact")
	for _, want := range []string{`<w:sz w:val="32"/>`, `<w:szCs w:val="32"/>`, `<w:spacing w:line="560" w:lineRule="exact"/>`, `w:eastAsia="仿宋"`} {
		if !strings.Contains(s, want) {
			t.Errorf("styles lack %s", want)
		}
	}
}

// A caller's text reaches the document as text: markup in it is escaped by
// the paragraph, never written as XML.
func TestParagraphsEscapeTheirText(t *testing.T) {
	t.Parallel()
	for _, p := range []string{docx.Title("<b>&", 36), docx.Para("<b>&"), docx.Plain("<b>&"), docx.Right("<b>&"), docx.Cut("<b>&")} {
		if !strings.Contains(p, "&lt;b&gt;&amp;") || strings.Contains(p, "<b>&") {
			t.Errorf("not escaped: %s", p)
		}
	}
	if !strings.Contains(docx.Para("{{name}}同志"), "{{name}}同志") {
		t.Error("a template's key must pass unchanged")
	}
}
