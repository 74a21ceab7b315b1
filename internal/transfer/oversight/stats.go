package oversight

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
	"zhdj/internal/transfer"
)

// The yearly tables (转接统计, zzgx:stats, scoped): the transfers completed
// (已完成, done_on) in a year, counted in SQL. A completed transfer is one
// move of a member at the organisation it concerns: a 校内转接 is a move out
// at the sending branch and a move in at the receiving one, every other
// kind a move at the organisation managing it (the receiving branch of
// 校外转入 and 流动党员流入, the member's branch otherwise). The caller
// sees the moves at the organisations of their scope.

// Cell is one count of a table.
type Cell struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// The columns of the moves: in (转入) and out (转出) by where from or to,
// and 出国（境）暂留 apart: the member keeps the organisation relation while
// abroad, so it is not 转出 (RULES.md §6, 党员数量变化).
var (
	inColumns = []Cell{{Key: "in_outside", Label: "校外转入"}, {Key: "in_inside", Label: "校内转入"},
		{Key: "in_flow", Label: "流动党员流入"}, {Key: "in_return", Label: "恢复组织生活"}}
	outColumns = []Cell{{Key: "out_province", Label: "省内转出"}, {Key: "out_outside", Label: "省外转出"},
		{Key: "out_system", Label: "转出系统外"}, {Key: "out_inside", Label: "校内转出"},
		{Key: "out_flow", Label: "流动党员流出"}}
	abroadColumns = []Cell{{Key: "abroad", Label: "出国（境）暂留"}}
)

// CommitteeRow is one secondary committee's moves (the committee of an
// organisation: its highest 二级党委, 党总支 or 直属党支部; 0 for one
// directly under the school's committee, 校党委直属).
type CommitteeRow struct {
	OrgID   int64          `json:"orgId"`
	OrgName string         `json:"orgName"`
	Counts  map[string]int `json:"counts"`
	In      int            `json:"in"`
	Out     int            `json:"out"`
	Abroad  int            `json:"abroad"` // 出国（境）暂留: not in Out
}

// Stats are the yearly tables.
type Stats struct {
	Year        int            `json:"year"`
	Kinds       []Cell         `json:"kinds"`  // completed transfers of each kind (each transfer once)
	In          []Cell         `json:"in"`     // moves in by where from
	Out         []Cell         `json:"out"`    // moves out by destination
	Abroad      []Cell         `json:"abroad"` // 出国（境）暂留, not counted in Out
	TotalIn     int            `json:"totalIn"`
	TotalOut    int            `json:"totalOut"`
	TotalAbroad int            `json:"totalAbroad"`
	Committees  []CommitteeRow `json:"committees"`
}

// statsRoutes registers the tables and their workbook (?year=&orgId=).
func (s *Service) statsRoutes(rs *httpx.Routes) {
	p := report.Parser{Orgs: s.orgs, Now: func() time.Time { return s.now() }}
	p.Register(rs, report.Read(report.Route{Path: "/api/zzgx/stats", Name: "转接年度统计", Perm: PermStats, Query: report.Options{YearName: "统计年度"}},
		func(ctx context.Context, q report.Query) (Stats, error) { return s.Stats(ctx, q.Year, q.OrgID) },
		func(w http.ResponseWriter, _ report.Query, st Stats) error { return sendStats(w, st) }))
}

// moveColumn is the column of a completed transfer at the organisation
// managing it (a 校内转接's receiving side is its own part of the union).
const moveColumn = `CASE t.kind WHEN 'in' THEN 'in_outside' WHEN 'inside' THEN 'out_inside' WHEN 'flow_in' THEN 'in_flow'
	WHEN 'return' THEN 'in_return' WHEN 'flow_out' THEN 'out_flow' WHEN 'abroad' THEN 'abroad'
	WHEN 'out' THEN CASE t.sub_kind WHEN 'province' THEN 'out_province' WHEN 'outside' THEN 'out_outside'
		WHEN 'system' THEN 'out_system' ELSE 'other' END
	ELSE 'other' END`

// committeeTypes are the organisations a move counts under (CommitteeRow):
// the highest of them on the path of the organisation the move is at.
var committeeTypes = []string{org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch}

