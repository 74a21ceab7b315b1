// Package exceltest builds crafted workbooks for tests: parts of hundreds
// of MB (a repeated chunk) are compressed once per chunk, so a test makes a
// "zip bomb" in milliseconds rather than deflating every byte.
package exceltest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Part is one zip entry: Head, then Body repeated Times times, then Tail.
type Part struct {
	Name             string
	Head, Body, Tail string
	Times            int
	// Declare, when set, is the unpacked size the zip directory claims
	// instead of the real one (a lying header).
	Declare int64
}

// Size is the part's unpacked size.
func (p Part) Size() int64 {
	return int64(len(p.Head)) + int64(len(p.Body))*int64(p.Times) + int64(len(p.Tail))
}

// segment deflates s with a fresh compressor and a sync flush: the output
// refers to nothing before it and does not end the stream, so segments
// may be concatenated (and repeated) into one valid deflate stream.
func segment(t testing.TB, s string, final bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if final {
		err = w.Close()
	} else {
		err = w.Flush()
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Zip builds a zip of the parts.
func Zip(t testing.TB, parts ...Part) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, p := range parts {
		// Body is compressed as blocks of about 1 MB (so a short row still
		// compresses a thousandfold), each block once, and repeated.
		per := max(1, (1<<20)/max(1, len(p.Body)))
		full, rem := p.Times/per, p.Times%per
		head, tail := segment(t, p.Head, false), segment(t, p.Tail, true)
		block, last := segment(t, strings.Repeat(p.Body, per), false), segment(t, strings.Repeat(p.Body, rem), false)
		crc := crc32.Update(0, crc32.IEEETable, []byte(p.Head))
		chunk := []byte(strings.Repeat(p.Body, per))
		for range full {
			crc = crc32.Update(crc, crc32.IEEETable, chunk)
		}
		crc = crc32.Update(crc, crc32.IEEETable, []byte(strings.Repeat(p.Body, rem)))
		crc = crc32.Update(crc, crc32.IEEETable, []byte(p.Tail))
		comp := uint64(len(head)+len(last)+len(tail)) + uint64(len(block))*uint64(full)
		size := uint64(p.Size())
		if p.Declare != 0 {
			size = uint64(p.Declare)
		}
		w, err := zw.CreateRaw(&zip.FileHeader{Name: p.Name, Method: zip.Deflate, CRC32: crc,
			CompressedSize64: comp, UncompressedSize64: size})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(head) //nolint:errcheck // a bytes.Buffer underneath
		for range full {
			w.Write(block) //nolint:errcheck
		}
		w.Write(last) //nolint:errcheck
		w.Write(tail) //nolint:errcheck
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

const (
	xmlDecl = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`
	ns      = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	rel     = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
)

// Book is a workbook of one sheet whose sheetData is made of the given
// part pieces (Head/Body/Times/Tail inside <sheetData>), with an optional
// shared-strings part (its Name is set here).
func Book(t testing.TB, sheet Part, sst *Part) []byte {
	t.Helper()
	types := xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`
	rels := `<Relationship Id="rId1" Type="` + rel + `/worksheet" Target="worksheets/sheet1.xml"/>`
	if sst != nil {
		types += `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`
		rels += `<Relationship Id="rId2" Type="` + rel + `/sharedStrings" Target="sharedStrings.xml"/>`
	}
	parts := []Part{
		{Name: "[Content_Types].xml", Head: types + `</Types>`},
		{Name: "_rels/.rels", Head: xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="` + rel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{Name: "xl/workbook.xml", Head: xmlDecl + `<workbook ` + ns + ` xmlns:r="` + rel + `"><sheets>` +
			`<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{Name: "xl/_rels/workbook.xml.rels", Head: xmlDecl +
			`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` + rels + `</Relationships>`},
	}
	sheet.Name = "xl/worksheets/sheet1.xml"
	sheet.Head = xmlDecl + `<worksheet ` + ns + `><sheetData>` + sheet.Head
	sheet.Tail += `</sheetData></worksheet>`
	parts = append(parts, sheet)
	if sst != nil {
		p := *sst
		p.Name = "xl/sharedStrings.xml"
		p.Head = xmlDecl + `<sst ` + ns + `>` + p.Head
		p.Tail += `</sst>`
		parts = append(parts, p)
	}
	return Zip(t, parts...)
}

// InlineRow is a row of inline-string cells (no r attributes: excelize
// numbers rows and cells in order).
func InlineRow(cells ...string) string {
	var sb strings.Builder
	sb.WriteString("<row>")
	for _, c := range cells {
		sb.WriteString(`<c t="inlineStr"><is><t>` + c + `</t></is></c>`)
	}
	sb.WriteString("</row>")
	return sb.String()
}

// PeakHeap runs fn and returns the largest HeapInuse seen while it ran
// (sampled every millisecond, after a GC before the start).
func PeakHeap(fn func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	peak := ms.HeapInuse
	done, sampled := make(chan struct{}), make(chan uint64)
	go func() {
		p := uint64(0)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			p = max(p, m.HeapInuse)
			select {
			case <-done:
				sampled <- p
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(done)
	return max(peak, <-sampled)
}

// The crafted workbooks the bounds are tested against, shared by the reader's
// tests and the import routes' heap tests. Each packs to a few hundred KB.

// bombRow is a realistic data row (name, ID number, phone, organisation).
var bombRow = InlineRow("张三", "110101199003074514", "13800138000", "计算机学院教工党支部")

// BigSheet is a workbook whose sheet holds header and then about mb MB of data rows.
func BigSheet(t testing.TB, header string, mb int) []byte {
	return Book(t, Part{Head: header, Body: bombRow, Times: mb << 20 / len(bombRow)}, nil)
}

// BigSharedStrings is a workbook whose shared-strings table is about mb MB.
func BigSharedStrings(t testing.TB, mb int) []byte {
	const item = "<si><t>110101199003074514</t></si>"
	return Book(t, Part{Head: `<row><c t="s"><v>0</v></c></row>`}, &Part{Body: item, Times: mb << 20 / len(item)})
}

// EmptyRows is a workbook whose sheet holds header and then n empty rows.
func EmptyRows(t testing.TB, header string, n int) []byte {
	return Book(t, Part{Head: header, Body: "<row/>", Times: n}, nil)
}
