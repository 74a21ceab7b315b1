package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/rbac"
)

// The demo's development records (zhdj seed --demo, after internal/demo
// wrote the university): real people of the registry at every step, with
// dates that keep every rule of docs/develop.md, so the lists, the
// reminders, the reports and the steps themselves have content to work on.
//
//   - applicants (②, ③) and activists (④–⑦), development targets (⑧–⑰)
//     and ended records are drawn from the students and teachers who are no
//     members, each given to a branch of their unit and kind;
//   - probationary members (⑱–㉓) are the university's probationary members
//     developed here (dyjbxx, source 本校发展): their record's dates are
//     fitted between the member's application and admission;
//   - members made full in the last year are the records at ㉔ (the member
//     record back to 预备党员 until the approval), at ㉕ and archived.
//
// Each record is put at its step by the workflow's StartAt, acting as the
// system with the administrator's scope; the steps done are dev_step rows
// with their forms, beside the reviews, trainings, notices, the 志愿书
// number ranges and the yearly plans of every secondary committee.

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: today in China).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Records  int
	ByStage  map[string]int
	ByStep   map[string]int
	Notices  int
	Reviews  int
	Training int
	Plans    int
	Took     time.Duration
}

// DemoSharePercent: development records per 100 party members (about
// 3,000 for the 20,000-member bench world).
const DemoSharePercent = 15

// demoStream is the generator's stream (the university's own use others).
const demoStream = 1 << 50

// Shares of the records by bucket, in percent of the total.
var demoBuckets = []struct {
	name    string
	percent int
}{{"applicant", 20}, {"activist", 25}, {"target", 15}, {"probationary", 30}, {"full", 5}, {"ended", 5}}

// demoBranch is a branch that keeps records.
type demoBranch struct {
	ID        int64
	Path      string
	Type      string
	Unit      int64
	Name      string
	Secretary string
	Phone     string
	committee int64    // its secondary committee (or itself, a 直属党支部): the plans' organisation
	acting    int64    // the committee acting at ⑰ and ㉔ (the chain's: nearest 二级党委, else the school's)
	kind      string   // the person category most of its members have
	full      []int64  // full members in normal status (sponsors, contacts)
	fullNames []string // their names
	fullOn    []date.Date
	fullCount int
}

// demoPerson is someone a record is made for.
type demoPerson struct {
	Kind, No, Name, Gender string
	ID                     int64
	Birth                  date.Date
	Unit                   int64
	Category               string    // DJ_DY_RYLBXX as the person's kind gives it
	Leaving                date.Date // students: graduation
	// Member-based records: the member and their dates.
	MemberID                    int64
	OrgID                       int64
	Applied, Joined, MemberFull date.Date
}

// demoStep is a step done with its form.
type demoStep struct {
	key  string
	on   date.Date
	data map[string]any
}

// demoNotice is a notice a record needs before a step.
type demoNotice struct {
	kind       string
	start, end date.Date
}

// demoRecord is a record's whole development as drawn, before the cut at today.
type demoRecord struct {
	p         demoPerson
	b         *demoBranch
	applied   date.Date
	steps     []demoStep
	notices   []demoNotice
	reviews   []Review
	trainings []Training
	probEnd   date.Date
	// unusable: the branch had too few full members for its sponsors or
	// contacts when they were needed.
	unusable bool
	// After the cut: the step waited at ("" when done or ended).
	waiting                string
	ended                  bool
	endedOn                date.Date
	endedReason            string
	dueOn                  *date.Date
	volunteerYear, volunNo int
}

// done is the date step key was done (zero when it was not).
func (r *demoRecord) done(key string) date.Date {
	for _, s := range r.steps {
		if s.key == key {
			return s.on
		}
	}
	return ""
}

// demoSeeder draws the records of one run.
type demoSeeder struct {
	s       *Service
	r       *rand.Rand
	today   date.Date
	days    *calendar.Days
	cfg     Config
	version int
}

// SeedDemo writes the demo's development records into the demo university
// (internal/demo.Seed ran just before on the same database) in one
// transaction. It refuses a database that already holds records.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	today := opts.Today
	if today.IsZero() {
		today = s.now()
	}
	days, err := s.cal.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	d := &demoSeeder{s: s, r: rand.New(rand.NewPCG(opts.Seed, demoStream)), today: date.Of(today.In(date.China)), days: days}
	// The seed acts as the system with the administrator's scope: the
	// workflow's Find stays the scoped one of the API.
	ctx = rbac.WithMemo(rbac.With(ctx, &rbac.Principal{Username: "system", Perms: map[string]bool{rbac.Admin: true}}))
	res := &DemoResult{ByStage: map[string]int{}, ByStep: map[string]int{}}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		n, err := tx.NewSelect().Model((*Record)(nil)).Count(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("develop demo: the database already holds %d development records", n)
		}
		if d.cfg, d.version, err = s.config(ctx, tx, 0); err != nil {
			return err
		}
		records, err := d.draw(ctx, tx)
		if err != nil {
			return err
		}
		return d.write(ctx, tx, records, res)
	})
	if err != nil {
		return nil, err
	}
	if db.IsPostgres(s.db) {
		for _, table := range []string{"dev_record", "dev_step", "dev_review", "dev_training", "dev_notice", "dev_notice_item", "flow_instance", "flow_history"} {
			if _, err := s.db.ExecContext(ctx, "VACUUM ANALYZE "+table); err != nil {
				return nil, fmt.Errorf("vacuum analyze %s: %w", table, err)
			}
		}
	}
	res.Took = time.Since(start)
	return res, nil
}

