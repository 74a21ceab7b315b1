package oversight

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/transfer"
)

// The demo university's transfers (zhdj seed --demo, after the members and
// the development records): every kind in every state its chain reaches —
// waiting at 支部审核, 二级党委审核, 组织部审核 (校内转接: at the receiving
// committee and branch), 退回修改 (back at the applicant's step 申请),
// 已完成, 未通过, 本人撤回 and 撤销 — at least one of each whatever the size,
// and about 6 in 100 members in all (300 at 5,000 members), most of them
// completed. Each goes through the transfer service as the administrator
// would (created, then approved, returned, rejected, withdrawn or cancelled
// step by step), so the history holds every action, the members move at the
// last approval and letters are issued when the letter service is wired
// (a withdrawal goes through the workflow directly: the demo's applicants
// have no accounts to withdraw with).
// The completed ones are then dated over the last three years (done_on,
// and the fact's date before it) so the yearly tables have years to show;
// everything else is dated by when the seed ran. The same seed draws the
// same transfers.

// DemoOptions are the demo's options.
type DemoOptions struct {
	Seed uint64
}

// DemoResult counts what the demo wrote, by kind and state.
type DemoResult struct {
	Transfers int
	ByKind    map[string]map[string]int
	Took      time.Duration
}

// Summary names the counts by kind (for the seed's output).
func (r *DemoResult) Summary() string {
	var parts []string
	for _, k := range transfer.Kinds {
		n := 0
		for _, c := range r.ByKind[k] {
			n += c
		}
		parts = append(parts, fmt.Sprintf("%s %d", transfer.KindNames[k], n))
	}
	return strings.Join(parts, "，")
}

// DemoStates are the states a kind's chain reaches.
func DemoStates(kind string) []string {
	if kind == transfer.KindInside {
		return []string{transfer.StateBranch, transfer.StateCommittee, transfer.StateInCommittee, transfer.StateInBranch,
			transfer.StateReturned, transfer.StateDone, transfer.StateRejected, transfer.StateWithdrawn, transfer.StateCancelled}
	}
	return []string{transfer.StateBranch, transfer.StateCommittee, transfer.StateDept, transfer.StateReturned,
		transfer.StateDone, transfer.StateRejected, transfer.StateWithdrawn, transfer.StateCancelled}
}

// demoStream keeps the demo's draws apart from the other domains' with the same seed.
const demoStream = 0x7a7a6778

// demoBranch is a branch of the demo university with its secondary committee.
type demoBranch struct {
	ID        int64  `bun:"id"`
	Type      string `bun:"type"`
	Committee int64  `bun:"committee"`
	Student   bool   `bun:"student"` // a 学生党支部
}

// orgCategoryStudent is the 党组织类别 (DZZ_LB) 学生党支部.
const orgCategoryStudent = "2"

// personTypeStudent is the 人员类型 (DJ_DYJBXX_RYLX) 学生.
const personTypeStudent = "2"

// demoMember is a member in good standing the demo may move.
type demoMember struct {
	ID    int64 `bun:"id"`
	OrgID int64 `bun:"org_id"`
	// Student: a student's branch stays in their own college (a 校内转接
	// moves them to another branch of the same committee).
	Student bool `bun:"student"`
}

type demoSeeder struct {
	s        *Service
	r        *rand.Rand
	today    date.Date
	branches []demoBranch
	byID     map[int64]demoBranch
	members  []demoMember
	next     int // the next member to take
	people   int // persons made for 校外转入 / 流动党员流入
	res      *DemoResult
}

