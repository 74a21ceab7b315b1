package annual

import (
	"context"
	"sort"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
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
	out := make([]Frozen, 0, len(Tables))
	for _, t := range Tables {
		cols := t.Columns(c)
		ls := leaves(cols)
		base := idb.NewSelect().TableExpr("(?) AS x", t.Source(idb, c))
		total, err := one(ctx, sums(base.Clone(), ls), ls)
		if err != nil {
			return nil, err
		}
		f := Frozen{Table: t.Key, Title: t.Title, Unit: t.Unit, Columns: cols, Total: Line{Name: "全校合计", Counts: total},
			Lines: map[string][]Line{}}
		// The lines: the counts per organisation (one pass over the members,
		// a row per organisation), added up in Go along each organisation's
		// ancestry (a row per organisation too). Joining the ancestry to
		// the members in SQL, as Count's page of lines does, costs a
		// nested loop per member the stores do not avoid at 20,000 members.
		byOrg, err := lines(ctx, sums(base.Clone().ColumnExpr("x.org_id, ''"), ls).GroupExpr("x.org_id"), ls)
		if err != nil {
			return nil, err
		}
		for level, l := range map[string]org.Level{LevelSecond: org.LevelSecond, LevelBranch: org.LevelBranch} {
			if f.Lines[level], err = rollUp(ctx, idb, l, byOrg); err != nil {
				return nil, err
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// lines reads the rows of q: an organisation's id and name, then its leaf sums.
func lines(ctx context.Context, q *bun.SelectQuery, ls []Column) ([]Line, error) {
	rows, err := q.Rows(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	defer rows.Close()
	out := []Line{}
	for rows.Next() {
		var l Line
		if l.Counts, err = scanCounts(rows, ls, &l.OrgID, &l.Name); err != nil {
			return nil, httpx.Internal(err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// rollUp adds the counts of each organisation of byOrg to the organisation
// of level above it (or itself), the lines in tree order; an organisation
// under none of that level counts in no line, as in Count.
func rollUp(ctx context.Context, idb bun.IDB, level org.Level, byOrg []Line) ([]Line, error) {
	var anc []struct {
		OrgID   int64  `bun:"org_id"`
		TopID   int64  `bun:"top_id"`
		TopName string `bun:"top_name"`
		TopPath string `bun:"top_path"`
	}
	if err := idb.NewSelect().TableExpr("(?) AS a", org.SelectAncestry(idb, level)).
		Column("a.org_id", "a.top_id", "a.top_name", "a.top_path").Scan(ctx, &anc); err != nil {
		return nil, httpx.Internal(err)
	}
	counts := make(map[int64]map[string]int, len(byOrg))
	for _, l := range byOrg {
		counts[l.OrgID] = l.Counts
	}
	tops := map[int64]*Line{}
	paths := map[int64]string{}
	for _, a := range anc {
		c, ok := counts[a.OrgID]
		if !ok {
			continue
		}
		t := tops[a.TopID]
		if t == nil {
			t = &Line{OrgID: a.TopID, Name: a.TopName, Counts: map[string]int{}}
			tops[a.TopID], paths[a.TopID] = t, a.TopPath
		}
		for k, v := range c {
			t.Counts[k] += v
		}
	}
	out := make([]Line, 0, len(tops))
	for _, t := range tops {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return paths[out[i].OrgID] < paths[out[j].OrgID] })
	return out, nil
}
