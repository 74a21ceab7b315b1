package develop

import (
	"fmt"
	"math/rand/v2"

	"zhdj/internal/platform/date"
)

// A demo record's timeline: the dates of its steps, drawn stage by stage
// (front: ② to ⑤, middle: ⑥ to ⑮, back: ⑮ to ㉕) so that every rule of
// docs/develop.md holds, and cut at the step the record waits at.

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
