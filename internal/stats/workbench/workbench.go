package workbench

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// Workbench is GET /api/dj/workbench: the 党建工作台's figures of the
// caller's data scope. The page links each to its list; the to-dos come
// from the work lists (GET /api/worklist).
type Workbench struct {
	Day date.Date `json:"day"`
	// Scoped tells whether the caller's scope holds any organisation (the
	// page says why everything is 0 when it does not).
	Scoped bool `json:"scoped"`
	// Orgs are the live organisations by type (DZZ_LX order) and their sum.
	Orgs     []Count `json:"orgs"`
	OrgTotal int     `json:"orgTotal"`
	// Members in normal status: all, 正式党员 and 预备党员.
	Members      int `json:"members"`
	Full         int `json:"full"`
	Probationary int `json:"probationary"`
	// Pipeline is the development records under way by stage, in order.
	Pipeline []Count `json:"pipeline"`
	// Transfers are the transfers under way: 转出, 校内转接 and 校外转入.
	Transfers []Count `json:"transfers"`
	// Due reminders: terms ending within TermDays (not yet ended) and ended
	// (换届: 任期即将届满 and 已到期); probations ending within ProbationDays.
	TermDays      int `json:"termDays"`
	TermsDue      int `json:"termsDue"`
	TermsOverdue  int `json:"termsOverdue"`
	ProbationDays int `json:"probationDays"`
	ProbationsDue int `json:"probationsDue"`
	// Life is organisation life's running period per measure (this
	// month, this quarter …): organisations judged, done, planned, open.
	Life orglife.MonthDue `json:"life"`
	// FeeYear and FeeMonth are the dues of this year (January to this
	// month) and of this month, with their collection rates.
	FeeYear  fee.Figures `json:"feeYear"`
	FeeMonth fee.Figures `json:"feeMonth"`
	// Trend is the serving members at the end of each of the last
	// TrendMonths months (this one: now), oldest first, as the records
	// stood then (the member versions): editing, moving or deleting a
	// record today leaves the past months as they were.
	Trend []MonthCount `json:"trend"`
}

// MonthCount is the serving members (normal status, full or
// probationary) at a month's end.
type MonthCount struct {
	Month        string `json:"month"` // YYYY-MM
	Members      int    `json:"members"`
	Probationary int    `json:"probationary"`
}

// Count is one value (a dictionary's, a stage, a kind) with its count.
type Count struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// YearCount is a year with a count.
type YearCount struct {
	Year  int `json:"year"`
	Count int `json:"count"`
}

// Windows of the due reminders and the trend.
const (
	// TermDays is 换届选举's 任期即将届满 window (its page lists the
	// organisations whose term ends within 90 days).
	TermDays      = 90
	ProbationDays = 30
	// TrendMonths: the months of the member trend, this one included.
	TrendMonths = 12
)

// transferKinds are the kinds the workbench counts, with their names.
var transferKinds = []Count{{Value: transfer.KindOut, Label: "转出"}, {Value: transfer.KindInside, Label: "校内转接"},
	{Value: transfer.KindIn, Label: "校外转入"}}

// Workbench reads the figures, each from its module's Go API.
func (s *Service) Workbench(ctx context.Context) (Workbench, error) {
	today := s.today()
	out := Workbench{Day: today, TermDays: TermDays, ProbationDays: ProbationDays}
	sc, err := s.src.Orgs.ScopeOf(ctx)
	if err != nil {
		return out, err
	}
	out.Scoped = sc.All || len(sc.OrgIDs) > 0
	opts, err := s.sys.DictOptions(ctx, []string{org.DictType})
	if err != nil {
		return out, err
	}
	byType, err := s.src.Orgs.CountByType(ctx)
	if err != nil {
		return out, err
	}
	out.Orgs = dictCounts(opts[org.DictType], byType)
	for _, n := range byType {
		out.OrgTotal += n
	}
	tally, err := s.src.Members.Tally(ctx, today.Time().Year())
	if err != nil {
		return out, err
	}
	out.Members, out.Full, out.Probationary = tally.Normal, tally.ByParty[member.PartyFull], tally.ByParty[member.PartyProbation]
	stages, err := s.src.Develop.StageCounts(ctx)
	if err != nil {
		return out, err
	}
	for _, st := range develop.OpenStages {
		out.Pipeline = append(out.Pipeline, Count{Value: st, Label: develop.StageNames[st], Count: stages[st]})
	}
	moving, err := s.src.Transfers.UnderWay(ctx)
	if err != nil {
		return out, err
	}
	for _, k := range transferKinds {
		out.Transfers = append(out.Transfers, Count{Value: k.Value, Label: k.Label, Count: moving[k.Value]})
	}
	if out.TermsDue, out.TermsOverdue, err = s.terms(ctx, sc, today, today.AddDays(TermDays)); err != nil {
		return out, err
	}
	if out.ProbationsDue, err = s.probationsDue(ctx, sc, today); err != nil {
		return out, err
	}
	if out.Life, err = s.src.Life.MonthDue(ctx); err != nil {
		return out, err
	}
	month := today.Month().String()
	if out.FeeYear, err = s.src.Fees.Collected(ctx, month[:4]+"-01", month); err != nil {
		return out, err
	}
	if out.FeeMonth, err = s.src.Fees.Collected(ctx, month, month); err != nil {
		return out, err
	}
	out.Trend, err = s.trend(ctx, sc, s.now())
	return out, err
}

