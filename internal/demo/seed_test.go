package demo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/uptrace/bun"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/config"
	"zhdj/internal/demo"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// seeded is a running server with a demo university of n members.
func seeded(t *testing.T, n int) (*apptest.Env, *demo.Result, *crypto.FieldCipher) {
	t.Helper()
	e := apptest.New(t)
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	res, err := demo.Seed(context.Background(), e.DB, cipher, demo.Options{Members: n, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	return e, res, cipher
}

// seededWorld is the demo university the read-only checks below share.
type seededWorld struct {
	e      *apptest.Env
	res    *demo.Result
	cipher *crypto.FieldCipher
	n      int
}

// TestSeededUniversity seeds one demo university of 2,000 members and runs
// on it every check that only reads it (one world for the package: seeding is
// the slow part, about 2.5 ms a member on SQLite and more on PostgreSQL).
func TestSeededUniversity(t *testing.T) {
	t.Parallel()
	const n = 2000
	e, res, cipher := seeded(t, n)
	w := seededWorld{e: e, res: res, cipher: cipher, n: n}
	for _, c := range []struct {
		name  string
		check func(*testing.T, seededWorld)
	}{
		{"MembersObeyTheRules", checkSeededMembersObeyTheRules},
		{"OrganisationsObeyTheRules", checkSeededOrganisationsObeyTheRules},
		{"UnitsAreDescribed", checkSeededUnitsAreDescribed},
		{"PeopleMatchTheMembers", checkSeededPeopleMatchTheMembers},
		{"StudentBranchesCoverTheirClasses", checkSeededStudentBranchesCoverTheirClasses},
		{"StaffBranchesCoverTheirUnits", checkSeededStaffBranchesCoverTheirUnits},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.check(t, w)
		})
	}
}