// draw reads the university and draws every record.
func (d *demoSeeder) draw(ctx context.Context, tx bun.Tx) ([]*demoRecord, error) {
	branches, err := d.branches(ctx, tx)
	if err != nil {
		return nil, err
	}
	members, err := tx.NewSelect().Table("dyjbxx").Count(ctx)
	if err != nil {
		return nil, err
	}
	total := int(members) * DemoSharePercent / 100
	want := map[string]int{}
	for _, b := range demoBuckets {
		want[b.name] = total * b.percent / 100
	}
	var out []*demoRecord
	// Members first: they are fewer than the records they could give.
	probationary, full, err := d.memberPeople(ctx, tx, branches)
	if err != nil {
		return nil, err
	}
	out = append(out, d.take(probationary, want["probationary"], branches, d.fitted, func(r *demoRecord) bool {
		return stepNo(r.waiting) >= 18 && stepNo(r.waiting) <= 23
	})...)
	out = append(out, d.take(full, want["full"], branches, d.fitted, func(r *demoRecord) bool {
		return r.waiting == "" || stepNo(r.waiting) >= 24
	})...)
	// Members whose dates or branch leave no room for a record (too few
	// full members to sponsor them then) are made up for with targets and
	// activists.
	short := want["probationary"] + want["full"] - len(out)
	want["target"] += short / 2
	want["activist"] += short - short/2
	need := want["applicant"] + want["activist"] + want["target"] + want["ended"]
	candidates, err := d.candidates(ctx, tx, branches, need*3)
	if err != nil {
		return nil, err
	}
	next := 0
	for _, bucket := range []string{"applicant", "activist", "target", "ended"} {
		got := 0
		for ; next < len(candidates) && got < want[bucket]; next++ {
			c := candidates[next]
			if r := d.fresh(c.p, c.b, bucket); r != nil {
				out = append(out, r)
				got++
			}
		}
	}
	return out, nil
}

// stepNo is the number (1..25) of step key, 0 for "".
func stepNo(key string) int {
	if def := stepDef(key); def != nil {
		return def.No
	}
	return 0
}

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

// days draws a whole number of days in [lo, hi].
func (d *demoSeeder) span(lo, hi int) int { return lo + d.r.IntN(hi-lo+1) }

// workdayAfter is the first working day after day.
func (d *demoSeeder) workdayAfter(day date.Date) date.Date {
	w, err := d.days.AddWorkdays(day, 1)
	if err != nil {
		return day.AddDays(1)
	}
	return w
}

// notice is a notice starting on the first working day after from and
// lasting the configured working days.
func (d *demoSeeder) notice(kind string, from date.Date) demoNotice {
	start := d.workdayAfter(from)
	end, err := d.days.AddWorkdays(start, d.cfg.Rules.NoticeWorkdays-1)
	if err != nil {
		end = start.AddDays(7)
	}
	return demoNotice{kind: kind, start: start, end: end}
}

// votes fills the tallies of the steps decided by a vote (⑮, ⑰, ㉓, ㉔),
// once the member base is as the demo leaves it: a branch meeting counts
// the branch's roster on its date (the members with a vote, as the step's
// rule counts them), a quorum present, a few written opinions now and then,
// a majority for; a committee counts its recorded members, most present,
// all of them agreeing. counts caches the counts by organisation and day.
func (d *demoSeeder) votes(ctx context.Context, tx bun.Tx, r *demoRecord, st demoStep, counts map[string]int64) error {
	by := voteSteps[st.key]
	if by == "" {
		return nil
	}
	orgID := r.b.ID
	if by == ByCommittee {
		orgID = r.b.acting
	}
	key := fmt.Sprintf("%s/%d/%s", by, orgID, st.on)
	n, ok := counts[key]
	if !ok {
		var got int
		var err error
		if by == ByBranch {
			got, err = d.s.members.Voters(ctx, tx, orgID, st.on)
		} else {
			got, err = d.s.orgs.CommitteeSize(ctx, tx, orgID)
		}
		if err != nil {
			return err
		}
		n = int64(got)
		counts[key] = n
	}
	if n == 0 && by == ByCommittee {
		n = 7 // no members recorded: the committee's count as its secretary enters it
	}
	if n == 0 {
		return fmt.Errorf("develop demo: record of %s: no member of %s has a vote on %s", r.p.Name, r.b.Name, st.on)
	}
	present := n - int64(d.r.IntN(int(min(3, n/2)+1)))
	if present*2 <= n {
		present = n/2 + 1
	}
	st.data["shouldAttend"], st.data["present"] = n, present
	if by == ByCommittee {
		st.data["agree"] = present
		return nil
	}
	var written, against, abstain int64
	if present < n && d.r.IntN(4) == 0 {
		written = 1
	}
	if present > 5 && d.r.IntN(4) == 0 {
		against = 1
	}
	if present > 8 && d.r.IntN(3) == 0 {
		abstain = 1
	}
	st.data["written"], st.data["agree"], st.data["against"], st.data["abstain"] = written, present+written-against-abstain, against, abstain
	return nil
}

