package duty

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// The demo's work reports and integrity records (zhdj seed --demo, after
// internal/demo wrote the university): one task of each kind declared by
// the school's 党委 or its first 二级党委, with a mix of passed, submitted,
// late, returned and missing reports; and for a sample of members the
// commitments of last year and this year (some missing, for the unsigned
// list), a few personal-matters reports and integrity education.

// DemoOptions are the demo seed's: the generator's seed and today (zero: now).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Tasks, Reports, Submitted, Records int
	Took                               time.Duration
}

const demoStream = 1 << 53

// demoSample bounds the members given integrity records.
const demoSample = 400

// SeedDemo writes the demo's tasks, reports and records in one transaction.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	today := date.Of(opts.Today.In(date.China))
	rng := rand.New(rand.NewPCG(opts.Seed, demoStream))
	root, err := s.orgs.LiveRoot(ctx, s.db)
	if err != nil || root == nil {
		return nil, fmt.Errorf("demo: no school committee: %v", err)
	}
	all, err := s.orgs.OfTypes(ctx, s.db, org.TypeSecondaryCommittee)
	if err != nil {
		return nil, err
	}
	college := root
	for i := range all {
		if all[i].Live() {
			college = &all[i]
			break
		}
	}
	year := today.Time().Year()
	plans := []struct {
		organiser *org.Org
		kind      string
		target    string
		title     string
		period    string
		due       int // days from today
	}{
		{root, KindDebrief, TargetUnit, fmt.Sprintf("%d年度二级党委履行全面从严治党主体责任述职", year-1), fmt.Sprintf("%d年度", year-1), -20},
		{root, KindDuty, TargetUnit, "元旦假期值班工作报告", fmt.Sprintf("%d年元旦", year+1), 3},
		{college, KindSummary, TargetMember, fmt.Sprintf("%s%d年党员个人年度工作总结", college.Name, year), fmt.Sprintf("%d年度", year), -5},
		{college, KindSpecial, TargetUnit, "主题教育专项工作报告", fmt.Sprintf("%d年第四季度", year), 10},
	}
	out := &DemoResult{}
	now := s.now()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, p := range plans {
			listed, err := s.obligated(ctx, p.organiser, p.target)
			if err != nil || len(listed) == 0 {
				continue
			}
			due := today.AddDays(p.due)
			t := &Task{Title: p.title, Kind: p.kind, Target: p.target, OrgID: p.organiser.ID, Period: p.period, DueOn: due, CreatedBy: "组织部"}
			t.CreatedAt, t.UpdatedAt = now.AddDate(0, 0, p.due-30), now
			if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
				return err
			}
			out.Tasks++
			for i := range listed {
				r := &listed[i]
				r.TaskID, r.State, r.CreatedAt, r.UpdatedAt = t.ID, StateMissing, t.CreatedAt, now
				roll := rng.IntN(100)
				if p.due > 0 && roll < 50 || p.due <= 0 && roll < 15 {
					out.Reports++
					continue // missing
				}
				at := due.Time().Add(-time.Duration(rng.IntN(10*24)) * time.Hour).Add(2 * time.Hour)
				if p.due <= 0 && roll < 30 {
					at = due.Time().Add(time.Duration(24+rng.IntN(48)) * time.Hour) // late
				}
				if at.After(now) {
					at = now.Add(-time.Hour)
				}
				r.SubmittedAt, r.Late, r.State = &at, lateOn(due, at), StateSubmitted
				r.Content = fmt.Sprintf("<p>%s：</p><p>一、主要工作及成效</p><p>二、存在的问题和不足</p><p>三、下一步工作打算</p>", p.title)
				if p.due <= 0 && roll >= 40 {
					reviewed := at.Add(48 * time.Hour)
					if reviewed.After(now) {
						reviewed = now
					}
					r.Reviewer, r.ReviewedAt = "组织部", &reviewed
					if roll < 47 {
						r.State, r.ReturnReason = StateReturned, "请补充具体数据和问题整改措施"
					} else {
						r.State, r.Comment = StatePassed, "内容翔实，同意。"
					}
				}
				out.Reports++
				out.Submitted++
			}
			for start := 0; start < len(listed); start += 500 {
				batch := listed[start:min(start+500, len(listed))]
				if _, err := tx.NewInsert().Model(&batch).Exec(ctx); err != nil {
					return err
				}
			}
		}
		var people []struct {
			ID int64 `bun:"id"`
		}
		if err := member.SelectServing(tx).Column("m.id").OrderExpr("m.id").Limit(demoSample).Scan(ctx, &people); err != nil {
			return err
		}
		var records []Record
		add := func(r Record) {
			r.CreatedBy, r.CreatedAt, r.UpdatedAt = "组织部", now, now
			records = append(records, r)
		}
		topics := []string{"学校党风廉政建设警示教育大会", "《中国共产党纪律处分条例》专题学习", "廉洁文化进校园主题报告会", "观看警示教育片"}
		for _, m := range people {
			if rng.IntN(100) < 95 {
				add(Record{MemberID: m.ID, Kind: RecordCommitment, Year: year - 1, Day: date.Date(fmt.Sprintf("%d-03-%02d", year-1, 1+rng.IntN(28)))})
			}
			if rng.IntN(100) < 75 {
				add(Record{MemberID: m.ID, Kind: RecordCommitment, Year: year, Day: date.Date(fmt.Sprintf("%d-03-%02d", year, 1+rng.IntN(28)))})
			}
			if rng.IntN(100) < 20 {
				add(Record{MemberID: m.ID, Kind: RecordMatters, Year: year, MattersKind: MattersAnnual, Day: date.Date(fmt.Sprintf("%d-02-%02d", year, 1+rng.IntN(27))), Remarks: "按学校要求集中报告"})
			}
			for range rng.IntN(3) {
				add(Record{MemberID: m.ID, Kind: RecordEducation, Year: year, Day: date.Date(fmt.Sprintf("%d-%02d-%02d", year, 1+rng.IntN(10), 1+rng.IntN(28))),
					Topic: topics[rng.IntN(len(topics))], Tenths: 10 * (1 + rng.IntN(3))})
			}
		}
		for start := 0; start < len(records); start += 500 {
			batch := records[start:min(start+500, len(records))]
			if _, err := tx.NewInsert().Model(&batch).Exec(ctx); err != nil {
				return err
			}
		}
		out.Records = len(records)
		return nil
	})
	if err != nil {
		return nil, err
	}
	out.Took = time.Since(start)
	return out, nil
}