// SeedDemo writes the demo's transfers into the demo university.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	// The seed acts as the system with the administrator's permissions and
	// scope (a demo database has no accounts yet).
	ctx = rbac.AsSystem(ctx)
	if n, err := s.db.NewSelect().Table("zzgx_transfer").Count(ctx); err != nil {
		return nil, err
	} else if n > 0 {
		return nil, fmt.Errorf("transfer demo: the database already holds %d transfers", n)
	}
	d := &demoSeeder{s: s, r: rand.New(rand.NewPCG(opts.Seed, demoStream)), today: date.Of(s.now().In(date.China)),
		res: &DemoResult{ByKind: map[string]map[string]int{}}}
	if err := d.read(ctx); err != nil {
		return nil, err
	}
	plan := d.plan()
	for _, p := range plan {
		if err := d.one(ctx, p); err != nil {
			return nil, fmt.Errorf("transfer demo: %s %s: %w", transfer.KindNames[p.kind], transfer.StateNames[p.state], err)
		}
	}
	if db.IsPostgres(s.db) {
		if _, err := s.db.ExecContext(ctx, "VACUUM ANALYZE zzgx_transfer"); err != nil {
			return nil, err
		}
	}
	d.res.Took = time.Since(start)
	return d.res, nil
}

// read reads the branches (with their committee) and the members in good
// standing, shuffled by the seed.
func (d *demoSeeder) read(ctx context.Context) error {
	err := d.s.db.NewSelect().TableExpr("dzz AS br").ColumnExpr("br.id, br.type").
		ColumnExpr("br.category = ? AS student", orgCategoryStudent).
		ColumnExpr("? AS committee", org.CommitteeOf("br.id", committeeTypes...)).
		Where("br.type IN (?)", bun.List([]string{org.TypeBranch, org.TypeDirectBranch})).Where("br.status = ?", org.StatusNormal).
		OrderExpr("br.id").Scan(ctx, &d.branches)
	if err != nil {
		return err
	}
	if len(d.branches) < 2 {
		return fmt.Errorf("transfer demo: the university has %d branches, at least 2 are needed", len(d.branches))
	}
	d.byID = map[int64]demoBranch{}
	for _, b := range d.branches {
		d.byID[b.ID] = b
	}
	err = d.s.db.NewSelect().TableExpr("dyjbxx AS m").Column("m.id", "m.org_id").
		ColumnExpr("m.person_type = ? AS student", personTypeStudent).
		Where("m.member_status = ?", member.StatusNormal).Where("m.org_id IN (?)", bun.List(idsOf(d.branches))).
		Where("NOT EXISTS (SELECT 1 FROM zzgx_transfer AS t WHERE t.member_id = m.id)").OrderExpr("m.id").Scan(ctx, &d.members)
	if err != nil {
		return err
	}
	d.r.Shuffle(len(d.members), func(i, j int) { d.members[i], d.members[j] = d.members[j], d.members[i] })
	return nil
}

func idsOf(bs []demoBranch) []int64 {
	out := make([]int64, len(bs))
	for i, b := range bs {
		out[i] = b.ID
	}
	return out
}

// planned is one transfer to make.
type planned struct{ kind, state string }

// plan is every kind in every state once, then more (mostly completed, some
// under way) up to about 6 in 100 members.
func (d *demoSeeder) plan() []planned {
	var out []planned
	for _, k := range transfer.Kinds {
		for _, st := range DemoStates(k) {
			out = append(out, planned{k, st})
		}
	}
	// The usual mix of kinds and of what became of them.
	weights := []struct {
		kind string
		n    int
	}{{transfer.KindInside, 30}, {transfer.KindOut, 25}, {transfer.KindIn, 20}, {transfer.KindFlowOut, 6},
		{transfer.KindFlowIn, 4}, {transfer.KindAbroad, 5}, {transfer.KindReturn, 3}, {transfer.KindLost, 3},
		{transfer.KindSuspend, 2}, {transfer.KindLeave, 2}}
	total := 0
	for _, w := range weights {
		total += w.n
	}
	for want := len(d.members) * 6 / 100; len(out) < want; {
		x, kind := d.r.IntN(total), ""
		for _, w := range weights {
			if x -= w.n; x < 0 {
				kind = w.kind
				break
			}
		}
		state := transfer.StateDone
		if d.r.IntN(100) < 25 {
			states := DemoStates(kind)
			state = states[d.r.IntN(len(states))]
		}
		out = append(out, planned{kind, state})
	}
	return out
}

