package snapshot

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/stats/annual"
)

// Changes of a member between two snapshots.
const (
	ChangeNew     = "new"     // in the later roster only
	ChangeGone    = "gone"    // in the earlier roster only
	ChangeChanged = "changed" // in both, at another organisation or standing
)

var changeNames = map[string]string{ChangeNew: "新增", ChangeGone: "减少", ChangeChanged: "组织关系或党籍状态变化"}

// Cell is a changed count of a table's total.
type Cell struct {
	Key    string `json:"key"`
	Title  string `json:"title"`
	Before int    `json:"before"`
	After  int    `json:"after"`
	Delta  int    `json:"delta"`
}

// TableDiff is a table's changed cells between two snapshots.
type TableDiff struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Unit  string `json:"unit"`
	Cells []Cell `json:"cells"`
}

// Comparison is two snapshots compared: the totals' changed cells of each
// table and how many members are new, gone or changed.
type Comparison struct {
	Before  Snapshot       `json:"before"`
	After   Snapshot       `json:"after"`
	Tables  []TableDiff    `json:"tables"`
	Changes map[string]int `json:"changes"`
	Whole   bool           `json:"whole"`
}

// pair reads the snapshots a and b of the query string (404 for a missing one).
func (s *Service) pair(ctx context.Context, r *http.Request) (Snapshot, Snapshot, error) {
	var out [2]Snapshot
	for i, name := range []string{"a", "b"} {
		id, err := strconv.ParseInt(r.URL.Query().Get(name), 10, 64)
		if err != nil || id <= 0 {
			return out[0], out[1], httpx.Invalid(name, "请选择要对比的两个快照")
		}
		if out[i], err = s.header(ctx, id); err != nil {
			return out[0], out[1], err
		}
	}
	if out[0].ID == out[1].ID {
		return out[0], out[1], httpx.Invalid("b", "请选择两个不同的快照")
	}
	return out[0], out[1], nil
}

func (s *Service) handleCompare(w http.ResponseWriter, r *http.Request) error {
	a, b, err := s.pair(r.Context(), r)
	if err != nil {
		return err
	}
	out, err := s.Compare(r.Context(), a, b)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// Compare compares snapshot a (before) with b (after) as the caller sees them.
func (s *Service) Compare(ctx context.Context, a, b Snapshot) (Comparison, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return Comparison{}, err
	}
	out := Comparison{Before: a, After: b, Tables: []TableDiff{}, Changes: map[string]int{}, Whole: sc.All}
	before, err := s.heads(ctx, a.ID)
	if err != nil {
		return out, err
	}
	after, err := s.heads(ctx, b.ID)
	if err != nil {
		return out, err
	}
	// The tables of either snapshot, the later's heads first (a table the
	// earlier lacks compares against zeros).
	seen := map[string]bool{}
	for _, h := range append(after, before...) {
		if seen[h.Key] {
			continue
		}
		seen[h.Key] = true
		ta, err := s.total(ctx, sc, a.ID, h.Key)
		if err != nil {
			return out, err
		}
		tb, err := s.total(ctx, sc, b.ID, h.Key)
		if err != nil {
			return out, err
		}
		d := TableDiff{Key: h.Key, Title: h.Title, Unit: h.Unit, Cells: []Cell{}}
		for _, c := range leaves(h.Columns) {
			if x, y := ta.Counts[c.Key], tb.Counts[c.Key]; x != y {
				d.Cells = append(d.Cells, Cell{Key: c.Key, Title: c.Title, Before: x, After: y, Delta: y - x})
			}
		}
		out.Tables = append(out.Tables, d)
	}
	q, err := s.diff(ctx, a.ID, b.ID)
	if err != nil {
		return out, err
	}
	var counts []struct {
		Change string `bun:"change"`
		N      int    `bun:"n"`
	}
	if err := s.db.NewSelect().TableExpr("(?) AS dd", q.ColumnExpr("d.change")).ColumnExpr("dd.change, COUNT(*) AS n").
		GroupExpr("dd.change").Scan(ctx, &counts); err != nil {
		return out, httpx.Internal(err)
	}
	for _, c := range counts {
		out.Changes[c.Change] = c.N
	}
	return out, nil
}

