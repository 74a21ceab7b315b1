package library

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/audience"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// Doc is a document to download (a row of lib_doc): a stored file published
// to an organisation's subtree and, when roles are named, only to holders of
// one of them. Downloads is counted in SQL by every download and never
// written by a form.
type Doc struct {
	bun.BaseModel `bun:"table:lib_doc,alias:d"`
	resource.Base

	OrgID     int64   `bun:"org_id" json:"orgId"`
	Category  string  `bun:"category" json:"category"`
	Title     string  `bun:"title" json:"title"`
	FileID    int64   `bun:"file_id" json:"fileId"`
	FileName  string  `bun:"file_name" json:"fileName"`
	Roles     string  `bun:"role_ids" json:"-"`
	RoleIDs   []int64 `bun:"-" json:"roleIds"`
	Downloads int64   `bun:"downloads,scanonly" json:"downloads"`
	Remark    string  `bun:"remark" json:"remark"`
}

// DocView is a document with its organisation's name and category's label.
type DocView struct {
	Doc           `bun:",extend"`
	OrgName       string `bun:"org_name,scanonly" json:"orgName"`
	CategoryLabel string `bun:"-" json:"categoryLabel"`
}

var docFields = resource.Fields[Doc]{
	{Name: "orgId", Label: "发布范围", Kind: resource.Ref, Required: true, Table: "dzz", Key: "org", Shown: "orgName"},
	{Name: "category", Label: "类别", Kind: resource.Code, Required: true, Dict: DictDocCategory, Shown: "categoryLabel"},
	{Name: "title", Label: "标题", Required: true, Max: 200},
	{Name: "remark", Label: "说明", Max: 500},
}

var docListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   {Columns: []string{"d.title", "d.file_name"}, Match: httpx.Like},
		"category": {Columns: []string{"d.category"}, Match: httpx.In},
		"orgId":    org.SubtreeFilter("d.org_id"),
	},
	Sorts:       map[string]string{"createTime": "d.created_at", "title": "d.title", "downloads": "d.downloads", "orgName": zh.Name(org.NameColumn)},
	DefaultSort: "d.created_at DESC, d.id DESC",
	Key:         "d.id",
}

// visibleSpec is the reader's list: the same filters but the organisation.
var visibleSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   docListSpec.Filters["blurry"],
		"category": docListSpec.Filters["category"],
	},
	Sorts: docListSpec.Sorts, DefaultSort: docListSpec.DefaultSort, Key: docListSpec.Key,
}

func (s *Service) docLabels(ctx context.Context) (audit.Labeller, error) {
	l, err := s.sys.DictLabels(ctx, DictDocCategory)
	return l.Label, err
}

// showDoc fills a document's labels and its roles' ids.
func showDoc(v *DocView, label audit.Labeller) {
	docShow(v, label)
	v.RoleIDs = audience.DecodeRoles(v.Roles)
}

var docShow = resource.Shows[DocView](docFields)

// docResource: the publisher's list, kept per organisation within the
// caller's scope (a 二级党委 publishes only to its own subtree).
func (s *Service) docResource() *resource.Resource[Doc, DocView] {
	return &resource.Resource[Doc, DocView]{DB: s.db, Noun: "文件", Spec: docListSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("d.org_id"), Join: org.NameJoin("d.org_id"),
		Record: func(v *DocView) *Doc { return &v.Doc },
		Labels: s.docLabels, Show: showDoc,
		Check: func(ctx context.Context, in Doc, cur *DocView) (Doc, error) {
			l, err := s.sys.DictLabels(ctx, DictDocCategory)
			if err != nil {
				return in, httpx.Internal(err)
			}
			var was *Doc
			if cur != nil {
				was = &cur.Doc
			}
			if err := docFields.Check(&in, was, l, s.today()); err != nil {
				return in, err
			}
			if err := s.orgs.Owns(ctx, "orgId", in.OrgID); err != nil {
				return in, err
			}
			if in.FileID <= 0 {
				return in, httpx.Invalid("fileId", "请上传文件")
			}
			keep := func() (*int64, string) {
				if was == nil {
					return nil, ""
				}
				return &was.FileID, was.FileName
			}
			if in.FileName, err = s.fileName(ctx, &in.FileID, keep); err != nil {
				return in, err
			}
			if in.RoleIDs == nil && was != nil {
				in.Roles = was.Roles
			} else if in.Roles, err = audience.CheckRoles(ctx, s.sys, s.db, in.RoleIDs); err != nil {
				return in, err
			}
			return in, nil
		},
	}
}