// pair is two distinct full members of b who were full before on, and
// their names; r is marked unusable when b had fewer such members then.
func (d *demoSeeder) pair(r *demoRecord, on date.Date) ([]int64, []string) {
	b := r.b
	n := 0
	for n < len(b.fullOn) && b.fullOn[n].Before(on) {
		n++
	}
	if n < 2 {
		r.unusable = true
		n = 2
	}
	i := d.r.IntN(n)
	j := (i + 1 + d.r.IntN(n-1)) % n
	return []int64{b.full[i], b.full[j]}, []string{b.fullNames[i], b.fullNames[j]}
}

func (r *demoRecord) add(key string, on date.Date, data map[string]any) {
	if data == nil {
		data = map[string]any{}
	}
	r.steps = append(r.steps, demoStep{key: key, on: on, data: data})
}

// front is ② to ⑤: the talk within the configured month of the
// application, the activist after it, the filing and the contacts; and the
// activist's reviews, every 6 months (within each period) up to until.
func (d *demoSeeder) front(r *demoRecord, talk, activist date.Date) {
	b := r.b
	talker := b.Secretary
	if talker == "" {
		talker = b.fullNames[0]
	}
	r.add(StepTalk, talk, map[string]any{"talker": talker, "content": "了解入党动机和对党的认识，介绍党的基本知识和入党程序", "lateReason": ""})
	_, names := d.pair(r, activist)
	r.add(StepActivist, activist, map[string]any{"method": "党员推荐", "recommenders": names[0] + "、" + names[1]})
	filing := activist.AddDays(d.span(3, 15))
	r.add(StepActivistFiling, filing, nil)
	assigned := filing.AddDays(d.span(1, 10))
	contacts, _ := d.pair(r, assigned)
	r.add(StepContacts, assigned, map[string]any{"contactIds": contacts})
	if d.r.IntN(3) > 0 {
		start := activist.AddDays(d.span(20, 100))
		r.trainings = append(r.trainings, Training{BatchType: 2, Title: "入党积极分子培训班", StartOn: start, EndOn: start.AddDays(1),
			Hours: 16, Days: 2, CertificateNo: fmt.Sprintf("JJ%s%03d", start.Compact(), d.r.IntN(1000)), Passed: true})
	}
}

// reviews are the activist's reviews up to until: the first a few weeks
// before 6 months as activist, each next exactly 6 months after the one
// before. So each 6-month period since ③ holds one, no two are more than 6
// months apart, and the last is less than 6 months old at ⑥ and ⑦ —
// whichever way the rule is read.
func (d *demoSeeder) reviews(r *demoRecord, activist, until date.Date) {
	every := d.cfg.Rules.ReviewEveryMonths
	on := activist.AddMonths(every).AddDays(-d.span(5, 25))
	for k := 1; !on.After(until); k++ {
		r.reviews = append(r.reviews, Review{Kind: "activist", ReviewedOn: on, Result: []string{"1", "2", "2", "2"}[d.r.IntN(4)],
			Content: fmt.Sprintf("第%d次培养考察：思想积极要求进步，学习工作表现良好", k), Reviewer: r.b.fullNames[0]})
		on = on.AddMonths(every)
	}
}

// middle is ⑥ on sixth (the cultivation over, its reviews kept) to ⑮: the
// target notice, ⑦, the filing, sponsors, political review, the
// concentrated training, the branch's review, the pre-review, the admit
// notice, the 志愿书 and the branch meeting.
func (d *demoSeeder) middle(r *demoRecord, activist, sixth date.Date) date.Date {
	d.reviews(r, activist, sixth)
	r.add(StepCultivate, sixth, nil)
	n := d.notice(NoticeTarget, sixth)
	r.notices = append(r.notices, n)
	target := n.end.AddDays(d.span(1, 6))
	r.add(StepTarget, target, nil)
	filing := target.AddDays(d.span(2, 8))
	r.add(StepTargetFiling, filing, nil)
	sp := filing.AddDays(d.span(1, 5))
	sponsors, _ := d.pair(r, sp)
	r.add(StepSponsors, sp, map[string]any{"sponsorIds": sponsors})
	pol := sp.AddDays(d.span(2, 8))
	r.add(StepPoliticalReview, pol, map[string]any{"conclusion": "合格", "content": "经函调和档案审查，本人政治历史清楚，现实表现良好"})
	start := pol.AddDays(d.span(0, 4))
	r.trainings = append(r.trainings, Training{BatchType: 3, Title: "发展对象集中培训班", StartOn: start, EndOn: start.AddDays(3),
		Hours: 24 + 8*d.r.IntN(2), Days: 4, CertificateNo: fmt.Sprintf("FZ%s%03d", start.Compact(), d.r.IntN(1000)), Passed: true})
	trained := start.AddDays(3 + d.span(1, 3))
	r.add(StepTraining, trained, nil)
	review := trained.AddDays(d.span(1, 4))
	r.add(StepBranchReview, review, nil)
	pre := review.AddDays(d.span(1, 4))
	r.add(StepPreReview, pre, nil)
	admit := d.notice(NoticeAdmit, pre)
	r.notices = append(r.notices, admit)
	r.add(StepVolunteerBook, admit.start.AddDays(d.span(0, 2)), nil)
	return admit.end.AddDays(d.span(1, 5))
}

