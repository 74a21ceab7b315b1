// Package rmb writes the 干部任免审批表 (the appointment and removal approval
// form of the Central Organization Department) as a Word document: one A4
// page, the basic-information block with the photo, the résumé one period a
// line, the family table and the approval boxes; and many forms as a zip
// written as they are made. The form's content is an lrmx.Person: the same
// fields the exchange format carries, so a downloaded form and an exported
// .lrmx always agree.
package rmb

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"zhdj/internal/cadre/lrmx"
	"zhdj/internal/platform/docx"
)

// Options of one form.
type Options struct {
	// ReckonOn is the day ages are counted to (the form's 计算年龄时间);
	// the zero time takes the Person's AgeReckonedOn.
	ReckonOn time.Time
}

// Sizes, in half-points (text) and twips (lengths).
const (
	labelSize  = 21 // 五号
	textSize   = 21
	smallSize  = 18 // 小五, for long text in a small box
	resumeSize = 21
	// hangingIndent is the width of "1990.09--1994.07  " (18 half-width
	// characters of 五号, 105 twips each): a wrapped résumé line continues
	// under its text, not under its dates.
	hangingIndent = 18 * 105
	familyRows    = 6 // the printed form has room for six members at least
	photoWidth    = 1500
	photoHeight   = 2000
)

// grid is the table's columns in twips: label, value, label, value, label,
// value, photo; they fill the text width of the page (A4 less 2 × 1234).
var grid = []int{1250, 1250, 1250, 1300, 1250, 1388, 1750}

// margins of the page: narrow enough for the whole form on one A4 page.
const margins = `<w:pgMar w:top="1000" w:right="1234" w:bottom="900" w:left="1234" w:header="567" w:footer="567" w:gutter="0"/>`

// Write writes p as a .docx to w.
func Write(w io.Writer, p lrmx.Person, opt Options) error {
	document, media, err := build(p, opt)
	if err != nil {
		return err
	}
	return docx.PackageTo(w, document, docx.Styles(textSize, 240, "auto"), media)
}

// FileName is the download name of p's form.
func FileName(p lrmx.Person) string {
	return safeName(p.Name) + "-干部任免审批表.docx"
}

func build(p lrmx.Person, opt Options) (string, []docx.Media, error) {
	reckon := opt.ReckonOn
	if reckon.IsZero() {
		if m, err := lrmx.ParseMonth(p.AgeReckonedOn); err == nil && !m.IsZero() {
			reckon = m.Time()
		}
	}
	label := func(text string) docx.Cell { return docx.Cell{Text: text, Size: labelSize} }
	value := func(text string, span int) docx.Cell {
		return docx.Cell{Text: text, Span: span, Size: fit(text, span)}
	}
	long := func(text string, span int) docx.Cell {
		return docx.Cell{Text: text, Span: span, Align: "left", Size: fit(text, span)}
	}

	var media []docx.Media
	photo := docx.Cell{Text: "照片", Merge: docx.MergeStart}
	if t := docx.MediaType(p.Photo); t != "" {
		media = append(media, docx.Media{ID: "rIdPhoto", Name: "photo." + docx.Extension(t), Data: p.Photo})
		photo.Paragraphs = docx.Image("rIdPhoto", 1, photoWidth, photoHeight)
	}
	cont := docx.Cell{Merge: docx.MergeContinue}

	birth := p.Birth.String()
	if age, ok := ageAt(p.Birth, reckon); ok {
		birth += "\n（" + fmt.Sprint(age) + "岁）"
	}

	rows := []docx.Row{
		{Height: 560, Cells: []docx.Cell{label("姓  名"), value(p.Name, 1), label("性  别"), value(p.Gender, 1), label("出生年月\n（  岁）"), value(birth, 1), photo}},
		{Height: 560, Cells: []docx.Cell{label("民  族"), value(p.Ethnicity, 1), label("籍  贯"), value(p.NativePlace, 1), label("出 生 地"), value(p.BirthPlace, 1), cont}},
		{Height: 560, Cells: []docx.Cell{label("入  党\n时  间"), value(p.PartyJoin.String(), 1), label("参加工\n作时间"), value(p.WorkStart.String(), 1), label("健康状况"), value(p.Health, 1), cont}},
		{Height: 560, Cells: []docx.Cell{label("专业技\n术职务"), value(p.Title, 2), label("熟悉专业\n有何专长"), value(p.Specialty, 2), cont}},
		{Height: 560, Cells: []docx.Cell{{Text: "学  历\n学  位", Merge: docx.MergeStart, Size: labelSize}, label("全日制\n教  育"),
			value(lines(p.FullTime.Education, p.FullTime.Degree), 2), label("毕业院校\n系及专业"), long(schools(p.FullTime), 2)}},
		{Height: 560, Cells: []docx.Cell{cont, label("在  职\n教  育"),
			value(lines(p.InService.Education, p.InService.Degree), 2), label("毕业院校\n系及专业"), long(schools(p.InService), 2)}},
		{Height: 450, Cells: []docx.Cell{label("现任职务"), long(p.CurrentPost, 6)}},
		{Height: 450, Cells: []docx.Cell{label("拟任职务"), long(p.ProposedPost, 6)}},
		{Height: 450, Cells: []docx.Cell{label("拟免职务"), long(p.ProposedOff, 6)}},
		{Height: 3400, Cells: []docx.Cell{label("简\n\n\n\n\n\n历"), {Paragraphs: resume(p.Resume), Span: 6, Top: true}}},
		{Height: 560, Cells: []docx.Cell{label("奖惩情况"), long(p.Honours, 6)}},
		{Height: 560, Cells: []docx.Cell{label("年度考核\n结    果"), long(p.Assessment, 6)}},
		{Height: 560, Cells: []docx.Cell{label("任免理由"), long(p.Reason, 6)}},
	}

	family := p.Family
	n := max(len(family), familyRows)
	rows = append(rows, docx.Row{Height: 360, Cells: []docx.Cell{
		{Text: "家庭主要\n成员及重\n要社会关\n系", Merge: docx.MergeStart, Size: labelSize},
		label("称 谓"), label("姓  名"), label("年龄"), label("政治面貌"), {Text: "工作单位及职务", Span: 2, Size: labelSize}}})
	for i := range n {
		var m lrmx.FamilyMember
		if i < len(family) {
			m = family[i]
		}
		age := ""
		if a, ok := ageAt(m.Birth, reckon); ok {
			age = fmt.Sprint(a)
		}
		rows = append(rows, docx.Row{Height: 360, Cells: []docx.Cell{cont, value(m.Relation, 1), value(m.Name, 1), value(age, 1),
			value(m.PoliticalStatus, 1), long(m.EmployerPost, 2)}})
	}
	// One line for the seal and the date: the foot rows stay two lines high.
	stamp := docx.CellPara("（盖章）    年    月    日", "right", labelSize, 0)
	rows = append(rows,
		docx.Row{Height: 600, Cells: []docx.Cell{label("呈报单位"), {Span: 6, Paragraphs: docx.CellPara(p.SubmitUnit, "left", textSize, 0) + stamp}}},
		docx.Row{Height: 600, Cells: []docx.Cell{label("审批机关\n意    见"), {Span: 2, Paragraphs: docx.CellPara("", "left", labelSize, 0) + stamp}, label("行政机关\n任免意见"), {Span: 3, Paragraphs: docx.CellPara("", "left", labelSize, 0) + stamp}}},
	)
	table, err := docx.Table(grid, rows)
	if err != nil {
		return "", nil, err
	}
	footer := "填表人：" + p.FilledBy
	if p.FilledOn != "" {
		footer += "        填表时间：" + p.FilledOn
	}
	body := docx.Title("干部任免审批表", 36) + table + docx.Plain(footer)
	return docx.PictureDocument(body, margins), media, nil
}

