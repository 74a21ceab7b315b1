package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// Writing the demo's records: the records, their steps with the votes of
// the meetings, reviews, trainings, notices, 志愿书 number ranges, yearly
// plans and workflow instances, in multi-row inserts.

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
