package docx

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FromHTML writes rich text as paragraphs of a document: HTML already
// sanitised on the server (bluemonday), such as a meeting's minutes. Each
// block (p, div, h1–h6, li, blockquote, pre) is a paragraph keeping its
// bold, italic and underlined runs; a heading is bold and larger; a list
// item is indented and starts with "• " or its number; <br> breaks the
// line. Other tags give their text only (a link its words), and the text of
// a script or a style is dropped should one ever get this far: what Word
// shows is the text a reader saw, never markup.
func FromHTML(source string) []string {
	w := htmlWriter{}
	z := html.NewTokenizer(strings.NewReader(source))
	skip := 0 // inside script or style
	for {
		switch z.Next() {
		case html.ErrorToken: // the end (the reader never fails)
			w.flush()
			return w.out
		case html.TextToken:
			if skip == 0 {
				w.text(string(z.Text()))
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Script || a == atom.Style {
				skip++
				continue
			}
			w.open(a)
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Script || a == atom.Style {
				skip = max(0, skip-1)
				continue
			}
			w.close(a)
		}
	}
}

// list is an open <ul> or <ol> and the number of its last item.
type list struct {
	ordered bool
	n       int
}

// htmlWriter gathers the runs of the paragraph being read.
type htmlWriter struct {
	out                     []string
	runs                    strings.Builder
	hasText                 bool
	space                   bool // the text read last ended in white space
	bold, italic, underline int
	heading                 int // the level of the heading being read (0: none)
	item                    int // the depth of the list item being read (0: none)
	lists                   []list
}

// headingSizes are the half-point sizes of h1–h6 (三号, 小三, 四号, then bold 小四).
var headingSizes = [7]int{0, 32, 30, 28, 24, 24, 24}

func (w *htmlWriter) open(a atom.Atom) {
	switch a {
	case atom.P, atom.Div, atom.Blockquote, atom.Pre:
		if w.item == 0 || w.hasText { // an item's first paragraph follows its mark
			w.flush()
		}
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		w.flush()
		w.heading = int(a.String()[1] - '0')
	case atom.Ul, atom.Ol:
		w.flush()
		w.lists = append(w.lists, list{ordered: a == atom.Ol})
	case atom.Li:
		w.flush()
		w.item = max(1, len(w.lists))
		mark := "• "
		if n := len(w.lists); n > 0 && w.lists[n-1].ordered {
			w.lists[n-1].n++
			mark = fmt.Sprintf("%d. ", w.lists[n-1].n)
		}
		w.run(mark)
	case atom.Br:
		w.runs.WriteString(`<w:r><w:br/></w:r>`)
	case atom.B, atom.Strong:
		w.bold++
	case atom.I, atom.Em:
		w.italic++
	case atom.U, atom.Ins:
		w.underline++
	}
}

func (w *htmlWriter) close(a atom.Atom) {
	switch a {
	case atom.P, atom.Div, atom.Blockquote, atom.Pre, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		w.flush()
	case atom.Li:
		w.flush()
		w.item = 0
	case atom.Ul, atom.Ol:
		w.flush()
		if n := len(w.lists); n > 0 {
			w.lists = w.lists[:n-1]
		}
	case atom.B, atom.Strong:
		w.bold = max(0, w.bold-1)
	case atom.I, atom.Em:
		w.italic = max(0, w.italic-1)
	case atom.U, atom.Ins:
		w.underline = max(0, w.underline-1)
	}
}

// text adds text as read in the HTML: runs of white space are one space,
// none at the start of a paragraph.
func (w *htmlWriter) text(t string) {
	words := strings.Join(strings.Fields(t), " ")
	if words == "" {
		w.space = w.space || (w.hasText && t != "")
		return
	}
	if w.hasText && (w.space || strings.TrimLeft(t, " \t\r\n") != t) {
		words = " " + words
	}
	w.space = strings.TrimRight(t, " \t\r\n") != t
	w.hasText = true
	w.run(words)
}

// run writes text as a run in the current bold, italic and underline.
func (w *htmlWriter) run(text string) {
	var props strings.Builder
	if w.bold > 0 || w.heading > 0 {
		props.WriteString(`<w:b/>`)
	}
	if w.italic > 0 {
		props.WriteString(`<w:i/>`)
	}
	if w.underline > 0 {
		props.WriteString(`<w:u w:val="single"/>`)
	}
	if w.heading > 0 {
		size := itoa(headingSizes[w.heading])
		props.WriteString(`<w:sz w:val="` + size + `"/><w:szCs w:val="` + size + `"/>`)
	}
	w.runs.WriteString(`<w:r>`)
	if props.Len() > 0 {
		w.runs.WriteString(`<w:rPr>` + props.String() + `</w:rPr>`)
	}
	w.runs.WriteString(`<w:t xml:space="preserve">` + escape(text) + `</w:t></w:r>`)
}

// flush ends the paragraph being read (one with text only): a body
// paragraph indented two characters on its first line, a heading, or a
// list item indented by its depth.
func (w *htmlWriter) flush() {
	if w.hasText {
		var props string
		switch {
		case w.item > 0:
			props = fmt.Sprintf(`<w:ind w:leftChars="%d" w:left="%d"/>`, 200*w.item, 640*w.item)
		case w.heading > 0:
			props = `<w:spacing w:before="120" w:after="60"/>`
		default:
			props = `<w:ind w:firstLineChars="200" w:firstLine="640"/>`
		}
		w.out = append(w.out, `<w:p><w:pPr>`+props+`</w:pPr>`+w.runs.String()+`</w:p>`)
	}
	w.runs.Reset()
	w.hasText, w.space, w.heading = false, false, 0
}
