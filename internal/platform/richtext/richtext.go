// Package richtext is the one place where HTML written in the app's editor
// (web/src/components/RichTextEditor) is made safe to store and show:
// minutes, course articles, footers, news, rules, help pages. Every module
// that keeps rich text cleans it here on the way in, so what the database
// holds can be rendered as is.
package richtext

import (
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// OwnImage is the one kind of picture a body may show: one the app itself
// serves for a record from its file store, at a path of the API ending in
// /{record}/images/{attachment} (党务新闻's /api/content/items/7/images/12).
// Anything else (another site's picture, a data: URL, a guessed file URL)
// would load from outside the app's checks or track the reader, so it goes.
var OwnImage = regexp.MustCompile(`^/api(/[a-z][a-z0-9-]*)+/[0-9]+/images/[0-9]+$`)

// policy keeps the markup of user-generated content (paragraphs, headings,
// lists, tables, links, images) and drops scripts, event handlers, styles,
// frames and javascript: or data: URLs; ownImagesOnly then cuts the images
// to ours. A bluemonday policy is safe for concurrent use once built.
var policy = bluemonday.UGCPolicy()

// imgTag and imgAttr read an img as bluemonday writes it: attributes
// lower-case and double-quoted, their values escaped (no '>' or '"').
var (
	imgTag  = regexp.MustCompile(`<img[^>]*>`)
	imgAttr = regexp.MustCompile(`\s([a-z]+)="([^"]*)"`)
)

// ownImagesOnly keeps the images whose src is OwnImage, with src and alt
// only (no size or alignment: the page lays pictures out), and drops the rest.
func ownImagesOnly(sanitised string) string {
	return imgTag.ReplaceAllStringFunc(sanitised, func(tag string) string {
		var src, alt string
		for _, m := range imgAttr.FindAllStringSubmatch(tag, -1) {
			switch m[1] {
			case "src":
				src = m[2]
			case "alt":
				alt = m[2]
			}
		}
		if !OwnImage.MatchString(src) {
			return ""
		}
		if alt == "" {
			return `<img src="` + src + `">`
		}
		return `<img src="` + src + `" alt="` + alt + `">`
	})
}

// Sanitize returns html with everything unsafe removed, trimmed.
func Sanitize(source string) string {
	return strings.TrimSpace(ownImagesOnly(policy.Sanitize(source)))
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
