package question

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/zh"
)

// TrailModule is the question bank's module id in the change trail.
const TrailModule = 80

// fields are the question's fields in the form's order, for its change
// trail (each value as people read it: the type and difficulty by name,
// the options lettered, the key as the export writes it).
var fields = resource.Fields[Question]{
	{Name: "orgId", Label: "所属党校", Kind: resource.Ref, Table: "dzz", Key: "org"},
	{Name: "type", Label: "题型", Kind: resource.Int, Trail: func(v any) string { return TypeNames[v.(int)] }},
	{Name: "stem", Label: "题干"},
	{Name: "options", Label: "选项", Trail: func(v any) string { return describeOptions(v.([]Option)) }},
	{Name: "answer", Label: "答案"},
	{Name: "analysis", Label: "解析"},
	{Name: "tags", Label: "知识点"},
	{Name: "difficulty", Label: "难度", Kind: resource.Int, Trail: func(v any) string { return DifficultyNames[v.(int)] }},
	{Name: "enabled", Label: "状态", Trail: func(v any) string { return enabledNames[v.(bool)] }},
}

var enabledNames = map[bool]string{true: "启用", false: "停用"}

// describeOptions writes options as one text: "A. 一；B. 二".
func describeOptions(opts []Option) string {
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = o.Key + ". " + o.Text
	}
	return strings.Join(parts, "；")
}

// listSpec: the filters of the 题库 page. blurry searches the stems
// (through their text-search index); tag is a question with that knowledge
// tag (dx_question_tag); orgId is the school's own bank (not those below).
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":     {Columns: []string{"q.stem"}, Match: httpx.Text, Search: []search.On{{Index: stemSearch, Alias: "q"}}},
		"type":       {Columns: []string{"q.type"}, Match: httpx.In, Kind: httpx.Int},
		"difficulty": {Columns: []string{"q.difficulty"}, Match: httpx.In, Kind: httpx.Int},
		"enabled":    {Columns: []string{"q.enabled"}, Kind: httpx.Bool},
		"orgId":      {Columns: []string{"q.org_id"}, Kind: httpx.Int},
		"tag":        {Columns: []string{"q.id IN (SELECT question_id FROM dx_question_tag WHERE tag = ?)"}, Match: httpx.Expr},
	},
	Sorts: map[string]string{"type": "q.type", "difficulty": "q.difficulty", "orgName": zh.Name(org.NameColumn),
		"createTime": "q.created_at", "updateTime": "q.updated_at"},
	DefaultSort: "q.id DESC",
	Key:         "q.id",
}

// resource declares the bank: questions kept per school (organisation),
// seen within the caller's organisation scope, with their tag rows written
// in the same transaction.
func (s *Service) resource() *resource.Resource[Question, View] {
	return &resource.Resource[Question, View]{DB: s.db, Noun: "题目", Spec: listSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("q.org_id"), Join: org.NameJoin("q.org_id"),
		Anchor: "org_id", AnchorScope: s.orgs.Scoped,
		Record: func(v *View) *Question { return &v.Question },
		Show:   func(v *View, _ audit.Labeller) { v.show() },
		Check: func(ctx context.Context, in Question, _ *View) (Question, error) {
			if err := Check(&in); err != nil {
				return in, err
			}
			return in, s.ownsSchool(ctx, in.OrgID)
		},
		AfterSave: saveTags,
		Trail:     fields.Decl(TrailModule, "题目"), TrailName: "q.stem", TrailView: fields.TrailView,
		Export: resource.Export[View]{Title: "题库", Columns: exportColumns()},
	}
}

// show fills a view's names.
func (v *View) show() {
	v.TypeName, v.DifficultyName = TypeNames[v.Type], DifficultyNames[v.Difficulty]
}

// schoolTypes are the organisations that keep a bank: the university's
// committee (the party school of the 组织部) and the secondary committees
// (their branch schools).
var schoolTypes = []string{org.TypeCommittee, org.TypeSecondaryCommittee}

// ownsSchool is nil when id is a 党委 or 二级党委 of the caller's scope,
// else a 400 on orgId.
func (s *Service) ownsSchool(ctx context.Context, id int64) error {
	if id <= 0 {
		return httpx.Invalid("orgId", "请选择所属党校（党委或二级党委）")
	}
	o, err := s.orgs.BriefInScope(ctx, id)
	if err != nil {
		return httpx.Internal(err)
	}
	if o == nil {
		return httpx.Invalid("orgId", "所选党组织不存在")
	}
	return schoolType(o.Type, o.Name)
}

// schoolType refuses an organisation that keeps no bank.
func schoolType(typ, name string) error {
	for _, t := range schoolTypes {
		if typ == t {
			return nil
		}
	}
	return httpx.Invalid("orgId", "“%s”不是党委或二级党委，题库只属于党委（党校）或二级党委（分党校）", name)
}

// saveTags replaces the question's tag rows by its Tags (in the write's
// transaction), so that the tag filter and the draws by tag see what the
// question shows.
func saveTags(ctx context.Context, tx bun.IDB, q *Question) error {
	if _, err := tx.NewDelete().Model((*Tag)(nil)).Where("question_id = ?", q.ID).Exec(ctx); err != nil {
		return httpx.Internal(fmt.Errorf("question %d tags: %w", q.ID, err))
	}
	if q.Tags == "" {
		return nil
	}
	tags := strings.Split(q.Tags, TagSeparator)
	rows := make([]Tag, len(tags))
	for i, t := range tags {
		rows[i] = Tag{QuestionID: q.ID, Tag: t}
	}
	if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
		return httpx.Internal(fmt.Errorf("question %d tags: %w", q.ID, err))
	}
	return nil
}