// Stats counts the moves of the year within the caller's scope (and the
// subtree of orgID when it is not 0): one statement, the moves as a CTE,
// one GROUP BY per table.
func (s *Service) Stats(ctx context.Context, year int, orgID int64) (Stats, error) {
	st := Stats{Year: year, Committees: []CommitteeRow{}}
	from, to := report.Query{Year: year}.Days()
	done := func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("t.state = ?", transfer.StateDone).Where("t.done_on BETWEEN ? AND ?", from, to)
	}
	sending := done(s.db.NewSelect().TableExpr("zzgx_transfer AS t").
		ColumnExpr("t.id, t.kind, t.org_id AS org").ColumnExpr(moveColumn + " AS col"))
	receiving := done(s.db.NewSelect().TableExpr("zzgx_transfer AS t").
		ColumnExpr("t.id, t.kind, t.to_org_id AS org, 'in_inside' AS col").
		Where("t.kind = ?", transfer.KindInside).Where("t.to_org_id IS NOT NULL"))
	moves := s.db.NewSelect().TableExpr("(?) AS mv", sending.UnionAll(receiving)).
		ColumnExpr("mv.id, mv.kind, mv.col").ColumnExpr("? AS committee", org.CommitteeOf("mv.org", committeeTypes...))
	moves, err := report.Restrict(ctx, s.orgs, report.Query{Year: year, OrgID: orgID}, moves, report.On{Org: "mv.org"})
	if err != nil {
		return st, err
	}
	var groups []struct {
		Dim       string `bun:"dim"`
		Key       string `bun:"k"`
		Committee *int64 `bun:"committee"`
		Count     int    `bun:"n"`
	}
	err = s.db.NewRaw(`WITH moves AS (?)
		SELECT 'kind' AS dim, mv.kind AS k, NULL AS committee, COUNT(DISTINCT mv.id) AS n FROM moves AS mv GROUP BY mv.kind
		UNION ALL
		SELECT 'col' AS dim, mv.col AS k, mv.committee AS committee, COUNT(*) AS n FROM moves AS mv GROUP BY mv.col, mv.committee`,
		moves).Scan(ctx, &groups)
	if err != nil {
		return st, httpx.Internal(err)
	}
	kinds, cols := map[string]int{}, map[string]int{}
	rows := map[int64]*CommitteeRow{}
	var order []int64
	for _, g := range groups {
		if g.Dim == "kind" {
			kinds[g.Key] += g.Count
			continue
		}
		cols[g.Key] += g.Count
		var c int64
		if g.Committee != nil {
			c = *g.Committee
		}
		row := rows[c]
		if row == nil {
			row = &CommitteeRow{OrgID: c, Counts: map[string]int{}}
			rows[c] = row
			order = append(order, c)
		}
		row.Counts[g.Key] += g.Count
		if isIn(g.Key) {
			row.In += g.Count
		} else if isOut(g.Key) {
			row.Out += g.Count
		} else if hasKey(abroadColumns, g.Key) {
			row.Abroad += g.Count
		}
	}
	for _, k := range transfer.Kinds {
		st.Kinds = append(st.Kinds, Cell{Key: k, Label: transfer.KindNames[k], Count: kinds[k]})
	}
	st.In, st.TotalIn = filled(inColumns, cols)
	st.Out, st.TotalOut = filled(outColumns, cols)
	st.Abroad, st.TotalAbroad = filled(abroadColumns, cols)
	names, err := s.orgs.Names(ctx, order)
	if err != nil {
		return st, httpx.Internal(err)
	}
	names[0] = "校党委直属"
	for _, c := range order {
		row := rows[c]
		if row.In+row.Out+row.Abroad == 0 {
			continue // only 停止党籍, 失联, 出党: not moves
		}
		row.OrgName = names[c]
		st.Committees = append(st.Committees, *row)
	}
	sortCommittees(st.Committees)
	return st, nil
}

func isIn(col string) bool  { return hasKey(inColumns, col) }
func isOut(col string) bool { return hasKey(outColumns, col) }

func hasKey(cells []Cell, key string) bool {
	return slices.ContainsFunc(cells, func(c Cell) bool { return c.Key == key })
}

// filled is columns with their counts, and their sum.
func filled(columns []Cell, counts map[string]int) ([]Cell, int) {
	out := make([]Cell, len(columns))
	total := 0
	for i, c := range columns {
		c.Count = counts[c.Key]
		total += c.Count
		out[i] = c
	}
	return out, total
}

// sortCommittees orders the rows by name, 校党委直属 last.
func sortCommittees(rows []CommitteeRow) {
	slices.SortFunc(rows, func(a, b CommitteeRow) int {
		if (a.OrgID == 0) != (b.OrgID == 0) {
			if a.OrgID == 0 {
				return 1
			}
			return -1
		}
		return strings.Compare(a.OrgName, b.OrgName)
	})
}

// statsSheet is the committees' table as a workbook (no title row): a
// column per way in and out, the totals, 出国（境）暂留.
func statsSheet() report.Sheet[CommitteeRow] {
	cols := []report.Column[CommitteeRow]{{Title: "二级党委", Width: 28, Lead: true, Cell: func(_ int, r *CommitteeRow) any { return r.OrgName }}}
	for _, c := range append(append([]Cell{}, inColumns...), outColumns...) {
		cols = append(cols, report.Column[CommitteeRow]{Title: c.Label, Width: 12, Cell: func(_ int, r *CommitteeRow) any { return r.Counts[c.Key] }})
	}
	return report.Sheet[CommitteeRow]{Columns: append(cols,
		report.Column[CommitteeRow]{Title: "转入合计", Width: 10, Cell: func(_ int, r *CommitteeRow) any { return r.In }},
		report.Column[CommitteeRow]{Title: "转出合计", Width: 10, Cell: func(_ int, r *CommitteeRow) any { return r.Out }},
		report.Column[CommitteeRow]{Title: "出国（境）暂留", Width: 14, Cell: func(_ int, r *CommitteeRow) any { return r.Abroad }})}
}

// sendStats streams the tables as one sheet: the committees' rows and
// their total, then, below, the transfers by kind.
func sendStats(w http.ResponseWriter, st Stats) error {
	total := CommitteeRow{Counts: map[string]int{}, In: st.TotalIn, Out: st.TotalOut, Abroad: st.TotalAbroad}
	for _, c := range append(append([]Cell{}, st.In...), st.Out...) {
		total.Counts[c.Key] = c.Count
	}
	xw, err := statsSheet().Start()
	if err != nil {
		return err
	}
	for i := range st.Committees {
		if err := xw.Row(&st.Committees[i]); err != nil {
			return err
		}
	}
	if err := xw.Total(&total); err != nil {
		return err
	}
	if err := xw.Line(); err != nil {
		return err
	}
	if err := xw.Line("按类型（已完成）", "件数"); err != nil {
		return err
	}
	for _, k := range st.Kinds {
		if err := xw.Line(k.Label, k.Count); err != nil {
			return err
		}
	}
	return xw.Send(w, fmt.Sprintf("组织关系转接统计-%d.xlsx", st.Year))
}
