package weakorg

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// TrailModule is the cases' module id in the change trail.
const TrailModule = 71

func errNoCase() *httpx.Error { return httpx.NotFound("软弱涣散党组织记录不存在") }

// caseTrail is what a case's trail shows: every step (screening, a
// proposal, the recommendation, the decision, the plan, a progress report,
// the closing request and its review) leaves an entry with what it changed.
var caseTrail = &record.Decl{Module: TrailModule, Noun: "软弱涣散党组织记录", Fields: []record.Field{
	record.Text("org", "党组织"), record.Text("year", "年度"), record.Text("state", "状态"),
	record.Text("hits", "认定标准及依据"), record.Text("recommendOpinion", "推荐意见"), record.Text("decisionReason", "认定意见"),
	record.Text("leader", "联系领导"), record.Text("deadline", "整顿期限"), record.Text("plan", "整顿方案"),
	record.Text("measures", "整改措施"), record.Text("progress", "整顿进展"), record.Text("closeSummary", "销号申请"),
	record.Text("review", "销号评价"), record.Text("closedOn", "销号日期"),
}}

// Stages of the page's two tabs: the candidates still to decide, and the
// ledger of the confirmed.
const (
	StageCandidates = "candidates"
	StageLedger     = "ledger"
)

// caseSpec: year; stage (candidates: 待审核, 已推荐, 不予认定; ledger:
// 整顿中, 待销号, 已销号); state; orgId with its subtree; criterion (one
// code among the hits); blurry over the organisation's name.
var caseSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year": {Columns: []string{"c.year"}, Kind: httpx.Int},
		"stage": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			switch v {
			case StageCandidates:
				return q.Where("c.state IN (?)", bun.In([]int{StateCandidate, StateRecommended, StateRejected})), nil
			case StageLedger:
				return q.Where("c.state IN (?)", bun.In([]int{StateRectifying, StateClosing, StateClosed})), nil
			}
			return nil, httpx.Invalid("stage", "阶段只能是 candidates 或 ledger")
		}},
		"state":     {Columns: []string{"c.state"}, Match: httpx.In},
		"orgId":     org.SubtreeFilter("c.org_id"),
		"criterion": {Custom: criterionFilter},
		"blurry":    {Columns: []string{org.NameColumn}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"year": "c.year", "state": "c.state", "deadline": "c.deadline", "orgName": zh.Name(org.NameColumn), "createTime": "c.created_at"},
	DefaultSort: "c.year DESC, c.state, c.id",
	Key:         "c.id",
}

// criterionFilter keeps the cases with a hit of criterion v (the hits'
// index on criterion).
func criterionFilter(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
	code, _ := v.(string)
	if code == "" || len(code) > 16 {
		return nil, httpx.Invalid("criterion", "认定标准无效")
	}
	return q.Where("c.id IN (SELECT hc.case_id FROM rsrs_hit AS hc WHERE hc.criterion = ?)", code), nil
}

// caseJoin adds the organisation's name and the count and last day of the
// progress reports (sub-queries on the reports' index).
func caseJoin(q *bun.SelectQuery) *bun.SelectQuery {
	return org.NameJoin("c.org_id")(q).
		ColumnExpr("(SELECT COUNT(*) FROM rsrs_progress AS pc WHERE pc.case_id = c.id) AS progress_count").
		ColumnExpr("(SELECT MAX(pl.reported_on) FROM rsrs_progress AS pl WHERE pl.case_id = c.id) AS last_progress_on")
}

func (s *Service) caseResource() *resource.Resource[Case, CaseView] {
	return &resource.Resource[Case, CaseView]{DB: s.db, Noun: "软弱涣散党组织记录", Spec: caseSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("c.org_id"), Join: caseJoin,
		Record: func(v *CaseView) *Case { return &v.Case },
		Labels: s.labels,
		Show: func(v *CaseView, label audit.Labeller) {
			v.StateName, v.CriteriaNames = StateNames[v.State], criteriaNames(v.Criteria, label)
		},
		Trail:     caseTrail,
		TrailView: func(ctx context.Context, idb bun.IDB, c *Case) (map[string]string, error) { return s.view(ctx, idb, c) },
		Export: resource.Export[CaseView]{Title: "软弱涣散党组织整顿台账", Columns: []resource.Column[CaseView]{
			{Header: "年度", Width: 8, Cell: func(v *CaseView) any { return v.Year }},
			{Header: "党组织", Width: 30, Cell: func(v *CaseView) any { return v.OrgName }},
			{Header: "认定标准", Width: 36, Cell: func(v *CaseView) any { return v.CriteriaNames }},
			{Header: "状态", Width: 10, Cell: func(v *CaseView) any { return v.StateName }},
			{Header: "联系领导", Width: 12, Cell: func(v *CaseView) any { return v.Leader }},
			{Header: "整顿期限", Width: 12, Cell: func(v *CaseView) any { return string(v.Deadline) }},
			{Header: "进展报告", Width: 10, Cell: func(v *CaseView) any { return v.ProgressCount }},
			{Header: "最近报告", Width: 12, Cell: func(v *CaseView) any { return string(v.LastProgressOn) }},
			{Header: "销号日期", Width: 12, Cell: func(v *CaseView) any { return string(v.ClosedOn) }},
		}},
	}
}

