package lrmx

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// Limits of a file. A real form is a few kilobytes of text and a photo of
// some tens of kilobytes; the limits leave room for a large photo and a long
// résumé and nothing more.
const (
	MaxFile        = 8 << 20 // bytes of the file (or of its XML once unzipped)
	MaxPhoto       = 2 << 20 // bytes of the photo, decoded
	MaxDepth       = 6       // nesting of elements (Person/JiaTingChengYuan/Item/field is 4)
	MaxElements    = 2000    // elements in the document
	MaxFamily      = 30      // rows of the family table
	MaxText        = 20000   // characters of one text field (the résumé is the longest)
	MaxShortText   = 200     // characters of a one-line field (a name, a place, a post)
	MaxZipEntries  = 16      // files inside a zipped .lrmx
	zipLocalHeader = "PK\x03\x04"
)

// field is one text element of <Person> with the label the form prints;
// short fields are one line on the form.
type field struct {
	tag, label string
	short      bool
	text       func(*Person) *string
}

// fields are <Person>'s text elements in the order the software writes them.
var fields = []field{
	{"XingMing", "姓名", true, func(p *Person) *string { return &p.Name }},
	{"XingBie", "性别", true, func(p *Person) *string { return &p.Gender }},
	{"MinZu", "民族", true, func(p *Person) *string { return &p.Ethnicity }},
	{"JiGuan", "籍贯", true, func(p *Person) *string { return &p.NativePlace }},
	{"ChuShengDi", "出生地", true, func(p *Person) *string { return &p.BirthPlace }},
	{"JianKangZhuangKuang", "健康状况", true, func(p *Person) *string { return &p.Health }},
	{"ZhuanYeJiShuZhiWu", "专业技术职务", true, func(p *Person) *string { return &p.Title }},
	{"ShuXiZhuanYeYouHeZhuanChang", "熟悉专业有何专长", false, func(p *Person) *string { return &p.Specialty }},
	{"QuanRiZhiJiaoYu_XueLi", "全日制教育学历", true, func(p *Person) *string { return &p.FullTime.Education }},
	{"QuanRiZhiJiaoYu_XueWei", "全日制教育学位", true, func(p *Person) *string { return &p.FullTime.Degree }},
	{"QuanRiZhiJiaoYu_XueLi_BiYeYuanXiaoXi", "全日制教育学历毕业院校系及专业", false, func(p *Person) *string { return &p.FullTime.EducationSchool }},
	{"QuanRiZhiJiaoYu_XueWei_BiYeYuanXiaoXi", "全日制教育学位毕业院校系及专业", false, func(p *Person) *string { return &p.FullTime.DegreeSchool }},
	{"ZaiZhiJiaoYu_XueLi", "在职教育学历", true, func(p *Person) *string { return &p.InService.Education }},
	{"ZaiZhiJiaoYu_XueWei", "在职教育学位", true, func(p *Person) *string { return &p.InService.Degree }},
	{"ZaiZhiJiaoYu_XueLi_BiYeYuanXiaoXi", "在职教育学历毕业院校系及专业", false, func(p *Person) *string { return &p.InService.EducationSchool }},
	{"ZaiZhiJiaoYu_XueWei_BiYeYuanXiaoXi", "在职教育学位毕业院校系及专业", false, func(p *Person) *string { return &p.InService.DegreeSchool }},
	{"XianRenZhiWu", "现任职务", false, func(p *Person) *string { return &p.CurrentPost }},
	{"NiRenZhiWu", "拟任职务", false, func(p *Person) *string { return &p.ProposedPost }},
	{"NiMianZhiWu", "拟免职务", false, func(p *Person) *string { return &p.ProposedOff }},
	{"JianLi", "简历", false, func(p *Person) *string { return &p.Resume }},
	{"JiangChengQingKuang", "奖惩情况", false, func(p *Person) *string { return &p.Honours }},
	{"NianDuKaoHeJieGuo", "年度考核结果", false, func(p *Person) *string { return &p.Assessment }},
	{"RenMianLiYou", "任免理由", false, func(p *Person) *string { return &p.Reason }},
	{"ChengBaoDanWei", "呈报单位", false, func(p *Person) *string { return &p.SubmitUnit }},
	{"JiSuanNianLingShiJian", "计算年龄时间", true, func(p *Person) *string { return &p.AgeReckonedOn }},
	{"TianBiaoShiJian", "填表时间", true, func(p *Person) *string { return &p.FilledOn }},
	{"TianBiaoRen", "填表人", true, func(p *Person) *string { return &p.FilledBy }},
	{"ShenFenZheng", "身份证号", true, func(p *Person) *string { return &p.IDNumber }},
	{"Version", "版本", true, func(p *Person) *string { return &p.Version }},
}

