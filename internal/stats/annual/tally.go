package annual

import (
	"context"

	"github.com/uptrace/bun"
	"golang.org/x/sync/errgroup"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// A table is counted in one grouped pass over its rows: the counts per
// organisation (a row per organisation holding rows, whatever the
// members), which are then added up along the organisations' ancestry (a
// row per organisation too) into the total, the lines, the 本级 row and
// what falls under no line. Joining the ancestry to every counted row in
// SQL instead made the stores pair each member with the organisations
// (a nested loop per member): at 20,000 members a table took seconds and a
// snapshot a minute (docs/performance.md, issue 30).

// orgCount is the counts of one organisation's rows, split by whether they
// are of the table's Own kind at each level.
type orgCount struct {
	OrgID     int64
	OwnSecond bool
	OwnBranch bool
	Counts    map[string]int
}

// ownAt tells whether the rows of o are of the table's own kind at level.
func (o orgCount) ownAt(level org.Level) bool {
	if level == org.LevelBranch {
		return o.OwnBranch
	}
	return o.OwnSecond
}

// ownFlag is the SQL of Own's condition at level as a 0/1 column.
func ownFlag(t *Table, level org.Level) (string, []any) {
	if t.Own == nil {
		return "0", nil
	}
	cond, args := t.Own(level)
	return "CASE WHEN " + cond + " THEN 1 ELSE 0 END", args
}

// countByOrg is the one pass over base (alias x, scope and subtree
// applied): the leaf sums per organisation and Own kind. With parts > 1 the
// pass is split by organisation into that many queries run side by side on
// their own connections (each organisation's rows in exactly one), whose
// rows are simply put together.
func countByOrg(ctx context.Context, base *bun.SelectQuery, t *Table, ls []Column, parts int) ([]orgCount, error) {
	if parts <= 1 {
		return countOrgs(ctx, base, t, ls)
	}
	found := make([][]orgCount, parts)
	g, gctx := errgroup.WithContext(ctx)
	for i := range parts {
		q := base.Clone().Where("x.org_id % ? = ?", parts, i)
		g.Go(func() (err error) {
			found[i], err = countOrgs(gctx, q, t, ls)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []orgCount
	for _, f := range found {
		out = append(out, f...)
	}
	return out, nil
}

// countOrgs is countByOrg's query.
func countOrgs(ctx context.Context, base *bun.SelectQuery, t *Table, ls []Column) ([]orgCount, error) {
	second, secondArgs := ownFlag(t, org.LevelSecond)
	branch, branchArgs := ownFlag(t, org.LevelBranch)
	q := sums(base.Clone().ColumnExpr("x.org_id").ColumnExpr(second+" AS own_second", secondArgs...).
		ColumnExpr(branch+" AS own_branch", branchArgs...), ls, t.Weight).GroupExpr("x.org_id")
	if t.Own != nil { // a constant would be read as a column's position
		q = q.GroupExpr(second, secondArgs...).GroupExpr(branch, branchArgs...)
	}
	rows, err := q.Rows(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	defer rows.Close()
	var out []orgCount
	for rows.Next() {
		var o orgCount
		var ownSecond, ownBranch int64
		if o.Counts, err = scanCounts(rows, ls, &o.OrgID, &ownSecond, &ownBranch); err != nil {
			return nil, httpx.Internal(err)
		}
		o.OwnSecond, o.OwnBranch = ownSecond == 1, ownBranch == 1
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// tallied is a table added up at a level.
type tallied struct {
	Total  map[string]int
	Own    map[string]int
	Direct map[string]int
	Lines  []Line // every line given, in its order, with its counts (zeros when none)
}

// ancestry maps every organisation to its line's organisation at level
// (org.SelectAncestry): a row per organisation, read whole.
func ancestry(ctx context.Context, idb bun.IDB, level org.Level) (map[int64]int64, error) {
	var anc []struct {
		OrgID int64 `bun:"org_id"`
		TopID int64 `bun:"top_id"`
	}
	if err := idb.NewSelect().TableExpr("(?) AS a", org.SelectAncestry(idb, level)).Column("a.org_id", "a.top_id").Scan(ctx, &anc); err != nil {
		return nil, httpx.Internal(err)
	}
	topOf := make(map[int64]int64, len(anc))
	for _, a := range anc {
		topOf[a.OrgID] = a.TopID
	}
	return topOf, nil
}

// tally adds byOrg up at level into the lines given (tops: their ids and
// names, in tree order; topOf: ancestry's map at level). A row of an
// organisation under none of the lines counts in the 本级 row when of the
// table's Own kind, else as under no line.
func tally(level org.Level, byOrg []orgCount, tops []Line, topOf map[int64]int64, ls []Column) tallied {
	zero := func() map[string]int {
		m := make(map[string]int, len(ls))
		for _, l := range ls {
			m[l.Key] = 0
		}
		return m
	}
	out := tallied{Total: zero(), Own: zero(), Direct: zero(), Lines: make([]Line, len(tops))}
	line := make(map[int64]int, len(tops))
	for i, t := range tops {
		out.Lines[i] = Line{OrgID: t.OrgID, Name: t.Name, Counts: zero()}
		line[t.OrgID] = i
	}
	add := func(to, from map[string]int) {
		for k, v := range from {
			to[k] += v
		}
	}
	for _, o := range byOrg {
		add(out.Total, o.Counts)
		top, ok := topOf[o.OrgID]
		i, lined := line[top]
		switch {
		case ok && lined:
			add(out.Lines[i].Counts, o.Counts)
		case o.ownAt(level):
			add(out.Own, o.Counts)
		default:
			add(out.Direct, o.Counts)
		}
	}
	return out
}

// linesOf is the lines of level in tree order: the live organisations of
// the level (those without rows too: a branch without members files its
// zeros), restricted by narrow (the caller's scope and subtree; nil: all).
// They are a university's organisations of one level (hundreds), read
// whole: their counts come from the tally, which needs them all.
func linesOf(ctx context.Context, idb bun.IDB, level org.Level, narrow func(*bun.SelectQuery) (*bun.SelectQuery, error)) ([]Line, error) {
	q := idb.NewSelect().TableExpr("(?) AS l", org.SelectLevel(idb, level)).ColumnExpr("l.top_id, l.top_name").OrderExpr("l.top_path")
	if narrow != nil {
		var err error
		if q, err = narrow(q); err != nil {
			return nil, err
		}
	}
	var rows []struct {
		ID   int64  `bun:"top_id"`
		Name string `bun:"top_name"`
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]Line, len(rows))
	for i, r := range rows {
		out[i] = Line{OrgID: r.ID, Name: r.Name}
	}
	return out, nil
}