// member takes the next member in good standing whose branch may go
// through state (二级党委审核 needs a 党支部 under a committee: a 直属党支部
// goes to the department directly).
func (d *demoSeeder) member(state string) (demoMember, bool) {
	for i := d.next; i < len(d.members); i++ {
		m := d.members[i]
		if state == transfer.StateCommittee && d.byID[m.OrgID].Type != org.TypeBranch {
			continue
		}
		d.members[d.next], d.members[i] = d.members[i], d.members[d.next]
		d.next++
		return m, true
	}
	return demoMember{}, false
}

// branch draws a branch (a 党支部 when state needs the committee's step).
func (d *demoSeeder) branch(state string) demoBranch {
	for {
		b := d.branches[d.r.IntN(len(d.branches))]
		if state != transfer.StateCommittee || b.Type == org.TypeBranch {
			return b
		}
	}
}

// staffBranch draws a branch that is not a student branch (one of any kind
// when the draws find none) that may go through state.
func (d *demoSeeder) staffBranch(state string) demoBranch {
	for range 200 {
		if b := d.branch(state); !b.Student {
			return b
		}
	}
	return d.branch(state)
}

// destination draws where a 校内转接 takes m: a student to another student
// branch of the same committee (a student's branch is in their own
// college); anyone else to a branch that is not a student branch, of
// another committee when there is one. 0 when there is none.
func (d *demoSeeder) destination(m demoMember) int64 {
	from := d.byID[m.OrgID]
	var fit, near []int64
	for _, b := range d.branches {
		switch {
		case b.ID == from.ID || b.Student != m.Student:
		case m.Student && b.Committee == from.Committee, !m.Student && b.Committee != from.Committee:
			fit = append(fit, b.ID)
		case !m.Student:
			near = append(near, b.ID)
		}
	}
	if len(fit) == 0 {
		fit = near
	}
	if len(fit) == 0 {
		return 0
	}
	return fit[d.r.IntN(len(fit))]
}

var (
	demoOutside  = []string{"北京大学党委", "清华大学党委", "复旦大学党委", "浙江大学党委", "武汉大学党委", "中山大学党委"}
	demoProvince = []string{"市第一人民医院党委", "市教育局机关党委", "高新区管委会党工委", "市第三中学党总支"}
	demoSystem   = []string{"某科技有限公司党支部", "某街道社区党委", "某律师事务所党支部"}
	demoAbroad   = []string{"英国", "美国", "德国", "日本", "新加坡", "澳大利亚", "加拿大"}
	demoSurnames = []rune("王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗")
	demoGiven    = []rune("伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华")
)

func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// input draws a transfer of kind to end in state.
func (d *demoSeeder) input(kind, state string) (transfer.Input, bool) {
	in := transfer.Input{Kind: kind, Comment: "申请办理" + transfer.KindNames[kind]}
	if kind == transfer.KindIn || kind == transfer.KindFlowIn {
		d.people++
		birth := d.today.AddYears(-22 - d.r.IntN(30)).AddDays(-d.r.IntN(365))
		first17 := fmt.Sprintf("320102%s%03d", strings.ReplaceAll(string(birth), "-", ""), 100+d.people%800)
		in.Name = string(pick(d.r, demoSurnames)) + string(pick(d.r, demoGiven)) + string(pick(d.r, demoGiven))
		in.IDNumber = first17 + string(idcard.IDCheckChar(first17))
		in.Phone = fmt.Sprintf("139%08d", d.r.IntN(100000000))
		in.PartyStatus, in.PersonCat, in.PersonType = member.PartyFull, "1", "1"
		in.JoinedOn = string(birth.AddYears(20 + d.r.IntN(2)))
		in.OrgID = d.staffBranch(state).ID // a member of staff comes in (人员类型 1)
		in.OtherOrg = pick(d.r, demoOutside)
		return in, true
	}
	m, ok := d.member(state)
	for ok && kind == transfer.KindInside && d.destination(m) == 0 {
		m, ok = d.member(state) // e.g. a student whose college has one student branch stays
	}
	if !ok {
		return in, false
	}
	in.MemberID = m.ID
	switch kind {
	case transfer.KindOut:
		in.SubKind = pick(d.r, []string{transfer.OutProvince, transfer.OutOutside, transfer.OutSystem})
		in.OtherOrg, in.Reach = pick(d.r, demoProvince), "province"
		switch in.SubKind {
		case transfer.OutOutside:
			in.OtherOrg, in.Reach = pick(d.r, demoOutside), "nation"
		case transfer.OutSystem:
			in.OtherOrg, in.Reach = pick(d.r, demoSystem), "city"
		}
	case transfer.KindInside:
		in.ToOrgID = d.destination(m)
	case transfer.KindAbroad:
		in.OtherOrg = pick(d.r, demoAbroad)
	case transfer.KindFlowOut:
		in.OtherOrg = pick(d.r, demoProvince)
	case transfer.KindLeave:
		in.SubKind = pick(d.r, []string{transfer.LeaveQuit, transfer.LeaveExpel, transfer.LeaveDeny, transfer.LeaveDeath})
	}
	if kind == transfer.KindOut || kind == transfer.KindInside {
		in.FeesPaidUpTo = string(d.today)[:7]
	}
	if _, needed := map[string]bool{transfer.KindAbroad: true, transfer.KindReturn: true, transfer.KindSuspend: true,
		transfer.KindLost: true, transfer.KindLeave: true}[kind]; needed {
		in.HappenedOn = string(d.today.AddDays(-d.r.IntN(60)))
	}
	return in, true
}

