package orgstd

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// AssessmentView is an assessment as lists show it.
type AssessmentView struct {
	Assessment  `bun:",extend"`
	OrgName     string   `bun:"org_name,scanonly" json:"orgName"`
	StateName   string   `bun:"-" json:"stateName"`
	MarkName    string   `bun:"-" json:"markName"`
	SelfTotal   float64  `bun:"-" json:"selfTotal"`
	ReviewTotal *float64 `bun:"-" json:"reviewTotal"`
}

// ItemView is one indicator of an assessment with its scores.
type ItemView struct {
	ID           int64    `bun:"id" json:"id"` // the row the evidence is attached to
	IndicatorID  int64    `bun:"indicator_id" json:"indicatorId"`
	Category     string   `bun:"category" json:"category"`
	Name         string   `bun:"name" json:"name"`
	Standard     string   `bun:"standard" json:"standard"`
	MaxTenths    int      `bun:"max_tenths" json:"-"`
	MaxPoints    float64  `bun:"-" json:"maxPoints"`
	SelfTenths   *int     `bun:"self_tenths" json:"-"`
	SelfScore    *float64 `bun:"-" json:"selfScore"`
	Explanation  string   `bun:"explanation" json:"explanation"`
	ReviewTenths *int     `bun:"review_tenths" json:"-"`
	ReviewScore  *float64 `bun:"-" json:"reviewScore"`
	ReviewNote   string   `bun:"review_note" json:"reviewNote"`
}

// AssessmentDetail is one assessment with its indicators, who reviews it
// and whether the caller may.
type AssessmentDetail struct {
	AssessmentView
	MaxTotal  float64    `json:"maxTotal"`
	Reviewer  string     `json:"reviewer"`  // the organisation that reviews: the 二级党委, or the 党委 (组织部)
	CanReview bool       `json:"canReview"` // the caller is that reviewer (and holds dzzjs:review)
	Items     []ItemView `json:"items"`
}

// StartInput opens a branch's self-assessment of a year.
type StartInput struct {
	OrgID int64 `json:"orgId"`
	Year  int   `json:"year"`
}

// ScoreInput is one indicator's score in a save or a review: the points
// (at most one decimal place, 0..the indicator's), and the explanation
// (self-assessment) or the note (review).
type ScoreInput struct {
	IndicatorID int64    `json:"indicatorId"`
	Score       *float64 `json:"score"`
	Text        string   `json:"text"`
}

// SaveInput saves a draft: the scores given (others unchanged), on the
// version read.
type SaveInput struct {
	UpdateTime time.Time    `json:"updateTime"`
	Items      []ScoreInput `json:"items"`
}

// ReviewInput is the review: a score for every indicator and a comment.
type ReviewInput struct {
	Items   []ScoreInput `json:"items"`
	Comment string       `json:"comment"`
}

// ReasonInput is a return's reason.
type ReasonInput struct {
	Reason string `json:"reason"`
}

func errNoAssessment() *httpx.Error { return httpx.NotFound("自评不存在") }

// assessmentSpec: year, state and mark exact; orgId the organisation and
// those below it; blurry the branch's name.
var assessmentSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year":   {Columns: []string{"a.year"}, Kind: httpx.Int},
		"state":  {Columns: []string{"a.state"}, Kind: httpx.Int},
		"mark":   {Columns: []string{"a.mark"}},
		"orgId":  org.SubtreeFilter("a.org_id"),
		"blurry": {Columns: []string{org.NameColumn}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"year": "a.year", "submittedAt": "a.submitted_at", "selfTotal": "a.self_tenths", "reviewTotal": "a.review_tenths"},
	DefaultSort: "a.year DESC, a.submitted_at, a.id",
	Key:         "a.id",
}

func (s *Service) assessmentRoutes(rs *httpx.Routes) {
	const base = "/api/dzzjs/assessments"
	rs.Get(base, PermList, "查询自评", httpx.ReadList(s.Assessments))
	rs.Get(base+"/{id}", PermList, "查看自评", httpx.ReadOn(errNoAssessment, s.Detail))
	rs.Post(base, PermAssess, "开始自评", httpx.Create(s.Start))
	rs.Put(base+"/{id}", PermAssess, "保存自评", httpx.ChangeOn(errNoAssessment, s.Save))
	rs.Post(base+"/{id}/submit", PermAssess, "提交自评", httpx.ReadOn(errNoAssessment, s.Submit))
	rs.Post(base+"/{id}/return", PermReview, "退回自评", httpx.ChangeOn(errNoAssessment, s.Return))
	rs.Post(base+"/{id}/review", PermReview, "审核自评", httpx.ChangeOn(errNoAssessment, s.Review))
	s.sys.AttachRoutes(rs, "/api/dzzjs/items", system.AttachSpec{Module: "dzzjs_item", Title: "党组织建设佐证材料",
		Read: PermList, Edit: PermAssess, Find: s.findItem, Editable: s.itemEditable,
		Kinds: map[string]system.AttachKind{"": {Label: "佐证材料", MaxFiles: 20}}})
}

