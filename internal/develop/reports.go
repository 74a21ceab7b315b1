package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
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

// reportRoutes registers the reports and their exports.
func (s *Service) reportRoutes(rs *httpx.Routes) {
	yearReport(s, rs, "/api/fzdy/reports/register", "发展党员名册", s.register,
		func(q ReportQuery, rows []RegisterRow) excel.Sheet { return registerSheet(q.Year, rows) })
	yearReport(s, rs, "/api/fzdy/reports/yearly", "发展党员年度统计", s.yearly,
		func(_ ReportQuery, t Yearly) excel.Sheet { return yearlySheet(t) })
}

// yearReport registers a report of a year at path (查看, its JSON) and
// path/export (导出, its workbook "<name>-<year>.xlsx"), both computed by
// compute from the same ?year=&orgId=.
func yearReport[T any](s *Service, rs *httpx.Routes, path, name string, compute func(context.Context, ReportQuery) (T, error),
	sheet func(ReportQuery, T) excel.Sheet) {
	run := func(r *http.Request) (ReportQuery, T, error) {
		var none T
		q, err := s.reportQuery(r)
		if err != nil {
			return q, none, err
		}
		t, err := compute(r.Context(), q)
		return q, t, err
	}
	rs.Get(path, PermReport, "查看"+name, func(w http.ResponseWriter, r *http.Request) error {
		_, t, err := run(r)
		if err != nil {
			return err
		}
		return httpx.OK(w, t)
	})
	rs.Get(path+"/export", PermReport, "导出"+name, func(w http.ResponseWriter, r *http.Request) error {
		q, t, err := run(r)
		if err != nil {
			return err
		}
		return excel.SendBook(w, fmt.Sprintf("%s-%d.xlsx", name, q.Year), sheet(q, t))
	})
}

// ReportQuery selects a report: the year and, optionally, an organisation
// of the caller's scope whose subtree it covers (0: the whole scope).
type ReportQuery struct {
	Year  int
	OrgID int64
}

// reportQuery reads ?year=&orgId= (400 naming the field; an organisation
// outside the caller's scope is 404).
func (s *Service) reportQuery(r *http.Request) (ReportQuery, error) {
	var q ReportQuery
	v := r.URL.Query()
	y, err := strconv.Atoi(v.Get("year"))
	if err != nil || y < 1921 || y > 2200 {
		return q, httpx.Invalid("year", "请选择年度（如 %d）", s.now().In(date.China).Year())
	}
	q.Year = y
	if raw := v.Get("orgId"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			return q, httpx.Invalid("orgId", "党组织编号不正确")
		}
		ok, err := s.orgs.InScope(r.Context(), id)
		if err != nil {
			return q, httpx.AsError(err)
		}
		if !ok {
			return q, httpx.NotFound("党组织不存在")
		}
		q.OrgID = id
	}
	return q, nil
}

