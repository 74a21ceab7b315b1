package docx

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Forms such as the 干部任免审批表 are one ruled table with merged cells and
// a photo: Table writes the table from a column grid and rows of cells, Image
// a picture in a paragraph, and PackageTo the .docx with the pictures as
// media parts.

// Cell is one cell of a table row.
type Cell struct {
	// Text is the cell's text, escaped here; each line is a paragraph.
	Text string
	// Paragraphs, when set, is the cell's content as WordprocessingML
	// paragraphs (from Image, CellPara …) and Text is left out.
	Paragraphs string
	// Span is the number of grid columns the cell covers (0: one).
	Span int
	// Merge joins the cell with the cells above it: MergeStart begins a
	// vertical merge, MergeContinue continues the one above.
	Merge MergeKind
	// Align is the paragraphs' alignment: "center" (the default), "left",
	// "right" or "both".
	Align string
	// Top puts the text at the cell's top; it is centred vertically otherwise.
	Top bool
	// Size is the text size in half-points (0: the document's default).
	Size int
}

// MergeKind is a cell's part in a vertical merge.
type MergeKind int

// Vertical merges.
const (
	MergeNone MergeKind = iota
	MergeStart
	MergeContinue
)

// Row is a table row of Height twentieths of a point: at least that high,
// or exactly when Exact.
type Row struct {
	Height int
	Exact  bool
	Cells  []Cell
}

// Table is a table ruled with single lines, its columns the widths of grid
// (twips, summing to the text width), fixed so Word does not re-flow it.
// A row's cells must cover the grid: the sum of their spans is len(grid).
func Table(grid []int, rows []Row) (string, error) {
	var b strings.Builder
	total := 0
	for _, w := range grid {
		total += w
	}
	b.WriteString(`<w:tbl><w:tblPr><w:tblW w:w="` + strconv.Itoa(total) + `" w:type="dxa"/><w:jc w:val="center"/><w:tblBorders>`)
	for _, side := range []string{"top", "left", "bottom", "right", "insideH", "insideV"} {
		b.WriteString(`<w:` + side + ` w:val="single" w:sz="4" w:space="0" w:color="000000"/>`)
	}
	b.WriteString(`</w:tblBorders><w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="57" w:type="dxa"/><w:right w:w="57" w:type="dxa"/></w:tblCellMar></w:tblPr><w:tblGrid>`)
	for _, w := range grid {
		b.WriteString(`<w:gridCol w:w="` + strconv.Itoa(w) + `"/>`)
	}
	b.WriteString(`</w:tblGrid>`)
	for i, row := range rows {
		b.WriteString(`<w:tr><w:trPr>`)
		if row.Height > 0 {
			rule := "atLeast"
			if row.Exact {
				rule = "exact"
			}
			b.WriteString(`<w:trHeight w:val="` + strconv.Itoa(row.Height) + `" w:hRule="` + rule + `"/>`)
		}
		b.WriteString(`<w:jc w:val="center"/></w:trPr>`)
		col := 0
		for _, c := range row.Cells {
			span := max(c.Span, 1)
			if col+span > len(grid) {
				return "", fmt.Errorf("docx: row %d covers more than the %d columns of the grid", i+1, len(grid))
			}
			width := 0
			for _, w := range grid[col : col+span] {
				width += w
			}
			col += span
			writeCell(&b, c, width, span)
		}
		if col != len(grid) {
			return "", fmt.Errorf("docx: row %d covers %d of the %d columns of the grid", i+1, col, len(grid))
		}
		b.WriteString(`</w:tr>`)
	}
	b.WriteString(`</w:tbl>`)
	return b.String(), nil
}

func writeCell(b *strings.Builder, c Cell, width, span int) {
	b.WriteString(`<w:tc><w:tcPr><w:tcW w:w="` + strconv.Itoa(width) + `" w:type="dxa"/>`)
	if span > 1 {
		b.WriteString(`<w:gridSpan w:val="` + strconv.Itoa(span) + `"/>`)
	}
	switch c.Merge {
	case MergeStart:
		b.WriteString(`<w:vMerge w:val="restart"/>`)
	case MergeContinue:
		b.WriteString(`<w:vMerge/>`)
	}
	if c.Top {
		b.WriteString(`<w:vAlign w:val="top"/>`)
	} else {
		b.WriteString(`<w:vAlign w:val="center"/>`)
	}
	b.WriteString(`</w:tcPr>`)
	switch {
	case c.Paragraphs != "":
		b.WriteString(c.Paragraphs)
	case c.Merge == MergeContinue:
		b.WriteString(`<w:p/>`) // a cell holds at least one paragraph
	default:
		for line := range strings.SplitSeq(strings.ReplaceAll(c.Text, "\r\n", "\n"), "\n") {
			b.WriteString(CellPara(line, c.Align, c.Size, 0))
		}
	}
	b.WriteString(`</w:tc>`)
}