// one makes one transfer and takes it to its state through the service.
func (d *demoSeeder) one(ctx context.Context, p planned) error {
	in, ok := d.input(p.kind, p.state)
	if !ok {
		return nil // no member left in good standing: the extra transfers stop growing
	}
	if p.kind == transfer.KindSuspend {
		// 条例 第二十四条: a suspension needs its cause. The member is made
		// a lost member first (a completed 失联党员), lost long enough.
		if err := d.lost(ctx, &in); err != nil {
			return fmt.Errorf("失联党员: %w", err)
		}
	}
	t, err := d.s.transfers.Create(ctx, in)
	for try := 0; err != nil && in.IDNumber != "" && try < 5 && isField(err, "idNumber"); try++ {
		// A drawn ID number that a member already has: draw another person.
		in, _ = d.input(p.kind, p.state)
		t, err = d.s.transfers.Create(ctx, in)
	}
	if err != nil {
		return err
	}
	view, err := d.s.transfers.Flow(ctx, t.ID)
	if err != nil {
		return err
	}
	act := func(result flow.Result, comment string) error {
		view, err = d.s.transfers.Act(ctx, t.ID, flow.ActionInput{Version: view.Version, Result: result, Comment: comment})
		return err
	}
	switch p.state {
	case transfer.StateDone:
		for view.State != transfer.StateDone {
			if err := act(flow.Approve, "同意"); err != nil {
				return err
			}
		}
	case transfer.StateReturned:
		if err := act(flow.Return, "材料不全，请补充后重新提交"); err != nil {
			return err
		}
	case transfer.StateRejected:
		for n := d.r.IntN(2); n > 0 && view.State != transfer.StateDept && view.State != transfer.StateInBranch; n-- {
			if err := act(flow.Approve, "同意"); err != nil {
				return err
			}
		}
		if err := act(flow.Reject, "不符合办理条件"); err != nil {
			return err
		}
	case transfer.StateWithdrawn:
		if err := d.withdraw(ctx, p.kind, t.ID, view.Version); err != nil {
			return err
		}
		view.State = p.state
	case transfer.StateCancelled:
		if _, err := d.s.transfers.Cancel(ctx, t.ID, transfer.StopInput{Version: view.Version, Comment: "重复申请，予以撤销"}); err != nil {
			return err
		}
		view.State = p.state
	default:
		for view.State != p.state {
			if view.State == transfer.StateDone || slices.Contains([]string{transfer.StateRejected}, view.State) {
				return fmt.Errorf("went past %s", p.state)
			}
			if err := act(flow.Approve, "同意"); err != nil {
				return err
			}
		}
	}
	if view.State != p.state {
		return fmt.Errorf("ended in %s", view.State)
	}
	if p.state == transfer.StateDone {
		if err := d.backdate(ctx, t.ID, p.kind, date.Date(in.HappenedOn)); err != nil {
			return err
		}
	}
	if d.res.ByKind[p.kind] == nil {
		d.res.ByKind[p.kind] = map[string]int{}
	}
	d.res.ByKind[p.kind][p.state]++
	d.res.Transfers++
	return nil
}

