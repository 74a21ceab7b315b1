package appraisal

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/report"
)

// progressRound is a round's line as the progress reads it.
type progressRound struct {
	ID          int64  `bun:"id"`
	OrgID       int64  `bun:"org_id"`
	State       string `bun:"state"`
	BallotID    *int64 `bun:"ballot_id"`
	Issued      int    `bun:"issued"`
	Cast        int    `bun:"cast_count"`
	Excellent   int    `bun:"excellent"`
	Unqualified int    `bun:"unqualified"`
	Members     int    `bun:"n_members"`
	Graded      int    `bun:"n_graded"`
	Submitted   int    `bun:"n_submitted"`
}

// progressQuery is what the progress is asked: the year (this year by
// default), the organisation whose branches are listed (the caller's
// scope by default), a state (StateNone: 未开始), a name.
type progressQuery struct {
	year  int
	orgID int64
	state string
	name  string
}

func (s *Service) readProgressQuery(lq httpx.ListQuery) (progressQuery, error) {
	q := progressQuery{year: s.today().Time().Year()}
	for k, v := range lq.Filters {
		str := strings.TrimSpace(fmt.Sprint(v))
		switch k {
		case "year":
			var y int
			if _, err := fmt.Sscan(str, &y); err != nil || record.Year("year", "年度", y) != nil {
				return q, httpx.Invalid("year", "年度应为 2000 到 2100 之间的年份")
			}
			q.year = y
		case "orgId":
			var id int64
			if _, err := fmt.Sscan(str, &id); err != nil || id <= 0 {
				return q, httpx.Invalid("orgId", "党组织无效")
			}
			q.orgID = id
		case "state":
			if str != StateNone && !slices.Contains(States, str) {
				return q, httpx.Invalid("state", "评议状态无效")
			}
			q.state = str
		case "blurry":
			q.name = str
		default:
			return q, httpx.Invalid(k, "不支持的查询条件：%s", k)
		}
	}
	return q, nil
}

// progressRows are the progress' lines of every branch matched, in tree
// order, and the counts per state (未开始 included) before the state filter.
func (s *Service) progressRows(ctx context.Context, pq progressQuery) ([]ProgressRow, map[string]int, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, nil, httpx.AsError(err)
	}
	var under *org.Org
	if pq.orgID > 0 {
		if under, err = s.orgs.BriefInScope(ctx, pq.orgID); err != nil {
			return nil, nil, httpx.Internal(err)
		} else if under == nil {
			return nil, nil, httpx.NotFound("党组织不存在")
		}
	}
	branches, all, err := s.branchesUnder(ctx, sc, under)
	if err != nil {
		return nil, nil, err
	}
	counts := map[string]int{StateNone: 0}
	for _, st := range States {
		counts[st] = 0
	}
	if len(branches) == 0 {
		return []ProgressRow{}, counts, nil
	}
	ids := make([]int64, len(branches))
	for i, b := range branches {
		ids[i] = b.ID
	}
	var rounds []progressRound
	q := s.db.NewSelect().TableExpr("mzpy_round AS r").Column("r.id", "r.org_id", "r.state", "r.ballot_id", "r.issued", "r.cast_count",
		"r.excellent", "r.unqualified").Where("r.year = ?", pq.year).Where("r.org_id IN (?)", bun.In(ids))
	for _, c := range roundCounts {
		q = q.ColumnExpr("(SELECT COUNT(*) FROM mzpy_member AS a WHERE a.round_id = r.id AND "+c.where+") AS ?", bun.Ident(c.column))
	}
	if err := q.Scan(ctx, &rounds); err != nil {
		return nil, nil, httpx.Internal(err)
	}
	byOrg := map[int64]progressRound{}
	var voting []int64
	for _, r := range rounds {
		byOrg[r.OrgID] = r
		if r.State == StateVoting && r.BallotID != nil {
			voting = append(voting, *r.BallotID)
		}
	}
	live, err := s.ballots.Rounds(ctx, voting)
	if err != nil {
		return nil, nil, httpx.Internal(err)
	}
	out := []ProgressRow{}
	for _, b := range branches {
		row := ProgressRow{OrgID: b.ID, OrgName: b.Name, State: StateNone}
		if b.PID != nil {
			row.ParentName = all[*b.PID].Name
		}
		if r, ok := byOrg[b.ID]; ok {
			row.RoundID, row.State, row.Members, row.Graded, row.Submitted = r.ID, r.State, r.Members, r.Graded, r.Submitted
			row.Issued, row.Cast, row.Excellent, row.Unqualified = r.Issued, r.Cast, r.Excellent, r.Unqualified
			if r.BallotID != nil && live[*r.BallotID] != nil && r.State == StateVoting {
				row.Issued, row.Cast = live[*r.BallotID].Issued, live[*r.BallotID].Cast
			}
		}
		row.StateName = StateNames[row.State]
		if pq.name != "" && !strings.Contains(b.Name, pq.name) {
			continue
		}
		counts[row.State]++
		if pq.state != "" && row.State != pq.state {
			continue
		}
		out = append(out, row)
	}
	return out, counts, nil
}

