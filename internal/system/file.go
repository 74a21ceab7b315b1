package system

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/uniq"
)

// fileCSP is sent with every stored file we serve: even if a file manages to
// be rendered as a page, it runs no script and loads nothing.
const fileCSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

func (s *Service) fileRoutes(rs *httpx.Routes) {
	rs.Post("/api/file/upload", httpx.SignedIn, "上传", s.handleUpload)
	rs.Get("/api/file/download", httpx.SignedIn, "下载", s.handleFile(false))
	rs.Get("/api/file/view", httpx.SignedIn, "预览", s.handleFile(true))
	rs.Get("/api/file/public/{name}", httpx.Public, "查看公开文件", s.handlePublicFile)
	rs.Get("/api/file", "file:list", "查询", httpx.ReadList(s.ListFiles))
	rs.Get("/api/file/modules", "file:list", "查询模块", httpx.Read(s.fileModuleOptions))
	rs.Delete("/api/file", "file:del", "删除", httpx.IDsAction(s.DeleteFiles))
}

// fileListSpec declares the filters and sorts of the file list.
var fileListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":     {Columns: []string{"f.original_name"}, Match: httpx.Text, Search: []search.On{{Index: fileSearch, Alias: "f"}}},
		"moduleName": {Columns: []string{"f.module_name"}},
		"tag":        {Columns: []string{"f.tag"}},
		"uploader":   {Columns: []string{"u.username", "u.nick_name"}, Match: httpx.Text, Search: []search.On{{Index: userSearch, Alias: "u"}}},
		"uploaderId": {Columns: []string{"f.uploader_id"}, Kind: httpx.Int},
		"isPublic":   {Columns: []string{"f.is_public"}, Kind: httpx.Bool},
		"createTime": {Columns: []string{"f.created_at"}, Match: httpx.Range, Kind: httpx.Time}, // createTimeFrom, createTimeTo
	},
	Sorts: map[string]string{
		"id": "f.id", "createTime": "f.created_at", "size": "f.size", "name": "f.original_name",
	},
	Key:         "f.id",
	DefaultSort: "f.id DESC",
}

// ListFiles is a page of uploaded files with the uploader's name and the
// readable names of their module, tag and type.
func (s *Service) ListFiles(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[File], error) {
	q := s.db.NewSelect().Model((*File)(nil)).
		ColumnExpr("f.*").ColumnExpr("COALESCE(u.nick_name, '') AS uploader_name").
		Join("LEFT JOIN sys_user AS u ON u.id = f.uploader_id")
	return httpx.PagedEach[File](ctx, q, fileListSpec, lq, s.labelFile)
}

// FileModuleOption is a choice of the 模块 filter of 文件管理.
type FileModuleOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// fileModuleOptions are the named module keys, for the 模块 filter.
func (s *Service) fileModuleOptions(context.Context) ([]FileModuleOption, error) {
	mods := s.FileModules()
	out := make([]FileModuleOption, len(mods))
	for i, m := range mods {
		out[i] = FileModuleOption{Value: m.Key, Label: m.Title}
	}
	return out, nil
}

// errNoFile is the one answer for a file that is missing or not the caller's
// to read, so that ids cannot be probed.
var errNoFile = httpx.NotFound("文件不存在")

// FileForRead loads a file the caller may read: their own upload, a public
// file, or any file for holders of file:list.
func (s *Service) FileForRead(ctx context.Context, id int64) (*File, error) {
	f := new(File)
	err := s.db.NewSelect().Model(f).Where("f.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoFile
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	p := rbac.From(ctx)
	own := p != nil && f.UploaderID != nil && *f.UploaderID == p.UserID
	if !own && !f.IsPublic && !p.Has("file:list") {
		return nil, errNoFile
	}
	return f, nil
}

// DeleteFiles removes file records and their bytes.
func (s *Service) DeleteFiles(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	var list []File
	if err := s.db.NewSelect().Model(&list).Where("f.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(list) != len(ids) {
		return errNoFile
	}
	for i := range list {
		if err := s.removeFileRow(ctx, &list[i]); db.IsForeignKeyViolation(err) {
			return httpx.BadRequest("文件“%s”正在被使用，不能删除", list[i].OriginalName)
		} else if err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}

func (s *Service) handleUpload(w http.ResponseWriter, r *http.Request) error {
	f, err := s.SaveUpload(r, UploadOptions{Field: "file"})
	if err != nil {
		return err
	}
	return httpx.Created(w, f)
}

// handleFile serves GET /api/file/download (always an attachment) and
// /api/file/view (inline for the safe types) for ?id=.
func (s *Service) handleFile(view bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
		if err != nil || id <= 0 {
			return httpx.BadRequest("请提供文件编号")
		}
		f, err := s.FileForRead(r.Context(), id)
		if err != nil {
			return err
		}
		return s.serveFile(w, r, f, view, "")
	}
}

// handlePublicFile serves a public file (avatar, logo) by its random stored
// name without a session. Anything not marked public does not exist here.
func (s *Service) handlePublicFile(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "name")
	if name == "" || len(name) > 100 {
		return errNoFile
	}
	f := new(File)
	err := s.db.NewSelect().Model(f).Where("f.stored_name = ?", name).Where("f.is_public = ?", true).Scan(r.Context())
	if errors.Is(err, sql.ErrNoRows) {
		return errNoFile
	} else if err != nil {
		return httpx.Internal(err)
	}
	// The name is random and never reused, so the bytes behind it never change.
	return s.serveFile(w, r, f, true, "public, max-age=86400")
}