// withdraw is the applicant's 撤回 of transfer id: the workflow's Stop and
// the transfer's state in one transaction, as the transfer domain's
// Withdraw does for the person who started it (the demo's applicants have
// no accounts: the history names 系统 as the applicant).
func (d *demoSeeder) withdraw(ctx context.Context, kind string, id, version int64) error {
	return db.InTx(ctx, d.s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := d.s.transfers.Workflow(kind).Stop(ctx, tx, id, version, flow.Withdraw, transfer.StateWithdrawn, "申请人", "本人申请撤回"); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Table("zzgx_transfer").Set("state = ?", transfer.StateWithdrawn).Set("updated_at = ?", d.s.now()).
			Where("id = ?", id).Exec(ctx)
		return err
	})
}

// lost makes in's member a lost member (a 失联党员 completed through the
// service) who lost contact 7 to 30 months ago, and makes in a suspension
// for that cause dated on or after the day the six months are up.
func (d *demoSeeder) lost(ctx context.Context, in *transfer.Input) error {
	since := d.today.AddMonths(-7 - d.r.IntN(24))
	t, err := d.s.transfers.Create(ctx, transfer.Input{Kind: transfer.KindLost, MemberID: in.MemberID,
		HappenedOn: string(since), Comment: "申请办理失联党员"})
	if err != nil {
		return err
	}
	for {
		view, err := d.s.transfers.Flow(ctx, t.ID)
		if err != nil {
			return err
		}
		if view.State == transfer.StateDone {
			break
		}
		if _, err := d.s.transfers.Act(ctx, t.ID, flow.ActionInput{Version: view.Version, Result: flow.Approve, Comment: "同意"}); err != nil {
			return err
		}
	}
	// Applied for on or after the day contact was lost, completed within 20 days.
	took := d.r.IntN(20)
	if err := d.dateCompleted(ctx, t.ID, transfer.KindLost, since.AddDays(d.r.IntN(took+1)), since.AddDays(took)); err != nil {
		return err
	}
	if d.res.ByKind[transfer.KindLost] == nil {
		d.res.ByKind[transfer.KindLost] = map[string]int{}
	}
	d.res.ByKind[transfer.KindLost][transfer.StateDone]++
	d.res.Transfers++
	on := transfer.SuspendableOn(since).AddDays(d.r.IntN(30))
	if on.After(d.today) {
		on = d.today
	}
	in.SubKind, in.HappenedOn = transfer.SuspendLost, string(on)
	return nil
}

// backdate dates a completed transfer within the last three years (a lost
// member lost 7 to 30 months ago, so that the rules' reminders have
// something to say), the fact a few weeks before its completion and the
// application between the two. A suspension keeps the date its cause
// allowed (happened) and is applied for and completed within a month of it.
func (d *demoSeeder) backdate(ctx context.Context, id int64, kind string, happened date.Date) error {
	done := d.today.AddDays(-d.r.IntN(3 * 365))
	if kind == transfer.KindLost {
		done = d.today.AddMonths(-7 - d.r.IntN(24))
	}
	if kind == transfer.KindSuspend {
		if done = happened.AddDays(d.r.IntN(30)); done.After(d.today) {
			done = d.today
		}
		return d.dateCompleted(ctx, id, kind, happened.AddDays(d.r.IntN(daysBetween(happened, done)+1)), done)
	}
	if _, has := map[string]bool{transfer.KindAbroad: true, transfer.KindReturn: true, transfer.KindSuspend: true,
		transfer.KindLost: true, transfer.KindLeave: true}[kind]; has {
		before := d.r.IntN(30)
		if _, err := d.s.db.NewUpdate().Table("zzgx_transfer").Set("happened_on = ?", done.AddDays(-before)).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		return d.dateCompleted(ctx, id, kind, done.AddDays(-d.r.IntN(before+1)), done)
	}
	return d.dateCompleted(ctx, id, kind, done.AddDays(-d.r.IntN(15)), done)
}

