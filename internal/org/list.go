package org

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// listSpec declares the filters and sorts of GET /api/dzzxx (subtreeOf and
// termDueWithinDays are applied by List itself).
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":     {Columns: []string{"z.name", "z.code", "z.short_name"}, Match: httpx.Like},
		"name":       {Columns: []string{"z.name", "z.short_name"}, Match: httpx.Like},
		"type":       {Columns: []string{"z.type"}, Match: httpx.In},
		"category":   {Columns: []string{"z.category"}, Match: httpx.In},
		"status":     {Columns: []string{"z.status"}},
		"pid":        {Columns: []string{"z.pid"}, Kind: httpx.Int},
		"unitDeptId": {Columns: []string{"z.unit_dept_id"}, Kind: httpx.Int},
	},
	Sorts: map[string]string{
		"name": "z.name", "code": "z.code", "sort": "z.sort",
		// Dates without a value sort last either way, on both databases.
		"foundedOn": "z.founded_on IS NULL, z.founded_on",
		"termEnd":   "z.term_end IS NULL, z.term_end",
	},
	DefaultSort: "z.sort ASC, z.id ASC",
	Key:         "z.id",
}

// List is the paged flat list of the caller's organisations.
func (s *Service) List(r *http.Request) (httpx.PageResult[Org], error) {
	ctx := r.Context()
	filters := httpx.QueryFilters(r.URL.Query())
	q, err := s.listQuery(ctx, filters)
	if err != nil {
		return httpx.PageResult[Org]{}, err
	}
	page, err := httpx.ListPage[Org](r, q, listSpec, filters)
	if err != nil {
		return page, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		l.fill(&page.Content[i])
	}
	return page, nil
}

// listQuery is the scoped organisation query with the filters the list
// applies itself (subtreeOf, termDueWithinDays) taken out of filters; the
// rest are listSpec's, applied by ListPage or Apply.
func (s *Service) listQuery(ctx context.Context, filters map[string]any) (*bun.SelectQuery, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	q := s.db.NewSelect().Model((*Org)(nil)).ColumnExpr("z.*").ColumnExpr("p.name AS parent_name").
		Join("LEFT JOIN dzz AS p ON p.id = z.pid")
	q = scope.Apply(q, "z.id")
	// The tree page's "全部" (as buildtree's status=all): no status filter.
	if raw, ok := filters["status"]; ok && fmt.Sprint(raw) == "all" {
		delete(filters, "status")
	}
	if raw, ok := takeFilter(filters, "subtreeOf"); ok {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return nil, httpx.BadRequest("查询条件 subtreeOf 应为整数")
		}
		root, err := s.load(ctx, s.db, scope, id)
		if err != nil {
			return nil, err
		}
		q = q.Where("z.path LIKE ?", root.Path+"%")
	}
	if raw, ok := takeFilter(filters, "termDueWithinDays"); ok {
		days, err := strconv.Atoi(raw)
		if err != nil || days < 0 || days > 3660 {
			return nil, httpx.BadRequest("查询条件 termDueWithinDays 应为0到3660之间的整数")
		}
		// Terms ending within the window, and those already overdue.
		q = q.Where("z.term_end IS NOT NULL").Where("z.term_end <= ?", termWindowEnd(today(), days)).
			Where("z.status = ?", StatusNormal).Where("z.type <> ?", TypeGroup)
	}
	return q, nil
}

// takeFilter removes a filter the list applies itself and returns its
// single value ("" values count as absent).
func takeFilter(filters map[string]any, name string) (string, bool) {
	raw, ok := filters[name]
	if !ok {
		return "", false
	}
	delete(filters, name)
	if list, isList := raw.([]any); isList {
		if len(list) == 0 {
			return "", false
		}
		raw = list[0]
	}
	v := strings.TrimSpace(fmt.Sprint(raw))
	return v, v != ""
}

// IDName is an id with its name.
type IDName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Detail is GET /api/dzzxx/{id}: the organisation with its parent's and
// unit's names, term end, member counts, live children and the rules it breaks.
type Detail struct {
	*Org
	UnitName    string    `json:"unitName"`
	Ancestors   []IDName  `json:"ancestors"` // root first, those the caller may see
	MemberCount int       `json:"memberCount"`
	FullCount   int       `json:"fullCount"`
	TotalCount  int       `json:"totalCount"` // members of the whole subtree
	ChildCount  int       `json:"childCount"` // live child organisations
	Warnings    []Warning `json:"warnings"`
}

