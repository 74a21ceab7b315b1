package content

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/audience"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/richtext"
	"zhdj/internal/platform/zh"
)

// Kinds of item: one model, two pages.
const (
	KindNews    = "NEWS"    // 党务新闻
	KindArticle = "ARTICLE" // 文章
)

// States of an item: a draft is submitted for review, then published (or
// sent back to a draft); a published item may be withdrawn, then edited
// and submitted again.
const (
	StateDraft     = "DRAFT"
	StatePending   = "PENDING"
	StatePublished = "PUBLISHED"
	StateWithdrawn = "WITHDRAWN"
)

// States in the flow's order; Kinds in the pages' order.
var (
	States = []string{StateDraft, StatePending, StatePublished, StateWithdrawn}
	Kinds  = []string{KindNews, KindArticle}
)

// StateLabels name the states (generated for the web).
var StateLabels = map[string]string{StateDraft: "草稿", StatePending: "待审核", StatePublished: "已发布", StateWithdrawn: "已撤回"}

// KindLabels name the kinds.
var KindLabels = map[string]string{KindNews: "党务新闻", KindArticle: "文章"}

// Item is a news item or an article (a row of cms_item). OrgID is its
// audience: the subtree of that organisation (the author's scope by
// default), and when roles are named only holders of one of them. The
// state and its times are written by the flow's statements only.
type Item struct {
	bun.BaseModel `bun:"table:cms_item,alias:i"`
	resource.Base

	Kind        string     `bun:"kind" json:"kind"`
	Column      string     `bun:"column_code" json:"column"`
	Title       string     `bun:"title" json:"title"`
	Summary     string     `bun:"summary" json:"summary"`
	Body        string     `bun:"body" json:"body"`
	OrgID       int64      `bun:"org_id" json:"orgId"`
	AuthorOrgID *int64     `bun:"author_org_id" json:"authorOrgId"`
	AuthorID    *int64     `bun:"author_id" json:"-"`
	AuthorName  string     `bun:"author_name" json:"authorName"`
	Roles       string     `bun:"role_ids" json:"-"`
	RoleIDs     []int64    `bun:"-" json:"roleIds"`
	PinnedUntil *date.Date `bun:"pinned_until" json:"pinnedUntil"`

	State       string     `bun:"state,scanonly" json:"state"`
	SubmittedAt *time.Time `bun:"submitted_at,scanonly" json:"submittedAt"`
	PublishedAt *time.Time `bun:"published_at,scanonly" json:"publishedAt"`
	Reviewer    string     `bun:"reviewer,scanonly" json:"reviewer"`
	ReviewNote  string     `bun:"review_note,scanonly" json:"reviewNote"`
}

// ItemView is an item with its audience's name and its labels.
type ItemView struct {
	Item        `bun:",extend"`
	OrgName     string `bun:"org_name,scanonly" json:"orgName"`
	ColumnLabel string `bun:"-" json:"columnLabel"`
	StateLabel  string `bun:"-" json:"stateLabel"`
	// Pinned: placed on top today (pinnedUntil not passed).
	Pinned bool `bun:"-" json:"pinned"`
}

// Bounds of an item's texts.
const (
	maxBody    = 200000
	maxSummary = 500
	// MaxTitle bounds a title (characters).
	MaxTitle = 200
)

// kindPerms are the permissions of one kind's page.
type kindPerms struct {
	resource.Perms
	Publish string
}

func permsFor(prefix string) resource.Perms { return resource.PermsFor(prefix) }

// kind is what differs between news and articles.
type kind struct {
	code  string
	noun  string
	dict  string
	base  string
	perms kindPerms
}

var (
	newsKind    = kind{code: KindNews, noun: "新闻", dict: DictNewsColumn, base: "/api/dwxw", perms: NewsPerms}
	articleKind = kind{code: KindArticle, noun: "文章", dict: DictArticleColumn, base: "/api/wzgl", perms: ArticlePerms}
)

func kindOf(code string) (kind, bool) {
	switch code {
	case KindNews:
		return newsKind, true
	case KindArticle:
		return articleKind, true
	}
	return kind{}, false
}

