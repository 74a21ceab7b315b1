package annual_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/stats/annual"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

// china is the instant of a China wall-clock time.
func china(y int, m time.Month, d, h, min, s int) time.Time {
	return time.Date(y, m, d, h, min, s, 0, time.FixedZone("CST", 8*3600)).UTC()
}

// world is a school of two 二级党委 (计算机: branches A and B; 数学: branch C)
// whose members were recorded through 2025 and changed after it.
type world struct {
	e                    *apptest.Env
	root, cs, math       int64
	branchA, branchB, c2 int64
	ids                  map[string]int64
	clock                *clock
}

// The members, as recorded by the end of 2025 (the reporting date 2025-12-31):
//   - 甲 turned 31 on the reporting date (31至35岁); her 学历 was changed in 2026 (the table keeps 研究生);
//   - 乙 turns 31 the day after (30岁及以下), a probationary member of the 蒙古族;
//   - 丙 a retired member who joined in 1975 (十一届三中全会前); 丁 joined the day the 18th Congress
//     opened (党的十八大以来), as the others did after it;
//   - 戊 transferred out of the school on 1 January 2026 (still counted); 己 moved from branch B to C at
//     23:59:59 on 31 December (counted at C); 庚 was recorded in 2026 (not counted).
func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{e: apptest.New(t), ids: map[string]int64{}, clock: &clock{}}
	c := w.e.Campus(t)
	w.root, w.cs, w.math, w.branchA = c.Root, c.CS, c.Math, c.Branch
	w.branchB = w.e.Org(t, w.cs, "5", "计算机学生党支部")
	w.c2 = w.e.Org(t, w.math, "5", "数学教工党支部")
	w.e.App.Members.SetClock(w.clock.Now)
	w.e.App.Annual.SetClock(func() time.Time { return china(2026, 3, 1, 9, 0, 0) })

	w.clock.Set(china(2025, 3, 1, 9, 0, 0))
	add := func(name string, org int64, kv ...any) {
		b := apptest.FullMember(name, org, append([]any{"gender", member.GenderMale, "birthDate", "1990-01-01"}, kv...)...)
		w.ids[name] = apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", w.e.AdminTK, b).ID
	}
	jia := []any{"gender", member.GenderFemale, "birthDate", "1994-12-31", "appliedOn", "2013-01-01", "joinedOn", "2014-06-30", "fullOn", "2015-06-30"}
	add("甲", w.branchA, jia...)
	w.clock.Set(china(2025, 7, 1, 9, 0, 0)) // after 乙 joined
	add("乙", w.branchA, "ethnicity", "02", "education", "21", "personCategory", "2", "birthDate", "1995-01-01",
		"partyStatus", member.PartyProbation, "appliedOn", "2023-03-01", "joinedOn", "2025-06-01", "fullOn", "")
	add("丙", w.branchB, "education", "31", "personCategory", "5", "birthDate", "1950-05-05", "appliedOn", "1974-01-01",
		"joinedOn", "1975-01-01", "fullOn", "1976-01-01")
	add("丁", w.c2, "gender", member.GenderFemale, "education", "41", "personCategory", "6", "birthDate", "1980-01-01",
		"appliedOn", "2011-01-01", "joinedOn", "2012-11-08", "fullOn", "2013-11-08")
	add("戊", w.c2)
	add("己", w.branchB)

	move := func(at time.Time, name string, ch member.Change) {
		w.clock.Set(at)
		if err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			return w.e.App.Members.ChangeTx(ctx, tx, w.ids[name], ch, audit.OriginUserUpdate)
		}); err != nil {
			t.Fatal(err)
		}
	}
	move(china(2025, 12, 31, 23, 59, 59), "己", member.Change{OrgID: w.c2})
	move(china(2026, 1, 1, 0, 0, 0), "戊", member.Change{MemberStatus: member.StatusTransferredOut})
	w.clock.Set(china(2026, 1, 2, 9, 0, 0))
	add("庚", w.branchA)
	w.clock.Set(china(2026, 2, 1, 9, 0, 0))
	b := apptest.FullMember("甲", w.branchA, append(jia, "id", w.ids["甲"], "education", "21")...)
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, b), 200)
	return w
}

