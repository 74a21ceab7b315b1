// Package demo seeds a believable university into an empty database: the
// current school (its name on the login page and in the title), units
// (sys_dept) with their information and leadership teams (dw_info,
// dw_ldbz), a party committee with its secondary organisations, branches
// and party groups (dzz), party members (dyjbxx) whose ID numbers, names
// and dates obey the rules of RULES.md, and the people registry: teachers
// (jsjbxx), classes (bj) and students (xsjbxx), every member among them
// with the same numbers, unit and class. The same seed gives the same data
// (for the same "today"), so figures and screenshots are reproducible.
//
// Members are drawn by plan.branchPeople (twice: committees, then rows),
// the people who are not members by plan.nonMember from streams of their
// own (per unit, per class); NewMembers draws further members for an import.
package demo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/people"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/dbstats"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
)

// ErrNotEmpty refuses to mix demo data into real data.
var ErrNotEmpty = errors.New("数据库中已有党组织、党员、单位信息或人员信息，演示数据只能写入空数据库 " +
	"(the database already holds party organisations, members, unit information or people; demo data is only written to an empty database)")

// seededTables are the tables the demo fills (beside sys_dept, whose root
// unit may exist): a database with a row in any of them is not empty.
var seededTables = []string{"dzz", "dyjbxx", "dw_info", "dw_ldbz", "jsjbxx", "bj", "xsjbxx"}

// Result is what a seeding run created.
type Result struct {
	Units        int
	Orgs         int
	OrgsByType   map[string]int // DZZ_LX code → count
	Members      int
	Full         int
	Probationary int
	Teachers     int // teacher records (jsjbxx), members among them
	Students     int // student records (xsjbxx), members among them
	Classes      int
	RootOrgID    int64
	RootDeptID   int64 // the root unit "学校"
	Took         time.Duration
}

// rowsPerInsert is the rows of one multi-row INSERT.
const rowsPerInsert = 500

// IsEmpty tells whether the database holds none of the demo's data.
func IsEmpty(ctx context.Context, idb bun.IDB) (bool, error) {
	for _, table := range seededTables {
		n, err := idb.NewSelect().Table(table).Limit(1).Count(ctx)
		if err != nil {
			return false, err
		}
		if n > 0 {
			return false, nil
		}
	}
	return true, nil
}

