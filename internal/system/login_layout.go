package system

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Login layouts (spec §2's login paths): one login page, laid out per path
// the school gives its people — /login, /newlogin (the newLogin setting
// sends the sign-in there) and the variants /kclogin, /lylogin, /rjlogin.
// A layout chooses the style, the texts, the background picture and which
// ways of signing in it shows; a way the school has not turned on (the SMS
// code, CAS) never shows whatever the layout says. The school's name and
// logo stay the school's (学校信息).

// LoginVariants are the paths a layout belongs to, without the slash.
var LoginVariants = []string{"login", "newlogin", "kclogin", "lylogin", "rjlogin"}

// LoginVariantLabels name the paths on the settings page.
var LoginVariantLabels = map[string]string{"login": "标准登录页", "newlogin": "新版登录页", "kclogin": "登录页（kc）",
	"lylogin": "登录页（ly）", "rjlogin": "登录页（rj）"}

// The styles of a layout.
const (
	LoginStyleCard  = "card"  // the form in a card on the background
	LoginStyleSplit = "split" // the background with the texts on the left, the form on the right
)

// LoginStyles and their names.
var (
	LoginStyles      = []string{LoginStyleCard, LoginStyleSplit}
	LoginStyleLabels = map[string]string{LoginStyleCard: "居中卡片", LoginStyleSplit: "左右分栏"}
)

// The bounds of a layout's texts (characters).
const (
	MaxLoginTitle    = 50
	MaxLoginSubtitle = 100
	MaxLoginNotice   = 500
)

// Permissions of the 登录页设置 page.
const (
	PermLoginLayoutList = "loginLayout:list"
	PermLoginLayoutEdit = "loginLayout:edit"
)

// LoginLayout is one path's layout.
type LoginLayout struct {
	bun.BaseModel    `bun:"table:sys_login_layout"`
	Variant          string    `bun:"variant,pk" json:"variant"`
	Style            string    `bun:"style" json:"style"`
	Title            string    `bun:"title" json:"title"`       // "" : the school's title
	Subtitle         string    `bun:"subtitle" json:"subtitle"` // under the title
	Notice           string    `bun:"notice" json:"notice"`     // plain text under the form
	BackgroundFileID *int64    `bun:"background_file_id" json:"backgroundFileId"`
	ShowPassword     bool      `bun:"show_password" json:"showPassword"`
	ShowSMS          bool      `bun:"show_sms" json:"showSms"`
	ShowCAS          bool      `bun:"show_cas" json:"showCas"`
	UpdatedAt        time.Time `bun:"updated_at" json:"updateTime"`
}

// LoginLayoutView is a layout as the login page reads it.
type LoginLayoutView struct {
	LoginLayout
	BackgroundURL string `json:"backgroundUrl"` // "" : the default background
}

func defaultLoginLayout(variant string) LoginLayout {
	return LoginLayout{Variant: variant, Style: LoginStyleCard, ShowPassword: true, ShowSMS: true, ShowCAS: true}
}

func loginLayoutMigration() db.Migration {
	return db.Migration{Version: 2026121293, Name: "login layouts per login path; the page 登录页设置",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `CREATE TABLE sys_login_layout (
				variant VARCHAR(16) PRIMARY KEY,
				style VARCHAR(8) NOT NULL,
				title VARCHAR(200) NOT NULL DEFAULT '',
				subtitle VARCHAR(400) NOT NULL DEFAULT '',
				notice VARCHAR(2000) NOT NULL DEFAULT '',
				background_file_id BIGINT NULL REFERENCES sys_file(id) ON DELETE SET NULL,
				show_password BOOLEAN NOT NULL,
				show_sms BOOLEAN NOT NULL,
				show_cas BOOLEAN NOT NULL,
				updated_at TIMESTAMP NOT NULL)`); err != nil {
				return err
			}
			return AddPages(ctx, tx, "/system", []MenuSeed{loginLayoutPage()})
		}}
}

// loginLayoutPage is the 登录页设置 page (system administrators).
func loginLayoutPage() MenuSeed {
	return MenuSeed{Title: "登录页设置", Name: "LoginLayout", Path: "loginLayout", Component: "system/loginLayout", Icon: "login",
		Type: MenuPage, Roles: []string{RoleAdmin}, Children: Granted([]MenuSeed{
			{Title: "查询", Type: MenuButton, Permission: PermLoginLayoutList},
			{Title: "编辑", Type: MenuButton, Permission: PermLoginLayoutEdit},
		}, RoleAdmin)}
}

