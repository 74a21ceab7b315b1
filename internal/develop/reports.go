package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/partystats"
	"zhdj/internal/platform/report"
	"zhdj/internal/system"
)

// The reports (fzdy:report, scoped): the 发展党员名册 of a year and the
// yearly table. A member developed in a year is a record whose 接收预备党员
// was approved (⑰, approved_on) in it: that is when the person enters the
// member base, and the records stay counted even if the probation is later
// cancelled (they were developed that year).

// Dictionaries the reports label with.
const (
	dictEthnicity = "DJ_COMM_MZXX"
	dictEducation = "DJ_DY_XLXX"
	dictCategory  = "DJ_DY_RYLBXX"
	ethnicityHan  = "01" // 汉族 in DJ_COMM_MZXX
	genderMale    = "1"
	genderFemale  = "2"
)

// reportRoutes registers the reports and their exports (?year=&orgId=).
func (s *Service) reportRoutes(rs *httpx.Routes) {
	p := report.Parser{Orgs: s.orgs, Now: func() time.Time { return s.now() }}
	p.Register(rs, report.Read(report.Route{Path: "/api/fzdy/reports/register", Name: "发展党员名册", Perm: PermReport}, s.register,
		func(w http.ResponseWriter, q report.Query, rows []RegisterRow) error {
			return registerSheet(q.Year).Send(w, fmt.Sprintf("发展党员名册-%d.xlsx", q.Year), rows, nil)
		}))
	p.Register(rs, report.Read(report.Route{Path: "/api/fzdy/reports/yearly", Name: "发展党员年度统计", Perm: PermReport}, s.yearly,
		func(w http.ResponseWriter, q report.Query, t Yearly) error {
			return yearlySheet(q.Year).Send(w, fmt.Sprintf("发展党员年度统计-%d.xlsx", q.Year), yearlyLines(t), nil)
		}))
}

// developed selects the records of q: approved (⑰) in the year, of the
// caller's scope, of the organisation's subtree when one is given; the
// member record made at ⑰ (m) and the registry's person (xs, js) joined,
// with the person's ethnicity and category as the member record or else
// the registry gives them.
func (s *Service) developed(ctx context.Context, q report.Query) (*bun.SelectQuery, error) {
	from, to := q.Days()
	sel := s.db.NewSelect().TableExpr("dev_record AS r").
		Join("LEFT JOIN dyjbxx AS m ON m.id = r.member_id").
		Join("LEFT JOIN xsjbxx AS xs ON r.person_kind = 'student' AND xs.id = r.person_id").
		Join("LEFT JOIN jsjbxx AS js ON r.person_kind = 'teacher' AND js.id = r.person_id").
		Where("r.approved_on BETWEEN ? AND ?", from, to)
	return report.Restrict(ctx, s.orgs, q, sel, report.On{Org: "r.org_id"})
}

// The person's ethnicity and category as the member record or the registry
// give them (a teacher is 教职工; a student's category follows the level).
const (
	ethnicityExpr = "COALESCE(NULLIF(m.ethnicity, ''), xs.ethnicity, js.ethnicity, '')"
	categoryExpr  = "COALESCE(NULLIF(m.person_category, ''), CASE WHEN r.person_kind = 'teacher' THEN '1' " +
		"WHEN xs.education_level IN ('3', '4') THEN xs.education_level ELSE '2' END)"
	educationExpr = "COALESCE(m.education, '')"
)

// RegisterRow is one line of the 发展党员名册.
type RegisterRow struct {
	ID             int64     `bun:"id" json:"id"`
	Name           string    `bun:"name" json:"name"`
	Gender         string    `bun:"gender" json:"gender"`
	GenderLabel    string    `bun:"-" json:"genderLabel"`
	Ethnicity      string    `bun:"ethnicity" json:"ethnicity"`
	EthnicityLabel string    `bun:"-" json:"ethnicityLabel"`
	BirthDate      date.Date `bun:"birth_date" json:"birthDate"`
	Education      string    `bun:"education" json:"education"`
	EducationLabel string    `bun:"-" json:"educationLabel"`
	Category       string    `bun:"category" json:"personCategory"`
	CategoryLabel  string    `bun:"-" json:"personCategoryLabel"`
	PersonNo       string    `bun:"person_no" json:"personNo"`
	OrgID          int64     `bun:"org_id" json:"orgId"`
	OrgName        string    `bun:"org_name" json:"orgName"`
	AppliedOn      date.Date `bun:"applied_on" json:"appliedOn"`
	ActivistOn     date.Date `bun:"activist_on" json:"activistOn"`
	TargetOn       date.Date `bun:"target_on" json:"targetOn"`
	AdmittedOn     date.Date `bun:"admitted_on" json:"admittedOn"`
	ApprovedOn     date.Date `bun:"approved_on" json:"approvedOn"`
	VolunteerNo    *string   `bun:"volunteer_no" json:"volunteerNo"`
	SponsorData    *string   `bun:"sponsor_data" json:"-"`
	Sponsors       string    `bun:"-" json:"sponsors"` // the names, "、"-separated
}

