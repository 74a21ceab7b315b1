package cadre

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// routes registers the cadre record (list, filters, export 干部名册, detail,
// create, update, delete, trail and restore), its sub-tables and the
// cadre picker.
func (s *Service) routes(rs *httpx.Routes) {
	s.cadres.Routes(rs, "/api/gbjbxx", Perms, resource.Replace(resource.RestoreRoute, "还原变动", httpx.Action(s.Restore)),
		resource.Replace(resource.TrailRoute, "查看变动轨迹", httpx.ListUnder(errNoCadre, s.Trail)))
	s.subRoutes(rs)
	// Information-change requests: the cadre's own (any signed-in account linked to a cadre record; 404 otherwise)
	// and their review item by item.
	rs.Get("/api/gb/my", httpx.SignedIn, "查看本人干部信息", httpx.Read(s.My))
	rs.Get("/api/gb/my/requests", httpx.SignedIn, "查看本人变更申请", httpx.Read(s.MyRequests))
	rs.Post("/api/gb/my/requests", httpx.SignedIn, "申请变更干部信息", httpx.Create(s.Propose))
	rs.Delete("/api/gb/my/requests", httpx.SignedIn, "撤回变更申请", httpx.IDsAction(s.Withdraw))
	rs.Get("/api/gbjbxx/requests", Perms.Edit, "查询变更申请", httpx.ReadList(s.Requests))
	rs.Post("/api/gbjbxx/requests/{id}/accept", Perms.Edit, "通过变更申请", httpx.ActionOn(errNoRequest, s.Accept))
	rs.Post("/api/gbjbxx/requests/{id}/reject", Perms.Edit, "驳回变更申请", httpx.ChangeOn(errNoRequest, s.Reject))
	// The picker of forms that name a cadre: any signed-in user, within their cadre scope.
	rs.Get("/api/common/gbjbxx", httpx.SignedIn, "选择干部", httpx.ReadPicker(s.Picker))
}

// trailModules are the trail modules of a cadre's entries: the cadre and
// its information types, and its managed departments.
var trailModules = []int{TrailModule, TrailManagedDepts}

// Trail is GET /api/gbjbxx/{id}/trail: the cadre's entries of both its
// trail modules (the record, its rows, its managed departments), newest
// first; a cadre outside the caller's scope is a 404.
func (s *Service) Trail(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	if _, err := s.findScoped(ctx, s.db, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return audit.PageIn(ctx, s.db, trailModules, id, lq.Page, l.Label)
}

// Restore puts back what a trail entry of a cadre recorded: the cadre's
// basic information, or one row of a sub-table or of its managed
// departments (a removed row comes back as a new row), checked like an
// edit (ORIGIN USER_RESTORE). An entry of a cadre outside the caller's
// scope does not exist for them.
func (s *Service) Restore(ctx context.Context, in record.RestoreInput) (any, error) {
	if in.TrailID <= 0 {
		return nil, httpx.BadRequest("请选择要还原的变动记录")
	}
	var e *audit.Entry
	var err error
	for _, m := range trailModules {
		if e, err = audit.Get(ctx, s.db, m, in.TrailID); !errors.Is(err, sql.ErrNoRows) {
			break
		}
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, audit.ErrNoEntry()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	var probe subSnapshot
	if err := json.Unmarshal(e.Snapshot, &probe); err != nil {
		return nil, httpx.Internal(err)
	}
	if probe.SubTable == "" {
		return s.cadres.Restore(ctx, in)
	}
	if _, err := s.findScoped(ctx, s.db, e.RecordID); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusNotFound {
			return nil, audit.ErrNoEntry()
		}
		return nil, err
	}
	sub, ok := s.subs[probe.SubTable]
	if e.Module == TrailManagedDepts {
		sub, ok = s.managed, probe.SubTable == s.managed.path
	}
	if !ok {
		return nil, audit.ErrNoEntry()
	}
	return sub.restore(ctx, e.RecordID, probe.Row, e.ID)
}

// PickerItem is one cadre of the cadre picker (GET /api/common/gbjbxx).
type PickerItem struct {
	ID       int64  `bun:"id" json:"id"`
	Name     string `bun:"name" json:"name"`
	UnitID   int64  `bun:"unit_id" json:"unitId"`
	UnitName string `bun:"unit_name" json:"unitName"`
}

// Picker is the caller's cadres, searchable by name, optionally of a unit
// (and those below it) or a status.
func (s *Service) Picker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PickerItem], error) {
	spec := httpx.ListSpec{Filters: map[string]httpx.Filter{
		"blurry": byName,
		"name":   byName,
		"unitId": unitSubtree("g.unit_id"),
		"status": {Columns: []string{"g.status"}, Match: httpx.In},
	}, Sorts: map[string]string{"name": zh.Name("g.name")}, DefaultSort: "d.sort, g.sort, g.id", Key: "g.id"}
	return (&resource.Picker[PickerItem]{DB: s.db, From: "gb_jbxx AS g", Joins: []string{"JOIN sys_dept AS d ON d.id = g.unit_id"},
		Columns: []string{"g.id, g.name, g.unit_id, d.name AS unit_name"}, Scope: s.Scoped("g.unit_id"), Spec: spec}).Page(ctx, lq)
}