func (k kind) fields() resource.Fields[Item] {
	return resource.Fields[Item]{
		{Name: "column", Label: "栏目", Kind: resource.Code, Required: true, Dict: k.dict, Shown: "columnLabel", Export: 12},
		{Name: "title", Label: "标题", Required: true, Max: MaxTitle, Export: 40},
		{Name: "summary", Label: "摘要", Max: maxSummary, Export: 50},
		{Name: "body", Label: "正文", Max: maxBody},
	}
}

var itemListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"i.title", "i.summary"}, Match: httpx.Like},
		"column": {Columns: []string{"i.column_code"}, Match: httpx.In},
		"state":  {Columns: []string{"i.state"}, Match: httpx.In},
		"orgId":  org.SubtreeFilter("i.org_id"),
	},
	Sorts: map[string]string{"createTime": "i.created_at", "publishedAt": "i.published_at", "title": "i.title",
		"orgName": zh.Name(org.NameColumn)},
	DefaultSort: "i.created_at DESC, i.id DESC",
	Key:         "i.id",
}

// show fills a view's labels, roles and whether it is on top today.
func show(v *ItemView, label audit.Labeller, today date.Date) {
	v.StateLabel = StateLabels[v.State]
	v.RoleIDs = audience.DecodeRoles(v.Roles)
	v.Pinned = v.PinnedUntil != nil && !v.PinnedUntil.Before(today)
	if label != nil {
		v.ColumnLabel = label(v.dictOf(), v.Column)
	}
}

func (v *ItemView) dictOf() string {
	k, _ := kindOf(v.Kind)
	return k.dict
}

func (s *Service) labels(k kind) func(ctx context.Context) (audit.Labeller, error) {
	return func(ctx context.Context) (audit.Labeller, error) {
		l, err := s.sys.DictLabels(ctx, k.dict)
		return l.Label, err
	}
}

// itemResource is one kind's staff list: the items addressed within the
// caller's organisation scope.
func (s *Service) itemResource(k kind) *resource.Resource[Item, ItemView] {
	fields := k.fields()
	export := []resource.Column[ItemView]{
		{Header: "栏目", Width: 12, Cell: func(v *ItemView) any { return v.ColumnLabel }},
		{Header: "标题", Width: 40, Cell: func(v *ItemView) any { return v.Title }},
		{Header: "摘要", Width: 60, Cell: func(v *ItemView) any { return v.Summary }},
		{Header: "发布范围", Width: 24, Cell: func(v *ItemView) any { return v.OrgName }},
		{Header: "作者", Width: 12, Cell: func(v *ItemView) any { return v.AuthorName }},
		{Header: "状态", Width: 10, Cell: func(v *ItemView) any { return v.StateLabel }},
		{Header: "发布时间", Width: 20, Cell: func(v *ItemView) any { return stamp(v.PublishedAt) }},
	}
	scoped := s.orgs.Scoped("i.org_id")
	return &resource.Resource[Item, ItemView]{DB: s.db, Noun: k.noun, Spec: itemListSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
			in, err := scoped(ctx)
			if err != nil {
				return nil, err
			}
			return func(q *bun.SelectQuery) *bun.SelectQuery { return in(q).Where("i.kind = ?", k.code) }, nil
		},
		Join:   org.NameJoin("i.org_id"),
		Record: func(v *ItemView) *Item { return &v.Item },
		Labels: s.labels(k),
		Show:   func(v *ItemView, label audit.Labeller) { show(v, label, s.today()) },
		Export: resource.Export[ItemView]{Title: k.noun, Columns: export},
		Check: func(ctx context.Context, in Item, cur *ItemView) (Item, error) {
			return s.checkItem(ctx, k, fields, in, cur)
		},
		BeforeUpdate: func(ctx context.Context, _ bun.IDB, cur *ItemView, _ *Item) error {
			return editable(cur.State)
		},
		BeforeDelete: s.beforeDelete,
		AfterSave: func(ctx context.Context, tx bun.IDB, m *Item) error {
			return s.sys.DropAttachmentsBut(ctx, tx, attachModule(k), m.ID, FileImage, shownImages(m.ID, m.Body))
		},
	}
}

// editable refuses a change of an item under review or published: the
// reviewer decides on what was submitted, readers read what was published.
func editable(state string) error {
	if state == StateDraft || state == StateWithdrawn {
		return nil
	}
	return httpx.Conflict("%s的内容不能修改或删除，请先撤回", StateLabels[state])
}

