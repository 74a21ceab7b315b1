package docx_test

import (
	"strings"
	"testing"

	"zhdj/internal/platform/docx"
)

// Rich text reaches Word as paragraphs with bold, italic and underlined
// runs, headings and numbered or bulleted items: the words, never the tags,
// and never the text of a script.
func TestFromHTMLKeepsTheFormattingNotTheMarkup(t *testing.T) {
	t.Parallel()
	ps := docx.FromHTML(`<h2>一、学习</h2><p>会议由<strong>王书记</strong>主持，<em>全体</em><u>党员</u>参加 &amp; 发言。</p>` +
		`<ul><li>甲</li></ul><ol><li><p>乙</p></li><li>丙<br>续</li></ol><p> </p><script>alert(1)</script><p><a href="x">链接</a>&lt;b&gt;</p>`)
	if len(ps) != 6 {
		t.Fatalf("%d paragraphs, want 6 (the empty one dropped): %q", len(ps), ps)
	}
	doc := strings.Join(ps, "")
	for _, want := range []string{
		`<w:rPr><w:b/><w:sz w:val="30"/><w:szCs w:val="30"/></w:rPr><w:t xml:space="preserve">一、学习</w:t>`, // h2: bold 小三
		`<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">王书记</w:t>`,
		`<w:rPr><w:i/></w:rPr><w:t xml:space="preserve">全体</w:t>`,
		`<w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">党员</w:t>`,
		`参加 &amp; 发言。`, `• `, `1. `, `乙`, `2. `, `丙`, `<w:br/>`, `续`, `链接`, `&lt;b&gt;`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("lacks %s", want)
		}
	}
	for _, never := range []string{"alert", "<strong", "<a ", "href", "<b>", "<p>"} {
		if strings.Contains(doc, never) {
			t.Errorf("has %s", never)
		}
	}
	if !strings.Contains(ps[1], `w:firstLineChars="200"`) || !strings.Contains(ps[2], `w:leftChars="200"`) {
		t.Errorf("a body paragraph is indented on its first line, an item on its left: %q", ps[1:3])
	}
}