// register is the 名册 of q, by branch and approval date, labelled, with
// the sponsors (⑨'s sponsorIds) named from the member records.
func (s *Service) register(ctx context.Context, q report.Query) ([]RegisterRow, error) {
	sel, err := s.developed(ctx, q)
	if err != nil {
		return nil, err
	}
	rows := []RegisterRow{}
	err = org.NameJoin("r.org_id")(sel).ColumnExpr("r.id, r.name, r.gender, r.birth_date, r.person_no, r.org_id").
		ColumnExpr(ethnicityExpr+" AS ethnicity").ColumnExpr(educationExpr+" AS education").ColumnExpr(categoryExpr+" AS category").
		ColumnExpr("r.applied_on, r.activist_on, r.target_on, r.admitted_on, r.approved_on, r.volunteer_no, sp.data AS sponsor_data").
		Join("LEFT JOIN dev_step AS sp ON sp.record_id = r.id AND sp.step = ?", StepSponsors).
		OrderExpr(org.CodeColumn+", r.org_id, r.approved_on, r.id").Scan(ctx, &rows)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	l, err := s.sys.DictLabels(ctx, dictGender, dictEthnicity, dictEducation, dictCategory)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	sponsorsOf := make([][]int64, len(rows))
	var ids []int64
	for i := range rows {
		row := &rows[i]
		row.GenderLabel, row.EthnicityLabel = l.Label(dictGender, row.Gender), l.Label(dictEthnicity, row.Ethnicity)
		row.EducationLabel, row.CategoryLabel = l.Label(dictEducation, row.Education), l.Label(dictCategory, row.Category)
		if row.SponsorData != nil {
			var f struct {
				SponsorIDs []int64 `json:"sponsorIds"`
			}
			if json.Unmarshal([]byte(*row.SponsorData), &f) == nil {
				sponsorsOf[i] = f.SponsorIDs
				ids = append(ids, f.SponsorIDs...)
			}
		}
	}
	if len(ids) > 0 {
		names, err := s.members.Names(ctx, ids)
		if err != nil {
			return nil, err
		}
		for i, sponsor := range sponsorsOf {
			var list []string
			for _, id := range sponsor {
				if n := names[id]; n != "" {
					list = append(list, n)
				}
			}
			rows[i].Sponsors = strings.Join(list, "、")
		}
	}
	return rows, nil
}

// registerSheet is the 名册's workbook (no title row: the sheet names it).
func registerSheet(year int) report.Sheet[RegisterRow] {
	day := func(f func(r *RegisterRow) date.Date) func(int, *RegisterRow) any {
		return func(_ int, r *RegisterRow) any { return string(f(r)) }
	}
	return report.Sheet[RegisterRow]{Name: fmt.Sprintf("%d年发展党员名册", year), Text: true, Columns: []report.Column[RegisterRow]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *RegisterRow) any { return strconv.Itoa(n) }},
		{Title: "姓名", Width: 10, Cell: func(_ int, r *RegisterRow) any { return r.Name }},
		{Title: "性别", Width: 6, Cell: func(_ int, r *RegisterRow) any { return r.GenderLabel }},
		{Title: "民族", Width: 10, Cell: func(_ int, r *RegisterRow) any { return r.EthnicityLabel }},
		{Title: "出生日期", Width: 12, Cell: day(func(r *RegisterRow) date.Date { return r.BirthDate })},
		{Title: "学历", Width: 14, Cell: func(_ int, r *RegisterRow) any { return r.EducationLabel }},
		{Title: "人员类别", Width: 12, Cell: func(_ int, r *RegisterRow) any { return r.CategoryLabel }},
		{Title: "学号/工号", Width: 14, Cell: func(_ int, r *RegisterRow) any { return r.PersonNo }},
		{Title: "所在党支部", Width: 28, Cell: func(_ int, r *RegisterRow) any { return r.OrgName }},
		{Title: "递交申请日期", Width: 14, Cell: day(func(r *RegisterRow) date.Date { return r.AppliedOn })},
		{Title: "确定积极分子日期", Width: 16, Cell: day(func(r *RegisterRow) date.Date { return r.ActivistOn })},
		{Title: "确定发展对象日期", Width: 16, Cell: day(func(r *RegisterRow) date.Date { return r.TargetOn })},
		{Title: "支部大会日期", Width: 14, Cell: day(func(r *RegisterRow) date.Date { return r.AdmittedOn })},
		{Title: "上级党委审批日期", Width: 16, Cell: day(func(r *RegisterRow) date.Date { return r.ApprovedOn })},
		{Title: "入党志愿书编号", Width: 16, Cell: func(_ int, r *RegisterRow) any {
			if r.VolunteerNo == nil {
				return ""
			}
			return *r.VolunteerNo
		}},
		{Title: "入党介绍人", Width: 18, Cell: func(_ int, r *RegisterRow) any { return r.Sponsors }},
	}}
}