// monthField is a month element of <Person>.
type monthField struct {
	tag, label string
	month      func(*Person) *Month
}

var monthFields = []monthField{
	{"ChuShengNianYue", "出生年月", func(p *Person) *Month { return &p.Birth }},
	{"RuDangShiJian", "入党时间", func(p *Person) *Month { return &p.PartyJoin }},
	{"CanJiaGongZuoShiJian", "参加工作时间", func(p *Person) *Month { return &p.WorkStart }},
}

// familyFields are an <Item>'s elements; the birth month is apart.
var familyFields = []struct {
	tag, label string
	text       func(*FamilyMember) *string
}{
	{"ChengWei", "称谓", func(f *FamilyMember) *string { return &f.Relation }},
	{"XingMing", "姓名", func(f *FamilyMember) *string { return &f.Name }},
	{"ZhengZhiMianMao", "政治面貌", func(f *FamilyMember) *string { return &f.PoliticalStatus }},
	{"GongZuoDanWeiJiZhiWu", "工作单位及职务", func(f *FamilyMember) *string { return &f.EmployerPost }},
}

// ErrTooLarge is a file over the limit given to Decode.
var ErrTooLarge = errors.New("lrmx: file too large")

// Decode reads one .lrmx file of at most limit bytes (0: MaxFile). A file
// that is no form (too large, not XML, no <Person>, a zip bomb) is an Errors
// of one FieldError on 文件; a form whose fields are wrong is an Errors
// listing each field, and the Person holds what could be read.
func Decode(r io.Reader, limit int64) (Person, error) {
	if limit <= 0 || limit > MaxFile {
		limit = MaxFile
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return Person{}, fileError("读取失败：%v", err)
	}
	if int64(len(data)) > limit {
		return Person{}, fileError("超过 %s", size(limit))
	}
	if bytes.HasPrefix(data, []byte(zipLocalHeader)) {
		if data, err = unzip(data, limit); err != nil {
			return Person{}, err
		}
	}
	raw, err := parse(data)
	if err != nil {
		return Person{}, err
	}
	return raw.person()
}

func fileError(format string, args ...any) error {
	return Errors{{Field: "文件", Message: fmt.Sprintf(format, args...)}}
}

func size(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// unzip answers the XML of a zipped .lrmx: the one .xml or .lrmx entry (or
// the only file). Sizes claimed by the archive are not trusted: each entry
// is read through a limit.
func unzip(data []byte, limit int64) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fileError("不是有效的压缩包：%v", err)
	}
	if len(zr.File) > MaxZipEntries {
		return nil, fileError("压缩包内文件超过 %d 个", MaxZipEntries)
	}
	var pick *zip.File
	var files []*zip.File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		files = append(files, f)
		name := strings.ToLower(f.Name)
		if strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".lrmx") {
			if pick != nil {
				return nil, fileError("压缩包内有多份任免审批表，请逐个上传")
			}
			pick = f
		}
	}
	if pick == nil && len(files) == 1 {
		pick = files[0]
	}
	if pick == nil {
		return nil, fileError("压缩包内没有任免审批表（.xml 或 .lrmx）")
	}
	rc, err := pick.Open()
	if err != nil {
		return nil, fileError("压缩包无法读取：%v", err)
	}
	defer rc.Close()
	out, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, fileError("压缩包无法读取：%v", err)
	}
	if int64(len(out)) > limit {
		return nil, fileError("解压后超过 %s", size(limit))
	}
	return out, nil
}

// rawPerson is <Person> as text: its elements' texts and the family rows.
type rawPerson struct {
	text   map[string]string
	family []map[string]string
}