// CellPara is a paragraph for a table cell: no spacing around it, aligned
// (see Cell.Align), of size half-points (0: the default), with a hanging
// indent of hanging twips (0: none) so a résumé's text stays right of its
// dates when it wraps.
func CellPara(text, align string, size, hanging int) string {
	if align == "" {
		align = "center"
	}
	var b strings.Builder
	b.WriteString(`<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>`)
	if hanging > 0 {
		h := strconv.Itoa(hanging)
		b.WriteString(`<w:ind w:left="` + h + `" w:hanging="` + h + `"/>`)
	}
	b.WriteString(`<w:jc w:val="` + align + `"/></w:pPr>`)
	if text != "" {
		b.WriteString(`<w:r>`)
		if size > 0 {
			s := strconv.Itoa(size)
			b.WriteString(`<w:rPr><w:sz w:val="` + s + `"/><w:szCs w:val="` + s + `"/></w:rPr>`)
		}
		b.WriteString(`<w:t xml:space="preserve">` + escape(text) + `</w:t></w:r>`)
	}
	b.WriteString(`</w:p>`)
	return b.String()
}

// Media is a picture packaged with a document; ID is its relationship id as
// Image refers to it ("rIdImg1"), Name its part name under word/media/.
type Media struct {
	ID   string
	Name string
	Data []byte
}

// MediaType is the content type of a picture by its bytes: image/jpeg,
// image/png, image/gif or image/bmp; "" for anything else.
func MediaType(data []byte) string {
	switch t := http.DetectContentType(data); t {
	case "image/jpeg", "image/png", "image/gif", "image/bmp":
		return t
	}
	return ""
}

// Extension is the file extension of a picture's content type.
func Extension(contentType string) string {
	return strings.TrimPrefix(contentType, "image/")
}

// emuPerTwip converts twips to the EMUs DrawingML measures in.
const emuPerTwip = 635

// Image is a centred paragraph holding the picture of relationship id
// (see Media) scaled to width × height twips; docPr is a number unique in
// the document.
func Image(id string, docPr, width, height int) string {
	cx, cy := strconv.Itoa(width*emuPerTwip), strconv.Itoa(height*emuPerTwip)
	n := strconv.Itoa(docPr)
	return `<w:p><w:pPr><w:spacing w:before="0" w:after="0"/><w:jc w:val="center"/></w:pPr><w:r><w:drawing>` +
		`<wp:inline distT="0" distB="0" distL="0" distR="0" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">` +
		`<wp:extent cx="` + cx + `" cy="` + cy + `"/><wp:docPr id="` + n + `" name="Picture ` + n + `"/>` +
		`<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
		`<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="` + n + `" name="Picture ` + n + `"/><pic:cNvPicPr/></pic:nvPicPr>` +
		`<pic:blipFill><a:blip r:embed="` + escape(id) + `" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
		`<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="` + cx + `" cy="` + cy + `"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
		`</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
}

// PackageTo writes a .docx of document and styles with media to w, as
// Package does; a picture whose type MediaType does not know is an error.
func PackageTo(w io.Writer, document, styles string, media []Media) error {
	types := map[string]string{}
	var rels strings.Builder
	rels.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`)
	for _, m := range media {
		t := MediaType(m.Data)
		if t == "" {
			return fmt.Errorf("docx: media %s is no JPEG, PNG, GIF or BMP picture", m.Name)
		}
		types[Extension(t)] = t
		rels.WriteString(`<Relationship Id="` + escape(m.ID) + `" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/` + escape(m.Name) + `"/>`)
	}
	rels.WriteString("\n</Relationships>")
	contentTypes := buildContentTypes
	if len(types) > 0 {
		var defaults strings.Builder
		for _, ext := range []string{"bmp", "gif", "jpeg", "png"} {
			if t, ok := types[ext]; ok {
				defaults.WriteString(`<Default Extension="` + ext + `" ContentType="` + t + `"/>` + "\n")
			}
		}
		contentTypes = strings.Replace(contentTypes, `<Default Extension="xml"`, defaults.String()+`<Default Extension="xml"`, 1)
	}
	zw := zip.NewWriter(w)
	at := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	parts := []struct {
		name string
		data []byte
	}{{"[Content_Types].xml", []byte(contentTypes)}, {"_rels/.rels", []byte(buildRels)},
		{"word/_rels/document.xml.rels", []byte(rels.String())}, {"word/document.xml", []byte(document)}, {"word/styles.xml", []byte(styles)}}
	for _, m := range media {
		parts = append(parts, struct {
			name string
			data []byte
		}{"word/media/" + m.Name, m.Data})
	}
	for _, part := range parts {
		method := zip.Deflate
		if strings.HasPrefix(part.name, "word/media/") {
			method = zip.Store // pictures are compressed already
		}
		pw, err := zw.CreateHeader(&zip.FileHeader{Name: part.name, Method: method, Modified: at})
		if err != nil {
			return err
		}
		if _, err := pw.Write(part.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// PackageBytes is PackageTo into memory.
func PackageBytes(document, styles string, media []Media) ([]byte, error) {
	var buf bytes.Buffer
	if err := PackageTo(&buf, document, styles, media); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// PictureDocument is Document with the namespaces of pictures declared on
// the root, where Word looks for them first.
func PictureDocument(body, margins string) string {
	return strings.Replace(Document(body, margins), `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">`,
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">`, 1)
}
