package system

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Sign-in vouched for by another party (the campus CAS: internal/signon):
// the account is named by that party, not proven by a password here.

// How a session signed in (sys_session.method).
const (
	MethodPassword = "password"
	MethodCAS      = "cas"
	MethodWeLink   = "welink"
)

// The central sign-on's settings (group sso, beside ssoLogoutUrl). They
// live here because the password sign-in reads two of them.
const (
	CfgCASEnabled       = "casEnabled"
	CfgCASServerURL     = "casServerUrl"
	CfgCASVersion       = "casVersion"
	CfgCASServiceURL    = "casServiceUrl"
	CfgCASUserAttribute = "casUserAttribute"
	// CfgCASPasswordLogin false: while CAS is on, only administrators may
	// still sign in with a password (an emergency way in).
	CfgCASPasswordLogin = "casPasswordLogin"
	// CfgCASCreateAccounts: a CAS user without an account who is a party
	// member in good standing (their number on the record) gets one at the
	// first sign-in, with the 党员 role.
	CfgCASCreateAccounts = "casCreateAccounts"

	// The messaging app (WeLink): its open platform and the school's
	// application credentials.
	CfgWeLinkEnabled      = "welinkEnabled"
	CfgWeLinkBaseURL      = "welinkBaseUrl"
	CfgWeLinkClientID     = "welinkClientId"
	CfgWeLinkClientSecret = "welinkClientSecret"
)

func signOnSeeds() []configSeed {
	return []configSeed{
		{CfgCASEnabled, "false", "启用统一身份认证（CAS）登录", "sso", "bool", "开启后登录页显示“统一身份认证登录”；须先填写 CAS 服务地址和本系统回调地址", true, false},
		{CfgCASServerURL, "", "CAS 服务地址", "sso", "text", "如 https://cas.school.edu.cn/cas（其下有 /login、/logout、/p3/serviceValidate）", false, false},
		{CfgCASVersion, "3.0", "CAS 协议版本", "sso", "text", "3.0 或 2.0", false, false},
		{CfgCASServiceURL, "", "本系统的 CAS 回调地址", "sso", "text", "在 CAS 登记的本系统地址，形如 https://dj.school.edu.cn/auth/cas/callback", false, false},
		{CfgCASUserAttribute, "", "与账号对应的 CAS 属性", "sso", "text", "为空时以 CAS 用户名（工号/学号）匹配本系统的用户名；否则以此属性的值匹配", false, false},
		{CfgCASPasswordLogin, "true", "统一身份认证开启时保留密码登录", "sso", "bool", "关闭后只有管理员能用密码登录（应急）", true, false},
		{CfgWeLinkEnabled, "false", "启用 WeLink 免登", "sso", "bool", "在 WeLink 中打开本系统时以 WeLink 账号登录（WeLink 用户ID 即本系统用户名）", true, false},
		{CfgWeLinkBaseURL, "https://open.welink.huaweicloud.com", "WeLink 开放平台地址", "sso", "text", "", false, false},
		{CfgWeLinkClientID, "", "WeLink 应用 client_id", "sso", "text", "WeLink 开放平台中本应用的 client_id", false, false},
		{CfgWeLinkClientSecret, "", "WeLink 应用 client_secret", "sso", "text", "WeLink 开放平台中本应用的 client_secret", false, true},
	}
}

func signOnMigration() db.Migration {
	return db.Migration{Version: 2026121280, Name: "central sign-on (CAS): the session's sign-in method; the settings",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `ALTER TABLE sys_session ADD COLUMN method VARCHAR(16) NOT NULL DEFAULT 'password'`); err != nil {
				return err
			}
			return insertMissingConfigs(ctx, tx, signOnSeeds())
		}}
}

// passwordSignInOpen tells whether anyone may sign in with a password: not
// while CAS is on with the password sign-in kept for administrators.
func (s *Service) passwordSignInOpen(ctx context.Context) bool {
	return s.Setting(ctx, CfgCASEnabled) != "true" || s.Setting(ctx, CfgCASPasswordLogin) != "false"
}

// External is a session opened by SignInExternal.
type External struct {
	Token     string
	SessionID int64
	User      *User
}

// SignInExternal opens a session for the account named username, which
// method (MethodCAS) vouched for, and writes the login log either way. An
// unknown, unactivated or disabled account is a 403 saying so: the other
// party has proven who the person is, so the answer hides nothing from
// them. The password's state does not apply (the session never used it).
func (s *Service) SignInExternal(ctx context.Context, username, method string, c Client) (out External, err error) {
	username = strings.TrimSpace(username)
	label := map[string]string{MethodCAS: "统一身份认证", MethodWeLink: "WeLink", MethodSMS: "短信验证码"}[method]
	var reason string
	defer func() {
		msg := label + "登录成功"
		if err != nil {
			msg = label + "登录失败：" + reason
		}
		s.writeLoginLog(ctx, username, c, err == nil, msg)
	}()
	refuse := func(why, msg string) (External, error) {
		reason = why
		return External{}, httpx.E(http.StatusForbidden, "%s", msg)
	}
	if username == "" || len(username) > maxUsernameLen {
		return refuse("账号无效", label+"返回的账号无效，请联系管理员")
	}
	u := new(User)
	err = s.db.NewSelect().Model(u).Where("username = ?", username).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return refuse("本系统无此账号", "您的账号（"+username+"）尚未在本系统开通，请联系所在党组织或组织部")
	} else if err != nil {
		reason = "系统错误"
		return External{}, httpx.Internal(err)
	}
	if !u.Activated {
		return refuse("账号未激活", "账号未激活，请联系管理员")
	}
	if !u.Enabled {
		return refuse("账号已停用", "账号已停用，请联系管理员")
	}
	now := s.now()
	if _, err = s.db.NewUpdate().Model(u).Set("last_login_at = ?", now).WherePK().Exec(ctx); err != nil {
		reason = "系统错误"
		return External{}, httpx.Internal(err)
	}
	u.LastLoginAt = &now
	token, id, err := s.createSession(ctx, s.db, u.ID, false, method, c)
	if err != nil {
		reason = "系统错误"
		return External{}, httpx.Internal(err)
	}
	return External{Token: token, SessionID: id, User: u}, nil
}

// AccountExists tells whether an account is named username.
func (s *Service) AccountExists(ctx context.Context, username string) (bool, error) {
	n, err := s.db.NewSelect().Model((*User)(nil)).Where("username = ?", strings.TrimSpace(username)).Count(ctx)
	return n > 0, err
}

// EndSession ends session id (a central single logout); a session already
// gone is no error.
func (s *Service) EndSession(ctx context.Context, id int64) error {
	_, err := s.db.NewDelete().Model((*Session)(nil)).Where("id = ?", id).Exec(ctx)
	return err
}