// labels reads the criteria's labels with the trail's entry types and origins.
func (s *Service) labels(ctx context.Context) (audit.Labeller, error) {
	l, err := s.sys.DictLabels(ctx, DictCriterion, audit.DictType, audit.DictOrigin)
	return l.Label, err
}

// criteriaNames are the labels of codes (comma-separated), joined by 、.
func criteriaNames(codes string, label audit.Labeller) string {
	if codes == "" {
		return ""
	}
	var names []string
	for _, c := range strings.Split(codes, ",") {
		names = append(names, label(DictCriterion, c))
	}
	return strings.Join(names, "、")
}

// view is case c as its trail shows it, its hits, measures and progress
// read through idb (the write's transaction).
func (s *Service) view(ctx context.Context, idb bun.IDB, c *Case) (map[string]string, error) {
	names, err := s.orgs.Names(ctx, []int64{c.OrgID})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	label, err := s.labels(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	hits, measures, progress, err := s.children(ctx, idb, c.ID)
	if err != nil {
		return nil, err
	}
	var h, m []string
	for _, x := range hits {
		h = append(h, label(DictCriterion, x.Criterion)+"："+x.Evidence)
	}
	for _, x := range measures {
		line := x.Content
		if x.Owner != "" || x.DueOn != "" {
			line += fmt.Sprintf("（%s %s）", x.Owner, x.DueOn)
		}
		if x.Done {
			line += "✓"
		}
		m = append(m, line)
	}
	prog := ""
	if n := len(progress); n > 0 {
		prog = fmt.Sprintf("%d次，最近%s", n, progress[n-1].ReportedOn)
	}
	return map[string]string{"org": names[c.OrgID], "year": fmt.Sprint(c.Year), "state": StateNames[c.State],
		"hits": strings.Join(h, "；"), "recommendOpinion": c.RecommendOpinion, "decisionReason": c.DecisionReason,
		"leader": c.Leader, "deadline": string(c.Deadline), "plan": c.Plan, "measures": strings.Join(m, "；"), "progress": prog,
		"closeSummary": c.CloseSummary, "review": c.Review, "closedOn": string(c.ClosedOn)}, nil
}

// children reads a case's hits (by criterion), measures (in order) and
// progress reports (oldest first).
func (s *Service) children(ctx context.Context, idb bun.IDB, id int64) ([]Hit, []Measure, []Progress, error) {
	hits, measures, progress := []Hit{}, []Measure{}, []Progress{}
	if err := idb.NewSelect().Model(&hits).Where("h.case_id = ?", id).OrderExpr("h.criterion").Scan(ctx); err != nil {
		return nil, nil, nil, httpx.Internal(err)
	}
	if err := idb.NewSelect().Model(&measures).Where("ms.case_id = ?", id).OrderExpr("ms.sort, ms.id").Scan(ctx); err != nil {
		return nil, nil, nil, httpx.Internal(err)
	}
	if err := idb.NewSelect().Model(&progress).Where("p.case_id = ?", id).OrderExpr("p.reported_on, p.id").Scan(ctx); err != nil {
		return nil, nil, nil, httpx.Internal(err)
	}
	return hits, measures, progress, nil
}

// readDetail is the drawer's case: the view with its hits, measures and reports.
func (s *Service) readDetail(r *http.Request, id int64) (Detail, error) {
	return s.Detail(r.Context(), id)
}

// Detail reads case id of the caller's scope with everything the drawer shows.
func (s *Service) Detail(ctx context.Context, id int64) (Detail, error) {
	v, err := s.cases.Detail(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{CaseView: v}
	if d.Hits, d.Measures, d.Progress, err = s.children(ctx, s.db, id); err != nil {
		return Detail{}, err
	}
	label, err := s.labels(ctx)
	if err != nil {
		return Detail{}, httpx.Internal(err)
	}
	for i := range d.Hits {
		d.Hits[i].Label = label(DictCriterion, d.Hits[i].Criterion)
	}
	return d, nil
}

// find reads case id of the caller's scope through idb, or 404.
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*Case, error) {
	return record.FindScoped[Case](ctx, idb, s.orgs.Scoped("c.org_id"), "c", id, errNoCase)
}

// findOnly is find for the attachments: nil for a case of the scope.
func (s *Service) findOnly(ctx context.Context, id int64) error {
	_, err := s.find(ctx, s.db, id)
	return err
}

// findProgress answers nil for a progress report of a case of the scope.
func (s *Service) findProgress(ctx context.Context, id int64) error {
	p := new(Progress)
	if err := s.db.NewSelect().Model(p).Column("case_id").Where("p.id = ?", id).Scan(ctx); err != nil {
		return httpx.NotFound("进展报告不存在")
	}
	if _, err := s.find(ctx, s.db, p.CaseID); err != nil {
		return httpx.NotFound("进展报告不存在")
	}
	return nil
}

// operator is the caller's account name, which a step records.
func operator(ctx context.Context) string {
	if p := rbac.From(ctx); p != nil {
		return p.AccountName()
	}
	return ""
}

// today is the day in China by the service's clock.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// move is one step of case id of the caller's scope: the case read (404
// outside the scope), refused with refusal unless its state is one of from,
// vetted (vet, optional), changed by change and written by one conditional
// UPDATE of columns (its state and the version read in the WHERE), so that
// of two parallel steps one wins and the other is a 409; children
// (optional) then changes the case's rows in the same transaction, and the
// trail records what changed.
func (s *Service) move(ctx context.Context, id int64, from []int, refusal string,
	vet func(ctx context.Context, tx bun.Tx, c *Case) error,
	change func(c *Case, now time.Time, who string), columns []string,
	children func(ctx context.Context, tx bun.Tx, c *Case) error) (Detail, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		c, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if !slices.Contains(from, c.State) {
			return httpx.BadRequest("%s", refusal)
		}
		if vet != nil {
			if err := vet(ctx, tx, c); err != nil {
				return err
			}
		}
		before, err := s.view(ctx, tx, c)
		if err != nil {
			return err
		}
		next := *c
		now := s.now().Truncate(time.Second)
		change(&next, now, operator(ctx))
		next.UpdatedAt = now
		if children != nil {
			if err := children(ctx, tx, &next); err != nil {
				return err
			}
		}
		after, err := s.view(ctx, tx, &next)
		if err != nil {
			return err
		}
		_, err = caseTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Before: before, After: after,
			Snapshot: &next, Write: func(ctx context.Context) (int64, error) {
				res, err := tx.NewUpdate().Model(&next).Column(append(columns, "updated_at")...).WherePK().
					Where("state = ?", c.State).Where("updated_at = ?", c.UpdatedAt).Exec(ctx)
				return id, record.Conditional(res, err, 1, httpx.Conflict("记录已被他人处理，请刷新后重试"))
			}})
		return err
	})
	if err != nil {
		return Detail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// plainLabels labels nothing: the views are already text.
func plainLabels(_, v string) string { return v }

// DecisionInput is the body of a recommendation, a decision and a closing
// review: the opinion, reason or evaluation.
type DecisionInput struct {
	Text string `json:"text"`
}

// maxOpinion bounds an opinion, a reason, an evaluation (the columns' size).
const maxOpinion = 1000

// Recommend is the 二级党委's recommendation to confirm a candidate of its
// subtree, with its opinion.
func (s *Service) Recommend(ctx context.Context, id int64, in DecisionInput) (Detail, error) {
	text := strings.TrimSpace(in.Text)
	if err := record.Required("text", "推荐意见", text, maxOpinion); err != nil {
		return Detail{}, err
	}
	return s.move(ctx, id, []int{StateCandidate}, "只有待审核的候选可以推荐", nil,
		func(c *Case, now time.Time, who string) {
			c.State, c.RecommendOpinion, c.RecommendedBy, c.RecommendedAt = StateRecommended, text, who, &now
		}, []string{"state", "recommend_opinion", "recommended_by", "recommended_at"}, nil)
}

// Confirm is the 组织部's 认定 of a candidate (recommended or not), with its
// reason; the case enters rectification.
func (s *Service) Confirm(ctx context.Context, id int64, in DecisionInput) (Detail, error) {
	return s.decide(ctx, id, in, StateRectifying, "认定意见")
}

// Reject is the 组织部's refusal of a candidate, with its reason.
func (s *Service) Reject(ctx context.Context, id int64, in DecisionInput) (Detail, error) {
	return s.decide(ctx, id, in, StateRejected, "不予认定理由")
}

func (s *Service) decide(ctx context.Context, id int64, in DecisionInput, to int, what string) (Detail, error) {
	text := strings.TrimSpace(in.Text)
	if err := record.Required("text", what, text, maxOpinion); err != nil {
		return Detail{}, err
	}
	return s.move(ctx, id, []int{StateCandidate, StateRecommended}, "该记录已作出认定结论", nil,
		func(c *Case, now time.Time, who string) {
			c.State, c.DecisionReason, c.DecidedBy, c.DecidedAt = to, text, who, &now
		}, []string{"state", "decision_reason", "decided_by", "decided_at"}, nil)
}