// back is ⑮ on meeting to ㉕: the committee's talk and approval within the
// configured months, the filing, placement, oath, the probation's education
// and reviews, the application, the full notice, the meeting on or after
// the probation's end (probEnd) and its approval, the archive.
func (d *demoSeeder) back(r *demoRecord, meeting, probEnd date.Date) {
	b := r.b
	if len(b.fullOn) == 0 || b.fullOn[0].After(meeting) {
		r.unusable = true // no member with a vote then: no meeting
	}
	r.add(StepBranchMeeting, meeting, nil) // the votes: d.votes

	r.probEnd = probEnd
	reported := meeting.AddDays(d.span(1, 5))
	talk := reported.AddDays(d.span(3, 25))
	r.add(StepCommitteeTalk, talk, map[string]any{"talker": "党委组织员", "reportedOn": reported})
	approval := talk.AddDays(d.span(1, 20))
	r.add(StepCommitteeApproval, approval, map[string]any{"lateReason": ""}) // the votes: d.votes
	filing := approval.AddDays(d.span(3, 20))
	r.add(StepDeptFiling, filing, nil)
	placed := filing.AddDays(d.span(1, 10))
	r.add(StepPlacement, placed, map[string]any{"group": "第一党小组"})
	r.add(StepOath, placed.AddDays(d.span(1, 20)), nil)
	for _, m := range []int{3, 6, 9} {
		on := meeting.AddMonths(m).AddDays(-d.span(0, 10))
		r.reviews = append(r.reviews, Review{Kind: "probation", ReviewedOn: on, Result: "2",
			Content: fmt.Sprintf("预备期第%d个月考察：按时参加组织生活，发挥先锋模范作用", m), Reviewer: b.fullNames[0]})
	}
	educated := probEnd.AddDays(-d.span(12, 25))
	r.add(StepProbationEducation, educated, nil)
	applied := educated.AddDays(d.span(1, 7))
	r.add(StepFullApplication, applied, nil)
	n := d.notice(NoticeFull, applied)
	r.notices = append(r.notices, n)
	fullMeeting := n.end.AddDays(1)
	if fullMeeting.Before(probEnd) {
		fullMeeting = probEnd
	}
	fullMeeting = fullMeeting.AddDays(d.span(0, 10))
	r.add(StepFullMeeting, fullMeeting, map[string]any{"decision": DecisionFull, "extendMonths": 0})
	approved := fullMeeting.AddDays(d.span(5, 40))
	r.add(StepFullApproval, approved, nil)
	r.add(StepArchive, approved.AddDays(d.span(5, 30)), map[string]any{"place": "党委组织部档案室"})
}

// cut keeps what was done by today: the steps (a prefix), the notices
// published, the reviews and trainings held; the step after the last done
// is the one the record waits at.
func (d *demoSeeder) cut(r *demoRecord) {
	keep := 0
	for keep < len(r.steps) && !r.steps[keep].on.After(d.today) {
		keep++
	}
	if keep < len(r.steps) {
		r.waiting = r.steps[keep].key
	}
	r.steps = r.steps[:keep]
	var notices []demoNotice
	for _, n := range r.notices {
		if !n.start.After(d.today) {
			notices = append(notices, n)
		}
	}
	r.notices = notices
	var reviews []Review
	for _, rv := range r.reviews {
		if !rv.ReviewedOn.After(d.today) {
			reviews = append(reviews, rv)
		}
	}
	r.reviews = reviews
	var trainings []Training
	for _, t := range r.trainings {
		if !t.EndOn.After(d.today) {
			trainings = append(trainings, t)
		}
	}
	r.trainings = trainings
	last := r.applied
	if n := len(r.steps); n > 0 {
		last = r.steps[n-1].on
	}
	if on := d.cfg.dueOn(r.waiting, r.applied, last); !on.IsZero() {
		r.dueOn = &on
	}
}

// adult tells whether someone born on birth is of the configured age on day.
func (d *demoSeeder) adult(birth, day date.Date) bool {
	return !birth.IsZero() && !day.Before(birth.AddYears(d.cfg.Rules.MinAge))
}

