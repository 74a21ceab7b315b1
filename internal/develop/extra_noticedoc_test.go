package develop_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
)

// notice inserts a notice of kind at orgID listing records.
func (w *extraWorld) notice(t *testing.T, kind string, orgID int64, title, contact, content string, records ...int64) int64 {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	n := &develop.Notice{Kind: kind, OrgID: orgID, Title: title, StartOn: "2025-03-03", EndOn: "2025-03-07", Contact: contact, Content: content}
	n.CreatedAt, n.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(n).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range records {
		if _, err := w.e.DB.NewInsert().Model(&develop.NoticeItem{NoticeID: n.ID, RecordID: id}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return n.ID
}

// documentText is the text of a .docx's body: the runs' text joined, line
// breaks as "\n" (to read what the filled document says).
func documentText(t *testing.T, body []byte) (xml, text string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("not a .docx: %v", err)
	}
	for _, f := range zr.File {
		if f.Name != "word/document.xml" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		xml = string(raw)
	}
	if xml == "" {
		t.Fatal("no word/document.xml")
	}
	var b strings.Builder
	for rest := xml; rest != ""; {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '>')
		tag := rest[i : i+j+1]
		rest = rest[i+j+1:]
		switch {
		case strings.HasPrefix(tag, "<w:t>") || strings.HasPrefix(tag, "<w:t "):
			end := strings.Index(rest, "</w:t>")
			b.WriteString(rest[:end])
			rest = rest[end:]
		case tag == "<w:br/>":
			b.WriteString("\n")
		case tag == "</w:p>":
			b.WriteString("\n")
		}
	}
	return xml, b.String()
}

// The notice's Word download fills every placeholder: the purpose by
// kind, the people with their dates, the period, the contact; what people
// typed is escaped (a name or a contact with <, & and quotes stays text).
func TestExtraNoticeDocx(t *testing.T) {
	t.Parallel()
	w := newExtraWorld(t)
	a := w.record(t, extraPerson{name: "张三", gender: "1", birth: "2003-01-02", activist: "2024-02-20", orgID: w.branch})
	b := w.record(t, extraPerson{name: `李<四>&"`, gender: "2", birth: "2002-11-30", orgID: w.branch})
	id := w.notice(t, develop.NoticeTarget, w.branch, "", `组织员 <王> & 027-1234`, "第一行\n第二行", a, b)

	res := w.e.Do("GET", fmt.Sprintf("/api/fzdy/notices/%d/docx", id), w.csTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") ||
		!strings.Contains(res.Header.Get("Content-Type"), "wordprocessingml") {
		t.Fatalf("not a Word download: %v", res.Header)
	}
	xml, text := documentText(t, res.Body)
	if strings.Contains(text, "{{") {
		t.Errorf("placeholder left: %s", text)
	}
	for _, want := range []string{"关于确定为发展对象的公示", "经计算机教工党支部研究，拟将下列同志确定为发展对象，现予以公示：",
		"1. ", "张三，男，2003年1月出生，计算机教工党支部", "递交入党申请书", "2024年2月确定为入党积极分子",
		"公示时间：2025年3月3日至2025年3月7日。", "第一行\n第二行", "联系方式：组织员 &lt;王&gt; &amp; 027-1234。", "2025年3月3日"} {
		if !strings.Contains(text, want) {
			t.Errorf("document lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(xml, "李&lt;四&gt;&amp;") || strings.Contains(xml, "李<四>") {
		t.Errorf("the name is not escaped:\n%s", xml)
	}
	// Only the two records of the notice, numbered.
	if strings.Count(text, "递交入党申请书") != 2 || !strings.Contains(text, "2. ") {
		t.Errorf("records listed:\n%s", text)
	}

	// Each kind says its purpose and the date that matters for it.
	admit := w.notice(t, develop.NoticeAdmit, w.branch, "计算机教工党支部接收预备党员公示", "", "", a)
	_, text = documentText(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/notices/%d/docx", admit), w.csTK, nil).Body)
	if !strings.Contains(text, "计算机教工党支部接收预备党员公示") || !strings.Contains(text, "接收为中共预备党员") {
		t.Errorf("admit notice:\n%s", text)
	}
}

// The download: 401 signed out, 403 without fzdy:list, 404 for a notice of
// another committee and for none.
func TestExtraNoticeDocxRefusals(t *testing.T) {
	t.Parallel()
	w := newExtraWorld(t)
	r := w.record(t, extraPerson{name: "王五", gender: "1", birth: "2003-01-02", orgID: w.mathBranch})
	id := w.notice(t, develop.NoticeFull, w.mathBranch, "", "", "", r)
	path := fmt.Sprintf("/api/fzdy/notices/%d/docx", id)
	apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", path, w.noListTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", path, w.csTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/notices/999999/docx", w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/notices/abc/docx", w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", path, w.mathTK, nil), 200)
}
