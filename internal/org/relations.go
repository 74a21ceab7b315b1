package org

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Relation is one organisation on the organisation relations page (组织关系):
// the unit it belongs to, the organisations it leads (by type) and the
// rules it breaks.
type Relation struct {
	ID            int64     `json:"id"`
	PID           *int64    `json:"pid"`
	Code          string    `json:"code"`
	Name          string    `json:"name"`
	Type          string    `json:"type"`
	TypeLabel     string    `json:"typeLabel"`
	Category      string    `json:"category"`
	CategoryLabel string    `json:"categoryLabel"`
	ParentName    string    `json:"parentName"`
	UnitDeptID    *int64    `json:"unitDeptId"`
	UnitName      string    `json:"unitName"`
	SecretaryName string    `json:"secretaryName"`
	Committee     Names     `json:"committee"`
	TermStart     date.Date `json:"termStart"`
	TermEnd       date.Date `json:"termEnd"`
	Leads         []Lead    `json:"leads"`
	MemberCount   int       `json:"memberCount"` // direct
	FullCount     int       `json:"fullCount"`   // direct 正式党员
	TotalCount    int       `json:"totalCount"`  // visible subtree
	Warnings      []Warning `json:"warnings"`
}

// Lead is the live child organisations of one type an organisation leads.
type Lead struct {
	Type      string   `json:"type"`
	TypeLabel string   `json:"typeLabel"`
	Count     int      `json:"count"`
	Orgs      []IDName `json:"orgs"`
}

// RelationsPage is GET /api/dzzxx/relations: a page of organisations (in
// tree order) and every warning of the filtered set (not only the page).
type RelationsPage struct {
	Content       []Relation `json:"content"`
	TotalElements int        `json:"totalElements"`
	Warnings      []Warning  `json:"warnings"`
}

// RelationsQuery filters the relations page.
type RelationsQuery struct {
	Blurry      string // name, short name or code
	Type        string
	UnitDeptID  int64
	Rule        string // only organisations breaking this rule
	WarningOnly bool   // only organisations breaking some rule
	Page        httpx.Page
}

// ParseRelationsQuery reads the relations filters from a query string.
func ParseRelationsQuery(q url.Values) (RelationsQuery, error) {
	p, err := httpx.ParsePage(q)
	if err != nil {
		return RelationsQuery{}, err
	}
	rq := RelationsQuery{Blurry: strings.TrimSpace(q.Get("blurry")), Type: strings.TrimSpace(q.Get("type")),
		Rule: strings.TrimSpace(q.Get("rule")), Page: p}
	if len([]rune(rq.Blurry)) > 50 {
		return rq, httpx.BadRequest("查询条件 blurry 过长")
	}
	if v := strings.TrimSpace(q.Get("unitDeptId")); v != "" {
		if rq.UnitDeptID, err = strconv.ParseInt(v, 10, 64); err != nil {
			return rq, httpx.BadRequest("查询条件 unitDeptId 应为整数")
		}
	}
	switch strings.TrimSpace(q.Get("warningOnly")) {
	case "", "false", "0":
	case "true", "1":
		rq.WarningOnly = true
	default:
		return rq, httpx.BadRequest("查询条件 warningOnly 应为是或否")
	}
	return rq, nil
}

type relationRow struct {
	Org      `bun:",extend"`
	UnitName string `bun:"unit_name,scanonly"`
}

