package excel

import (
	"bytes"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"zhdj/internal/platform/excel/exceltest"
	"zhdj/internal/platform/httpx"
)

const header = `<row><c t="inlineStr"><is><t>姓名</t></is></c></row>`

// Each crafted workbook is refused before excelize builds anything from it,
// with a 400 naming the limit it broke.
func TestReadRefusesCraftedWorkbooks(t *testing.T) {
	t.Parallel()
	row := exceltest.InlineRow("张三", "110101199003074514", "13800138000", "计算机学院教工党支部")
	many := make([]exceltest.Part, 0, MaxEntries+1)
	for i := range MaxEntries + 1 {
		many = append(many, exceltest.Part{Name: fmt.Sprintf("docProps/custom%d.xml", i), Head: "<a/>"})
	}
	media := make([]exceltest.Part, 0, 9)
	for i := range 9 {
		media = append(media, exceltest.Part{Name: fmt.Sprintf("xl/media/image%d.png", i), Body: strings.Repeat("\x00", 1<<16), Times: 30})
	}
	// The size limits every upload route meets, then the reader's own.
	cases := exceltest.Bombs(t, header, 50000)
	for _, c := range []struct {
		Name, Want string
		Book       []byte
	}{
		{"two million empty shared strings", fmt.Sprintf("共享字符串表超过 %d 项，请拆分后分批导入", MaxSharedStrings),
			exceltest.Book(t, exceltest.Part{Head: `<row><c t="s"><v>0</v></c></row>`},
				&exceltest.Part{Body: "<si/>", Times: 2_000_000})},
		{"one row numbered 1048576", "工作表超过 50000 行，请拆分后分批导入",
			exceltest.Book(t, exceltest.Part{Head: header + `<row r="1048576"><c t="inlineStr"><is><t>x</t></is></c></row>`}, nil)},
		{"one row numbered two thousand million", "工作表超过 50000 行，请拆分后分批导入",
			exceltest.Book(t, exceltest.Part{Head: header + `<row r="2000000000"><c t="inlineStr"><is><t>x</t></is></c></row>`}, nil)},
		{"a 50 MB comment", "单元格内容超过 2000 个字符",
			exceltest.Book(t, exceltest.Part{Head: header + `<!--`, Body: strings.Repeat("<a>", 1000), Times: 50 << 20 / 3000, Tail: `-->`}, nil)},
		{"a cell of 2001 characters", "单元格内容超过 2000 个字符（第 2 行）",
			exceltest.Book(t, exceltest.Part{Head: header + exceltest.InlineRow(strings.Repeat("党", 2001))}, nil)},
		{"101 columns", "工作表超过 100 列",
			exceltest.Book(t, exceltest.Part{Head: header + `<row>`, Body: `<c t="inlineStr"><is><t>x</t></is></c>`, Times: 101, Tail: `</row>`}, nil)},
		{"1001 parts", "文件包含超过 1000 个部件，请使用下载的模板（.xlsx）", exceltest.Zip(t, many...)},
		{"a 3 MB styles part", "工作簿部件 styles.xml 超过 2 MB，请使用下载的模板（.xlsx）",
			exceltest.Zip(t, exceltest.Part{Name: "xl/styles.xml", Head: "<styleSheet>", Body: "<xf/>", Times: 3 << 20 / 5, Tail: "</styleSheet>"})},
		{"17 MB of pictures", "工作簿中的样式、图片等内容超过 16 MB，请只保留数据后重新导入", exceltest.Zip(t, media...)},
		{"a part longer than its directory entry", "无法读取文件，请使用下载的模板（.xlsx）",
			exceltest.Book(t, exceltest.Part{Head: header, Body: row, Times: 100_000, Declare: 1000}, nil)},
	} {
		cases = append(cases, exceltest.Bomb(c))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			start := time.Now()
			_, err := Read(bytes.NewReader(c.Book), 50000)
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != 400 || he.Message != c.Want {
				t.Fatalf("%d KB file: got %v, want 400 %q", len(c.Book)>>10, err, c.Want)
			}
			t.Logf("%d KB file refused in %v", len(c.Book)>>10, time.Since(start))
		})
	}
}

// A legitimate workbook within every limit reads as before, shared strings
// (more than stay in memory) and inline strings alike.
func TestReadAcceptsAWorkbookWithinTheLimits(t *testing.T) {
	t.Parallel()
	sst := &exceltest.Part{Head: "<si><t>姓名</t></si>", Body: "<si><t>张三</t></si>", Times: 60_000}
	book := exceltest.Book(t, exceltest.Part{Head: `<row><c t="s"><v>0</v></c><c t="inlineStr"><is><t> 党员 </t></is></c></row>`,
		Body: `<row><c t="s"><v>1</v></c></row>`, Times: 3}, sst)
	rows, err := Read(bytes.NewReader(book), 10)
	if err != nil || len(rows) != 4 || rows[0][0] != "姓名" || rows[0][1] != "党员" || rows[3][0] != "张三" {
		t.Fatalf("%q %v", rows, err)
	}
}

// With every parse slot taken, an upload waits its bounded time and is
// told to come back (429) without its body being read.
func TestUploadWhileEveryParseSlotIsTakenIs429(t *testing.T) {
	t.Parallel()
	rd := NewReader(1, 20*time.Millisecond)
	release, err := rd.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	upload := func() error {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		w, _ := mw.CreateFormFile("file", "a.xlsx")
		w.Write(exceltest.Book(t, exceltest.Part{Head: header}, nil)) //nolint:errcheck
		mw.Close()                                                    //nolint:errcheck
		r := httptest.NewRequest(http.MethodPost, "/", &body)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		_, err := rd.ReadUpload(r, 10)
		return err
	}
	var he *httpx.Error
	if err := upload(); !errors.As(err, &he) || he.Status != http.StatusTooManyRequests || he.Message != "导入任务较多，请稍后再试" {
		t.Fatalf("with the slot taken: %v", err)
	}
	release()
	if err := upload(); err != nil {
		t.Fatalf("with the slot free: %v", err)
	}
}
