package develop

import (
	"context"
	"fmt"
	"sort"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
)

// The people of the demo's records: the branches they are given to, the
// registry's students and teachers who are not members, and the university's
// probationary and full members developed here.

// branches reads the branches that hold members, their secondary
// committee, kind and full members.
func (d *demoSeeder) branches(ctx context.Context, tx bun.Tx) (map[int64]*demoBranch, error) {
	all, err := d.s.orgs.OfTypes(ctx, tx)
	if err != nil {
		return nil, err
	}
	out := map[int64]*demoBranch{}
	typeOf := map[int64]string{}
	for _, r := range all {
		typeOf[r.ID] = r.Type
		if r.Type != orgTypeBranch && r.Type != orgTypeDirect || !r.Live() {
			continue
		}
		b := &demoBranch{ID: r.ID, Path: r.Path, Type: r.Type, Name: r.Name, Secretary: r.SecretaryName, Phone: r.ContactPhone}
		if r.UnitDeptID != nil {
			b.Unit = *r.UnitDeptID
		}
		ids := splitPath(r.Path)
		// /school/secondary/…: the secondary organisation is the path's second; a 直属党支部 is its own.
		b.committee = r.ID
		if len(ids) >= 2 {
			b.committee = ids[1]
		}
		out[r.ID] = b
	}
	// The committee acting at ⑰ and ㉔, as the chains resolve it.
	for _, b := range out {
		acting := map[string]bool{orgTypeCommittee: b.Type == orgTypeBranch, orgTypeSchool: true}
		ids := splitPath(b.Path)
		for i := len(ids) - 1; i >= 0 && b.acting == 0; i-- {
			if acting[typeOf[ids[i]]] {
				b.acting = ids[i]
			}
		}
	}
	var kinds []struct {
		OrgID    int64  `bun:"org_id"`
		Category string `bun:"person_category"`
		N        int    `bun:"n"`
	}
	if err := tx.NewSelect().Table("dyjbxx").ColumnExpr("org_id, person_category, COUNT(*) AS n").
		GroupExpr("org_id, person_category").OrderExpr("org_id, n DESC, person_category").Scan(ctx, &kinds); err != nil {
		return nil, err
	}
	for _, k := range kinds {
		if b := out[k.OrgID]; b != nil && b.kind == "" {
			b.kind = k.Category
		}
	}
	// Sponsors, contacts and recommenders are long-standing full members
	// (full before the records' steps; none of those whose 转正 the demo
	// puts back to ㉔), the longest-standing first.
	var full []struct {
		ID     int64     `bun:"id"`
		OrgID  int64     `bun:"org_id"`
		Name   string    `bun:"name"`
		FullOn date.Date `bun:"full_on"`
	}
	if err := tx.NewSelect().Table("dyjbxx").Column("id", "org_id", "name", "full_on").Where("party_status = ?", member.PartyFull).
		Where("member_status = ?", member.StatusNormal).OrderExpr("org_id, full_on, id").Scan(ctx, &full); err != nil {
		return nil, err
	}
	settled := d.today.AddDays(-400)
	for _, m := range full {
		if b := out[m.OrgID]; b != nil {
			b.fullCount++
			if len(b.full) < 6 && !m.FullOn.IsZero() && m.FullOn.Before(settled) {
				b.full, b.fullNames, b.fullOn = append(b.full, m.ID), append(b.fullNames, m.Name), append(b.fullOn, m.FullOn)
			}
		}
	}
	for id, b := range out {
		if len(b.full) < 2 || b.kind == "5" { // no sponsors, or retired members: no development there
			delete(out, id)
		}
	}
	return out, nil
}

// splitPath reads a materialised path "/1/5/9/" into its ids.
func splitPath(path string) []int64 {
	var out []int64
	var n int64
	digits := false
	for _, c := range path {
		if c >= '0' && c <= '9' {
			n, digits = n*10+int64(c-'0'), true
			continue
		}
		if digits {
			out = append(out, n)
		}
		n, digits = 0, false
	}
	return out
}

