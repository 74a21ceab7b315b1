package library

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"zhdj/internal/platform/httpx"
)

// Preview of a stored document (product-spec §7: versions v1 and v2
// through a preview server). A PDF opens in the browser from our own
// inline route (the file service's fixed content type and sandboxing CSP).
// An Office file goes to the preview server configured in the settings
// (CfgPreviewURL; empty: download only), which fetches the bytes through
// a link signed for that one file that expires after CfgPreviewMinutes:
// the server has no session, and the file never gets a permanent public
// address.

// Preview is how the browser shows a document.
type Preview struct {
	// Mode: "pdf" (open URL in the browser), "office" (open URL, the
	// preview server's page) or "download" (no preview: download it).
	Mode string `json:"mode"`
	URL  string `json:"url"`
}

// Preview modes.
const (
	ModePDF      = "pdf"
	ModeOffice   = "office"
	ModeDownload = "download"
)

// officeExts are the files a preview server renders.
var officeExts = map[string]bool{"doc": true, "docx": true, "xls": true, "xlsx": true, "ppt": true, "pptx": true,
	"wps": true, "et": true, "dps": true, "txt": true, "odt": true, "ods": true, "odp": true}

// Preview link lifetime bounds (minutes).
const (
	defaultPreviewMinutes = 5
	minPreviewMinutes     = 1
	maxPreviewMinutes     = 60
)

// defaultOfficeName is the name given to the preview server (v2) when the
// file's own has no extension.
const defaultOfficeName = "document.docx"

// preview answers how to show stored file fileID named name; inlineURL is
// our route that serves it in the browser (a PDF).
func (s *Service) preview(ctx context.Context, r *http.Request, fileID int64, name, inlineURL string) Preview {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	if ext == "pdf" {
		return Preview{Mode: ModePDF, URL: inlineURL}
	}
	server := strings.TrimSpace(s.sys.Setting(ctx, CfgPreviewURL))
	if !officeExts[ext] || server == "" {
		return Preview{Mode: ModeDownload}
	}
	minutes := min(max(s.sys.SettingInt(ctx, CfgPreviewMinutes, defaultPreviewMinutes), minPreviewMinutes), maxPreviewMinutes)
	token := s.signFile(fileID, s.now().Add(time.Duration(minutes)*time.Minute))
	fileURL := origin(r) + "/api/library/preview/file?token=" + url.QueryEscape(token)
	return Preview{Mode: ModeOffice, URL: previewAddress(server, s.sys.Setting(ctx, CfgPreviewVersion), fileURL, name)}
}

// previewAddress is the preview server's page for the file at fileURL:
// v1 hands the address as it is; v2 (the default) adds the file's name
// (a default .docx name when it has no extension), then Base64-encodes the
// address and URL-encodes that.
func previewAddress(server, version, fileURL, name string) string {
	sep := "?"
	if strings.Contains(server, "?") {
		sep = "&"
	}
	if strings.TrimSpace(version) == "v1" {
		return server + sep + "url=" + url.QueryEscape(fileURL)
	}
	if filepath.Ext(name) == "" {
		name = defaultOfficeName
	}
	full := fileURL + "&fullfilename=" + url.QueryEscape(name)
	return server + sep + "url=" + url.QueryEscape(base64.StdEncoding.EncodeToString([]byte(full)))
}

// origin is this server's address as the browser reached it.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// signFile is a token for file fileID until expires: "<file>.<unix>.<mac>".
func (s *Service) signFile(fileID int64, expires time.Time) string {
	payload := fmt.Sprintf("%d.%d", fileID, expires.Unix())
	return payload + "." + s.mac(payload)
}

func (s *Service) mac(payload string) string {
	m := hmac.New(sha256.New, s.signKey)
	m.Write([]byte("library.preview:" + payload))
	return hex.EncodeToString(m.Sum(nil))
}

// Refusals of a preview link: the same status, so that nothing is learnt
// from probing, with what the user of the preview server should do.
var (
	errBadToken     = httpx.NotFound("预览链接无效")
	errExpiredToken = httpx.NotFound("预览链接已过期，请重新打开预览")
)

// verifyFile answers the file a token grants, if it is genuine and unexpired.
func (s *Service) verifyFile(token string) (int64, error) {
	if len(token) > 200 {
		return 0, errBadToken
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return 0, errBadToken
	}
	if !hmac.Equal([]byte(s.mac(parts[0]+"."+parts[1])), []byte(parts[2])) {
		return 0, errBadToken
	}
	fileID, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || fileID <= 0 {
		return 0, errBadToken
	}
	if !s.now().Before(time.Unix(exp, 0)) {
		return 0, errExpiredToken
	}
	return fileID, nil
}

// handlePreviewFile serves the file a preview link grants (public: the
// preview server has no session), as a download.
func (s *Service) handlePreviewFile(w http.ResponseWriter, r *http.Request) error {
	fileID, err := s.verifyFile(r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	return s.sys.ServeFile(w, r, fileID, false)
}

// handleDocPreview answers how to preview a document the caller may read.
func (s *Service) handleDocPreview(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoDoc)
	if err != nil {
		return err
	}
	fileID, err := s.docFile(r.Context(), id, false)
	if err != nil {
		return err
	}
	var name string
	if err := s.db.NewSelect().Model((*Doc)(nil)).Column("file_name").Where("id = ?", id).Scan(r.Context(), &name); err != nil {
		return httpx.Internal(err)
	}
	return httpx.OK(w, s.preview(r.Context(), r, fileID, name, fmt.Sprintf("/api/wjxz/%d/view", id)))
}

var errNoRuleFile = httpx.NotFound("附件不存在")

// ruleFile is the file of rule id (any signed-in reader may read the rules).
func (s *Service) ruleFile(ctx context.Context, id int64) (int64, string, error) {
	var rows []Rule
	if err := s.db.NewSelect().Model(&rows).Column("file_id", "file_name").Where("id = ?", id).Scan(ctx); err != nil {
		return 0, "", httpx.Internal(err)
	}
	if len(rows) == 0 || rows[0].FileID == nil {
		return 0, "", errNoRuleFile
	}
	return *rows[0].FileID, rows[0].FileName, nil
}

func (s *Service) handleRuleFile(inline bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoRuleFile)
		if err != nil {
			return err
		}
		fileID, _, err := s.ruleFile(r.Context(), id)
		if err != nil {
			return err
		}
		return s.sys.ServeFile(w, r, fileID, inline)
	}
}

func (s *Service) handleRulePreview(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoRuleFile)
	if err != nil {
		return err
	}
	fileID, name, err := s.ruleFile(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, s.preview(r.Context(), r, fileID, name, fmt.Sprintf("/api/gzzd/%d/file/view", id)))
}

// Checks of the preview settings (system.CheckSetting).
func checkPreviewURL(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.Fragment != "" {
		return "请输入以 http:// 或 https:// 开头的预览服务地址（留空则只提供下载）"
	}
	return ""
}

func checkPreviewVersion(v string) string {
	if v != "v1" && v != "v2" {
		return "预览服务版本只能是 v1 或 v2"
	}
	return ""
}

func checkPreviewMinutes(v string) string {
	n, err := strconv.Atoi(v)
	if err != nil || n < minPreviewMinutes || n > maxPreviewMinutes {
		return fmt.Sprintf("预览链接有效时间须为 %d–%d 分钟", minPreviewMinutes, maxPreviewMinutes)
	}
	return ""
}
