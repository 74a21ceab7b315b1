package demo

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"zhdj/internal/member"
	"zhdj/internal/people"
	"zhdj/internal/platform/date"
	"zhdj/internal/unit"
)

// Streams of the people who are not members (the plan's own is 0, the
// organisations' 1..len(orgs)).
const (
	teacherStream = 1 << 41 // + unit index
	studentStream = 1 << 42 // + class index
)

// teacherRetired is the JS_ZT status of retired staff (离退休).
const teacherRetired = "2"

// unitInfo writes every unit's information (the root unit "学校" too,
// paired with the university committee) and the colleges' leadership teams.
func (w *writer) unitInfo(ctx context.Context) error {
	rootOrg := w.orgIDs[0]
	infos := []unit.Info{{DeptID: w.rootDep, Code: "000", ShortName: universityName, Type: unit.TypeOther,
		LeaderName: w.p.orgs[0].secretary, ContactPhone: w.p.orgs[0].phone, DzzID: &rootOrg,
		FoundedOn: "1952-10-01", Status: unit.StatusNormal, CreatedAt: w.now, UpdatedAt: w.now}}
	var teams []unit.Team
	for u, up := range w.p.units {
		paired := w.orgIDs[up.pairedOrg]
		infos = append(infos, unit.Info{DeptID: w.unitIDs[u], Code: up.code, ShortName: up.short, Type: up.typ,
			LeaderName: up.leader, ContactPhone: up.phone, DzzID: &paired, FoundedOn: date.Of(up.founded),
			Status: unit.StatusNormal, CreatedAt: w.now, UpdatedAt: w.now})
		for i, t := range up.teams {
			name, kind, _ := strings.Cut(t, "|")
			teams = append(teams, unit.Team{DeptID: w.unitIDs[u], Name: name, Kind: kind, Sort: i + 1, CreatedAt: w.now, UpdatedAt: w.now})
		}
	}
	if _, err := w.tx.NewInsert().Model(&infos).Exec(ctx); err != nil {
		return err
	}
	if len(teams) > 0 {
		if _, err := w.tx.NewInsert().Model(&teams).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// nonMemberTeachers writes each unit's teachers or staff who are not party
// members (drawn from the unit's own stream) and keeps their ids by unit:
// the colleges' head teachers are chosen from them.
func (w *writer) nonMemberTeachers(ctx context.Context) error {
	w.teacherIDs = make([][]int64, len(w.p.units))
	var rows []people.Teacher
	var unitOf []int
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		if _, err := w.tx.NewInsert().Model(&rows).Returning("id").Exec(ctx); err != nil {
			return err
		}
		for j, u := range unitOf {
			w.teacherIDs[u] = append(w.teacherIDs[u], rows[j].ID)
		}
		rows, unitOf = rows[:0], unitOf[:0]
		return nil
	}
	for u, up := range w.p.units {
		r := rand.New(rand.NewPCG(w.p.seed, teacherStream+uint64(u)))
		k := kindStaff
		if up.typ == unitCollege {
			k = kindTeacher
		}
		for range up.nonMemberTeachers {
			ps := w.p.nonMember(r, k, 0)
			id := w.nums.idNumber(&ps)
			rows = append(rows, people.Teacher{StaffNo: w.nums.staffOrStudentNo(&ps, up.secondary),
				Person:            w.personOf(&ps, w.cipher.Encrypt(id), w.cipher.Index(id), w.unitIDs[u]),
				ProfessionalTitle: ps.title, Post: ps.post})
			unitOf = append(unitOf, u)
			w.res.Teachers++
			if len(rows) == rowsPerInsert {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// classes writes the classes; each college's head teachers are its
// teachers in turn.
func (w *writer) classes(ctx context.Context) error {
	w.classIDs = make([]int64, len(w.p.classes))
	perUnit := map[int]int{}
	for start := 0; start < len(w.p.classes); start += rowsPerInsert {
		chunk := w.p.classes[start:min(start+rowsPerInsert, len(w.p.classes))]
		rows := make([]people.Class, len(chunk))
		for j, c := range chunk {
			ids := w.teacherIDs[c.unit]
			head := ids[perUnit[c.unit]%len(ids)]
			perUnit[c.unit]++
			rows[j] = people.Class{Code: c.code, Name: c.name, Grade: strconv.Itoa(c.grade), UnitDeptID: w.unitIDs[c.unit],
				Major: c.major, HeadTeacherID: &head, CreatedAt: w.now, UpdatedAt: w.now}
		}
		if _, err := w.tx.NewInsert().Model(&rows).Returning("id").Exec(ctx); err != nil {
			return err
		}
		for j := range chunk {
			w.classIDs[start+j] = rows[j].ID
		}
	}
	w.res.Classes = len(w.p.classes)
	return nil
}

// personOf is the shared part of a teacher's or student's record.
func (w *writer) personOf(ps *person, idEnc, idIdx string, unitID int64) people.Person {
	gender := member.GenderFemale
	if ps.male {
		gender = member.GenderMale
	}
	status := people.TeacherActive
	switch {
	case ps.enrolled > 0:
		status = people.StudentEnrolled
	case ps.kind == kindRetired:
		status = teacherRetired
	}
	return people.Person{Name: ps.name, Gender: gender, Ethnicity: ps.ethnicity, IDNumberEnc: idEnc, IDNumberIdx: idIdx,
		PhoneEnc: w.cipher.Encrypt(ps.phone), PhoneIdx: w.cipher.Index(ps.phone), BirthDate: date.Of(ps.birth),
		UnitDeptID: unitID, Status: status, CreatedAt: w.now, UpdatedAt: w.now}
}

// memberTeacher is the teacher record of a staff or retired member (the
// retired with the status 离退休): the same person,
// ID number (its ciphertext reused), staff number and unit.
func (w *writer) memberTeacher(ps *person, m *member.Member) people.Teacher {
	p := w.personOf(ps, m.IDNumberEnc, m.IDNumberIdx, *m.UnitDeptID)
	p.PhoneEnc, p.PhoneIdx = m.PhoneEnc, m.PhoneIdx
	w.res.Teachers++
	return people.Teacher{StaffNo: m.StaffOrStudentNo, Person: p, ProfessionalTitle: m.ProfessionalTitle, Post: m.Post}
}

// memberStudent is the student record of a student member: the same
// person, student number, grade, class and unit.
func (w *writer) memberStudent(ps *person, m *member.Member, secondary int) people.Student {
	p := w.personOf(ps, m.IDNumberEnc, m.IDNumberIdx, *m.UnitDeptID)
	p.PhoneEnc, p.PhoneIdx = m.PhoneEnc, m.PhoneIdx
	classID := w.classIDs[w.p.classOf[classKey{secondary, ps.kind, ps.enrolled, ps.classNo}]]
	return w.student(ps, m.StaffOrStudentNo, p, classID)
}

func (w *writer) student(ps *person, no string, p people.Person, classID int64) people.Student {
	w.res.Students++
	return people.Student{StudentNo: no, Person: p, ClassID: &classID, Grade: strconv.Itoa(ps.enrolled),
		EducationLevel: educationLevel[ps.kind].dict,
		EnrolledOn:     date.Of(time.Date(ps.enrolled, 9, 1, 0, 0, 0, 0, time.UTC))}
}

// nonMemberStudents draws each class's students who are not members (from
// the class's own stream) and hands them to emit.
func (w *writer) nonMemberStudents(emit func(people.Student) bool) bool {
	for ci, c := range w.p.classes {
		r := rand.New(rand.NewPCG(w.p.seed, studentStream+uint64(ci)))
		for range c.nonMembers {
			ps := w.p.nonMember(r, c.kind, c.grade)
			ps.classNo = c.classNo
			id := w.nums.idNumber(&ps)
			no := w.nums.staffOrStudentNo(&ps, c.secondary)
			if !emit(w.student(&ps, no, w.personOf(&ps, w.cipher.Encrypt(id), w.cipher.Index(id), w.unitIDs[c.unit]), w.classIDs[ci])) {
				return false
			}
		}
	}
	return true
}