// memberPeople are the members developed here who may have a record:
// probationary ones, and those made full in the last 400 days, each with
// the registry's person of the same number.
func (d *demoSeeder) memberPeople(ctx context.Context, tx bun.Tx, branches map[int64]*demoBranch) (prob, full []demoPerson, err error) {
	var rows []member.Member
	err = tx.NewSelect().Model(&rows).Column("id", "name", "gender", "birth_date", "org_id", "applied_on", "joined_on", "full_on",
		"staff_or_student_no", "person_category", "party_status", "grade").
		Where("source = '1'").Where("member_status = ?", member.StatusNormal).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("party_status = ?", member.PartyProbation).WhereOr("full_on >= ?", d.today.AddDays(-400))
		}).OrderExpr("id").Scan(ctx)
	if err != nil {
		return nil, nil, err
	}
	byNo := map[string]*member.Member{}
	var students, teachers []string
	for i := range rows {
		m := &rows[i]
		if branches[m.OrgID] == nil || m.StaffOrStudentNo == "" || m.AppliedOn.IsZero() || m.JoinedOn.IsZero() {
			continue
		}
		byNo[m.StaffOrStudentNo] = m
		if m.Grade != "" {
			students = append(students, m.StaffOrStudentNo)
		} else {
			teachers = append(teachers, m.StaffOrStudentNo)
		}
	}
	people, err := d.registry(ctx, tx, students, teachers)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range people {
		m := byNo[p.No]
		if m == nil {
			continue
		}
		p.MemberID, p.OrgID, p.Applied, p.Joined, p.MemberFull = m.ID, m.OrgID, m.AppliedOn, m.JoinedOn, m.FullOn
		if m.PartyStatus == member.PartyProbation {
			prob = append(prob, p)
		} else if !m.FullOn.After(d.today) {
			full = append(full, p)
		}
	}
	return prob, full, nil
}

// registry reads the people of the numbers given (students' and teachers'),
// in the order of their ids.
func (d *demoSeeder) registry(ctx context.Context, tx bun.Tx, students, teachers []string) ([]demoPerson, error) {
	var out []demoPerson
	for _, part := range []struct {
		kind, table, number string
		nos                 []string
	}{{"student", "xsjbxx", "student_no", students}, {"teacher", "jsjbxx", "staff_no", teachers}} {
		for start := 0; start < len(part.nos); start += 500 {
			chunk := part.nos[start:min(start+500, len(part.nos))]
			got, err := d.people(ctx, tx, part.kind, part.table, part.number, func(q *bun.SelectQuery) *bun.SelectQuery {
				return q.Where("x."+part.number+" IN (?)", bun.List(chunk))
			})
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Kind+out[i].No < out[j].Kind+out[j].No })
	return out, nil
}