// noticeBefore is the kind of notice that must have ended before a step.
var noticeBefore = map[string]string{StepTarget: NoticeTarget, StepBranchMeeting: NoticeAdmit, StepFullMeeting: NoticeFull}

// bucketSteps are the steps a record of a bucket may wait at (ended:
// where it was ended).
var bucketSteps = map[string][2]int{"applicant": {3, 3}, "activist": {4, 7}, "target": {8, 17}, "ended": {3, 7}}

// timeline is the whole development of someone who is no member, applying
// on applied, before the cut at today.
func (d *demoSeeder) timeline(p demoPerson, b *demoBranch, applied date.Date) *demoRecord {
	r := &demoRecord{p: p, b: b, applied: applied}
	talk := applied.AddDays(d.span(3, 25))
	activist := talk.AddDays(d.span(10, 90))
	d.front(r, talk, activist)
	sixth := activist.AddMonths(d.cfg.Rules.ActivistMinMonths).AddDays(d.span(0, 60))
	meeting := d.middle(r, activist, sixth)
	d.back(r, meeting, meeting.AddMonths(d.cfg.Rules.ProbationMonths))
	return r
}

// fresh is a record of someone who is no member that today lies in bucket
// (applicant, activist, target, ended); nil when none of a few tries does.
// It picks the step the record is to wait at, draws the timeline once to
// learn when that step would come after an application today, and draws
// the same timeline again from the application date that puts today
// between the step before and that step.
func (d *demoSeeder) fresh(p demoPerson, b *demoBranch, bucket string) *demoRecord {
	if bucket == "applicant" && d.r.IntN(5) < 3 {
		// Waiting for the talk: some longer than the month allowed (due,
		// to be talked with a reason).
		applied := d.today.AddDays(-d.span(1, 45))
		if !d.adult(p.Birth, applied) {
			return nil
		}
		due := d.cfg.dueOn(StepTalk, applied, applied)
		return &demoRecord{p: p, b: b, applied: applied, waiting: StepTalk, dueOn: &due}
	}
	lo, hi := bucketSteps[bucket][0], bucketSteps[bucket][1]
	save := d.r
	defer func() { d.r = save }()
	for try := 0; try < 12; try++ {
		want := Steps[lo-1+save.IntN(hi-lo+1)].Key
		seedA, seedB := save.Uint64(), save.Uint64()
		draw := func(applied date.Date) *demoRecord {
			d.r = rand.New(rand.NewPCG(seedA, seedB))
			return d.timeline(p, b, applied)
		}
		probe := draw(d.today)
		prev, at := probe.applied, probe.done(want)
		for k, st := range probe.steps {
			if st.key == want && k > 0 {
				prev = probe.steps[k-1].on
			}
		}
		// A record at ⑮ (and most at ⑦) waits after its notice ended: the
		// step can be done today. (Those in the middle of their admit notice
		// wait at ⑭.)
		afterNotice := ""
		if kind := noticeBefore[want]; kind != "" && (want == StepBranchMeeting || save.IntN(4) > 0) {
			afterNotice = kind
			for _, n := range probe.notices {
				if n.kind == kind {
					prev = n.end.AddDays(1)
				}
			}
		}
		span := int(at.Time().Sub(prev.Time()).Hours() / 24) // today lies in [prev, at)
		if span <= 0 {
			continue
		}
		back := int(at.Time().Sub(d.today.Time()).Hours()/24) - 1 - save.IntN(span)
		applied := d.today.AddDays(-back)
		if !d.adult(p.Birth, applied) {
			continue
		}
		r := draw(applied)
		d.cut(r)
		no := stepNo(r.waiting)
		if no < lo || no > hi || !d.leavesLate(r) || r.unusable {
			continue
		}
		// The redraw moves the dates, and a notice of working days can then
		// end a day or two later across a weekend: today must still follow it.
		if afterNotice != "" && r.waiting == want && !r.noticeEndedBefore(afterNotice, d.today) {
			continue
		}
		if bucket == "ended" {
			last := r.steps[len(r.steps)-1].on
			r.ended, r.endedOn = true, last.AddDays(1+save.IntN(max(1, int(d.today.Time().Sub(last.Time()).Hours()/24))))
			if r.endedOn.After(d.today) {
				r.endedOn = d.today
			}
			r.endedReason = "本人申请撤回入党申请"
			if no >= 4 {
				r.endedReason = "培养考察期间表现不符合要求，经支部委员会研究不再列为入党积极分子"
			}
			r.dueOn = nil
		}
		return r
	}
	return nil
}

// noticeEndedBefore tells whether the record has a notice of kind that
// ended before day.
func (r *demoRecord) noticeEndedBefore(kind string, day date.Date) bool {
	for _, n := range r.notices {
		if n.kind == kind && n.end.Before(day) {
			return true
		}
	}
	return false
}

