package fee

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
)

// DueView is a due in a month list: its organisation's name and its state.
type DueView struct {
	Due        `bun:",extend"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	State      string `bun:"-" json:"state"`
	StateLabel string `bun:"-" json:"stateLabel"`
}

// dueState is a due's state from its amount and what was paid on it.
func dueState(dueFen, paidFen int64) string {
	switch {
	case dueFen == 0:
		return DueExempt
	case paidFen >= dueFen:
		return DuePaid
	}
	return DueUnpaid
}

func (v *DueView) label() {
	v.State = dueState(v.DueFen, v.PaidFen)
	v.StateLabel = DueStateLabels[v.State]
}

// stateConditions are the SQL conditions of the due states.
var stateConditions = map[string]string{
	DuePaid:   "d.due_fen > 0 AND d.paid_fen >= d.due_fen",
	DueUnpaid: "d.paid_fen < d.due_fen",
	DueExempt: "d.due_fen = 0",
}

var dueSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"month":    {Columns: []string{"d.month"}, Match: httpx.Eq},
		"orgId":    org.SubtreeFilter("d.org_id"),
		"name":     {Columns: []string{"d.member_name"}, Match: httpx.Like},
		"category": {Columns: []string{"d.category"}, Match: httpx.In},
		"memberId": {Columns: []string{"d.member_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"state": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			c, ok := stateConditions[fmt.Sprint(v)]
			if !ok {
				return nil, httpx.Invalid("state", "缴费状态只能是 paid、unpaid 或 exempt")
			}
			return q.Where(c), nil
		}},
	},
	Sorts:       map[string]string{"memberName": "d.member_name", "dueFen": "d.due_fen", "month": "d.month", "orgName": org.NameColumn},
	DefaultSort: "d.org_id, d.member_name",
	Key:         "d.id",
}

// duesQuery selects the dues of the caller's scope.
func (s *Service) duesQuery(ctx context.Context) (*bun.SelectQuery, error) {
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	q := s.db.NewSelect().Model((*DueView)(nil)).ColumnExpr("d.*")
	return scope(org.NameJoin("d.org_id")(q)), nil
}

// ListDues pages a month's dues in the caller's scope (filter month
// required; orgId takes the organisation and its subtree).
func (s *Service) ListDues(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[DueView], error) {
	if _, _, err := parseMonth("month", lq.Filter("month")); err != nil {
		return httpx.PageResult[DueView]{}, err
	}
	q, err := s.duesQuery(ctx)
	if err != nil {
		return httpx.PageResult[DueView]{}, err
	}
	return httpx.PagedEach(ctx, q, dueSpec, lq, (*DueView).label)
}

func (s *Service) exportDues(w http.ResponseWriter, r *http.Request) error {
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	month := lq.Filter("month")
	if _, _, err := parseMonth("month", month); err != nil {
		return err
	}
	q, err := s.duesQuery(r.Context())
	if err != nil {
		return err
	}
	lq.Size = 0
	if q, err = dueSpec.Query(q, lq); err != nil {
		return err
	}
	headers := []string{"序号", "党员姓名", "党组织", "月份", "类别", "应缴（元）", "已缴（元）", "状态", "计算依据"}
	widths := []float64{8, 14, 30, 10, 12, 12, 12, 10, 40}
	n, err := excel.Export(r.Context(), w, s.db, q, headers, widths, "党费缴纳名单"+month+".xlsx", func(n int, v *DueView) []any {
		v.label()
		return []any{n, v.MemberName, v.OrgName, v.Month, v.Category, money.Fen(v.DueFen).String(), money.Fen(v.PaidFen).String(), v.StateLabel, v.Working}
	})
	if err == nil {
		s.sys.LogAccess(r.Context(), r, fmt.Sprintf("导出%s党费缴纳名单（%d人）", month, n))
	}
	return err
}

// PaidUpTo is the latest month up to which all of a member's due months
// are paid ("YYYY-MM"; a due of 0 counts as paid): the month before the
// first unpaid one, or the last due month when none is unpaid; "" when the
// first due month is unpaid or the member has none.
func PaidUpTo(ctx context.Context, idb bun.IDB, memberID int64) (string, error) {
	var rows []struct {
		Month   string `bun:"month"`
		DueFen  int64  `bun:"due_fen"`
		PaidFen int64  `bun:"paid_fen"`
	}
	if err := idb.NewSelect().TableExpr("df_due AS d").Column("d.month", "d.due_fen", "d.paid_fen").
		Where("d.member_id = ?", memberID).OrderExpr("d.month").Scan(ctx, &rows); err != nil {
		return "", err
	}
	upTo := ""
	for _, r := range rows {
		if dueState(r.DueFen, r.PaidFen) == DueUnpaid {
			break
		}
		upTo = r.Month
	}
	return upTo, nil
}

// LastFrozen is the latest month ("YYYY-MM") whose due is frozen for the
// member, "" when none is: one row of uq_df_due_member_month.
func LastFrozen(ctx context.Context, idb bun.IDB, memberID int64) (string, error) {
	var month string
	err := idb.NewSelect().TableExpr("df_due AS d").Column("d.month").Where("d.member_id = ?", memberID).
		OrderExpr("d.month DESC").Limit(1).Scan(ctx, &month)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return month, err
}
