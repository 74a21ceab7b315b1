package excel

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/httpx"
)

// Limits of an uploaded workbook. excelize loads the shared-strings table
// and every small part whole and builds a large object graph from them (a
// 16 MB shared-strings part cost 300 MB of heap and seconds of CPU), so the
// sizes are checked on the zip directory, and every XML part is scanned
// once as raw bytes, BEFORE excelize sees the file. archive/zip refuses an
// entry that unpacks to more than its directory entry says, so the sizes
// of the directory are bounds, not hints.
const (
	// MaxImportBytes bounds an uploaded workbook.
	MaxImportBytes = 20 << 20
	// MaxUnzippedBytes bounds what the whole workbook unpacks to (disk and CPU):
	// 50,000 rows of the widest template written with inline strings (the
	// largest form) unpack to about 64 MB.
	MaxUnzippedBytes = 128 << 20
	// MaxSheetBytes bounds one worksheet part.
	MaxSheetBytes = 100 << 20
	// MaxSharedStringsBytes and MaxSharedStrings bound the shared-strings table,
	// which excelize indexes whole (about 40 bytes per item even when it
	// streams it from a temporary file). 50,000 rows of ten distinct texts
	// each stay well inside both.
	MaxSharedStringsBytes = 16 << 20
	MaxSharedStrings      = 500_000
	// MaxPartBytes bounds each other XML part (styles, theme, workbook,
	// relationships): excelize parses them whole at open.
	MaxPartBytes = 2 << 20
	// MaxResidentBytes bounds the parts excelize keeps in memory (all but
	// the worksheets and the shared strings it streams from temporary files).
	MaxResidentBytes = 16 << 20
	// MaxEntries bounds the parts of the zip.
	MaxEntries = 1000
	// MaxColumns bounds the columns of a row (the widest template has 24).
	MaxColumns = 100
	// MaxCellChars bounds one cell's text.
	MaxCellChars = 2000
	// MaxSheetRows bounds the rows a sheet iterator yields whatever maxRows
	// says (Excel's own limit); a row number beyond it is a crafted file.
	MaxSheetRows = 1 << 20

	// streamAbove is excelize's UnzipXMLSizeLimit: a worksheet or shared-
	// strings part larger than this is unpacked to a temporary file and read
	// from there instead of from memory.
	streamAbove = 1 << 20
	// maxTokenBytes bounds the bytes between two '<' of an XML part (a text
	// or a tag): MaxCellChars characters of up to 4 bytes, some written as
	// character references, fit; a 90 MB cell that would be decoded into
	// one string does not.
	maxTokenBytes = MaxCellChars * 10
)

// Reader reads uploaded workbooks within the limits above, at most a fixed
// number at once: the others wait a short time, then get a 429.
type Reader struct {
	slots chan struct{}
	wait  time.Duration
}

// NewReader allows parallel parses at once; a further upload waits up to
// wait for a slot.
func NewReader(parallel int, wait time.Duration) *Reader {
	return &Reader{slots: make(chan struct{}, max(1, parallel)), wait: wait}
}

// errBusy is the answer to an upload that found every slot taken.
func errBusy() *httpx.Error {
	return httpx.E(http.StatusTooManyRequests, "导入任务较多，请稍后再试")
}

// acquire takes a parse slot, waiting at most rd.wait; release gives it back.
func (rd *Reader) acquire(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(rd.wait)
	defer t.Stop()
	select {
	case rd.slots <- struct{}{}:
		return func() { <-rd.slots }, nil
	case <-t.C:
		return nil, errBusy()
	case <-ctx.Done():
		return nil, errBusy()
	}
}

// ReadUpload reads the first sheet of the multipart field "file" as rows of
// trimmed strings (the header row first). A file that is not xlsx, or that
// breaks a limit, is a 400 naming the limit.
func (rd *Reader) ReadUpload(r *http.Request, maxRows int) ([][]string, error) {
	_, rows, err := rd.readUpload(r, maxRows, false)
	return rows, err
}

