package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"zhdj/internal/platform/ratelimit"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

const (
	captchaTTL     = 2 * time.Minute
	rememberMeTTL  = 24 * time.Hour
	touchInterval  = time.Minute // how often last_seen_at is written back
	maxUsernameLen = 64
)

// NewCaptcha draws a captcha and stores its answer for one use.
func (s *Service) NewCaptcha(ctx context.Context) (img, id string, err error) {
	img, answer, err := s.captcha.Generate()
	if err != nil {
		return "", "", err
	}
	id = uuid.NewString()
	now := s.now()
	// Expired captchas are cleared as new ones are made, so the table stays small.
	if _, err := s.db.NewDelete().Table("sys_captcha").Where("expires_at < ?", now).Exec(ctx); err != nil {
		return "", "", err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO sys_captcha (uuid, answer, expires_at) VALUES (?, ?, ?)", id, answer, now.Add(captchaTTL))
	return img, id, err
}

// useCaptcha consumes the captcha id: it is deleted whatever the answer, so it
// can never be tried twice, and only the request that deleted it may use it.
func (s *Service) useCaptcha(ctx context.Context, id, code string) error {
	id, code = strings.TrimSpace(id), strings.TrimSpace(code)
	if id == "" {
		return httpx.BadRequest("验证码不存在或已过期")
	}
	var row struct {
		Answer    string    `bun:"answer"`
		ExpiresAt time.Time `bun:"expires_at"`
	}
	err := s.db.NewSelect().Table("sys_captcha").Column("answer", "expires_at").Where("uuid = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.BadRequest("验证码不存在或已过期")
	} else if err != nil {
		return httpx.Internal(err)
	}
	res, err := s.db.NewDelete().Table("sys_captcha").Where("uuid = ?", id).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 || s.now().After(row.ExpiresAt) {
		return httpx.BadRequest("验证码不存在或已过期")
	}
	if !auth.CaptchaMatches(code, row.Answer) {
		return httpx.BadRequest("验证码错误")
	}
	return nil
}

// LoginRequest is the body of POST /auth/login.
type LoginRequest struct {
	Username   string `json:"username"`
	Password   string `json:"password"` // RSA-encrypted
	Code       string `json:"code"`
	UUID       string `json:"uuid"`
	RememberMe bool   `json:"rememberMe"`
}

// Client describes where a request came from: the columns sessions and
// both logs keep.
type Client struct {
	IP        string `bun:"ip" json:"ip"`
	UserAgent string `bun:"user_agent" json:"userAgent"`
}

// ClientOf reads the client of r; the browser string is cut to the 300
// bytes the columns hold, at a character boundary.
func ClientOf(r *http.Request) Client {
	return Client{IP: httpx.ClientIP(r), UserAgent: truncate(r.UserAgent(), 300)}
}

// Login runs the sign-in pipeline: captcha → credentials (one bcrypt
// comparison whatever the account's state) → failure counters and locks →
// account state → session, writing a login-log row for every outcome. A
// missing account, a wrong password and a locked account get the same
// answer and take the same time; the log keeps the real reason.
func (s *Service) Login(ctx context.Context, req LoginRequest, c Client) (token string, u *User, err error) {
	username := strings.TrimSpace(req.Username)
	var reason string // the log's message when it differs from the answer
	defer func() {
		msg := "登录成功"
		if err != nil {
			var he *httpx.Error
			if errors.As(err, &he) && he.Status < 500 {
				msg = he.Message
			} else {
				msg = "系统错误"
			}
		}
		if reason != "" {
			msg = reason
		}
		s.writeLoginLog(ctx, username, c, err == nil, msg)
	}()
	if username == "" || req.Password == "" {
		return "", nil, httpx.BadRequest("请输入用户名和密码")
	}
	if len(username) > maxUsernameLen {
		return "", nil, httpx.BadRequest("用户名或密码错误")
	}
	if s.captchaEnabled(ctx) {
		if err := s.useCaptcha(ctx, req.UUID, req.Code); err != nil {
			return "", nil, err
		}
	}
	plain, err := s.decryptPassword(ctx, req.Password)
	if err != nil {
		return "", nil, httpx.BadRequest("密码解密失败，请刷新页面后重试")
	}
	u = new(User)
	err = s.db.NewSelect().Model(u).Where("username = ?", username).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		s.hasher.CheckMissing(plain)
		reason = "用户不存在"
		return "", nil, httpx.BadRequest("用户名或密码错误")
	} else if err != nil {
		return "", nil, httpx.Internal(err)
	}
	if reason, err = s.checkPassword(ctx, u, plain, c.IP, "用户名或密码错误"); err != nil {
		return "", nil, err
	}
	if !u.Activated {
		return "", nil, httpx.BadRequest("账号未激活，请联系管理员")
	}
	if !u.Enabled {
		return "", nil, httpx.BadRequest("账号已停用，请联系管理员")
	}
	now := s.now()
	pwdState := u.PwdState
	if pwdState == PwdOK || pwdState == PwdWeak {
		// A match that did not finish is no verdict, and the state stays as it was: the policy's
		// timeout (auth.CompilePolicy) runs on a coarse clock and, on a loaded machine, also cut
		// short a match of microseconds, which marked a compliant password weak and answered the
		// fresh session 403 PASSWORD_CHANGE_REQUIRED.
		if ok, err := auth.MatchPolicy(s.Setting(ctx, CfgPasswordReg), plain); err == nil {
			pwdState = PwdOK
			if !ok {
				pwdState = PwdWeak
			}
		}
	}
	// The account-wide counter is left to run out with its window: a success
	// here must not give a guess spread over many addresses a fresh start.
	if _, err := s.db.NewUpdate().Model(u).Set("last_login_at = ?", now).Set("pwd_state = ?", pwdState).
		WherePK().Exec(ctx); err != nil {
		return "", nil, httpx.Internal(err)
	}
	if _, err := s.db.NewDelete().Table("sys_login_failure").Where("user_id = ?", u.ID).
		Where("client = ?", clientKey(c.IP)).Exec(ctx); err != nil {
		return "", nil, httpx.Internal(err)
	}
	u.PwdState, u.LastLoginAt = pwdState, &now
	if !u.IsAdmin && !s.passwordSignInOpen(ctx) {
		reason = "统一身份认证开启时仅管理员可用密码登录"
		return "", nil, httpx.BadRequest("请使用统一身份认证登录")
	}
	token, _, err = s.createSession(ctx, s.db, u.ID, req.RememberMe, MethodPassword, c)
	if err != nil {
		return "", nil, httpx.Internal(err)
	}
	return token, u, nil
}

