package exam

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/pschool/question"
)

// PaperInput is a paper's form: a fixed paper's picks or a random paper's
// rules (Seed "" draws a new seed; a seed sent redraws the same paper).
type PaperInput struct {
	Title    string      `json:"title"`
	OrgID    int64       `json:"orgId"`
	Mode     int         `json:"mode"`
	Picks    []Pick      `json:"picks"`
	Rules    []PaperRule `json:"rules"`
	Seed     string      `json:"seed"`
	PassMark int         `json:"passMark"`
}

// Pick is a fixed paper's question with its points.
type Pick struct {
	QuestionID int64 `json:"questionId"`
	Points     int   `json:"points"`
}

// PaperDetail is a paper with its questions (keys included: the staff's view).
type PaperDetail struct {
	Paper
	OrgName   string          `json:"orgName"`
	ModeName  string          `json:"modeName"`
	Rules     []PaperRule     `json:"rules"`
	Questions []PaperQuestion `json:"questions"`
}

// PaperView is a paper in the list.
type PaperView struct {
	Paper   `bun:",extend"`
	OrgName string `bun:"org_name,scanonly" json:"orgName"`
}

func errNoPaper() *httpx.Error { return httpx.NotFound("试卷不存在") }

var paperSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"p.title"}, Match: httpx.Like},
		"mode":   {Columns: []string{"p.mode"}, Kind: httpx.Int},
		"orgId":  org.SubtreeFilter("p.org_id"),
	},
	Sorts:       map[string]string{"createTime": "p.created_at", "title": "p.title"},
	DefaultSort: "p.created_at DESC, p.id DESC",
	Key:         "p.id",
}

// Papers is a page of the papers of the caller's scope.
func (s *Service) Papers(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PaperView], error) {
	scope, err := s.orgs.Scoped("p.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[PaperView]{}, err
	}
	q := scope(org.NameJoin("p.org_id")(s.db.NewSelect().Model((*PaperView)(nil)).ColumnExpr("p.*")))
	return httpx.Paged[PaperView](ctx, q, paperSpec, lq)
}

// paper reads paper id of the caller's scope (404 otherwise).
func (s *Service) paper(ctx context.Context, idb bun.IDB, id int64) (*Paper, error) {
	return record.FindScoped[Paper](ctx, idb, s.orgs.Scoped("p.org_id"), "p", id, errNoPaper)
}

// PaperDetail is paper id with its questions.
func (s *Service) PaperDetail(ctx context.Context, id int64) (PaperDetail, error) {
	p, err := s.paper(ctx, s.db, id)
	if err != nil {
		return PaperDetail{}, err
	}
	return s.paperDetail(ctx, p)
}

func (s *Service) paperDetail(ctx context.Context, p *Paper) (PaperDetail, error) {
	d := PaperDetail{Paper: *p, ModeName: ModeNames[p.Mode], Rules: []PaperRule{}}
	if err := json.Unmarshal([]byte(p.RulesJSON), &d.Rules); err != nil {
		return d, httpx.Internal(err)
	}
	qs, err := paperQuestions(ctx, s.db, p.ID)
	if err != nil {
		return d, err
	}
	d.Questions = qs
	names, err := s.orgs.Names(ctx, []int64{p.OrgID})
	if err != nil {
		return d, httpx.Internal(err)
	}
	d.OrgName = names[p.OrgID]
	return d, nil
}

// paperQuestions reads a paper's questions in order, options decoded.
func paperQuestions(ctx context.Context, idb bun.IDB, paperID int64) ([]PaperQuestion, error) {
	qs := []PaperQuestion{}
	if err := idb.NewSelect().Model(&qs).Where("paper_id = ?", paperID).OrderExpr("seq").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range qs {
		if err := json.Unmarshal([]byte(qs[i].OptionsJSON), &qs[i].Options); err != nil {
			return nil, httpx.Internal(err)
		}
	}
	return qs, nil
}

// composed is a paper checked and its questions copied from the bank.
type composed struct {
	paper     Paper
	rules     []PaperRule
	questions []PaperQuestion
}

