package lrmx

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// tinyPNG is a 1×1 PNG.
var tinyPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

func samplePerson() Person {
	return Person{
		Name: "张三", Gender: "男", Birth: Month{1972, time.March}, Ethnicity: "汉族", NativePlace: "山东济南",
		BirthPlace: "山东济南", PartyJoin: Month{1994, time.June}, WorkStart: Month{1994, time.July}, Health: "健康",
		Title: "教授", Specialty: "高等教育管理",
		FullTime:    Education{Education: "大学", Degree: "工学学士", EducationSchool: "清华大学计算机系计算机专业", DegreeSchool: "清华大学计算机系计算机专业"},
		InService:   Education{Education: "研究生", Degree: "管理学博士", EducationSchool: "北京大学管理学院", DegreeSchool: "北京大学管理学院"},
		CurrentPost: "XX大学教务处处长", ProposedPost: "XX大学副校长", ProposedOff: "XX大学教务处处长",
		Resume:  "1990.09--1994.07  清华大学计算机系计算机专业学习\n1994.07--  XX大学教务处科员（其间：1998.09--2001.07 北京大学管理学院在职研究生学习）",
		Honours: "2015年获省级教学成果一等奖", Assessment: "2023年、2024年、2025年年度考核均为优秀", Reason: "工作需要",
		Family: []FamilyMember{
			{Relation: "妻子", Name: "李四", Birth: Month{1974, time.May}, PoliticalStatus: "中共党员", EmployerPost: "XX中学教师"},
			{Relation: "儿子", Name: "张小三", Birth: Month{2002, time.January}, PoliticalStatus: "共青团员", EmployerPost: "XX大学学生"},
		},
		SubmitUnit: "中共XX大学委员会", AgeReckonedOn: "20261201", FilledOn: "20261201", FilledBy: "王五",
		IDNumber: "11010519491231002X", Photo: tinyPNG, Version: Version,
	}
}

func encode(t *testing.T, p Person) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestRoundTripLosesNothing(t *testing.T) {
	t.Parallel()
	want := samplePerson()
	data := encode(t, want)
	got, err := Decode(bytes.NewReader(data), 0)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("round trip changed the form:\n got %+v\nwant %+v", got, want)
	}
	// Every element of the format is written, the empty ones too.
	for _, tag := range order {
		if !bytes.Contains(data, []byte("<"+tag+">")) {
			t.Errorf("element %s missing", tag)
		}
	}
	if !bytes.Contains(data, []byte("<ChuShengNianYue>197203</ChuShengNianYue>")) {
		t.Errorf("month not written as the software writes it: %s", data)
	}
}