func (s *Service) writeLoginLog(ctx context.Context, username string, c Client, ok bool, msg string) {
	if len(username) > maxUsernameLen {
		username = username[:maxUsernameLen]
	}
	row := &LoginLog{Username: username, Client: c, Success: ok, Message: msg, CreatedAt: s.now()}
	s.appendLog(ctx, loginChain, row) // logging must not fail a sign-in
}

// createSession opens a session of userID signed in by method (a
// Method… constant); it returns the token the client holds and the
// session's id.
func (s *Service) createSession(ctx context.Context, db bun.IDB, userID int64, remember bool, method string, c Client) (string, int64, error) {
	token, hash := auth.NewToken()
	now := s.now()
	ttl := rememberMeTTL
	if !remember {
		ttl = time.Duration(s.SettingInt(ctx, CfgSessionMaxHours, 12)) * time.Hour
	}
	sess := &Session{TokenHash: hash, UserID: userID, Client: c, Remember: remember, Method: method,
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(ttl)}
	_, err := db.NewInsert().Model(sess).Exec(ctx)
	return token, sess.ID, err
}

// sessionQuery is the one statement a signed-in request costs: the session
// by its token's hash, its user, and the versions of the user's roles (the
// permissions come from the cache by version: permcache.go). A fixed text,
// prepared once per connection (db.ScanPrepared).
func sessionQuery(d *bun.DB) string {
	return "SELECT " + db.Columns(d, (*Session)(nil), "s") + ", u.username, u.dept_id AS user_dept_id, u.org_id AS user_org_id, u.is_admin AS user_is_admin, " +
		"u.enabled AS user_enabled, u.pwd_state AS user_pwd_state, " + roleVersionsExpr(d) + " AS role_versions " +
		"FROM sys_session AS s JOIN sys_user AS u ON u.id = s.user_id WHERE s.token_hash = ?"
}