// The seeded members obey the member rules: valid GB 11643 ID numbers
// (check character, birth date and gender agreeing with the record), unique;
// dates in order with an applicant of 18 or more (RULES.md §2), full members
// exactly one year after admission, probationary members admitted within
// the last year; realistic names; a unit and a number for everyone.
func checkSeededMembersObeyTheRules(t *testing.T, w seededWorld) {
	e, res, cipher := w.e, w.res, w.cipher
	ctx := context.Background()
	var members []member.Member
	if err := e.DB.NewSelect().Model(&members).OrderExpr("id").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if len(members) != w.n || res.Members != w.n || res.Full+res.Probationary != w.n {
		t.Fatalf("%d members written, result %+v", len(members), res)
	}
	today := time.Now()
	ids := map[string]bool{}
	full, probation := 0, 0
	for _, m := range members {
		id, err := cipher.Decrypt(m.IDNumberEnc)
		if err != nil {
			t.Fatal(err)
		}
		info, err := member.ParseIDNumber(id, today)
		if err != nil {
			t.Fatalf("%s: ID number %s: %v", m.Name, id, err)
		}
		if ids[id] {
			t.Fatalf("ID number %s twice", id)
		}
		ids[id] = true
		if cipher.Index(info.Canonical) != m.IDNumberIdx {
			t.Fatalf("%s: blind index does not match the ID number", m.Name)
		}
		if string(m.BirthDate) != info.BirthDate.Format(date.Layout) || m.Gender != info.Gender {
			t.Fatalf("%s: birth %s gender %s disagree with %s", m.Name, m.BirthDate, m.Gender, id)
		}
		phone, _ := cipher.Decrypt(m.PhoneEnc)
		if !member.IsMobilePhone(phone) || cipher.Index(phone) != m.PhoneIdx {
			t.Fatalf("%s: phone %q", m.Name, phone)
		}
		warnings, err := member.CheckRules(member.RuleFacts{BirthDate: m.BirthDate, AppliedOn: m.AppliedOn,
			JoinedOn: m.JoinedOn, FullOn: m.FullOn, PartyStatus: m.PartyStatus}, today)
		if err != nil || len(warnings) > 0 {
			t.Fatalf("%s (%s, applied %s, joined %s, full %s): %v %v", m.Name, m.BirthDate, m.AppliedOn, m.JoinedOn, m.FullOn, err, warnings)
		}
		if m.AppliedOn == "" || !m.AppliedOn.Time().Before(m.JoinedOn.Time()) {
			t.Fatalf("%s: applied %s, joined %s", m.Name, m.AppliedOn, m.JoinedOn)
		}
		yearAgo := time.Date(today.Year()-1, today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
		switch m.PartyStatus {
		case member.PartyFull:
			full++
			if m.FullOn != date.Date(m.JoinedOn.Time().AddDate(1, 0, 0).Format(date.Layout)) {
				t.Fatalf("%s: joined %s, full %s", m.Name, m.JoinedOn, m.FullOn)
			}
		case member.PartyProbation:
			probation++
			if m.FullOn != "" || !m.JoinedOn.Time().After(yearAgo.AddDate(0, 0, -1)) {
				t.Fatalf("probationary %s joined %s (full %s)", m.Name, m.JoinedOn, m.FullOn)
			}
		default:
			t.Fatalf("%s: party status %q", m.Name, m.PartyStatus)
		}
		if r := []rune(m.Name); len(r) < 2 || len(r) > 3 {
			t.Fatalf("name %q", m.Name)
		}
		for _, c := range m.Name {
			if !unicode.Is(unicode.Han, c) {
				t.Fatalf("name %q is not Chinese", m.Name)
			}
		}
		if m.UnitDeptID == nil || m.StaffOrStudentNo == "" || m.MemberStatus != member.StatusNormal {
			t.Fatalf("%s: unit %v, number %q, status %s", m.Name, m.UnitDeptID, m.StaffOrStudentNo, m.MemberStatus)
		}
		if (m.PersonType == "2") != (m.Grade != "") {
			t.Fatalf("%s: person type %s, grade %q", m.Name, m.PersonType, m.Grade)
		}
	}
	if full != res.Full || probation == 0 || full < probation {
		t.Fatalf("%d full, %d probationary (result %+v)", full, probation, res)
	}
	// The seeded values pass the member domain's own validation of the
	// dictionary fields: a member read back through the API is labelled.
	detail := e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", members[0].ID), e.AdminTK, nil)
	apptest.Expect(t, detail, 200)
	var v member.MemberView
	detail.JSON(t, &v)
	if v.PersonCategoryLabel == "" || v.EducationLabel == "" || v.EthnicityLabel == "" || v.UnitName == "" || v.PostLabel == "" {
		t.Fatalf("unlabelled fields in %+v", v)
	}
}

// The organisations obey RULES.md §4: every branch 3–50 members with at
// least 3 full members, a committee where 7 or more are full, terms of 3
// (branches, general branches) or 5 years (committees), a few due soon;
// buildtree shows every organisation with the right member counts.
func checkSeededOrganisationsObeyTheRules(t *testing.T, w seededWorld) {
	e, res := w.e, w.res
	ctx := context.Background()
	var orgs []org.Org
	if err := e.DB.NewSelect().Model(&orgs).OrderExpr("id").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	counts, err := e.App.Members.CountByOrg(ctx, e.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(orgs) != res.Orgs || res.OrgsByType[org.TypeSecondaryCommittee]+res.OrgsByType[org.TypeGeneralBranch]+res.OrgsByType[org.TypeDirectBranch] != 30 {
		t.Fatalf("%d organisations, result %+v", len(orgs), res)
	}
	today := date.Of(time.Now())
	dueSoon := 0
	for _, o := range orgs {
		c := counts[o.ID]
		if o.UnitDeptID == nil || o.Path == "" {
			t.Fatalf("%s: unit %v path %q", o.Name, o.UnitDeptID, o.Path)
		}
		if member.OrgTypeHoldsMembers(o.Type) && o.Type != org.TypeGeneralBranch {
			if c.Total > org.BranchMaxMembers || c.Full < org.BranchMinFullMembers || o.SecretaryName == "" {
				t.Fatalf("%s: %d members, %d full, secretary %q", o.Name, c.Total, c.Full, o.SecretaryName)
			}
			// The secretary and the committee are members of the branch, as 设置书记/委员 records them.
			leaders := append([]int64{}, o.CommitteeMemberIDs...)
			if o.SecretaryMemberID == nil || len(o.CommitteeMemberIDs) != len(o.Committee) {
				t.Fatalf("%s: secretary %q as %v, committee %v as %v", o.Name, o.SecretaryName, o.SecretaryMemberID, o.Committee, o.CommitteeMemberIDs)
			}
			leaders = append(leaders, *o.SecretaryMemberID)
			var names []string
			if err := e.DB.NewSelect().Model((*member.Member)(nil)).Column("name").Where("id IN (?)", bun.List(leaders)).
				Where("org_id = ?", o.ID).Scan(ctx, &names); err != nil || !slices.Contains(names, o.SecretaryName) {
				t.Fatalf("%s: leaders %v are %v (%v)", o.Name, leaders, names, err)
			}
		} else if c.Total > 0 {
			t.Fatalf("%s (type %s) holds %d members", o.Name, o.Type, c.Total)
		}
		if o.Type != org.TypeGroup {
			if o.TermYears != org.DefaultTermYears(o.Type) || o.TermEnd != o.TermStart.AddYears(o.TermYears) || o.FoundedOn > o.TermStart {
				t.Fatalf("%s (type %s): term %s + %d = %s, founded %s", o.Name, o.Type, o.TermStart, o.TermYears, o.TermEnd, o.FoundedOn)
			}
		}
		for _, w := range org.Warnings(&o, c, today, org.DefaultTermReminderMonths) {
			switch w.Rule {
			case org.RuleTermDue:
				dueSoon++
			default:
				t.Fatalf("%s: %s %s", o.Name, w.Rule, w.Message)
			}
		}
		if o.PID != nil {
			parent := orgs[0]
			for _, p := range orgs {
				if p.ID == *o.PID {
					parent = p
				}
			}
			if !org.MayContain(parent.Type, o.Type) || o.Path != fmt.Sprintf("%s%d/", parent.Path, o.ID) {
				t.Fatalf("%s (type %s, path %s) under %s (type %s, path %s)", o.Name, o.Type, o.Path, parent.Name, parent.Type, parent.Path)
			}
		}
	}
	if dueSoon == 0 || dueSoon > len(orgs)/5 {
		t.Fatalf("%d of %d terms due soon", dueSoon, len(orgs))
	}

	// buildtree: every organisation, direct counts as in the table, the
	// root's total is everyone.
	tree := e.Do("GET", "/api/dzzxx/buildtree", e.AdminTK, nil)
	apptest.Expect(t, tree, 200)
	var roots []*org.Node
	tree.JSON(t, &roots)
	if len(roots) != 1 || roots[0].TotalCount != w.n {
		t.Fatalf("%d roots, total %d", len(roots), roots[0].TotalCount)
	}
	seen := 0
	var walk func(n *org.Node) int
	walk = func(n *org.Node) int {
		seen++
		if n.MemberCount != counts[n.ID].Total || n.FullCount != counts[n.ID].Full {
			t.Fatalf("%s: tree says %d/%d, table %+v", n.Name, n.MemberCount, n.FullCount, counts[n.ID])
		}
		sum := n.MemberCount
		for _, c := range n.Children {
			sum += walk(c)
		}
		if sum != n.TotalCount {
			t.Fatalf("%s: total %d, children add up to %d", n.Name, n.TotalCount, sum)
		}
		return sum
	}
	walk(roots[0])
	if seen != len(orgs) {
		t.Fatalf("tree shows %d of %d organisations", seen, len(orgs))
	}

	// A second run refuses: demo data never mixes with existing data.
	if _, err := demo.Seed(ctx, e.DB, nil, demo.Options{Members: 300}); !errors.Is(err, demo.ErrNotEmpty) {
		t.Fatalf("second seed: %v", err)
	}
}

// Two runs with one seed write the same university (the ciphertexts differ:
// every encryption takes a fresh nonce); another seed writes another.
func TestSeedIsReproducible(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	today := time.Now()
	rows := func(seed uint64) []string {
		database := db.NewTest(t, app.Migrations())
		cipher, err := crypto.New(make([]byte, 64))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := demo.Seed(ctx, database, cipher, demo.Options{Members: 400, Seed: seed, Today: today}); err != nil {
			t.Fatal(err)
		}
		var out []string
		err = database.NewSelect().TableExpr("dyjbxx AS m").Join("JOIN dzz AS z ON z.id = m.org_id").
			ColumnExpr("z.code || ' ' || m.name || ' ' || m.staff_or_student_no || ' ' || m.id_number_idx").
			OrderExpr("m.id").Scan(ctx, &out)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			"SELECT staff_no || ' ' || name || ' ' || unit_dept_id || ' ' || id_number_idx FROM jsjbxx ORDER BY id",
			"SELECT student_no || ' ' || name || ' ' || class_id || ' ' || id_number_idx FROM xsjbxx ORDER BY id",
			"SELECT code || ' ' || name || ' ' || head_teacher_id FROM bj ORDER BY id",
			"SELECT code || ' ' || leader_name || ' ' || dzz_id FROM dw_info ORDER BY dept_id",
		} {
			var more []string
			if err := database.NewRaw(q).Scan(ctx, &more); err != nil {
				t.Fatal(err)
			}
			if len(more) == 0 {
				t.Fatalf("%s: nothing", q)
			}
			out = append(out, more...)
		}
		return out
	}
	a, b, c := rows(9), rows(9), rows(10)
	if len(a) < 4000 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("one seed, two universities:\n%v\n%v", a[:3], b[:3])
	}
	if strings.Join(a, "\n") == strings.Join(c, "\n") {
		t.Fatal("another seed gives the same university")
	}
}

