package content

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
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

// readerSpec is the attachments of an item as its readers see them: Find
// passes an item published to the caller.
func (s *Service) readerSpec(k kind) system.AttachSpec {
	spec := s.attachments(k)
	spec.Find = func(ctx context.Context, id int64) error { _, err := s.readable(ctx, id); return err }
	return spec
}

// ReadableAttachments lists the general attachments of an item published to the caller.
func (s *Service) ReadableAttachments(ctx context.Context, id int64) ([]system.Attachment, error) {
	v, err := s.readable(ctx, id)
	if err != nil {
		return nil, err
	}
	k, _ := kindOf(v.Kind)
	// The body's pictures are shown in the body (handleImage), not listed again as files.
	general := FileGeneral
	return s.sys.Attachments(ctx, s.readerSpec(k), id, &general)
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

// ImagePath is where the body's picture aid of item id is served: the one
// address the editor inserts and richtext.OwnImage lets through, for the
// writers of the item's scope and its readers alike.
func ImagePath(id, aid int64) string { return fmt.Sprintf("/api/content/items/%d/images/%d", id, aid) }

// imagePerm: a writer of either kind or a reader.
var imagePerm = strings.Join([]string{NewsPerms.List, ArticlePerms.List, PermRead}, "|")

// handleImage serves a picture of an item's body (an attachment of kind
// image) to whoever may see the item: a holder of its kind's list whose
// scope holds it (a draft being written or reviewed), or a reader it was
// published to. Anyone else, and any other attachment, gets a 404.
func (s *Service) handleImage(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoItem())
	if err != nil {
		return err
	}
	aid, err := httpx.PathID(r, "aid", errNoImage())
	if err != nil {
		return err
	}
	ctx := r.Context()
	k, err := s.imageKind(ctx, id)
	if err != nil {
		return err
	}
	image := FileImage
	list, err := s.sys.Attachments(ctx, system.AttachSpec{Module: attachModule(k), Kinds: s.attachments(k).Kinds,
		Find: func(context.Context, int64) error { return nil }}, id, &image)
	if err != nil {
		return err
	}
	for _, a := range list {
		if a.ID == aid {
			return s.sys.ServeFile(w, r, a.FileID, true)
		}
	}
	return errNoImage()
}

func errNoImage() *httpx.Error { return httpx.NotFound("图片不存在") }

// imageKind is the kind of item id when the caller may see it (see
// handleImage), else the item's 404.
func (s *Service) imageKind(ctx context.Context, id int64) (kind, error) {
	p := rbac.From(ctx)
	for _, k := range []kind{newsKind, articleKind} {
		if !p.Has(k.perms.List) {
			continue
		}
		_, err := s.items[k.code].Find(ctx, id)
		var e *httpx.Error
		if err == nil {
			return k, nil
		} else if !errors.As(err, &e) || e.Status != http.StatusNotFound {
			return kind{}, err
		}
	}
	if p.Has(PermRead) {
		v, err := s.readable(ctx, id)
		if err != nil {
			return kind{}, err
		}
		if k, ok := kindOf(v.Kind); ok {
			return k, nil
		}
	}
	return kind{}, errNoItem()
}