// leavesLate: a record past ⑮ is of someone not leaving the school within
// the configured months of the meeting.
func (d *demoSeeder) leavesLate(r *demoRecord) bool {
	meeting := r.done(StepBranchMeeting)
	return meeting.IsZero() || r.p.Leaving.IsZero() || r.p.Leaving.After(meeting.AddMonths(d.cfg.Rules.LeavingMonths))
}

// fitted is the record of a member developed here: applied and admitted
// (⑮) on the member's dates, the steps between fitted to the rules; nil
// when the member's dates leave no room for them.
func (d *demoSeeder) fitted(p demoPerson, b *demoBranch) *demoRecord {
	if !d.adult(p.Birth, p.Applied) {
		return nil
	}
	probEnd := p.Joined.AddMonths(d.cfg.Rules.ProbationMonths)
	if !p.MemberFull.IsZero() {
		// The member's full date is the probation's end: a year after ⑮ (a
		// leap day apart at most). A longer probation would be an extension
		// the demo does not draw (细则第三十二条: once, when it ends).
		if p.MemberFull.Before(probEnd.AddDays(-2)) || p.MemberFull.After(probEnd.AddDays(2)) {
			return nil
		}
		probEnd = p.MemberFull
	}
	for try := 0; try < 20; try++ {
		r := &demoRecord{p: p, b: b, applied: p.Applied}
		// ⑥ about 45 days before the meeting: the steps between take 30–60.
		sixth := p.Joined.AddDays(-d.span(30, 60))
		latestActivist := sixth.AddMonths(-d.cfg.Rules.ActivistMinMonths)
		if latestActivist.Before(p.Applied.AddDays(2)) {
			return nil
		}
		activist := latestActivist
		if early := p.Applied.AddDays(d.span(15, 90)); early.Before(activist) {
			activist = early
		}
		talk := p.Applied.AddDays(1 + d.r.IntN(min(25, int(activist.Time().Sub(p.Applied.Time()).Hours()/24))))
		if talk.After(activist) {
			talk = activist
		}
		d.front(r, talk, activist)
		meeting := d.middle(r, activist, sixth)
		pre := r.done(StepPreReview)
		if meeting.After(p.Joined) || p.Joined.After(pre.AddMonths(d.cfg.Rules.MeetingAfterPreMonths)) {
			continue
		}
		d.back(r, p.Joined, probEnd)
		// The contacts and the filing come before ⑥.
		if r.done(StepContacts).After(sixth) {
			continue
		}
		d.cut(r)
		if stepNo(r.waiting) > 0 && stepNo(r.waiting) <= 17 {
			return nil // not yet approved: no member record would exist
		}
		if !d.leavesLate(r) || r.unusable {
			return nil
		}
		return r
	}
	return nil
}

