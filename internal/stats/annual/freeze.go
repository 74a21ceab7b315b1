package annual

import (
	"context"
	"fmt"

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
		// The lines sum the counts per organisation (one pass over the
		// members) over the organisations' ancestry: the ancestry join then
		// meets a row per organisation, not per member, which is what keeps
		// 200,000 members in seconds. The sums are those of Count's lines.
		perOrg := sums(base.Clone().ColumnExpr("x.org_id"), ls).GroupExpr("x.org_id")
		for level, l := range map[string]org.Level{LevelSecond: org.LevelSecond, LevelBranch: org.LevelBranch} {
			q := idb.NewSelect().TableExpr("(?) AS g", perOrg).Join("JOIN (?) AS a ON a.org_id = g.org_id", org.SelectAncestry(idb, l)).
				ColumnExpr("a.top_id, a.top_name")
			for i := range ls {
				q = q.ColumnExpr(fmt.Sprintf("CAST(SUM(g.c%d) AS BIGINT) AS c%d", i, i))
			}
			q = q.GroupExpr("a.top_id, a.top_name, a.top_path").OrderExpr("a.top_path")
			if f.Lines[level], err = lines(ctx, q, ls); err != nil {
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
