package docx_test

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"zhdj/internal/platform/docx"
)

const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
	// A placeholder Word split across three runs; the first is bold.
	`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>姓名：{{</w:t></w:r><w:r><w:t>na</w:t></w:r><w:r><w:t xml:space="preserve">me }} 同志</w:t></w:r></w:p>` +
	`<w:p><w:r><w:t>意见：{{comment}}</w:t></w:r><w:r><w:tab/><w:t>（盖章）</w:t></w:r></w:p>` +
	// Two in one run, and text that only looks like one across paragraphs.
	`<w:p><w:r><w:t>{{name}}与{{name}}&amp;</w:t></w:r></w:p>` +
	`<w:p><w:r><w:t>{{</w:t></w:r></w:p><w:p><w:r><w:t>name}}</w:t></w:r></w:p>` +
	`<w:tbl><w:tr><w:tc><w:p><w:r><w:t/></w:r><w:r><w:t>{{date}}</w:t></w:r></w:p></w:tc></w:tr></w:tbl>` +
	`</w:body></w:document>`

// template is a minimal .docx: the body above, a header and an image.
func template(t *testing.T, document string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range map[string]string{
		"[Content_Types].xml":   `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml":     document,
		"word/header1.xml":      `<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:r><w:t>{{title}}</w:t></w:r></w:p></w:hdr>`,
		"word/media/image1.png": "\x89PNG{{name}}",
	} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content)) //nolint:errcheck
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func part(t *testing.T, doc []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == name {
			rc, _ := f.Open()
			data, _ := io.ReadAll(rc)
			return string(data)
		}
	}
	t.Fatalf("no part %s", name)
	return ""
}

// paragraphs reads the text of each paragraph as Word shows it (a <w:br/>
// is a line break, a <w:tab/> a tab), failing on XML that is not well formed.
func paragraphs(t *testing.T, xmlText string) []string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(xmlText))
	var out []string
	var cur strings.Builder
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, xmlText)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "t":
				inText = true
			case "br":
				cur.WriteString("\n")
			case "tab":
				cur.WriteString("\t")
			}
		case xml.EndElement:
			switch e.Name.Local {
			case "t":
				inText = false
			case "p":
				out = append(out, cur.String())
				cur.Reset()
			}
		case xml.CharData:
			if inText {
				cur.Write(e)
			}
		}
	}
}

// Values are escaped, keep their line breaks and tabs, and fill placeholders
// Word split across runs; text that merely looks like a placeholder across
// two paragraphs is left alone, and so are the parts that are not text.
func TestFillEscapesValuesAndJoinsSplitPlaceholders(t *testing.T) {
	t.Parallel()
	comment := "同意 <接收> & \"推荐\" '入党'\n第二行\t末尾"
	out, err := docx.Fill(template(t, body), map[string]string{"name": "张三", "comment": comment, "date": "2026年3月1日", "title": "A&B"})
	if err != nil {
		t.Fatal(err)
	}
	doc := part(t, out, "word/document.xml")
	got := paragraphs(t, doc)
	want := []string{"姓名：张三 同志", "意见：" + comment + "\t（盖章）", "张三与张三&", "{{", "name}}", "2026年3月1日"}
	if len(got) != len(want) {
		t.Fatalf("paragraphs %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("paragraph %d: %q, want %q", i, got[i], want[i])
		}
	}
	// The value takes the bold run where its placeholder started.
	if !strings.Contains(doc, `<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">姓名：张三</w:t>`) {
		t.Errorf("value not in the first run:\n%s", doc)
	}
	if !strings.Contains(doc, `&lt;接收&gt; &amp; &quot;推荐&quot; &apos;入党&apos;</w:t><w:br/><w:t xml:space="preserve">第二行</w:t><w:tab/>`) {
		t.Errorf("escaping or line break:\n%s", doc)
	}
	if h := paragraphs(t, part(t, out, "word/header1.xml")); len(h) != 1 || h[0] != "A&B" {
		t.Errorf("header: %q", h)
	}
	if img := part(t, out, "word/media/image1.png"); img != "\x89PNG{{name}}" {
		t.Errorf("image changed: %q", img)
	}
}

// Characters XML cannot hold are left out rather than breaking the document.
func TestFillDropsControlCharacters(t *testing.T) {
	t.Parallel()
	out, err := docx.Fill(template(t, body), map[string]string{"name": "张\x01三\x1f", "comment": "", "date": "", "title": ""})
	if err != nil {
		t.Fatal(err)
	}
	if got := paragraphs(t, part(t, out, "word/document.xml")); got[0] != "姓名：张三 同志" {
		t.Fatalf("%q", got[0])
	}
}

// A placeholder without a value is the template and the code disagreeing:
// an error naming it, not a document with a hole.
func TestFillRefusesMissingValuesAndNonDocx(t *testing.T) {
	t.Parallel()
	_, err := docx.Fill(template(t, body), map[string]string{"name": "张三"})
	if err == nil || !strings.Contains(err.Error(), "comment, date, title") {
		t.Fatalf("missing values: %v", err)
	}
	if _, err := docx.Fill([]byte("not a zip"), nil); err == nil {
		t.Fatal("a non-docx template was filled")
	}
}

// Serve sends the filled document as a download under its Chinese name.
func TestServeDownload(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	err := docx.Serve(rec, "发展党员公示.docx", template(t, body), map[string]string{"name": "张三", "comment": "", "date": "", "title": ""})
	if err != nil {
		t.Fatal(err)
	}
	if ct := rec.Header().Get("Content-Type"); ct != docx.ContentType {
		t.Errorf("content type %q", ct)
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, "filename*=UTF-8''%E5%8F%91%E5%B1%95%E5%85%9A%E5%91%98%E5%85%AC%E7%A4%BA.docx") {
		t.Errorf("disposition %q", cd)
	}
	if got := paragraphs(t, part(t, rec.Body.Bytes(), "word/document.xml")); got[0] != "姓名：张三 同志" {
		t.Errorf("served document: %q", got)
	}
}
