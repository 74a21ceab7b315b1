package people

import (
	"context"
	"net/http"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/uniq"
)

// Coverage (覆盖范围) is what of the people registry a branch's secretary
// sees: the classes (their students: a student branch) and units (their
// teachers and staff: a teacher or staff branch) the branch covers, chosen among its college's — the unit of the committee
// above the branch (the branch's own for a 直属党支部 or a branch right
// under the university committee) and every unit below it. Only a caller
// whose organisation scope holds the branch's parent (the committee above,
// 组织部) sets it, with the permission to edit party organisations: a
// secretary cannot widen their own view. Tables ry_cover_class and
// ry_cover_unit; scope.go applies them.

// maxCovered bounds each list of one branch's coverage.
const maxCovered = 500

// CoverageItem is a class or unit of a branch's coverage.
type CoverageItem struct {
	ID       int64  `bun:"id" json:"id"`
	Name     string `bun:"name" json:"name"`
	Code     string `bun:"code" json:"code"`
	Grade    string `bun:"grade" json:"grade"`
	UnitName string `bun:"unit_name" json:"unitName"`
}

// Coverage is a branch's coverage (GET /api/ry/coverage/{dzzId}).
type Coverage struct {
	DzzID       int64          `json:"dzzId"`
	DzzName     string         `json:"dzzName"`
	CollegeID   int64          `json:"collegeId"` // the unit whose subtree the entries are chosen from
	CollegeName string         `json:"collegeName"`
	Editable    bool           `json:"editable"` // the caller may change it
	Classes     []CoverageItem `json:"classes"`
	Units       []CoverageItem `json:"units"`
}

// CoverageInput is the body of PUT /api/ry/coverage: the whole coverage.
type CoverageInput struct {
	DzzID    int64   `json:"dzzId"`
	ClassIDs []int64 `json:"classIds"`
	UnitIDs  []int64 `json:"unitIds"`
}

// MyCoverage tells the people lists whether the caller sees by coverage
// and which of their branches have none (GET /api/ry/coverage/mine).
type MyCoverage struct {
	Branch    bool     `json:"branch"`    // the caller is branch-level: coverage decides
	Uncovered []string `json:"uncovered"` // names of the caller's branches without coverage
}

func errNoBranch() *httpx.Error { return httpx.NotFound("党组织不存在") }

// coverageRoutes registers the coverage endpoints.
func (s *Service) coverageRoutes(rs *httpx.Routes) {
	rs = rs.In("覆盖范围")
	rs.Get("/api/ry/coverage/mine", PermList, "查看本支部覆盖范围", httpx.Read(s.MyCoverage))
	rs.Get("/api/ry/coverage/{id}", org.PermList, "查看覆盖范围", httpx.ReadID(errNoBranch, func(r *http.Request, id int64) (*Coverage, error) {
		return s.CoverageOf(r.Context(), id)
	}))
	rs.Put("/api/ry/coverage", org.PermEdit, "设置覆盖范围", httpx.Update(s.SetCoverage))
	rs.Get("/api/ry/coverage/{id}/classes", org.PermEdit, "选择覆盖班级", func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoBranch())
		if err != nil {
			return err
		}
		lq, err := httpx.ReadPickerQuery(r)
		if err != nil {
			return err
		}
		page, err := s.CoverableClasses(r.Context(), id, lq)
		if err != nil {
			return err
		}
		return httpx.OK(w, page)
	})
	rs.Get("/api/ry/coverage/{id}/units", org.PermEdit, "选择覆盖单位", httpx.ReadID(errNoBranch, func(r *http.Request, id int64) ([]CoverageItem, error) {
		return s.CoverableUnits(r.Context(), id)
	}))
}

// coverageBranch is a branch whose coverage a caller reads or edits, with
// its college.
type coverageBranch struct {
	org         *org.Org
	collegeID   int64
	collegeName string
	college     []int64 // the college unit and every unit below it
	editable    bool
}