// write inserts the records and everything that comes with them, puts
// each in the workflow at its step, and adds the number ranges and plans.
func (d *demoSeeder) write(ctx context.Context, tx bun.Tx, records []*demoRecord, res *DemoResult) error {
	now := time.Now().UTC()
	// The 志愿书 numbers: by year of ⑭, in the order of the dates.
	byYear := map[int][]*demoRecord{}
	for _, r := range records {
		if on := r.done(StepVolunteerBook); !on.IsZero() {
			byYear[on.Time().Year()] = append(byYear[on.Time().Year()], r)
		}
	}
	years := map[int]bool{}
	for y := 2025; y <= 2027; y++ {
		years[y] = true
	}
	for y, list := range byYear {
		years[y] = true
		sort.SliceStable(list, func(i, j int) bool { return list[i].done(StepVolunteerBook) < list[j].done(StepVolunteerBook) })
		for i, r := range list {
			r.volunteerYear, r.volunNo = y, i+1
		}
	}
	rows := make([]Record, len(records))
	for i, r := range records {
		row := Record{PersonKind: r.p.Kind, PersonID: r.p.ID, PersonNo: r.p.No, Name: r.p.Name, Gender: r.p.Gender,
			BirthDate: r.p.Birth, OrgID: r.b.ID, Stage: StepStage(r.waiting), Step: r.waiting, ConfigVersion: d.version,
			LeavingOn: r.p.Leaving, AppliedOn: r.applied, DueOn: "", Flags: "[]"}
		row.CreatedAt, row.UpdatedAt = now, now
		row.TalkedOn, row.ActivistOn, row.TargetOn = r.done(StepTalk), r.done(StepActivist), r.done(StepTarget)
		row.AdmittedOn, row.ApprovedOn, row.FullOn = r.done(StepBranchMeeting), r.done(StepCommitteeApproval), ""
		if !row.AdmittedOn.IsZero() {
			row.ProbationEndsOn = r.probEnd
		}
		if !r.done(StepFullApproval).IsZero() {
			row.FullOn = r.probEnd
		}
		if r.dueOn != nil {
			row.DueOn = *r.dueOn
		}
		if r.volunNo > 0 {
			no := volunteerNo(r.volunteerYear, r.volunNo)
			row.VolunteerNo = &no
		}
		if r.p.MemberID != 0 {
			id := r.p.MemberID
			row.MemberID = &id
		}
		switch {
		case r.ended:
			row.Stage, row.Step, row.EndedOn, row.EndedReason = StageEnded, "", r.endedOn, r.endedReason
		case r.waiting == "":
			row.Stage = StageFull
		}
		rows[i] = row
		res.ByStage[row.Stage]++
		if row.Step != "" {
			res.ByStep[row.Step]++
		}
	}
	for start := 0; start < len(rows); start += 500 {
		chunk := rows[start:min(start+500, len(rows))]
		if _, err := tx.NewInsert().Model(&chunk).Returning("id").Exec(ctx); err != nil {
			return fmt.Errorf("develop demo records: %w", err)
		}
	}
	res.Records = len(rows)
	// The members whose 转正 waits for ㉔: probationary until it is approved
	// (before the votes are counted: they have none until then).
	var back []int64
	for i, r := range records {
		if r.p.MemberID != 0 && stepNo(rows[i].Step) == 24 {
			back = append(back, r.p.MemberID)
		}
	}
	if len(back) > 0 {
		if _, err := tx.NewUpdate().Table("dyjbxx").Set("party_status = ?", member.PartyProbation).Set("full_on = NULL").
			Where("id IN (?)", bun.List(back)).Exec(ctx); err != nil {
			return err
		}
	}
	var steps []StepRow
	var reviews []Review
	var trainings []Training
	counts := map[string]int64{}
	for i, r := range records {
		id := rows[i].ID
		for _, s := range r.steps {
			if err := d.votes(ctx, tx, r, s, counts); err != nil {
				return err
			}
			s.data["date"] = s.on
			data, err := json.Marshal(s.data)
			if err != nil {
				return err
			}
			steps = append(steps, StepRow{RecordID: id, Step: s.key, DoneOn: s.on, Data: string(data), UserName: "演示数据", At: now})
		}
		for _, rv := range r.reviews {
			rv.RecordID, rv.CreatedAt, rv.UpdatedAt = id, now, now
			reviews = append(reviews, rv)
		}
		for _, t := range r.trainings {
			t.RecordID, t.CreatedAt, t.UpdatedAt = id, now, now
			trainings = append(trainings, t)
		}
	}
	if err := insertChunks(ctx, tx, steps); err != nil {
		return fmt.Errorf("develop demo steps: %w", err)
	}
	if err := insertChunks(ctx, tx, reviews); err != nil {
		return fmt.Errorf("develop demo reviews: %w", err)
	}
	if err := insertChunks(ctx, tx, trainings); err != nil {
		return fmt.Errorf("develop demo trainings: %w", err)
	}
	res.Reviews, res.Training = len(reviews), len(trainings)
	if err := d.writeNotices(ctx, tx, records, rows, res); err != nil {
		return err
	}
	if err := d.writeNumbers(ctx, tx, years, byYear); err != nil {
		return err
	}
	if err := d.writePlans(ctx, tx, records, res); err != nil {
		return err
	}
	return d.startFlows(ctx, tx, records, rows)
}

// StepStage is the stage of a record waiting at step ("" : none).
func StepStage(step string) string {
	if def := stepDef(step); def != nil {
		return def.Stage
	}
	return ""
}

// volunteerNo is the n-th 入党志愿书 number of year's range.
func volunteerNo(year, n int) string { return fmt.Sprintf("%d%05d", year, n) }