// view fills a view's names and points.
func view(v *AssessmentView) {
	v.StateName, v.MarkName = StateNames[v.State], MarkNames[v.Mark]
	v.SelfTotal, v.ReviewTotal = points(v.SelfTenths), pointsOf(v.Assessment.ReviewTenths)
}

// Assessments lists the assessments of the caller's scope, paged.
func (s *Service) Assessments(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[AssessmentView], error) {
	q, err := s.orgs.Scoped("a.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[AssessmentView]{}, err
	}
	sel := org.NameJoin("a.org_id")(s.db.NewSelect().Model((*AssessmentView)(nil)).ColumnExpr("a.*"))
	return httpx.PagedEach(ctx, q(sel), assessmentSpec, lq, view)
}

// find reads assessment id of the caller's scope through idb, or 404.
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*Assessment, error) {
	return record.FindScoped[Assessment](ctx, idb, s.orgs.Scoped("a.org_id"), "a", id, errNoAssessment)
}

// Detail is assessment id of the caller's scope with its indicators.
func (s *Service) Detail(ctx context.Context, id int64) (AssessmentDetail, error) {
	var d AssessmentDetail
	a, err := s.find(ctx, s.db, id)
	if err != nil {
		return d, err
	}
	names, err := s.orgs.Names(ctx, []int64{a.OrgID})
	if err != nil {
		return d, httpx.Internal(err)
	}
	d.AssessmentView = AssessmentView{Assessment: *a, OrgName: names[a.OrgID]}
	view(&d.AssessmentView)
	if d.Items, err = s.items(ctx, s.db, id); err != nil {
		return d, err
	}
	total := 0
	for _, it := range d.Items {
		total += it.MaxTenths
	}
	d.MaxTotal = points(total)
	reviewer, err := s.reviewerOf(ctx, a.OrgID)
	if err != nil {
		return d, err
	}
	d.Reviewer = reviewer.name
	d.CanReview = rbac.From(ctx).Allows(PermReview) && !ownSubmission(ctx, a) && s.mayReview(ctx, a.OrgID, reviewer) == nil
	return d, nil
}

// items are an assessment's indicators in the set's order with their scores.
func (s *Service) items(ctx context.Context, idb bun.IDB, id int64) ([]ItemView, error) {
	items := []ItemView{}
	if err := idb.NewSelect().TableExpr("dzzjs_item AS it").Join("JOIN dzzjs_indicator AS i ON i.id = it.indicator_id").
		ColumnExpr("it.id, it.indicator_id, i.category, i.name, i.standard, i.max_tenths, it.self_tenths, it.explanation, it.review_tenths, it.review_note").
		Where("it.assessment_id = ?", id).OrderExpr("i.sort, i.id").Scan(ctx, &items); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range items {
		it := &items[i]
		it.MaxPoints, it.SelfScore, it.ReviewScore = points(it.MaxTenths), pointsOf(it.SelfTenths), pointsOf(it.ReviewTenths)
	}
	return items, nil
}

