package orglife_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
)

// tags are the XML tags of a Word document's text.
var tags = regexp.MustCompile(`<[^>]*>`)

// documentText is document.xml without its tags: the text in the order a
// reader sees it (entities as written).
func documentText(xml string) string { return tags.ReplaceAllString(xml, "") }

// Rich-text minutes (the web's editor: bold, italic, underline, headings,
// lists) keep their formatting through the sanitiser into the 会议记录's
// Word document, while a script, an event handler (onerror=) and a
// javascript: link never reach the stored minutes, the API's answer or the
// document (issue 25: "minutes sanitised").
func TestRichMinutesKeepFormattingNotScripts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchCommittee, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	w.e.Create(t, w.csTK, path+"/guests", map[string]any{"name": "张委员", "guestTitle": "学院党委委员"})
	for _, a := range []string{"publish", "start"} {
		w.act(t, v.ID, a, 200)
	}
	rich := `<h2>一、学习</h2><p><strong>王书记</strong>领学，<em>全体</em><u>委员</u>发言。</p>` +
		`<ol><li><p>研究发展对象</p></li><li><p>部署主题党日</p></li></ol><ul><li><p>按期转正</p></li></ul>` +
		`<script>alert("s")</script><img src="x" onerror="alert('e')"><p><a href="javascript:alert('j')">链接</a></p>` +
		`<p onmouseover="alert('m')">完</p>`
	got := apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "PUT", path+"/minutes", w.csTK, map[string]any{"minutes": rich})
	stored := w.detail(t, w.listTK, v.ID)
	for what, text := range map[string]string{"the answer": got.Minutes, "the stored minutes": stored.Minutes} {
		for _, bad := range []string{"<script", "alert", "onerror", "onmouseover", "javascript:"} {
			if strings.Contains(strings.ToLower(text), bad) {
				t.Errorf("%s holds %q: %s", what, bad, text)
			}
		}
		for _, kept := range []string{"<h2>一、学习</h2>", "<strong>王书记</strong>", "<em>全体</em>", "<u>委员</u>", "<ol>", "<li>"} {
			if !strings.Contains(text, kept) {
				t.Errorf("%s lost %q: %s", what, kept, text)
			}
		}
	}
	res := w.e.Do("GET", path+"/record.docx", w.listTK, nil)
	apptest.Expect(t, res, 200)
	xml := documentXML(t, res.Body)
	for _, bad := range []string{"alert", "onerror", "javascript", "<strong", "&lt;strong", "<h2", "&lt;h2", "<li", "&lt;li"} {
		if strings.Contains(xml, bad) {
			t.Errorf("the document holds %q", bad)
		}
	}
	text := documentText(xml)
	for _, want := range []string{"一、学习", "王书记领学，全体委员发言。", "1. 研究发展对象", "2. 部署主题党日", "• 按期转正", "链接", "完"} {
		if !strings.Contains(text, want) {
			t.Errorf("the document lacks %q: %s", want, text)
		}
	}
	for _, run := range []string{`<w:b/></w:rPr><w:t xml:space="preserve">王书记`, `<w:i/></w:rPr><w:t xml:space="preserve">全体`,
		`<w:u w:val="single"/></w:rPr><w:t xml:space="preserve">委员`} {
		if !strings.Contains(xml, run) {
			t.Errorf("the document lacks the run %s", run)
		}
	}
}