// Yearly is the yearly table (RULES.md §6, 第十四、十五表 发展党员情况): the
// members developed in the year, counted along each dimension (every count
// is of the same people: each dimension sums to Total).
type Yearly struct {
	Year       int          `json:"year"`
	Total      int          `json:"total"`
	Gender     []YearlyCell `json:"gender"`
	Ethnicity  []YearlyCell `json:"ethnicity"`  // 汉族, 少数民族 (and 未填 when some lack it)
	Age        []YearlyCell `json:"age"`        // age on the day the higher committee approved (⑰)
	Education  []YearlyCell `json:"education"`  // the 中组部 groups of partystats.EducationGroups
	Occupation []YearlyCell `json:"occupation"` // the 中组部 occupation groups of occupationOf
	Category   []YearlyCell `json:"category"`   // the school's own 人员类别 (DJ_DY_RYLBXX)
}

// YearlyCell is one column of a dimension.
type YearlyCell struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// ageBand is the key of the band (partystats.AgeBands, RULES.md §6) of a
// person born on birth, aged on the approval date (RULES.md §6: new members
// by the date the higher committee approved); "unknown" without a birth date.
func ageBand(birth, approved date.Date) string {
	if birth.IsZero() || approved.IsZero() {
		return "unknown"
	}
	return partystats.AgeBandOf(birth.AgeOn(approved))
}

// educationGroup is the key of the education column
// (partystats.EducationGroups) of a DJ_DY_XLXX code; "unknown" (未填) for
// none or a code outside the dictionary: the record needs its education
// corrected, not a guess.
func educationGroup(code string) string {
	if g := partystats.EducationGroupOf(code); g != "" {
		return g
	}
	return "unknown"
}

// occupationGroups are the 中组部 occupation columns of 发展党员情况 that a
// university's people fall in (企事业单位 专业技术人员 and 管理人员 are the
// school's staff as 事业单位 people; 农牧渔民, 军人武警 and 党政机关工作人员
// have no school category or post and are left out).
var occupationGroups = [][2]string{{"student", "学生"}, {"professional", "专业技术人员"}, {"manager", "管理人员"},
	{"worker", "工人"}, {"retired", "离退休人员"}, {"other", "其他"}}

// occupationOf maps the school's 人员类别 (DJ_DY_RYLBXX) and, for staff, the
// 工作岗位 (DJ_DY_GZGWXX) onto the 中组部 groups: 本科生, 硕士 and 博士研究生 (2,
// 3, 4) or the post 3 → 学生; 离退休人员 (5) or the post 4 → 离退休人员; 其他 (6)
// or the post 5 → 其他; 教职工 by post: 012/014 管理人员 → 管理人员, 013/015
// 专业技术人员 → 专业技术人员, 016 工勤技能人员 → 工人, no post → 未填.
func occupationOf(category, post string) string {
	switch {
	case category == "2" || category == "3" || category == "4" || post == "3":
		return "student"
	case category == "5" || post == "4":
		return "retired"
	case post == "012" || post == "014":
		return "manager"
	case post == "013" || post == "015":
		return "professional"
	case post == "016":
		return "worker"
	case category == "6" || post == "5":
		return "other"
	}
	return "unknown"
}

// The staff member's post as the member record or the teacher registry gives it.
const postExpr = "COALESCE(NULLIF(m.post, ''), js.post, '')"

