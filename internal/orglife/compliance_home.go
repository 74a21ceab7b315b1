package orglife

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// MonthDue is what the home pages show of organisation life in the
// caller's scope: per meeting measure, the organisations whose period
// running this month is done, planned or still open, and the periods of
// this year that ended without their meetings. Talks are left to their
// own page (a yearly matter, not a meeting).
type MonthDue struct {
	Month   date.Month `json:"month"`
	Items   []DueItem  `json:"items"`
	Missing int        `json:"missing"` // periods of this year ended without their meetings
	// Gaps are the first of them, in tree order.
	Gaps []Gap `json:"gaps"`
}

// DueItem is one measure this month.
type DueItem struct {
	Key       string    `json:"key"`
	TypeCode  string    `json:"typeCode"` // the meeting type held to meet it (书记讲党课: 党课)
	Name      string    `json:"name"`
	Rule      string    `json:"rule"`
	PeriodEnd date.Date `json:"periodEnd"` // the last day of the running period
	Orgs      int       `json:"orgs"`      // organisations judged on it now
	Done      int       `json:"done"`
	Planned   int       `json:"planned"`
	Open      int       `json:"open"` // neither held nor planned yet
}

// Gap is one period that ended without its meetings.
type Gap struct {
	OrgID   int64  `json:"orgId"`
	OrgName string `json:"orgName"`
	Measure string `json:"measure"`
	Period  string `json:"period"` // 2026年3月, 2026年第1季度
}

// maxGaps bounds the gaps listed (Missing counts them all).
const maxGaps = 10

// MonthDue computes the home pages' figure for the caller (one grouped
// query over the year's meetings of the scope).
func (s *Service) MonthDue(ctx context.Context) (MonthDue, error) {
	today := s.today()
	year := today.Time().Year()
	month := today.Time().Month()
	out := MonthDue{Month: today.Month(), Items: []DueItem{}, Gaps: []Gap{}}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return out, err
	}
	all, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return out, httpx.Internal(err)
	}
	scoped := slices.DeleteFunc(all, func(o org.Org) bool { return !sc.Has(o.ID) })
	rl, err := s.rules(ctx)
	if err != nil {
		return out, err
	}
	ms := slices.DeleteFunc(slices.Clone(rl.measures), func(m Measure) bool { return m.Key == MeasureTalk })
	counted, err := s.counts(ctx, year, rl, func(sel *bun.SelectQuery) (*bun.SelectQuery, error) {
		return report.Restrict(ctx, s.orgs, report.Query{Year: year}, sel, report.On{Org: "m.org_id"})
	})
	if err != nil {
		return out, err
	}
	j := newJudge(year, today)
	lines, err := s.lines(ctx, j, scoped, ms, counted)
	if err != nil {
		return out, err
	}
	items := map[string]*DueItem{}
	for _, m := range ms {
		items[m.Key] = &DueItem{Key: m.Key, TypeCode: m.Key, Name: m.Name, Rule: m.Rule}
		if m.Key == MeasureSecretary {
			items[m.Key].TypeCode = TypeLecture
		}
	}
	for _, o := range scoped {
		for _, l := range lines[o.ID] {
			for _, p := range l.Periods {
				if p.Status == CellMissing {
					out.Missing++
					if len(out.Gaps) < maxGaps {
						out.Gaps = append(out.Gaps, Gap{OrgID: o.ID, OrgName: o.Name, Measure: l.Name, Period: periodText(year, l.Period, p)})
					}
				}
				if int(month) < p.From || int(month) > p.To {
					continue
				}
				it := items[l.Key]
				it.PeriodEnd = j.last(p.To)
				switch p.Status {
				case CellDone:
					it.Done++
				case CellPlanned:
					it.Planned++
				case CellInProgress:
					it.Open++
				default:
					continue // not due
				}
				it.Orgs++
			}
		}
	}
	for _, m := range ms {
		if it := items[m.Key]; it.Orgs > 0 {
			out.Items = append(out.Items, *it)
		}
	}
	return out, nil
}