// parse walks the XML tokens itself (rather than xml.Unmarshal) to bound
// depth and elements and to refuse a DTD: the standard decoder expands no
// external entities, but a document type has no place in the format.
func parse(data []byte) (rawPerson, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = charsetReader
	raw := rawPerson{text: map[string]string{}}
	var path []string
	var text strings.Builder
	elements := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return raw, fileError("不是有效的任免审批表 XML：%v", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			return raw, fileError("不允许包含文档类型声明（DOCTYPE）")
		case xml.StartElement:
			elements++
			if elements > MaxElements {
				return raw, fileError("元素超过 %d 个", MaxElements)
			}
			if len(path) >= MaxDepth {
				return raw, fileError("嵌套超过 %d 层", MaxDepth)
			}
			name := t.Name.Local
			if len(path) == 0 && name != "Person" {
				return raw, fileError("根元素应为 Person，而不是 %s", name)
			}
			if len(path) == 2 && path[1] == "JiaTingChengYuan" && name == "Item" {
				if len(raw.family) >= MaxFamily {
					return raw, fileError("家庭成员超过 %d 人", MaxFamily)
				}
				raw.family = append(raw.family, map[string]string{})
			}
			path = append(path, name)
			text.Reset()
		case xml.CharData:
			if text.Len() < MaxText*4 { // bytes of MaxText characters at most
				text.Write(t)
			}
		case xml.EndElement:
			switch {
			case len(path) == 2:
				if _, dup := raw.text[path[1]]; !dup {
					raw.text[path[1]] = text.String()
				}
			case len(path) == 4 && path[1] == "JiaTingChengYuan" && path[2] == "Item":
				raw.family[len(raw.family)-1][path[3]] = text.String()
			}
			path = path[:len(path)-1]
			text.Reset()
		}
	}
	if elements == 0 {
		return raw, fileError("不是任免审批表：没有 Person 元素")
	}
	return raw, nil
}

// charsetReader lets files written by older Windows software in GBK or
// GB18030 (their declaration says so) be read.
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "gb2312", "gbk", "cp936":
		return simplifiedchinese.GBK.NewDecoder().Reader(input), nil
	case "gb18030":
		return simplifiedchinese.GB18030.NewDecoder().Reader(input), nil
	}
	return nil, fmt.Errorf("不支持的字符集 %s", label)
}

// person checks every field and answers the form with all errors found.
func (raw rawPerson) person() (Person, error) {
	var p Person
	var errs Errors
	for _, f := range fields {
		v := cleanText(raw.text[f.tag], f.short)
		if n := utf8.RuneCountInString(v); f.short && n > MaxShortText || n > MaxText {
			errs = append(errs, FieldError{f.label, fmt.Sprintf("超过 %d 字", map[bool]int{true: MaxShortText, false: MaxText}[f.short])})
			continue
		}
		*f.text(&p) = v
	}
	for _, f := range monthFields {
		m, err := ParseMonth(raw.text[f.tag])
		if err != nil {
			errs = append(errs, FieldError{f.label, err.Error()})
			continue
		}
		*f.month(&p) = m
	}
	if cleanText(raw.text["XingMing"], true) == "" {
		errs = append(errs, FieldError{"姓名", "不能为空"})
	}
	switch p.Gender {
	case "男", "女":
	default:
		errs = append(errs, FieldError{"性别", fmt.Sprintf("应为「男」或「女」，而不是「%s」", p.Gender)})
	}
	if p.Birth.IsZero() && raw.text["ChuShengNianYue"] == "" {
		errs = append(errs, FieldError{"出生年月", "不能为空"})
	}
	photo := strings.Join(strings.Fields(raw.text["ZhaoPian"]), "")
	// Some tools write the photo as a data URL; the base64 after the comma
	// is the same.
	if strings.HasPrefix(photo, "data:image/") {
		if _, after, ok := strings.Cut(photo, ";base64,"); ok {
			photo = after
		}
	}
	if photo != "" {
		if base64.StdEncoding.DecodedLen(len(photo)) > MaxPhoto+3 {
			errs = append(errs, FieldError{"照片", fmt.Sprintf("超过 %s", size(MaxPhoto))})
		} else if img, err := base64.StdEncoding.DecodeString(photo); err != nil {
			errs = append(errs, FieldError{"照片", "不是有效的 base64 编码"})
		} else if len(img) > MaxPhoto {
			errs = append(errs, FieldError{"照片", fmt.Sprintf("超过 %s", size(MaxPhoto))})
		} else if !isImage(img) {
			errs = append(errs, FieldError{"照片", "不是 JPEG、PNG、GIF 或 BMP 图片"})
		} else {
			p.Photo = img
		}
	}
	for i, item := range raw.family {
		var m FamilyMember
		label := fmt.Sprintf("家庭成员第 %d 行", i+1)
		for _, f := range familyFields {
			v := cleanText(item[f.tag], true)
			if utf8.RuneCountInString(v) > MaxShortText {
				errs = append(errs, FieldError{label + f.label, fmt.Sprintf("超过 %d 字", MaxShortText)})
				continue
			}
			*f.text(&m) = v
		}
		b, err := ParseMonth(item["ChuShengRiQi"])
		if err != nil {
			errs = append(errs, FieldError{label + "出生日期", err.Error()})
		}
		m.Birth = b
		// The software pads the table with empty rows: they are no members.
		if m.empty() {
			continue
		}
		if m.Name == "" {
			errs = append(errs, FieldError{label + "姓名", "不能为空"})
		}
		p.Family = append(p.Family, m)
	}
	if len(errs) > 0 {
		return p, errs
	}
	return p, nil
}