// branchOf reads branch id for the caller: missing or outside their scope
// → 404; not a branch → 400; edit: the caller's scope must hold the
// branch's parent (403 otherwise).
func (s *Service) branchOf(ctx context.Context, id int64, edit bool) (*coverageBranch, error) {
	o, err := s.orgs.Brief(ctx, id)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if o == nil {
		return nil, errNoBranch()
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	if !sc.Has(id) {
		return nil, errNoBranch()
	}
	if !org.IsBranch(o.Type) {
		return nil, httpx.BadRequest("只有党支部可以设置覆盖范围")
	}
	b := &coverageBranch{org: o, editable: sc.All || (o.PID != nil && sc.Has(*o.PID))}
	if edit && !b.editable {
		return nil, httpx.Forbidden("本支部的覆盖范围由上级党委或组织部设置，不能自行修改")
	}
	if b.collegeID, err = s.collegeOf(ctx, o); err != nil {
		return nil, httpx.Internal(err)
	}
	if b.collegeID == 0 {
		return nil, httpx.BadRequest("“%s”及其上级党组织都未关联单位，无法设置覆盖范围：请先在党组织信息中填写所在单位", o.Name)
	}
	if b.college, err = s.units.SubtreeIDs(ctx, b.collegeID); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := s.db.NewSelect().Table("sys_dept").Column("name").Where("id = ?", b.collegeID).Scan(ctx, &b.collegeName); err != nil {
		return nil, httpx.Internal(err)
	}
	return b, nil
}

// collegeOf is the unit a branch's coverage is chosen in: the unit of the
// committee or general branch above it, else the branch's own (a 直属党支部,
// a branch under the university committee, a parent without a unit).
func (s *Service) collegeOf(ctx context.Context, o *org.Org) (int64, error) {
	if o.Type == org.TypeBranch && o.PID != nil {
		parent, err := s.orgs.Brief(ctx, *o.PID)
		if err != nil {
			return 0, err
		}
		if parent != nil && parent.Type != org.TypeCommittee {
			id, err := s.units.OrgUnit(ctx, parent.ID)
			if err != nil || id != 0 {
				return id, err
			}
		}
	}
	return s.units.OrgUnit(ctx, o.ID)
}

// CoverageOf reads branch id's coverage (a branch of the caller's scope).
func (s *Service) CoverageOf(ctx context.Context, id int64) (*Coverage, error) {
	b, err := s.branchOf(ctx, id, false)
	if err != nil {
		return nil, err
	}
	out := &Coverage{DzzID: id, DzzName: b.org.Name, CollegeID: b.collegeID, CollegeName: b.collegeName, Editable: b.editable,
		Classes: []CoverageItem{}, Units: []CoverageItem{}}
	if err := s.db.NewSelect().TableExpr("ry_cover_class AS cc").ColumnExpr("c.id, c.name, c.code, c.grade, d.name AS unit_name").
		Join("JOIN bj AS c ON c.id = cc.class_id").Join("JOIN sys_dept AS d ON d.id = c.unit_dept_id").
		Where("cc.dzz_id = ?", id).OrderExpr("c.grade DESC, c.code, c.id").Scan(ctx, &out.Classes); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := s.db.NewSelect().TableExpr("ry_cover_unit AS cu").ColumnExpr("d.id, d.name, COALESCE(i.code, '') AS code").
		Join("JOIN sys_dept AS d ON d.id = cu.unit_dept_id").Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").
		Where("cu.dzz_id = ?", id).OrderExpr("d.sort, d.id").Scan(ctx, &out.Units); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// SetCoverage replaces a branch's coverage: every class and unit must lie
// in the branch's college (a Chinese message on classIds or unitIds
// otherwise, nothing changed); one transaction.
func (s *Service) SetCoverage(ctx context.Context, in CoverageInput) error {
	b, err := s.branchOf(ctx, in.DzzID, true)
	if err != nil {
		return err
	}
	classIDs, unitIDs := uniq.Of(in.ClassIDs), uniq.Of(in.UnitIDs)
	var c httpx.Checks
	if len(classIDs) > maxCovered {
		c.Add(httpx.Invalid("classIds", "最多选择%d个班级", maxCovered))
	} else if len(classIDs) > 0 {
		c.Add(s.checkCovered(ctx, b, "classIds", "班级", "bj", "c.unit_dept_id", classIDs))
	}
	if len(unitIDs) > maxCovered {
		c.Add(httpx.Invalid("unitIds", "最多选择%d个单位", maxCovered))
	} else if len(unitIDs) > 0 {
		c.Add(s.checkCovered(ctx, b, "unitIds", "单位", "sys_dept", "c.id", unitIDs))
	}
	if err := c.Err(); err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, table := range []string{"ry_cover_class", "ry_cover_unit"} {
			if _, err := tx.NewDelete().Table(table).Where("dzz_id = ?", in.DzzID).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		for _, id := range classIDs {
			if _, err := tx.ExecContext(ctx, "INSERT INTO ry_cover_class (dzz_id, class_id) VALUES (?, ?)", in.DzzID, id); err != nil {
				return httpx.Internal(err)
			}
		}
		for _, id := range unitIDs {
			if _, err := tx.ExecContext(ctx, "INSERT INTO ry_cover_unit (dzz_id, unit_dept_id) VALUES (?, ?)", in.DzzID, id); err != nil {
				return httpx.Internal(err)
			}
		}
		return nil
	})
}

// checkCovered checks that the classes or units ids (table as c; unitCol
// their unit) exist and lie in the branch's college.
func (s *Service) checkCovered(ctx context.Context, b *coverageBranch, field, what, table, unitCol string, ids []int64) error {
	var rows []struct {
		ID     int64  `bun:"id"`
		Name   string `bun:"name"`
		UnitID int64  `bun:"unit_id"`
	}
	if err := s.db.NewSelect().TableExpr(table+" AS c").ColumnExpr("c.id, c.name, "+unitCol+" AS unit_id").
		Where("c.id IN (?)", bun.In(ids)).OrderExpr("c.id").Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) != len(ids) {
		return httpx.Invalid(field, "所选%s不存在", what)
	}
	for _, r := range rows {
		if !slices.Contains(b.college, r.UnitID) {
			return httpx.Invalid(field, "%s“%s”不属于%s，不能作为“%s”的覆盖范围", what, r.Name, b.collegeName, b.org.Name)
		}
	}
	return nil
}