// The demo university is the current school: the login page and the title
// read 东湖大学 from /api/school/current. Seeding again after the data was
// removed adopts the same school again (its code exists by then).
func TestDemoIsTheCurrentSchool(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, app.Migrations())
	cipher, err := crypto.New(make([]byte, 64))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(ctx, database, cipher, demo.Options{Members: 300, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	if err := db.InTx(ctx, database, func(ctx context.Context, tx bun.Tx) error {
		return system.AdoptSchool(ctx, tx, "donghu", "东湖大学", "东湖大学党委组织部")
	}); err != nil {
		t.Fatalf("adopting the school twice: %v", err)
	}
	cfg := config.Defaults()
	cfg.DataDir = t.TempDir()
	a, err := app.NewWith(cfg, database, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/api/school/current")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var school system.SchoolView
	if err := json.NewDecoder(res.Body).Decode(&school); err != nil {
		t.Fatal(err)
	}
	if school.Name != "东湖大学" || school.Code != "donghu" || school.Footer != "东湖大学党委组织部" || school.LogoURL == "" {
		t.Fatalf("current school %+v", school)
	}
	if n, err := database.NewSelect().Model((*system.School)(nil)).Where("code = 'donghu'").Count(ctx); err != nil || n != 1 {
		t.Fatalf("%d donghu schools (%v)", n, err)
	}
}
