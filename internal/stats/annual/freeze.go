package annual

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// Frozen is a table counted for the whole school as of a date, whatever
// the caller's scope: its head, its total and every line of both levels.
// 数据快照 keeps it.
type Frozen struct {
	Table   string
	Title   string
	Unit    string
	Columns []Column
	Total   Line
	Lines   map[string][]Line // by level (LevelSecond, LevelBranch), in tree order
}

// CountSchool counts every table as of day through idb (a snapshot's
// transaction, so the counts and the roster frozen beside them read the
// same records), as Count does for a caller who sees the whole school:
// the same source, sums and lines, not paged.
func (s *Service) CountSchool(ctx context.Context, idb bun.IDB, day date.Date) ([]Frozen, error) {
	m, err := s.occupations(ctx, idb)
	if err != nil {
		return nil, err
	}
	c := Context{Date: day, From: PeriodStart(day), Occupation: m}
	// The lines and the ancestry of each level, read once for every table.
	levels := map[string]org.Level{LevelSecond: org.LevelSecond, LevelBranch: org.LevelBranch}
	tops, topOf := map[string][]Line{}, map[string]map[int64]int64{}
	for key, level := range levels {
		if tops[key], err = linesOf(ctx, idb, level, nil); err != nil {
			return nil, err
		}
		if topOf[key], err = ancestry(ctx, idb, level); err != nil {
			return nil, err
		}
	}
	out := make([]Frozen, 0, len(Tables))
	for _, t := range Tables {
		cols := t.Columns(c)
		ls := leaves(cols)
		base := idb.NewSelect().TableExpr("(?) AS x", t.Source(idb, c))
		byOrg, err := countByOrg(ctx, base, t, ls, 1) // one transaction: one connection
		if err != nil {
			return nil, err
		}
		f := Frozen{Table: t.Key, Title: t.Title, Unit: t.Unit, Columns: cols, Lines: map[string][]Line{}}
		for key, level := range levels {
			sum := tally(level, byOrg, tops[key], topOf[key], ls)
			f.Total, f.Lines[key] = Line{Name: "全校合计", Counts: sum.Total}, sum.Lines
		}
		out = append(out, f)
	}
	return out, nil
}
