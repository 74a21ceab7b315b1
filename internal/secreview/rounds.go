package secreview

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// roundSpec: a year, a level, a state; the latest year first.
var roundSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year":  {Columns: []string{"r.year"}, Kind: httpx.Int},
		"level": {Columns: []string{"r.level"}},
		"state": {Columns: []string{"r.state"}},
	},
	Sorts:       map[string]string{"year": "r.year", "dueOn": "r.due_on", "createTime": "r.created_at"},
	DefaultSort: "r.year DESC, r.level, r.id DESC",
	Key:         "r.id",
}

// reportCounts are RoundView's counts, each a sub-query over the round's
// reports the caller sees (the index on round_id).
var reportCounts = []struct{ column, where string }{
	{"total", ""},
	{"vacant", "p.vacant = TRUE"},
	{"submitted", "p.state IN (2, 4)"},
	{"late", "p.late = TRUE AND p.state IN (2, 3, 4)"},
	{"graded", "p.state = 4"},
	{"returned", "p.state = 3"},
}

// roundsQuery selects the rounds the caller sees, with their names and
// counts: those it organises, and those listing a report it sees.
func (s *Service) roundsQuery(c caller) *bun.SelectQuery {
	q := s.db.NewSelect().Model((*RoundView)(nil)).ColumnExpr("r.*")
	q = org.NameJoin("r.org_id")(q)
	for _, n := range reportCounts {
		sub := c.reportsVisible(s.db.NewSelect().TableExpr("szpy_report AS p").ColumnExpr("COUNT(*)").Where("p.round_id = r.id"))
		if n.where != "" {
			sub = sub.Where(n.where)
		}
		q = q.ColumnExpr("(?) AS ?", sub, bun.Ident(n.column))
	}
	if c.scope.All {
		return q
	}
	seen := c.reportsVisible(s.db.NewSelect().TableExpr("szpy_report AS p").Column("p.round_id"))
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		if len(c.scope.OrgIDs) > 0 {
			g = g.WhereOr("r.org_id IN (?)", bun.List(c.scope.OrgIDs))
		}
		return g.WhereOr("r.id IN (?)", seen)
	})
}

// show fills a round view's names and what the caller may do with it.
func (s *Service) show(ctx context.Context, c caller, v *RoundView) {
	p := rbac.From(ctx)
	v.LevelName, v.StateName = LevelNames[v.Level], RoundStateNames[v.State]
	v.CanGrade = c.organises(&v.Round) && p.Has(PermGrade)
	v.CanManage = c.organises(&v.Round) && p.Has(PermRound)
}

// ListRounds is a page of the rounds the caller sees.
func (s *Service) ListRounds(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[RoundView], error) {
	c, err := s.who(ctx)
	if err != nil {
		return httpx.PageResult[RoundView]{}, err
	}
	return httpx.PagedEach(ctx, s.roundsQuery(c), roundSpec, lq, func(v *RoundView) { s.show(ctx, c, v) })
}

// roundView reads round id as the caller sees it, or 404.
func (s *Service) roundView(ctx context.Context, c caller, id int64) (*RoundView, error) {
	v := new(RoundView)
	if err := s.roundsQuery(c).Where("r.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoRound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	s.show(ctx, c, v)
	return v, nil
}

// RoundDetail is round id with the distribution of the grades the caller sees.
func (s *Service) RoundDetail(ctx context.Context, id int64) (RoundDetail, error) {
	c, err := s.who(ctx)
	if err != nil {
		return RoundDetail{}, err
	}
	v, err := s.roundView(ctx, c, id)
	if err != nil {
		return RoundDetail{}, err
	}
	grades, err := s.distribution(ctx, c, id)
	return RoundDetail{RoundView: *v, Grades: grades}, err
}

// distribution counts round id's graded reports the caller sees by grade,
// every grade listed (0 for none), best first.
func (s *Service) distribution(ctx context.Context, c caller, id int64) ([]Distribution, error) {
	var rows []struct {
		Grade string `bun:"grade"`
		N     int    `bun:"n"`
	}
	q := s.db.NewSelect().TableExpr("szpy_report AS p").ColumnExpr("p.grade, COUNT(*) AS n").
		Where("p.round_id = ?", id).Where("p.state = ?", StateGraded).GroupExpr("p.grade")
	if err := c.reportsVisible(q).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]Distribution, len(Grades))
	for i, g := range Grades {
		out[i] = Distribution{Grade: g, Name: GradeNames[g]}
		for _, r := range rows {
			if r.Grade == g {
				out[i].Count = r.N
			}
		}
	}
	return out, nil
}

// organisers are the organisation types that may open a round of a level:
// the university's 党委 the 二级党委 secretaries' round; the 党委, a 二级党委
// or a 党总支 its branches' round.
var organisers = map[string][]string{
	LevelCommittee: {org.TypeCommittee},
	LevelBranch:    {org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeGeneralBranch},
}

