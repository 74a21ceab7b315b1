package org

import (
	"context"
	"net/url"
	"strings"

	"zhdj/internal/platform/httpx"
)

// Node is an organisation in GET /api/dzzxx/buildtree.
type Node struct {
	ID          int64   `bun:"id" json:"id"`
	PID         *int64  `bun:"pid" json:"pid"`
	Code        string  `bun:"code" json:"code"`
	Name        string  `bun:"name" json:"name"`
	ShortName   string  `bun:"short_name" json:"shortName"`
	Type        string  `bun:"type" json:"type"`
	TypeLabel   string  `bun:"type_label" json:"typeLabel"`
	Category    string  `bun:"category" json:"category"`
	Status      string  `bun:"status" json:"status"`
	Sort        int     `bun:"sort" json:"sort"`
	Path        string  `bun:"path" json:"-"`
	MemberCount int     `bun:"-" json:"memberCount"` // members of this organisation itself
	FullCount   int     `bun:"-" json:"fullCount"`   // 正式党员 among them
	TotalCount  int     `bun:"-" json:"totalCount"`  // members of the visible subtree
	Children    []*Node `bun:"-" json:"children,omitempty"`
}

// TreeQuery is what buildtree filters by.
type TreeQuery struct {
	Status string // StatusNormal (the default), StatusRevoked, or "" for both
	Name   string // matches on name or short name, returned with their ancestors
}

// ParseTreeQuery reads status and name from a query string: status absent
// means normal only, status empty or "all" means every status.
func ParseTreeQuery(q url.Values) (TreeQuery, error) {
	tq := TreeQuery{Status: StatusNormal, Name: strings.TrimSpace(q.Get("name"))}
	if vs, ok := q["status"]; ok {
		switch v := strings.TrimSpace(vs[0]); v {
		case "", "all":
			tq.Status = ""
		case StatusNormal, StatusRevoked:
			tq.Status = v
		default:
			return tq, httpx.BadRequest("查询条件 status 应为1（正常）或2（撤销）")
		}
	}
	if len([]rune(tq.Name)) > 50 {
		return tq, httpx.BadRequest("查询条件 name 过长")
	}
	return tq, nil
}

// BuildTree is the caller's visible tree with member counts: one query for
// the organisations (with their type labels) and one grouped member count.
func (s *Service) BuildTree(ctx context.Context, tq TreeQuery) ([]*Node, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !scope.All && len(scope.OrgIDs) == 0 {
		return []*Node{}, nil
	}
	q := s.db.NewSelect().TableExpr("dzz AS z").
		ColumnExpr("z.id, z.pid, z.code, z.name, z.short_name, z.type, z.category, z.status, z.sort, z.path").
		ColumnExpr("COALESCE(dt.label, '') AS type_label").
		Join("LEFT JOIN sys_dict_detail AS dt ON dt.value = z.type AND dt.dict_id = (SELECT dc.id FROM sys_dict AS dc WHERE dc.name = ?)", DictType).
		OrderExpr("z.sort, z.id")
	q = scope.Apply(q, "z.id")
	if tq.Status != "" {
		q = q.Where("z.status = ?", tq.Status)
	}
	var nodes []*Node
	if err := q.Scan(ctx, &nodes); err != nil {
		return nil, httpx.Internal(err)
	}
	counts, err := s.counts(ctx, s.db, visibleIDs(scope, len(nodes), func(i int) int64 { return nodes[i].ID }))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	byID := make(map[int64]*Node, len(nodes))
	for _, n := range nodes {
		byID[n.ID] = n
		if n.TypeLabel == "" {
			n.TypeLabel = typeNames[n.Type]
		}
	}
	// Direct counts, then each node's count added to its visible ancestors.
	for _, n := range nodes {
		c := counts[n.ID]
		n.MemberCount, n.FullCount = c.Total, c.Full
		n.TotalCount += c.Total
		if c.Total == 0 {
			continue
		}
		for _, a := range pathIDs(n.Path) {
			if an, ok := byID[a]; ok && a != n.ID {
				an.TotalCount += c.Total
			}
		}
	}
	keep := byID
	if tq.Name != "" {
		keep = map[int64]*Node{}
		for _, n := range nodes {
			if strings.Contains(n.Name, tq.Name) || strings.Contains(n.ShortName, tq.Name) {
				for _, a := range pathIDs(n.Path) {
					if an, ok := byID[a]; ok {
						keep[a] = an
					}
				}
			}
		}
	}
	roots := []*Node{}
	for _, n := range nodes { // in sort order, so children keep it too
		if _, ok := keep[n.ID]; !ok {
			continue
		}
		if n.PID != nil {
			if p, ok := keep[*n.PID]; ok {
				p.Children = append(p.Children, n)
				continue
			}
		}
		roots = append(roots, n)
	}
	return roots, nil
}

// visibleIDs is what a reader of n organisations counts the members of:
// nil (every organisation, one grouped pass over the members) for a caller
// who sees everything, else the ids shown, so the count reads only the
// members of the caller's part of the tree.
func visibleIDs(scope Scope, n int, id func(i int) int64) []int64 {
	if scope.All {
		return nil
	}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = id(i)
	}
	return ids
}