// Start opens the self-assessment of a branch of the caller's scope for a
// year whose set has indicators: a draft with a row per indicator.
func (s *Service) Start(ctx context.Context, in StartInput) (AssessmentDetail, error) {
	if err := record.Year("year", "年度", in.Year); err != nil {
		return AssessmentDetail{}, err
	}
	o, err := s.orgs.BriefInScope(ctx, in.OrgID)
	if err != nil {
		return AssessmentDetail{}, httpx.AsError(err)
	}
	if o == nil {
		return AssessmentDetail{}, httpx.NotFound("党组织不存在")
	}
	if !org.IsBranch(o.Type) {
		return AssessmentDetail{}, httpx.Invalid("orgId", "标准化规范化建设自评由党支部填报，请选择党支部")
	}
	if !o.Live() {
		return AssessmentDetail{}, httpx.Invalid("orgId", "%s已撤销，不再参加自评", o.Name)
	}
	var id int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		n, err := tx.NewSelect().Model((*Indicator)(nil)).Where("i.year = ?", in.Year).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n == 0 {
			return httpx.BadRequest("%d年度尚未设置考核指标，请联系组织部", in.Year)
		}
		now := s.now()
		a := Assessment{OrgID: in.OrgID, Year: in.Year, State: StateDraft}
		a.CreatedAt, a.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(&a).Returning("id").Exec(ctx); db.IsUniqueViolation(err) {
			return httpx.Conflict("%s%d年度的自评已存在", o.Name, in.Year)
		} else if err != nil {
			return httpx.Internal(err)
		}
		id = a.ID
		_, err = tx.NewRaw(`INSERT INTO dzzjs_item (assessment_id, indicator_id, explanation, review_note)
			SELECT ?, i.id, '', '' FROM dzzjs_indicator AS i WHERE i.year = ?`, a.ID, in.Year).Exec(ctx)
		return httpx.AsError(err)
	})
	if err != nil {
		return AssessmentDetail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// scores checks the scores sent against the assessment's indicators: each
// names one of them, at most once; its points lie within 0..its points
// with at most one decimal place (what: 自评 or 审核); its text is at most
// maxText characters. all asks a score for every indicator.
func scores(items []ItemView, in []ScoreInput, what string, maxText int, all bool) (map[int64]ScoreInput, map[int64]int, error) {
	byIndicator := make(map[int64]*ItemView, len(items))
	for i := range items {
		byIndicator[items[i].IndicatorID] = &items[i]
	}
	given, tenths := make(map[int64]ScoreInput, len(in)), make(map[int64]int, len(in))
	var c httpx.Checks
	for _, sc := range in {
		it := byIndicator[sc.IndicatorID]
		field := fmt.Sprintf("score.%d", sc.IndicatorID)
		if it == nil {
			c.Add(httpx.Invalid(field, "指标不属于本年度的考核指标，请刷新后重试"))
			continue
		}
		if _, dup := given[sc.IndicatorID]; dup {
			c.Add(httpx.Invalid(field, "“%s”重复评分", it.Name))
			continue
		}
		sc.Text = strings.TrimSpace(sc.Text)
		given[sc.IndicatorID] = sc
		if sc.Score != nil {
			t, err := tenthsOf(field, fmt.Sprintf("“%s”%s得分", it.Name, what), *sc.Score, it.MaxTenths)
			c.Add(err)
			tenths[sc.IndicatorID] = t
		} else if all {
			c.Add(httpx.Invalid(field, "请填写“%s”的%s得分", it.Name, what))
		}
		if utf8.RuneCountInString(sc.Text) > maxText {
			c.Add(httpx.Invalid(fmt.Sprintf("text.%d", sc.IndicatorID), "“%s”的说明不超过%d个字", it.Name, maxText))
		}
	}
	if all {
		for _, it := range items {
			if _, ok := given[it.IndicatorID]; !ok {
				c.Add(httpx.Invalid(fmt.Sprintf("score.%d", it.IndicatorID), "请填写“%s”的%s得分", it.Name, what))
			}
		}
	}
	return given, tenths, c.Err()
}

// Save stores a draft's scores and explanations (those sent; a score sent
// empty is cleared) on the version the form read: one conditional UPDATE
// of the assessment (draft, that version) recounts its total.
func (s *Service) Save(ctx context.Context, id int64, in SaveInput) (AssessmentDetail, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		a, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if a.State != StateDraft {
			return httpx.BadRequest("自评已提交，不能再修改")
		}
		if !in.UpdateTime.IsZero() && !in.UpdateTime.Equal(a.UpdatedAt) {
			return httpx.Conflict("自评已被他人修改，请刷新后重试")
		}
		items, err := s.items(ctx, tx, id)
		if err != nil {
			return err
		}
		given, tenths, err := scores(items, in.Items, "自评", 1000, false)
		if err != nil {
			return err
		}
		for indicator, sc := range given {
			var t *int
			if v, ok := tenths[indicator]; ok && sc.Score != nil {
				t = &v
			}
			if _, err := tx.NewUpdate().Model((*Item)(nil)).Set("self_tenths = ?", t).Set("explanation = ?", sc.Text).
				Where("assessment_id = ?", id).Where("indicator_id = ?", indicator).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		res, err := tx.NewUpdate().Model((*Assessment)(nil)).
			Set("self_tenths = (SELECT COALESCE(SUM(it.self_tenths), 0) FROM dzzjs_item AS it WHERE it.assessment_id = ?)", id).
			Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", StateDraft).Where("updated_at = ?", a.UpdatedAt).Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("自评已被他人修改或已提交，请刷新后重试"))
	})
	if err != nil {
		return AssessmentDetail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// Submit hands a draft with every indicator scored to the committee above
// (draft → submitted) and freezes the year's indicator set. Of two parallel
// submits one wins, the other is a 409.
func (s *Service) Submit(ctx context.Context, id int64) (AssessmentDetail, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		a, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if a.State != StateDraft {
			return httpx.BadRequest("只有草稿状态的自评可以提交")
		}
		now := s.now()
		// The set is frozen with the first submission (the row indicator
		// edits update too: the two serialise on it). Frozen before the
		// items are counted: an indicator added by a transaction not yet
		// committed then holds the row, and the count, made once it has
		// committed, finds its unscored item (counted first, on PostgreSQL
		// the submit went through beside the new indicator).
		if _, err := tx.NewUpdate().Model((*YearSet)(nil)).Set("frozen = ?", true).Set("updated_at = ?", now).
			Where("year = ?", a.Year).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		missing, err := tx.NewSelect().Model((*Item)(nil)).Where("it.assessment_id = ?", id).Where("it.self_tenths IS NULL").Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if missing > 0 {
			return httpx.BadRequest("还有%d项指标未自评打分，请填写后再提交", missing)
		}
		p := rbac.From(ctx)
		res, err := tx.NewUpdate().Model((*Assessment)(nil)).Set("state = ?", StateSubmitted).Set("submitted_at = ?", now).
			Set("submitted_by = ?", db.Clip(p.AccountName(), 50)).Set("submitted_by_id = ?", p.AccountID()).Set("updated_at = ?", now).Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("自评已提交"))
	})
	if err != nil {
		return AssessmentDetail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// Return sends a submitted assessment back to draft with a reason (the
// reviewer only).
func (s *Service) Return(ctx context.Context, id int64, in ReasonInput) (AssessmentDetail, error) {
	reason := strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "退回原因", reason, 500); err != nil {
		return AssessmentDetail{}, err
	}
	err := s.reviewing(ctx, id, func(ctx context.Context, tx bun.Tx, a *Assessment) error {
		s.tell(ctx, a, "标准化规范化建设自评被退回", fmt.Sprintf("%d年度自评已被退回，请修改后重新提交。退回原因：%s", a.Year, reason))
		res, err := tx.NewUpdate().Model((*Assessment)(nil)).Set("state = ?", StateDraft).Set("return_reason = ?", reason).
			Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", StateSubmitted).Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("自评已被审核或退回"))
	})
	if err != nil {
		return AssessmentDetail{}, err
	}
	return s.Detail(ctx, id)
}