// OpenRound opens the round of a year and level organised by an
// organisation of the caller's scope, listing the organisations that
// report and their current secretaries (a branch without a secretary
// linked to a member record is listed vacant and takes no report).
func (s *Service) OpenRound(ctx context.Context, in RoundInput) (RoundView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return RoundView{}, err
	}
	in.Title = strings.TrimSpace(in.Title)
	var checks httpx.Checks
	yearErr := record.Year("year", "年度", in.Year)
	checks.Add(yearErr)
	if !slices.Contains(Levels, in.Level) {
		checks.Add(httpx.Invalid("level", "请选择述职对象"))
	}
	var organiser *org.Org
	if in.OrgID <= 0 {
		checks.Add(httpx.Invalid("orgId", "请选择组织评议的党组织"))
	} else if organiser, err = s.orgs.BriefInScope(ctx, in.OrgID); err != nil {
		return RoundView{}, httpx.Internal(err)
	} else if organiser == nil {
		checks.Add(httpx.Invalid("orgId", "所选党组织不存在"))
	} else if !organiser.Live() {
		checks.Add(httpx.Invalid("orgId", "%s已撤销", organiser.Name))
	} else if types := organisers[in.Level]; types != nil && !slices.Contains(types, organiser.Type) {
		if in.Level == LevelCommittee {
			checks.Add(httpx.Invalid("orgId", "二级党委书记述职由学校党委组织评议"))
		} else {
			checks.Add(httpx.Invalid("orgId", "%s不能组织党支部书记述职评议", organiser.Name))
		}
	}
	if yearErr == nil {
		checks.Add(checkDue(in.Year, in.DueOn))
	} else {
		checks.Add(checkDue(0, in.DueOn))
	}
	checks.Add(record.MaxLen("title", "评议名称", in.Title, MaxTitle))
	if err := checks.Err(); err != nil {
		return RoundView{}, err
	}
	if in.Title == "" {
		in.Title = fmt.Sprintf("%s%d年度%s抓党建述职评议", organiser.Name, in.Year, LevelNames[in.Level])
	}
	listed, err := s.reporting(ctx, organiser, in.Level)
	if err != nil {
		return RoundView{}, err
	}
	if len(listed) == 0 {
		return RoundView{}, httpx.Invalid("orgId", "%s下没有需要述职的党组织", organiser.Name)
	}
	now := s.now()
	r := &Round{Year: in.Year, Level: in.Level, OrgID: in.OrgID, Title: in.Title, DueOn: in.DueOn, State: RoundOpen,
		OpenedBy: db.Clip(rbac.From(ctx).AccountName(), 50)}
	r.CreatedAt, r.UpdatedAt = now, now
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		ids := make([]int64, len(listed))
		for i, o := range listed {
			ids[i] = o.ID
		}
		var taken []int64
		if err := tx.NewSelect().TableExpr("szpy_report AS p").Column("p.org_id").Where("p.year = ?", in.Year).
			Where("p.level = ?", in.Level).Where("p.org_id IN (?)", bun.List(ids)).Scan(ctx, &taken); err != nil {
			return httpx.Internal(err)
		}
		if len(taken) > 0 {
			return alreadyListed(listed, taken)
		}
		if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return httpx.Conflict("%s%d年度%s述职评议已开展", organiser.Name, in.Year, LevelNames[in.Level])
			}
			return httpx.Internal(err)
		}
		reports := make([]Report, len(listed))
		for i, o := range listed {
			p := Report{RoundID: r.ID, Year: r.Year, Level: r.Level, OrgID: o.ID, SecretaryMemberID: o.SecretaryMemberID,
				SecretaryName: db.Clip(o.SecretaryName, 50), Vacant: o.SecretaryMemberID == nil, State: StateDraft}
			p.CreatedAt, p.UpdatedAt = now, now
			reports[i] = p
		}
		if _, err := tx.NewInsert().Model(&reports).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) { // a round opened meanwhile listed one of them
				return httpx.Conflict("部分党组织已列入本年度其他述职评议，请刷新后重试")
			}
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return RoundView{}, err
	}
	v, err := s.roundView(ctx, c, r.ID)
	if err != nil {
		return RoundView{}, err
	}
	return *v, nil
}

// alreadyListed is the refusal of a round listing organisations another
// round of the year lists already (a 二级党委's and the 组织部's both for
// the branches): their names, at most five.
func alreadyListed(listed []org.Org, taken []int64) error {
	var names []string
	for _, o := range listed {
		if slices.Contains(taken, o.ID) {
			names = append(names, o.Name)
		}
	}
	more := ""
	if len(names) > 5 {
		names, more = names[:5], fmt.Sprintf("等%d个党组织", len(taken))
	}
	return httpx.Invalid("orgId", "%s%s已列入本年度其他述职评议", strings.Join(names, "、"), more)
}