// yearly counts the records of q: one row per person read (the dimensions'
// values, the birth and approval dates), counted here, since the age is
// counted to the day on each one's approval date.
func (s *Service) yearly(ctx context.Context, q report.Query) (Yearly, error) {
	t := Yearly{Year: q.Year}
	sel, err := s.developed(ctx, q)
	if err != nil {
		return t, err
	}
	var rows []struct {
		Gender     string    `bun:"gender"`
		Ethnicity  string    `bun:"ethnicity"`
		Education  string    `bun:"education"`
		Category   string    `bun:"category"`
		Post       string    `bun:"post"`
		BirthDate  date.Date `bun:"birth_date"`
		ApprovedOn date.Date `bun:"approved_on"`
	}
	err = sel.ColumnExpr("r.gender, r.birth_date, r.approved_on").
		ColumnExpr("CASE WHEN "+ethnicityExpr+" = '' THEN 'unknown' WHEN "+ethnicityExpr+" = ? THEN 'han' ELSE 'minority' END AS ethnicity", ethnicityHan).
		ColumnExpr(educationExpr+" AS education").ColumnExpr(categoryExpr+" AS category").ColumnExpr(postExpr+" AS post").
		Scan(ctx, &rows)
	if err != nil {
		return t, httpx.Internal(err)
	}
	counts := map[string]map[string]int{"gender": {}, "ethnicity": {}, "age": {}, "education": {}, "occupation": {}, "category": {}}
	for _, r := range rows {
		t.Total++
		counts["gender"][r.Gender]++
		counts["ethnicity"][r.Ethnicity]++
		counts["age"][ageBand(r.BirthDate, r.ApprovedOn)]++
		counts["education"][educationGroup(r.Education)]++
		counts["occupation"][occupationOf(r.Category, r.Post)]++
		counts["category"][r.Category]++
	}
	items, err := s.sys.DictItems(ctx, []string{dictGender, dictCategory})
	if err != nil {
		return t, httpx.Internal(err)
	}
	// 男 and 女 always; the dictionary's other values (未知, 未说明) under 未填.
	var genders [][2]string
	for _, it := range items[dictGender] {
		if it.Value == genderMale || it.Value == genderFemale {
			genders = append(genders, [2]string{it.Value, it.Label})
		}
	}
	t.Gender = fixedCells(counts["gender"], genders)
	t.Ethnicity = fixedCells(counts["ethnicity"], [][2]string{{"han", "汉族"}, {"minority", "少数民族"}})
	var bands, educations [][2]string
	for _, b := range partystats.AgeBands {
		bands = append(bands, [2]string{b.Key, b.Title})
	}
	for _, g := range partystats.EducationGroups {
		educations = append(educations, [2]string{g.Key, g.Title})
	}
	t.Age = fixedCells(counts["age"], bands)
	t.Education = fixedCells(counts["education"], educations)
	t.Occupation = fixedCells(counts["occupation"], occupationGroups)
	t.Category = dictCells(counts["category"], items[dictCategory])
	return t, nil
}

// fixedCells are the columns of a dimension with fixed keys (each shown,
// zero or not), then "unknown"/other keys found (未填) when any.
func fixedCells(counts map[string]int, keys [][2]string) []YearlyCell {
	out := make([]YearlyCell, 0, len(keys)+1)
	rest := 0
	known := map[string]bool{}
	for _, k := range keys {
		known[k[0]] = true
		out = append(out, YearlyCell{Key: k[0], Label: k[1], Count: counts[k[0]]})
	}
	for k, n := range counts {
		if !known[k] {
			rest += n
		}
	}
	if rest > 0 {
		out = append(out, YearlyCell{Key: "unknown", Label: "未填", Count: rest})
	}
	return out
}

// dictCells are the columns of a dictionary dimension: the dictionary's
// items in their order with their counts (the items nobody has left out),
// then 未填 when some lack the value.
func dictCells(counts map[string]int, items []system.DictOption) []YearlyCell {
	out := []YearlyCell{}
	for _, it := range items {
		if n := counts[it.Value]; n > 0 {
			out = append(out, YearlyCell{Key: it.Value, Label: it.Label, Count: n})
			delete(counts, it.Value)
		}
	}
	rest := 0
	for _, n := range counts {
		rest += n
	}
	if rest > 0 {
		out = append(out, YearlyCell{Key: "unknown", Label: "未填", Count: rest})
	}
	return out
}

// yearlyLine is a line of the yearly table's workbook.
type yearlyLine struct {
	dimension, label string
	count            int
}

// yearlySheet is the yearly table's workbook: one line per dimension and
// column, as the party statistics forms list them (no title row: the sheet
// names it).
func yearlySheet(year int) report.Sheet[yearlyLine] {
	return report.Sheet[yearlyLine]{Name: fmt.Sprintf("%d年发展党员统计", year), Columns: []report.Column[yearlyLine]{
		{Title: "分类", Width: 16, Cell: func(_ int, l *yearlyLine) any { return l.dimension }},
		{Title: "项目", Width: 20, Cell: func(_ int, l *yearlyLine) any { return l.label }},
		{Title: "人数", Width: 10, Cell: func(_ int, l *yearlyLine) any { return strconv.Itoa(l.count) }},
	}}
}

// yearlyLines are t's lines: the total first, then each dimension's columns.
func yearlyLines(t Yearly) []yearlyLine {
	lines := []yearlyLine{{"合计", "发展党员", t.Total}}
	for _, d := range []struct {
		name  string
		cells []YearlyCell
	}{{"性别", t.Gender}, {"民族", t.Ethnicity}, {"年龄（审批时）", t.Age}, {"学历", t.Education}, {"职业", t.Occupation},
		{"人员类别", t.Category}} {
		for _, c := range d.cells {
			lines = append(lines, yearlyLine{d.name, c.Label, c.Count})
		}
	}
	return lines
}
