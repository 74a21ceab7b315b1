package develop

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/people"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/unit"
)

// PersonPick is a person of the create form's picker: the registry's
// picker item, with the record the person already has (a live
// development cannot be started twice).
type PersonPick struct {
	people.PersonItem
	LiveRecordID int64  `json:"liveRecordId,omitempty"`
	LiveStage    string `json:"liveStage,omitempty"`
}

// PickPerson is GET /api/fzdy/people?kind=student|teacher&blurry=…: the
// registry's student or teacher picker (the caller's unit scope, in school
// or in post unless status says otherwise), each person marked with the
// live development record they have.
func (s *Service) PickPerson(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PersonPick], error) {
	kind, _ := lq.Filters["kind"].(string)
	filters := make(map[string]any, len(lq.Filters))
	for k, v := range lq.Filters {
		if k != "kind" {
			filters[k] = v
		}
	}
	lq.Filters = filters
	var page httpx.PageResult[people.PersonItem]
	var err error
	switch kind {
	case PersonStudent:
		page, err = s.persons.StudentPicker(ctx, lq)
	case PersonTeacher:
		page, err = s.persons.TeacherPicker(ctx, lq)
	default:
		return httpx.PageResult[PersonPick]{}, httpx.Invalid("kind", "请选择人员类别（student 学生或 teacher 教师）")
	}
	if err != nil {
		return httpx.PageResult[PersonPick]{}, err
	}
	out := make([]PersonPick, len(page.Content))
	ids := make([]int64, len(page.Content))
	for i, it := range page.Content {
		out[i], ids[i] = PersonPick{PersonItem: it}, it.ID
	}
	if len(ids) > 0 {
		var live []Record
		if err := s.db.NewSelect().Model(&live).Column("r.id", "r.person_id", "r.stage").Where("r.person_kind = ?", kind).
			Where("r.person_id IN (?)", bun.In(ids)).Where("r.stage <> ?", StageEnded).Scan(ctx); err != nil {
			return httpx.PageResult[PersonPick]{}, httpx.Internal(err)
		}
		for _, r := range live {
			for i := range out {
				if out[i].ID == r.PersonID {
					out[i].LiveRecordID, out[i].LiveStage = r.ID, r.Stage
				}
			}
		}
	}
	return httpx.NewPage(out, page.TotalElements), nil
}

// registryPerson is what a record copies of a person of the registry.
type registryPerson struct {
	ID        int64     `bun:"id"`
	Number    string    `bun:"number"`
	Name      string    `bun:"name"`
	Gender    string    `bun:"gender"`
	BirthDate date.Date `bun:"birth_date"`
}

// registryPerson reads student or teacher id of the caller's unit scope
// (the people the pickers offer them): 404 when there is none.
func (s *Service) registryPerson(ctx context.Context, idb bun.IDB, kind string, id int64) (*registryPerson, error) {
	table, number := "xsjbxx", "student_no"
	if kind == PersonTeacher {
		table, number = "jsjbxx", "staff_no"
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().TableExpr(table+" AS x").ColumnExpr("x.id, x.name, x.gender, x.birth_date").
		ColumnExpr("? AS number", bun.Ident("x."+number)).Where("x.id = ?", id)
	// The unit scope is derived from the organisation scope (unit.ScopeOf).
	q = unit.Scope{All: sc.All, OrgIDs: sc.OrgIDs}.Apply(q, "x.unit_dept_id")
	p := new(registryPerson)
	if err := q.Scan(ctx, p); errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("人员不存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return p, nil
}