// ReadUploadRaw is ReadUpload returning also the file's name, with cells
// as stored rather than as displayed: a cell formatted as a date gives its
// serial number (displayed dates follow the workbook's format, such as the
// ambiguous mm-dd-yy), a long number all its digits.
func (rd *Reader) ReadUploadRaw(r *http.Request, maxRows int) (name string, rows [][]string, err error) {
	return rd.readUpload(r, maxRows, true)
}

func (rd *Reader) readUpload(r *http.Request, maxRows int, raw bool) (string, [][]string, error) {
	// The slot is taken before the body is read: a waiting upload holds
	// nothing but its connection.
	release, err := rd.acquire(r.Context())
	if err != nil {
		return "", nil, err
	}
	defer release()
	r.Body = http.MaxBytesReader(nil, r.Body, MaxImportBytes+1<<20)
	defer func() { // see system.SaveUpload: spill files of a copied request stay otherwise
		if r.MultipartForm != nil {
			r.MultipartForm.RemoveAll() //nolint:errcheck
		}
	}()
	f, hdr, err := r.FormFile("file")
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return "", nil, httpx.BadRequest("文件超过 %d MB，请拆分后分批导入", MaxImportBytes>>20)
		}
		return "", nil, httpx.BadRequest("请选择要导入的 Excel 文件")
	}
	defer f.Close()
	if err := httpx.CheckForm(r.MultipartForm); err != nil {
		return "", nil, err
	}
	if !strings.HasSuffix(strings.ToLower(hdr.Filename), ".xlsx") {
		return "", nil, httpx.BadRequest("只支持 .xlsx 格式的 Excel 文件")
	}
	if hdr.Size > MaxImportBytes {
		return "", nil, httpx.BadRequest("文件超过 %d MB，请拆分后分批导入", MaxImportBytes>>20)
	}
	rows, err := read(f, hdr.Size, maxRows, raw)
	return hdr.Filename, rows, err
}

// Read reads the first sheet of an xlsx stream within the limits (no parse
// slot: for workbooks the server made itself, such as exports in tests).
func Read(src io.Reader, maxRows int) ([][]string, error) {
	b, err := io.ReadAll(io.LimitReader(src, MaxImportBytes+1))
	if err != nil {
		return nil, httpx.BadRequest("无法读取文件")
	}
	if len(b) > MaxImportBytes {
		return nil, httpx.BadRequest("文件超过 %d MB，请拆分后分批导入", MaxImportBytes>>20)
	}
	return read(bytes.NewReader(b), int64(len(b)), maxRows, false)
}

func errUnreadable() *httpx.Error {
	return httpx.BadRequest("无法读取文件，请使用下载的模板（.xlsx）")
}

func read(src io.ReaderAt, size int64, maxRows int, raw bool) ([][]string, error) {
	if err := inspect(src, size); err != nil {
		return nil, err
	}
	book, err := excelize.OpenReader(io.NewSectionReader(src, 0, size), excelize.Options{RawCellValue: raw,
		UnzipSizeLimit: MaxUnzippedBytes, UnzipXMLSizeLimit: streamAbove})
	if err != nil {
		return nil, errUnreadable()
	}
	defer book.Close()
	rows, err := book.Rows(book.GetSheetName(0))
	if err != nil {
		return nil, httpx.BadRequest("无法读取工作表")
	}
	defer rows.Close()
	var out [][]string
	for n := 1; rows.Next(); n++ {
		// Every row the iterator yields counts, empty ones too: a sheet of a
		// million empty rows is refused after maxRows of them.
		if n > maxRows+1 || n > MaxSheetRows {
			return nil, httpx.BadRequest("工作表超过 %d 行，请拆分后分批导入", maxRows)
		}
		cols, err := rows.Columns()
		if err != nil {
			return nil, httpx.BadRequest("无法读取第 %d 行", n)
		}
		if len(cols) > MaxColumns {
			return nil, httpx.BadRequest("工作表超过 %d 列", MaxColumns)
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
			if len(cols[i]) > MaxCellChars && utf8.RuneCountInString(cols[i]) > MaxCellChars {
				return nil, httpx.BadRequest("单元格内容超过 %d 个字符（第 %d 行）", MaxCellChars, n)
			}
		}
		out = append(out, cols)
	}
	return out, nil
}

