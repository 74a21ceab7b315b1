package orgstd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// The demo (zhdj seed --demo, after internal/demo wrote the university):
//
//   - last year's round finished: the default set (defaults.go), frozen;
//     every live branch founded before the year's end self-assessed
//     (submitted in December) and reviewed by its 二级党委 (the 组织部 for
//     the 党委's own branches) in January; a branch's standard drawn
//     between fair and excellent, its self-scores a little above what the
//     reviewer gives;
//   - the best branch of the school marked 样板党支部, the best of each
//     二级党委 with at least 90 points 示范党支部, each with its history;
//   - this year's set copied from last year's, open (no assessment yet).

// DemoOptions are the demo seed's: the generator's seed and today (zero: now).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Year        int // the finished round
	Assessments int
	Marks       int
	Took        time.Duration
}

// demoStream is the generator's stream (other modules use others).
const demoStream = 1 << 52

// SeedDemo writes the demo's rounds in one transaction.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	year := opts.Today.In(date.China).Year() - 1
	res := &DemoResult{Year: year}
	orgs, err := s.orgs.OfTypes(ctx, s.db, org.TypeDirectBranch, org.TypeBranch)
	if err != nil {
		return nil, err
	}
	var branches []org.Org
	ids := []int64{}
	for _, o := range orgs {
		if o.Live() && (o.FoundedOn == "" || o.FoundedOn <= date.Date(fmt.Sprintf("%d-12-31", year))) {
			branches = append(branches, o)
			ids = append(ids, o.ID)
		}
	}
	placements, err := s.orgs.Placements(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	var committees []int64
	for _, p := range placements {
		if p.Committee != nil {
			committees = append(committees, *p.Committee)
		}
	}
	names, err := s.orgs.Names(ctx, committees)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		for _, y := range []YearSet{{Year: year, Frozen: len(branches) > 0}, {Year: year + 1}} {
			y.CreatedAt, y.UpdatedAt = now, now
			if _, err := tx.NewInsert().Model(&y).Exec(ctx); err != nil {
				return err
			}
			if err := s.insertSet(ctx, tx, y.Year, withOrder(defaultSet)); err != nil {
				return err
			}
		}
		var set []Indicator
		if err := tx.NewSelect().Model(&set).Where("i.year = ?", year).OrderExpr("i.sort, i.id").Scan(ctx); err != nil {
			return err
		}
		submitted := time.Date(year, 12, 20, 2, 0, 0, 0, time.UTC)
		reviewed := time.Date(year+1, 1, 10, 2, 0, 0, 0, time.UTC)
		rows := make([]Assessment, len(branches))
		var items [][]Item
		for i, o := range branches {
			quality := 0.62 + 0.36*r.Float64() // the branch's standard: 62%–98% of the points
			var list []Item
			self, review := 0, 0
			for _, ind := range set {
				q := math.Min(1, math.Max(0.3, quality+0.12*(r.Float64()-0.5)))
				rv := int(math.Round(float64(ind.MaxTenths)*q/5)) * 5 // half points
				sf := min(ind.MaxTenths, rv+5*r.IntN(3))              // the branch is a little kinder to itself
				rvCopy, sfCopy := rv, sf
				list = append(list, Item{IndicatorID: ind.ID, SelfTenths: &sfCopy, ReviewTenths: &rvCopy,
					Explanation: "按要求落实，相关材料已整理归档。"})
				self, review = self+sf, review+rv
			}
			by := "学校党委（组织部）"
			if c := placements[o.ID].Committee; c != nil {
				by = names[*c]
			}
			sub, rev := submitted.Add(time.Duration(r.IntN(240))*time.Hour/24), reviewed.Add(time.Duration(r.IntN(240))*time.Hour/24)
			rows[i] = Assessment{OrgID: o.ID, Year: year, State: StateReviewed, SelfTenths: self, ReviewTenths: &review,
				ReviewComment: comment(review), SubmittedAt: &sub, ReviewedAt: &rev, ReviewedBy: by}
			rows[i].CreatedAt, rows[i].UpdatedAt = sub, rev
			items = append(items, list)
		}
		marks := demoMarks(rows, placements)
		for i := range rows {
			rows[i].Mark = marks[i]
		}
		for from := 0; from < len(rows); from += 500 {
			chunk := rows[from:min(from+500, len(rows))]
			if _, err := tx.NewInsert().Model(&chunk).Returning("id").Exec(ctx); err != nil {
				return err
			}
		}
		var all []Item
		var history []MarkEntry
		for i := range rows {
			for _, it := range items[i] {
				it.AssessmentID = rows[i].ID
				all = append(all, it)
			}
			if rows[i].Mark != "" {
				history = append(history, MarkEntry{AssessmentID: rows[i].ID, Mark: rows[i].Mark, Reason: "年度标准化规范化建设审核得分优秀",
					By: "组织部", At: reviewed.AddDate(0, 0, 20)})
			}
		}
		for from := 0; from < len(all); from += 1000 {
			chunk := all[from:min(from+1000, len(all))]
			if _, err := tx.NewInsert().Model(&chunk).Exec(ctx); err != nil {
				return err
			}
		}
		if len(history) > 0 {
			if _, err := tx.NewInsert().Model(&history).Exec(ctx); err != nil {
				return err
			}
		}
		res.Assessments, res.Marks = len(rows), len(history)
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Took = time.Since(start)
	return res, nil
}

// withOrder is list numbered 10, 20, … in its order.
func withOrder(list []Indicator) []Indicator {
	out := make([]Indicator, len(list))
	for i, ind := range list {
		ind.Sort = (i + 1) * 10
		out[i] = ind
	}
	return out
}

// comment is a reviewer's word on a total.
func comment(tenths int) string {
	switch {
	case tenths >= 900:
		return "各项工作扎实规范，特色鲜明，成效显著。"
	case tenths >= 800:
		return "基础工作规范，建议进一步打造支部工作特色。"
	case tenths >= 700:
		return "整体达标，组织生活记录和台账需进一步完善。"
	}
	return "多项工作未达要求，请对照指标逐项整改。"
}

// demoMarks marks the school's best branch 样板党支部 and each committee's
// best with at least 90 points 示范党支部.
func demoMarks(rows []Assessment, placements map[int64]org.Placement) []string {
	marks := make([]string, len(rows))
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return *rows[order[a]].ReviewTenths > *rows[order[b]].ReviewTenths })
	if len(order) == 0 {
		return marks
	}
	marks[order[0]] = MarkSample
	seen := map[int64]bool{}
	for _, i := range order[1:] {
		c := placements[rows[i].OrgID].Committee
		if c == nil || seen[*c] || *rows[i].ReviewTenths < 900 {
			continue
		}
		seen[*c], marks[i] = true, MarkModel
	}
	return marks
}
