package develop_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
)

// yearlyCounts flattens a yearly table: "dimension/key" → count.
func yearlyCounts(t develop.Yearly) map[string]int {
	out := map[string]int{"total": t.Total}
	for _, d := range []struct {
		name  string
		cells []develop.YearlyCell
	}{{"gender", t.Gender}, {"ethnicity", t.Ethnicity}, {"age", t.Age}, {"education", t.Education},
		{"occupation", t.Occupation}, {"category", t.Category}} {
		for _, c := range d.cells {
			out[d.name+"/"+c.Key] = c.Count
		}
	}
	return out
}

// RULES.md §6 (发展党员情况): the yearly table counts the members developed in
// the year (approved at ⑰ from 1 January to 31 December, both included) by
// gender, ethnicity, age on the approval date in the bands ≤30, 31–35, …,
// 56–60, ≥61 (edges: exactly 30, 31, 60, 61 on that day), education in the
// groups 研究生/大学本科/大学专科/中专/高中及以下 (else 未填), the 中组部
// occupation groups and the school's category, within the caller's scope and
// the organisation asked for.
func TestExtraYearlyCountsAtTheEdges_RULES6(t *testing.T) {
	t.Parallel()
	w := newExtraWorld(t)
	cs, math := w.branch, w.mathBranch
	for _, p := range []extraPerson{
		// 2025: age on the approval date.
		{name: "甲", gender: "1", ethnicity: "01", education: "61", category: "2", birth: "1995-06-01", approved: "2025-06-01", orgID: cs},              // 30 that day
		{name: "乙", gender: "2", ethnicity: "03", education: "61", category: "2", birth: "1994-06-02", approved: "2025-06-01", orgID: cs},              // 30, 31 the next day
		{name: "丙", gender: "2", ethnicity: "01", education: "21", category: "3", birth: "1994-06-01", approved: "2025-06-01", orgID: cs},              // 31 that day
		{name: "丁", gender: "1", ethnicity: "01", education: "14", category: "1", post: "013", birth: "1994-12-31", approved: "2025-12-31", orgID: cs}, // 31 on 31 December
		{name: "戊", gender: "1", ethnicity: "01", education: "31", category: "1", post: "012", birth: "1985-01-01", approved: "2025-06-01", orgID: cs}, // 40
		{name: "己", gender: "1", ethnicity: "01", education: "41", category: "1", post: "016", birth: "1964-06-02", approved: "2025-06-01", orgID: cs}, // 60
		{name: "庚", gender: "2", ethnicity: "01", education: "20", category: "5", birth: "1964-06-01", approved: "2025-06-01", orgID: cs},              // 61 that day
		{name: "辛", gender: "2", ethnicity: "01", education: "90", category: "6", birth: "1960-01-01", approved: "2025-01-01", orgID: cs},              // 65
		// A teacher approved without a member record (40): 教职工 from the registry's kind, no post, ethnicity and education 未填.
		{name: "壬", gender: "1", birth: "1985-05-05", approved: "2025-07-01", orgID: cs, kind: "teacher", noMember: true},
		// Born on 29 February: 31 only on 1 March of a common year.
		{name: "卯", gender: "1", ethnicity: "01", education: "11", category: "4", birth: "1996-02-29", approved: "2027-02-28", orgID: cs},
		{name: "辰", gender: "1", ethnicity: "01", education: "11", category: "4", birth: "1996-02-29", approved: "2027-03-01", orgID: cs},
		// Outside the year.
		{name: "癸", gender: "1", ethnicity: "01", education: "61", category: "2", birth: "2001-01-01", approved: "2024-12-31", orgID: cs},
		{name: "子", gender: "1", ethnicity: "01", education: "61", category: "2", birth: "2001-01-01", approved: "2026-01-01", orgID: cs},
		// Not approved yet.
		{name: "丑", gender: "1", birth: "2003-01-01", orgID: cs},
		// 数学: out of 计算机's scope.
		{name: "寅", gender: "2", ethnicity: "05", education: "61", category: "2", birth: "2002-02-02", approved: "2025-03-03", orgID: math},
	} {
		w.record(t, p)
	}
	leap := yearlyCounts(apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET", "/api/fzdy/reports/yearly?year=2027", w.e.AdminTK, nil))
	if leap["age/age30"] != 1 || leap["age/age35"] != 1 || leap["education/eduPostgrad"] != 2 || leap["occupation/student"] != 2 {
		t.Errorf("2027 (born 29 February) = %v", leap)
	}
	admin := apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET", "/api/fzdy/reports/yearly?year=2025", w.e.AdminTK, nil)
	got := yearlyCounts(admin)
	want := map[string]int{"total": 10, "gender/1": 5, "gender/2": 5,
		"ethnicity/han": 7, "ethnicity/minority": 2, "ethnicity/unknown": 1,
		"age/age30": 3, "age/age35": 2, "age/age40": 2, "age/age45": 0, "age/age60": 1, "age/age61": 2,
		"education/eduPostgrad": 1, "education/eduBachelor": 2, "education/eduCollege": 1, "education/eduSecondary": 1,
		"education/eduHigh": 4, "education/unknown": 1,
		"occupation/student": 4, "occupation/professional": 1, "occupation/manager": 1, "occupation/worker": 1,
		"occupation/retired": 1, "occupation/other": 1, "occupation/unknown": 1,
		"category/1": 4, "category/2": 3, "category/3": 1, "category/5": 1, "category/6": 1}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("admin 2025 %s = %d, want %d (all: %v)", k, got[k], n, got)
		}
	}
	if admin.Age[0].Label != "30岁及以下" || admin.Age[7].Label != "61岁及以上" || admin.Education[0].Label != "研究生" ||
		admin.Occupation[0].Label != "学生" || admin.Ethnicity[0].Label != "汉族" || admin.Gender[0].Label != "男" {
		t.Errorf("labels: %+v %+v %+v %+v %+v", admin.Age, admin.Education, admin.Occupation, admin.Ethnicity[0], admin.Gender[0])
	}

	cs25 := yearlyCounts(apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET", "/api/fzdy/reports/yearly?year=2025", w.csTK, nil))
	if cs25["total"] != 9 || cs25["ethnicity/minority"] != 1 {
		t.Errorf("计算机 2025 = %v, want 9 of its own (数学's 寅 out of scope)", cs25)
	}
	math25 := yearlyCounts(apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET", "/api/fzdy/reports/yearly?year=2025", w.mathTK, nil))
	if math25["total"] != 1 || math25["ethnicity/minority"] != 1 {
		t.Errorf("数学 2025 = %v, want 寅 alone", math25)
	}
	byOrg := yearlyCounts(apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET",
		fmt.Sprintf("/api/fzdy/reports/yearly?year=2025&orgId=%d", w.math), w.e.AdminTK, nil))
	if byOrg["total"] != 1 {
		t.Errorf("admin 2025 of 数学学院党委's subtree = %v, want 1", byOrg)
	}
	for year, n := range map[int]int{2024: 1, 2026: 1, 2023: 0} {
		got := apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/reports/yearly?year=%d", year), w.csTK, nil)
		if got.Total != n {
			t.Errorf("计算机 %d total = %d, want %d", year, got.Total, n)
		}
	}
	// An empty year still shows the fixed columns (zeros).
	empty := apptest.DoJSON[develop.Yearly](t, w.e, 200, "GET", "/api/fzdy/reports/yearly?year=2023", w.csTK, nil)
	if len(empty.Gender) != 2 || len(empty.Ethnicity) != 2 || len(empty.Age) != 8 || len(empty.Education) != 5 || len(empty.Occupation) != 6 {
		t.Errorf("empty year's columns: %+v", empty)
	}
}