func (w *world) table(t *testing.T, token, query string, status int) annual.Result {
	t.Helper()
	res := w.e.Do("GET", "/api/dntj/tables/members?"+query, token, nil)
	apptest.Expect(t, res, status)
	var out annual.Result
	if status == 200 {
		res.JSON(t, &out)
	}
	return out
}

// want compares the counts named in want, naming the line.
func want(t *testing.T, line string, got map[string]int, want map[string]int) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s = %d, want %d", line, k, got[k], v)
		}
	}
}

// 党员基本情况 (RULES.md §6) at 2025-12-31, hand-counted: by sex, ethnicity,
// standing, age band (a member who turned 31 on the reporting date is
// 31至35岁, one who turns 31 the day after 30岁及以下), education group,
// joining period (the day the 18th Congress opened is 党的十八大以来) and
// occupation; by formal relation at the end of the day (a move at
// 23:59:59 counts at the new branch; a transfer out the next day, and
// edits made since, change nothing).
func TestMemberBasicsAtTheEndOfTheYear(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	got := w.table(t, w.e.AdminTK, fmt.Sprintf("date=2025-12-31&orgId=%d", w.root), 200)
	want(t, "合计", got.Total.Counts, map[string]int{
		"total": 6, "female": 2, "minority": 1, "probation": 1,
		"age30": 1, "age35": 3, "age40": 0, "age45": 1, "age61": 1, "ageNone": 0,
		"eduPostgrad": 3, "eduBachelor": 1, "eduCollege": 1, "eduSecondary": 1, "eduHigh": 0, "eduNone": 0,
		"joinPre1949": 0, "join1949": 1, "join1978": 0, "join2012": 5, "joinNone": 0,
		"occ_professional": 3, "occ_student": 1, "occ_retired": 1, "occ_other": 1, "occNone": 0,
	})
	if len(got.Lines.Content) != 2 || got.Lines.Content[0].OrgID != w.cs || got.Lines.Content[1].OrgID != w.math {
		t.Fatalf("lines: %+v", got.Lines.Content)
	}
	want(t, "计算机", got.Lines.Content[0].Counts, map[string]int{"total": 3, "female": 1, "age30": 1, "age35": 1, "age61": 1})
	want(t, "数学", got.Lines.Content[1].Counts, map[string]int{"total": 3, "female": 1, "age35": 2, "age45": 1})
	for _, c := range got.Checks {
		if !c.OK {
			t.Errorf("check %s failed: %s", c.Name, c.Detail)
		}
	}
	if len(got.Checks) != 5 {
		t.Fatalf("checks: %+v", got.Checks)
	}

	// The day before 己 moved, at branch level under 计算机: 己 still at B.
	before := w.table(t, w.e.AdminTK, fmt.Sprintf("date=2025-12-30&orgId=%d&level=branch", w.cs), 200)
	want(t, "计算机 2025-12-30", before.Total.Counts, map[string]int{"total": 4})
	if n := len(before.Lines.Content); n != 2 || before.Lines.Content[1].Counts["total"] != 2 {
		t.Fatalf("branches of 计算机 on 2025-12-30: %+v", before.Lines.Content)
	}
	// Today's table: 戊 out, 庚 (研究生) in, 甲 now 大学本科.
	now := w.table(t, w.e.AdminTK, fmt.Sprintf("date=2026-03-01&orgId=%d", w.root), 200)
	want(t, "2026-03-01", now.Total.Counts, map[string]int{"total": 6, "eduPostgrad": 2, "eduBachelor": 2})
}

// The department's occupation mapping moves members between the groups;
// the sum still holds. Bad values change nothing.
func TestOccupationMapping(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bad := w.e.Do("PUT", "/api/dntj/occupations", w.e.AdminTK, map[string]any{"mapping": map[string]string{"1": "nobody"}})
	apptest.ExpectMessage(t, bad, 400, "职业分类“nobody”不存在")
	bad = w.e.Do("PUT", "/api/dntj/occupations", w.e.AdminTK, map[string]any{"mapping": map[string]string{"99": "student"}})
	apptest.ExpectMessage(t, bad, 400, "人员类别“99”不存在")
	apptest.Expect(t, w.e.Do("PUT", "/api/dntj/occupations", w.e.AdminTK, map[string]any{"mapping": map[string]string{
		"1": "manager", "2": "student", "5": "retired"}}), 200)
	got := w.table(t, w.e.AdminTK, "date=2025-12-31", 200)
	want(t, "合计", got.Total.Counts, map[string]int{"occ_professional": 0, "occ_manager": 3, "occ_other": 0, "occNone": 1})
	for _, c := range got.Checks {
		if !c.OK {
			t.Errorf("check %s failed: %s", c.Name, c.Detail)
		}
	}
}

