package system

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// Attachments: files kept for a record of any domain (a member's 证件照 and
// papers, a workflow step's materials), keyed by the owning module, the
// record's id and a kind (a step or a purpose; "" for general papers). The
// bytes go through the file service (SaveUpload: allowed types, size, content
// sniffing); who may list, view, add or remove them follows the record: the
// owning domain passes its scoped find, so a record out of the caller's scope
// has no attachments (404), and the routes carry the record's permissions.

// AttachSpec declares the attachments of one kind of record.
type AttachSpec struct {
	// Module keys the rows (and names the files in 文件管理): letters, digits, _ and -.
	Module string
	// Title is what the user calls these records' files (党员信息), in 文件管理.
	Title string
	// Read lists, previews and downloads; Edit adds and removes (the record's permissions).
	Read, Edit string
	// Find answers nil for a record of the caller's scope, else its 404.
	Find func(ctx context.Context, recordID int64) error
	// Editable, when set, answers nil when the record's files may be added
	// or removed now, else its refusal (a submitted self-assessment's
	// evidence is fixed); it runs after Find. Nil: whenever Find passes.
	Editable func(ctx context.Context, recordID int64) error
	// Kinds allowed, by key; "" is the general attachments. A kind not declared is refused.
	Kinds map[string]AttachKind
}

// AttachKind bounds one kind of attachment.
type AttachKind struct {
	Label    string   // what the user calls it (证件照), in messages
	Exts     []string // allowed extensions; nil: the upload setting's
	MaxBytes int64    // largest file; 0: the upload setting's
	Single   bool     // one at a time: a new one replaces the old (a photo)
	MaxFiles int      // most files of this kind per record; 0: DefaultMaxAttachments
}

// editable is Find, then Editable when the spec has one: the check of a change of the record's files.
func (spec AttachSpec) editable(ctx context.Context, recordID int64) error {
	if err := spec.Find(ctx, recordID); err != nil {
		return err
	}
	if spec.Editable != nil {
		return spec.Editable(ctx, recordID)
	}
	return nil
}

// DefaultMaxAttachments bounds the files of one kind of one record.
const DefaultMaxAttachments = 50

var attachModulePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// Attachment is one file attached to a record.
type Attachment struct {
	bun.BaseModel `bun:"table:sys_attachment,alias:a"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	Module        string    `bun:"module" json:"-"`
	RecordID      int64     `bun:"record_id" json:"recordId"`
	Kind          string    `bun:"kind" json:"kind"`
	FileID        int64     `bun:"file_id" json:"fileId"`
	UploaderID    *int64    `bun:"uploader_id" json:"-"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`

	Name         string `bun:"name,scanonly" json:"name"`
	Size         int64  `bun:"size,scanonly" json:"size"`
	ContentType  string `bun:"content_type,scanonly" json:"contentType"`
	UploaderName string `bun:"uploader_name,scanonly" json:"uploaderName"`
}

func errNoAttachment() *httpx.Error { return httpx.NotFound("附件不存在") }

// AttachRoutes mounts the attachments of a record type under base (e.g.
// /api/dyjbxx): GET {id}/attachments[?kind=] (without kind: every kind;
// kind= empty: the general attachments), POST {id}/attachments?kind=
// (multipart "file"), DELETE {id}/attachments/{aid}, GET
// {id}/attachments/{aid}/view (inline for images and PDF) and …/download.
func (s *Service) AttachRoutes(rs *httpx.Routes, base string, spec AttachSpec) {
	if !attachModulePattern.MatchString(spec.Module) || spec.Title == "" || spec.Find == nil || len(spec.Kinds) == 0 {
		panic("system.AttachRoutes: " + base + " needs a module key, a title, a scoped find and its kinds")
	}
	s.NameFiles(spec.FileModule())
	one := base + "/{id}/attachments"
	rs.Get(one, spec.Read, "查看附件", func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoAttachment())
		if err != nil {
			return err
		}
		var kind *string // absent: every kind; kind= (empty): the general attachments
		if k, ok := r.URL.Query()["kind"]; ok && len(k) > 0 {
			kind = &k[0]
		}
		list, err := s.Attachments(r.Context(), spec, id, kind)
		if err != nil {
			return err
		}
		return httpx.OK(w, list)
	})
	rs.Post(one, spec.Edit, "上传附件", func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoAttachment())
		if err != nil {
			return err
		}
		a, err := s.Attach(r, spec, id, r.URL.Query().Get("kind"))
		if err != nil {
			return err
		}
		return httpx.Created(w, a)
	})
	rs.Delete(one+"/{aid}", spec.Edit, "删除附件", func(w http.ResponseWriter, r *http.Request) error {
		id, aid, err := attachmentPath(r)
		if err != nil {
			return err
		}
		if err := s.Detach(r.Context(), spec, id, aid); err != nil {
			return err
		}
		return httpx.NoContent(w)
	})
	for _, view := range []bool{true, false} {
		path, title := one+"/{aid}/download", "下载附件"
		if view {
			path, title = one+"/{aid}/view", "预览附件"
		}
		rs.Get(path, spec.Read, title, func(w http.ResponseWriter, r *http.Request) error {
			id, aid, err := attachmentPath(r)
			if err != nil {
				return err
			}
			f, err := s.attachedFile(r.Context(), spec, id, aid)
			if err != nil {
				return err
			}
			return s.serveFile(w, r, f, view, "")
		})
	}
}

func attachmentPath(r *http.Request) (id, aid int64, err error) {
	if id, err = httpx.PathID(r, "id", errNoAttachment()); err != nil {
		return 0, 0, err
	}
	aid, err = httpx.PathID(r, "aid", errNoAttachment())
	return id, aid, err
}

// FileModule names the spec's files in 文件管理: its title, and each kind
// by its label (a kind without one is 附件).
func (spec AttachSpec) FileModule() FileModule {
	tags := make(map[string]string, len(spec.Kinds))
	for key, k := range spec.Kinds {
		tags[key] = k.labelOr("附件")
	}
	return FileModule{Key: spec.Module, Title: spec.Title, Tags: tags}
}

func (spec AttachSpec) kind(kind string) (AttachKind, error) {
	k, ok := spec.Kinds[kind]
	if !ok || len(kind) > 32 {
		return AttachKind{}, httpx.Invalid("kind", "附件类型无效")
	}
	return k, nil
}

// Attachments lists the attachments of a record of the caller's scope (of
// one kind, or of every kind with kind nil), oldest first.
func (s *Service) Attachments(ctx context.Context, spec AttachSpec, recordID int64, kind *string) ([]Attachment, error) {
	if err := spec.Find(ctx, recordID); err != nil {
		return nil, err
	}
	if kind != nil {
		if _, err := spec.kind(*kind); err != nil {
			return nil, err
		}
	}
	return s.attachmentsOf(ctx, spec, recordID, kind)
}

// attachmentsOf lists a record's attachments without asking spec.Find.
func (s *Service) attachmentsOf(ctx context.Context, spec AttachSpec, recordID int64, kind *string) ([]Attachment, error) {
	list := []Attachment{}
	q := s.db.NewSelect().Model(&list).ColumnExpr("a.*").
		ColumnExpr("f.original_name AS name, f.size, f.content_type, COALESCE(u.nick_name, '') AS uploader_name").
		Join("JOIN sys_file AS f ON f.id = a.file_id").
		Join("LEFT JOIN sys_user AS u ON u.id = a.uploader_id").
		Where("a.module = ?", spec.Module).Where("a.record_id = ?", recordID).OrderExpr("a.id")
	if kind != nil {
		q = q.Where("a.kind = ?", *kind)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return list, nil
}

// Attach stores the request's multipart "file" as an attachment of kind to
// a record of the caller's scope, within the kind's limits; a Single kind's
// earlier file is replaced.
func (s *Service) Attach(r *http.Request, spec AttachSpec, recordID int64, kind string) (*Attachment, error) {
	if err := spec.editable(r.Context(), recordID); err != nil {
		return nil, err
	}
	var uploader *int64
	if p := rbac.From(r.Context()); p != nil {
		uploader = &p.UserID
	}
	return s.attach(r, spec, recordID, kind, uploader)
}

// AttachFor is Attach for a request without a session whose right to add a
// file to the record the calling module has established another way (a
// signed single-use link of the record's owner, 手机上传): spec.Find and
// spec.Editable are not asked, and the file and the attachment are kept as
// uploaded by uploader.
func (s *Service) AttachFor(r *http.Request, spec AttachSpec, recordID int64, kind string, uploader int64) (*Attachment, error) {
	return s.attach(r, spec, recordID, kind, &uploader)
}

func (s *Service) attach(r *http.Request, spec AttachSpec, recordID int64, kind string, uploader *int64) (*Attachment, error) {
	ctx := r.Context()
	k, err := spec.kind(kind)
	if err != nil {
		return nil, err
	}
	n, err := s.db.NewSelect().Model((*Attachment)(nil)).Where("a.module = ?", spec.Module).Where("a.record_id = ?", recordID).
		Where("a.kind = ?", kind).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	max := k.MaxFiles
	if max <= 0 {
		max = DefaultMaxAttachments
	}
	if !k.Single && n >= int64(max) {
		return nil, httpx.BadRequest("每条记录最多上传%d个%s", max, k.labelOr("附件"))
	}
	f, err := s.SaveUpload(r, UploadOptions{Field: "file", Exts: k.Exts, MaxBytes: k.MaxBytes, ModuleName: spec.Module, Tag: kind,
		Uploader: uploader})
	if err != nil {
		return nil, err
	}
	a := &Attachment{Module: spec.Module, RecordID: recordID, Kind: kind, FileID: f.ID, CreatedAt: s.now(),
		Name: f.OriginalName, Size: f.Size, ContentType: f.ContentType, UploaderID: uploader}
	var replaced []int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if k.Single {
			if err := tx.NewSelect().Model((*Attachment)(nil)).Column("file_id").Where("module = ?", spec.Module).
				Where("record_id = ?", recordID).Where("kind = ?", kind).Scan(ctx, &replaced); err != nil {
				return err
			}
			if _, err := tx.NewDelete().Model((*Attachment)(nil)).Where("module = ?", spec.Module).
				Where("record_id = ?", recordID).Where("kind = ?", kind).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := tx.NewInsert().Model(a).Returning("id").Exec(ctx)
		return err
	})
	if err != nil {
		s.removeFiles(ctx, []int64{f.ID})
		return nil, httpx.Internal(err)
	}
	s.removeFiles(ctx, replaced)
	list, err := s.attachmentsOf(ctx, spec, recordID, &kind)
	for i := range list {
		if list[i].ID == a.ID {
			return &list[i], nil
		}
	}
	return a, err
}

func (k AttachKind) labelOr(dflt string) string {
	if k.Label != "" {
		return k.Label
	}
	return dflt
}

// Detach removes an attachment of a record of the caller's scope, and its file.
func (s *Service) Detach(ctx context.Context, spec AttachSpec, recordID, id int64) error {
	a, err := s.attachment(ctx, spec, recordID, id)
	if err != nil {
		return err
	}
	if spec.Editable != nil {
		if err := spec.Editable(ctx, recordID); err != nil {
			return err
		}
	}
	res, err := s.db.NewDelete().Model((*Attachment)(nil)).Where("id = ?", a.ID).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errNoAttachment() // removed meanwhile
	}
	s.removeFiles(ctx, []int64{a.FileID})
	return nil
}

// DropAttachments removes the attachments of module's records recordIDs
// being deleted, inside the deleting transaction tx, and their files once it
// commits: a rollback keeps both. ctx must carry tx as db.InTx gives it (the
// files would otherwise go before the rows that refer to them).
func (s *Service) DropAttachments(ctx context.Context, tx bun.IDB, module string, recordIDs []int64) error {
	if len(recordIDs) == 0 {
		return nil
	}
	return s.dropWhere(ctx, tx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("module = ?", module).Where("record_id IN (?)", bun.In(recordIDs))
	})
}

// DropAttachmentsBut is DropAttachments of record recordID's attachments of
// kind other than keep: the pictures a rich-text body no longer shows.
func (s *Service) DropAttachmentsBut(ctx context.Context, tx bun.IDB, module string, recordID int64, kind string, keep []int64) error {
	return s.dropWhere(ctx, tx, func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.Where("module = ?", module).Where("record_id = ?", recordID).Where("kind = ?", kind)
		if len(keep) > 0 {
			q = q.Where("id NOT IN (?)", bun.In(keep))
		}
		return q
	})
}

// dropWhere deletes the attachments where picks, in tx, and removes their
// files once it commits.
func (s *Service) dropWhere(ctx context.Context, tx bun.IDB, where func(*bun.SelectQuery) *bun.SelectQuery) error {
	var rows []Attachment
	if err := where(tx.NewSelect().Model(&rows).Column("id", "file_id")).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return nil
	}
	ids, files := make([]int64, len(rows)), make([]int64, len(rows))
	for i, a := range rows {
		ids[i], files[i] = a.ID, a.FileID
	}
	if _, err := tx.NewDelete().Model((*Attachment)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	if !db.AfterCommit(ctx, func(ctx context.Context) error { s.removeFiles(ctx, files); return nil }) {
		return httpx.Internal(errors.New("system: attachments dropped outside db.InTx"))
	}
	return nil
}

// RemoveAttachedFiles removes files no attachment refers to any more.
func (s *Service) RemoveAttachedFiles(ctx context.Context, fileIDs []int64) {
	s.removeFiles(ctx, fileIDs)
}

// removeFiles deletes files no attachment refers to any more: their rows
// and bytes. A file still referred to elsewhere (a foreign key) stays, and
// a failure is logged: the attachment is gone either way, the file is
// still listed in 文件管理 for holders of file:del.
func (s *Service) removeFiles(ctx context.Context, ids []int64) {
	for _, id := range ids {
		f := new(File)
		if err := s.db.NewSelect().Model(f).Where("f.id = ?", id).Scan(ctx); err != nil {
			continue
		}
		if err := s.removeFileRow(ctx, f); err != nil && !db.IsForeignKeyViolation(err) {
			slog.Warn("attachment file not removed", "file", id, "err", err)
		}
	}
}

// attachment is one attachment of a record of the caller's scope, or a 404.
func (s *Service) attachment(ctx context.Context, spec AttachSpec, recordID, id int64) (*Attachment, error) {
	if err := spec.Find(ctx, recordID); err != nil {
		return nil, err
	}
	a := new(Attachment)
	err := s.db.NewSelect().Model(a).Where("a.id = ?", id).Where("a.module = ?", spec.Module).Where("a.record_id = ?", recordID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoAttachment()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return a, nil
}

// attachedFile is the stored file of an attachment the caller may read.
func (s *Service) attachedFile(ctx context.Context, spec AttachSpec, recordID, id int64) (*File, error) {
	a, err := s.attachment(ctx, spec, recordID, id)
	if err != nil {
		return nil, err
	}
	f := new(File)
	if err := s.db.NewSelect().Model(f).Where("f.id = ?", a.FileID).Scan(ctx); err != nil {
		return nil, errNoAttachment()
	}
	return f, nil
}

func migrateAttachments(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`CREATE TABLE sys_attachment (
			id {{pk}},
			module VARCHAR(32) NOT NULL,
			record_id BIGINT NOT NULL,
			kind VARCHAR(32) NOT NULL DEFAULT '',
			file_id BIGINT NOT NULL REFERENCES sys_file(id),
			uploader_id BIGINT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_sys_attachment_record ON sys_attachment(module, record_id, kind)`,
		`CREATE INDEX idx_sys_attachment_file ON sys_attachment(file_id)`)
}

// ServeAttachmentFor streams attachment id of record recordID to a reader
// the calling module let through another way (a file its owner shared with
// them): spec.Find is not asked. A missing attachment, or one of another
// record, is a 404.
func (s *Service) ServeAttachmentFor(w http.ResponseWriter, r *http.Request, spec AttachSpec, recordID, id int64, inline bool) error {
	a := new(Attachment)
	err := s.db.NewSelect().Model(a).Where("a.id = ?", id).Where("a.module = ?", spec.Module).Where("a.record_id = ?", recordID).Scan(r.Context())
	if errors.Is(err, sql.ErrNoRows) {
		return errNoAttachment()
	} else if err != nil {
		return httpx.Internal(err)
	}
	return s.ServeFile(w, r, a.FileID, inline)
}