// The 名册 lists the year's developed members of the scope with their dates,
// number and sponsors (⑨'s members by name), by branch then approval.
func TestExtraRegister(t *testing.T) {
	t.Parallel()
	w := newExtraWorld(t)
	s1 := w.record(t, extraPerson{name: "介绍人甲", gender: "1", ethnicity: "01", education: "11", category: "1", birth: "1980-01-01", approved: "2020-05-05", orgID: w.branch})
	s2 := w.record(t, extraPerson{name: "介绍人乙", gender: "2", ethnicity: "01", education: "11", category: "1", birth: "1981-01-01", approved: "2020-05-05", orgID: w.branch})
	late := w.record(t, extraPerson{name: "李四", gender: "2", ethnicity: "03", education: "61", category: "2", birth: "2003-04-05", approved: "2025-09-01", orgID: w.branch})
	early := w.record(t, extraPerson{name: "张三", gender: "1", ethnicity: "01", education: "61", category: "2", birth: "2003-01-02", approved: "2025-03-01", orgID: w.branch})
	w.record(t, extraPerson{name: "王五", gender: "1", ethnicity: "01", education: "61", category: "2", birth: "2003-01-02", approved: "2025-03-01", orgID: w.mathBranch})
	w.sponsors(t, early, w.memberOf(t, s1), w.memberOf(t, s2))

	rows := apptest.DoJSON[[]develop.RegisterRow](t, w.e, 200, "GET", "/api/fzdy/reports/register?year=2025", w.csTK, nil)
	if len(rows) != 2 || rows[0].ID != early || rows[1].ID != late {
		t.Fatalf("计算机's register 2025 = %+v, want 张三 then 李四", rows)
	}
	r := rows[0]
	if r.GenderLabel != "男" || r.EthnicityLabel != "汉族" || r.EducationLabel == "" || r.EducationLabel == "61" ||
		r.CategoryLabel != "本科生" || r.OrgName != "计算机教工党支部" || r.Sponsors != "介绍人甲、介绍人乙" ||
		r.ApprovedOn != "2025-03-01" || r.AdmittedOn != "2025-02-09" || r.VolunteerNo == nil || r.BirthDate != "2003-01-02" {
		t.Errorf("张三's row = %+v", r)
	}
	if rows[1].Sponsors != "" || rows[1].EthnicityLabel != "回族" {
		t.Errorf("李四's row = %+v", rows[1])
	}
	all := apptest.DoJSON[[]develop.RegisterRow](t, w.e, 200, "GET", "/api/fzdy/reports/register?year=2025", w.e.AdminTK, nil)
	if len(all) != 3 {
		t.Errorf("admin's register = %d rows, want 3", len(all))
	}

	book := apptest.Download(t, w.e.Do("GET", "/api/fzdy/reports/register/export?year=2025", w.csTK, nil))
	sheet := book.GetSheetName(0)
	sheetRows, err := book.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	if len(sheetRows) != 3 || sheetRows[1][1] != "张三" || sheetRows[1][15] != "介绍人甲、介绍人乙" || sheetRows[2][1] != "李四" {
		t.Errorf("register workbook = %v", sheetRows)
	}
	book = apptest.Download(t, w.e.Do("GET", "/api/fzdy/reports/yearly/export?year=2025", w.csTK, nil))
	sheetRows, err = book.GetRows(book.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(sheetRows) < 2 || sheetRows[1][0] != "合计" || sheetRows[1][2] != "2" {
		t.Errorf("yearly workbook = %v", sheetRows)
	}
	// The workbook lists the web table's columns (RULES.md §6 groups), zeros included.
	lines := map[string]bool{}
	for _, r := range sheetRows {
		lines[strings.Join(r, "/")] = true
	}
	for _, want := range []string{"年龄（审批时）/30岁及以下", "年龄（审批时）/61岁及以上", "学历/研究生", "学历/高中及以下", "职业/学生", "职业/工人"} {
		if !lines[want+"/0"] && !lines[want+"/1"] && !lines[want+"/2"] {
			t.Errorf("yearly workbook lacks %s: %v", want, sheetRows)
		}
	}
}

// Every report route: 401 signed out, 403 without fzdy:report, 400 naming
// the year, 404 for an organisation outside the scope.
func TestExtraReportsRefusals(t *testing.T) {
	t.Parallel()
	w := newExtraWorld(t)
	for _, path := range []string{"/api/fzdy/reports/register", "/api/fzdy/reports/register/export",
		"/api/fzdy/reports/yearly", "/api/fzdy/reports/yearly/export"} {
		apptest.Expect(t, w.e.Do("GET", path+"?year=2025", "", nil), 401)
		apptest.Expect(t, w.e.Do("GET", path+"?year=2025", w.noReportTK, nil), 403)
		apptest.Expect(t, w.e.Do("GET", path+"?year=2025", w.noListTK, nil), 403)
		for _, bad := range []string{"", "?year=abc", "?year=99"} {
			res := w.e.Do("GET", path+bad, w.csTK, nil)
			apptest.Expect(t, res, 400)
			if !strings.Contains(string(res.Body), "year") {
				t.Errorf("%s%s: %s does not name the year", path, bad, res.Body)
			}
		}
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("%s?year=2025&orgId=%d", path, w.math), w.csTK, nil), 404)
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("%s?year=2025&orgId=%d", path, 999999), w.csTK, nil), 404)
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("%s?year=2025&orgId=%d", path, w.branch), w.csTK, nil), 200)
	}
}
