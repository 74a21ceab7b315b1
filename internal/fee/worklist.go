package fee

import (
	"context"
	"fmt"
	"net/url"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/worklist"
)

// workLists: the members of the caller's scope who have not paid this
// month's due (the month of today in China, once its batch has started),
// for a branch-level caller who records on-site payments (df:onsite, the
// branch's fee collector). Each item opens the on-site page on that member's month.
// Nil on a nil service (the descriptor is read before the services exist).
func (s *Service) workLists() []worklist.Provider {
	if s == nil {
		return nil
	}
	// unpaid selects this month's unpaid dues of the scope; ok false: the
	// caller may not collect.
	unpaid := func(ctx context.Context) (*bun.SelectQuery, string, bool, error) {
		if !rbac.From(ctx).Has(PermOnsite) {
			return nil, "", false, nil
		}
		// Collecting is a branch's work: a committee's or the department's
		// account follows the rates in 收缴统计, not every unpaid member of
		// its colleges one by one (thousands of items in a 待办 list).
		if _, branchLevel, err := s.orgs.BranchScope(ctx); err != nil || !branchLevel {
			return nil, "", false, err
		}
		scope, err := s.orgs.Scoped("d.org_id")(ctx)
		if err != nil {
			return nil, "", false, err
		}
		month := date.MonthOf(s.now().In(date.China)).String()
		q := s.db.NewSelect().Model((*Due)(nil)).Where("d.month = ?", month).Where(stateConditions[DueUnpaid])
		return scope(q), month, true, nil
	}
	return []worklist.Provider{{Key: "fee", Title: "党费收缴",
		Count: func(ctx context.Context, _ worklist.Query) (int, error) {
			q, _, ok, err := unpaid(ctx)
			if err != nil || !ok {
				return 0, err
			}
			n, err := q.Count(ctx)
			if err != nil {
				return 0, httpx.Internal(err)
			}
			return int(n), nil
		},
		List: func(ctx context.Context, wq worklist.Query) ([]worklist.Item, error) {
			q, month, ok, err := unpaid(ctx)
			if err != nil || !ok {
				return nil, err
			}
			var rows []DueView
			err = org.NameJoin("d.org_id")(q.Model(&rows).ColumnExpr("d.*")).OrderExpr("d.org_id, d.member_name, d.id").
				Limit(int64(wq.Size)).Offset(int64(wq.Offset())).Scan(ctx)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			items := make([]worklist.Item, len(rows))
			for i, d := range rows {
				link := fmt.Sprintf("%s/onsite?month=%s&memberId=%d&name=%s", MenuPath, month, d.MemberID, url.QueryEscape(d.MemberName))
				items[i] = worklist.Item{Key: fmt.Sprintf("due:%d", d.ID), Title: fmt.Sprintf("党费未缴：%s（%s）", d.MemberName, month), Link: link,
					Content: fmt.Sprintf("%s，应缴 %s 元，已缴 %s 元。", d.OrgName, money.Fen(d.DueFen), money.Fen(d.PaidFen))}
			}
			return items, nil
		},
	}}
}
