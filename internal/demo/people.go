package demo

import (
	"fmt"
	"math/rand/v2"
	"time"

	"zhdj/internal/org"
)

// person is one member as drawn, before the numbers that must be unique
// across the whole university (ID number sequence, staff/student number)
// are assigned in order.
type person struct {
	kind                    kind
	name                    string
	male                    bool
	birth                   time.Time
	applied, joined, full   time.Time // full is zero for a probationary member
	enrolled                int       // students: the year they enrolled (年级)
	classNo                 int       // undergraduates: class number in their year
	region                  string    // ID number address code
	seq                     int       // ID number sequence (odd for men)
	education, title, post  string
	category, ptype, source string
	ethnicity, phone        string
}

// Dictionary codes the people take (see internal/system/dictseed).
var (
	categoryOf = [kindCount]string{kindTeacher: "1", kindStaff: "1", kindUndergrad: "2", kindMaster: "3", kindDoctor: "4", kindRetired: "5"}
	ptypeOf    = [kindCount]string{kindTeacher: "1", kindStaff: "1", kindUndergrad: "2", kindMaster: "2", kindDoctor: "2", kindRetired: "3"}
	postOf     = [kindCount]string{kindTeacher: "013", kindStaff: "012", kindUndergrad: "3", kindMaster: "3", kindDoctor: "3", kindRetired: "4"}
)

// branchPeople draws the members of a branch from the branch's own random
// stream: the same plan gives the same people in every pass. The first
// org.BranchMinFullMembers are full members, so that every branch meets RULES.md §4.
func (p *plan) branchPeople(b *orgPlan) []person {
	r := rand.New(rand.NewPCG(p.seed, b.stream))
	out := make([]person, b.size)
	for i := range out {
		out[i] = p.person(r, b.kind, i < org.BranchMinFullMembers)
	}
	return out
}

// person draws one member of kind k whose dates obey RULES.md §2: applied
// at 18 or older, admitted at least 13 months after applying (a year as an
// activist, then the development steps), full member exactly one year after
// admission when that year has passed, probationary otherwise.
func (p *plan) person(r *rand.Rand, k kind, mustBeFull bool) person {
	today := p.today
	// The last enrolment day (1 September) on or before today.
	lastIntake := today.Year()
	if today.Before(time.Date(lastIntake, 9, 1, 0, 0, 0, 0, time.UTC)) {
		lastIntake--
	}
	// Admitted on or before this day, a member is full by today (a day
	// earlier than a year ago, so that a leap day cannot push it past today).
	latestFullJoin := today.AddDate(-1, 0, -1)
	for {
		ps := person{kind: k, male: r.IntN(100) < maleShare(k), ethnicity: ethnicity(r)}
		var joinLo, joinHi, applyFloor time.Time
		switch k {
		case kindTeacher, kindStaff:
			ps.birth = between(r, today.AddDate(-59, 0, 0), today.AddDate(-26, 0, 0))
			joinLo = ps.birth.AddDate(18, 13, 0)
			joinHi = ps.birth.AddDate(26, 0, 0) // most joined as students
			if r.IntN(100) < 12 {
				joinHi = today
			}
		case kindRetired:
			ps.birth = between(r, today.AddDate(-88, 0, 0), today.AddDate(-61, 0, 0))
			joinLo = ps.birth.AddDate(18, 13, 0)
			joinHi = ps.birth.AddDate(45, 0, 0)
		case kindUndergrad, kindMaster, kindDoctor:
			spec := studentSpecs[k]
			ps.enrolled = lastIntake - r.IntN(spec.years)
			intake := time.Date(ps.enrolled, 9, 1, 0, 0, 0, 0, time.UTC)
			older := 0 // graduate students are sometimes a few years older
			if k != kindUndergrad {
				older = r.IntN(3)
			}
			ps.birth = between(r, intake.AddDate(-spec.age-1-older, 0, 0), intake.AddDate(-spec.age-older, 0, -1))
			joinLo = ps.birth.AddDate(18, 13, 0)
			joinHi = intake.AddDate(spec.years, -2, 0)
			if k == kindUndergrad {
				applyFloor = intake.AddDate(0, 0, 14)
				joinLo = later(joinLo, intake.AddDate(0, 14, 0))
				ps.classNo = 1 + r.IntN(undergradClasses)
			}
		}
		joinHi = earlier(joinHi, today)
		if mustBeFull {
			joinHi = earlier(joinHi, latestFullJoin)
		}
		if joinLo.After(joinHi) {
			continue // e.g. a first-year student cannot be a party member yet: draw again
		}
		ps.joined = between(r, joinLo, joinHi)
		ps.applied = between(r, later(later(ps.birth.AddDate(18, 0, 0), ps.joined.AddDate(0, -30, 0)), applyFloor), ps.joined.AddDate(0, -13, 0))
		if full := ps.joined.AddDate(1, 0, 0); !full.After(today) {
			ps.full = full
		}
		p.identify(r, &ps)
		return ps
	}
}

