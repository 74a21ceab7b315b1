package library

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/audience"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/richtext"
)

// Help is a section of the manual (a row of lib_help): rich text, in the
// order of Sort, shown to holders of one of its roles (every role when none
// is named).
type Help struct {
	bun.BaseModel `bun:"table:lib_help,alias:h"`
	resource.Base

	Title   string  `bun:"title" json:"title"`
	Sort    int     `bun:"sort" json:"sort"`
	Roles   string  `bun:"role_ids" json:"-"`
	RoleIDs []int64 `bun:"-" json:"roleIds"`
	Body    string  `bun:"body" json:"body"`
}

// HelpView is a section as the maintainers' list shows it.
type HelpView struct {
	Help `bun:",extend"`
}

var helpFields = resource.Fields[Help]{
	{Name: "title", Label: "章节标题", Required: true, Max: 100},
	{Name: "sort", Label: "排序", Kind: resource.Int},
	{Name: "body", Label: "内容", Required: true, Max: maxBody},
}

var helpListSpec = httpx.ListSpec{
	Filters:     map[string]httpx.Filter{"blurry": {Columns: []string{"h.title"}, Match: httpx.Like}},
	Sorts:       map[string]string{"sort": "h.sort", "title": "h.title"},
	DefaultSort: "h.sort ASC, h.id ASC",
	Key:         "h.id",
}

func (s *Service) helpResource() *resource.Resource[Help, HelpView] {
	return &resource.Resource[Help, HelpView]{DB: s.db, Noun: "帮助章节", Spec: helpListSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope:  everyone,
		Record: func(v *HelpView) *Help { return &v.Help },
		Show:   func(v *HelpView, _ audit.Labeller) { v.RoleIDs = audience.DecodeRoles(v.Roles) },
		Check: func(ctx context.Context, in Help, cur *HelpView) (Help, error) {
			var was *Help
			if cur != nil {
				was = &cur.Help
			}
			if err := helpFields.Check(&in, was, nil, s.today()); err != nil {
				return in, err
			}
			in.Body = richtext.Sanitize(in.Body)
			if richtext.Text(in.Body) == "" {
				return in, httpx.Invalid("body", "请输入内容")
			}
			var err error
			if in.RoleIDs == nil && was != nil {
				in.Roles = was.Roles
			} else if in.Roles, err = audience.CheckRoles(ctx, s.sys, s.db, in.RoleIDs); err != nil {
				return in, err
			}
			return in, nil
		},
	}
}

// HelpSection is a section of the caller's manual.
type HelpSection struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	Body  string `json:"body"`
}

// maxSections bounds the manual read at once.
const maxSections = 200

// MyHelp is the manual for the caller's roles, in order: the sections kept
// for every role and those for a role they hold (every section for an
// administrator).
func (s *Service) MyHelp(ctx context.Context) ([]HelpSection, error) {
	rd, err := s.readerOf(ctx)
	if err != nil {
		return nil, err
	}
	var rows []Help
	q := s.db.NewSelect().Model(&rows).Column("id", "title", "body").OrderExpr("h.sort ASC, h.id ASC").Limit(maxSections)
	q = rd.WhereRoles(q.QueryBuilder(), "h.role_ids").Unwrap().(*bun.SelectQuery)
	if err := q.Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]HelpSection, len(rows))
	for i, h := range rows {
		// Sanitised when saved; again on the way out, as the page renders it.
		out[i] = HelpSection{ID: h.ID, Title: h.Title, Body: richtext.Sanitize(h.Body)}
	}
	return out, nil
}