func (s *Service) loginLayoutRoutes(rs *httpx.Routes) {
	r := rs.In("登录页设置")
	r.Get("/api/loginLayout/{variant}", httpx.Public, "获取登录页布局", s.handleLoginLayout)
	r.Get("/api/loginLayout/{variant}/background", httpx.Public, "获取登录页背景", s.handleLoginBackground)
	r.Get("/api/loginLayouts", PermLoginLayoutList, "查询", httpx.Read(s.LoginLayouts))
	r.Put("/api/loginLayouts", PermLoginLayoutEdit, "修改", httpx.Update(s.SaveLoginLayout))
}

// errNoVariant answers a path that is no login page.
func errNoVariant() *httpx.Error { return httpx.NotFound("没有这个登录页") }

// loginLayout reads variant's layout, the default when none is saved.
func (s *Service) loginLayout(ctx context.Context, variant string) (LoginLayout, error) {
	if !slices.Contains(LoginVariants, variant) {
		return LoginLayout{}, errNoVariant()
	}
	l := LoginLayout{Variant: variant}
	err := s.db.NewSelect().Model(&l).WherePK().Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return defaultLoginLayout(variant), nil
	} else if err != nil {
		return l, httpx.Internal(err)
	}
	return l, nil
}

func (s *Service) handleLoginLayout(w http.ResponseWriter, r *http.Request) error {
	l, err := s.loginLayout(r.Context(), chi.URLParam(r, "variant"))
	if err != nil {
		return err
	}
	v := LoginLayoutView{LoginLayout: l}
	if l.BackgroundFileID != nil {
		// The file id in the address makes a new picture a new address (cacheable).
		v.BackgroundURL = "/api/loginLayout/" + l.Variant + "/background?v=" + l.UpdatedAt.UTC().Format("20060102150405")
	}
	return httpx.OK(w, v)
}

func (s *Service) handleLoginBackground(w http.ResponseWriter, r *http.Request) error {
	l, err := s.loginLayout(r.Context(), chi.URLParam(r, "variant"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", logoCacheControl)
	if l.BackgroundFileID == nil || !s.serveImage(w, r.Context(), *l.BackgroundFileID) {
		return httpx.NotFound("未设置背景图片")
	}
	return nil
}

// LoginLayouts lists every path's layout, the saved or the default one, in
// the paths' order (one read).
func (s *Service) LoginLayouts(ctx context.Context) ([]LoginLayout, error) {
	var saved []LoginLayout
	if err := s.db.NewSelect().Model(&saved).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]LoginLayout, len(LoginVariants))
	for i, v := range LoginVariants {
		out[i] = defaultLoginLayout(v)
		if j := slices.IndexFunc(saved, func(l LoginLayout) bool { return l.Variant == v }); j >= 0 {
			out[i] = saved[j]
		}
	}
	return out, nil
}

// SaveLoginLayout stores a path's layout.
func (s *Service) SaveLoginLayout(ctx context.Context, in LoginLayout) error {
	in.Title, in.Subtitle, in.Notice = strings.TrimSpace(in.Title), strings.TrimSpace(in.Subtitle), strings.TrimSpace(in.Notice)
	switch {
	case !slices.Contains(LoginVariants, in.Variant):
		return httpx.Invalid("variant", "没有这个登录页")
	case !slices.Contains(LoginStyles, in.Style):
		return httpx.Invalid("style", "样式只能是居中卡片或左右分栏")
	case utf8.RuneCountInString(in.Title) > MaxLoginTitle:
		return httpx.Invalid("title", "标题不能超过%d个字", MaxLoginTitle)
	case utf8.RuneCountInString(in.Subtitle) > MaxLoginSubtitle:
		return httpx.Invalid("subtitle", "副标题不能超过%d个字", MaxLoginSubtitle)
	case utf8.RuneCountInString(in.Notice) > MaxLoginNotice:
		return httpx.Invalid("notice", "提示文字不能超过%d个字", MaxLoginNotice)
	case !in.ShowPassword && !in.ShowSMS && !in.ShowCAS:
		return httpx.Invalid("showPassword", "至少显示一种登录方式")
	}
	if err := s.checkPublicImage(ctx, in.BackgroundFileID, "backgroundFileId", "背景图片"); err != nil {
		return err
	}
	in.UpdatedAt = s.now()
	_, err := s.db.NewInsert().Model(&in).On("CONFLICT (variant) DO UPDATE").
		Set("style = EXCLUDED.style, title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, notice = EXCLUDED.notice").
		Set("background_file_id = EXCLUDED.background_file_id, show_password = EXCLUDED.show_password").
		Set("show_sms = EXCLUDED.show_sms, show_cas = EXCLUDED.show_cas, updated_at = EXCLUDED.updated_at").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}
