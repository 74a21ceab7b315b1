package excel

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/httpx"
)

// A workbook that unpacks to more than MaxUnzippedBytes is refused before
// anything is unpacked (a "zip bomb" of a few hundred KB could otherwise
// fill the disk with temporary files), with a Chinese message.
func TestReadRefusesAWorkbookThatUnpacksTooLarge(t *testing.T) {
	t.Parallel()
	book := excelize.NewFile()
	if err := book.SetSheetRow("Sheet1", "A1", &[]any{"姓名", "身份证号码"}); err != nil {
		t.Fatal(err)
	}
	var plain bytes.Buffer
	if err := book.Write(&plain); err != nil {
		t.Fatal(err)
	}
	rows, err := Read(bytes.NewReader(plain.Bytes()), 10)
	if err != nil || len(rows) != 1 || rows[0][0] != "姓名" {
		t.Fatalf("a plain workbook: %v %v", rows, err)
	}

	// The same workbook plus one part of zeros just over the limit: it
	// compresses to a few hundred KB.
	src, err := zip.NewReader(bytes.NewReader(plain.Bytes()), int64(plain.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	for _, f := range src.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	w, err := zw.Create("xl/media/padding.bin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(w, zeros{}, MaxUnzippedBytes+1); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = Read(bytes.NewReader(bomb.Bytes()), 10)
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != 400 || he.Message != "文件解压后超过 128 MB，请拆分后分批导入" {
		t.Fatalf("a %d KB workbook unpacking to %d MB: %v", bomb.Len()>>10, MaxUnzippedBytes>>20, err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