// reporting lists the live organisations whose secretaries report in a
// round of level organised by o, in tree order: for the committee level
// the 二级党委 and 党总支 directly under the 党委; for the branch level the
// branches of o's subtree.
func (s *Service) reporting(ctx context.Context, o *org.Org, level string) ([]org.Org, error) {
	types := []string{org.TypeDirectBranch, org.TypeBranch}
	if level == LevelCommittee {
		types = []string{org.TypeSecondaryCommittee, org.TypeGeneralBranch}
	}
	all, err := s.orgs.OfTypes(ctx, s.db, types...)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	var out []org.Org
	for _, x := range all {
		if !x.Live() {
			continue
		}
		if level == LevelCommittee && (x.PID == nil || *x.PID != o.ID) {
			continue
		}
		if level == LevelBranch && !strings.HasPrefix(x.Path, o.Path) {
			continue
		}
		out = append(out, x)
	}
	return out, nil
}

// checkDue checks a round's due date: given, in the round's year or the
// next (a year's review is often held in the following January).
func checkDue(year int, due date.Date) error {
	if due.IsZero() {
		return httpx.Invalid("dueOn", "请选择截止日期")
	}
	if _, ok := date.Parse(string(due)); !ok {
		return httpx.Invalid("dueOn", "截止日期格式应为 YYYY-MM-DD")
	}
	if y := due.Time().Year(); year > 0 && (y < year || y > year+1) {
		return httpx.Invalid("dueOn", "截止日期应在%d年或%d年", year, year+1)
	}
	return nil
}

// organised reads round id for a change by its organiser: 404 when the
// caller does not see it, 403 when it sees it without organising it.
func (s *Service) organised(ctx context.Context, id int64) (*RoundView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.roundView(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if !c.organises(&v.Round) {
		return nil, httpx.Forbidden("只有组织评议的党组织可以管理本次评议")
	}
	return v, nil
}

// changeRound is one conditional UPDATE of round id by its organiser:
// set applied where the round is still in state from.
func (s *Service) changeRound(ctx context.Context, id int64, from, refusal string, set func(q *bun.UpdateQuery) *bun.UpdateQuery) (RoundView, error) {
	if _, err := s.organised(ctx, id); err != nil {
		return RoundView{}, err
	}
	res, err := set(s.db.NewUpdate().Table("szpy_round").Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", from)).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.BadRequest("%s", refusal)); err != nil {
		return RoundView{}, err
	}
	c, err := s.who(ctx)
	if err != nil {
		return RoundView{}, err
	}
	v, err := s.roundView(ctx, c, id)
	if err != nil {
		return RoundView{}, err
	}
	return *v, nil
}

// MoveDue sets an open round's due date (an extension, a correction):
// reports submitted already keep their lateness.
func (s *Service) MoveDue(ctx context.Context, id int64, in DueInput) (RoundView, error) {
	v, err := s.organised(ctx, id)
	if err != nil {
		return RoundView{}, err
	}
	if err := checkDue(v.Year, in.DueOn); err != nil {
		return RoundView{}, err
	}
	return s.changeRound(ctx, id, RoundOpen, "评议已结束，不能修改截止日期",
		func(q *bun.UpdateQuery) *bun.UpdateQuery { return q.Set("due_on = ?", in.DueOn) })
}

// CloseRound ends a round once every submitted report is graded: the
// results stand and nothing more is written or graded.
func (s *Service) CloseRound(ctx context.Context, id int64) (RoundView, error) {
	if _, err := s.organised(ctx, id); err != nil {
		return RoundView{}, err
	}
	waiting, err := s.db.NewSelect().TableExpr("szpy_report AS p").Where("p.round_id = ?", id).Where("p.state = ?", StateSubmitted).Count(ctx)
	if err != nil {
		return RoundView{}, httpx.Internal(err)
	}
	if waiting > 0 {
		return RoundView{}, httpx.BadRequest("尚有%d份述职报告未评定，请评定后再结束评议", waiting)
	}
	now := s.now()
	// Submitted meanwhile: the condition keeps a round with a report
	// waiting open.
	return s.changeRound(ctx, id, RoundOpen, "评议已结束或有新提交的述职报告，请刷新后重试", func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("state = ?", RoundClosed).Set("closed_at = ?", now).
			Where("NOT EXISTS (SELECT 1 FROM szpy_report AS w WHERE w.round_id = szpy_round.id AND w.state = ?)", StateSubmitted)
	})
}

// ReopenRound opens a closed round again (a correction of a grade).
func (s *Service) ReopenRound(ctx context.Context, id int64) (RoundView, error) {
	return s.changeRound(ctx, id, RoundClosed, "评议进行中", func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("state = ?", RoundOpen).Set("closed_at = NULL")
	})
}
