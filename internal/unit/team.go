package unit

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"zhdj/internal/platform/uniq"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

const maxTeamName = 100

// Teams lists the leadership teams of a unit of the caller's scope, in order.
func (s *Service) Teams(ctx context.Context, unitID int64) ([]Team, error) {
	if _, err := s.find(ctx, s.db, unitID); err != nil {
		return nil, err
	}
	teams := []Team{}
	if err := s.db.NewSelect().Model(&teams).Where("t.dept_id = ?", unitID).OrderExpr("t.sort ASC, t.id ASC").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	for i := range teams {
		teams[i].KindLabel = l.Label(DictTeamKind, teams[i].Kind)
	}
	return teams, nil
}

// checkTeam checks a team's body; was is the kind the team had ("" for a
// new one: a disabled kind is kept, never newly chosen).
func (s *Service) checkTeam(ctx context.Context, in *TeamInput, was string) error {
	in.Name, in.Kind = strings.TrimSpace(in.Name), strings.TrimSpace(in.Kind)
	if err := httpx.AllInvalid(record.Required("name", "领导班子名称", in.Name, maxTeamName),
		record.Chosen("kind", "领导班子类别", in.Kind != "")); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	return record.DictValue("kind", "领导班子类别", DictTeamKind, in.Kind, was, l)
}

func teamErr(err error) error {
	if db.IsUniqueViolation(err) {
		return &httpx.Error{Status: http.StatusConflict, Message: "该单位已有同名的领导班子", Cause: err}
	}
	return mapErr(err)
}

// CreateTeam adds a leadership team to a unit of the caller's scope.
func (s *Service) CreateTeam(ctx context.Context, unitID int64, in TeamInput) (Team, error) {
	if _, err := s.find(ctx, s.db, unitID); err != nil {
		return Team{}, err
	}
	if err := s.checkTeam(ctx, &in, ""); err != nil {
		return Team{}, err
	}
	now := s.now()
	t := Team{DeptID: unitID, Name: in.Name, Kind: in.Kind, Sort: in.Sort, CreatedAt: now, UpdatedAt: now}
	if _, err := s.db.NewInsert().Model(&t).Returning("id").Exec(ctx); err != nil {
		return Team{}, teamErr(err)
	}
	return t, nil
}

// UpdateTeam changes a leadership team of a unit of the caller's scope.
func (s *Service) UpdateTeam(ctx context.Context, unitID int64, in TeamInput) error {
	if in.ID <= 0 {
		return httpx.Invalid("id", "缺少领导班子编号")
	}
	if _, err := s.find(ctx, s.db, unitID); err != nil {
		return err
	}
	var was string
	if err := s.db.NewSelect().Model((*Team)(nil)).Column("kind").Where("id = ?", in.ID).Where("dept_id = ?", unitID).
		Scan(ctx, &was); errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound("领导班子不存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	if err := s.checkTeam(ctx, &in, was); err != nil {
		return err
	}
	res, err := s.db.NewUpdate().Model((*Team)(nil)).Set("name = ?", in.Name).Set("kind = ?", in.Kind).
		Set("sort = ?", in.Sort).Set("updated_at = ?", s.now()).Where("id = ?", in.ID).Where("dept_id = ?", unitID).Exec(ctx)
	if err != nil {
		return teamErr(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.NotFound("领导班子不存在")
	}
	return nil
}

// DeleteTeams removes leadership teams of a unit of the caller's scope.
func (s *Service) DeleteTeams(ctx context.Context, unitID int64, ids []int64) error {
	if _, err := s.find(ctx, s.db, unitID); err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*Team)(nil)).Where("id IN (?)", bun.In(ids)).Where("dept_id = ?", unitID).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); int(n) != len(uniq.Of(ids)) {
			return httpx.NotFound("领导班子不存在") // rolls back: all or nothing
		}
		return nil
	})
}

// TeamPickerItem is one row of the leadership-team picker.
type TeamPickerItem struct {
	ID        int64  `bun:"id" json:"id"`
	Name      string `bun:"name" json:"name"`
	Kind      string `bun:"kind" json:"kind"`
	KindLabel string `bun:"-" json:"kindLabel"`
	Ref
}

var teamPickerSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"t.name", "d.name"}, Match: httpx.Like},
		"name":   {Columns: []string{"t.name"}, Match: httpx.Like},
		"unitId": {Columns: []string{"t.dept_id"}, Kind: httpx.Int},
		"kind":   {Columns: []string{"t.kind"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"name": zh.Name("t.name"), "unitName": zh.Name("d.name")},
	DefaultSort: "d.sort ASC, t.dept_id ASC, t.sort ASC, t.id ASC",
	Key:         "t.id",
}

// TeamPicker is GET /api/common/ldbzxx: a searchable page of the leadership
// teams of the caller's units.
func (s *Service) TeamPicker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[TeamPickerItem], error) {
	return (&resource.Picker[TeamPickerItem]{DB: s.db, From: "dw_ldbz AS t", Joins: []string{"JOIN sys_dept AS d ON d.id = t.dept_id"},
		Columns: []string{"t.id, t.name, t.kind, t.dept_id AS unit_id, d.name AS unit_name"},
		Scope:   s.scoped("t.dept_id"), Spec: teamPickerSpec,
		Finish: labelling(s, func(l system.DictLabels, it *TeamPickerItem) { it.KindLabel = l.Label(DictTeamKind, it.Kind) })}).Page(ctx, lq)
}