// inspect checks the zip directory and scans every XML part as raw bytes
// against the limits, before excelize builds anything from the file.
func inspect(src io.ReaderAt, size int64) error {
	zr, err := zip.NewReader(src, size)
	if err != nil {
		return errUnreadable()
	}
	if len(zr.File) > MaxEntries {
		return httpx.BadRequest("文件包含超过 %d 个部件，请使用下载的模板（.xlsx）", MaxEntries)
	}
	var total, resident uint64
	for _, f := range zr.File {
		name := strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/"))
		n := f.UncompressedSize64
		if total += n; total > MaxUnzippedBytes {
			return httpx.BadRequest("文件解压后超过 %d MB，请拆分后分批导入", MaxUnzippedBytes>>20)
		}
		sheet := strings.HasPrefix(name, "xl/worksheets/sheet")
		sst := name == "xl/sharedstrings.xml"
		switch {
		case sheet && n > MaxSheetBytes:
			return httpx.BadRequest("工作表解压后超过 %d MB，请拆分后分批导入", MaxSheetBytes>>20)
		case sst && n > MaxSharedStringsBytes:
			return httpx.BadRequest("共享字符串表超过 %d MB，请拆分后分批导入", MaxSharedStringsBytes>>20)
		case !sheet && !sst && isXML(name) && n > MaxPartBytes:
			return httpx.BadRequest("工作簿部件 %s 超过 %d MB，请使用下载的模板（.xlsx）", path.Base(f.Name), MaxPartBytes>>20)
		}
		if (sheet || sst) && n > streamAbove {
			continue // excelize streams it from a temporary file
		}
		if resident += n; resident > MaxResidentBytes {
			return httpx.BadRequest("工作簿中的样式、图片等内容超过 %d MB，请只保留数据后重新导入", MaxResidentBytes>>20)
		}
	}
	for _, f := range zr.File {
		name := strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/"))
		if !isXML(name) {
			continue
		}
		if err := scanPart(f, name == "xl/sharedstrings.xml"); err != nil {
			return err
		}
	}
	return nil
}

func isXML(name string) bool {
	return strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".rels")
}

// scanPart reads a part as raw bytes: no text or tag may be longer than
// maxTokenBytes (excelize would decode it into one string), and the
// shared-strings table may hold at most MaxSharedStrings items. Comments,
// CDATA and processing instructions count as one token each.
func scanPart(f *zip.File, sst bool) error {
	rc, err := f.Open()
	if err != nil {
		return errUnreadable()
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	var run, items int
	var name []byte // the tag's name so far (a bounded prefix)
	inTag, named := false, false
	var closer []byte // the end of a comment/CDATA/PI being skipped
	var tail []byte
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			return nil
		} else if err != nil {
			return errUnreadable() // including a part longer than its directory entry
		}
		run++
		if closer != nil {
			if tail = append(tail, b); len(tail) > len(closer) {
				tail = tail[1:]
			}
			if bytes.Equal(tail, closer) {
				closer, tail, run = nil, tail[:0], 0
			} else if run > maxTokenBytes {
				return errCell()
			}
			continue
		}
		switch {
		case b == '<':
			run, inTag, named, name = 0, true, false, name[:0]
			continue
		case inTag && !named:
			if b == '>' || b == '/' || b == ' ' || b == '\t' || b == '\r' || b == '\n' || len(name) >= 16 {
				named, inTag = true, b != '>'
				if sst && (string(name) == "si" || bytes.HasSuffix(name, []byte(":si"))) {
					if items++; items > MaxSharedStrings {
						return httpx.BadRequest("共享字符串表超过 %d 项，请拆分后分批导入", MaxSharedStrings)
					}
				}
				break
			}
			name = append(name, b)
			switch string(name) {
			case "!--":
				closer, inTag = []byte("-->"), false
			case "![CDATA[":
				closer, inTag = []byte("]]>"), false
			case "?":
				closer, inTag = []byte("?>"), false
			}
		case inTag && b == '>':
			inTag = false
		}
		if run > maxTokenBytes {
			return errCell()
		}
	}
}

func errCell() *httpx.Error {
	return httpx.BadRequest("单元格内容超过 %d 个字符", MaxCellChars)
}
