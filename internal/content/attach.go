package content

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// Attachment kinds of an item: general files (downloaded through the
// enclosure link, named by the file) and the pictures of its body.
const (
	FileGeneral = ""
	FileImage   = "image"
)

// attachModule keys an item's attachment rows by kind of item.
func attachModule(k kind) string {
	if k.code == KindNews {
		return "content-news"
	}
	return "content-article"
}

// attachments are an item's files, added while it may be edited (a draft
// or withdrawn) by the writers of its scope.
func (s *Service) attachments(k kind) system.AttachSpec {
	return system.AttachSpec{Module: attachModule(k), Title: KindLabels[k.code], Read: k.perms.List, Edit: k.perms.Edit,
		Find: func(ctx context.Context, id int64) error { _, err := s.items[k.code].Find(ctx, id); return err },
		Editable: func(ctx context.Context, id int64) error {
			cur, err := s.items[k.code].Find(ctx, id)
			if err != nil {
				return err
			}
			return editable(cur.State)
		},
		Kinds: map[string]system.AttachKind{
			FileGeneral: {Label: "附件"},
			FileImage:   {Label: "图片", Exts: []string{"jpg", "jpeg", "png", "gif", "webp"}, MaxBytes: 10 << 20},
		}}
}

func deleteAttachments(ctx context.Context, tx bun.IDB, ids []int64) ([]int64, error) {
	var files []int64
	for _, k := range []kind{newsKind, articleKind} {
		f, err := system.DeleteAttachments(ctx, tx, attachModule(k), ids)
		if err != nil {
			return nil, err
		}
		files = append(files, f...)
	}
	return files, nil
}

// readerSpec is the attachments of an item as its readers see them: Find
// passes an item published to the caller.
func (s *Service) readerSpec(k kind) system.AttachSpec {
	spec := s.attachments(k)
	spec.Find = func(ctx context.Context, id int64) error { _, err := s.readable(ctx, id); return err }
	return spec
}

// ReadableAttachments lists the attachments of an item published to the caller.
func (s *Service) ReadableAttachments(ctx context.Context, id int64) ([]system.Attachment, error) {
	v, err := s.readable(ctx, id)
	if err != nil {
		return nil, err
	}
	k, _ := kindOf(v.Kind)
	return s.sys.Attachments(ctx, s.readerSpec(k), id, nil)
}

// handleReadableFile serves an attachment of an item published to the caller.
func (s *Service) handleReadableFile(inline bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoItem())
		if err != nil {
			return err
		}
		aid, err := httpx.PathID(r, "aid", httpx.NotFound("附件不存在"))
		if err != nil {
			return err
		}
		list, err := s.ReadableAttachments(r.Context(), id)
		if err != nil {
			return err
		}
		for _, a := range list {
			if a.ID == aid {
				return s.sys.ServeFile(w, r, a.FileID, inline)
			}
		}
		return httpx.NotFound("附件不存在")
	}
}