// compose checks in and copies its questions from the bank of the paper's
// organisation and the organisations above it.
func (s *Service) compose(ctx context.Context, idb bun.IDB, in PaperInput) (composed, error) {
	var c composed
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitle {
		return c, httpx.Invalid("title", "请输入试卷名称（不超过%d个字）", MaxTitle)
	}
	if in.OrgID <= 0 {
		return c, httpx.Invalid("orgId", "请选择党组织")
	}
	if err := s.orgs.Owns(ctx, "orgId", in.OrgID); err != nil {
		return c, err
	}
	o, err := s.orgs.Brief(ctx, in.OrgID)
	if err != nil || o == nil {
		return c, httpx.Invalid("orgId", "所选党组织不存在")
	}
	banks := org.PathIDs(o.Path) // the school's own bank and those above it
	c.paper = Paper{OrgID: in.OrgID, Title: in.Title, Mode: in.Mode, RulesJSON: "[]"}
	var ids []int64
	points := map[int]int{} // place in ids → points
	switch in.Mode {
	case ModeFixed:
		if len(in.Picks) == 0 || len(in.Picks) > MaxQuestions {
			return c, httpx.Invalid("picks", "请选择1至%d道题", MaxQuestions)
		}
		seen := map[int64]bool{}
		for i, p := range in.Picks {
			if seen[p.QuestionID] {
				return c, httpx.Invalid("picks", "第%d题与前面的题目重复", i+1)
			}
			if p.Points < 1 || p.Points > MaxPoints {
				return c, httpx.Invalid("picks", "第%d题的分值应为1至%d分", i+1, MaxPoints)
			}
			seen[p.QuestionID] = true
			ids = append(ids, p.QuestionID)
			points[i] = p.Points
		}
	case ModeRandom:
		if len(in.Rules) == 0 || len(in.Rules) > MaxRules {
			return c, httpx.Invalid("rules", "请设置1至%d条抽题规则", MaxRules)
		}
		seed := rand.Int64()
		if in.Seed != "" {
			if seed, err = strconv.ParseInt(in.Seed, 10, 64); err != nil {
				return c, httpx.Invalid("seed", "随机种子应为整数")
			}
		}
		rules := make([]question.Rule, len(in.Rules))
		for i, r := range in.Rules {
			if r.Points < 1 || r.Points > MaxPoints {
				return c, httpx.Invalid("rules", "第%d条规则的每题分值应为1至%d分", i+1, MaxPoints)
			}
			r.Tag = strings.TrimSpace(r.Tag)
			in.Rules[i] = r
			rules[i] = r.Rule
		}
		drawn, err := s.bank.Draw(ctx, idb, banks, rules, uint64(seed))
		if err != nil {
			return c, err
		}
		n := 0
		for _, r := range in.Rules {
			for range r.Count {
				points[n] = r.Points
				n++
			}
		}
		if n > MaxQuestions {
			return c, httpx.Invalid("rules", "试卷最多%d道题", MaxQuestions)
		}
		ids = drawn
		c.paper.Seed = seed
		b, _ := json.Marshal(in.Rules)
		c.paper.RulesJSON = string(b)
		c.rules = in.Rules
	default:
		return c, httpx.Invalid("mode", "请选择组卷方式")
	}
	got, err := s.bank.Get(ctx, idb, ids)
	if err != nil {
		return c, err
	}
	byID := make(map[int64]*question.Question, len(got))
	for i := range got {
		q := &got[i]
		if q.Enabled && containsID(banks, q.OrgID) {
			byID[q.ID] = q
		}
	}
	for i, id := range ids {
		q := byID[id]
		if q == nil {
			return c, httpx.Invalid("picks", "第%d题不在本党校及上级党校的题库中，或已停用", i+1)
		}
		opts, _ := json.Marshal(q.Options)
		c.questions = append(c.questions, PaperQuestion{Seq: i + 1, QuestionID: q.ID, Type: q.Type, Stem: q.Stem,
			OptionsJSON: string(opts), Options: q.Options, Answer: q.Answer, Analysis: q.Analysis, Points: points[i]})
		c.paper.Total += points[i]
	}
	c.paper.QuestionCount = len(c.questions)
	if in.PassMark < 0 || in.PassMark > c.paper.Total {
		return c, httpx.Invalid("passMark", "及格分应为0至%d分（试卷总分）", c.paper.Total)
	}
	c.paper.PassMark = in.PassMark
	return c, nil
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// PreviewPaper composes in without saving it: the random rules' draw (with
// the seed to keep it) or the picks, as the paper would hold them.
func (s *Service) PreviewPaper(ctx context.Context, in PaperInput) (PaperDetail, error) {
	c, err := s.compose(ctx, s.db, in)
	if err != nil {
		return PaperDetail{}, err
	}
	if c.rules == nil {
		c.rules = []PaperRule{}
	}
	return PaperDetail{Paper: c.paper, ModeName: ModeNames[c.paper.Mode], Rules: c.rules, Questions: c.questions}, nil
}

// detail is the composed paper as its detail shows it (the trail's view).
func (c composed) detail() PaperDetail {
	rules := c.rules
	if rules == nil {
		rules = []PaperRule{}
	}
	return PaperDetail{Paper: c.paper, ModeName: ModeNames[c.paper.Mode], Rules: rules, Questions: c.questions}
}

// CreatePaper composes and stores a paper with its questions copied.
func (s *Service) CreatePaper(ctx context.Context, in PaperInput) (PaperDetail, error) {
	c, err := s.compose(ctx, s.db, in)
	if err != nil {
		return PaperDetail{}, err
	}
	now := s.clock()
	c.paper.CreatedAt, c.paper.UpdatedAt = now, now
	d := c.detail()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.savePaper(ctx, tx, nil, &d, func(ctx context.Context) (int64, error) {
			if _, err := tx.NewInsert().Model(&d.Paper).Returning("id").Exec(ctx); err != nil {
				return 0, httpx.Internal(err)
			}
			c.paper = d.Paper
			return d.ID, insertQuestions(ctx, tx, d.ID, c.questions)
		})
	})
	if err != nil {
		return PaperDetail{}, err
	}
	return s.paperDetail(ctx, &c.paper)
}

