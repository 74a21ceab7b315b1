package report

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/report"
)

// Arrears: a member's months unpaid are the dues (months whose batch
// started) not paid in full; the consecutive ones are those after the last
// month the member paid in full or owed nothing (免交) — months without a
// due (before joining, say) neither break nor lengthen a run. Only months
// that have ended count (RULES.md §1): the month still open — its batch
// started, its members still paying — is not yet unpaid. Nor do the months
// charged on a probationary member's admission (df_due.charged_late: before
// the member could pay, back payments now) count. A run of
// CfgRemindMonths (3) is reminded to the branch; one of CfgWarnMonths (6)
// is warned to the branch and the organisation department (RULES.md §1).

// Arrear is a member's current run of unpaid months.
type Arrear struct {
	Member
	OrgPath        string `bun:"org_path" json:"-"`
	Months         int    `bun:"months" json:"months"`                  // consecutive unpaid months, up to the latest
	Since          string `bun:"since" json:"since"`                    // the first of them (YYYY-MM)
	Latest         string `bun:"latest" json:"latest"`                  // the last of them
	OutstandingFen int64  `bun:"outstanding_fen" json:"outstandingFen"` // what they lack
	Level          string `bun:"-" json:"level"`                        // "warn" (≥ warning months), "remind" (≥ reminder months) or ""
}

// Levels of an arrear.
const (
	LevelRemind = "remind"
	LevelWarn   = "warn"
)

// thresholds are the settings' reminder and warning months (the
// regulation's 3 and 6 when unset; a warning never later than 6).
func (s *Service) thresholds(ctx context.Context) (remind, warn int) {
	remind = s.sys.SettingInt(ctx, CfgRemindMonths, DefaultRemindMonths)
	warn = s.sys.SettingInt(ctx, CfgWarnMonths, DefaultWarnMonths)
	if warn > DefaultWarnMonths {
		warn = DefaultWarnMonths
	}
	if remind > warn {
		remind = warn
	}
	return remind, warn
}

// arrears selects the members with a run of at least min unpaid months
// ended before the month before ("YYYY-MM": the current one), with
// Arrear's columns, the member as m (member.Join) and their organisation
// now as oz (org.NameJoin);
// members, when not nil, selects the ids of the members to look at (the
// caller's scope). The caller adds the scope, filters, order and paging.
//
// It reads only the unpaid dues (the partial index idx_df_due_unpaid: a
// few percent of the dues), and for each of them the member's last
// settled month through the (member_id, month) key, instead of walking
// every due of every member: the university's first page took 2.5 s at
// 20,000 members when it did.
func (s *Service) arrears(min int, members *bun.SelectQuery, before string) *bun.SelectQuery {
	run := s.db.NewSelect().TableExpr("df_due AS d").
		ColumnExpr("d.member_id, COUNT(*) AS months, MIN(d.month) AS since, MAX(d.month) AS latest, SUM(d.due_fen - d.paid_fen) AS outstanding_fen").
		Where("d.paid_fen < d.due_fen").Where("d.month < ?", before).Where("NOT d.charged_late").
		Where(`d.month > COALESCE((SELECT MAX(l.month) FROM df_due AS l
			WHERE l.member_id = d.member_id AND l.paid_fen >= l.due_fen), '')`).
		GroupExpr("d.member_id").Having("COUNT(*) >= ?", min)
	if members != nil {
		run = run.Where("d.member_id IN (?)", members)
	}
	return org.NameJoin("m.org_id")(member.Join("run.member_id")(s.db.NewSelect().With("run", run).TableExpr("run"))).
		ColumnExpr("run.member_id, m.name, m.org_id, run.months, run.since, run.latest, run.outstanding_fen").
		ColumnExpr(org.PathColumn + " AS org_path")
}

// level is an arrear's level under the thresholds.
func level(months, remind, warn int) string {
	switch {
	case months >= warn:
		return LevelWarn
	case months >= remind:
		return LevelRemind
	}
	return ""
}

// Arrears lists, in the caller's scope (the member's organisation now) and
// the subtree of orgId, the members with a run of at least min months
// (default: the reminder's), longest first; paged.
func (s *Service) Arrears(ctx context.Context, orgID int64, min int, p httpx.Page) (httpx.PageResult[Arrear], error) {
	remind, warn := s.thresholds(ctx)
	if min <= 0 {
		min = remind
	}
	members, err := kit.Restrict(ctx, s.orgs, Query{OrgID: orgID}, member.Select(s.db).Column("m.id"), kit.On{Org: "m.org_id"})
	if err != nil {
		return httpx.PageResult[Arrear]{}, err
	}
	page, err := kit.Paged[Arrear](ctx, s.db, s.arrears(min, members, date.MonthOf(s.now().In(date.China)).String()),
		"run.months DESC, "+org.PathColumn+", m.name, run.member_id", p)
	for i := range page.Content {
		page.Content[i].Level = level(page.Content[i].Months, remind, warn)
	}
	return page, err
}

// LongArrears answers, of the members ids, those whose current run of
// unpaid months reaches the warning's length (CfgWarnMonths, at most 6:
// 连续6个月及以上未缴党费, RULES.md §1), with its length; and that length.
// The caller has checked the members are of its scope (the leaders' check).
func (s *Service) LongArrears(ctx context.Context, ids []int64) (map[int64]int, int, error) {
	_, warn := s.thresholds(ctx)
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, warn, nil
	}
	members := member.Select(s.db).Column("m.id").Where("m.id IN (?)", bun.List(ids))
	var rows []Arrear
	if err := s.arrears(warn, members, date.MonthOf(s.now().In(date.China)).String()).Scan(ctx, &rows); err != nil {
		return nil, warn, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.MemberID] = r.Months
	}
	return out, warn, nil
}