// insertChunks inserts rows in multi-row INSERTs.
func insertChunks[T any](ctx context.Context, tx bun.Tx, rows []T) error {
	for start := 0; start < len(rows); start += 500 {
		chunk := rows[start:min(start+500, len(rows))]
		if _, err := tx.NewInsert().Model(&chunk).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// writeNotices publishes one notice per branch, kind and period, listing
// the records that needed it.
func (d *demoSeeder) writeNotices(ctx context.Context, tx bun.Tx, records []*demoRecord, rows []Record, res *DemoResult) error {
	type key struct {
		org        int64
		kind       string
		start, end date.Date
	}
	members := map[key][]int64{}
	var keys []key
	for i, r := range records {
		for _, n := range r.notices {
			k := key{r.b.ID, n.kind, n.start, n.end}
			if _, ok := members[k]; !ok {
				keys = append(keys, k)
			}
			members[k] = append(members[k], rows[i].ID)
		}
	}
	titles := map[string]string{NoticeTarget: "发展对象人选公示", NoticeAdmit: "拟接收预备党员公示", NoticeFull: "预备党员拟转正公示"}
	now := time.Now().UTC()
	notices := make([]Notice, len(keys))
	for i, k := range keys {
		var b *demoBranch
		for _, r := range records {
			if r.b.ID == k.org {
				b = r.b
				break
			}
		}
		contact := "党支部书记 " + b.Secretary
		if b.Phone != "" {
			contact += "，电话 " + b.Phone
		}
		notices[i] = Notice{Kind: k.kind, OrgID: k.org, Title: titles[k.kind], StartOn: k.start, EndOn: k.end, Contact: contact,
			Content: "公示期间如有意见，请以书面或当面方式向党支部或党委组织部反映。"}
		notices[i].CreatedAt, notices[i].UpdatedAt = now, now
	}
	for start := 0; start < len(notices); start += 500 {
		chunk := notices[start:min(start+500, len(notices))]
		if _, err := tx.NewInsert().Model(&chunk).Returning("id").Exec(ctx); err != nil {
			return fmt.Errorf("develop demo notices: %w", err)
		}
	}
	var items []NoticeItem
	for i, k := range keys {
		for _, id := range members[k] {
			items = append(items, NoticeItem{NoticeID: notices[i].ID, RecordID: id})
		}
	}
	res.Notices = len(notices)
	return insertChunks(ctx, tx, items)
}

// writeNumbers adds a number range of every year with numbers handed out
// and of 2025–2027, its next number after those handed out.
func (d *demoSeeder) writeNumbers(ctx context.Context, tx bun.Tx, years map[int]bool, byYear map[int][]*demoRecord) error {
	now := time.Now().UTC()
	var ranges []NumberRange
	var list []int
	for y := range years {
		list = append(list, y)
	}
	sort.Ints(list)
	for _, y := range list {
		nr := NumberRange{Year: y, Prefix: fmt.Sprint(y), First: 1, Last: 99999, Next: int64(len(byYear[y]) + 1), Width: 5}
		nr.CreatedAt, nr.UpdatedAt = now, now
		ranges = append(ranges, nr)
	}
	return insertChunks(ctx, tx, ranges)
}

// writePlans adds the yearly plan of every secondary committee (and 直属党支部)
// for 2025–2027 and the years with targets: used is the targets made (⑦) in
// the year of records not ended, the quota a little above.
func (d *demoSeeder) writePlans(ctx context.Context, tx bun.Tx, records []*demoRecord, res *DemoResult) error {
	used := map[[2]int64]int{}
	committees := map[int64]bool{}
	years := map[int]bool{2025: true, 2026: true, 2027: true}
	for _, r := range records {
		committees[r.b.committee] = true
		if on := r.done(StepTarget); !on.IsZero() && !r.ended {
			used[[2]int64{r.b.committee, int64(on.Time().Year())}]++
			years[on.Time().Year()] = true
		}
	}
	var ids []int64
	for id := range committees {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var ylist []int
	for y := range years {
		ylist = append(ylist, y)
	}
	sort.Ints(ylist)
	now := time.Now().UTC()
	var plans []Plan
	for _, id := range ids {
		for _, y := range ylist {
			u := used[[2]int64{id, int64(y)}]
			base := max(u, used[[2]int64{id, int64(y - 1)}])
			p := Plan{Year: y, OrgID: id, Quota: base + base/5 + 2, Used: u, Remark: "演示数据"}
			p.CreatedAt, p.UpdatedAt = now, now
			plans = append(plans, p)
		}
	}
	res.Plans = len(plans)
	return insertChunks(ctx, tx, plans)
}

// startFlows puts every record in the workflow: at the step it waits at;
// a record archived or ended is started at its last step and its workflow
// ended there (Done or Rejected), as the workflow leaves one.
func (d *demoSeeder) startFlows(ctx context.Context, tx bun.Tx, records []*demoRecord, rows []Record) error {
	for i, r := range records {
		row := &rows[i]
		at := row.Step
		switch {
		case r.ended:
			at = r.waiting
		case row.Stage == StageFull && at == "":
			at = StepArchive
		}
		note := flow.Note{Comment: "演示数据：此前各环节已办理完毕"}
		if err := d.s.wf.StartAt(ctx, tx, row.ID, at, note); err != nil {
			return fmt.Errorf("develop demo: start record %d at %s: %w", row.ID, at, err)
		}
		if row.Step == "" {
			if err := d.finish(ctx, tx, row.ID, at, row.Stage); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish ends the workflow of record id waiting at step in state (the
// workflow's Done or Rejected) and closes the step's to-dos, as the
// workflow does when its last step is approved or a step rejected.
func (d *demoSeeder) finish(ctx context.Context, tx bun.Tx, id int64, step, state string) error {
	if _, err := tx.NewUpdate().Table("flow_instance").Set("step = ''").Set("state = ?", state).Set("acting_org_id = NULL").
		Where("workflow = ?", Key).Where("record_id = ?", id).Exec(ctx); err != nil {
		return err
	}
	return d.s.sys.CloseTodos(ctx, tx, Key, fmt.Sprintf("%d:%s", id, step))
}

// Summary counts the records by stage, in the stages' order (for the seed's output).
func (r *DemoResult) Summary() string {
	out := ""
	for _, st := range []string{StageApplicant, StageActivist, StageTarget, StageProbationary, StageFull, StageEnded} {
		if out != "" {
			out += "，"
		}
		out += fmt.Sprintf("%s %d", StageNames[st], r.ByStage[st])
	}
	return out
}