func insertQuestions(ctx context.Context, tx bun.Tx, paperID int64, qs []PaperQuestion) error {
	for i := range qs {
		qs[i].PaperID = paperID
	}
	if _, err := tx.NewInsert().Model(&qs).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// UpdatePaper recomposes paper id; a paper a published exam uses is locked (409).
func (s *Service) UpdatePaper(ctx context.Context, id int64, in PaperInput) (PaperDetail, error) {
	cur, err := s.paper(ctx, s.db, id)
	if err != nil {
		return PaperDetail{}, err
	}
	was, err := s.paperDetail(ctx, cur)
	if err != nil {
		return PaperDetail{}, err
	}
	before, err := s.paperView(ctx, &was)
	if err != nil {
		return PaperDetail{}, err
	}
	c, err := s.compose(ctx, s.db, in)
	if err != nil {
		return PaperDetail{}, err
	}
	c.paper.ID, c.paper.CreatedAt, c.paper.UpdatedAt = id, cur.CreatedAt, s.clock()
	d := c.detail()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.savePaper(ctx, tx, before, &d, func(ctx context.Context) (int64, error) {
			res, err := tx.NewUpdate().Model(&c.paper).Column("org_id", "title", "mode", "rules", "seed", "question_count", "total", "pass_mark").
				Set("updated_at = ?", c.paper.UpdatedAt).Where("id = ?", id).Where("locked = ?", false).Exec(ctx)
			if err := record.Conditional(res, err, 1, errPaperLocked()); err != nil {
				return 0, err
			}
			if _, err := tx.NewDelete().Model((*PaperQuestion)(nil)).Where("paper_id = ?", id).Exec(ctx); err != nil {
				return 0, httpx.Internal(err)
			}
			return id, insertQuestions(ctx, tx, id, c.questions)
		})
	})
	if err != nil {
		return PaperDetail{}, err
	}
	return s.PaperDetail(ctx, id)
}

func errPaperLocked() *httpx.Error {
	return httpx.Conflict("试卷已被已发布的考试使用，不能再修改")
}

// DeletePaper deletes papers of the scope no exam uses (all or none).
func (s *Service) DeletePaper(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.allInScope(ctx, tx.NewSelect().Model((*Paper)(nil)), "p", ids, errNoPaper()); err != nil {
			return err
		}
		var gone []Paper
		if err := tx.NewSelect().Model(&gone).Where("p.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := s.deletedPapers(ctx, tx, gone); err != nil {
			return err
		}
		used, err := tx.NewSelect().Model((*Exam)(nil)).Where("x.paper_id IN (?)", bun.In(ids)).Exists(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if used {
			return httpx.Conflict("试卷已被考试使用，请先删除相应考试")
		}
		if _, err := tx.NewDelete().Model((*PaperQuestion)(nil)).Where("paper_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		_, err = tx.NewDelete().Model((*Paper)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return httpx.AsError(err)
	})
}

// allInScope checks that every id of ids names a row of q (alias: its
// table's alias, whose org_id is the scope) in the caller's scope; one
// missing or outside it is notFound, so a delete takes all or none.
func (s *Service) allInScope(ctx context.Context, q *bun.SelectQuery, alias string, ids []int64, notFound error) error {
	scope, err := s.orgs.Scoped(alias + ".org_id")(ctx)
	if err != nil {
		return err
	}
	n, err := scope(q.Where(alias+".id IN (?)", bun.In(ids))).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n != int64(len(ids)) {
		return notFound
	}
	return nil
}

// BankRow is a question of the bank as the paper editor's picker lists it.
type BankRow = question.Brief

// Bank is a page of the enabled questions a paper of organisation orgId
// (a filter, required, in the caller's scope) may use: its own bank and
// those of the organisations above it, read through the question bank's
// Pickable.
func (s *Service) Bank(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[BankRow], error) {
	id, _ := strconv.ParseInt(fmt.Sprint(lq.Filters["orgId"]), 10, 64)
	if id <= 0 {
		return httpx.PageResult[BankRow]{}, httpx.Invalid("orgId", "请选择党组织")
	}
	if err := s.orgs.Owns(ctx, "orgId", id); err != nil {
		return httpx.PageResult[BankRow]{}, err
	}
	o, err := s.orgs.Brief(ctx, id)
	if err != nil || o == nil {
		return httpx.PageResult[BankRow]{}, httpx.Invalid("orgId", "所选党组织不存在")
	}
	filters := make(map[string]any, len(lq.Filters))
	for k, v := range lq.Filters {
		if k != "orgId" {
			filters[k] = v
		}
	}
	lq.Filters = filters
	return s.bank.Pickable(ctx, org.PathIDs(o.Path), lq)
}