// trend counts the serving members of the scope at the end of each of the
// last TrendMonths months (the first instant of the next month in China;
// this month: now) from the member versions (member.SelectStatesBefore's
// rule, valid_from < at <= valid_to): one query over the versions open
// during the window, a pair of sums per point. A version counts under the
// organisation it names, so a member moved out of the scope this month
// still counts in the months before, and a deleted one (its last version
// closed) too.
func (s *Service) trend(ctx context.Context, sc org.Scope, now time.Time) ([]MonthCount, error) {
	this := date.MonthOf(now.In(date.China))
	out := make([]MonthCount, TrendMonths)
	ats := make([]time.Time, TrendMonths)
	for i := range out {
		m := this.AddMonths(i - TrendMonths + 1)
		out[i].Month = m.String()
		next := m.Next().Time()
		ats[i] = time.Date(next.Year(), next.Month(), 1, 0, 0, 0, 0, date.China).UTC()
	}
	ats[TrendMonths-1] = now.UTC()
	q := member.SelectStatesDuring(s.db, ats[0], ats[TrendMonths-1]).
		Where("st.member_status = ?", member.StatusNormal).
		Where("st.party_status IN (?)", bun.List([]string{member.PartyFull, member.PartyProbation}))
	dest := make([]any, 0, 2*TrendMonths)
	for i, at := range ats {
		valid := "st.valid_from < ? AND (st.valid_to IS NULL OR st.valid_to >= ?)"
		q = q.ColumnExpr("COALESCE(SUM(CASE WHEN "+valid+" THEN 1 ELSE 0 END), 0)", at, at).
			ColumnExpr("COALESCE(SUM(CASE WHEN "+valid+" AND st.party_status = ? THEN 1 ELSE 0 END), 0)", at, at, member.PartyProbation)
		dest = append(dest, &out[i].Members, &out[i].Probationary)
	}
	if err := sc.Apply(q, "st.org_id").Scan(ctx, dest...); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// terms counts the live organisations of the scope whose term ends from
// today to until (due) and before today (overdue): one query.
func (s *Service) terms(ctx context.Context, sc org.Scope, today, until date.Date) (due, overdue int, err error) {
	q := s.db.NewSelect().TableExpr("(?) AS o", org.SelectLive(s.db)).
		ColumnExpr("COALESCE(SUM(CASE WHEN o.term_end >= ? AND o.term_end <= ? THEN 1 ELSE 0 END), 0)", today, until).
		ColumnExpr("COALESCE(SUM(CASE WHEN o.term_end < ? THEN 1 ELSE 0 END), 0)", today).
		Where("o.term_end IS NOT NULL")
	if err := sc.Apply(q, "o.id").Scan(ctx, &due, &overdue); err != nil {
		return 0, 0, httpx.Internal(err)
	}
	return due, overdue, nil
}

// probationsDue counts the probationary members of the scope whose
// probation ends within ProbationDays from today (today included): a year
// after joining, or the extended end the development record keeps.
func (s *Service) probationsDue(ctx context.Context, sc org.Scope, today date.Date) (int, error) {
	until := today.AddDays(ProbationDays)
	var n int
	q := member.SelectServing(s.db).ColumnExpr("COUNT(*)").
		Join("LEFT JOIN (?) AS x ON x.member_id = m.id", develop.SelectExtendedProbations(s.db)).
		Where("m.party_status = ?", member.PartyProbation).
		Where("((x.probation_ends_on IS NOT NULL AND x.probation_ends_on BETWEEN ? AND ?) OR "+
			"(x.probation_ends_on IS NULL AND m.joined_on BETWEEN ? AND ?))", today, until, today.AddYears(-1), until.AddYears(-1))
	if err := sc.Apply(q, "m.org_id").Scan(ctx, &n); err != nil {
		return 0, httpx.Internal(err)
	}
	return n, nil
}

// joined counts the members restrict keeps by the year they were admitted,
// from first to last: one query, a sum per year. Every record counts, not
// only the serving ones: a member admitted in a year and since transferred
// out, left or dead was admitted all the same (the serving ones alone made
// each past year smaller the longer ago it was). A member counts under the
// organisation their record names now (the last one here for one who left).
func (s *Service) joined(ctx context.Context, restrict func(*bun.SelectQuery) *bun.SelectQuery, first, last int) ([]YearCount, error) {
	q := member.Select(s.db)
	var out []YearCount
	for y := first; y <= last; y++ {
		q = q.ColumnExpr("COALESCE(SUM(CASE WHEN m.joined_on BETWEEN ? AND ? THEN 1 ELSE 0 END), 0)",
			date.Date(fmt.Sprintf("%04d-01-01", y)), date.Date(fmt.Sprintf("%04d-12-31", y)))
		out = append(out, YearCount{Year: y})
	}
	dest := make([]any, len(out))
	for i := range out {
		dest[i] = &out[i].Count
	}
	if err := restrict(q).Scan(ctx, dest...); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// dictCounts lists a dictionary's values in its order with their counts
// (zeros included), then any value it lacks ("" as 未填写), largest first.
func dictCounts(opts []system.DictOption, by map[string]int) []Count {
	out := make([]Count, 0, len(opts))
	known := map[string]bool{}
	for _, o := range opts {
		known[o.Value] = true
		out = append(out, Count{Value: o.Value, Label: o.Label, Count: by[o.Value]})
	}
	var extra []Count
	for v, n := range by {
		if known[v] || n == 0 {
			continue
		}
		label := v
		if v == "" {
			label = "未填写"
		}
		extra = append(extra, Count{Value: v, Label: label, Count: n})
	}
	slices.SortFunc(extra, func(a, b Count) int { return b.Count - a.Count })
	return append(out, extra...)
}
