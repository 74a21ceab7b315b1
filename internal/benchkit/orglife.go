package benchkit

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"

	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

// LifeWorld is the organisation-life part of a world: the demo's twelve
// months of meetings, the year 会议统计 shows and the branches.
type LifeWorld struct {
	Seeded   *orglife.DemoResult
	Year     int
	Branches []int64
}

// SeedMeetings writes the demo's meetings (about 50 a branch).
func (w *World) SeedMeetings(tb testing.TB) *LifeWorld {
	tb.Helper()
	ctx := context.Background()
	res, err := w.Env.App.OrgLife.SeedDemo(ctx, orglife.DemoOptions{Seed: Seed, Today: w.Options.Today})
	if err != nil {
		tb.Fatal(err)
	}
	l := &LifeWorld{Seeded: res, Year: w.Options.Today.In(date.China).Year()}
	if err := w.Env.DB.NewSelect().Model((*org.Org)(nil)).Column("id").Where("type IN (?, ?)", org.TypeBranch, org.TypeDirectBranch).
		OrderExpr("id").Scan(ctx, &l.Branches); err != nil {
		tb.Fatal(err)
	}
	return l
}

// ComplianceUniversity is the university's 会议统计 (the 二级党委s, each
// standing for every branch below it) as the organisation department sees it.
func (w *World) ComplianceUniversity(l *LifeWorld) func(tb testing.TB, i int) {
	return func(tb testing.TB, _ int) {
		w.get(tb, "/api/zzsh/compliance/orgs?year="+strconv.Itoa(l.Year), w.Env.AdminTK)
	}
}

// ComplianceCollege is the college administrator's table (its branches).
func (w *World) ComplianceCollege(l *LifeWorld) func(tb testing.TB, i int) {
	return func(tb testing.TB, _ int) {
		w.get(tb, "/api/zzsh/compliance/orgs?year="+strconv.Itoa(l.Year), w.ScopedToken)
	}
}

// ComplianceBranch is one branch's calendar: each call the next branch.
func (w *World) ComplianceBranch(l *LifeWorld) func(tb testing.TB, i int) {
	return func(tb testing.TB, i int) {
		q := url.Values{"year": {strconv.Itoa(l.Year)}, "orgId": {strconv.FormatInt(l.Branches[(i*31)%len(l.Branches)], 10)}}
		w.get(tb, "/api/zzsh/compliance/branch?"+q.Encode(), w.Env.AdminTK)
	}
}

// LifeSeeded prints what the meeting demo wrote.
func LifeSeeded(kind string, members int, l *LifeWorld) {
	fmt.Printf("orglife demo on %s members=%d: %d meetings for %d branches (%d behind) in %.1f s\n", kind, members,
		l.Seeded.Meetings, len(l.Branches), l.Seeded.Behind, l.Seeded.Took.Seconds())
}