// checkItem validates a body: the generic field checks, the body
// sanitised (and the summary taken from its words when empty), the
// audience within the caller's scope (their own organisation by default),
// the roles known; the author is the creator's and stays.
func (s *Service) checkItem(ctx context.Context, k kind, fields resource.Fields[Item], in Item, cur *ItemView) (Item, error) {
	l, err := s.sys.DictLabels(ctx, k.dict)
	if err != nil {
		return in, httpx.Internal(err)
	}
	var was *Item
	if cur != nil {
		was = &cur.Item
	}
	in.Kind = k.code
	in.Body = richtext.Sanitize(in.Body)
	in.Summary = richtext.Text(richtext.Sanitize(in.Summary))
	if err := fields.Check(&in, was, l, s.today()); err != nil {
		return in, err
	}
	text := richtext.Text(in.Body)
	if text == "" && !hasImage(in.Body) {
		return in, httpx.Invalid("body", "请输入正文")
	}
	if in.Summary == "" {
		in.Summary = clip(text, 120)
	}
	p := rbac.From(ctx)
	if in.OrgID == 0 {
		if was != nil {
			in.OrgID = was.OrgID
		} else if p != nil && p.OrgID != nil {
			in.OrgID = *p.OrgID
		} else {
			return in, httpx.Invalid("orgId", "请选择发布范围")
		}
	}
	if err := s.orgs.Owns(ctx, "orgId", in.OrgID); err != nil {
		return in, err
	}
	if in.RoleIDs == nil && was != nil {
		in.Roles = was.Roles
	} else if in.Roles, err = audience.CheckRoles(ctx, s.sys, s.db, in.RoleIDs); err != nil {
		return in, err
	}
	if was != nil {
		in.AuthorID, in.AuthorName, in.AuthorOrgID = was.AuthorID, was.AuthorName, was.AuthorOrgID
	} else if p != nil {
		id := p.UserID
		in.AuthorID, in.AuthorOrgID = &id, p.OrgID
		if in.AuthorName, err = s.nameOf(ctx, p); err != nil {
			return in, err
		}
	}
	return in, nil
}

// nameOf is the caller's display name (the account's nick name, else its
// user name).
func (s *Service) nameOf(ctx context.Context, p *rbac.Principal) (string, error) {
	if p.UserID == 0 {
		return p.Username, nil
	}
	names, err := s.sys.NickNames(ctx, s.db, []int64{p.UserID})
	if err != nil {
		return "", err
	}
	if n := names[p.UserID]; n != "" {
		return n, nil
	}
	return p.Username, nil
}

// beforeDelete: only drafts and withdrawn items go, with their receipts
// and attachment rows; the stored files (attachments and the body's
// pictures) go once the delete has committed, so a rollback keeps them.
func (s *Service) beforeDelete(ctx context.Context, tx bun.IDB, ids []int64) error {
	n, err := tx.NewSelect().Model((*Item)(nil)).Where("i.id IN (?)", bun.In(ids)).
		Where("i.state NOT IN (?)", bun.In([]string{StateDraft, StateWithdrawn})).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Conflict("待审核或已发布的内容不能删除，请先撤回")
	}
	if _, err := tx.NewDelete().TableExpr("cms_read").Where("item_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	for _, k := range []kind{newsKind, articleKind} {
		if err := s.sys.DropAttachments(ctx, tx, attachModule(k), ids); err != nil {
			return err
		}
	}
	return nil
}

func stamp(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(date.China).Format("2006-01-02 15:04")
}

// clip is s cut to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// shownImage is a picture of an item's body as ImagePath writes it.
var shownImage = regexp.MustCompile(`/api/content/items/([0-9]+)/images/([0-9]+)`)

// shownImages are the picture attachments item id's sanitised body shows:
// a saved body keeps those, and the pictures taken out of it go.
func shownImages(id int64, html string) []int64 {
	var out []int64
	for _, m := range shownImage.FindAllStringSubmatch(html, -1) {
		item, _ := strconv.ParseInt(m[1], 10, 64)
		aid, err := strconv.ParseInt(m[2], 10, 64)
		if item == id && err == nil {
			out = append(out, aid)
		}
	}
	return out
}

// hasImage tells whether sanitised html shows a picture (a body of pictures only has no words).
func hasImage(html string) bool { return strings.Contains(html, "<img") }
