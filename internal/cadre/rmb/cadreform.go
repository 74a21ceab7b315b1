package rmb

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"zhdj/internal/cadre"
	"zhdj/internal/cadre/lrmx"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/docx"
)

// Items of the form the cadre record does not model are kept in
// cadre.FormData.Extra under their lrmx element names, so a form imported
// and exported again loses nothing.
const (
	extraSubmitUnit         = "ChengBaoDanWei"
	extraFullTimeDegreeSch  = "QuanRiZhiJiaoYu_XueWei_BiYeYuanXiaoXi"
	extraInServiceDegreeSch = "ZaiZhiJiaoYu_XueWei_BiYeYuanXiaoXi"
	schoolMajorSeparator    = " "
)

// Stamp is who makes the form and when: the form's 填表人, 填表时间 and
// 计算年龄时间 describe the copy, not the cadre, and are not kept.
type Stamp struct {
	By string
	On time.Time
}

// PersonOf is the form of f: labels where the record keeps codes, the
// résumé one period a line, school and major joined.
func PersonOf(f cadre.FormData, st Stamp) lrmx.Person {
	p := lrmx.Person{
		Name: f.Name, Gender: f.Gender.Label, Birth: monthOf(f.BirthOn), Ethnicity: f.Ethnicity.Label,
		NativePlace: f.NativePlace, BirthPlace: f.BirthPlace, PartyJoin: monthOf(f.PartyJoinOn), WorkStart: monthOf(f.WorkStartOn),
		Health: f.Health, Title: f.Title.Label, Specialty: f.Specialty,
		FullTime:    educationOf(f.FullTime, f.Extra[extraFullTimeDegreeSch]),
		InService:   educationOf(f.InService, f.Extra[extraInServiceDegreeSch]),
		CurrentPost: f.Post, ProposedPost: f.ProposedPost, ProposedOff: f.ProposedRemoval,
		Honours: f.Rewards, Assessment: f.Assessments, Reason: f.Reason, SubmitUnit: f.Extra[extraSubmitUnit],
		IDNumber: f.IDNumber, Photo: f.Photo, Version: lrmx.Version, FilledBy: st.By,
	}
	if !st.On.IsZero() {
		p.AgeReckonedOn = st.On.Format("20060102")
		p.FilledOn = st.On.Format("20060102")
	}
	lines := make([]string, 0, len(f.Resume))
	for _, r := range f.Resume {
		lines = append(lines, ResumeLine(monthOf(r.StartOn), monthOf(r.EndOn), r.Text))
	}
	p.Resume = strings.Join(lines, "\n")
	for _, m := range f.Family {
		p.Family = append(p.Family, lrmx.FamilyMember{Relation: m.Relation, Name: m.Name, Birth: monthOf(m.BirthOn),
			PoliticalStatus: m.PoliticalStatus.Label, EmployerPost: m.EmployerPost})
	}
	return p
}

func educationOf(e cadre.EducationLine, degreeSchool string) lrmx.Education {
	school := joinSchool(e.School, e.Major)
	out := lrmx.Education{Education: e.Education.Label, Degree: e.Degree.Label, EducationSchool: school}
	switch {
	case degreeSchool != "":
		out.DegreeSchool = degreeSchool
	case e.Degree.Label != "":
		out.DegreeSchool = school
	}
	return out
}

// joinSchool writes 毕业院校系及专业 as school and major with a space
// between, the one place an imported text can be split again.
func joinSchool(school, major string) string {
	switch {
	case school == "":
		return major
	case major == "":
		return school
	}
	return school + schoolMajorSeparator + major
}

func splitSchool(s string) (school, major string) {
	if i := strings.LastIndex(s, schoolMajorSeparator); i > 0 {
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+len(schoolMajorSeparator):])
	}
	return s, ""
}

func monthOf(d date.Date) lrmx.Month {
	if d.IsZero() {
		return lrmx.Month{}
	}
	return lrmx.MonthOf(d.Time())
}

func dateOf(m lrmx.Month) date.Date {
	if m.IsZero() {
		return ""
	}
	return date.Of(m.Time())
}

// Dictionaries are the labels the form prints mapped back to the codes the
// record keeps, per dictionary; a code is accepted as itself.
type Dictionaries map[string]map[string]string

// code is the code of label in dict; an unknown label is an error naming
// field.
func (d Dictionaries) code(dict, field, label string, errs *lrmx.Errors) cadre.Coded {
	label = strings.TrimSpace(label)
	if label == "" {
		return cadre.Coded{}
	}
	if c, ok := d[dict][label]; ok {
		return cadre.Coded{Code: c, Label: label}
	}
	*errs = append(*errs, lrmx.FieldError{Field: field, Message: fmt.Sprintf("「%s」不是字典中的值", label)})
	return cadre.Coded{}
}