// A committee officer counts their subtree only; another committee is 404
// like one that does not exist; the routes need their permissions; a
// future date or a bad level is refused.
func TestScopeAndPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mathTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, annual.PermList, annual.PermExport)
	got := w.table(t, mathTK, "date=2025-12-31", 200)
	want(t, "数学 scope", got.Total.Counts, map[string]int{"total": 3})
	w.table(t, mathTK, fmt.Sprintf("date=2025-12-31&orgId=%d", w.cs), 404)
	w.table(t, mathTK, "date=2025-12-31&orgId=999999", 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dntj/tables/members/export?orgId=%d", w.cs), mathTK, nil), 404)
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dntj/tables/members?date=2026-03-02", mathTK, nil), 400, "统计日期不能晚于今天")
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dntj/tables/members?level=unit", mathTK, nil), 400, "不支持的统计层级：unit")
	apptest.Expect(t, w.e.Do("GET", "/api/dntj/tables/nope", mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("PUT", "/api/dntj/occupations", mathTK, map[string]any{"mapping": map[string]string{}}), 403)

	for _, p := range []string{"/api/dntj/tables", "/api/dntj/tables/members", "/api/dntj/tables/members/export", "/api/dntj/occupations"} {
		apptest.Expect(t, w.e.Do("GET", p, "", nil), 401)
	}
	noTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.root, "dzz:list")
	for _, p := range []string{"/api/dntj/tables", "/api/dntj/tables/members", "/api/dntj/tables/members/export", "/api/dntj/occupations"} {
		apptest.Expect(t, w.e.Do("GET", p, noTK, nil), 403)
	}
	listTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.root, annual.PermList)
	apptest.Expect(t, w.e.Do("GET", "/api/dntj/tables/members/export", listTK, nil), 403)
}

// The workbook is the table as filed: the title names the organisation,
// the date and the unit; the grouped head; the total first.
func TestExportWorkbook(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res := w.e.Do("GET", fmt.Sprintf("/api/dntj/tables/members/export?date=2025-12-31&orgId=%d", w.root), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	book, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := book.GetRows("党员基本情况")
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][0] != "党员基本情况（填报单位：学校党委；统计截至2025年12月31日；单位：名）" {
		t.Fatalf("title: %q", rows[0][0])
	}
	if rows[1][0] != "党组织" || rows[1][1] != "党员总数" || rows[1][2] != "其中" || rows[2][2] != "女" || rows[1][5] != "年龄" || rows[2][5] != "30岁及以下" {
		t.Fatalf("head: %q / %q", rows[1], rows[2])
	}
	if rows[3][0] != "合计" || rows[3][1] != "6" || rows[4][0] != "计算机学院党委" || rows[5][0] != "数学学院党委" || len(rows) != 6 {
		t.Fatalf("rows: %q", rows[3:])
	}
}

// Every line of the subtree files, one without members with its zeros; a
// revoked branch has no line; another committee's branches are not lines
// of a committee officer.
func TestLinesWithoutMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	empty := w.e.Org(t, w.math, "5", "数学新建党支部")
	gone := w.e.Org(t, w.math, "5", "数学撤销党支部")
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("status = '2'").Where("id = ?", gone).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := w.table(t, w.e.AdminTK, fmt.Sprintf("date=2025-12-31&orgId=%d&level=branch", w.math), 200)
	if len(got.Lines.Content) != 2 || got.Lines.Content[0].OrgID != w.c2 || got.Lines.Content[1].OrgID != empty || got.Lines.TotalElements != 2 {
		t.Fatalf("lines: %+v", got.Lines)
	}
	want(t, "数学新建党支部", got.Lines.Content[1].Counts, map[string]int{"total": 0, "female": 0, "ageNone": 0})
	want(t, "数学教工党支部", got.Lines.Content[0].Counts, map[string]int{"total": 3})
	mathTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, annual.PermList)
	all := w.table(t, mathTK, "date=2025-12-31&level=branch", 200)
	if all.Lines.TotalElements != 2 {
		t.Fatalf("a committee officer's lines: %+v", all.Lines)
	}
}