// developed selects the records of q: approved (⑰) in the year, of the
// caller's scope, of the organisation's subtree when one is given; the
// member record made at ⑰ (m) and the registry's person (xs, js) joined,
// with the person's ethnicity and category as the member record or else
// the registry gives them.
func (s *Service) developed(ctx context.Context, q ReportQuery) (*bun.SelectQuery, error) {
	scope, err := s.scope(ctx)
	if err != nil {
		return nil, err
	}
	sel := s.db.NewSelect().TableExpr("dev_record AS r").
		Join("LEFT JOIN dyjbxx AS m ON m.id = r.member_id").
		Join("LEFT JOIN xsjbxx AS xs ON r.person_kind = 'student' AND xs.id = r.person_id").
		Join("LEFT JOIN jsjbxx AS js ON r.person_kind = 'teacher' AND js.id = r.person_id").
		Where("r.approved_on BETWEEN ? AND ?", date.Date(fmt.Sprintf("%04d-01-01", q.Year)), date.Date(fmt.Sprintf("%04d-12-31", q.Year)))
	if q.OrgID != 0 {
		sel = sel.Where("r.org_id IN (SELECT stz.id FROM dzz AS stz JOIN dzz AS str ON stz.path LIKE str.path || '%' WHERE str.id = ?)", q.OrgID)
	}
	return scope(sel), nil
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
func (s *Service) register(ctx context.Context, q ReportQuery) ([]RegisterRow, error) {
	sel, err := s.developed(ctx, q)
	if err != nil {
		return nil, err
	}
	rows := []RegisterRow{}
	err = sel.ColumnExpr("r.id, r.name, r.gender, r.birth_date, r.person_no, r.org_id, oz.name AS org_name").
		ColumnExpr(ethnicityExpr+" AS ethnicity").ColumnExpr(educationExpr+" AS education").ColumnExpr(categoryExpr+" AS category").
		ColumnExpr("r.applied_on, r.activist_on, r.target_on, r.admitted_on, r.approved_on, r.volunteer_no, sp.data AS sponsor_data").
		Join("JOIN dzz AS oz ON oz.id = r.org_id").
		Join("LEFT JOIN dev_step AS sp ON sp.record_id = r.id AND sp.step = ?", StepSponsors).
		OrderExpr("oz.code, oz.id, r.approved_on, r.id").Scan(ctx, &rows)
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
		var named []struct {
			ID   int64  `bun:"id"`
			Name string `bun:"name"`
		}
		if err := s.db.NewSelect().Table("dyjbxx").Column("id", "name").Where("id IN (?)", bun.In(ids)).Scan(ctx, &named); err != nil {
			return nil, httpx.Internal(err)
		}
		names := make(map[int64]string, len(named))
		for _, n := range named {
			names[n.ID] = n.Name
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

// registerSheet is the 名册 as a sheet.
func registerSheet(year int, rows []RegisterRow) excel.Sheet {
	sh := excel.Sheet{Name: fmt.Sprintf("%d年发展党员名册", year), Text: true,
		Header: []string{"序号", "姓名", "性别", "民族", "出生日期", "学历", "人员类别", "学号/工号", "所在党支部", "递交申请日期",
			"确定积极分子日期", "确定发展对象日期", "支部大会日期", "上级党委审批日期", "入党志愿书编号", "入党介绍人"},
		Widths: []float64{6, 10, 6, 10, 12, 14, 12, 14, 28, 14, 16, 16, 14, 16, 16, 18}}
	for i, r := range rows {
		no := ""
		if r.VolunteerNo != nil {
			no = *r.VolunteerNo
		}
		sh.Rows = append(sh.Rows, []string{strconv.Itoa(i + 1), r.Name, r.GenderLabel, r.EthnicityLabel, string(r.BirthDate),
			r.EducationLabel, r.CategoryLabel, r.PersonNo, r.OrgName, string(r.AppliedOn), string(r.ActivistOn), string(r.TargetOn),
			string(r.AdmittedOn), string(r.ApprovedOn), no, r.Sponsors})
	}
	return sh
}

// Yearly is the yearly table: the members developed in the year, counted
// along each dimension (every count is of the same people: each dimension
// sums to Total).
type Yearly struct {
	Year      int          `json:"year"`
	Total     int          `json:"total"`
	Gender    []YearlyCell `json:"gender"`
	Ethnicity []YearlyCell `json:"ethnicity"` // 汉族, 少数民族 (and 未填 when some lack it)
	Age       []YearlyCell `json:"age"`       // age on 31 December of the year
	Education []YearlyCell `json:"education"`
	Category  []YearlyCell `json:"category"`
}

// YearlyCell is one column of a dimension.
type YearlyCell struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// ageBands are the age columns of the yearly table (RULES.md §6 statistics):
// the key, the label and the youngest and oldest age (-1: open).
var ageBands = []struct {
	key, label string
	lo, hi     int
}{{"le25", "25岁及以下", -1, 25}, {"26to35", "26至35岁", 26, 35}, {"36to45", "36至45岁", 36, 45},
	{"46to54", "46至54岁", 46, 54}, {"ge55", "55岁及以上", 55, -1}}

// ageBandExpr is the SQL CASE putting a birth date into its band by the age
// on 31 December of year (so the age is the year minus the birth year and
// each band is a range of birth dates: the same SQL on SQLite and
// PostgreSQL). A missing birth date is "unknown".
func ageBandExpr(year int) (string, []any) {
	var b strings.Builder
	var args []any
	b.WriteString("CASE WHEN r.birth_date IS NULL THEN 'unknown'")
	for _, band := range ageBands {
		// age ≤ hi ⇔ born on or after 1 January of year − hi; age ≥ lo ⇔ born on or before 31 December of year − lo.
		var conds []string
		if band.hi >= 0 {
			conds = append(conds, "r.birth_date >= ?")
			args = append(args, date.Date(fmt.Sprintf("%04d-01-01", year-band.hi)))
		}
		if band.lo >= 0 {
			conds = append(conds, "r.birth_date <= ?")
			args = append(args, date.Date(fmt.Sprintf("%04d-12-31", year-band.lo)))
		}
		b.WriteString(" WHEN " + strings.Join(conds, " AND ") + " THEN '" + band.key + "'")
	}
	b.WriteString(" ELSE 'unknown' END")
	return b.String(), args
}

// yearly counts the records of q in one SQL statement: the selection as a
// CTE, then one GROUP BY per dimension, UNION ALL.
func (s *Service) yearly(ctx context.Context, q ReportQuery) (Yearly, error) {
	t := Yearly{Year: q.Year}
	sel, err := s.developed(ctx, q)
	if err != nil {
		return t, err
	}
	age, ageArgs := ageBandExpr(q.Year)
	sel = sel.ColumnExpr("r.gender AS gender").
		ColumnExpr("CASE WHEN "+ethnicityExpr+" = '' THEN 'unknown' WHEN "+ethnicityExpr+" = ? THEN 'han' ELSE 'minority' END AS ethnicity", ethnicityHan).
		ColumnExpr(age+" AS age", ageArgs...).
		ColumnExpr(educationExpr + " AS education").ColumnExpr(categoryExpr + " AS category")
	var groups []struct {
		Dim   string `bun:"dim"`
		Key   string `bun:"k"`
		Count int    `bun:"n"`
	}
	dims := []string{"gender", "ethnicity", "age", "education", "category"}
	var parts []string
	for _, d := range dims {
		parts = append(parts, fmt.Sprintf("SELECT '%s' AS dim, d.%s AS k, COUNT(*) AS n FROM developed AS d GROUP BY d.%s", d, d, d))
	}
	err = s.db.NewRaw("WITH developed AS (?) "+strings.Join(parts, " UNION ALL "), sel).Scan(ctx, &groups)
	if err != nil {
		return t, httpx.Internal(err)
	}
	items, err := s.sys.DictItems(ctx, []string{dictGender, dictEducation, dictCategory})
	if err != nil {
		return t, httpx.Internal(err)
	}
	counts := map[string]map[string]int{}
	for _, g := range groups {
		if counts[g.Dim] == nil {
			counts[g.Dim] = map[string]int{}
		}
		counts[g.Dim][g.Key] += g.Count
		if g.Dim == "gender" {
			t.Total += g.Count
		}
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
	var bands [][2]string
	for _, b := range ageBands {
		bands = append(bands, [2]string{b.key, b.label})
	}
	t.Age = fixedCells(counts["age"], bands)
	t.Education = dictCells(counts["education"], items[dictEducation])
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

// yearlySheet is the yearly table as a sheet: one line per dimension and
// column, as the party statistics forms list them.
func yearlySheet(t Yearly) excel.Sheet {
	sh := excel.Sheet{Name: fmt.Sprintf("%d年发展党员统计", t.Year), Header: []string{"分类", "项目", "人数"}, Widths: []float64{12, 20, 10}}
	sh.Rows = append(sh.Rows, []string{"合计", "发展党员", strconv.Itoa(t.Total)})
	for _, d := range []struct {
		name  string
		cells []YearlyCell
	}{{"性别", t.Gender}, {"民族", t.Ethnicity}, {"年龄", t.Age}, {"学历", t.Education}, {"人员类别", t.Category}} {
		for _, c := range d.cells {
			sh.Rows = append(sh.Rows, []string{d.name, c.Label, strconv.Itoa(c.Count)})
		}
	}
	return sh
}

// extraRoutes are the reports and the notice's Word download (service.go
// Routes calls it).
func (s *Service) extraRoutes(rs *httpx.Routes) {
	s.reportRoutes(rs)
	s.noticeDocRoutes(rs)
}
