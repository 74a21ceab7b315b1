package demo

import (
	"reflect"
	"testing"
	"time"

	"zhdj/internal/member"
	"zhdj/internal/org"
)

var fixedToday = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

func TestOrdinal(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1: "一", 9: "九", 10: "十", 12: "十二", 20: "二十", 35: "三十五",
		100: "一百", 105: "一百零五", 120: "一百二十", 1230: "一千二百三十", 1005: "一千零五"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %s, want %s", n, got, want)
		}
	}
}

// The same seed gives the same university and the same people; another
// seed gives other people.
func TestPlanIsReproducible(t *testing.T) {
	t.Parallel()
	opts := Options{Members: 2000, Seed: 7, Today: fixedToday}
	a, err := newPlan(opts)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := newPlan(opts)
	a.electCommittees()
	b.electCommittees()
	if !reflect.DeepEqual(a.orgs, b.orgs) || !reflect.DeepEqual(a.units, b.units) {
		t.Fatal("two plans from one seed differ")
	}
	branch := &a.orgs[len(a.orgs)-1]
	for !branch.holdsMembers() {
		branch = &a.orgs[branch.parent]
	}
	if !reflect.DeepEqual(a.branchPeople(branch), b.branchPeople(branch)) {
		t.Fatal("a branch's people differ between passes")
	}
	opts.Seed = 8
	c, _ := newPlan(opts)
	if reflect.DeepEqual(a.branchPeople(branch)[0].name+a.branchPeople(branch)[1].name, c.branchPeople(branch)[0].name+c.branchPeople(branch)[1].name) {
		t.Fatal("another seed gives the same people")
	}
}

// Every planned branch holds 3..50 members; the total is the number asked
// for, from the smallest to the largest demo.
func TestPlanSizes(t *testing.T) {
	t.Parallel()
	for _, n := range []int{MinMembers, 5000, 20000, 200000} {
		p, err := newPlan(Options{Members: n, Seed: 1, Today: fixedToday})
		if err != nil {
			t.Fatal(err)
		}
		total, branches, codes := 0, 0, map[string]bool{}
		for _, o := range p.orgs {
			if codes[o.code] {
				t.Fatalf("%d: code %s twice", n, o.code)
			}
			codes[o.code] = true
			if o.holdsMembers() {
				branches++
				total += o.size
				if o.size < org.BranchMinFullMembers || o.size > org.BranchMaxMembers {
					t.Fatalf("%d: %s holds %d", n, o.name, o.size)
				}
			}
		}
		if total != n {
			t.Fatalf("planned %d members, want %d", total, n)
		}
		t.Logf("%d members: %d organisations, %d branches, %d units", n, len(p.orgs), branches, len(p.units))
	}
	if _, err := newPlan(Options{Members: MinMembers - 1}); err == nil {
		t.Fatal("too few members accepted")
	}
}

// Whatever the day (a leap day, the eve of enrolment, new year), every
// drawn member passes the member rules of RULES.md §2 with no warning, and
// every branch has at least three full members.
func TestPeopleObeyTheRulesOnAnyDay(t *testing.T) {
	t.Parallel()
	for _, day := range []string{"2026-11-22", "2028-02-29", "2027-08-31", "2027-09-01", "2030-01-01"} {
		today, _ := time.Parse("2006-01-02", day)
		p, err := newPlan(Options{Members: 3000, Seed: 3, Today: today})
		if err != nil {
			t.Fatal(err)
		}
		noon := today.Add(4 * time.Hour) // 12:00 in China
		for i := range p.orgs {
			b := &p.orgs[i]
			if !b.holdsMembers() {
				continue
			}
			full := 0
			for _, ps := range p.branchPeople(b) {
				status := member.PartyProbation
				if !ps.full.IsZero() {
					status = member.PartyFull
					full++
				}
				facts := member.RuleFacts{BirthDate: memberDate(ps.birth), AppliedOn: memberDate(ps.applied),
					JoinedOn: memberDate(ps.joined), FullOn: memberDate(ps.full), PartyStatus: status}
				if warnings, err := member.CheckRules(facts, noon); err != nil || len(warnings) > 0 {
					t.Fatalf("%s: %s %+v: %v %v", day, ps.name, facts, err, warnings)
				}
				if ps.full.IsZero() != ps.joined.AddDate(1, 0, 0).After(today) {
					t.Fatalf("%s: %s joined %s, full %s", day, ps.name, ps.joined, ps.full)
				}
				if ps.enrolled != 0 && (ps.enrolled < 2015 || ps.enrolled > today.Year()) {
					t.Fatalf("%s: enrolled %d (outside the 年级 dictionary or in the future)", day, ps.enrolled)
				}
				if ps.enrolled != 0 {
					ci, ok := p.classOf[classKey{b.secondary, ps.kind, ps.enrolled, ps.classNo}]
					if c := p.classes[ci]; !ok || c.name != className(b.classShort, ps.kind, ps.enrolled, ps.classNo) || c.unit != b.unit {
						t.Fatalf("%s: %s (%d, class %d) has no class in the plan", day, ps.name, ps.enrolled, ps.classNo)
					}
				}
			}
			if full < org.BranchMinFullMembers {
				t.Fatalf("%s: %s has %d full members", day, b.name, full)
			}
		}
	}
}
