package docx_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"zhdj/internal/platform/docx"
)

var onePixelPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

// A table with horizontal and vertical merges and a picture packages into a
// .docx whose parts are well-formed XML, with the picture as a media part
// its relationship points to and its type declared.
func TestTableWithMergesAndPicture(t *testing.T) {
	t.Parallel()
	table, err := docx.Table([]int{1000, 2000, 1500}, []docx.Row{
		{Height: 400, Cells: []docx.Cell{{Text: "姓名"}, {Text: "张<三>"}, {Paragraphs: docx.Image("rIdImg1", 1, 1500, 2000), Merge: docx.MergeStart}}},
		{Height: 400, Exact: true, Cells: []docx.Cell{{Text: "简历", Span: 2, Align: "left", Top: true, Size: 18}, {Merge: docx.MergeContinue}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<w:gridSpan w:val="2"/>`, `<w:vMerge w:val="restart"/>`, `<w:vMerge/>`, `w:hRule="exact"`, `张&lt;三&gt;`, `r:embed="rIdImg1"`, `<w:tcW w:w="3000" w:type="dxa"/>`} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %s", want)
		}
	}
	out, err := docx.PackageBytes(docx.PictureDocument(table, `<w:pgMar w:top="1" w:right="1" w:bottom="1" w:left="1" w:header="0" w:footer="0" w:gutter="0"/>`),
		docx.Styles(21, 240, "auto"), []docx.Media{{ID: "rIdImg1", Name: "photo.png", Data: onePixelPNG}})
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		parts[f.Name], _ = io.ReadAll(rc)
		rc.Close()
		if strings.HasSuffix(f.Name, ".xml") || strings.HasSuffix(f.Name, ".rels") {
			dec := xml.NewDecoder(bytes.NewReader(parts[f.Name]))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%s is not well-formed: %v", f.Name, err)
				}
			}
		}
	}
	if !bytes.Equal(parts["word/media/photo.png"], onePixelPNG) {
		t.Error("the picture is not packaged")
	}
	if !strings.Contains(string(parts["word/_rels/document.xml.rels"]), `Id="rIdImg1"`) || !strings.Contains(string(parts["word/_rels/document.xml.rels"]), `Target="media/photo.png"`) {
		t.Error("no relationship to the picture")
	}
	if !strings.Contains(string(parts["[Content_Types].xml"]), `<Default Extension="png" ContentType="image/png"/>`) {
		t.Error("the picture's type is not declared")
	}
}

// A row that does not cover the grid, or covers more, is refused: Word
// would show it misaligned.
func TestTableRowsMustCoverTheGrid(t *testing.T) {
	t.Parallel()
	if _, err := docx.Table([]int{100, 100}, []docx.Row{{Cells: []docx.Cell{{Text: "a"}}}}); err == nil {
		t.Error("a short row was accepted")
	}
	if _, err := docx.Table([]int{100, 100}, []docx.Row{{Cells: []docx.Cell{{Text: "a", Span: 3}}}}); err == nil {
		t.Error("a long row was accepted")
	}
}

// Only pictures are packaged as media.
func TestPackageRefusesNonPictures(t *testing.T) {
	t.Parallel()
	if _, err := docx.PackageBytes(docx.Document("", ""), docx.Styles(21, 240, "auto"), []docx.Media{{ID: "rIdImg1", Name: "x.png", Data: []byte("<html>")}}); err == nil {
		t.Error("text packaged as a picture")
	}
}

// A hanging indent keeps a wrapped résumé line right of its dates.
func TestCellParaHangingIndent(t *testing.T) {
	t.Parallel()
	p := docx.CellPara("1990.09--1994.07  XX大学学习", "left", 21, 1890)
	for _, want := range []string{`<w:ind w:left="1890" w:hanging="1890"/>`, `<w:jc w:val="left"/>`, `<w:sz w:val="21"/>`} {
		if !strings.Contains(p, want) {
			t.Errorf("paragraph lacks %s", want)
		}
	}
}
