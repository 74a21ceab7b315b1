package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/richtext"
)

func (s *Service) schoolRoutes(rs *httpx.Routes) {
	rs.Get("/api/school/current", httpx.Public, "获取当前学校", func(w http.ResponseWriter, r *http.Request) error {
		sc, err := s.CurrentSchool(r.Context())
		if err != nil {
			return err
		}
		return httpx.OK(w, SchoolView{Code: sc.Code, Name: sc.Name, LogoURL: SchoolLogoURL,
			Footer: richtext.Sanitize(sc.Footer), TitlePrefix: sc.TitlePrefix})
	})
	rs.Get("/api/school/logo", httpx.Public, "获取学校标志", s.handleSchoolLogo)
	rs.Get("/api/school", "school:list", "查询", httpx.ReadList(s.ListSchools))
	rs.Post("/api/school", "school:edit", "新增", httpx.Create(s.CreateSchool))
	rs.Put("/api/school", "school:edit", "修改", httpx.Update(s.UpdateSchool))
	rs.Delete("/api/school", "school:edit", "删除", httpx.IDsAction(s.DeleteSchools))
}

// logoCacheControl lets browsers reuse the logo for five minutes.
const logoCacheControl = "public, max-age=300"

// SchoolLogoURL is where the current school's logo is served.
const SchoolLogoURL = "/api/school/logo"

// DefaultSchoolCode is the school the seed makes and the fallback when the
// schoolCode setting names none.
const DefaultSchoolCode = "default"

// defaultLogoSVG is our own constant (never user data), served when the
// school has no logo; the CSP header keeps it inert even if opened directly.
const defaultLogoSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
	`<circle cx="32" cy="32" r="31" fill="#c8161d"/>` +
	`<text x="32" y="43" font-size="30" font-family="sans-serif" text-anchor="middle" fill="#ffd83d">党</text></svg>`

const defaultLogoCSP = "default-src 'none'; style-src 'unsafe-inline'"

// SchoolView is the current school as the login page and the shell read it.
type SchoolView struct {
	Code        string `json:"code"`
	Name        string `json:"name"`
	LogoURL     string `json:"logoUrl"`
	Footer      string `json:"footer"`
	TitlePrefix string `json:"titlePrefix"`
}

var schoolCodePattern = regexp.MustCompile(`^[a-z0-9_-]{1,50}$`)

const maxFooter = 10000 // characters

var schoolListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"sc.code", "sc.name"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"id": "sc.id", "code": "sc.code", "name": "sc.name", "createTime": "sc.created_at"},
	Key:         "sc.id",
	DefaultSort: "sc.id ASC",
}

// CurrentSchool is the school named by the schoolCode setting, else the
// "default" school, else a bare built-in identity (ID 0) so that the login
// page always renders.
func (s *Service) CurrentSchool(ctx context.Context) (*School, error) {
	codes := []string{DefaultSchoolCode}
	if c := strings.TrimSpace(s.Setting(ctx, CfgSchoolCode)); c != "" && c != DefaultSchoolCode {
		codes = []string{c, DefaultSchoolCode}
	}
	for _, code := range codes {
		sc := new(School)
		err := s.db.NewSelect().Model(sc).Where("code = ?", code).Scan(ctx)
		if err == nil {
			return sc, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return nil, httpx.Internal(err)
		}
	}
	return &School{Code: DefaultSchoolCode, Name: "智慧党建"}, nil
}

// isImageType tells whether ctype is one of the raster image types served inline.
func isImageType(ctype string) bool {
	if !strings.HasPrefix(ctype, "image/") {
		return false
	}
	for _, t := range InlineTypes {
		if t == ctype {
			return true
		}
	}
	return false
}

// handleSchoolLogo streams the current school's logo, or the built-in SVG
// when none is set (or its file is gone or not an image).
func (s *Service) handleSchoolLogo(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sc, err := s.CurrentSchool(ctx)
	if err != nil {
		return err
	}
	// The favicon, the sidebar and the login page each ask for it on every full
	// page load: a public image that changes rarely may be reused for a while
	// (a new logo shows within logoMaxAge) instead of the API's no-store.
	w.Header().Set("Cache-Control", logoCacheControl)
	if sc.LogoFileID != nil && s.serveImage(w, ctx, *sc.LogoFileID) {
		return nil
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Content-Security-Policy", defaultLogoCSP)
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, defaultLogoSVG) //nolint:errcheck
	return nil
}

// serveImage streams uploaded file id when it is a raster image and tells
// whether it did; a missing row or stored file, or another type, is not
// served (the caller answers its default).
func (s *Service) serveImage(w http.ResponseWriter, ctx context.Context, id int64) bool {
	f := new(File)
	if err := s.db.NewSelect().Model(f).Where("id = ?", id).Scan(ctx); err != nil {
		if !errors.Is(err, sql.ErrNoRows) {
			slog.Error("public image", "file", id, "err", err)
		}
		return false
	}
	if !isImageType(f.ContentType) {
		return false
	}
	fh, err := s.store.Open(ctx, f.StoredName)
	if err != nil {
		slog.Warn("public image missing from the store", "file", f.ID, "err", err)
		return false
	}
	defer fh.Close()
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Security-Policy", "default-src 'none'")
	h.Set("Content-Length", strconv.FormatInt(fh.Size(), 10))
	w.WriteHeader(http.StatusOK)
	io.Copy(w, fh) //nolint:errcheck // the client went away
	return true
}

// SchoolInput is the body of school create and update.
type SchoolInput struct {
	ID          int64  `json:"id"`
	Code        string `json:"code"`
	Name        string `json:"name"`
	LogoFileID  *int64 `json:"logoFileId"`
	Footer      string `json:"footer"`
	TitlePrefix string `json:"titlePrefix"`
}