// CoverableClasses pages the classes a branch may cover (its college's),
// searchable like the class picker (blurry, name, unitId, grade).
func (s *Service) CoverableClasses(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[ClassItem], error) {
	b, err := s.branchOf(ctx, id, true)
	if err != nil {
		return httpx.PageResult[ClassItem]{}, err
	}
	return (&resource.Picker[ClassItem]{DB: s.db, From: "bj AS c", Joins: []string{"JOIN sys_dept AS d ON d.id = c.unit_dept_id"},
		Columns: []string{"c.id, c.code, c.name, c.grade, c.major, c.unit_dept_id AS unit_id, d.name AS unit_name"},
		Scope: func(context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
			return func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("c.unit_dept_id IN (?)", bun.In(b.college)) }, nil
		}, Spec: classPickerSpec}).Page(ctx, lq)
}

// CoverableUnits lists the units a branch may cover: its college and the
// units below it (a college has few; the tree's order).
func (s *Service) CoverableUnits(ctx context.Context, id int64) ([]CoverageItem, error) {
	b, err := s.branchOf(ctx, id, true)
	if err != nil {
		return nil, err
	}
	out := []CoverageItem{}
	if err := s.db.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.id, d.name, COALESCE(i.code, '') AS code").
		Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").Where("d.id IN (?)", bun.In(b.college)).
		OrderExpr("d.sort, d.id").Limit(maxCovered).Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// MyCoverage tells whether the caller sees the registry by coverage, and
// names their branches that have none (the lists explain their emptiness).
func (s *Service) MyCoverage(ctx context.Context) (MyCoverage, error) {
	out := MyCoverage{Uncovered: []string{}}
	branches, ok, err := s.orgs.BranchScope(ctx)
	if err != nil || !ok {
		return out, httpx.AsError(err)
	}
	covered, err := s.coveredAmong(ctx, branches)
	if err != nil {
		return out, httpx.Internal(err)
	}
	out.Branch = true
	var bare []int64
	for _, b := range branches {
		if !slices.Contains(covered, b) {
			bare = append(bare, b)
		}
	}
	names, err := s.orgs.Names(ctx, bare)
	if err != nil {
		return out, httpx.Internal(err)
	}
	for _, b := range bare {
		out.Uncovered = append(out.Uncovered, names[b])
	}
	return out, nil
}