// Review scores every indicator of a submitted assessment (the reviewer
// only): the reviewed total is the branch's score (submitted → reviewed).
func (s *Service) Review(ctx context.Context, id int64, in ReviewInput) (AssessmentDetail, error) {
	comment := strings.TrimSpace(in.Comment)
	if err := record.MaxLen("comment", "审核意见", comment, 1000); err != nil {
		return AssessmentDetail{}, err
	}
	err := s.reviewing(ctx, id, func(ctx context.Context, tx bun.Tx, a *Assessment) error {
		items, err := s.items(ctx, tx, id)
		if err != nil {
			return err
		}
		given, tenths, err := scores(items, in.Items, "审核", 500, true)
		if err != nil {
			return err
		}
		total := 0
		for indicator, sc := range given {
			total += tenths[indicator]
			if _, err := tx.NewUpdate().Model((*Item)(nil)).Set("review_tenths = ?", tenths[indicator]).Set("review_note = ?", sc.Text).
				Where("assessment_id = ?", id).Where("indicator_id = ?", indicator).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		s.tell(ctx, a, "标准化规范化建设自评已审核", fmt.Sprintf("%d年度自评已审核，审核得分 %g 分。", a.Year, points(total)))
		now := s.now()
		res, err := tx.NewUpdate().Model((*Assessment)(nil)).Set("state = ?", StateReviewed).Set("review_tenths = ?", total).
			Set("review_comment = ?", comment).Set("reviewed_at = ?", now).Set("reviewed_by = ?", db.Clip(rbac.From(ctx).AccountName(), 50)).
			Set("updated_at = ?", now).Where("id = ?", id).Where("state = ?", StateSubmitted).Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("自评已被审核或退回"))
	})
	if err != nil {
		return AssessmentDetail{}, err
	}
	return s.Detail(ctx, id)
}

