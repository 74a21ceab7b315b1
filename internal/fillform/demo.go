package fillform

import (
	"context"
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
)

// The demo's fill-in forms (zhdj seed --demo, after internal/demo wrote the
// university and secreview its reviews):
//
//   - 本年党支部工作情况统计: the 党委 asks every branch, open for ten more
//     days; some branches submitted (a few passed, one sent back), some
//     saved a draft, the rest not begun;
//   - 党员志愿服务时长填报: the first 二级党委 asks each of its members, open
//     for five more days, with the same mix;
//   - last year's 党员教育培训情况统计: the first 二级党委's branches, closed,
//     nearly every entry passed;
//   - this year's 发展党员工作情况统计, a draft not yet published.

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: now).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Forms, Entries, Submitted, Passed int
	Took                              time.Duration
}

// demoStream is the generator's stream (other modules use others).
const demoStream = 1 << 53

// demoForm is a form the demo writes with its entries.
type demoForm struct {
	form    Form
	entries []Entry
}

// SeedDemo writes the demo's forms and entries in one transaction.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	now := opts.Today.UTC()
	year := opts.Today.In(date.China).Year()
	orgs, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return nil, err
	}
	var root, college *org.Org
	for i := range orgs {
		o := &orgs[i]
		switch {
		case !o.Live():
		case root == nil && o.Type == org.TypeCommittee && o.PID == nil:
			root = o
		case college == nil && o.Type == org.TypeSecondaryCommittee:
			college = o
		}
	}
	if root == nil || college == nil {
		return &DemoResult{Took: time.Since(start)}, nil
	}
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	at := func(days, hour int) time.Time {
		d := date.Of(opts.Today.In(date.China)).AddDays(days)
		t, _ := time.ParseInLocation(date.Layout, string(d), date.China)
		return t.Add(time.Duration(hour) * time.Hour).UTC()
	}
	branches := func(under *org.Org) []addressee {
		var out []addressee
		for _, o := range orgs {
			if org.IsBranch(o.Type) && o.Live() && strings.HasPrefix(o.Path, under.Path) {
				out = append(out, addressee{target: o.ID, org: o.ID, member: o.SecretaryMemberID, name: o.Name, filler: o.SecretaryName})
			}
		}
		return out
	}
	var people []member.Brief
	q, err := org.SubtreeFilter("bm.org_id").Custom(s.members.SelectBriefs(s.db, member.StatusNormal), college.ID)
	if err != nil {
		return nil, err
	}
	if err := q.OrderExpr("bm.org_id, bm.id").Scan(ctx, &people); err != nil {
		return nil, err
	}
	var members []addressee
	for _, m := range people {
		id := m.ID
		members = append(members, addressee{target: m.ID, org: m.OrgID, member: &id, name: m.Name, filler: m.Name})
	}
	rootID, collegeID := root.ID, college.ID
	plans := []struct {
		form    Form
		to      []addressee
		closed  bool
		answers func(x addressee) Answers
	}{
		{form: Form{Title: fmt.Sprintf("%d年党支部工作情况统计", year), OrgID: root.ID, Deadline: at(10, 17), Audience: AudienceOrgs,
			Mode: ModeSubtree, RootID: &rootID, Fields: demoBranchFields(),
			Description: "请各党支部书记对照本年度支部工作实际如实填报，数据将用于全校党建工作年度统计。"},
			to: branches(root), answers: func(addressee) Answers { return demoBranchAnswers(r, year) }},
		{form: Form{Title: "党员志愿服务时长填报", OrgID: college.ID, Deadline: at(5, 12), Audience: AudienceMembers, Mode: ModeSubtree,
			RootID: &collegeID, Fields: demoVolunteerFields(),
			Description: fmt.Sprintf("请%s全体党员填报本学期参加志愿服务的情况，服务时长以小时计。", college.Name)},
			to: members, answers: func(addressee) Answers { return demoVolunteerAnswers(r, opts.Today) }},
		{form: Form{Title: fmt.Sprintf("%d年度党员教育培训情况统计", year-1), OrgID: college.ID,
			Deadline: demoMinute(fmt.Sprintf("%d-12-20", year-1), 17), Audience: AudienceOrgs, Mode: ModeSubtree, RootID: &collegeID,
			Fields: demoTrainingFields(), Description: "统计各党支部年度党员教育培训开展情况。"},
			to: branches(college), closed: true, answers: func(addressee) Answers { return demoTrainingAnswers(r) }},
		{form: Form{Title: fmt.Sprintf("%d年度发展党员工作情况统计", year), OrgID: root.ID, Deadline: at(30, 17), Audience: AudienceOrgs,
			Mode: ModeSubtree, RootID: &rootID, Fields: demoDevelopFields(),
			Description: "统计本年度各党支部入党申请人、积极分子、发展对象和新发展党员人数。"}},
	}
	res := &DemoResult{}
	var out []demoForm
	for _, p := range plans {
		f := p.form
		f.Creator, f.IDs = "组织部", IDList{}
		f.State = FormDraft
		created := at(-12, 9)
		if p.closed {
			created = f.Deadline.AddDate(0, 0, -20)
		}
		f.CreatedAt, f.UpdatedAt = created, created
		d := demoForm{form: f}
		if p.to != nil {
			published := created.Add(time.Hour)
			d.form.State, d.form.PublishedAt, d.form.UpdatedAt = FormPublished, &published, published
			for _, x := range p.to {
				e := Entry{TargetID: x.target, OrgID: x.org, MemberID: x.member, Name: db.Clip(x.name, 100), State: EntryEmpty, Answers: Answers{}}
				e.CreatedAt, e.UpdatedAt = published, published
				s.demoEntry(r, &e, p.closed, published, minTime(f.Deadline, now), p.answers(x), x.filler)
				d.entries = append(d.entries, e)
			}
		}
		out = append(out, d)
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, d := range out {
			f := d.form
			if _, err := tx.NewInsert().Model(&f).Exec(ctx); err != nil {
				return err
			}
			res.Forms++
			for i := range d.entries {
				d.entries[i].FormID = f.ID
			}
			for part := range slices.Chunk(d.entries, 500) {
				if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
					return err
				}
			}
			for _, e := range d.entries {
				res.Entries++
				switch e.State {
				case EntrySubmitted:
					res.Submitted++
				case EntryPassed:
					res.Submitted++
					res.Passed++
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("fill-in forms: %w", err)
	}
	res.Took = time.Since(start)
	return res, nil
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// demoMinute is a day's hour in China, as a deadline.
func demoMinute(day string, hour int) time.Time {
	t, _ := time.ParseInLocation(date.Layout, day, date.China)
	return t.Add(time.Duration(hour) * time.Hour).UTC()
}

// demoEntry fills an entry: a closed form's nearly all passed; an open
// one's some submitted (a few of them passed, one in ten sent back), some
// drafts, the rest not begun. Times lie between the publication and until.
func (s *Service) demoEntry(r *rand.Rand, e *Entry, closed bool, from, until time.Time, answers Answers, submitter string) {
	when := func() time.Time {
		span := until.Sub(from)
		if span <= time.Hour {
			return from
		}
		return from.Add(time.Duration(r.Int64N(int64(span - time.Hour)))).Truncate(time.Minute)
	}
	submit := func() {
		t := when()
		e.Answers, e.SavedAt, e.SubmittedAt, e.Submitter, e.State, e.UpdatedAt = answers, &t, &t, db.Clip(submitter, 50), EntrySubmitted, t
	}
	review := func(state int, comment string) {
		t := e.SubmittedAt.Add(time.Duration(1+r.IntN(48)) * time.Hour)
		if t.After(until) {
			t = until
		}
		e.State, e.Comment, e.Reviewer, e.ReviewedAt, e.UpdatedAt = state, comment, "组织部", &t, t
	}
	n := r.IntN(100)
	switch {
	case closed && n < 92:
		submit()
		review(EntryPassed, "")
	case closed && n < 96:
		submit()
	case closed:
	case n < 40:
		submit()
		switch m := r.IntN(10); {
		case m == 0:
			review(EntryReturned, "数据与支部实际情况不符，请核实后重新填报。")
		case m < 5:
			review(EntryPassed, "")
		}
	case n < 60:
		t := when()
		e.Answers, e.SavedAt, e.State, e.UpdatedAt = answers, &t, EntryDraft, t
		for k := range e.Answers { // a draft half done
			if r.IntN(2) == 0 {
				delete(e.Answers, k)
			}
		}
	}
}

func num(v float64) *float64 { return &v }

func demoBranchFields() FieldList {
	return FieldList{
		{Key: "f1", Label: "支部党员人数", Kind: KindNumber, Required: true, Min: num(0), Max: num(500), Help: "含正式党员和预备党员"},
		{Key: "f2", Label: "本年召开支部党员大会次数", Kind: KindNumber, Required: true, Min: num(0), Max: num(100)},
		{Key: "f3", Label: "主题党日开展情况", Kind: KindSingle, Required: true, Options: []string{"每月按时开展", "基本按时开展", "未按时开展"}},
		{Key: "f4", Label: "本年度支部特色工作", Kind: KindTextarea, Required: true, MaxLength: DefaultTextarea, Help: "300字以内"},
		{Key: "f5", Label: "存在的问题及改进措施", Kind: KindTextarea, MaxLength: DefaultTextarea},
		{Key: "f6", Label: "支部工作总结", Kind: KindFile, Help: "可上传Word或PDF"},
	}
}

func demoBranchAnswers(r *rand.Rand, year int) Answers {
	specials := []string{"开展“党建+专业”结对共建，组织党员深入实验室、课堂开展志愿服务。", "建立党员先锋岗，推动党员在教学科研一线发挥示范作用。",
		"组织“学习二十大精神”主题读书会，每月一次专题研讨。", "联合社区党组织开展“党员进社区”活动，全年服务居民二十余次。"}
	return Answers{"f1": fmt.Sprint(8 + r.IntN(40)), "f2": fmt.Sprint(4 + r.IntN(6)),
		"f3": []string{"每月按时开展", "每月按时开展", "基本按时开展"}[r.IntN(3)], "f4": specials[r.IntN(len(specials))],
		"f5": fmt.Sprintf("%d年将进一步加强青年党员的教育引导，提高组织生活质量。", year+1)}
}

func demoVolunteerFields() FieldList {
	return FieldList{
		{Key: "f1", Label: "志愿服务项目", Kind: KindText, Required: true, MaxLength: 50},
		{Key: "f2", Label: "服务时长（小时）", Kind: KindNumber, Required: true, Min: num(0.5), Max: num(500), Decimals: 1},
		{Key: "f3", Label: "服务日期", Kind: KindDate, Required: true},
		{Key: "f4", Label: "服务类型", Kind: KindMultiple, Required: true, Options: []string{"社区服务", "校园服务", "支教助学", "文明宣传", "其他"}},
		{Key: "f5", Label: "服务感悟", Kind: KindTextarea, MaxLength: 500},
		{Key: "f6", Label: "服务证明", Kind: KindFile, Help: "志愿服务证明或照片"},
	}
}

func demoVolunteerAnswers(r *rand.Rand, today time.Time) Answers {
	projects := []string{"社区老年人智能手机教学", "校园迎新志愿服务", "图书馆整理志愿服务", "“红色讲解员”校史馆讲解", "社区垃圾分类宣传"}
	kinds := [][]string{{"社区服务"}, {"校园服务"}, {"社区服务", "文明宣传"}, {"支教助学"}, {"校园服务", "文明宣传"}}
	i := r.IntN(len(projects))
	return Answers{"f1": projects[i], "f2": fmt.Sprintf("%.1f", float64(2+r.IntN(30))/2), "f3": string(date.Of(today.In(date.China)).AddDays(-3 - r.IntN(60))),
		"f4": kinds[i], "f5": "在服务中进一步增强了宗旨意识和服务意识。"}
}

func demoTrainingFields() FieldList {
	return FieldList{
		{Key: "f1", Label: "参加集中培训党员人数", Kind: KindNumber, Required: true, Min: num(0)},
		{Key: "f2", Label: "人均学时", Kind: KindNumber, Required: true, Min: num(0), Max: num(200), Decimals: 1, Help: "每名党员每年不少于32学时"},
		{Key: "f3", Label: "培训形式", Kind: KindMultiple, Required: true, Options: []string{"集中轮训", "网络学习", "专题党课", "实践教育"}},
	}
}

func demoTrainingAnswers(r *rand.Rand) Answers {
	return Answers{"f1": fmt.Sprint(10 + r.IntN(30)), "f2": fmt.Sprintf("%.1f", 32+float64(r.IntN(200))/10), "f3": []string{"集中轮训", "网络学习", "专题党课"}}
}

func demoDevelopFields() FieldList {
	return FieldList{
		{Key: "f1", Label: "入党申请人人数", Kind: KindNumber, Required: true, Min: num(0)},
		{Key: "f2", Label: "入党积极分子人数", Kind: KindNumber, Required: true, Min: num(0)},
		{Key: "f3", Label: "发展对象人数", Kind: KindNumber, Required: true, Min: num(0)},
		{Key: "f4", Label: "新发展党员人数", Kind: KindNumber, Required: true, Min: num(0)},
		{Key: "f5", Label: "备注", Kind: KindText, MaxLength: 200},
	}
}