// dateCompleted dates completed transfer id: applied for on applied (its
// creation, the workflow's start and first step, the fees paid up to that
// month at most), approved and completed on done (the other steps, done_on),
// its letters issued, received and valid as many days earlier as the
// completion moved. The service wrote them all as of the seed's today.
func (d *demoSeeder) dateCompleted(ctx context.Context, id int64, kind string, applied, done date.Date) error {
	if applied.After(done) {
		applied = done
	}
	at := func(day date.Date, hour, minute int) time.Time {
		t := day.Time()
		return time.Date(t.Year(), t.Month(), t.Day(), hour, minute, 0, 0, date.China).UTC()
	}
	appliedAt, doneAt := at(applied, 9+d.r.IntN(7), d.r.IntN(60)), at(done, 16, 30+d.r.IntN(30))
	workflow, month := "zzgx_"+kind, string(applied)[:7]
	if _, err := d.s.db.NewUpdate().Table("zzgx_transfer").Set("done_on = ?", done).Set("created_at = ?", appliedAt).
		Set("updated_at = ?", doneAt).Set("fees_paid_up_to = CASE WHEN fees_paid_up_to > ? THEN ? ELSE fees_paid_up_to END", month, month).
		Where("id = ?", id).Exec(ctx); err != nil {
		return err
	}
	if _, err := d.s.db.NewUpdate().Table("flow_instance").Set("started_at = ?", appliedAt).Set("updated_at = ?", doneAt).
		Where("workflow = ?", workflow).Where("record_id = ?", id).Exec(ctx); err != nil {
		return err
	}
	// Every step on the day of completion, then the first (the application) on its day.
	instance := d.s.db.NewSelect().Table("flow_instance").Column("id").Where("workflow = ?", workflow).Where("record_id = ?", id)
	if _, err := d.s.db.NewUpdate().Table("flow_history").Set("created_at = ?", doneAt).
		Where("instance_id IN (?)", instance).Exec(ctx); err != nil {
		return err
	}
	if _, err := d.s.db.NewUpdate().Table("flow_history").Set("created_at = ?", appliedAt).
		Where("id = (SELECT MIN(h.id) FROM flow_history AS h WHERE h.instance_id IN (?))", instance).Exec(ctx); err != nil {
		return err
	}
	return d.shiftLetters(ctx, id, daysBetween(d.today, done), doneAt)
}

// shiftLetters moves the dates of transfer id's letters by days (issued as
// of the seed's today, they follow the completion's new date).
func (d *demoSeeder) shiftLetters(ctx context.Context, id int64, days int, at time.Time) error {
	var letters []struct {
		ID         int64      `bun:"id"`
		IssuedOn   date.Date  `bun:"issued_on"`
		ValidUntil date.Date  `bun:"valid_until"`
		ReceivedOn *date.Date `bun:"received_on"`
		AcceptedOn *date.Date `bun:"accepted_on"`
	}
	if err := d.s.db.NewSelect().Table("zzgx_letter").Column("id", "issued_on", "valid_until", "received_on", "accepted_on").
		Where("transfer_id = ?", id).Scan(ctx, &letters); err != nil {
		return err
	}
	shift := func(p *date.Date) *date.Date {
		if p == nil || p.IsZero() {
			return p
		}
		moved := p.AddDays(days)
		return &moved
	}
	for _, l := range letters {
		if _, err := d.s.db.NewUpdate().Table("zzgx_letter").Set("issued_on = ?", l.IssuedOn.AddDays(days)).
			Set("valid_until = ?", l.ValidUntil.AddDays(days)).Set("received_on = ?", shift(l.ReceivedOn)).
			Set("accepted_on = ?", shift(l.AcceptedOn)).Set("created_at = ?", at).Set("updated_at = ?", at).
			Where("id = ?", l.ID).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// daysBetween is the number of days from a to b (negative when b is earlier).
func daysBetween(a, b date.Date) int {
	return int(b.Time().Sub(a.Time()).Hours() / 24)
}

// isField tells whether err is a 400 naming field.
func isField(err error, field string) bool {
	var he *httpx.Error
	return errors.As(err, &he) && he.Field == field
}
