package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// RowMemberColumns are the template columns by which an import row names a
// member of the importer's scope: 工号 (staff or student number) or ID
// number, and the name as a check. RowMembers reads them.
func RowMemberColumns() imports.Columns {
	return imports.Columns{
		{Key: "staffNo", Label: "工号", Example: "T2001001", Note: "工号与身份证号至少填写一项，用于匹配您管理范围内的党员"},
		{Key: "idNumber", Label: "身份证号", Personal: imports.PersonalIDNumber, Note: "工号与身份证号至少填写一项"},
		{Key: "name", Label: "姓名", Example: "张三", Note: "填写时须与匹配到的党员姓名一致"},
	}
}

// Facts are what another module's checks and computations need of a
// member: a row of its import names one (RowMembers), a form picks one
// (Facts), a month's dues are computed for them (FactsOf).
type Facts struct {
	ID             int64     `bun:"id"`
	Name           string    `bun:"name"`
	StaffNo        string    `bun:"staff_or_student_no"`
	IDIdx          string    `bun:"id_number_idx"`
	PersonCategory string    `bun:"person_category"`
	PersonType     string    `bun:"person_type"`
	OrgID          int64     `bun:"org_id"`
	JoinedOn       date.Date `bun:"joined_on"` // 入党日期: the branch meeting that admitted them
}

var factsColumns = []string{"m.id", "m.name", "m.staff_or_student_no", "m.id_number_idx", "m.person_category", "m.person_type", "m.org_id",
	"m.joined_on"}

// RowMembers reads, in bulk through idb, the members of the caller's scope
// that rows name in RowMemberColumns, and answers the member of a row:
// matched by 工号 when given (an ID number given too must be the same
// member's, through the blind index, never in clear), else by ID number;
// the name, when given, must be the member's. A row naming none, or one
// that does not match, fails on its column and gets nil.
//
// 党费基数's import uses it; 已办结转接's (by ID number, with members out of
// the scope) and 发展党员's (by the registries' numbers) can adopt it.
func (s *Service) RowMembers(ctx context.Context, idb bun.IDB, rows []*imports.Row) (func(r *imports.Row) *Facts, error) {
	scope, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	var idxs []string
	for _, v := range imports.CellValues(rows, "idNumber") {
		idxs = append(idxs, s.idIndex(v))
	}
	read := func(column string) func(part []string, dst *[]*Facts) error {
		return func(part []string, dst *[]*Facts) error {
			return scope(idb.NewSelect().TableExpr("dyjbxx AS m").
				Column(factsColumns...).
				Where("? IN (?)", bun.Ident("m."+column), bun.List(part))).Scan(ctx, dst)
		}
	}
	byNo, err := imports.ByKey(imports.CellValues(rows, "staffNo"), func(m *Facts) string { return m.StaffNo }, read("staff_or_student_no"))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	byIdx, err := imports.ByKey(idxs, func(m *Facts) string { return m.IDIdx }, read("id_number_idx"))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return func(r *imports.Row) *Facts {
		no, id := r.Cells["staffNo"], r.Cells["idNumber"]
		var m *Facts
		switch {
		case no == "" && id == "":
			r.Fail("staffNo", "请填写工号或身份证号")
			return nil
		case no != "":
			if m = byNo[no]; m == nil {
				r.Fail("staffNo", fmt.Sprintf("您管理范围内没有工号为「%s」的党员", no))
				return nil
			}
			if id != "" && m.IDIdx != s.idIndex(id) {
				r.Fail("idNumber", "身份证号与工号对应的党员不一致")
				return nil
			}
		default:
			if m = byIdx[s.idIndex(id)]; m == nil {
				r.Fail("idNumber", "您管理范围内没有该身份证号的党员")
				return nil
			}
		}
		if name := r.Cells["name"]; name != "" && name != m.Name {
			r.Fail("name", fmt.Sprintf("姓名与匹配到的党员（%s）不一致", m.Name))
			return nil
		}
		return m
	}, nil
}

// Facts reads member id of the caller's scope through idb (a transaction
// reading it before a write); outside the scope, or missing, it is 党员不存在
// (404).
func (s *Service) Facts(ctx context.Context, idb bun.IDB, id int64) (*Facts, error) {
	ms, err := s.FactsIn(ctx, idb, []int64{id})
	if err != nil {
		return nil, err
	}
	return &ms[0], nil
}

// FactsIn reads members ids (distinct) of the caller's scope through idb,
// by name then id; one outside the scope, or missing, is 党员不存在 (404).
func (s *Service) FactsIn(ctx context.Context, idb bun.IDB, ids []int64) ([]Facts, error) {
	scope, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	var out []Facts
	if err := scope(idb.NewSelect().TableExpr("dyjbxx AS m").Column(factsColumns...).Where("m.id IN (?)", bun.List(ids)).
		OrderExpr("m.name, m.id")).Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	if len(out) != len(ids) {
		return nil, ErrNoMember()
	}
	return out, nil
}

// OwnFacts are the Facts of the caller's own member record (the one linked
// to its account, whatever the scope, as Own); nil when none is linked.
func (s *Service) OwnFacts(ctx context.Context) (*Facts, error) {
	p := rbac.From(ctx)
	if p == nil || p.UserID == 0 {
		return nil, nil
	}
	m := new(Facts)
	err := s.db.NewSelect().TableExpr("dyjbxx AS m").Column(factsColumns...).Where("m.user_id = ?", p.UserID).Scan(ctx, m)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return m, nil
}
