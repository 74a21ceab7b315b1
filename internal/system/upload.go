package system

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"

	"zhdj/internal/platform/files"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// neverAllowed are extensions that a browser may execute or render as a
// page; they are refused whatever the allowed-type setting says.
var neverAllowed = map[string]bool{"html": true, "htm": true, "xhtml": true, "shtml": true, "svg": true, "svgz": true,
	"xml": true, "js": true, "mjs": true, "php": true, "jsp": true, "jspx": true, "asp": true, "aspx": true, "exe": true,
	"sh": true, "bat": true, "cmd": true, "swf": true}

// InlineTypes are served inline by extension; everything else downloads.
var InlineTypes = map[string]string{"jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
	"webp": "image/webp", "bmp": "image/bmp", "pdf": "application/pdf"}

var safeLabel = regexp.MustCompile(`^[A-Za-z0-9_\-\p{Han}]{0,50}$`)

// UploadOptions narrow an upload.
type UploadOptions struct {
	Field      string   // multipart field name
	Exts       []string // allowed extensions (nil = the setting)
	Public     bool     // readable by anyone through its random name (avatars, logos)
	ModuleName string   // overrides the form value
	Tag        string   // overrides the form value
	MaxBytes   int64    // a tighter limit than the upload setting (a photo); 0: the setting's
	// Uploader is the account the file is kept for when the request has no
	// session (a phone through a signed single-use link); nil: the caller.
	Uploader *int64
}

// SaveUpload stores one multipart file: the extension must be allowed, the
// size within the limit, and the bytes must look like what the extension says
// (so HTML renamed .png is refused). The original name is kept only as data.
func (s *Service) SaveUpload(r *http.Request, opts UploadOptions) (*File, error) {
	ctx := r.Context()
	maxBytes := int64(s.SettingInt(ctx, CfgUploadMaxMB, 50)) << 20
	if opts.MaxBytes > 0 && opts.MaxBytes < maxBytes {
		maxBytes = opts.MaxBytes
	}
	r.Body = http.MaxBytesReader(nil, r.Body, maxBytes+1<<20)
	// net/http removes multipart spill files only for the request it created,
	// not for the copy the router and the guard hand us: remove them here.
	defer func() {
		if r.MultipartForm != nil {
			r.MultipartForm.RemoveAll() //nolint:errcheck
		}
	}()
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, errTooLarge(maxBytes)
		}
		return nil, httpx.BadRequest("请选择要上传的文件")
	}
	if err := httpx.CheckForm(r.MultipartForm); err != nil {
		return nil, err
	}
	f, hdr, err := r.FormFile(opts.Field)
	if err != nil {
		return nil, httpx.BadRequest("请选择要上传的文件")
	}
	defer f.Close()
	module, tag := opts.ModuleName, opts.Tag
	if module == "" {
		module = r.FormValue("moduleName")
	}
	if tag == "" {
		tag = r.FormValue("tag")
	}
	if !safeLabel.MatchString(module) || !safeLabel.MatchString(tag) {
		return nil, httpx.BadRequest("模块名或标签只能包含字母、数字、汉字、下划线和连字符")
	}
	name := cleanFileName(hdr.Filename)
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	allowed := opts.Exts
	if allowed == nil {
		allowed = strings.Split(s.Setting(ctx, CfgUploadExts), ",")
	}
	if ext == "" || neverAllowed[ext] || !contains(allowed, ext) {
		return nil, httpx.BadRequest("不允许上传该类型的文件（.%s）", ext)
	}
	head := make([]byte, 512)
	n, _ := f.Read(head)
	sniffed := http.DetectContentType(head[:n])
	if want, ok := InlineTypes[ext]; ok && !strings.HasPrefix(sniffed, want) {
		return nil, httpx.BadRequest("文件内容与扩展名不符")
	}
	if strings.HasPrefix(sniffed, "text/html") || strings.HasPrefix(sniffed, "text/xml") {
		return nil, httpx.BadRequest("不允许上传网页内容")
	}
	if _, err := f.Seek(0, 0); err != nil {
		return nil, httpx.Internal(err)
	}
	saved, err := s.store.Save(ctx, f, ext, maxBytes)
	if errors.Is(err, files.ErrTooLarge) {
		return nil, errTooLarge(maxBytes)
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	ctype := mime.TypeByExtension("." + ext)
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	row := &File{OriginalName: name, StoredName: saved.Name, ModuleName: module, Tag: tag, ContentType: ctype,
		Size: saved.Size, SHA256: saved.SHA256, IsPublic: opts.Public, CreatedAt: s.now()}
	if opts.Uploader != nil {
		row.UploaderID = opts.Uploader
	} else if p := rbac.From(ctx); p != nil {
		row.UploaderID = &p.UserID
	}
	if _, err := s.db.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		s.store.Remove(ctx, saved.Name) //nolint:errcheck
		return nil, httpx.Internal(err)
	}
	return row, nil
}

func errTooLarge(maxBytes int64) error {
	if maxBytes < 1<<20 {
		return httpx.BadRequest("文件不能超过 %d KB", maxBytes>>10)
	}
	return httpx.BadRequest("文件不能超过 %d MB", maxBytes>>20)
}

// cleanFileName keeps the base name only, without control characters, so a
// name like ../../x.html is stored as the text "x.html" and nothing more.
func cleanFileName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = filepath.Base(name)
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if name == "." || name == "/" || name == "" {
		name = "file"
	}
	if len(name) > 200 {
		ext := filepath.Ext(name)
		name = truncate(name, 200-len(ext)) + ext
	}
	return name
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if strings.TrimSpace(strings.ToLower(x)) == v {
			return true
		}
	}
	return false
}

// removeFileRow deletes a file record and its bytes.
func (s *Service) removeFileRow(ctx context.Context, f *File) error {
	if _, err := s.db.NewDelete().Model(f).WherePK().Exec(ctx); err != nil {
		return err
	}
	return s.store.Remove(ctx, f.StoredName)
}
