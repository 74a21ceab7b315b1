package unit

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// errNotFound is the one answer for a unit that does not exist or lies
// outside the caller's scope, so that ids cannot be probed.
func errNotFound() *httpx.Error { return httpx.NotFound("单位不存在") }

// baseQuery selects units (departments with their information, names of
// the parent and the paired organisation).
func baseQuery(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("sys_dept AS d").
		ColumnExpr("d.id, d.pid, d.name, d.sort, d.enabled, d.created_at, d.updated_at AS dept_updated_at").
		ColumnExpr("COALESCE(i.code, '') AS code, COALESCE(i.short_name, '') AS short_name, COALESCE(i.type, '') AS type").
		ColumnExpr("COALESCE(i.leader_name, '') AS leader_name, COALESCE(i.contact_phone, '') AS contact_phone").
		ColumnExpr("i.dzz_id, i.founded_on, COALESCE(i.status, ?) AS status, i.revoked_on, COALESCE(i.remark, '') AS remark", StatusNormal).
		ColumnExpr("i.updated_at AS info_updated_at, COALESCE(p.name, '') AS parent_name, COALESCE(z.name, '') AS dzz_name").
		Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").
		Join("LEFT JOIN sys_dept AS p ON p.id = d.pid").
		Join("LEFT JOIN dzz AS z ON z.id = i.dzz_id")
}

// find reads one unit of the caller's scope through idb, or 404.
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*row, error) {
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	r := new(row)
	err = sc.Apply(baseQuery(idb).Where("d.id = ?", id), "d.id").Scan(ctx, r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	return s.sys.DictLabels(ctx, DictType, DictStatus, DictTeamKind, audit.DictOrigin, audit.DictType)
}

// labelling is a picker's Finish: the unit dictionaries read once a page,
// fill sets a row's labels.
func labelling[T any](s *Service, fill func(system.DictLabels, *T)) func(context.Context) (func(*T), error) {
	return func(ctx context.Context) (func(*T), error) {
		l, err := s.labels(ctx)
		return func(it *T) { fill(l, it) }, err
	}
}

func (r *row) view(l system.DictLabels) View {
	v := View{Record: r.Record, TypeLabel: l.Label(DictType, r.Type), StatusLabel: l.Label(DictStatus, r.Status),
		ParentName: r.ParentName, DzzName: r.DzzName, Enabled: r.Enabled, HasInfo: r.InfoUpdatedAt != nil,
		CreateTime: r.CreatedAt, UpdateTime: r.DeptUpdatedAt}
	if r.InfoUpdatedAt != nil && r.InfoUpdatedAt.After(v.UpdateTime) {
		v.UpdateTime = *r.InfoUpdatedAt
	}
	return v
}

// listSpec declares the unit list's filters and sorts; blurry is the
// name/short name/code text search.
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"d.name", "i.short_name", "i.code"}, Match: httpx.Text, Search: onUnit},
		"name":   {Columns: []string{"d.name", "i.short_name"}, Match: httpx.Text, Search: onUnit},
		"code":   {Columns: []string{"i.code"}, Match: httpx.Text, Search: onUnit[1:]},
		"type":   {Columns: []string{"i.type"}, Match: httpx.In},
		"status": {Columns: []string{"COALESCE(i.status, '1')"}, Match: httpx.In},
		"pid":    {Columns: []string{"d.pid"}, Kind: httpx.Int},
		"dzzId":  {Columns: []string{"i.dzz_id"}, Kind: httpx.Int},
	},
	Sorts: map[string]string{
		"id": "d.id", "name": zh.Name("d.name"), "code": "i.code", "sort": "d.sort", "type": "i.type",
		"foundedOn": "i.founded_on", "createTime": "d.created_at",
	},
	Key:         "d.id",
	DefaultSort: "d.sort ASC, d.id ASC",
}

// List is the paged unit list of the caller's scope.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	var rows []row
	total, err := httpx.PagedInto(ctx, sc.Apply(baseQuery(s.db), "d.id"), listSpec, lq, &rows)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	out := make([]View, len(rows))
	for i := range rows {
		out[i] = rows[i].view(l)
	}
	return httpx.NewCountedPage(out, total), nil
}

// Detail is one unit of the caller's scope.
func (s *Service) Detail(ctx context.Context, id int64) (View, error) {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return View{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return View{}, err
	}
	return r.view(l), nil
}

// PickerItem is one unit of the unit picker (/api/common/getDwInfo).
type PickerItem struct {
	resource.Node
	Code string `bun:"code" json:"code"`
}

var pickerSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": listSpec.Filters["blurry"],
		"name":   listSpec.Filters["name"],
		"type":   listSpec.Filters["type"],
		"status": listSpec.Filters["status"],
		"pid":    listSpec.Filters["pid"],
	},
	Sorts:       map[string]string{"name": zh.Name("d.name"), "sort": "d.sort", "code": "i.code"},
	DefaultSort: "d.sort ASC, d.id ASC",
	Key:         "d.id",
}

// Picker is GET /api/common/getDwInfo: a searchable page of the caller's
// units (in normal status unless status says otherwise) for forms.
func (s *Service) Picker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PickerItem], error) {
	return (&resource.Picker[PickerItem]{DB: s.db, From: "sys_dept AS d",
		Joins: []string{"LEFT JOIN dw_info AS i ON i.dept_id = d.id", "LEFT JOIN sys_dept AS p ON p.id = d.pid"},
		Columns: []string{"d.id, d.pid, d.name, COALESCE(i.short_name, '') AS short_name, COALESCE(i.code, '') AS code",
			"COALESCE(i.type, '') AS type, COALESCE(p.name, '') AS parent_name"},
		Scope: s.scoped("d.id"), Spec: pickerSpec, Defaults: map[string]any{"status": StatusNormal},
		Finish: labelling(s, func(l system.DictLabels, it *PickerItem) { it.TypeLabel = l.Label(DictType, it.Type) })}).Page(ctx, lq)
}
