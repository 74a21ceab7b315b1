package org

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// listSpec declares the filters and sorts of GET /api/dzzxx and its export.
// subtreeOf names an organisation the caller must see (a 404 otherwise), so
// the spec is made per call, over the caller's scope.
func (s *Service) listSpec(ctx context.Context, scope Scope) httpx.ListSpec {
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"blurry":     {Columns: []string{"z.name", "z.code", "z.short_name"}, Match: httpx.Text, Search: onOrg},
			"name":       {Columns: []string{"z.name", "z.short_name"}, Match: httpx.Text, Search: onOrg},
			"type":       {Columns: []string{"z.type"}, Match: httpx.In},
			"category":   {Columns: []string{"z.category"}, Match: httpx.In},
			"status":     {Custom: whereStatus},
			"pid":        {Columns: []string{"z.pid"}, Kind: httpx.Int},
			"unitDeptId": {Columns: []string{"z.unit_dept_id"}, Kind: httpx.Int},
			"subtreeOf": {Kind: httpx.Int, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				root, err := s.load(ctx, s.db, scope, v.(int64))
				if err != nil {
					return nil, err
				}
				return q.Where("z.path LIKE ?", root.Path+"%"), nil
			}},
			"termDueWithinDays": {Custom: whereTermDue},
		},
		Sorts: map[string]string{
			"name": zh.Name("z.name"), "code": "z.code", "sort": "z.sort",
			// Dates without a value sort last either way, on both databases.
			"foundedOn": "z.founded_on IS NULL, z.founded_on",
			"termEnd":   "z.term_end IS NULL, z.term_end",
		},
		DefaultSort: "z.sort ASC, z.id ASC",
		Key:         "z.id",
	}
}

// whereStatus is the status filter; "all" (the tree page's 全部, as
// buildtree's status=all) sets no condition.
func whereStatus(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
	if v == "all" {
		return q, nil
	}
	return q.Where("z.status = ?", v), nil
}

// whereTermDue keeps the live organisations whose term ends within the
// given number of days, and those already overdue.
func whereTermDue(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
	days, err := strconv.Atoi(v.(string))
	if err != nil || days < 0 || days > 3660 {
		return nil, httpx.BadRequest("查询条件 termDueWithinDays 应为0到3660之间的整数")
	}
	return q.Where("z.term_end IS NOT NULL").Where("z.term_end <= ?", termWindowEnd(today(), days)).
		Where("z.status = ?", StatusNormal).Where("z.type <> ?", TypeGroup), nil
}

// List is the paged flat list of the caller's organisations.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Org], error) {
	q, spec, err := s.listQuery(ctx)
	if err != nil {
		return httpx.PageResult[Org]{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[Org]{}, err
	}
	return httpx.PagedEach(ctx, q, spec, lq, l.fill)
}

// listQuery is the scoped organisation query of the list and the export,
// with the spec of their filters.
func (s *Service) listQuery(ctx context.Context) (*bun.SelectQuery, httpx.ListSpec, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.ListSpec{}, httpx.Internal(err)
	}
	q := s.db.NewSelect().Model((*Org)(nil)).ColumnExpr("z.*").ColumnExpr("p.name AS parent_name").
		Join("LEFT JOIN dzz AS p ON p.id = z.pid")
	return scope.Apply(q, "z.id"), s.listSpec(ctx, scope), nil
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
	scope, o, err := s.findIn(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &Detail{Org: o, Ancestors: []IDName{}, Warnings: []Warning{}}
	if d.UnitName, err = record.NameOf(ctx, s.db, "sys_dept", "name", o.UnitDeptID); err != nil {
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
type PickerItem = resource.Node

var pickerSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"z.name", "z.short_name", "z.code"}, Match: httpx.Text, Search: onOrg},
		"name":   {Columns: []string{"z.name", "z.short_name"}, Match: httpx.Text, Search: onOrg},
		"type":   {Columns: []string{"z.type"}, Match: httpx.In},
		"pid":    {Columns: []string{"z.pid"}, Kind: httpx.Int},
		"status": {Columns: []string{"z.status"}},
	},
	Sorts:       map[string]string{"name": zh.Name("z.name"), "sort": "z.sort"},
	DefaultSort: "z.sort ASC, z.id ASC",
	Key:         "z.id",
}

// Picker is GET /api/common/dzz: a searchable page of the caller's
// organisations (live ones unless status says otherwise) for forms.
func (s *Service) Picker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PickerItem], error) {
	return (&resource.Picker[PickerItem]{DB: s.db, From: "dzz AS z", Joins: []string{"LEFT JOIN dzz AS p ON p.id = z.pid"},
		Columns: []string{"z.id, z.pid, z.name, z.short_name, z.type, COALESCE(p.name, '') AS parent_name"},
		Scope:   s.Scoped("z.id"), Spec: pickerSpec, Defaults: map[string]any{"status": StatusNormal},
		Finish: func(ctx context.Context) (func(*PickerItem), error) {
			l, err := s.labels(ctx)
			return func(it *PickerItem) { it.TypeLabel = l.typeLabel(it.Type) }, err
		}}).Page(ctx, lq)
}
