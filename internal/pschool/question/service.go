package question

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Service keeps the question bank.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	orgs      *org.Service
	now       func() time.Time
	questions *resource.Resource[Question, View]
}

// New returns the question bank's service (now nil: the wall clock, UTC).
func New(db *bun.DB, sys *system.Service, orgs *org.Service, now func() time.Time) *Service {
	if now == nil {
		now = func() time.Time { return time.Now().UTC() }
	}
	s := &Service{db: db, sys: sys, orgs: orgs, now: now}
	s.questions = s.resource()
	return s
}

// Get reads the questions of ids (any order; a missing id is left out),
// with their options and keys, for the exam module's papers.
func (s *Service) Get(ctx context.Context, idb bun.IDB, ids []int64) ([]Question, error) {
	if len(ids) == 0 {
		return []Question{}, nil
	}
	var list []Question
	if err := idb.NewSelect().Model(&list).Where("q.id IN (?)", bun.In(ids)).OrderExpr("q.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range list {
		if err := list[i].decode(); err != nil {
			return nil, httpx.Internal(err)
		}
	}
	return list, nil
}

// Rule is one rule of a random paper: Count questions of Type, with Tag
// when set, of Difficulty when not 0.
type Rule struct {
	Type       int    `json:"type"`
	Tag        string `json:"tag"`
	Difficulty int    `json:"difficulty"`
	Count      int    `json:"count"`
}

// MaxDraw bounds the questions one rule may draw.
const MaxDraw = 200

// Draw picks the questions of a random paper from the enabled questions of
// the organisations orgIDs (a school draws from its own bank and the
// university's): for each rule in order, Count of those matching it and not
// drawn by an earlier rule. The same bank and seed give the same draw: the
// candidates are taken in id order and shuffled by a generator seeded with
// seed and the rule's place. A rule the bank cannot fill is a 400 naming it
// (field rules[i]).
func (s *Service) Draw(ctx context.Context, idb bun.IDB, orgIDs []int64, rules []Rule, seed uint64) ([]int64, error) {
	var drawn []int64
	taken := map[int64]bool{}
	for i, r := range rules {
		field := fmt.Sprintf("rules[%d]", i)
		if r.Count < 1 || r.Count > MaxDraw {
			return nil, httpx.Invalid(field, "每条规则抽取1至%d题", MaxDraw)
		}
		if _, ok := TypeNames[r.Type]; !ok {
			return nil, httpx.Invalid(field, "题型不正确")
		}
		if r.Difficulty != 0 && (r.Difficulty < DifficultyMin || r.Difficulty > DifficultyMax) {
			return nil, httpx.Invalid(field, "难度不正确")
		}
		q := idb.NewSelect().Table("dx_question").Column("id").Where("enabled = ?", true).
			Where("type = ?", r.Type).Where("org_id IN (?)", bun.In(orgIDs)).OrderExpr("id")
		if r.Difficulty != 0 {
			q.Where("difficulty = ?", r.Difficulty)
		}
		if r.Tag != "" {
			q.Where("id IN (SELECT question_id FROM dx_question_tag WHERE tag = ?)", r.Tag)
		}
		var ids []int64
		if len(orgIDs) > 0 {
			if err := q.Scan(ctx, &ids); err != nil {
				return nil, httpx.Internal(err)
			}
		}
		free := ids[:0]
		for _, id := range ids {
			if !taken[id] {
				free = append(free, id)
			}
		}
		if len(free) < r.Count {
			return nil, httpx.Invalid(field, "题库中符合条件（%s）的题目只有%d道，不足%d道", r.describe(), len(free), r.Count)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		rng.Shuffle(len(free), func(a, b int) { free[a], free[b] = free[b], free[a] })
		for _, id := range free[:r.Count] {
			taken[id] = true
			drawn = append(drawn, id)
		}
	}
	return drawn, nil
}

// describe names a rule's conditions in Chinese.
func (r Rule) describe() string {
	d := TypeNames[r.Type]
	if r.Tag != "" {
		d += "、知识点“" + r.Tag + "”"
	}
	if r.Difficulty != 0 {
		d += "、难度" + DifficultyNames[r.Difficulty]
	}
	return d
}

// Module describes the question bank (it works on a nil service).
func (s *Service) Module() module.Module {
	return module.Module{Name: "question", Migrations: Migrations(), Routes: s.Routes,
		Imports: []module.ImportKind{s.importKind()}, Menus: menus(), Trail: TrailModule}
}

// Routes registers the 题库 page's routes under /api/tk (list, export,
// detail, create, update — enabling and disabling a question is an update
// of enabled —, delete, the trails and the restore), each with its
// permission (Perms).
func (s *Service) Routes(rs *httpx.Routes) {
	s.questions.Routes(rs.In("题库"), "/api/tk", Perms, resource.Replace(resource.ListRoute, "查询", httpx.ReadList(s.List)))
}

// Levels of the 题库 list (filter level): the banks of the caller's scope
// (本级, the default), those of the organisations above it (上级), or both.
const (
	LevelOwn   = "own"
	LevelAbove = "above"
	LevelAll   = "all"
)

// List is a page of the 题库: the caller's own banks, and with level
// above or all the banks of the organisations above its scope, marked
// Above — read only: every other route keeps the caller's own scope, so
// an edit, delete, detail or trail of such a question is a 404.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	level, _ := lq.Filters["level"].(string)
	if level == "" {
		level = LevelOwn
	}
	if level != LevelOwn && level != LevelAbove && level != LevelAll {
		return httpx.PageResult[View]{}, httpx.Invalid("level", "范围应为本级、上级或全部")
	}
	filters := make(map[string]any, len(lq.Filters))
	for k, v := range lq.Filters {
		if k != "level" {
			filters[k] = v
		}
	}
	lq.Filters = filters
	var above []int64
	if level != LevelOwn {
		var err error
		if above, err = s.orgs.Above(ctx); err != nil {
			return httpx.PageResult[View]{}, err
		}
	}
	if level == LevelOwn || (level == LevelAll && len(above) == 0) { // nothing above: the whole university's scope
		return s.questions.List(ctx, lq)
	}
	wider := *s.questions
	wider.Scope = func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		own, err := s.questions.Scope(ctx)
		if err != nil {
			return nil, err
		}
		return func(q *bun.SelectQuery) *bun.SelectQuery {
			if level == LevelAbove {
				return q.Where("q.org_id IN (?)", bun.List(append([]int64{0}, above...)))
			}
			return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
				// own(g) ANDs the caller's scope onto g; the banks above are its alternative.
				return own(g).WhereOr("q.org_id IN (?)", bun.List(append([]int64{0}, above...)))
			})
		}, nil
	}
	page, err := wider.List(ctx, lq)
	if err != nil {
		return page, err
	}
	isAbove := make(map[int64]bool, len(above))
	for _, id := range above {
		isAbove[id] = true
	}
	for i := range page.Content {
		page.Content[i].Above = isAbove[page.Content[i].OrgID]
	}
	return page, nil
}