func TestDecodeZippedFile(t *testing.T) {
	t.Parallel()
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	w, _ := zw.Create("张三.lrmx")
	_, _ = w.Write(encode(t, samplePerson()))
	_ = zw.Close()
	got, err := Decode(bytes.NewReader(z.Bytes()), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "张三" || len(got.Family) != 2 {
		t.Fatalf("got %+v", got)
	}
}

func TestDecodeReadsWhatOtherSoftwareWrites(t *testing.T) {
	t.Parallel()
	// Dotted months, a full date, padded empty family rows, unknown elements,
	// GBK text: all read.
	doc := `<?xml version="1.0" encoding="UTF-8"?><Person><XingMing> 王芳 </XingMing><XingBie>女</XingBie>
<ChuShengNianYue>1980.9</ChuShengNianYue><RuDangShiJian>2001年6月</RuDangShiJian><CanJiaGongZuoShiJian>20030701</CanJiaGongZuoShiJian>
<Unknown>x</Unknown><ZhaoPian>data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==</ZhaoPian><JiaTingChengYuan><Item><ChengWei>丈夫</ChengWei><XingMing>赵六</XingMing><ChuShengRiQi>1979.02</ChuShengRiQi></Item>
<Item><ChengWei/><XingMing/><ChuShengRiQi/><ZhengZhiMianMao/><GongZuoDanWeiJiZhiWu/></Item></JiaTingChengYuan></Person>`
	p, err := Decode(strings.NewReader(doc), 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "王芳" || p.Birth != (Month{1980, time.September}) || p.PartyJoin != (Month{2001, time.June}) ||
		p.WorkStart != (Month{2003, time.July}) || !bytes.Equal(p.Photo, tinyPNG) || len(p.Family) != 1 || p.Family[0].Birth != (Month{1979, time.February}) {
		t.Fatalf("got %+v", p)
	}
}

func fieldErrors(t *testing.T, err error) map[string]string {
	t.Helper()
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("want Errors, got %v", err)
	}
	out := map[string]string{}
	for _, e := range errs {
		out[e.Field] = e.Message
	}
	return out
}

func TestDecodeNamesEveryBadField(t *testing.T) {
	t.Parallel()
	doc := `<Person><XingMing></XingMing><XingBie>M</XingBie><ChuShengNianYue>1990.13</ChuShengNianYue>
<RuDangShiJian>去年</RuDangShiJian><ZhaoPian>not base64!</ZhaoPian>
<JiaTingChengYuan><Item><ChengWei>父亲</ChengWei><ChuShengRiQi>19501</ChuShengRiQi></Item></JiaTingChengYuan></Person>`
	_, err := Decode(strings.NewReader(doc), 0)
	got := fieldErrors(t, err)
	for _, field := range []string{"姓名", "性别", "出生年月", "入党时间", "照片", "家庭成员第 1 行出生日期", "家庭成员第 1 行姓名"} {
		if got[field] == "" {
			t.Errorf("no error on %s; got %v", field, got)
		}
	}
	if !strings.Contains(got["出生年月"], "1990.13") {
		t.Errorf("message should quote the value: %q", got["出生年月"])
	}
}

func TestDecodeRefusesMalformedAndOversized(t *testing.T) {
	t.Parallel()
	deep := "<Person>" + strings.Repeat("<a>", MaxDepth) + strings.Repeat("</a>", MaxDepth) + "</Person>"
	many := "<Person>" + strings.Repeat("<a/>", MaxElements+1) + "</Person>"
	family := "<Person><JiaTingChengYuan>" + strings.Repeat("<Item/>", MaxFamily+1) + "</JiaTingChengYuan></Person>"
	photo := samplePerson()
	photo.Photo = append(append([]byte{}, tinyPNG...), make([]byte, MaxPhoto)...)
	notImage := samplePerson()
	notImage.Photo = []byte("plain text, no picture")
	long := samplePerson()
	long.Name = strings.Repeat("长", MaxShortText+1)

	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	w, _ := zw.Create("a.lrmx")
	_, _ = w.Write(bytes.Repeat([]byte(" "), MaxFile+10))
	_ = zw.Close()
	var crowded bytes.Buffer
	zw = zip.NewWriter(&crowded)
	for i := range MaxZipEntries + 1 {
		_, _ = zw.Create(strings.Repeat("x", i+1) + ".txt")
	}
	_ = zw.Close()

	cases := []struct {
		name, input, field, message string
		limit                       int64
	}{
		{"not xml", "hello", "文件", "没有 Person", 0},
		{"bad xml", "<Person><</Person>", "文件", "不是有效", 0},
		{"empty", "", "文件", "没有 Person", 0},
		{"wrong root", "<Persons/>", "文件", "根元素应为 Person", 0},
		{"unclosed", "<Person><XingMing>张三</Person>", "文件", "不是有效", 0},
		{"doctype", `<?xml version="1.0"?><!DOCTYPE Person [<!ENTITY x "y">]><Person/>`, "文件", "DOCTYPE", 0},
		{"deep", deep, "文件", "嵌套", 0},
		{"many elements", many, "文件", "元素超过", 0},
		{"family rows", family, "文件", "家庭成员超过", 0},
		{"over limit", string(encode(t, samplePerson())), "文件", "超过", 100},
		{"photo too large", string(encode(t, photo)), "照片", "超过 2 MB", 0},
		{"photo no image", string(encode(t, notImage)), "照片", "不是 JPEG", 0},
		{"long name", string(encode(t, long)), "姓名", "超过 200 字", 0},
		{"zip bomb", bomb.String(), "文件", "解压后超过", 0},
		{"zip entries", crowded.String(), "文件", "压缩包内文件超过", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Decode(strings.NewReader(c.input), c.limit)
			got := fieldErrors(t, err)
			if !strings.Contains(got[c.field], c.message) {
				t.Fatalf("want %s: …%s…, got %v", c.field, c.message, got)
			}
		})
	}
}

func TestParseMonthEdges(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Month{
		"199009": {1990, 9}, "1990.09": {1990, 9}, "1990.9": {1990, 9}, "1990-09": {1990, 9}, "1990/9": {1990, 9},
		"1990年9月": {1990, 9}, "19900915": {1990, 9}, "1990.09.15": {1990, 9}, "": {}, "1990.12": {1990, 12}, "1990.01": {1990, 1},
	} {
		got, err := ParseMonth(in)
		if err != nil || got != want {
			t.Errorf("ParseMonth(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"1990.00", "1990.13", "90.09", "1990", "19900", "abc", "1899.12", "1990..09"} {
		if _, err := ParseMonth(in); err == nil {
			t.Errorf("ParseMonth(%q) accepted", in)
		}
	}
}

func TestColumnsAndFromFields(t *testing.T) {
	t.Parallel()
	cols := Columns()
	if cols[0] != (Column{"XingMing", "姓名"}) || len(cols) != len(order)-2-len(copyFields) {
		t.Fatalf("columns: %v", cols)
	}
	for _, c := range cols {
		if copyFields[c.Tag] || c.Tag == "ZhaoPian" || c.Tag == "JiaTingChengYuan" {
			t.Errorf("column %s should not be offered", c.Tag)
		}
	}
	p, err := FromFields(map[string]string{"XingMing": "王芳", "XingBie": "女", "ChuShengNianYue": "1980.09"},
		[]map[string]string{{"ChengWei": "丈夫", "XingMing": "赵六", "ChuShengRiQi": "1979.02"}})
	if err != nil || p.Name != "王芳" || len(p.Family) != 1 || p.Family[0].Birth != (Month{1979, time.February}) {
		t.Fatalf("got %+v, %v", p, err)
	}
	_, err = FromFields(map[string]string{"XingMing": "王芳", "XingBie": "女", "ChuShengNianYue": "1980"}, nil)
	if got := fieldErrors(t, err); got["出生年月"] == "" {
		t.Fatalf("want an error on 出生年月, got %v", got)
	}
}
