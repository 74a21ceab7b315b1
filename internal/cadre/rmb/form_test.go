package rmb

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"zhdj/internal/cadre/lrmx"
)

var tinyPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

func sample() lrmx.Person {
	return lrmx.Person{
		Name: "张三", Gender: "男", Birth: lrmx.Month{Year: 1972, Month: time.March}, Ethnicity: "汉族",
		NativePlace: "山东济南", BirthPlace: "山东济南", PartyJoin: lrmx.Month{Year: 1994, Month: time.June},
		WorkStart: lrmx.Month{Year: 1994, Month: time.July}, Health: "健康", Title: "教授", Specialty: "高等教育管理",
		FullTime:    lrmx.Education{Education: "大学", Degree: "工学学士", EducationSchool: "清华大学计算机系计算机专业"},
		CurrentPost: "XX大学教务处处长", ProposedPost: "XX大学副校长", ProposedOff: "XX大学教务处处长",
		Resume: ResumeLine(lrmx.Month{Year: 1990, Month: 9}, lrmx.Month{Year: 1994, Month: 7}, "清华大学计算机系计算机专业学习") + "\n" +
			ResumeLine(lrmx.Month{Year: 1994, Month: 7}, lrmx.Month{}, "XX大学教务处科员、副处长、处长"),
		Honours: "2015年获省级教学成果一等奖", Assessment: "2023—2025年年度考核均为优秀", Reason: "工作需要",
		Family: []lrmx.FamilyMember{
			{Relation: "妻子", Name: "李四", Birth: lrmx.Month{Year: 1974, Month: time.December}, PoliticalStatus: "中共党员", EmployerPost: "XX中学教师"},
			{Relation: "儿子", Name: "张小三", Birth: lrmx.Month{Year: 2002, Month: time.January}, PoliticalStatus: "共青团员", EmployerPost: "XX大学学生"},
		},
		SubmitUnit: "中共XX大学委员会", FilledBy: "王五", Photo: tinyPNG,
	}
}

func unzipParts(t testing.TB, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		parts[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return parts
}

// documentText is the text of word/document.xml's runs, each paragraph a line.
func documentText(t *testing.T, doc []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var b strings.Builder
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("document.xml is not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			inText = e.Name.Local == "t"
		case xml.EndElement:
			inText = false
			if e.Name.Local == "p" {
				b.WriteString("\n")
			}
		case xml.CharData:
			if inText {
				b.Write(e)
			}
		}
	}
	return b.String()
}

func TestFormOpensWithEverything(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := Write(&out, sample(), Options{ReckonOn: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	parts := unzipParts(t, out.Bytes())
	text := documentText(t, parts["word/document.xml"])
	for _, want := range []string{
		"干部任免审批表", "张三", "1972.03", "（54岁）", "山东济南", "1994.06", "教授", "工学学士", "清华大学计算机系计算机专业",
		"XX大学副校长", "1990.09--1994.07  清华大学计算机系计算机专业学习", "1994.07--         XX大学教务处科员、副处长、处长",
		"2015年获省级教学成果一等奖", "工作需要",
		"妻子\n李四\n52\n中共党员\nXX中学教师", "儿子\n张小三\n24\n共青团员\nXX大学学生",
		"中共XX大学委员会", "审批", "填表人：王五",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	if !bytes.Equal(parts["word/media/photo.png"], tinyPNG) {
		t.Error("the photo is not in the document")
	}
	if !bytes.Contains(parts["word/document.xml"], []byte(`r:embed="rIdPhoto"`)) {
		t.Error("the photo is not placed")
	}
	// Six family rows at least, the header's merged label over them.
	if n := bytes.Count(parts["word/document.xml"], []byte(`<w:vMerge/>`)); n < 3+1+6 {
		t.Errorf("merged cells: %d", n)
	}
}

func TestFormWithoutPhotoSaysWhere(t *testing.T) {
	t.Parallel()
	p := sample()
	p.Photo = []byte("no picture")
	var out bytes.Buffer
	if err := Write(&out, p, Options{}); err != nil {
		t.Fatal(err)
	}
	parts := unzipParts(t, out.Bytes())
	for name := range parts {
		if strings.HasPrefix(name, "word/media/") {
			t.Errorf("a non-picture was packaged: %s", name)
		}
	}
	if !strings.Contains(documentText(t, parts["word/document.xml"]), "照片") {
		t.Error("the photo box lost its label")
	}
}

func TestAgeCountsWholeYearsToTheMonth(t *testing.T) {
	t.Parallel()
	on := time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		birth lrmx.Month
		want  int
	}{{lrmx.Month{Year: 1972, Month: 3}, 54}, {lrmx.Month{Year: 1972, Month: 4}, 53}, {lrmx.Month{Year: 1972, Month: 2}, 54}} {
		if got, ok := ageAt(c.birth, on); !ok || got != c.want {
			t.Errorf("born %v: %d, want %d", c.birth, got, c.want)
		}
	}
	if _, ok := ageAt(lrmx.Month{}, on); ok {
		t.Error("an unknown birth has an age")
	}
}

func TestBatchNamesEachFormOnce(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	b := NewBatch(&out, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	for _, name := range []string{"张三", "李/四", "张三"} {
		p := sample()
		p.Name = name
		if err := b.Add(p, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	parts := unzipParts(t, out.Bytes())
	for _, want := range []string{"张三-干部任免审批表.docx", "李_四-干部任免审批表.docx", "张三(2)-干部任免审批表.docx"} {
		inner, ok := parts[want]
		if !ok {
			t.Errorf("no entry %s in %v", want, keys(parts))
			continue
		}
		if _, ok := unzipParts(t, inner)["word/document.xml"]; !ok {
			t.Errorf("%s is no .docx", want)
		}
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func BenchmarkForm(b *testing.B) {
	p := sample()
	for b.Loop() {
		if err := Write(io.Discard, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBatch500 writes 500 forms with a 40 KB photo each into a zip
// streamed to nowhere: the target is 30 s for the batch.
func BenchmarkBatch500(b *testing.B) {
	p := sample()
	p.Photo = append(append([]byte{}, tinyPNG...), bytes.Repeat([]byte{0}, 40<<10)...)
	for b.Loop() {
		batch := NewBatch(io.Discard, time.Time{})
		for range 500 {
			if err := batch.Add(p, Options{}); err != nil {
				b.Fatal(err)
			}
		}
		if err := batch.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// The form's rows, at their set heights, fit the text height of one A4
// page with the title and the footer line (a longer résumé or family may
// still grow it: rows are "at least" high).
func TestFormFitsOneA4Page(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := Write(&out, sample(), Options{}); err != nil {
		t.Fatal(err)
	}
	doc := string(unzipParts(t, out.Bytes())["word/document.xml"])
	total := 0
	for _, m := range regexp.MustCompile(`<w:trHeight w:val="(\d+)"`).FindAllStringSubmatch(doc, -1) {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	const a4Height, top, bottom = 16838, 1000, 900
	const titleAndFooter = 18*20 + 120 + 21*10*2 // 小二 title with its spacing, one 五号 line below
	if total == 0 || total+titleAndFooter > a4Height-top-bottom {
		t.Fatalf("rows take %d twips, the page holds %d", total+titleAndFooter, a4Height-top-bottom)
	}
	if !strings.Contains(doc, `w:top="1000"`) || !strings.Contains(doc, `w:bottom="900"`) {
		t.Error("the margins the test counts with are not the document's")
	}
}
