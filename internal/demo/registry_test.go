package demo_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/demo"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/people"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
	"zhdj/internal/unit"

	"github.com/uptrace/bun"
)

// Every unit is described (dw_info) with a type matching what it is and a
// paired organisation in the subtree of its college's organisation; the
// colleges have one or two leadership teams of a known kind.
func checkSeededUnitsAreDescribed(t *testing.T, w seededWorld) {
	e, res := w.e, w.res
	ctx := context.Background()
	var depts []system.Dept
	var infos []unit.Info
	var orgs []org.Org
	var teams []unit.Team
	for _, q := range []*bun.SelectQuery{e.DB.NewSelect().Model(&depts), e.DB.NewSelect().Model(&infos),
		e.DB.NewSelect().Model(&orgs), e.DB.NewSelect().Model(&teams)} {
		if err := q.Scan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	deptByID := map[int64]system.Dept{}
	for _, d := range depts {
		deptByID[d.ID] = d
	}
	infoOf := map[int64]unit.Info{}
	codes := map[string]bool{}
	for _, i := range infos {
		infoOf[i.DeptID] = i
		if codes[i.Code] {
			t.Fatalf("unit code %s twice", i.Code)
		}
		codes[i.Code] = true
	}
	orgByID := map[int64]org.Org{}
	var root org.Org
	for _, o := range orgs {
		orgByID[o.ID] = o
		if o.PID == nil {
			root = o
		}
	}
	// The organisation of a top-level unit: the secondary organisation whose unit it is.
	secondaryOf := map[int64]org.Org{}
	for _, o := range orgs {
		if o.PID != nil && *o.PID == root.ID {
			secondaryOf[*o.UnitDeptID] = o
		}
	}
	teamsOf := map[int64][]unit.Team{}
	for _, tm := range teams {
		teamsOf[tm.DeptID] = append(teamsOf[tm.DeptID], tm)
		if tm.Kind != "1" && tm.Kind != "2" && tm.Kind != "3" {
			t.Fatalf("team %s kind %q", tm.Name, tm.Kind)
		}
	}
	colleges := 0
	today := date.Of(time.Now())
	for _, d := range depts {
		info, ok := infoOf[d.ID]
		if !ok {
			t.Fatalf("unit %s has no information", d.Name)
		}
		if info.Status != unit.StatusNormal || info.LeaderName == "" || info.ContactPhone == "" || info.ShortName == "" ||
			info.FoundedOn == "" || info.FoundedOn > today || info.DzzID == nil {
			t.Fatalf("unit %s: %+v", d.Name, info)
		}
		paired := orgByID[*info.DzzID]
		if d.PID == nil {
			if paired.ID != root.ID {
				t.Fatalf("the root unit is paired with %s", paired.Name)
			}
			continue
		}
		top := d
		for top.PID != nil && *top.PID != res.RootDeptID {
			top = deptByID[*top.PID]
		}
		college, ok := secondaryOf[top.ID]
		if !ok || !strings.HasPrefix(paired.Path, college.Path) {
			t.Fatalf("unit %s (under %s) is paired with %s (%s), outside %s (%s)", d.Name, top.Name, paired.Name, paired.Path, college.Name, college.Path)
		}
		wantType := "3" // 直属单位
		switch {
		case top.Name == "机关":
			wantType = "2"
		case strings.HasSuffix(top.Name, "学院"):
			wantType = "1"
		}
		if info.Type != wantType {
			t.Fatalf("unit %s: type %s, want %s", d.Name, info.Type, wantType)
		}
		if n := len(teamsOf[d.ID]); info.Type == "1" && (n < 1 || n > 2) || info.Type != "1" && n != 0 {
			t.Fatalf("unit %s (type %s) has %d leadership teams", d.Name, info.Type, n)
		}
		if info.Type == "1" {
			colleges++
		}
	}
	if colleges != 23 || len(infos) != res.Units+1 {
		t.Fatalf("%d colleges, %d infos for %d units", colleges, len(infos), res.Units)
	}
	// The API shows them as described.
	var page struct {
		Content []unit.View
	}
	r := e.Do("GET", "/api/dwxx?size=100", e.AdminTK, nil)
	r.JSON(t, &page)
	if r.Status != 200 || len(page.Content) == 0 || !page.Content[0].HasInfo || page.Content[0].DzzName == "" {
		t.Fatalf("unit list %d: %+v", r.Status, page.Content)
	}
}

// Every member is also in the people registry: a staff or retired member
// a teacher with the same staff number, ID number and unit, a student
// member a student with the same student number, grade, class (its name as
// on the member record) and unit. Members are a realistic share of each.
// Head teachers teach in their class's college. ID numbers are valid and
// unique in each table.
func checkSeededPeopleMatchTheMembers(t *testing.T, w seededWorld) {
	e, res, cipher := w.e, w.res, w.cipher
	ctx := context.Background()
	var members []member.Member
	var teachers []people.Teacher
	var students []people.Student
	var classes []people.Class
	for _, q := range []*bun.SelectQuery{e.DB.NewSelect().Model(&members), e.DB.NewSelect().Model(&teachers),
		e.DB.NewSelect().Model(&students), e.DB.NewSelect().Model(&classes)} {
		if err := q.Scan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if len(teachers) != res.Teachers || len(students) != res.Students || len(classes) != res.Classes || len(classes) == 0 {
		t.Fatalf("%d teachers, %d students, %d classes; result %+v", len(teachers), len(students), len(classes), res)
	}
	teacherByNo := map[string]people.Teacher{}
	teacherByID := map[int64]people.Teacher{}
	for _, tc := range teachers {
		teacherByNo[tc.StaffNo] = tc
		teacherByID[tc.ID] = tc
	}
	studentByNo := map[string]people.Student{}
	for _, s := range students {
		studentByNo[s.StudentNo] = s
	}
	classByID := map[int64]people.Class{}
	for _, c := range classes {
		classByID[c.ID] = c
		if c.HeadTeacherID == nil {
			t.Fatalf("class %s has no head teacher", c.Name)
		}
		head, ok := teacherByID[*c.HeadTeacherID]
		if !ok || head.UnitDeptID != c.UnitDeptID || head.Status != people.TeacherActive {
			t.Fatalf("class %s: head teacher %d (unit %d) not of its unit %d", c.Name, *c.HeadTeacherID, head.UnitDeptID, c.UnitDeptID)
		}
		if c.Major == "" || c.Code == "" || c.Grade == "" {
			t.Fatalf("class %+v", c)
		}
	}
	staffMembers, studentMembers := 0, 0
	for _, m := range members {
		var p people.Person
		if m.Grade != "" {
			s, ok := studentByNo[m.StaffOrStudentNo]
			if !ok {
				t.Fatalf("student member %s (%s) has no student record", m.Name, m.StaffOrStudentNo)
			}
			c := classByID[*s.ClassID]
			if s.Grade != m.Grade || c.Name != m.ClassName || c.Grade != m.Grade || c.UnitDeptID != s.UnitDeptID {
				t.Fatalf("member %s: grade %s class %q; student: grade %s class %q (grade %s)", m.Name, m.Grade, m.ClassName, s.Grade, c.Name, c.Grade)
			}
			p = s.Person
			studentMembers++
		} else {
			tc, ok := teacherByNo[m.StaffOrStudentNo]
			if !ok {
				t.Fatalf("member %s (%s) has no teacher record", m.Name, m.StaffOrStudentNo)
			}
			if tc.Status == people.TeacherActive {
				staffMembers++
			}
			p = tc.Person
		}
		if p.Name != m.Name || p.IDNumberIdx != m.IDNumberIdx || p.UnitDeptID != *m.UnitDeptID || p.Gender != m.Gender ||
			string(p.BirthDate) != string(m.BirthDate) {
			t.Fatalf("member %s (%s, unit %d) and their record %s (unit %d) differ", m.Name, m.StaffOrStudentNo, *m.UnitDeptID, p.Name, p.UnitDeptID)
		}
	}
	active := 0
	for _, tc := range teachers {
		if tc.Status == people.TeacherActive {
			active++
		}
	}
	if share := float64(staffMembers) / float64(active); share < 0.25 || share > 0.5 {
		t.Fatalf("members are %.0f%% of %d active teachers", 100*share, active)
	}
	if share := float64(studentMembers) / float64(len(students)); share < 0.05 || share > 0.1 {
		t.Fatalf("members are %.1f%% of %d students", 100*share, len(students))
	}
	t.Logf("%d teachers (%d active, %d members), %d students (%d members), %d classes", len(teachers), active, staffMembers,
		len(students), studentMembers, len(classes))

	persons := func(get func(i int) *people.Person, n int, table string) {
		seen := map[string]bool{}
		for i := range n {
			p := get(i)
			checkPerson(t, cipher, table, p, seen)
		}
	}
	persons(func(i int) *people.Person { return &teachers[i].Person }, len(teachers), "jsjbxx")
	persons(func(i int) *people.Person { return &students[i].Person }, len(students), "xsjbxx")
}

// checkPerson: the ID number decrypts, is valid (GB 11643), agrees with
// the birth date and gender, its blind index is the people domain's and it
// was not seen before in the table; the phone is a mobile number.
func checkPerson(t *testing.T, cipher *crypto.FieldCipher, table string, p *people.Person, seen map[string]bool) {
	t.Helper()
	id, err := cipher.Decrypt(p.IDNumberEnc)
	if err != nil {
		t.Fatal(err)
	}
	info, err := idcard.ParseIDNumber(id, time.Now())
	if err != nil {
		t.Fatalf("%s %s: ID number %s: %v", table, p.Name, id, err)
	}
	if seen[info.Canonical] {
		t.Fatalf("%s: ID number %s twice", table, id)
	}
	seen[info.Canonical] = true
	if cipher.Index(info.Canonical) != p.IDNumberIdx || string(p.BirthDate) != info.BirthDate.Format("2006-01-02") || p.Gender != info.Gender {
		t.Fatalf("%s %s: index, birth %s or gender %s disagree with %s", table, p.Name, p.BirthDate, p.Gender, id)
	}
	phone, err := cipher.Decrypt(p.PhoneEnc)
	if err != nil || !idcard.IsMobilePhone(phone) || cipher.Index(phone) != p.PhoneIdx {
		t.Fatalf("%s %s: phone %q %v", table, p.Name, phone, err)
	}
}

// Seeding drops the people tables' secondary indexes for the bulk insert
// (from demo.BulkLoadMembers members) and builds them again: afterwards the
// tables have the indexes the migrations made, and the unique ones still hold.
func TestSeedKeepsTheIndexes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	list := func() []string {
		var out []string
		q := `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('dyjbxx', 'jsjbxx', 'xsjbxx') ORDER BY name`
		if db.IsPostgres(e.DB) {
			q = `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('dyjbxx', 'jsjbxx', 'xsjbxx') ORDER BY indexname`
		}
		if err := e.DB.NewRaw(q).Scan(ctx, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := list()
	cipher, err := crypto.New(make([]byte, 64))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(ctx, e.DB, cipher, demo.Options{Members: demo.BulkLoadMembers, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	after := list()
	if strings.Join(before, ",") != strings.Join(after, ",") || len(after) < 15 {
		t.Fatalf("indexes before the seed %v, after %v", before, after)
	}
	var st people.Student
	if err := e.DB.NewSelect().Model(&st).Limit(1).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	st.ID, st.StudentNo = 0, "DUP"+st.StudentNo
	if _, err := e.DB.NewInsert().Model(&st).Exec(ctx); !db.IsUniqueViolation(err) {
		t.Fatalf("a second student with the same ID number: %v", err)
	}

	// The text-search index was built over the seeded rows (SQLite: its
	// triggers were suspended for the load) and follows writes again.
	students := search.On{Index: search.Index{Table: "xsjbxx", Columns: []string{"name", "student_no"}}, Alias: "x"}
	count := func(text string) (indexed, scanned int64) {
		cond, args := search.Match(db.IsPostgres(e.DB), text, []string{"x.name", "x.student_no"}, students)
		indexed, err := e.DB.NewSelect().TableExpr("xsjbxx AS x").Where(cond, args...).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		scanned, err = e.DB.NewSelect().TableExpr("xsjbxx AS x").Where("x.name LIKE ? OR x.student_no LIKE ?", "%"+text+"%", "%"+text+"%").Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return indexed, scanned
	}
	for _, text := range []string{string([]rune(st.Name)[:1]), st.Name, st.StudentNo[3:] /* after DUP */, st.StudentNo[6:]} {
		if i, s := count(text); i != s || s == 0 {
			t.Errorf("search %q after the seed: %d through the index, %d by a scan", text, i, s)
		}
	}
	if _, err := e.DB.ExecContext(ctx, "UPDATE xsjbxx SET name = '搜索测试' WHERE id = (SELECT MAX(id) FROM xsjbxx)"); err != nil {
		t.Fatal(err)
	}
	if i, s := count("搜索测"); i != 1 || s != 1 {
		t.Errorf("a renamed student: %d through the index, %d by a scan", i, s)
	}
}