// leaves is the counted columns of cols in order.
func leaves(cols []annual.Column) []annual.Column {
	var out []annual.Column
	for _, c := range cols {
		if len(c.Children) > 0 {
			out = append(out, leaves(c.Children)...)
		} else {
			out = append(out, c)
		}
	}
	return out
}

// Diff is a member new, gone or changed between two snapshots, with their
// organisation and standing before and after (empty on the missing side).
type Diff struct {
	Change        string `bun:"change" json:"change"`
	MemberID      int64  `bun:"member_id" json:"memberId"`
	Name          string `bun:"name" json:"name"`
	BeforeOrgID   int64  `bun:"before_org_id" json:"beforeOrgId"`
	BeforeOrgName string `bun:"before_org_name" json:"beforeOrgName"`
	BeforeStatus  string `bun:"before_status" json:"beforeStatus"`
	AfterOrgID    int64  `bun:"after_org_id" json:"afterOrgId"`
	AfterOrgName  string `bun:"after_org_name" json:"afterOrgName"`
	AfterStatus   string `bun:"after_status" json:"afterStatus"`
}

// diff is the roster difference of snapshots a and b in the caller's scope
// (a member whose organisation before or after lies in it), alias d, no
// columns chosen: three joins of the two rosters on the member, in SQL.
func (s *Service) diff(ctx context.Context, a, b int64) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	only := func(change string, from, other int64) *bun.SelectQuery {
		q := s.db.NewSelect().TableExpr("tjfx_snapshot_member AS x").
			Join("LEFT JOIN tjfx_snapshot_member AS y ON y.snapshot_id = ? AND y.member_id = x.member_id", other).
			Where("x.snapshot_id = ?", from).Where("y.member_id IS NULL")
		if change == ChangeNew {
			return q.ColumnExpr("? AS change, x.member_id, x.name, 0 AS before_org_id, '' AS before_org_name, '' AS before_status, "+
				"x.org_id AS after_org_id, x.org_name AS after_org_name, x.party_status AS after_status", change)
		}
		return q.ColumnExpr("? AS change, x.member_id, x.name, x.org_id AS before_org_id, x.org_name AS before_org_name, "+
			"x.party_status AS before_status, 0 AS after_org_id, '' AS after_org_name, '' AS after_status", change)
	}
	changed := s.db.NewSelect().TableExpr("tjfx_snapshot_member AS x").
		Join("JOIN tjfx_snapshot_member AS y ON y.snapshot_id = ? AND y.member_id = x.member_id", b).
		Where("x.snapshot_id = ?", a).Where("(x.org_id <> y.org_id OR x.party_status <> y.party_status)").
		ColumnExpr("? AS change, y.member_id, y.name, x.org_id AS before_org_id, x.org_name AS before_org_name, x.party_status AS before_status, "+
			"y.org_id AS after_org_id, y.org_name AS after_org_name, y.party_status AS after_status", ChangeChanged)
	q := s.db.NewSelect().TableExpr("(? UNION ALL ? UNION ALL ?) AS d", only(ChangeNew, b, a), only(ChangeGone, a, b), changed)
	return sc.ApplyAny(q, "d.before_org_id", "d.after_org_id"), nil
}

// diffQuery is the diff of the request's snapshots filtered by change,
// organisation subtree (before or after) and name, in order: the change,
// the organisation, the name.
func (s *Service) diffQuery(r *http.Request) (*bun.SelectQuery, Snapshot, Snapshot, error) {
	ctx := r.Context()
	a, b, err := s.pair(ctx, r)
	if err != nil {
		return nil, a, b, err
	}
	q, err := s.diff(ctx, a.ID, b.ID)
	if err != nil {
		return nil, a, b, err
	}
	qs := r.URL.Query()
	if c := qs.Get("change"); c != "" {
		if changeNames[c] == "" {
			return nil, a, b, httpx.Invalid("change", "不支持的变化类型：%s", c)
		}
		q = q.Where("d.change = ?", c)
	}
	if q, err = s.orgFilter(ctx, q, qs.Get("orgId"), "d.before_org_id", "d.after_org_id"); err != nil {
		return nil, a, b, err
	}
	if name := strings.TrimSpace(qs.Get("name")); name != "" {
		q = q.Where("d.name LIKE ? ESCAPE '\\'", "%"+httpx.EscapeLike(name)+"%")
	}
	order := fmt.Sprintf("CASE d.change WHEN '%s' THEN 1 WHEN '%s' THEN 2 ELSE 3 END, d.after_org_name, d.before_org_name, d.name, d.member_id",
		ChangeNew, ChangeGone)
	return q.OrderExpr(order), a, b, nil
}