// VisibleDocs is a page of the documents the caller may download: those
// published to their organisation or one above it, for every role or one
// they hold.
func (s *Service) VisibleDocs(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[DocView], error) {
	rd, err := s.readerOf(ctx)
	if err != nil {
		return httpx.PageResult[DocView]{}, err
	}
	label, err := s.docLabels(ctx)
	if err != nil {
		return httpx.PageResult[DocView]{}, httpx.Internal(err)
	}
	q := org.NameJoin("d.org_id")(s.db.NewSelect().Model((*DocView)(nil)).ColumnExpr("d.*"))
	q = docsOf(rd, q.QueryBuilder()).Unwrap().(*bun.SelectQuery)
	return httpx.PagedEach[DocView](ctx, q, visibleSpec, lq, func(v *DocView) { showDoc(v, label) })
}

var errNoDoc = httpx.NotFound("文件不存在")

// handleDocDownload serves a document the caller may read: a download
// counts it (atomically, in the same statement that checks the caller may
// read it); a view (inline, a PDF in the browser) does not, as a viewer asks
// for ranges many times. A publisher may also read the documents of their
// scope.
func (s *Service) handleDocDownload(inline bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoDoc)
		if err != nil {
			return err
		}
		fileID, err := s.docFile(r.Context(), id, !inline)
		if err != nil {
			return err
		}
		return s.sys.ServeFile(w, r, fileID, inline)
	}
}

// docFile is the stored file of document id when the caller may read it
// (404 otherwise), counting a download when count.
func (s *Service) docFile(ctx context.Context, id int64, count bool) (int64, error) {
	rd, err := s.readerOf(ctx)
	if err != nil {
		return 0, err
	}
	var fileIDs []int64
	if count {
		q := s.db.NewUpdate().Model((*Doc)(nil)).Set("downloads = downloads + 1").Where("d.id = ?", id)
		q = s.readable(ctx, rd, q.QueryBuilder()).Unwrap().(*bun.UpdateQuery)
		err = q.Returning("file_id").Scan(ctx, &fileIDs)
	} else {
		q := s.db.NewSelect().Model((*Doc)(nil)).Column("d.file_id").Where("d.id = ?", id)
		q = s.readable(ctx, rd, q.QueryBuilder()).Unwrap().(*bun.SelectQuery)
		err = q.Scan(ctx, &fileIDs)
	}
	if err != nil {
		return 0, httpx.Internal(err)
	}
	if len(fileIDs) == 0 {
		return 0, errNoDoc
	}
	return fileIDs[0], nil
}

// readable restricts q to the documents the reader sees, or, for a
// publisher (wjxz:edit), those of their organisation scope too.
func (s *Service) readable(ctx context.Context, rd audience.Reader, q bun.QueryBuilder) bun.QueryBuilder {
	if rd.All || !rbac.From(ctx).Has(DocPerms.Edit) {
		return docsOf(rd, q)
	}
	scope, err := s.orgs.ScopeOf(ctx)
	if err != nil { // read as a reader only
		return docsOf(rd, q)
	}
	if scope.All {
		return q
	}
	return q.WhereGroup(" AND ", func(g bun.QueryBuilder) bun.QueryBuilder {
		g = g.WhereOr("d.org_id IN (?)", bun.In(append(scope.OrgIDs, 0)))
		return g.WhereGroup(" OR ", func(g bun.QueryBuilder) bun.QueryBuilder { return docsOf(rd, g) })
	})
}

// docsOf restricts q to the rows of lib_doc (alias d) rd may see.
func docsOf(rd audience.Reader, q bun.QueryBuilder) bun.QueryBuilder {
	return rd.Where(q, "d.org_id", "d.role_ids")
}
