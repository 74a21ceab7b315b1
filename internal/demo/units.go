package demo

import (
	"fmt"
	"math/rand/v2"
	"time"

	"zhdj/internal/org"
)

// Unit types (DW_LX) and leadership team kinds (DW_LDBZ_LX) the demo uses.
const (
	unitCollege = "1" // 院系
	unitOffice  = "2" // 机关
	unitDirect  = "3" // 直属单位
)

// Staff and students who are not party members, per member: members are
// about 40% of the teachers and staff and about 8% of the students.
const (
	nonMemberTeachersPerMember = 1.5
	nonMemberStudentsPerMember = 11.5
	minCollegeTeachers         = 10 // enough head teachers for the classes
	minUnitStaff               = 3
	minStudentsPerClass        = 15
)

// officeShort are the offices' usual short names.
var officeShort = map[string]string{"党委办公室": "党办", "校长办公室": "校办", "党委组织部": "组织部", "党委宣传部": "宣传部",
	"教务处": "教务处", "科学技术发展院": "科发院", "人事处": "人事处", "财务处": "财务处", "学生工作部": "学工部",
	"国际交流处": "国际处", "后勤保障处": "后勤处", "离退休工作处": "离退休处"}

// describeUnits gives every unit its information: a code (colleges and
// direct units "0NN", offices under 机关 "0NNMM"), a type matching what it
// is, a short name, a leader, a phone, a founding date, the party
// organisation it is paired with (its own secondary organisation, or for an
// office its first branch, else the 机关党委), its leadership teams and
// how many of its staff are not party members.
func (p *plan) describeUnits() {
	r := rand.New(rand.NewPCG(p.seed, 1<<43))
	staffMembers := make([]int, len(p.units))
	for _, o := range p.orgs {
		if o.holdsMembers() && (o.kind == kindTeacher || o.kind == kindStaff) {
			staffMembers[o.unit] += o.size
		}
	}
	founding := time.Date(1952, 10, 1, 0, 0, 0, 0, time.UTC)
	for u := range p.units {
		up := &p.units[u]
		s := secondaries[up.secondary]
		up.short = s.short
		switch {
		case up.parent >= 0:
			up.code = fmt.Sprintf("%s%02d", p.units[up.parent].code, up.sort-p.units[up.parent].sort)
			up.short = officeShort[up.name]
			up.typ = unitOffice
		case s.unit == "机关":
			up.code, up.typ = fmt.Sprintf("%03d", up.secondary+1), unitOffice
		case s.shape == collegeShape || s.shape == teachShape:
			up.code, up.typ = fmt.Sprintf("%03d", up.secondary+1), unitCollege
		default:
			up.code, up.typ = fmt.Sprintf("%03d", up.secondary+1), unitDirect
		}
		up.leader = personName(r, r.IntN(3) != 0)
		up.phone = fmt.Sprintf("027-8754%04d", r.IntN(10000))
		up.founded = between(r, founding, founding.AddDate(60, 0, 0))
		up.pairedOrg = p.pairedOrg(u)
		if up.typ == unitCollege {
			up.teams = []string{"党政领导班子|1"}
			if r.IntN(2) == 0 {
				up.teams = append(up.teams, "行政领导班子|3")
			} else {
				up.teams = append(up.teams, "党委领导班子|2")
			}
			if r.IntN(3) == 0 {
				up.teams = up.teams[:1]
			}
		}
		switch {
		case up.typ == unitCollege:
			up.nonMemberTeachers = max(int(float64(staffMembers[u])*nonMemberTeachersPerMember+0.5), minCollegeTeachers)
		case up.parent < 0 && s.unit == "机关":
			up.nonMemberTeachers = 0 // its staff are in the offices
		default:
			up.nonMemberTeachers = max(int(float64(staffMembers[u])*nonMemberTeachersPerMember+0.5), minUnitStaff)
		}
	}
}

// pairedOrg is the organisation a unit is paired with: the highest
// organisation (not a party group) whose unit it is, first in order; for a
// unit without one, its parent unit's.
func (p *plan) pairedOrg(u int) int {
	best, depth := -1, 0
	for i, o := range p.orgs {
		if o.unit != u || o.typ == org.TypeGroup {
			continue
		}
		d := 0
		for at := o.parent; at >= 0; at = p.orgs[at].parent {
			d++
		}
		if best < 0 || d < depth {
			best, depth = i, d
		}
	}
	if best < 0 {
		return p.pairedOrg(p.units[u].parent)
	}
	return best
}
