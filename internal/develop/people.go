package develop

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
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
	// MemberStatus is set for a party member (matched by the ID number in
	// the member base): "正式党员", "预备党员（停止党籍）" …; a member cannot
	// apply (RULES.md §2), so the picker disables them.
	MemberStatus string `json:"memberStatus,omitempty"`
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
	live, members, err := s.standingOf(ctx, s.db, kind, ids)
	if err != nil {
		return httpx.PageResult[PersonPick]{}, err
	}
	for i := range out {
		if r, ok := live[out[i].ID]; ok {
			out[i].LiveRecordID, out[i].LiveStage = r.ID, r.Stage
		}
		if m, ok := members[out[i].ID]; ok {
			out[i].MemberStatus = m.Label
		}
	}
	return httpx.NewPage(out, page.TotalElements), nil
}

// registryTable is the registry table of a person kind and its number column.
func registryTable(kind string) (table, number string) {
	if kind == PersonTeacher {
		return "jsjbxx", "staff_no"
	}
	return "xsjbxx", "student_no"
}

// membershipsOf are the party memberships (member.InParty) of the
// registry's people ids of kind, by person id: matched by the blind index
// of their ID numbers through the member domain, which keys both the same.
func (s *Service) membershipsOf(ctx context.Context, idb bun.IDB, kind string, ids []int64) (map[int64]member.Membership, error) {
	table, _ := registryTable(kind)
	var rows []struct {
		ID  int64  `bun:"id"`
		Idx string `bun:"id_number_idx"`
	}
	if err := idb.NewSelect().TableExpr(table+" AS x").Column("x.id", "x.id_number_idx").Where("x.id IN (?)", bun.List(ids)).
		Where("x.id_number_idx <> ''").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	idxs := make([]string, len(rows))
	for i, r := range rows {
		idxs[i] = r.Idx
	}
	byIdx, err := s.members.MembershipsByIndex(ctx, idb, idxs)
	if err != nil {
		return nil, err
	}
	out := map[int64]member.Membership{}
	for _, r := range rows {
		if m, ok := byIdx[r.Idx]; ok && m.InParty() {
			out[r.ID] = m
		}
	}
	return out, nil
}

// ruleNotMember names the rule that a party member cannot apply (RULES.md §2).
const ruleNotMember = "入党申请人不能是党员"

// errIsMember is the refusal of a person who is a party member: their
// membership as the member base has it, naming no one else (the member
// record may lie outside the caller's scope).
func errIsMember(name string, m member.Membership) *httpx.Error {
	return ruleError(ruleNotMember, "personId", fmt.Sprintf("%s在党员信息库中已是%s，党员不能递交入党申请（出党的除外）；如信息有误，请联系组织部核对", name, m.Label))
}

// registryPerson is what a record copies of a person of the registry.
type registryPerson struct {
	ID        int64     `bun:"id"`
	Number    string    `bun:"number"`
	Name      string    `bun:"name"`
	Gender    string    `bun:"gender"`
	BirthDate date.Date `bun:"birth_date"`
}

// standingOf is what keeps the registry's people ids of kind from a new
// record, by person id: the live record each has and their party membership
// (membershipsOf).
func (s *Service) standingOf(ctx context.Context, idb bun.IDB, kind string, ids []int64) (map[int64]Record, map[int64]member.Membership, error) {
	live := map[int64]Record{}
	if len(ids) == 0 {
		return live, nil, nil
	}
	var list []Record
	if err := idb.NewSelect().Model(&list).Column("r.id", "r.person_id", "r.stage", "r.applied_on", "r.name").Where("r.person_kind = ?", kind).
		Where("r.person_id IN (?)", bun.List(ids)).Where("r.stage <> ?", StageEnded).Scan(ctx); err != nil {
		return nil, nil, httpx.Internal(err)
	}
	for _, r := range list {
		live[r.PersonID] = r
	}
	members, err := s.membershipsOf(ctx, idb, kind, ids)
	return live, members, err
}

// registryQuery selects the students or teachers of the caller's unit
// scope (the people the pickers offer them) as registryPerson, and names
// their number column.
func (s *Service) registryQuery(ctx context.Context, idb bun.IDB, kind string) (*bun.SelectQuery, string, error) {
	table, number := registryTable(kind)
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, "", err
	}
	q := idb.NewSelect().TableExpr(table+" AS x").ColumnExpr("x.id, x.name, x.gender, x.birth_date").
		ColumnExpr("? AS number", bun.Ident("x."+number))
	// The unit scope is derived from the organisation scope (unit.ScopeOf).
	return unit.Scope{All: sc.All, OrgIDs: sc.OrgIDs}.Apply(q, "x.unit_dept_id"), number, nil
}

// registryPerson reads student or teacher id of the caller's unit scope:
// 404 when there is none.
func (s *Service) registryPerson(ctx context.Context, idb bun.IDB, kind string, id int64) (*registryPerson, error) {
	q, _, err := s.registryQuery(ctx, idb, kind)
	if err != nil {
		return nil, err
	}
	p := new(registryPerson)
	if err := q.Where("x.id = ?", id).Scan(ctx, p); errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("人员不存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return p, nil
}
