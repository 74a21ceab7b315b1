package demo

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"zhdj/internal/org"
)

// Limits of --members: fewer than MinMembers cannot give every secondary
// organisation a branch of at least three full members; more than
// MaxMembers would overflow the three-digit branch codes of a college.
const (
	MinMembers     = 300
	MaxMembers     = 300_000
	DefaultMembers = 5000
	DefaultSeed    = 20260101
)

// Sizes of the plan; the limits themselves are the org domain's rules
// (RULES.md §4: org.BranchMinFullMembers, org.BranchMaxMembers,
// org.BranchCommitteeMinFull).
const (
	branchTarget      = 36 // members a new branch is planned with, on average
	groupFromSize     = 30 // branches this large are divided into party groups
	minKindForBranch  = 5  // fewer members of a kind join the unit's largest kind
	minUnitMembers    = 6  // the fewest members a secondary organisation is given
	dueSoonPercent    = 5  // share of organisations whose term ends within ~80 days
	directBranchPer   = 400
	directBranchFloor = 5
	directBranchCap   = 45
)

// Options of a demo seeding run.
type Options struct {
	Members int       // party members to create (DefaultMembers when 0)
	Seed    uint64    // the random generator's seed: equal seeds give equal data
	Today   time.Time // the date the data is consistent with (zero: today in China)
}

// unitPlan is a unit (sys_dept row) to create.
type unitPlan struct {
	name   string
	parent int // index of the parent unit, -1 for the root unit "学校"
	sort   int

	// Its information (dw_info), filled in by describeUnits.
	secondary         int // index into secondaries of the organisation it belongs to
	code, short, typ  string
	leader, phone     string
	founded           time.Time
	pairedOrg         int      // index of its paired organisation
	teams             []string // leadership teams, "name|kind"
	nonMemberTeachers int      // teachers or staff who are not party members
}

// orgPlan is a party organisation to create; branches also say whom they hold.
type orgPlan struct {
	parent                           int // index of the parent organisation, -1 for the root
	code, name, short, typ, category string
	unit                             int // index of its unit, -1 for the root unit
	sort                             int
	termYears                        int
	termStart, founded               time.Time
	phone                            string
	secretary                        string
	committee                        []string

	// Organisations that hold members (branches and 直属党支部).
	kind       kind
	size       int
	stream     uint64 // the branch's own random stream: its members are the same in every pass
	secondary  int    // index into secondaries
	classShort string // class names start with it ("计算机2203班")
}

func (o *orgPlan) holdsMembers() bool { return o.size > 0 }

// plan is the whole university before it is written.
type plan struct {
	seed    uint64
	today   time.Time
	units   []unitPlan
	orgs    []orgPlan
	classes []classPlan
	classOf map[classKey]int // a student member's class
}

// chinaZone is UTC+8: "today" is the calendar day in China.
var chinaZone = time.FixedZone("CST", 8*3600)