// cleanText trims a field and makes its line breaks "\n"; a one-line
// field's breaks become spaces (a post printed on one line).
func cleanText(s string, short bool) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	if short {
		s = strings.Join(strings.Fields(s), " ")
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

func isImage(b []byte) bool {
	switch http.DetectContentType(b) {
	case "image/jpeg", "image/png", "image/gif", "image/bmp":
		return true
	}
	return false
}

// Encode writes p as a .lrmx file: UTF-8 XML with every element of the
// format (empty ones too: the software expects them), the family table and
// the photo in base64. Line breaks are written as CRLF, as the Windows
// software writes them.
func Encode(w io.Writer, p Person) error {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\r\n<Person>\r\n")
	put := func(indent, tag, value string) {
		b.WriteString(indent + "<" + tag + ">")
		value = strings.ReplaceAll(value, "\n", "\r\n")
		_ = xml.EscapeText(&b, []byte(value))
		b.WriteString("</" + tag + ">\r\n")
	}
	text := map[string]string{}
	for _, f := range fields {
		text[f.tag] = *f.text(&p)
	}
	for _, f := range monthFields {
		text[f.tag] = f.month(&p).fileText()
	}
	if p.Version == "" {
		text["Version"] = Version
	}
	for _, tag := range order {
		if tag == "JiaTingChengYuan" {
			b.WriteString("  <JiaTingChengYuan>\r\n")
			for _, m := range p.Family {
				b.WriteString("    <Item>\r\n")
				put("      ", "ChengWei", m.Relation)
				put("      ", "XingMing", m.Name)
				put("      ", "ChuShengRiQi", m.Birth.fileText())
				put("      ", "ZhengZhiMianMao", m.PoliticalStatus)
				put("      ", "GongZuoDanWeiJiZhiWu", m.EmployerPost)
				b.WriteString("    </Item>\r\n")
			}
			b.WriteString("  </JiaTingChengYuan>\r\n")
			continue
		}
		if tag == "ZhaoPian" {
			put("  ", tag, base64.StdEncoding.EncodeToString(p.Photo))
			continue
		}
		put("  ", tag, text[tag])
	}
	b.WriteString("</Person>\r\n")
	_, err := w.Write(b.Bytes())
	return err
}

// order is the elements of <Person> as the software writes them.
var order = []string{
	"XingMing", "XingBie", "ChuShengNianYue", "MinZu", "JiGuan", "ChuShengDi", "RuDangShiJian",
	"CanJiaGongZuoShiJian", "JianKangZhuangKuang", "ZhuanYeJiShuZhiWu", "ShuXiZhuanYeYouHeZhuanChang",
	"QuanRiZhiJiaoYu_XueLi", "QuanRiZhiJiaoYu_XueWei", "QuanRiZhiJiaoYu_XueLi_BiYeYuanXiaoXi",
	"QuanRiZhiJiaoYu_XueWei_BiYeYuanXiaoXi", "ZaiZhiJiaoYu_XueLi", "ZaiZhiJiaoYu_XueWei",
	"ZaiZhiJiaoYu_XueLi_BiYeYuanXiaoXi", "ZaiZhiJiaoYu_XueWei_BiYeYuanXiaoXi", "XianRenZhiWu", "NiRenZhiWu",
	"NiMianZhiWu", "JianLi", "JiangChengQingKuang", "NianDuKaoHeJieGuo", "RenMianLiYou", "JiaTingChengYuan",
	"ChengBaoDanWei", "JiSuanNianLingShiJian", "TianBiaoShiJian", "TianBiaoRen", "ShenFenZheng", "ZhaoPian",
	"Version",
}
