package demo

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"zhdj/internal/member"
)

// importRegions are address codes (GB/T 2260, districts of Wuhan) that the
// seeded people never have: ID numbers drawn with them cannot be those of
// a seeded member. Each round of NewMembers uses one.
var importRegions = []string{"420103", "420104", "420105", "420107", "420112", "420113", "420114", "420115"}

// importStream is where the streams of NewMembers start (+ round<<20 + branch).
const importStream = 1 << 44

// NewMembers draws n further members for the university Seed writes with
// opts (the same Members, Seed and Today), as rows of the member import
// (keyed by its column keys, values as a file holds them): spread over the
// existing branches, drawn like the seeded members of each branch, so they
// pass the member rules. Their ID numbers are unique and never those of a
// seeded person; round (0, 1, …) draws another set (eight rounds before an
// ID number could repeat).
func NewMembers(opts Options, n int, round int) ([]map[string]string, error) {
	p, err := newPlan(opts)
	if err != nil {
		return nil, err
	}
	var branches []int
	for i := range p.orgs {
		if p.orgs[i].holdsMembers() {
			branches = append(branches, i)
		}
	}
	nums := &numbers{idNumbers: map[uint64]bool{}, students: map[string]int{}, staffNo: 800_000}
	region := importRegions[round%len(importRegions)]
	per := allocateEven(n, len(branches))
	out := make([]map[string]string, 0, n)
	for j, bi := range branches {
		b := &p.orgs[bi]
		r := rand.New(rand.NewPCG(p.seed, importStream+uint64(round)<<20+uint64(bi)))
		for range per[j] {
			ps := p.person(r, b.kind, false)
			ps.region = region
			row := map[string]string{
				"name": ps.name, "idNumber": nums.idNumber(&ps), "ethnicity": ps.ethnicity, "phone": ps.phone,
				"personCategory": ps.category, "personType": ps.ptype, "partyStatus": member.PartyProbation, "education": ps.education,
				"professionalTitle": ps.title, "post": ps.post, "staffOrStudentNo": importNumber(nums, &ps, b.secondary),
				"unit": p.units[b.unit].name, "org": b.code,
				"appliedOn": string(memberDate(ps.applied)), "joinedOn": string(memberDate(ps.joined)), "fullOn": string(memberDate(ps.full)),
			}
			if !ps.full.IsZero() {
				row["partyStatus"] = member.PartyFull
			}
			if ps.enrolled > 0 {
				row["grade"] = strconv.Itoa(ps.enrolled)
				row["className"] = className(b.classShort, ps.kind, ps.enrolled, ps.classNo)
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// importNumber is a staff number from 900001 up, or a student number whose
// sequence starts at 8001 (above the seeded ones of a demo this size).
func importNumber(nums *numbers, ps *person, college int) string {
	if ps.enrolled == 0 {
		return nums.staffOrStudentNo(ps, college)
	}
	no := nums.staffOrStudentNo(ps, college)
	seq, _ := strconv.Atoi(no[7:])
	return fmt.Sprintf("%s%04d", no[:7], 8000+seq)
}
