package annual

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
	"golang.org/x/sync/errgroup"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Request is what a table is asked for: its reporting date, the
// organisation filing it (its subtree is counted; 0: the caller's whole
// scope) and the level of its lines.
type Request struct {
	Date  date.Date
	OrgID int64
	Level string // LevelSecond (the school's 二级党委 …) or LevelBranch
	Page  httpx.Page
}

// Line levels.
const (
	LevelSecond = "second"
	LevelBranch = "branch"
)

// Line is a row of a table: an organisation (and its subtree) and its
// counts by leaf key.
type Line struct {
	OrgID  int64          `json:"orgId"`
	Name   string         `json:"name"`
	Counts map[string]int `json:"counts"`
}

// Check is the outcome of one check of a table.
type Check struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Result is a table counted: its head, the total of the filing
// organisation, a page of its lines, and the checks.
type Result struct {
	Table   string                 `json:"table"`
	Title   string                 `json:"title"`
	Unit    string                 `json:"unit"`
	Note    string                 `json:"note"`
	Date    date.Date              `json:"date"`
	From    date.Date              `json:"from"`   // the reporting period's first day
	Period  bool                   `json:"period"` // the table counts the period's events (报告期 From–Date)
	OrgName string                 `json:"orgName"`
	Level   string                 `json:"level"`
	Columns []Column               `json:"columns"`
	Total   Line                   `json:"total"`
	Lines   httpx.PageResult[Line] `json:"lines"`
	Checks  []Check                `json:"checks"`
	Direct  map[string]int         `json:"direct"` // counted in total but under no line (the filing organisation's own members …)
	Own     map[string]int         `json:"own"`    // under no line by nature (Table.Own): the 本级 row
}

// counted is the table's source in the caller's scope and req's subtree
// (the organisation module's sub-query of its ids).
func (s *Service) counted(ctx context.Context, t *Table, c Context, req Request) (*bun.SelectQuery, string, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, "", err
	}
	q := s.db.NewSelect().TableExpr("(?) AS x", t.Source(s.db, c))
	q = sc.Apply(q, "x.org_id")
	name := "全部党组织"
	if req.OrgID != 0 {
		ok, err := s.orgs.InScope(ctx, req.OrgID)
		if err != nil {
			return nil, "", httpx.Internal(err)
		}
		_, found, err := s.orgs.SubtreePath(ctx, req.OrgID)
		if err != nil {
			return nil, "", httpx.Internal(err)
		}
		if !ok || !found {
			return nil, "", httpx.NotFound("党组织不存在")
		}
		o, err := s.orgs.Brief(ctx, req.OrgID)
		if err != nil {
			return nil, "", err
		}
		name = o.Name
		q = q.Where("x.org_id IN (?)", org.SelectSubtree(s.db, req.OrgID))
	}
	return q, name, nil
}

// sums adds to q a column c<i> per leaf: the rows its condition holds for,
// each row counting as its weight column when the table has one.
// COUNT(*) FILTER, not SUM(CASE …): a row steps only the aggregates whose
// condition holds (one of a group's exclusive columns), which took a fifth
// off SQLite's 33-column table at 200,000 members (docs/performance.md).
func sums(q *bun.SelectQuery, cols []Column, weight string) *bun.SelectQuery {
	agg := func(when string) string {
		filter := ""
		if when != "" {
			filter = " FILTER (WHERE " + when + ")"
		}
		if weight == "" {
			return "COUNT(*)" + filter
		}
		return "COALESCE(SUM(x." + weight + ")" + filter + ", 0)"
	}
	for i, col := range cols {
		q = q.ColumnExpr(fmt.Sprintf("%s AS c%d", agg(col.When), i), col.Args...)
	}
	return q
}

// scanCounts reads one row of the leaf sums after lead's columns.
func scanCounts(rows interface{ Scan(...any) error }, cols []Column, lead ...any) (map[string]int, error) {
	vals := make([]int64, len(cols))
	dest := append([]any(nil), lead...)
	for i := range vals {
		dest = append(dest, &vals[i])
	}
	if err := rows.Scan(dest...); err != nil {
		return nil, err
	}
	out := make(map[string]int, len(cols))
	for i, col := range cols {
		out[col.Key] = int(vals[i])
	}
	return out, nil
}