// fit picks a smaller size for text that would not fit its box at 五号: a
// column holds about six characters a line in two lines.
func fit(text string, span int) int {
	if utf8.RuneCountInString(text) > 12*span {
		return smallSize
	}
	return textSize
}

func lines(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n")
}

// schools is the school of the education and, when it differs, that of the
// degree.
func schools(e lrmx.Education) string {
	if e.DegreeSchool == "" || e.DegreeSchool == e.EducationSchool {
		return e.EducationSchool
	}
	return lines(e.EducationSchool, e.DegreeSchool)
}

// resumeDates is a résumé line's leading period, "1990.09--1994.07" or an
// open "1994.07--".
var resumeDates = regexp.MustCompile(`^\d{4}\.\d{2}--(\d{4}\.\d{2})?`)

// resume is the résumé one paragraph a line, a dated line with its text
// hanging right of the dates.
func resume(text string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		hanging := 0
		if resumeDates.MatchString(line) {
			hanging = hangingIndent
		}
		b.WriteString(docx.CellPara(line, "left", resumeSize, hanging))
	}
	if b.Len() == 0 {
		return docx.CellPara("", "left", resumeSize, 0)
	}
	return b.String()
}

// ResumeLine is one period of the résumé as the form writes it: the start,
// "--", the end (blank while it lasts, padded so the texts align), two
// spaces, the text: "1990.09--1994.07  XX大学XX专业学习".
func ResumeLine(start, end lrmx.Month, text string) string {
	e := end.String()
	if e == "" {
		e = strings.Repeat(" ", len("1994.07"))
	}
	return start.String() + "--" + e + "  " + strings.TrimSpace(text)
}

// ageAt is the age in whole years at the month of on, from a birth month;
// ok is false when either is unknown or the birth lies after on.
func ageAt(birth lrmx.Month, on time.Time) (int, bool) {
	if birth.IsZero() || on.IsZero() {
		return 0, false
	}
	age := on.Year() - birth.Year
	if on.Month() < birth.Month {
		age--
	}
	return age, age >= 0
}

// unsafeName are characters a file name in a zip or a download may not
// hold on common systems.
var unsafeName = regexp.MustCompile(`[\\/:*?"<>|\x00-\x1f]`)

func safeName(name string) string {
	name = strings.TrimSpace(unsafeName.ReplaceAllString(name, "_"))
	if name == "" {
		return "未命名"
	}
	return name
}