// people reads registry people of kind from table, filtered by where.
func (d *demoSeeder) people(ctx context.Context, tx bun.Tx, kind, table, number string, where func(*bun.SelectQuery) *bun.SelectQuery) ([]demoPerson, error) {
	var rows []struct {
		ID      int64     `bun:"id"`
		No      string    `bun:"no"`
		Name    string    `bun:"name"`
		Gender  string    `bun:"gender"`
		Birth   date.Date `bun:"birth_date"`
		Unit    int64     `bun:"unit_dept_id"`
		Level   string    `bun:"level"`
		Grade   string    `bun:"grade"`
		Enroled date.Date `bun:"enrolled_on"`
	}
	q := tx.NewSelect().TableExpr(table + " AS x").ColumnExpr("x.id, x." + number + " AS no, x.name, x.gender, x.birth_date, x.unit_dept_id")
	if kind == "student" {
		q = q.ColumnExpr("x.education_level AS level, x.grade, x.enrolled_on")
	} else {
		q = q.ColumnExpr("'' AS level, '' AS grade, NULL AS enrolled_on")
	}
	// Not ordered in SQL: SQLite would walk the whole table in id order
	// rather than look the numbers up; sorted here instead.
	if err := where(q).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	out := make([]demoPerson, 0, len(rows))
	for _, r := range rows {
		p := demoPerson{Kind: kind, ID: r.ID, No: r.No, Name: r.Name, Gender: r.Gender, Birth: r.Birth, Unit: r.Unit, Category: "1"}
		if kind == "student" {
			years := 4
			switch r.Level {
			case "3":
				p.Category, years = "3", 3
			case "4":
				p.Category = "4"
			default:
				p.Category = "2"
			}
			if !r.Enroled.IsZero() {
				// Students leave when their course ends (early July).
				p.Leaving = date.Date(fmt.Sprintf("%04d-07-01", r.Enroled.Time().Year()+years))
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// candidate is a person who is no member, given to a branch.
type candidate struct {
	p demoPerson
	b *demoBranch
}

// candidates are about n people of the registry who are no members (every
// k-th by id, so the same data gives the same people), each given to a
// branch of their unit whose members are of their kind, shuffled.
func (d *demoSeeder) candidates(ctx context.Context, tx bun.Tx, branches map[int64]*demoBranch, n int) ([]candidate, error) {
	var numbers []string
	if err := tx.NewSelect().Table("dyjbxx").Column("staff_or_student_no").Scan(ctx, &numbers); err != nil {
		return nil, err
	}
	isMember := make(map[string]bool, len(numbers))
	for _, no := range numbers {
		isMember[no] = true
	}
	// Branches by unit and kind, in id order.
	byUnitKind := map[string][]*demoBranch{}
	var ids []int64
	for id := range branches {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		b := branches[id]
		key := fmt.Sprintf("%d/%s", b.Unit, b.kind)
		byUnitKind[key] = append(byUnitKind[key], b)
	}
	var out []candidate
	turn := map[string]int{}
	for _, part := range []struct{ kind, table, number string }{{"student", "xsjbxx", "student_no"}, {"teacher", "jsjbxx", "staff_no"}} {
		count, err := tx.NewSelect().TableExpr(part.table).Count(ctx)
		if err != nil {
			return nil, err
		}
		share := n * 85 / 100 // most applicants are students
		if part.kind == "teacher" {
			share = n - share
		}
		k := max(1, int64(count)/int64(max(1, share*2)))
		people, err := d.people(ctx, tx, part.kind, part.table, part.number, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("x.id % ? = 0", k).Where("x.status = '1'") // in school or in post
		})
		if err != nil {
			return nil, err
		}
		// A party member cannot apply (RULES.md §2): the member base is
		// matched by ID number, as ① matches it.
		inParty := map[int64]bool{}
		for from := 0; from < len(people); from += 1000 {
			ids := make([]int64, 0, 1000)
			for _, p := range people[from:min(from+1000, len(people))] {
				ids = append(ids, p.ID)
			}
			members, err := d.s.membershipsOf(ctx, tx, part.kind, ids)
			if err != nil {
				return nil, err
			}
			for id := range members {
				inParty[id] = true
			}
		}
		for _, p := range people {
			if isMember[p.No] || inParty[p.ID] {
				continue
			}
			key := fmt.Sprintf("%d/%s", p.Unit, p.Category)
			list := byUnitKind[key]
			if len(list) == 0 {
				continue
			}
			out = append(out, candidate{p: p, b: list[turn[key]%len(list)]})
			turn[key]++
		}
	}
	d.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, nil
}

// take draws up to n records of the people given (shuffled) with build,
// keeping those ok accepts.
func (d *demoSeeder) take(people []demoPerson, n int, branches map[int64]*demoBranch,
	build func(p demoPerson, b *demoBranch) *demoRecord, ok func(*demoRecord) bool) []*demoRecord {
	d.r.Shuffle(len(people), func(i, j int) { people[i], people[j] = people[j], people[i] })
	var out []*demoRecord
	for _, p := range people {
		if len(out) == n {
			break
		}
		b := branches[p.OrgID]
		if b == nil {
			continue
		}
		if r := build(p, b); r != nil && ok(r) {
			out = append(out, r)
		}
	}
	return out
}
