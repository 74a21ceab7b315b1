package demo

import (
	"math/rand/v2"

	"zhdj/internal/org"
	"zhdj/internal/platform/uniq"
)

// electCommittees fills in who leads each organisation (the first pass over
// the members): a branch's secretary is one of its full members, and a
// branch with org.BranchCommitteeMinFull or more full members has a committee of 3
// (5 from 15 full members) drawn from them; a college's committee is made of
// full members of its teacher or staff branches; the university committee
// gets names of its own.
func (p *plan) electCommittees() {
	candidates := map[int][]string{} // secondary → names from its teacher/staff branches
	for i := range p.orgs {
		b := &p.orgs[i]
		if !b.holdsMembers() {
			continue
		}
		var fullNames []string
		full := 0
		for _, ps := range p.branchPeople(b) {
			if !ps.full.IsZero() {
				full++
				fullNames = append(fullNames, ps.name)
			}
		}
		fullNames = uniq.Of(fullNames)
		b.secretary = fullNames[0]
		if full >= org.BranchCommitteeMinFull {
			size := 3
			if full >= 15 {
				size = 5
			}
			b.committee = fullNames[:min(size, len(fullNames))]
		}
		if b.kind == kindTeacher || b.kind == kindStaff {
			candidates[b.secondary] = append(candidates[b.secondary], fullNames[:min(2, len(fullNames))]...)
		}
	}
	r := rand.New(rand.NewPCG(p.seed, 1<<40))
	for i := range p.orgs {
		o := &p.orgs[i]
		if o.holdsMembers() || o.typ == org.TypeGroup {
			continue
		}
		size := 5 + 2*r.IntN(2)
		var names []string
		if o.parent == -1 {
			size = 11
		} else {
			names = uniq.Of(candidates[o.secondary])
		}
		for len(names) < size {
			names = uniq.Of(append(names, personName(r, r.IntN(3) != 0)))
		}
		o.committee = names[:size]
		o.secretary = names[0]
	}
}