// Detail reads one organisation of the caller's scope.
func (s *Service) Detail(ctx context.Context, id int64) (*Detail, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	o, err := s.load(ctx, s.db, scope, id)
	if err != nil {
		return nil, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	l.fill(o)
	d := &Detail{Org: o, Ancestors: []IDName{}, Warnings: []Warning{}}
	if d.UnitName, err = unitName(ctx, s.db, o.UnitDeptID); err != nil {
		return nil, err
	}
	if anc := o.ancestorIDs(); len(anc) > 0 {
		names, err := s.Names(ctx, anc)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for _, a := range anc {
			if scope.Has(a) {
				d.Ancestors = append(d.Ancestors, IDName{ID: a, Name: names[a]})
			}
		}
	}
	n, err := s.db.NewSelect().Model((*Org)(nil)).Where("pid = ?", id).Where("status = ?", StatusNormal).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	d.ChildCount = int(n)
	sub, err := s.subtree(ctx, s.db, []int64{id})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	counts, err := s.counts(ctx, s.db, sub)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	var subCounts MemberCounts
	for _, x := range sub {
		if scope.Has(x) {
			subCounts.Total += counts[x].Total
			subCounts.Full += counts[x].Full
		}
	}
	d.MemberCount, d.FullCount, d.TotalCount = counts[id].Total, counts[id].Full, subCounts.Total
	if w := Warnings(o, subCounts, today(), s.reminderMonths(ctx)); w != nil {
		d.Warnings = w
	}
	return d, nil
}

// reminderMonths is the setting termReminderMonths (default 3).
func (s *Service) reminderMonths(ctx context.Context) int {
	return s.sys.SettingInt(ctx, CfgTermReminderMonths, DefaultTermReminderMonths)
}

// PickerItem is one row of the organisation picker.
type PickerItem struct {
	ID         int64  `bun:"id" json:"id"`
	PID        *int64 `bun:"pid" json:"pid"`
	Name       string `bun:"name" json:"name"`
	ShortName  string `bun:"short_name" json:"shortName"`
	Type       string `bun:"type" json:"type"`
	TypeLabel  string `bun:"-" json:"typeLabel"`
	ParentName string `bun:"parent_name" json:"parentName"`
}

var pickerSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"z.name", "z.short_name", "z.code"}, Match: httpx.Like},
		"name":   {Columns: []string{"z.name", "z.short_name"}, Match: httpx.Like},
		"type":   {Columns: []string{"z.type"}, Match: httpx.In},
		"pid":    {Columns: []string{"z.pid"}, Kind: httpx.Int},
		"status": {Columns: []string{"z.status"}},
	},
	Sorts:       map[string]string{"name": "z.name", "sort": "z.sort"},
	DefaultSort: "z.sort ASC, z.id ASC",
	Key:         "z.id",
}

// Picker is GET /api/common/dzz: a searchable page of the caller's
// organisations (live ones unless status says otherwise) for forms.
func (s *Service) Picker(r *http.Request) (httpx.PageResult[PickerItem], error) {
	ctx := r.Context()
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return httpx.PageResult[PickerItem]{}, httpx.Internal(err)
	}
	filters := httpx.QueryFilters(r.URL.Query())
	if _, ok := filters["status"]; !ok {
		filters["status"] = StatusNormal
	}
	q := s.db.NewSelect().TableExpr("dzz AS z").
		ColumnExpr("z.id, z.pid, z.name, z.short_name, z.type, COALESCE(p.name, '') AS parent_name").
		Join("LEFT JOIN dzz AS p ON p.id = z.pid")
	q = scope.Apply(q, "z.id")
	page, err := httpx.ListPage[PickerItem](r, q, pickerSpec, filters)
	if err != nil {
		return page, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		page.Content[i].TypeLabel = l.typeLabel(page.Content[i].Type)
	}
	return page, nil
}