// Authenticate resolves a bearer token to a principal, or 401. Sessions past
// their expiry or idle limit are deleted on sight.
func (s *Service) Authenticate(ctx context.Context, token string) (*rbac.Principal, error) {
	p, _, err := s.authenticate(ctx, token)
	return p, err
}

// authenticate is Authenticate that also tells, from the same query,
// whether the user must change the password before using the system.
func (s *Service) authenticate(ctx context.Context, token string) (p *rbac.Principal, mustChange bool, err error) {
	if token == "" || len(token) > 100 {
		return nil, false, httpx.Unauthorized
	}
	var rows []Session
	if err := db.ScanPrepared(ctx, s.db, s.sessionSQL, []any{auth.HashToken(token)}, &rows); err != nil {
		return nil, false, httpx.Internal(err)
	}
	if len(rows) == 0 {
		return nil, false, httpx.Unauthorized
	}
	row := rows[0]
	now := s.now()
	idle := time.Duration(s.SettingInt(ctx, CfgSessionIdleMin, 30)) * time.Minute
	if now.After(row.ExpiresAt) || (!row.Remember && now.Sub(row.LastSeenAt) > idle) || !row.UserEnabled {
		s.db.NewDelete().Model((*Session)(nil)).Where("id = ?", row.ID).Exec(ctx) //nolint:errcheck
		return nil, false, httpx.Unauthorized
	}
	if now.Sub(row.LastSeenAt) > touchInterval {
		s.db.NewUpdate().Model((*Session)(nil)).Set("last_seen_at = ?", now).Where("id = ?", row.ID).Exec(ctx) //nolint:errcheck
	}
	var roleVersions string
	if row.RoleVersions != nil {
		roleVersions = *row.RoleVersions
	}
	perms, err := s.permsOf(ctx, roleVersions, row.UserIsAdmin)
	if err != nil {
		return nil, false, httpx.Internal(err)
	}
	p = &rbac.Principal{UserID: row.UserID, Username: row.Username, SessionID: row.ID, DeptID: row.UserDeptID, OrgID: row.UserOrgID, Perms: perms}
	// A session another party vouched for (CAS) never used the password:
	// its state does not hold the user back.
	return p, row.UserPwd != PwdOK && row.Method == MethodPassword, nil
}

// permissions reads a user's permission strings from the database (another
// user's, for the user view; a request's own come from authenticate, cached
// by role version).
func (s *Service) permissions(ctx context.Context, userID int64, isAdmin bool) (map[string]bool, error) {
	var list []string
	err := s.db.NewSelect().TableExpr("sys_menu AS m").ColumnExpr("DISTINCT m.permission").
		Join("JOIN sys_role_menu AS rm ON rm.menu_id = m.id").
		Join("JOIN sys_user_role AS ur ON ur.role_id = rm.role_id").
		Where("ur.user_id = ?", userID).Where("m.permission <> ''").Scan(ctx, &list)
	if err != nil {
		return nil, err
	}
	perms := make(map[string]bool, len(list)+1)
	for _, p := range list {
		perms[p] = true
	}
	if isAdmin {
		perms[rbac.Admin] = true
	}
	return perms, nil
}