// Count counts table t for req: the total, the sum of all lines, a page
// of the lines, the checks.
func (s *Service) Count(ctx context.Context, t *Table, req Request) (Result, error) {
	c, err := s.context(ctx, req.Date)
	if err != nil {
		return Result{}, err
	}
	level := org.LevelSecond
	switch req.Level {
	case "", LevelSecond:
		req.Level = LevelSecond
	case LevelBranch:
		level = org.LevelBranch
	default:
		return Result{}, httpx.Invalid("level", "不支持的统计层级：%s", req.Level)
	}
	cols := t.Columns(c)
	ls := leaves(cols)
	base, name, err := s.counted(ctx, t, c, req)
	if err != nil {
		return Result{}, err
	}
	out := Result{Table: t.Key, Title: t.Title, Unit: t.Unit, Note: t.Note, Date: req.Date, From: c.From, Period: t.Period,
		OrgName: name, Level: req.Level, Columns: cols, Own: map[string]int{}}

	// The lines and the ancestry are read while the rows are counted: on
	// their own connections, each a few tens of milliseconds at thousands of
	// branches that the count's pass would otherwise wait for.
	var byOrg []orgCount
	var tops []Line
	var topOf map[int64]int64
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		byOrg, err = countByOrg(gctx, base, t, ls, s.passes(req.Date))
		return err
	})
	g.Go(func() (err error) {
		tops, err = linesOf(gctx, s.db, level, func(q *bun.SelectQuery) (*bun.SelectQuery, error) { return s.lineScope(gctx, q, req) })
		return err
	})
	g.Go(func() (err error) {
		topOf, err = ancestry(gctx, s.db, level)
		return err
	})
	if err := g.Wait(); err != nil {
		return out, err
	}
	sum := tally(level, byOrg, tops, topOf, ls)
	out.Total = Line{OrgID: req.OrgID, Name: name, Counts: sum.Total}
	out.Own, out.Direct = sum.Own, sum.Direct
	page := sum.Lines
	if req.Page.Size > 0 {
		from := min(req.Page.Offset(), len(page))
		page = page[from:min(from+req.Page.Size, len(page))]
	}
	out.Lines = httpx.NewPage(page, len(sum.Lines))
	out.Checks = checks(t, c, sum.Total, sum.Direct)
	return out, nil
}

// passes is how many queries side by side a table of day is counted in.
// SQLite runs a query on one core, and a table of the whole school is CPU
// work over every member's version (0.6–0.8 s at 200,000 members), so it
// is split in two by organisation, as PostgreSQL's parallel workers split
// its scan (docs/performance.md, issue 30). Only for a day before today:
// the two queries read on two connections, each at the moment it starts,
// and the versions as of a past day do not change (a write closes a
// version at the moment it is made and opens the next from then), so they
// read the same records; today's table is counted in one query.
func (s *Service) passes(day date.Date) int {
	if db.IsPostgres(s.db) || !day.Before(s.today()) {
		return 1
	}
	return 2
}

// lineScope restricts the lines q (alias l, top_id) to the caller's scope
// and req's subtree.
func (s *Service) lineScope(ctx context.Context, q *bun.SelectQuery, req Request) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q = sc.Apply(q, "l.top_id")
	if req.OrgID != 0 {
		q = q.Where("l.top_id IN (?)", org.SelectSubtree(s.db, req.OrgID))
	}
	return q, nil
}

// checks are the table's in-table sums on the total, and the level check:
// the total equals the sum of its lines (rows under no line are named).
func checks(t *Table, c Context, total, direct map[string]int) []Check {
	titles := map[string]string{}
	ls := leaves(t.Columns(c))
	for _, l := range ls {
		titles[l.Key] = l.Title
	}
	var out []Check
	for _, sum := range t.Sums(c) {
		got := 0
		for _, p := range sum.Parts {
			got += total[p]
		}
		for _, m := range sum.Minus {
			got -= total[m]
		}
		out = append(out, Check{Name: sum.Name, OK: got == total[sum.Total],
			Detail: fmt.Sprintf("各项合计 %d，%s %d", got, titles[sum.Total], total[sum.Total])})
	}
	first := ls[0].Key
	ck := Check{Name: "合计等于各行之和", OK: true, Detail: "合计等于各下级党组织之和"}
	if t.Own != nil {
		ck.Detail = "合计等于各下级党组织与本级之和"
	}
	for _, l := range ls {
		if direct[l.Key] != 0 {
			ck.OK = false
		}
	}
	if !ck.OK {
		ck.Detail = fmt.Sprintf("合计中有 %d %s不在任何下级党组织中（直接隶属于填报单位，或所在党组织的上级已撤销）", direct[first], t.Unit)
	}
	return append(out, ck)
}
