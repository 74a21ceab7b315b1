package system

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/uniq"
)

// DeptInput is the body of create and update.
type DeptInput struct {
	ID      int64  `json:"id"`
	PID     *int64 `json:"pid"`
	Name    string `json:"name"`
	Sort    int    `json:"sort"`
	Enabled *bool  `json:"enabled"`
}

func (s *Service) deptRoutes(rs *httpx.Routes) {
	rs.Get("/api/dept", "dept:list", "查询", func(w http.ResponseWriter, r *http.Request) error {
		list, err := s.ListDepts(r.Context(), r.URL.Query().Get("name"), r.URL.Query().Get("enabled"), true)
		if err != nil {
			return err
		}
		return httpx.OK(w, httpx.NewPage(list, len(list)))
	})
	rs.Get("/api/dept/ByNoAuth", httpx.SignedIn, "选择部门", func(w http.ResponseWriter, r *http.Request) error {
		list, err := s.ListDepts(r.Context(), r.URL.Query().Get("name"), "true", false)
		if err != nil {
			return err
		}
		return httpx.OK(w, httpx.NewPage(list, len(list)))
	})
	rs.Post("/api/dept", "dept:add", "新增", func(w http.ResponseWriter, r *http.Request) error {
		var in DeptInput
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		in.ID = 0
		d, err := s.SaveDept(r.Context(), in)
		if err != nil {
			return err
		}
		return httpx.Created(w, d)
	})
	rs.Put("/api/dept", "dept:edit", "修改", func(w http.ResponseWriter, r *http.Request) error {
		var in DeptInput
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		if in.ID == 0 {
			return httpx.Invalid("id", "缺少部门编号")
		}
		if _, err := s.SaveDept(r.Context(), in); err != nil {
			return err
		}
		return httpx.NoContent(w)
	})
	rs.Delete("/api/dept", "dept:del", "删除", httpx.IDsAction(s.DeleteDepts))
}

// ListDepts returns the department tree (scoped unless scoped=false), or, with
// a name filter, the flat list of matches.
func (s *Service) ListDepts(ctx context.Context, name, enabled string, scoped bool) ([]*Dept, error) {
	q := s.db.NewSelect().Model((*Dept)(nil)).OrderExpr("d.sort, d.id")
	if scoped {
		scope, err := s.DeptScopeOf(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if !scope.All {
			if len(scope.DeptIDs) == 0 {
				return []*Dept{}, nil
			}
			q = q.Where("d.id IN (?)", bun.In(scope.DeptIDs))
		}
	}
	switch enabled {
	case "true":
		q = q.Where("d.enabled = ?", true)
	case "false":
		q = q.Where("d.enabled = ?", false)
	case "":
	default:
		return nil, httpx.BadRequest("查询条件 enabled 应为是或否")
	}
	name = strings.TrimSpace(name)
	if name != "" {
		cond, args := search.Match(db.IsPostgres(s.db), name, []string{"d.name"}, search.On{Index: DeptSearch, Alias: "d"})
		q = q.Where(cond, args...)
	}
	var list []*Dept
	if err := q.Scan(ctx, &list); err != nil {
		return nil, httpx.Internal(err)
	}
	if name != "" {
		return list, nil
	}
	return deptTree(list), nil
}

// deptTree nests departments; a node whose parent is not in the list (out of
// scope) becomes a root.
func deptTree(list []*Dept) []*Dept {
	byID := make(map[int64]*Dept, len(list))
	for _, d := range list {
		byID[d.ID] = d
	}
	roots := []*Dept{}
	for _, d := range list {
		if d.PID != nil {
			if p, ok := byID[*d.PID]; ok {
				p.Children = append(p.Children, d)
				continue
			}
		}
		roots = append(roots, d)
	}
	return roots
}

// SaveDept validates and inserts (ID 0) or updates a department.
func (s *Service) SaveDept(ctx context.Context, in DeptInput) (*Dept, error) {
	in.Name = strings.TrimSpace(in.Name)
	if err := record.Required("name", "部门名称", in.Name, 50); err != nil {
		return nil, err
	}
	scope, err := s.DeptScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if in.PID == nil && !scope.All {
		return nil, httpx.Invalid("pid", "请选择上级部门")
	}
	if in.PID != nil {
		if !scope.hasDept(in.PID) {
			return nil, httpx.Invalid("pid", "上级部门不存在")
		}
		n, err := s.db.NewSelect().Model((*Dept)(nil)).Where("id = ?", *in.PID).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n == 0 {
			return nil, httpx.Invalid("pid", "上级部门不存在")
		}
	}
	if in.ID != 0 {
		if !scope.hasDept(&in.ID) {
			return nil, httpx.NotFound("部门不存在")
		}
		if in.PID != nil {
			below, err := s.deptSubtree(ctx, []int64{in.ID})
			if err != nil {
				return nil, httpx.Internal(err)
			}
			for _, id := range below {
				if id == *in.PID {
					return nil, httpx.Invalid("pid", "不能把部门移到它自己或它的下级之下")
				}
			}
		}
	}
	dup := s.db.NewSelect().Model((*Dept)(nil)).Where("name = ?", in.Name).Where("id <> ?", in.ID)
	if in.PID == nil {
		dup = dup.Where("pid IS NULL")
	} else {
		dup = dup.Where("pid = ?", *in.PID)
	}
	if n, err := dup.Count(ctx); err != nil {
		return nil, httpx.Internal(err)
	} else if n > 0 {
		return nil, httpx.Conflict("同一上级部门下已有名为“%s”的部门", in.Name)
	}
	now := s.now()
	d := &Dept{ID: in.ID, PID: in.PID, Name: in.Name, Sort: in.Sort, Enabled: in.Enabled == nil || *in.Enabled, Stamps: db.StampsAt(now)}
	if in.ID == 0 {
		if _, err := s.db.NewInsert().Model(d).Returning("id").Exec(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		return d, nil
	}
	// The update and what the unit information base records of it, together.
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var before Dept
		if err := tx.NewSelect().Model(&before).Where("id = ?", in.ID).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return httpx.NotFound("部门不存在")
		} else if err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model(d).Column("pid", "name", "sort", "enabled", "updated_at").WherePK().Exec(ctx); err != nil {
			return err
		}
		d.CreatedAt = before.CreatedAt
		return s.bus.Publish(ctx, tx, DeptChanged{Before: &before, After: d})
	})
	if err != nil {
		return nil, httpx.AsError(err)
	}
	return d, nil
}

