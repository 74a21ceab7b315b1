package archive

import (
	"context"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// FileModule keys the archive's files in the attachments and 文件管理.
const FileModule = "archive"

// The archive's files are attachments (system.AttachRoutes) of the record
// "the archive of account N": N is the owner's account id, and only the
// owner reaches them through these routes (anyone else: 404). The phone of
// 手机上传 adds through AttachFor; a viewer of a shared file is served
// through the share (share.go), never through these routes.
func (s *Service) fileSpec() system.AttachSpec {
	return system.AttachSpec{Module: FileModule, Title: "个人档案", Read: PermMine, Edit: PermMine,
		Find: ownArchive, Kinds: map[string]system.AttachKind{"": {Label: "档案文件"}}}
}

var errNoArchive = httpx.NotFound("档案不存在")

// ownArchive lets the owner of archive recordID through.
func ownArchive(ctx context.Context, recordID int64) error {
	if p := rbac.From(ctx); p == nil || p.UserID != recordID {
		return errNoArchive
	}
	return nil
}

// ownFile is the caller's archive file attachmentID, or a 404.
func (s *Service) ownFile(ctx context.Context, attachmentID int64) (*system.Attachment, error) {
	p := rbac.From(ctx)
	if p == nil {
		return nil, errNoFile
	}
	list, err := s.sys.Attachments(ctx, s.fileSpec(), p.UserID, nil)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].ID == attachmentID {
			return &list[i], nil
		}
	}
	return nil, errNoFile
}

// errNoFile is the one answer for a file that is missing or not the
// caller's to see, so that ids cannot be probed.
var errNoFile = httpx.NotFound("文件不存在")
