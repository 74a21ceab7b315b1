package develop

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
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
	ctx = rbac.AsSystem(ctx)
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
