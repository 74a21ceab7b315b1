// Package lrmx reads and writes .lrmx files, the exchange format of the
// 中组部 干部任免审批表 software: one XML document whose root <Person> holds
// the form's fields as child elements named in pinyin (XingMing, XingBie, …),
// the family table as <JiaTingChengYuan><Item>…</Item></JiaTingChengYuan> and
// the photo as base64 in <ZhaoPian>. docs/cadre.md ("任免审批表与 lrmx")
// says where the field list comes from.
//
// Files come from other schools' systems and from people's desktops, so a
// file is read with limits (size, depth, elements, photo) and every field
// that does not hold what the form wants is reported by its Chinese label,
// all at once, so a person can fix the file in one go.
package lrmx

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Version is what <Version> says in the files written here: the version of
// the 任免审批表 software whose layout they follow.
const Version = "3.2.1.16"

// Person is one 干部任免审批表 as the file holds it. Dates of the form are
// months (the form prints "1990.09"); free text keeps its line breaks.
type Person struct {
	Name          string // XingMing 姓名
	Gender        string // XingBie 性别: 男 or 女
	Birth         Month  // ChuShengNianYue 出生年月
	Ethnicity     string // MinZu 民族
	NativePlace   string // JiGuan 籍贯
	BirthPlace    string // ChuShengDi 出生地
	PartyJoin     Month  // RuDangShiJian 入党时间
	WorkStart     Month  // CanJiaGongZuoShiJian 参加工作时间
	Health        string // JianKangZhuangKuang 健康状况
	Title         string // ZhuanYeJiShuZhiWu 专业技术职务
	Specialty     string // ShuXiZhuanYeYouHeZhuanChang 熟悉专业有何专长
	FullTime      Education
	InService     Education
	CurrentPost   string // XianRenZhiWu 现任职务
	ProposedPost  string // NiRenZhiWu 拟任职务
	ProposedOff   string // NiMianZhiWu 拟免职务
	Resume        string // JianLi 简历, one period a line
	Honours       string // JiangChengQingKuang 奖惩情况
	Assessment    string // NianDuKaoHeJieGuo 年度考核结果
	Reason        string // RenMianLiYou 任免理由
	Family        []FamilyMember
	SubmitUnit    string // ChengBaoDanWei 呈报单位
	AgeReckonedOn string // JiSuanNianLingShiJian 计算年龄时间 (as written, e.g. 20261201)
	FilledOn      string // TianBiaoShiJian 填表时间 (as written)
	FilledBy      string // TianBiaoRen 填表人
	IDNumber      string // ShenFenZheng 身份证号
	Photo         []byte // ZhaoPian, decoded (JPEG, PNG, GIF or BMP)
	Version       string // Version of the software that wrote the file
}

// Education is one of the form's two education rows (全日制教育, 在职教育):
// the education and the degree, each with its school and major.
type Education struct {
	Education       string // …_XueLi 学历
	Degree          string // …_XueWei 学位
	EducationSchool string // …_XueLi_BiYeYuanXiaoXi 毕业院校系及专业 of the education
	DegreeSchool    string // …_XueWei_BiYeYuanXiaoXi 毕业院校系及专业 of the degree
}

// FamilyMember is a row of 家庭主要成员及重要社会关系.
type FamilyMember struct {
	Relation        string // ChengWei 称谓
	Name            string // XingMing 姓名
	Birth           Month  // ChuShengRiQi 出生日期 (the form prints the age from it)
	PoliticalStatus string // ZhengZhiMianMao 政治面貌
	EmployerPost    string // GongZuoDanWeiJiZhiWu 工作单位及职务
}

func (f FamilyMember) empty() bool {
	return f.Relation == "" && f.Name == "" && f.Birth.IsZero() && f.PoliticalStatus == "" && f.EmployerPost == ""
}

// Month is a year and month; the zero Month is an empty field.
type Month struct {
	Year  int
	Month time.Month
}

// MonthOf is the month of t; the zero time gives the zero Month.
func MonthOf(t time.Time) Month {
	if t.IsZero() {
		return Month{}
	}
	return Month{Year: t.Year(), Month: t.Month()}
}

// IsZero tells an empty field.
func (m Month) IsZero() bool { return m.Year == 0 }

// Time is the first day of the month (UTC), or the zero time.
func (m Month) Time() time.Time {
	if m.IsZero() {
		return time.Time{}
	}
	return time.Date(m.Year, m.Month, 1, 0, 0, 0, 0, time.UTC)
}

// String is the month as the printed form shows it: "1990.09".
func (m Month) String() string {
	if m.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d.%02d", m.Year, int(m.Month))
}

// fileText is the month as the files hold it: "199009".
func (m Month) fileText() string {
	if m.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d%02d", m.Year, int(m.Month))
}

// ParseMonth reads a month as the software and people write it: 199009,
// 1990.09, 1990.9, 1990-09, 1990/09, 1990年9月, and a full date 19900915 or
// 1990.09.15 (the day is dropped). Empty text is the zero Month.
func ParseMonth(s string) (Month, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Month{}, nil
	}
	bad := fmt.Errorf("「%s」不是年月（如 199009 或 1990.09）", s)
	var year, month string
	if isDigits(s) {
		switch len(s) {
		case 6, 8:
			year, month = s[:4], s[4:6]
		default:
			return Month{}, bad
		}
	} else {
		norm := strings.NewReplacer("年", ".", "月", ".", "日", "", "-", ".", "/", ".").Replace(s)
		parts := strings.Split(strings.TrimSuffix(norm, "."), ".")
		if len(parts) < 2 || len(parts) > 3 {
			return Month{}, bad
		}
		for _, p := range parts {
			if p == "" || !isDigits(p) {
				return Month{}, bad
			}
		}
		year, month = parts[0], parts[1]
	}
	y, err1 := strconv.Atoi(year)
	m, err2 := strconv.Atoi(month)
	if err1 != nil || err2 != nil || len(year) != 4 || y < 1900 || y > 2100 || m < 1 || m > 12 {
		return Month{}, bad
	}
	return Month{Year: y, Month: time.Month(m)}, nil
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// FieldError is what is wrong with one field of a file, by the field's
// label on the printed form.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e FieldError) Error() string { return e.Field + "：" + e.Message }

// Errors are all the field errors of one file.
type Errors []FieldError

func (e Errors) Error() string {
	parts := make([]string, len(e))
	for i, f := range e {
		parts[i] = f.Error()
	}
	return strings.Join(parts, "；")
}