// Progress is a page of the branches' progress of a year (未开始, 自评中,
// 投票中, 待决定, 投票无效, 已决定) with the counts of each state. The
// branches come from the organisation tree (a university holds hundreds,
// not millions), the rounds in one query.
func (s *Service) Progress(ctx context.Context, lq httpx.ListQuery) (Progress, error) {
	pq, err := s.readProgressQuery(lq)
	if err != nil {
		return Progress{}, err
	}
	rows, counts, err := s.progressRows(ctx, pq)
	if err != nil {
		return Progress{}, err
	}
	size := lq.Size
	if size <= 0 {
		size = 10
	}
	from := min(lq.Page.Page*size, len(rows))
	return Progress{Content: rows[from:min(from+size, len(rows))], TotalElements: len(rows), Counts: counts}, nil
}

// progressSheet is the progress' workbook.
var progressSheet = report.Sheet[ProgressRow]{Name: "民主评议党员进度", Columns: []report.Column[ProgressRow]{
	{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *ProgressRow) any { return n }},
	{Title: "上级党组织", Width: 24, Lead: true, Cell: func(_ int, r *ProgressRow) any { return r.ParentName }},
	{Title: "党支部", Width: 30, Lead: true, Cell: func(_ int, r *ProgressRow) any { return r.OrgName }},
	{Title: "状态", Width: 10, Cell: func(_ int, r *ProgressRow) any { return r.StateName }},
	{Title: "参评党员", Width: 10, Cell: func(_ int, r *ProgressRow) any { return r.Members }},
	{Title: "评定等次人数", Width: 12, Cell: func(_ int, r *ProgressRow) any { return r.Graded }},
	{Title: "已交个人总结", Width: 12, Cell: func(_ int, r *ProgressRow) any { return r.Submitted }},
	{Title: "应投票数", Width: 10, Cell: func(_ int, r *ProgressRow) any { return r.Issued }},
	{Title: "实投票数", Width: 10, Cell: func(_ int, r *ProgressRow) any { return r.Cast }},
	{Title: "优秀", Width: 8, Cell: func(_ int, r *ProgressRow) any { return r.Excellent }},
	{Title: "不合格", Width: 8, Cell: func(_ int, r *ProgressRow) any { return r.Unqualified }},
}}

// exportProgress streams the progress (the list's filters) as a workbook.
func (s *Service) exportProgress(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	pq, err := s.readProgressQuery(lq)
	if err != nil {
		return err
	}
	rows, counts, err := s.progressRows(ctx, pq)
	if err != nil {
		return err
	}
	sheet := progressSheet
	sheet.Title = fmt.Sprintf("%d年度民主评议党员进度", pq.year)
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	for i := range rows {
		if err := out.Row(&rows[i]); err != nil {
			return err
		}
	}
	if err := out.Line(); err != nil {
		return err
	}
	for _, st := range append([]string{StateNone}, States...) {
		if err := out.Line(StateNames[st], counts[st]); err != nil {
			return err
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%d年度民主评议党员进度（%d个党支部）", pq.year, len(rows)))
	return out.Send(w, sheet.Title+".xlsx")
}
