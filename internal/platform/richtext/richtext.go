// Package richtext is the one place where HTML written in the app's editor
// (web/src/components/RichTextEditor) is made safe to store and show:
// minutes, course articles, footers, news, rules, help pages. Every module
// that keeps rich text cleans it here on the way in, so what the database
// holds can be rendered as is.
package richtext

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// policy keeps the markup of user-generated content (paragraphs, headings,
// lists, tables, links, images) and drops scripts, event handlers, styles,
// frames and javascript: or data: URLs. A bluemonday policy is safe for
// concurrent use once built.
var policy = bluemonday.UGCPolicy()

// Sanitize returns html with everything unsafe removed, trimmed.
func Sanitize(source string) string {
	return strings.TrimSpace(policy.Sanitize(source))
}

// Text returns the words of sanitised HTML, blocks separated by a space:
// what a full-text index or a summary needs. The text of a script or a
// style is dropped should one ever get this far.
func Text(source string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(source))
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch atom.Lookup(name) {
			case atom.Script, atom.Style:
				skip++
			case atom.P, atom.Div, atom.Br, atom.Li, atom.Tr, atom.Td, atom.Th,
				atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Blockquote, atom.Pre:
				b.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if a := atom.Lookup(name); (a == atom.Script || a == atom.Style) && skip > 0 {
				skip--
			}
		}
	}
}