// Seed writes the demo university into an empty, migrated database in one
// transaction (all or nothing). Personal fields are encrypted and indexed
// with cipher exactly as the member domain does.
func Seed(ctx context.Context, database *bun.DB, cipher *crypto.FieldCipher, opts Options) (*Result, error) {
	start := time.Now()
	p, err := newPlan(opts)
	if err != nil {
		return nil, err
	}
	p.electCommittees()
	res := &Result{OrgsByType: map[string]int{}}
	err = db.InTx(ctx, database, func(ctx context.Context, tx bun.Tx) error {
		empty, err := IsEmpty(ctx, tx)
		if err != nil {
			return err
		}
		if !empty {
			return ErrNotEmpty
		}
		if !db.IsPostgres(database) {
			// The indexes of a few hundred thousand people do not fit
			// SQLite's default 2 MB page cache: without a larger one for
			// this connection the inserts spend most of their time
			// re-reading index pages. The default is back before the
			// connection returns to the pool.
			if _, err := tx.ExecContext(ctx, "PRAGMA cache_size = -262144"); err != nil {
				return err
			}
			defer tx.ExecContext(context.WithoutCancel(ctx), "PRAGMA cache_size = -2000") //nolint:errcheck // only a cache size
		}
		w := &writer{p: p, tx: tx, cipher: cipher, res: res, now: time.Now().UTC(),
			nums: &numbers{idNumbers: map[uint64]bool{}, students: map[string]int{}}}
		if err := system.AdoptSchool(ctx, tx, schoolCode, universityName, schoolFooter); err != nil {
			return fmt.Errorf("school: %w", err)
		}
		if err := w.units(ctx); err != nil {
			return fmt.Errorf("units: %w", err)
		}
		if err := w.orgs(ctx); err != nil {
			return fmt.Errorf("party organisations: %w", err)
		}
		if err := w.unitInfo(ctx); err != nil {
			return fmt.Errorf("unit information: %w", err)
		}
		if err := w.nonMemberTeachers(ctx); err != nil {
			return fmt.Errorf("teachers: %w", err)
		}
		if err := w.classes(ctx); err != nil {
			return fmt.Errorf("classes: %w", err)
		}
		var deferred []index
		var resume []func(context.Context) error
		for _, table := range bulkTables(opts) {
			ixs, err := dropIndexes(ctx, tx, table)
			if err != nil {
				return err
			}
			deferred = append(deferred, ixs...)
			// The text-search index too: built once at the end (SQLite).
			r, err := search.Suspend(ctx, tx, table)
			if err != nil {
				return err
			}
			resume = append(resume, r)
		}
		if err := w.members(ctx); err != nil {
			return fmt.Errorf("party members, teachers and students: %w", err)
		}
		if err := restoreIndexes(ctx, tx, deferred); err != nil {
			return err
		}
		for _, r := range resume {
			if err := r(ctx); err != nil {
				return err
			}
		}
		if err := w.linkLeaders(ctx); err != nil {
			return fmt.Errorf("secretaries and committees: %w", err)
		}
		if err := w.coverage(ctx); err != nil {
			return fmt.Errorf("branch coverage: %w", err)
		}
		// The members' versions (党内统计 of a past date), from their joining:
		// the demo university has used the system since.
		if err := member.RecordUntrackedStates(ctx, tx, true); err != nil {
			return fmt.Errorf("member versions: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// On PostgreSQL, autovacuum gathers planner statistics and marks pages
	// all-visible some time after a bulk load; until then the lists run on
	// guesses and the member counts cannot be read from the index alone. Do
	// it now so that the demo behaves as a live installation. SQLite keeps
	// its statistics only by ANALYZE, which the server runs nightly
	// (platform/dbstats): run it now as well.
	// The members' versions too: without statistics PostgreSQL took them
	// for one row and joined every version to every organisation in a
	// nested loop (a 党内统计 table at 20,000 members: 6.2 s a statement,
	// 0.13 s with them; docs/performance.md, issue 30).
	analysed := append([]string{"sys_dept", "dyjbxx_state"}, seededTables...)
	if db.IsPostgres(database) {
		for _, table := range analysed {
			if _, err := database.ExecContext(ctx, "VACUUM ANALYZE "+table); err != nil {
				return nil, fmt.Errorf("vacuum analyze %s: %w", table, err)
			}
		}
	} else if err := dbstats.Analyze(ctx, database, analysed...); err != nil {
		return nil, err
	}
	res.Took = time.Since(start)
	return res, nil
}

// writer writes a plan inside one transaction.
type writer struct {
	p       *plan
	tx      bun.Tx
	cipher  *crypto.FieldCipher
	res     *Result
	now     time.Time
	nums    *numbers // used by one goroutine at a time, in a fixed order
	rootDep int64
	unitIDs []int64
	orgIDs  []int64

	teacherIDs [][]int64 // by unit: the teachers who are not members
	classIDs   []int64   // by class of the plan
}

// units adds the colleges and offices under the root unit (created when
// the administrators removed it).
func (w *writer) units(ctx context.Context) error {
	err := w.tx.NewSelect().Model((*system.Dept)(nil)).Column("id").Where("pid IS NULL").OrderExpr("id").Limit(1).Scan(ctx, &w.rootDep)
	if err != nil {
		root := &system.Dept{Name: "学校", Enabled: true, Stamps: db.StampsAt(w.now)}
		if _, err := w.tx.NewInsert().Model(root).Returning("id").Exec(ctx); err != nil {
			return err
		}
		w.rootDep = root.ID
	}
	w.unitIDs = make([]int64, len(w.p.units))
	// Parents come before their children in the plan: insert level by level.
	for _, level := range [][]int{w.unitLevel(true), w.unitLevel(false)} {
		rows := make([]system.Dept, len(level))
		for j, i := range level {
			u := w.p.units[i]
			pid := w.rootDep
			if u.parent >= 0 {
				pid = w.unitIDs[u.parent]
			}
			rows[j] = system.Dept{PID: &pid, Name: u.name, Sort: u.sort, Enabled: true, Stamps: db.StampsAt(w.now)}
		}
		if len(rows) == 0 {
			continue
		}
		if _, err := w.tx.NewInsert().Model(&rows).Returning("id").Exec(ctx); err != nil {
			return err
		}
		for j, i := range level {
			w.unitIDs[i] = rows[j].ID
		}
	}
	w.res.Units = len(w.p.units)
	w.res.RootDeptID = w.rootDep
	return nil
}

func (w *writer) unitLevel(top bool) []int {
	var out []int
	for i, u := range w.p.units {
		if (u.parent < 0) == top {
			out = append(out, i)
		}
	}
	return out
}

// orgs inserts the organisations level by level in multi-row inserts, then
// sets each level's materialised paths in one statement from the parents'.
func (w *writer) orgs(ctx context.Context) error {
	p := w.p
	depth := make([]int, len(p.orgs))
	maxDepth := 0
	for i, o := range p.orgs {
		if o.parent >= 0 {
			depth[i] = depth[o.parent] + 1
		}
		maxDepth = max(maxDepth, depth[i])
	}
	w.orgIDs = make([]int64, len(p.orgs))
	for d := 0; d <= maxDepth; d++ {
		var level []int
		for i := range p.orgs {
			if depth[i] == d {
				level = append(level, i)
			}
		}
		for start := 0; start < len(level); start += rowsPerInsert {
			chunk := level[start:min(start+rowsPerInsert, len(level))]
			rows := make([]org.Org, len(chunk))
			for j, i := range chunk {
				rows[j] = w.orgRow(&p.orgs[i])
			}
			if _, err := w.tx.NewInsert().Model(&rows).Returning("id").Exec(ctx); err != nil {
				return err
			}
			for j, i := range chunk {
				w.orgIDs[i] = rows[j].ID
				w.res.OrgsByType[p.orgs[i].typ]++
			}
		}
		if _, err := w.tx.ExecContext(ctx, `UPDATE dzz SET path =
			COALESCE((SELECT pa.path FROM dzz AS pa WHERE pa.id = dzz.pid), '/') || CAST(id AS VARCHAR(20)) || '/'
			WHERE path = ''`); err != nil {
			return err
		}
	}
	w.res.Orgs = len(p.orgs)
	w.res.RootOrgID = w.orgIDs[0]
	return nil
}

func (w *writer) orgRow(o *orgPlan) org.Org {
	row := org.Org{Code: o.code, Name: o.name, ShortName: o.short, Type: o.typ, Category: o.category,
		SecretaryName: o.secretary, Committee: org.Names(o.committee), TermYears: o.termYears,
		ContactPhone: o.phone, Status: org.StatusNormal, Sort: o.sort, CreatedAt: w.now, UpdatedAt: w.now}
	if o.parent >= 0 {
		pid := w.orgIDs[o.parent]
		row.PID = &pid
	}
	unit := w.rootDep
	if o.unit >= 0 {
		unit = w.unitIDs[o.unit]
	}
	row.UnitDeptID = &unit
	if !o.termStart.IsZero() {
		row.TermStart = date.Of(o.termStart)
		row.TermEnd = row.TermStart.AddYears(o.termYears)
		row.FoundedOn = date.Of(o.founded)
	}
	return row
}

// numbers hands out what must be unique across the university, in the
// order the members are written (so a run is reproducible).
type numbers struct {
	idNumbers map[uint64]bool // first 17 digits in use (as a number: two million of them fit in less memory)
	staffNo   int
	students  map[string]int // enrolment year, level and college → last sequence number
}

// idNumber makes a valid GB 11643 number for ps: address code, birth date,
// a sequence number of the right parity not yet used with them, check character.
func (n *numbers) idNumber(ps *person) string {
	birth := ps.birth.Format("20060102")
	seq := ps.seq
	for {
		first17 := ps.region + birth + fmt.Sprintf("%03d", seq)
		key, _ := strconv.ParseUint(first17, 10, 64)
		if !n.idNumbers[key] {
			n.idNumbers[key] = true
			return first17 + string(member.IDCheckChar(first17))
		}
		seq = (seq + 2) % 1000
	}
}

// staffOrStudentNo is a 6-digit staff number, or a student number made of
// the enrolment year, the level (1 本科, 2 硕士, 3 博士), the college and a sequence.
func (n *numbers) staffOrStudentNo(ps *person, college int) string {
	level := map[kind]int{kindUndergrad: 1, kindMaster: 2, kindDoctor: 3}[ps.kind]
	if level == 0 {
		n.staffNo++
		return strconv.Itoa(100000 + n.staffNo)
	}
	key := fmt.Sprintf("%d%d%02d", ps.enrolled, level, college+1)
	n.students[key]++
	return fmt.Sprintf("%s%04d", key, n.students[key])
}

// members draws every branch's members again (the same as in the first
// pass) and writes them, with the teacher record of every staff member and
// the student record of every student member, then the students who are
// not members, in multi-row inserts. Drawing and encrypting run in a second
// goroutine, a few batches ahead of the inserts, so that the two cores
// share the work; the order, and so the data, stays the same.
func (w *writer) members(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan any, 3) // pointers to slices of rows of one table
	go func() {
		defer close(batches)
		send := func(rows any) bool {
			select {
			case batches <- rows:
				return true
			case <-ctx.Done():
				return false
			}
		}
		var (
			ms = make([]member.Member, 0, rowsPerInsert)
			ts = make([]people.Teacher, 0, rowsPerInsert)
			ss = make([]people.Student, 0, rowsPerInsert)
		)
		addStudent := func(st people.Student) bool {
			if ss = append(ss, st); len(ss) == rowsPerInsert {
				full := ss
				ss = make([]people.Student, 0, rowsPerInsert)
				return send(&full)
			}
			return true
		}
		for i := range w.p.orgs {
			b := &w.p.orgs[i]
			if !b.holdsMembers() {
				continue
			}
			unit := w.unitIDs[b.unit]
			for _, ps := range w.p.branchPeople(b) {
				m := w.memberRow(&ps, b, w.nums, w.orgIDs[i], unit)
				ms = append(ms, m)
				switch ps.kind {
				case kindTeacher, kindStaff, kindRetired:
					ts = append(ts, w.memberTeacher(&ps, &m))
				case kindUndergrad, kindMaster, kindDoctor:
					if !addStudent(w.memberStudent(&ps, &m, b.secondary)) {
						return
					}
				}
				if len(ms) == rowsPerInsert {
					full := ms
					ms = make([]member.Member, 0, rowsPerInsert)
					if !send(&full) {
						return
					}
				}
				if len(ts) == rowsPerInsert {
					full := ts
					ts = make([]people.Teacher, 0, rowsPerInsert)
					if !send(&full) {
						return
					}
				}
			}
		}
		if !w.nonMemberStudents(addStudent) {
			return
		}
		for _, rest := range []any{&ms, &ts, &ss} {
			if rowCount(rest) > 0 && !send(rest) {
				return
			}
		}
	}()
	for rows := range batches {
		if _, err := w.tx.NewInsert().Model(rows).Exec(ctx); err != nil {
			cancel()
			for range batches { // let the producer finish
			}
			return err
		}
	}
	return ctx.Err()
}

// rowCount is the length of the row slice rows points to.
func rowCount(rows any) int {
	switch r := rows.(type) {
	case *[]member.Member:
		return len(*r)
	case *[]people.Teacher:
		return len(*r)
	case *[]people.Student:
		return len(*r)
	}
	return 0
}

func (w *writer) memberRow(ps *person, b *orgPlan, nums *numbers, orgID, unitID int64) member.Member {
	id := nums.idNumber(ps)
	gender := member.GenderFemale
	if ps.male {
		gender = member.GenderMale
	}
	status := member.PartyProbation
	if !ps.full.IsZero() {
		status = member.PartyFull
		w.res.Full++
	} else {
		w.res.Probationary++
	}
	w.res.Members++
	m := member.Member{Name: ps.name, Gender: gender, Ethnicity: ps.ethnicity, Education: ps.education,
		ProfessionalTitle: ps.title, Post: ps.post, PersonCategory: ps.category, PersonType: ps.ptype,
		PartyStatus: status, MemberStatus: member.StatusNormal, Source: ps.source,
		IDNumberEnc: w.cipher.Encrypt(id), IDNumberIdx: w.cipher.Index(id),
		PhoneEnc: w.cipher.Encrypt(ps.phone), PhoneIdx: w.cipher.Index(ps.phone),
		BirthDate: memberDate(ps.birth), StaffOrStudentNo: nums.staffOrStudentNo(ps, b.secondary),
		UnitDeptID: &unitID, OrgID: orgID, AppliedOn: memberDate(ps.applied), JoinedOn: memberDate(ps.joined),
		FullOn: memberDate(ps.full), CreatedAt: w.now, UpdatedAt: w.now}
	if ps.enrolled > 0 {
		m.Grade = strconv.Itoa(ps.enrolled)
		m.ClassName = className(b.classShort, ps.kind, ps.enrolled, ps.classNo)
	}
	return m
}

func memberDate(t time.Time) date.Date {
	if t.IsZero() {
		return ""
	}
	return date.Date(t.Format(date.Layout))
}

// BulkLoadMembers is the size from which a seed drops the people tables'
// secondary indexes and builds them once at the end (on SQLite it also
// suspends their text-search triggers). Below it, keeping the indexes up to
// date row by row costs less than building them again, and the tests, which
// seed a few hundred members, keep their database's schema as the migrations
// made it, so that it can be reset and reused (platform/db/testdb_reset.go).
const BulkLoadMembers = 1000

// bulkTables are the tables whose indexes a seed of this size drops for the load.
func bulkTables(opts Options) []string {
	if opts.Members != 0 && opts.Members < BulkLoadMembers {
		return nil
	}
	return []string{"dyjbxx", "jsjbxx", "xsjbxx"}
}