// serveFile streams f (with range support). inline is honoured only for the
// extensions in InlineTypes, with their fixed content type; everything else
// is an attachment. cacheControl, when not "", replaces the API's no-store.
func (s *Service) serveFile(w http.ResponseWriter, r *http.Request, f *File, inline bool, cacheControl string) error {
	rd, err := s.store.Open(r.Context(), f.StoredName)
	if err != nil {
		// A row without bytes (lost store, half-finished restore) is a missing file.
		return errNoFile
	}
	defer rd.Close()
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(f.StoredName)), ".")
	h := w.Header()
	if ctype, ok := InlineTypes[ext]; inline && ok {
		h.Set("Content-Type", ctype)
		h.Set("Content-Disposition", httpx.ContentDisposition("inline", f.OriginalName))
	} else {
		httpx.SetDownload(w, f.OriginalName, f.ContentType)
	}
	h.Set("Content-Security-Policy", fileCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	if cacheControl != "" {
		h.Set("Cache-Control", cacheControl)
	}
	if f.SHA256 != "" {
		h.Set("ETag", `"`+f.SHA256+`"`)
	}
	http.ServeContent(w, r, "", f.CreatedAt, rd)
	return nil
}

// DescribeFiles answers the stored files among ids with their uploaders'
// names (ids of no file are left out): a workflow's history shows the files
// of each action by them, and refuses an action naming a file that is gone.
func (s *Service) DescribeFiles(ctx context.Context, idb bun.IDB, ids []int64) ([]flow.Attachment, error) {
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return nil, nil
	}
	var list []File
	if err := idb.NewSelect().Model(&list).ColumnExpr("f.*").ColumnExpr("COALESCE(u.nick_name, '') AS uploader_name").
		Join("LEFT JOIN sys_user AS u ON u.id = f.uploader_id").Where("f.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]flow.Attachment, len(list))
	for i, f := range list {
		out[i] = flow.Attachment{ID: f.ID, Name: f.OriginalName, Size: f.Size, ContentType: f.ContentType,
			UploaderName: f.UploaderName, CreateTime: f.CreatedAt}
		if f.UploaderID != nil {
			out[i].UploaderID = *f.UploaderID
		}
	}
	return out, nil
}

// ServeFile streams stored file id (inline for InlineTypes when asked) to a
// caller whom the calling domain let through (flow: a file of a record in
// the caller's scope); the file service's own check of uploader and
// file:list is not asked.
func (s *Service) ServeFile(w http.ResponseWriter, r *http.Request, id int64, inline bool) error {
	f := new(File)
	err := s.db.NewSelect().Model(f).Where("f.id = ?", id).Scan(r.Context())
	if errors.Is(err, sql.ErrNoRows) {
		return errNoFile
	} else if err != nil {
		return httpx.Internal(err)
	}
	return s.serveFile(w, r, f, inline, "")
}

// Workflows describe their attachments and open their to-dos through the system domain.
var (
	_ flow.Files = (*Service)(nil)
	_ flow.Todos = (*Service)(nil)
)

// FileContent reads stored file id's bytes (at most limit; a larger file
// is a 400) and its content type, whatever the caller: for a module that
// prints a file its record points at (a cadre's photo on the 任免审批表)
// after checking the record is the caller's. A missing file is a 404.
func (s *Service) FileContent(ctx context.Context, id, limit int64) ([]byte, string, error) {
	f := new(File)
	err := s.db.NewSelect().Model(f).Where("f.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", errNoFile
	} else if err != nil {
		return nil, "", httpx.Internal(err)
	}
	if f.Size > limit {
		return nil, "", httpx.BadRequest("文件过大（超过%dMB）", limit>>20)
	}
	rd, err := s.store.Open(ctx, f.StoredName)
	if err != nil {
		return nil, "", httpx.Internal(err)
	}
	defer rd.Close()
	b, err := io.ReadAll(io.LimitReader(rd, limit+1))
	if err != nil {
		return nil, "", httpx.Internal(err)
	}
	if int64(len(b)) > limit {
		return nil, "", httpx.BadRequest("文件过大（超过%dMB）", limit>>20)
	}
	return b, f.ContentType, nil
}
