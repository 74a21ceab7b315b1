package docx

import (
	"archive/zip"
	"bytes"
	"strconv"
	"strings"
	"time"
)

// Build writes a minimal Word package around paragraphs (WordprocessingML
// <w:p> elements, e.g. from Title, Para, Right, Center): an A4 page with
// narrow official-document margins and a default of 仿宋 小四. A module
// whose form is plain paragraphs builds its template in code with it (and
// fills it with Fill) instead of keeping a generated .docx beside the code.
func Build(paragraphs ...string) ([]byte, error) {
	// 仿宋 小四, one and a half lines: a form of three parts fits one A4 page.
	return Package(Document(strings.Join(paragraphs, ""), `<w:pgMar w:top="1440" w:right="1474" w:bottom="1440" w:left="1588" w:header="851" w:footer="992" w:gutter="0"/>`),
		Styles(24, 360, "auto"))
}

// Document is word/document.xml of an A4 page with margins (a <w:pgMar>
// element) holding body (paragraphs).
func Document(body, margins string) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + body +
		`<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>` + margins + `</w:sectPr></w:body></w:document>`
}

// Package zips document (word/document.xml) and styles (word/styles.xml)
// with the content types and relations Word needs into a .docx; a fixed
// time makes the same input give the same bytes (a generated template
// changes only when its source does).
func Package(document, styles string) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	at := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	for _, part := range []struct{ name, text string }{{"[Content_Types].xml", buildContentTypes}, {"_rels/.rels", buildRels},
		{"word/_rels/document.xml.rels", buildDocumentRels}, {"word/document.xml", document}, {"word/styles.xml", styles}} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: part.name, Method: zip.Deflate, Modified: at})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write([]byte(part.text)); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// The paragraphs below take plain text and escape it themselves (a
// template's {{key}} passes unchanged), so a caller's text can never break
// the document's XML.

// Title is a centred bold heading of size half-points (44: 二号).
func Title(text string, size int) string {
	return `<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:after="120"/></w:pPr><w:r><w:rPr><w:b/><w:sz w:val="` +
		itoa(size) + `"/><w:szCs w:val="` + itoa(size) + `"/></w:rPr><w:t xml:space="preserve">` + escape(text) + `</w:t></w:r></w:p>`
}

// Para is a paragraph with a first-line indent of two characters.
func Para(text string) string {
	return `<w:p><w:pPr><w:ind w:firstLineChars="200" w:firstLine="640"/></w:pPr><w:r><w:t xml:space="preserve">` + escape(text) + `</w:t></w:r></w:p>`
}

// Plain is a paragraph without indent.
func Plain(text string) string {
	return `<w:p><w:r><w:t xml:space="preserve">` + escape(text) + `</w:t></w:r></w:p>`
}

// Right is a right-aligned paragraph (a signature, a date).
func Right(text string) string {
	return `<w:p><w:pPr><w:jc w:val="right"/></w:pPr><w:r><w:t xml:space="preserve">` + escape(text) + `</w:t></w:r></w:p>`
}

// Cut is a dashed line across the page, where a form is cut (a stub from
// its letter): a paragraph with a dashed bottom border and the label.
func Cut(label string) string {
	return `<w:p><w:pPr><w:pBdr><w:bottom w:val="dashed" w:sz="6" w:space="1" w:color="000000"/></w:pBdr><w:jc w:val="center"/><w:spacing w:before="240" w:after="240"/></w:pPr><w:r><w:rPr><w:sz w:val="21"/></w:rPr><w:t xml:space="preserve">` + escape(label) + `</w:t></w:r></w:p>`
}

func itoa(n int) string {
	if n <= 0 {
		n = 24
	}
	return strconv.Itoa(n)
}

const buildContentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`

const buildRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`

const buildDocumentRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>`

// Styles is word/styles.xml setting the text in 仿宋 of size half-points
// (24: 小四, 32: 三号 as official documents are set) with the line spacing
// line of rule: "auto" counts 240ths of a line (360: one and a half lines),
// "exact" twentieths of a point (560: 28 pt).
func Styles(size, line int, rule string) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="FangSong" w:hAnsi="FangSong" w:eastAsia="仿宋"/><w:sz w:val="` + itoa(size) + `"/><w:szCs w:val="` + itoa(size) + `"/><w:lang w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault>
<w:pPrDefault><w:pPr><w:spacing w:line="` + strconv.Itoa(line) + `" w:lineRule="` + rule + `"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
</w:styles>`
}