func dateOf(t time.Time) time.Time {
	t = t.In(chinaZone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// newPlan lays out the university for opts: units, organisations and how
// many members of which kind each branch holds.
func newPlan(opts Options) (*plan, error) {
	if opts.Members == 0 {
		opts.Members = DefaultMembers
	}
	if opts.Members < MinMembers || opts.Members > MaxMembers {
		return nil, fmt.Errorf("党员人数应在 %d 到 %d 之间 (members must be between %d and %d)",
			MinMembers, MaxMembers, MinMembers, MaxMembers)
	}
	today := opts.Today
	if today.IsZero() {
		today = time.Now()
	}
	p := &plan{seed: opts.Seed, today: dateOf(today)}
	r := rand.New(rand.NewPCG(opts.Seed, 0))

	root := p.addOrg(r, orgPlan{parent: -1, code: "01", name: "中共" + universityName + "委员会", short: "校党委",
		typ: org.TypeCommittee, unit: -1})
	counts := allocate(opts.Members, secondaries)
	for i, s := range secondaries {
		unit := p.addUnit(s.unit, -1, i)
		oi := p.addOrg(r, orgPlan{parent: root, code: fmt.Sprintf("01%02d", i+1), name: orgName(s), short: s.short,
			typ: s.typ, unit: unit, termYears: org.DefaultTermYears(s.typ), secondary: i})
		if s.typ == org.TypeDirectBranch {
			o := &p.orgs[oi]
			o.category, o.kind, o.size, o.classShort = "4", kindStaff, counts[i], s.short
			p.addGroups(r, oi)
			continue
		}
		byKind := splitByShape(counts[i], s.shape)
		if s.unit == "机关" {
			p.planOffices(r, oi, unit, byKind)
			continue
		}
		n := 0
		for k := kind(0); k < kindCount; k++ {
			sizes := splitBranches(r, byKind[k])
			for j, size := range sizes {
				n++
				name := s.short + kindBranch[k].label + ordinalBranch(j, len(sizes))
				p.addBranch(r, oi, fmt.Sprintf("%s%03d", p.orgs[oi].code, n), name, unit, k, size)
			}
		}
	}
	p.describeUnits()
	p.planClasses()
	return p, nil
}

// planOffices gives the 机关党委 one or more branches per office, and
// branches for the offices' retired staff (their unit: 离退休工作处).
func (p *plan) planOffices(r *rand.Rand, oi, machine int, byKind [kindCount]int) {
	unitOf := make([]int, len(offices))
	for j, name := range offices {
		unitOf[j] = p.addUnit(name, machine, p.units[machine].secondary)
	}
	// A small demo staffs only the first offices, with enough members for a branch each.
	used := min(max(byKind[kindStaff]/8, 1), len(offices))
	perOffice := allocateEven(byKind[kindStaff], used)
	n := 0
	for j, name := range offices[:used] {
		sizes := splitBranches(r, perOffice[j])
		for k, size := range sizes {
			n++
			p.addBranch(r, oi, fmt.Sprintf("%s%03d", p.orgs[oi].code, n), name+ordinalBranch(k, len(sizes)), unitOf[j], kindStaff, size)
		}
	}
	sizes := splitBranches(r, byKind[kindRetired])
	for k, size := range sizes {
		n++
		p.addBranch(r, oi, fmt.Sprintf("%s%03d", p.orgs[oi].code, n), "机关离退休"+ordinalBranch(k, len(sizes)), unitOf[len(offices)-1], kindRetired, size)
	}
}

func orgName(s secondary) string {
	switch s.typ {
	case org.TypeSecondaryCommittee:
		if s.unit == "机关" {
			return "机关党委"
		}
		return s.unit + "党委"
	case org.TypeGeneralBranch:
		return s.unit + "党总支"
	default:
		return s.unit + "直属党支部"
	}
}

// ordinalBranch is "党支部" for an only branch, else "第三党支部".
func ordinalBranch(j, of int) string {
	if of == 1 {
		return "党支部"
	}
	return "第" + ordinal(j+1) + "党支部"
}

func (p *plan) addUnit(name string, parent, secondary int) int {
	p.units = append(p.units, unitPlan{name: name, parent: parent, sort: len(p.units) + 1, secondary: secondary})
	return len(p.units) - 1
}

// addOrg appends o with its term, founding date and phone drawn from r.
func (p *plan) addOrg(r *rand.Rand, o orgPlan) int {
	o.sort = 1
	for i := len(p.orgs) - 1; i >= 0; i-- {
		if p.orgs[i].parent == o.parent {
			o.sort = p.orgs[i].sort + 1
			break
		}
	}
	if o.typ != org.TypeGroup {
		if o.termYears == 0 {
			o.termYears = org.DefaultTermYears(o.typ)
		}
		o.termStart = p.termStart(r, o.termYears, len(p.orgs))
		o.founded = o.termStart.AddDate(-r.IntN(25), -r.IntN(12), 0)
		o.phone = fmt.Sprintf("027-8754%04d", r.IntN(10000))
	} else {
		o.termYears = 3
	}
	o.stream = uint64(len(p.orgs)) + 1 // stream 0 is the plan's own
	p.orgs = append(p.orgs, o)
	return len(p.orgs) - 1
}

// termStart draws the start of the current term: a few terms end within
// the next ~80 days (so the term reminder has something to show; the
// third organisation, the first college's first branch or committee, always
// does), the others anywhere in their term with three months to spare.
func (p *plan) termStart(r *rand.Rand, years, index int) time.Time {
	if index == 2 || r.IntN(100) < dueSoonPercent {
		return p.today.AddDate(-years, 0, 10+r.IntN(70))
	}
	span := years*365 - 120
	return p.today.AddDate(0, 0, -r.IntN(span))
}

func (p *plan) addBranch(r *rand.Rand, parent int, code, name string, unit int, k kind, size int) {
	typ := org.TypeBranch
	bi := p.addOrg(r, orgPlan{parent: parent, code: code, name: name, short: "", typ: typ, unit: unit,
		category: kindBranch[k].category, kind: k, size: size, secondary: p.orgs[parent].secondary,
		classShort: p.orgs[parent].short})
	p.addGroups(r, bi)
}

// addGroups divides a large staff, teacher or retired branch into party
// groups (党小组): they hold no member records of their own.
func (p *plan) addGroups(r *rand.Rand, bi int) {
	b := &p.orgs[bi]
	if b.size < groupFromSize || b.category == "2" {
		return
	}
	n := 2 + b.size/45 + r.IntN(2)
	code := b.code
	for g := 1; g <= n; g++ {
		p.addOrg(r, orgPlan{parent: bi, code: fmt.Sprintf("%s%d", code, g), name: "第" + ordinal(g) + "党小组",
			typ: org.TypeGroup, unit: p.orgs[bi].unit, secondary: p.orgs[bi].secondary})
	}
}

// allocate shares total among the secondary organisations: each direct
// branch gets a fixed, realistic size, the rest by weight (largest remainder).
func allocate(total int, ss []secondary) []int {
	direct := min(max(total/directBranchPer, directBranchFloor), directBranchCap)
	out := make([]int, len(ss))
	weights := make([]float64, len(ss))
	rest := total
	for i, s := range ss {
		if s.typ == org.TypeDirectBranch {
			out[i] = direct
			rest -= direct
		} else {
			weights[i] = s.weight
		}
	}
	shares := largestRemainder(rest, weights)
	largest := 0
	for i := range ss {
		if ss[i].typ != org.TypeDirectBranch {
			out[i] = shares[i]
			if out[i] > out[largest] {
				largest = i
			}
		}
	}
	// Every organisation gets enough members for a branch with three full members.
	for i := range ss {
		if ss[i].typ != org.TypeDirectBranch && out[i] < minUnitMembers {
			out[largest] -= minUnitMembers - out[i]
			out[i] = minUnitMembers
		}
	}
	return out
}

// splitByShape divides a unit's members among the kinds of its shape; a
// kind with too few members for a branch of its own joins the largest kind.
func splitByShape(n int, shape unitShape) [kindCount]int {
	shares := largestRemainder(n, shape[:])
	var out [kindCount]int
	copy(out[:], shares)
	largest := kind(0)
	for k := kind(0); k < kindCount; k++ {
		if out[k] > out[largest] {
			largest = k
		}
	}
	for k := kind(0); k < kindCount; k++ {
		if k != largest && out[k] > 0 && out[k] < minKindForBranch {
			out[largest] += out[k]
			out[k] = 0
		}
	}
	return out
}

// largestRemainder splits n in proportion to weights, exactly: everyone
// gets the whole part of their share, the largest remainders one more.
func largestRemainder(n int, weights []float64) []int {
	sum := 0.0
	for _, w := range weights {
		sum += w
	}
	out := make([]int, len(weights))
	if sum == 0 {
		return out
	}
	rest := make([]float64, len(weights))
	given := 0
	for i, w := range weights {
		exact := float64(n) * w / sum
		out[i] = int(exact)
		rest[i] = exact - float64(out[i])
		given += out[i]
	}
	var order []int // only those with a share take a remainder
	for i, w := range weights {
		if w > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return rest[order[a]] > rest[order[b]] })
	for j := 0; given < n; j = (j + 1) % len(order) {
		out[order[j]]++
		given++
	}
	return out
}

// allocateEven splits n into k parts that differ by at most one.
func allocateEven(n, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
		if i < n%k {
			out[i]++
		}
	}
	return out
}

// splitBranches divides n members of one kind into branches of about
// branchTarget members, never more than org.BranchMaxMembers, with some variety.
func splitBranches(r *rand.Rand, n int) []int {
	if n <= 0 {
		return nil
	}
	k := (n + branchTarget - 1) / branchTarget
	sizes := allocateEven(n, k)
	lo := min(sizes[len(sizes)-1], 12)
	for i := 0; i+1 < k; i++ {
		d := r.IntN(13) - 6
		a, b := sizes[i]-d, sizes[i+1]+d
		if a >= lo && b >= lo && a <= org.BranchMaxMembers && b <= org.BranchMaxMembers {
			sizes[i], sizes[i+1] = a, b
		}
	}
	return sizes
}