// reviewing runs a reviewer's action on submitted assessment id in a
// transaction: the assessment of the caller's scope (404), the caller its
// reviewer (403), the assessment submitted (400).
func (s *Service) reviewing(ctx context.Context, id int64, act func(ctx context.Context, tx bun.Tx, a *Assessment) error) error {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		a, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		reviewer, err := s.reviewerOf(ctx, a.OrgID)
		if err != nil {
			return err
		}
		if err := s.mayReview(ctx, a.OrgID, reviewer); err != nil {
			return err
		}
		if a.State != StateSubmitted {
			return httpx.BadRequest("只有待审核的自评可以审核或退回")
		}
		if ownSubmission(ctx, a) {
			return httpx.Forbidden("不能审核本人提交的自评")
		}
		return act(ctx, tx, a)
	})
	return httpx.AsError(err)
}

// tell sends the account that submitted a a message once the transaction
// commits (a rolled-back review tells nobody).
func (s *Service) tell(ctx context.Context, a *Assessment, title, content string) {
	if a.SubmittedByID == nil {
		return
	}
	to := []int64{*a.SubmittedByID}
	db.AfterCommit(ctx, func(ctx context.Context) error {
		return s.sys.Notify(ctx, s.db, to, title, content, menuDir+"/dzzjs", false)
	})
}

// ownSubmission tells whether the caller's account submitted a.
func ownSubmission(ctx context.Context, a *Assessment) bool {
	me := rbac.From(ctx).AccountID()
	return me != nil && a.SubmittedByID != nil && *me == *a.SubmittedByID
}

// reviewer is the organisation that reviews a branch: its 二级党委, or none
// (a branch straight under the 党委: the 组织部 reviews it).
type reviewer struct {
	committee *int64
	name      string
}

// reviewerOf is the reviewer of branch orgID.
func (s *Service) reviewerOf(ctx context.Context, orgID int64) (reviewer, error) {
	pl, err := s.orgs.Placements(ctx, s.db, []int64{orgID})
	if err != nil {
		return reviewer{}, httpx.Internal(err)
	}
	c := pl[orgID].Committee
	if c == nil {
		return reviewer{name: "学校党委（组织部）"}, nil
	}
	names, err := s.orgs.Names(ctx, []int64{*c})
	if err != nil {
		return reviewer{}, httpx.Internal(err)
	}
	return reviewer{committee: c, name: names[*c]}, nil
}

// mayReview is nil when the caller reviews branch orgID for r: never the
// branch itself; a branch under a 二级党委 by that committee (its scope
// holds it, and it is not the whole school's); a branch straight under the
// 党委 by the whole school's scope (the 组织部). Else a 403 saying who does.
func (s *Service) mayReview(ctx context.Context, orgID int64, r reviewer) error {
	p := rbac.From(ctx)
	if p != nil && p.OrgID != nil && *p.OrgID == orgID {
		return httpx.Forbidden("党支部不能审核本支部的自评，由%s审核", r.name)
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return err
	}
	switch {
	case r.committee == nil && sc.All,
		r.committee != nil && !sc.All && sc.Has(*r.committee):
		return nil
	}
	return httpx.Forbidden("该党支部的自评由%s审核", r.name)
}

// findItem is nil for an item of an assessment of the caller's scope.
func (s *Service) findItem(ctx context.Context, itemID int64) error {
	_, err := s.itemAssessment(ctx, itemID)
	return err
}

// itemEditable lets a draft's evidence change, and nothing later.
func (s *Service) itemEditable(ctx context.Context, itemID int64) error {
	a, err := s.itemAssessment(ctx, itemID)
	if err == nil && a.State != StateDraft {
		return httpx.BadRequest("自评已提交，佐证材料不能再修改")
	}
	return err
}

// itemAssessment is the assessment of item itemID, of the caller's scope (or 404).
func (s *Service) itemAssessment(ctx context.Context, itemID int64) (*Assessment, error) {
	var aid int64
	err := s.db.NewSelect().Model((*Item)(nil)).Column("it.assessment_id").Where("it.id = ?", itemID).Scan(ctx, &aid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("指标评分不存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return s.find(ctx, s.db, aid)
}
