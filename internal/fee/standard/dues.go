package standard

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/money"
)

// dueChunk is how many members one query of MonthlyDues reads.
const dueChunk = 5000

// personTypeStudent is DJ_DYJBXX_RYLX 学生: a student without a base of the
// year is in the 学生 category.
const personTypeStudent = "2"

// MonthlyDues computes the due of month (year, month) for each member of
// memberIDs, read through idb (a batch passes its transaction). The result
// has an entry for a member who owes the month:
//
//   - the base in force at the month is the member's fee_base row of the
//     year with the greatest from_month ≤ month (a salary change applies
//     from the month it is paid); its category picks the enabled standard;
//   - a student (人员类型 学生) without a base of the year is in 学生;
//   - an approved hardship reduction covering the month lowers the amount
//     to its monthly amount (never raises it), an exemption to 0; one ended
//     early covers the months before its end;
//   - a member admitted (joined_on, the branch general meeting of ⑮) after
//     the month owes nothing for it.
//
// A member without an entry owes nothing computable: not admitted yet that
// month, or no base in force at the month (a salaried or retired member, or
// one of unknown type, whose base of the year is missing or applies from a
// later month), or a category without an enabled standard. Ids of members
// that do not exist get no entry either. Missing returns why.
func (s *Service) MonthlyDues(ctx context.Context, idb bun.IDB, year, month int, memberIDs []int64) (map[int64]Due, error) {
	out := make(map[int64]Due, len(memberIDs))
	err := s.eachDue(ctx, idb, year, month, memberIDs, func(d Due, why string) {
		if why == "" {
			out[d.MemberID] = d
		}
	})
	return out, err
}

// Missing lists the members of memberIDs without a due for (year, month)
// with the reason (Chinese), e.g. "缺少2026年基数" — what a batch reports.
func (s *Service) Missing(ctx context.Context, idb bun.IDB, year, month int, memberIDs []int64) (map[int64]string, error) {
	out := map[int64]string{}
	err := s.eachDue(ctx, idb, year, month, memberIDs, func(d Due, why string) {
		if why != "" {
			out[d.MemberID] = why
		}
	})
	return out, err
}

// eachDue calls each with every member's due, or with an empty due (only
// MemberID) and the reason there is none.
func (s *Service) eachDue(ctx context.Context, idb bun.IDB, year, month int, memberIDs []int64, each func(Due, string)) error {
	if month < 1 || month > 12 || year < 1900 || year > 9999 {
		return fmt.Errorf("fee dues: bad month %d-%d", year, month)
	}
	k, err := s.calc(ctx, idb)
	if err != nil {
		return err
	}
	ym := year*100 + month
	for start := 0; start < len(memberIDs); start += dueChunk {
		ids := memberIDs[start:min(start+dueChunk, len(memberIDs))]
		members, err := s.members.FactsOf(ctx, idb, ids)
		if err != nil {
			return fmt.Errorf("fee dues members: %w", err)
		}
		var bases []BaseRow
		if err := idb.NewSelect().Model(&bases).Column("member_id", "year", "from_month", "category", "items", "included_fen", "deducted_fen", "base_fen").
			Where("year = ?", year).Where("from_month <= ?", month).Where("member_id IN (?)", bun.List(ids)).
			Scan(ctx); err != nil {
			return fmt.Errorf("fee dues bases: %w", err)
		}
		inForce := make(map[int64]*BaseRow, len(bases))
		for i := range bases {
			b := &bases[i]
			if cur := inForce[b.MemberID]; cur == nil || b.FromMonth > cur.FromMonth {
				inForce[b.MemberID] = b
			}
		}
		var reliefs []Hardship
		if err := idb.NewSelect().Model(&reliefs).Column("id", "member_id", "kind", "fen").
			Where("state IN (?)", bun.List([]string{HardshipApproved, HardshipEnded})).
			Where("from_ym <= ?", ym).Where("to_ym >= ?", ym).Where("(end_from_ym = 0 OR end_from_ym > ?)", ym).
			Where("member_id IN (?)", bun.List(ids)).OrderExpr("id").Scan(ctx); err != nil {
			return fmt.Errorf("fee dues hardship: %w", err)
		}
		relief := make(map[int64]*Hardship, len(reliefs))
		for i := range reliefs {
			relief[reliefs[i].MemberID] = &reliefs[i] // the latest approval wins
		}
		for _, m := range members {
			d, why := dueOf(m, year, month, inForce[m.ID], relief[m.ID], k)
			each(d, why)
		}
	}
	return nil
}

// dueOf is one member's due for the month, or the reason there is none.
func dueOf(m member.Facts, year, month int, b *BaseRow, h *Hardship, k calc) (Due, string) {
	none := Due{MemberID: m.ID}
	if j := string(m.JoinedOn); m.JoinedOn.Month() > date.MonthOfYM(year*100+month) {
		return none, fmt.Sprintf("%s年%s月接收为预备党员，此前月份不交党费", j[:4], j[5:7])
	}
	cat, note := "", ""
	switch {
	case b != nil:
		cat = b.Category
	case m.PersonType == personTypeStudent:
		cat, note = CatStudent, "（未录入年度基数，按人员类型“学生”认定）"
	default:
		return none, fmt.Sprintf("缺少%d年%d月适用的党费基数", year, month)
	}
	if needsBase(cat) && b == nil {
		return none, fmt.Sprintf("缺少%d年%d月适用的党费基数", year, month)
	}
	amount, stdID, working, why := k.due(cat, b, month, isGraduate(m.PersonCategory))
	if why != "" {
		return none, why
	}
	working += note
	if h != nil {
		switch {
		case h.Kind == HardshipExempt:
			amount, working = 0, working+fmt.Sprintf("；经批准困难减免（第%d号）：免交", h.ID)
		case h.Fen < amount:
			amount, working = h.Fen, working+fmt.Sprintf("；经批准困难减免（第%d号）：每月 %s 元", h.ID, money.Fen(h.Fen).Grouped())
		}
	}
	return Due{MemberID: m.ID, Fen: amount, Category: CategoryLabel(cat), StandardID: stdID, Working: working}, ""
}

// calc reads the enabled standards through idb (a batch's transaction: no
// second connection) and the school's stipend setting from the system
// domain's settings (cached).
func (s *Service) calc(ctx context.Context, idb bun.IDB) (calc, error) {
	stds, err := s.enabled(ctx, idb)
	if err != nil {
		return calc{}, err
	}
	return calc{stds: stds, stipend: s.stipendBase(ctx)}, nil
}

// stipendBase reports whether the school takes a graduate student's
// stipend as the base (CfgGraduateStipend).
func (s *Service) stipendBase(ctx context.Context) bool {
	return s.sys.Setting(ctx, CfgGraduateStipend) == "true"
}

// enabled reads the enabled standard of every category.
func (s *Service) enabled(ctx context.Context, idb bun.IDB) (map[string]compiled, error) {
	var rows []standardRow
	if err := idb.NewSelect().Model(&rows).Where("state = ?", StateOn).Scan(ctx); err != nil {
		return nil, fmt.Errorf("fee standards: %w", err)
	}
	out := make(map[string]compiled, len(rows))
	for _, r := range rows {
		c, err := compile(r)
		if err != nil {
			return nil, err
		}
		out[r.Category] = c
	}
	return out, nil
}
