// Package docx fills official forms: a Word (.docx) template whose text
// holds placeholders {{name}} becomes a document with the values in their
// place, escaped, served as a download. Word often splits what a person
// typed as one placeholder across several runs (spell checking, a changed
// format, an edit in the middle), so placeholders are found in the text of
// each paragraph across its runs, not in the XML as it lies; the value takes
// the format of the run where its placeholder starts. A line break in a
// value becomes a line break in the document, a tab a tab.
//
//	//go:embed templates/notice.docx
//	var noticeTemplate []byte
//	return docx.Serve(w, "公示.docx", noticeTemplate, map[string]string{"name": m.Name, …})
package docx

import (
	"archive/zip"
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"zhdj/internal/platform/httpx"
)

// ContentType is the media type of a .docx file.
const ContentType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

// Limits of a template: they come with the program (or, later, from an
// administrator's upload), and a zip can claim any size.
const (
	MaxTemplate = 20 << 20 // bytes of the template file
	MaxPart     = 50 << 20 // bytes of one part once unpacked
	MaxParts    = 1000     // files inside the package
)

// Serve fills template with values and sends it as the download name.
func Serve(w http.ResponseWriter, name string, template []byte, values map[string]string) error {
	out, err := Fill(template, values)
	if err != nil {
		return httpx.Internal(err)
	}
	httpx.SetDownload(w, name, ContentType)
	_, err = w.Write(out)
	return err
}

// textPart tells the parts whose text is filled: the body, the headers and
// footers, the foot- and endnotes.
var textPart = regexp.MustCompile(`^word/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$`)

// Fill answers template with every placeholder replaced by its value. A
// placeholder naming no value is an error (the template and the code that
// fills it disagree), and so is a template that is no .docx.
func Fill(template []byte, values map[string]string) ([]byte, error) {
	if len(template) > MaxTemplate {
		return nil, fmt.Errorf("docx: template larger than %d bytes", MaxTemplate)
	}
	zr, err := zip.NewReader(bytes.NewReader(template), int64(len(template)))
	if err != nil {
		return nil, fmt.Errorf("docx: template is not a .docx: %w", err)
	}
	if len(zr.File) > MaxParts {
		return nil, fmt.Errorf("docx: template has more than %d parts", MaxParts)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	missing := map[string]bool{}
	for _, f := range zr.File {
		if !textPart.MatchString(f.Name) {
			if err := zw.Copy(f); err != nil {
				return nil, fmt.Errorf("docx: copy %s: %w", f.Name, err)
			}
			continue
		}
		part, err := readPart(f)
		if err != nil {
			return nil, err
		}
		filled := fillPart(part, values, missing)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(filled); err != nil {
			return nil, err
		}
	}
	if len(missing) > 0 {
		names := make([]string, 0, len(missing))
		for n := range missing {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("docx: no value for placeholder(s) %s", strings.Join(names, ", "))
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func readPart(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("docx: open %s: %w", f.Name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, MaxPart+1))
	if err != nil {
		return nil, fmt.Errorf("docx: read %s: %w", f.Name, err)
	}
	if len(data) > MaxPart {
		return nil, fmt.Errorf("docx: %s larger than %d bytes", f.Name, MaxPart)
	}
	return data, nil
}

var (
	// textElem is a run's text: <w:t>…</w:t> (with attributes, such as
	// xml:space) or an empty <w:t/>. "<w:t" followed by a space, ">" or "/"
	// leaves out <w:tab/>, <w:tbl>, <w:tc>, <w:tr>.
	textElem = regexp.MustCompile(`<w:t(?:\s[^>]*)?(?:/>|>([^<]*)</w:t>)`)
	// placeholder is {{name}} with optional spaces inside the braces.
	placeholder = regexp.MustCompile(`\{\{\s*([\p{L}\p{N}_.\-]+)\s*\}\}`)
	// paragraphEdge lies between the texts of two paragraphs.
	paragraphEdge = regexp.MustCompile(`</w:p>|<w:p[\s>]`)
)

// barrier separates the texts of two paragraphs in the joined text: it
// cannot be part of a placeholder, so none is matched across paragraphs.
const barrier = "\x00"

// fillPart fills the placeholders of one XML part; names without a value
// are added to missing.
func fillPart(part []byte, values map[string]string, missing map[string]bool) []byte {
	locs := textElem.FindAllSubmatchIndex(part, -1)
	if len(locs) == 0 {
		return part
	}
	// The texts of the elements joined (with a barrier at each paragraph's
	// end), and where each element's text starts in it.
	var joined strings.Builder
	starts := make([]int, len(locs))
	texts := make([]string, len(locs))
	for i, loc := range locs {
		if i > 0 && paragraphEdge.Match(part[locs[i-1][1]:loc[0]]) {
			joined.WriteString(barrier)
		}
		if loc[2] >= 0 {
			texts[i] = html.UnescapeString(string(part[loc[2]:loc[3]]))
		}
		starts[i] = joined.Len()
		joined.WriteString(texts[i])
	}
	matches := placeholder.FindAllStringSubmatchIndex(joined.String(), -1)
	if len(matches) == 0 {
		return part
	}
	text := joined.String()
	var out bytes.Buffer
	prev, m := 0, 0
	for i, loc := range locs {
		start, end := starts[i], starts[i]+len(texts[i])
		// Skip placeholders that ended before this element.
		for m < len(matches) && matches[m][1] <= start {
			m++
		}
		if m == len(matches) || matches[m][0] >= end {
			continue // this element holds no part of a placeholder: left as it is
		}
		out.Write(part[prev:loc[0]])
		prev = loc[1]
		var segs []segment
		pos := start
		for k := m; k < len(matches) && matches[k][0] < end; k++ {
			ms, me := matches[k][0], matches[k][1]
			if ms > pos {
				segs = append(segs, segment{text: text[pos:ms]})
			}
			if ms >= start { // the placeholder starts here: its value goes here
				name := text[matches[k][2]:matches[k][3]]
				v, ok := values[name]
				if !ok {
					missing[name] = true
				}
				segs = append(segs, segment{text: v, value: true})
			}
			pos = max(pos, min(me, end))
		}
		if pos < end {
			segs = append(segs, segment{text: text[pos:end]})
		}
		writeRunText(&out, segs)
	}
	out.Write(part[prev:])
	return out.Bytes()
}

// segment is a piece of a run's new text: template text or a value.
type segment struct {
	text  string
	value bool
}

// writeRunText writes segs as the content of a run in place of its <w:t>:
// escaped text, a value's line breaks as <w:br/> and tabs as <w:tab/>.
func writeRunText(out *bytes.Buffer, segs []segment) {
	out.WriteString(`<w:t xml:space="preserve">`)
	for _, s := range segs {
		if !s.value {
			out.WriteString(escape(s.text))
			continue
		}
		v := strings.ReplaceAll(strings.ReplaceAll(s.text, "\r\n", "\n"), "\r", "\n")
		for i, line := range strings.Split(v, "\n") {
			if i > 0 {
				out.WriteString(`</w:t><w:br/><w:t xml:space="preserve">`)
			}
			for j, cell := range strings.Split(line, "\t") {
				if j > 0 {
					out.WriteString(`</w:t><w:tab/><w:t xml:space="preserve">`)
				}
				out.WriteString(escape(cell))
			}
		}
	}
	out.WriteString(`</w:t>`)
}

// escape writes s as XML character data: the five special characters as
// entities, characters XML 1.0 cannot hold (controls) left out.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case r < 0x20 && !slices.Contains([]rune{'\t', '\n', '\r'}, r), r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r <= 0xDFFF:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