// Relations builds the relations page of the caller's live organisations.
func (s *Service) Relations(ctx context.Context, rq RelationsQuery) (*RelationsPage, error) {
	out := &RelationsPage{Content: []Relation{}, Warnings: []Warning{}}
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !scope.All && len(scope.OrgIDs) == 0 {
		return out, nil
	}
	var rows []relationRow
	q := s.db.NewSelect().Model(&rows).ColumnExpr("z.*").ColumnExpr("COALESCE(d.name, '') AS unit_name").
		Join("LEFT JOIN sys_dept AS d ON d.id = z.unit_dept_id").
		Where("z.status = ?", StatusNormal).OrderExpr("z.sort, z.id")
	q = scope.Apply(q, "z.id")
	if err := q.Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	counts, err := s.counts(ctx, s.db, visibleIDs(scope, len(rows), func(i int) int64 { return rows[i].ID }))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	day, months := today(), s.reminderMonths(ctx)

	byID := make(map[int64]*relationRow, len(rows))
	children := map[int64][]*relationRow{}
	sub := make(map[int64]MemberCounts, len(rows)) // visible subtree counts
	for i := range rows {
		byID[rows[i].ID] = &rows[i]
	}
	var roots []*relationRow
	for i := range rows {
		r := &rows[i]
		if r.PID != nil && byID[*r.PID] != nil {
			children[*r.PID] = append(children[*r.PID], r)
		} else {
			roots = append(roots, r)
		}
		c := counts[r.ID]
		if c.Total == 0 && c.Full == 0 {
			continue
		}
		for _, a := range pathIDs(r.Path) {
			if byID[a] != nil {
				sc := sub[a]
				sc.Total += c.Total
				sc.Full += c.Full
				sub[a] = sc
			}
		}
	}
	// Tree order: each organisation followed by those it leads.
	ordered := make([]*relationRow, 0, len(rows))
	var walk func(list []*relationRow)
	walk = func(list []*relationRow) {
		for _, r := range list {
			ordered = append(ordered, r)
			walk(children[r.ID])
		}
	}
	walk(roots)

	var matched []Relation
	for _, r := range ordered {
		if rq.Type != "" && r.Type != rq.Type {
			continue
		}
		if rq.UnitDeptID != 0 && (r.UnitDeptID == nil || *r.UnitDeptID != rq.UnitDeptID) {
			continue
		}
		if rq.Blurry != "" && !strings.Contains(r.Name, rq.Blurry) && !strings.Contains(r.ShortName, rq.Blurry) && !strings.Contains(r.Code, rq.Blurry) {
			continue
		}
		ws := Warnings(&r.Org, sub[r.ID], day, months)
		if rq.WarningOnly && len(ws) == 0 {
			continue
		}
		if rq.Rule != "" && !hasRule(ws, rq.Rule) {
			continue
		}
		if ws == nil {
			ws = []Warning{}
		}
		rel := Relation{ID: r.ID, PID: r.PID, Code: r.Code, Name: r.Name, Type: r.Type, TypeLabel: l.typeLabel(r.Type),
			Category: r.Category, CategoryLabel: l.categoryLabel(r.Category), UnitDeptID: r.UnitDeptID, UnitName: r.UnitName,
			SecretaryName: r.SecretaryName, Committee: r.Committee, TermStart: r.TermStart, TermEnd: r.TermEnd,
			Leads: []Lead{}, MemberCount: counts[r.ID].Total, FullCount: counts[r.ID].Full, TotalCount: sub[r.ID].Total,
			Warnings: ws}
		if r.PID != nil && byID[*r.PID] != nil {
			rel.ParentName = byID[*r.PID].Name
		}
		for _, c := range children[r.ID] {
			i := 0
			for i < len(rel.Leads) && rel.Leads[i].Type != c.Type {
				i++
			}
			if i == len(rel.Leads) {
				rel.Leads = append(rel.Leads, Lead{Type: c.Type, TypeLabel: l.typeLabel(c.Type), Orgs: []IDName{}})
			}
			rel.Leads[i].Count++
			rel.Leads[i].Orgs = append(rel.Leads[i].Orgs, IDName{ID: c.ID, Name: c.Name})
		}
		out.Warnings = append(out.Warnings, ws...)
		matched = append(matched, rel)
	}
	out.TotalElements = len(matched)
	from, to := rq.Page.Offset(), rq.Page.Offset()+rq.Page.Size
	if from > len(matched) {
		from = len(matched)
	}
	if to > len(matched) {
		to = len(matched)
	}
	out.Content = append(out.Content, matched[from:to]...)
	return out, nil
}

func hasRule(ws []Warning, rule string) bool {
	for _, w := range ws {
		if w.Rule == rule {
			return true
		}
	}
	return false
}