// passwordChangeRoutes are what a user who must change the password
// (initial, reset or weak: PwdState) may call: who am I, must I change it,
// change it, sign out. Everything else answers 403 until the change.
var passwordChangeRoutes = map[string]bool{
	"/auth/info": true, "/auth/logout": true, "/auth/session": true, "/api/users/check": true, "/api/users/updatePass": true,
}

// PasswordChangeRequired is the "code" of the 403 a user who must change the
// password gets; the web app opens the change dialog on it.
const PasswordChangeRequired = "PASSWORD_CHANGE_REQUIRED"

func passwordChangeRequired() error {
	return &httpx.Error{Status: http.StatusForbidden, Message: "请先修改密码后再使用系统", Code: PasswordChangeRequired}
}

// Guard is the one gate every route passes: public routes go through, others
// need a session, a user who must change the password reaches only the
// routes to do so, and a permission route needs the permission.
func (s *Service) Guard(r *http.Request, perm string) (*http.Request, error) {
	if perm == httpx.Public {
		return r, nil
	}
	token, err := httpx.SessionToken(r) // bearer header or session cookie (CSRF-checked)
	if err != nil {
		return nil, err
	}
	p, mustChange, err := s.authenticate(r.Context(), token)
	if err != nil {
		return nil, err
	}
	if mustChange && !passwordChangeRoutes[r.URL.Path] {
		return nil, passwordChangeRequired()
	}
	if perm != httpx.SignedIn && !p.Allows(perm) {
		return nil, httpx.NoPermission
	}
	// The memo carries what is computed once per request (the data scopes).
	return r.WithContext(rbac.WithMemo(rbac.With(r.Context(), p))), nil
}

// Logout ends the caller's session.
func (s *Service) Logout(ctx context.Context) error {
	p := rbac.From(ctx)
	_, err := s.db.NewDelete().Model((*Session)(nil)).Where("id = ?", p.SessionID).Exec(ctx)
	return err
}

// endSessions deletes the user's sessions except keep (0 = all).
func endSessions(ctx context.Context, db bun.IDB, userIDs []int64, keep int64) error {
	q := db.NewDelete().Model((*Session)(nil)).Where("user_id IN (?)", bun.In(userIDs))
	if keep != 0 {
		q = q.Where("id <> ?", keep)
	}
	_, err := q.Exec(ctx)
	return err
}

// MySessions lists the caller's live sessions.
func (s *Service) MySessions(ctx context.Context) ([]Session, error) {
	p := rbac.From(ctx)
	var list []Session
	err := s.db.NewSelect().Model(&list).Where("user_id = ?", p.UserID).Where("expires_at > ?", s.now()).
		Order("last_seen_at DESC").Scan(ctx)
	for i := range list {
		list[i].Current = list[i].ID == p.SessionID
	}
	return list, err
}

// EndOtherSessions signs the caller out everywhere else.
func (s *Service) EndOtherSessions(ctx context.Context) error {
	p := rbac.From(ctx)
	return endSessions(ctx, s.db, []int64{p.UserID}, p.SessionID)
}

// PurgeExpired removes expired sessions, captchas, sign-in failure rows and
// full rate-limit buckets (run periodically).
func (s *Service) PurgeExpired(ctx context.Context) error {
	now := s.now()
	if _, err := s.db.NewDelete().Model((*Session)(nil)).Where("expires_at < ?", now).Exec(ctx); err != nil {
		return fmt.Errorf("purge sessions: %w", err)
	}
	if _, err := s.db.NewDelete().Table("sys_captcha").Where("expires_at < ?", now).Exec(ctx); err != nil {
		return fmt.Errorf("purge captchas: %w", err)
	}
	if err := s.purgeFailures(ctx); err != nil {
		return fmt.Errorf("purge sign-in failures: %w", err)
	}
	if err := ratelimit.Purge(ctx, s.db, now); err != nil {
		return fmt.Errorf("purge rate-limit buckets: %w", err)
	}
	return nil
}
