package orglife

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
)

// YearRecord is how an organisation did in a year on the meetings the rules
// ask of it, as 会议统计 judges them: what 软弱涣散 screening reads
// (internal/weakorg).
type YearRecord struct {
	// GeneralMissed are the quarters (1–4) that ended without their 支部党员大会.
	GeneralMissed []int
	// Met and Due are the periods met of those judged, every measure together
	// (the share 会议统计 shows).
	Met, Due int
}

// YearRecords judges the organisations list (as org.OfTypes read them) in
// year with one grouped query, as of today: a running period is not missed.
func (s *Service) YearRecords(ctx context.Context, year int, list []org.Org) (map[int64]YearRecord, error) {
	out := make(map[int64]YearRecord, len(list))
	if len(list) == 0 {
		return out, nil
	}
	ids := make([]int64, len(list))
	for i, o := range list {
		ids[i] = o.ID
	}
	rl, err := s.rules(ctx)
	if err != nil {
		return nil, err
	}
	counted, err := s.counts(ctx, year, rl, func(sel *bun.SelectQuery) (*bun.SelectQuery, error) {
		return sel.Where("m.org_id IN (?)", bun.In(ids)), nil
	})
	if err != nil {
		return nil, err
	}
	lines, err := s.lines(ctx, newJudge(year, s.today()), list, rl.measures, counted)
	if err != nil {
		return nil, err
	}
	for id, ls := range lines {
		var r YearRecord
		for _, l := range ls {
			r.Met += l.Met
			r.Due += l.Due
			if l.Key != TypeBranchGeneral {
				continue
			}
			for _, p := range l.Periods {
				if p.Status == CellMissing {
					r.GeneralMissed = append(r.GeneralMissed, (p.From+2)/3)
				}
			}
		}
		out[id] = r
	}
	return out, nil
}