// DeleteDepts removes empty departments (no sub-departments, no users).
func (s *Service) DeleteDepts(ctx context.Context, ids []int64) error {
	scope, err := s.DeptScopeOf(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	for _, id := range uniq.Of(ids) {
		id := id
		if !scope.hasDept(&id) {
			return httpx.NotFound("部门不存在")
		}
		var d Dept
		if err := s.db.NewSelect().Model(&d).Where("id = ?", id).Scan(ctx); err != nil {
			return httpx.NotFound("部门不存在")
		}
		if n, err := s.db.NewSelect().Model((*Dept)(nil)).Where("pid = ?", id).Count(ctx); err != nil {
			return httpx.Internal(err)
		} else if n > 0 {
			return httpx.BadRequest("请先删除“%s”的下级部门", d.Name)
		}
		if n, err := s.db.NewSelect().Model((*User)(nil)).Where("dept_id = ?", id).Count(ctx); err != nil {
			return httpx.Internal(err)
		} else if n > 0 {
			return httpx.BadRequest("“%s”下还有 %d 个用户，不能删除", d.Name, n)
		}
	}
	// The subscribers' checks and the delete in one transaction: a unit
	// described between the check and the delete cannot slip through.
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.bus.Publish(ctx, tx, DeptDeleting{IDs: uniq.Of(ids)}); err != nil {
			return err
		}
		_, err := tx.NewDelete().Model((*Dept)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return err
	})
	var he *httpx.Error
	if !errors.As(err, &he) && db.IsForeignKeyViolation(err) {
		return httpx.BadRequest("部门仍被其他数据引用，不能删除")
	}
	return httpx.AsError(err)
}

// Writes of sys_dept for the unit information base, which describes
// departments as units: only the system domain writes its table. They run
// in the caller's transaction and publish nothing (the caller records its
// own trail of the unit).

// InsertDept adds an enabled department in tx and returns it with its id.
func (s *Service) InsertDept(ctx context.Context, tx bun.Tx, pid *int64, name string, sort int, now time.Time) (*Dept, error) {
	d := &Dept{PID: pid, Name: name, Sort: sort, Enabled: true, Stamps: db.StampsAt(now)}
	if _, err := tx.NewInsert().Model(d).Returning("id").Exec(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

// MoveDept sets a department's parent, name and sort in tx if it was last
// updated at was (the caller's optimistic lock); the result tells how many
// rows changed (0: changed by someone else, or gone).
func (s *Service) MoveDept(ctx context.Context, tx bun.Tx, id int64, pid *int64, name string, sort int, was, now time.Time) (sql.Result, error) {
	return tx.NewUpdate().Model((*Dept)(nil)).Set("pid = ?", pid).Set("name = ?", name).Set("sort = ?", sort).
		Set("updated_at = ?", now).Where("id = ?", id).Where("updated_at = ?", was).Exec(ctx)
}

// EnableDept sets a department's enabled flag in tx (a unit revoked or reinstated).
func (s *Service) EnableDept(ctx context.Context, tx bun.Tx, id int64, enabled bool) error {
	_, err := tx.NewUpdate().Model((*Dept)(nil)).Set("enabled = ?", enabled).Where("id = ?", id).Exec(ctx)
	return err
}

// DeptNameJoin joins the name of the department (a unit) whose id is in
// column onto a select, as unit_name (the join's alias is sd): what a list
// of another module's records kept per unit shows and sorts by
// (DeptNameColumn), without naming sys_dept itself.
func DeptNameJoin(column string) func(q *bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("sd.name AS unit_name").Join("JOIN sys_dept AS sd ON sd.id = " + column)
	}
}

// DeptNameColumn is the department's name in a select DeptNameJoin extended.
const DeptNameColumn = "sd.name"