// resumePeriod is a résumé line's period and text: "1990.09--1994.07  text",
// also with one dash, "-" spaced, or an open end "1994.07--  text".
var resumePeriod = regexp.MustCompile(`^(\d{4}\.\d{1,2})\s*[-—–~～]{1,2}\s*(\d{4}\.\d{1,2})?\s*(.*)$`)

// FormOf is the form data of p to save for the cadre (unitID: the unit a
// new cadre joins); every field the record cannot take is an error naming it.
func FormOf(p lrmx.Person, dicts Dictionaries, unitID int64) (cadre.FormData, error) {
	var errs lrmx.Errors
	f := cadre.FormData{
		Name: p.Name, Gender: dicts.code(cadre.DictGender, "性别", p.Gender, &errs), BirthOn: dateOf(p.Birth),
		Ethnicity: dicts.code(cadre.DictEthnicity, "民族", p.Ethnicity, &errs), NativePlace: p.NativePlace, BirthPlace: p.BirthPlace,
		PartyJoinOn: dateOf(p.PartyJoin), WorkStartOn: dateOf(p.WorkStart), Health: p.Health, IDNumber: p.IDNumber,
		Title: dicts.code(cadre.DictTitle, "专业技术职务", p.Title, &errs), Specialty: p.Specialty,
		UnitID: unitID, Post: p.CurrentPost, ProposedPost: p.ProposedPost, ProposedRemoval: p.ProposedOff, Reason: p.Reason,
		Rewards: p.Honours, Assessments: p.Assessment, Photo: p.Photo, Extra: map[string]string{},
		Resume: []cadre.ResumeLine{}, Family: []cadre.FamilyLine{},
	}
	f.FullTime = educationFrom(p.FullTime, dicts, "全日制教育", extraFullTimeDegreeSch, f.Extra, &errs)
	f.InService = educationFrom(p.InService, dicts, "在职教育", extraInServiceDegreeSch, f.Extra, &errs)
	if p.SubmitUnit != "" {
		f.Extra[extraSubmitUnit] = p.SubmitUnit
	}
	if len(p.Photo) > 0 {
		f.PhotoType = docx.MediaType(p.Photo)
	}
	for i, line := range strings.Split(p.Resume, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := resumePeriod.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			// A line without a period continues the one before ("（其间：…）").
			if n := len(f.Resume); n > 0 {
				f.Resume[n-1].Text += "\n" + strings.TrimSpace(line)
				continue
			}
			errs = append(errs, lrmx.FieldError{Field: fmt.Sprintf("简历第 %d 行", i+1), Message: "应以起止年月开头（如 1990.09--1994.07）"})
			continue
		}
		start, err1 := lrmx.ParseMonth(m[1])
		end, err2 := lrmx.ParseMonth(m[2])
		if err1 != nil || err2 != nil {
			errs = append(errs, lrmx.FieldError{Field: fmt.Sprintf("简历第 %d 行", i+1), Message: "起止年月无效"})
			continue
		}
		if !end.IsZero() && end.Time().Before(start.Time()) {
			errs = append(errs, lrmx.FieldError{Field: fmt.Sprintf("简历第 %d 行", i+1), Message: "结束年月早于开始年月"})
			continue
		}
		f.Resume = append(f.Resume, cadre.ResumeLine{StartOn: dateOf(start), EndOn: dateOf(end), Text: strings.TrimSpace(m[3])})
	}
	for i, m := range p.Family {
		f.Family = append(f.Family, cadre.FamilyLine{Relation: m.Relation, Name: m.Name, BirthOn: dateOf(m.Birth),
			PoliticalStatus: dicts.code(cadre.DictPolitical, fmt.Sprintf("家庭成员第 %d 行政治面貌", i+1), m.PoliticalStatus, &errs),
			EmployerPost:    m.EmployerPost})
	}
	if len(errs) > 0 {
		return f, errs
	}
	return f, nil
}

func educationFrom(e lrmx.Education, dicts Dictionaries, label, extraKey string, extra map[string]string, errs *lrmx.Errors) cadre.EducationLine {
	school, major := splitSchool(e.EducationSchool)
	out := cadre.EducationLine{Education: dicts.code(cadre.DictEducation, label+"学历", e.Education, errs),
		Degree: dicts.code(cadre.DictDegree, label+"学位", e.Degree, errs), School: school, Major: major}
	if e.DegreeSchool != "" && e.DegreeSchool != e.EducationSchool {
		extra[extraKey] = e.DegreeSchool
	}
	return out
}