const diffColumns = "d.change, d.member_id, d.name, d.before_org_id, d.before_org_name, d.before_status, d.after_org_id, d.after_org_name, d.after_status"

func (s *Service) handleDiff(w http.ResponseWriter, r *http.Request) error {
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	q, _, _, err := s.diffQuery(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var n int
	if err := s.db.NewSelect().TableExpr("(?) AS dc", q.Clone().ColumnExpr("d.member_id")).ColumnExpr("COUNT(*)").Scan(ctx, &n); err != nil {
		return httpx.Internal(err)
	}
	rows := []Diff{}
	if err := q.ColumnExpr(diffColumns).Limit(int64(p.Size)).Offset(int64(p.Offset())).Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].BeforeStatus, rows[i].AfterStatus = l.Label(dictPartyStatus, rows[i].BeforeStatus), l.Label(dictPartyStatus, rows[i].AfterStatus)
	}
	return httpx.OK(w, httpx.NewPage(rows, n))
}

// handleCompareExport streams the comparison as one sheet: the changed
// cells of each table's total, then every member new, gone or changed
// (read from the cursor, so memory stays flat).
func (s *Service) handleCompareExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q, a, b, err := s.diffQuery(r)
	if err != nil {
		return err
	}
	cmp, err := s.Compare(ctx, a, b)
	if err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	xw, err := excel.NewWriter([]string{"统计表", "指标", a.Title + "（" + string(a.Date) + "）", b.Title + "（" + string(b.Date) + "）", "增减"},
		[]float64{24, 24, 28, 28, 10, 16, 16})
	if err != nil {
		return httpx.Internal(err)
	}
	fail := func(err error) error { xw.Close(); return httpx.Internal(err) } //nolint:errcheck
	for _, t := range cmp.Tables {
		if len(t.Cells) == 0 {
			if err := xw.Add(t.Title, "（无变化）"); err != nil {
				return fail(err)
			}
		}
		for _, c := range t.Cells {
			if err := xw.Add(t.Title, c.Title, c.Before, c.After, c.Delta); err != nil {
				return fail(err)
			}
		}
	}
	if err := xw.Add(); err != nil {
		return fail(err)
	}
	if err := xw.Add("人员变化", "姓名", "原所在党组织", "现所在党组织", "原党籍状态", "现党籍状态"); err != nil {
		return fail(err)
	}
	rows, err := q.ColumnExpr(diffColumns).Rows(ctx)
	if err != nil {
		return fail(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var d Diff
		if err := s.db.ScanRow(ctx, rows, &d); err != nil {
			return fail(err)
		}
		if err := xw.Add(changeNames[d.Change], d.Name, d.BeforeOrgName, d.AfterOrgName,
			l.Label(dictPartyStatus, d.BeforeStatus), l.Label(dictPartyStatus, d.AfterStatus)); err != nil {
			return fail(err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return fail(err)
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出快照对比（%s 与 %s，%d人变化）", a.Title, b.Title, n))
	return xw.Send(w, "数据快照对比-"+a.Date.Compact()+"-"+b.Date.Compact()+".xlsx")
}

func (s *Service) handleRosterExport(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", notFound())
	if err != nil {
		return err
	}
	q, h, err := s.rosterQuery(r, id)
	if err != nil {
		return err
	}
	ctx := r.Context()
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	q = q.ColumnExpr(rosterColumns).OrderExpr("sm.org_name, sm.name, sm.member_id")
	n, err := excel.Export(ctx, w, s.db, q,
		[]string{"序号", "姓名", "所在党组织", "性别", "民族", "学历", "人员类别", "党籍状态", "出生日期", "入党日期"},
		[]float64{8, 12, 32, 8, 10, 16, 14, 12, 12, 12}, "数据快照花名册-"+h.Date.Compact()+".xlsx",
		func(n int, e *RosterEntry) []any {
			e.label(l)
			return []any{n, e.Name, e.OrgName, e.Gender, e.Ethnicity, e.Education, e.PersonCategory, e.PartyStatus,
				string(e.BirthDate), string(e.JoinedOn)}
		})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出数据快照花名册（%s，%d人）", h.Title, n))
	return nil
}
