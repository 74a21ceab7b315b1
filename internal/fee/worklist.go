package fee

import (
	"context"
	"fmt"
	"net/url"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
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
	unpaid := func(ctx context.Context) (*bun.SelectQuery, bool, error) {
		if !rbac.From(ctx).Has(PermOnsite) {
			return nil, false, nil
		}
		// Collecting is a branch's work: a committee's or the department's
		// account follows the rates in 收缴统计, not every unpaid member of
		// its colleges one by one (thousands of items in a 待办 list).
		if _, branchLevel, err := s.orgs.BranchScope(ctx); err != nil || !branchLevel {
			return nil, false, err
		}
		scope, err := s.orgs.Scoped("d.org_id")(ctx)
		if err != nil {
			return nil, false, err
		}
		month := date.MonthOf(s.now().In(date.China)).String()
		q := s.db.NewSelect().Model((*DueView)(nil)).ColumnExpr("d.*").Where("d.month = ?", month).Where(stateConditions[DueUnpaid])
		return scope(org.NameJoin("d.org_id")(q)), true, nil
	}
	return []worklist.Provider{worklist.Selected("fee", "党费收缴", unpaid, "d.org_id, d.member_name, d.id", func(d *DueView) worklist.Item {
		link := fmt.Sprintf("%s/onsite?month=%s&memberId=%d&name=%s", MenuPath, d.Month, d.MemberID, url.QueryEscape(d.MemberName))
		return worklist.Item{Key: fmt.Sprintf("due:%d", d.ID), Title: fmt.Sprintf("党费未缴：%s（%s）", d.MemberName, d.Month), Link: link,
			Content: fmt.Sprintf("%s，应缴 %s 元，已缴 %s 元。", d.OrgName, money.Fen(d.DueFen), money.Fen(d.PaidFen))}
	})}
}