func (in *SchoolInput) normalise() error {
	in.Code, in.Name = strings.TrimSpace(in.Code), strings.TrimSpace(in.Name)
	in.Footer, in.TitlePrefix = strings.TrimSpace(in.Footer), strings.TrimSpace(in.TitlePrefix)
	switch {
	case !schoolCodePattern.MatchString(in.Code):
		return httpx.Invalid("code", "学校代码须为1-50位小写字母、数字、下划线或连字符")
	case in.Name == "" || utf8.RuneCountInString(in.Name) > 100:
		return httpx.Invalid("name", "请输入学校名称（不超过100个字）")
	case utf8.RuneCountInString(in.TitlePrefix) > 100:
		return httpx.Invalid("titlePrefix", "标题前缀不能超过100个字")
	case utf8.RuneCountInString(in.Footer) > maxFooter:
		return httpx.Invalid("footer", "页脚内容不能超过%d个字", maxFooter)
	}
	in.Footer = richtext.Sanitize(in.Footer)
	return nil
}

// checkPublicImage requires a picture served to anyone (the school's logo,
// a login page's background; field and label name it) to be an uploaded
// raster image.
func (s *Service) checkPublicImage(ctx context.Context, id *int64, field, label string) error {
	if id == nil {
		return nil
	}
	var f File
	err := s.db.NewSelect().Model(&f).Where("id = ?", *id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.Invalid(field, "%s须为已上传的图片文件", label)
	} else if err != nil {
		return httpx.Internal(err)
	}
	if !isImageType(f.ContentType) {
		return httpx.Invalid(field, "%s须为已上传的图片文件", label)
	}
	// It is served to anyone, so it must be a file the editor uploaded (or
	// one already public): never somebody else's private picture.
	if p := rbac.From(ctx); !f.IsPublic && (f.UploaderID == nil || p == nil || *f.UploaderID != p.UserID) {
		return httpx.Invalid(field, "%s须为您本人上传的图片", label)
	}
	return nil
}

// CreateSchool adds a school.
func (s *Service) CreateSchool(ctx context.Context, in SchoolInput) (*School, error) {
	if err := in.normalise(); err != nil {
		return nil, err
	}
	if err := s.checkPublicImage(ctx, in.LogoFileID, "logoFileId", "学校标志"); err != nil {
		return nil, err
	}
	now := s.now()
	sc := &School{Code: in.Code, Name: in.Name, LogoFileID: in.LogoFileID, Footer: in.Footer,
		TitlePrefix: in.TitlePrefix, Stamps: db.StampsAt(now)}
	_, err := s.db.NewInsert().Model(sc).Returning("id").Exec(ctx)
	if db.IsUniqueViolation(err) {
		return nil, httpx.Conflict("学校代码已存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return sc, nil
}

// UpdateSchool changes a school; the current school keeps its code.
func (s *Service) UpdateSchool(ctx context.Context, in SchoolInput) error {
	if in.ID <= 0 {
		return httpx.Invalid("id", "缺少学校编号")
	}
	if err := in.normalise(); err != nil {
		return err
	}
	old := new(School)
	err := s.db.NewSelect().Model(old).Where("id = ?", in.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound("学校不存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	cur, err := s.CurrentSchool(ctx)
	if err != nil {
		return err
	}
	if old.ID == cur.ID && in.Code != old.Code {
		return httpx.Invalid("code", "不能修改当前使用的学校的代码")
	}
	if err := s.checkPublicImage(ctx, in.LogoFileID, "logoFileId", "学校标志"); err != nil {
		return err
	}
	_, err = s.db.NewUpdate().Model((*School)(nil)).Where("id = ?", in.ID).Set("code = ?", in.Code).
		Set("name = ?", in.Name).Set("logo_file_id = ?", in.LogoFileID).Set("footer = ?", in.Footer).
		Set("title_prefix = ?", in.TitlePrefix).Set("updated_at = ?", s.now()).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return httpx.Conflict("学校代码已存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// DeleteSchools removes schools other than the current one.
func (s *Service) DeleteSchools(ctx context.Context, ids []int64) error {
	cur, err := s.CurrentSchool(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id == cur.ID {
			return httpx.BadRequest("不能删除当前使用的学校")
		}
	}
	if _, err := s.db.NewDelete().Model((*School)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// ListSchools is a page of schools.
func (s *Service) ListSchools(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[School], error) {
	return httpx.Paged[School](ctx, s.db.NewSelect().Model((*School)(nil)), schoolListSpec, lq)
}

// AdoptSchool makes a school the current one inside the caller's
// transaction: it is added, or renamed when its code exists, and the
// schoolCode setting names it (what an administrator does through 学校信息
// and 系统配置). The demo university adopts itself this way.
func AdoptSchool(ctx context.Context, idb bun.IDB, code, name, footer string) error {
	if !schoolCodePattern.MatchString(code) {
		return fmt.Errorf("school code %q", code)
	}
	now := time.Now().UTC()
	sc := &School{Code: code, Name: name, Footer: richtext.Sanitize(footer), Stamps: db.StampsAt(now)}
	if _, err := idb.NewInsert().Model(sc).
		On("CONFLICT (code) DO UPDATE").Set("name = EXCLUDED.name").Set("footer = EXCLUDED.footer").
		Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
		return err
	}
	_, err := idb.NewUpdate().Model((*Config)(nil)).Set("config_value = ?", code).Set("updated_at = ?", now).
		Where("config_key = ?", CfgSchoolCode).Exec(ctx)
	return err
}