// describe draws education, professional title and source (DY_LY) by kind and age.
func (p *plan) describe(r *rand.Rand, ps *person) {
	age := p.today.Year() - ps.birth.Year()
	pick := func(items ...string) string { return items[r.IntN(len(items))] }
	ps.source = "1" // 本校发展
	switch ps.kind {
	case kindTeacher:
		ps.education = pick("11", "11", "11", "11", "11", "11", "14", "14", "14", "21")
		switch {
		case age >= 52:
			ps.title = pick("011", "011", "011", "012")
		case age >= 40:
			ps.title = pick("011", "012", "012", "012", "013")
		default:
			ps.title = pick("012", "013", "013", "013")
		}
		if r.IntN(4) != 0 {
			ps.source = "2" // 校外转入: admitted where they studied
		}
	case kindStaff:
		ps.education = pick("14", "14", "21", "21", "21", "11")
		ps.title = pick("983", "983", "982", "133", "083", "123", "")
		if r.IntN(3) != 0 {
			ps.source = "2"
		}
	case kindRetired:
		ps.education = pick("21", "21", "31", "14", "11")
		ps.title = pick("011", "012", "012", "013", "982")
		if r.IntN(5) < 2 {
			ps.source = "2"
		}
	case kindUndergrad:
		ps.education = "61" // 普通高中毕业
	case kindMaster:
		ps.education = "21" // 大学本科毕业
	case kindDoctor:
		ps.education = "14" // 硕士研究生毕业
	}
	if (ps.kind == kindMaster || ps.kind == kindDoctor) && ps.joined.Year() < ps.enrolled {
		ps.source = "2" // admitted at their previous university
	}
}

// studentSpecs: how many years a course lasts and the age at enrolment.
var studentSpecs = map[kind]struct{ years, age int }{kindUndergrad: {4, 18}, kindMaster: {3, 22}, kindDoctor: {4, 25}}

// maleShare is the percentage of men among the members of a kind.
func maleShare(k kind) int {
	switch k {
	case kindTeacher:
		return 58
	case kindStaff:
		return 45
	case kindRetired:
		return 62
	case kindDoctor:
		return 60
	default:
		return 48
	}
}

// between draws a day in [lo, hi] (lo when hi is not after lo).
func between(r *rand.Rand, lo, hi time.Time) time.Time {
	days := int(hi.Sub(lo).Hours() / 24)
	if days <= 0 {
		return lo
	}
	return lo.AddDate(0, 0, r.IntN(days+1))
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// nonMember draws a teacher, staff member or student who is not a party
// member: who they are, not their party dates. Students enrol in grade.
func (p *plan) nonMember(r *rand.Rand, k kind, grade int) person {
	ps := person{kind: k, male: r.IntN(100) < maleShare(k), ethnicity: ethnicity(r)}
	switch k {
	case kindTeacher, kindStaff:
		ps.birth = between(r, p.today.AddDate(-59, 0, 0), p.today.AddDate(-24, 0, 0))
	default:
		spec := studentSpecs[k]
		ps.enrolled = grade
		intake := time.Date(grade, 9, 1, 0, 0, 0, 0, time.UTC)
		older := 0
		if k != kindUndergrad {
			older = r.IntN(3)
		}
		ps.birth = between(r, intake.AddDate(-spec.age-1-older, 0, 0), intake.AddDate(-spec.age-older, 0, -1))
	}
	p.identify(r, &ps)
	return ps
}

// identify draws what a person of any kind has once born: a name, an ID
// number's region and sequence (odd for men, as on a real card), a phone, the
// kind's category, type and post, and (describe) education and source.
func (p *plan) identify(r *rand.Rand, ps *person) {
	ps.name = personName(r, ps.male)
	ps.region = regionCodes[r.IntN(len(regionCodes))]
	ps.seq = r.IntN(500) * 2
	if ps.male {
		ps.seq++
	}
	ps.phone = phonePrefixes[r.IntN(len(phonePrefixes))] + fmt.Sprintf("%08d", r.IntN(100_000_000))
	ps.category, ps.ptype, ps.post = categoryOf[ps.kind], ptypeOf[ps.kind], postOf[ps.kind]
	p.describe(r, ps)
}
