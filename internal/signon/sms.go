package signon

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/sms"
	"zhdj/internal/system"
)

// SMS codes (RULES: none; the issue's numbers): 6 digits, valid 5 minutes,
// good once and for 5 tries, at most one a minute and 10 a day per phone
// and purpose, and the sign-in's limits per client address. A code is kept per phone
// (its blind index) and purpose in one row of sms_code, replaced by the
// next one; the row is written by one statement whose WHERE is the
// per-phone limit, and spent by one statement whose WHERE is the code's
// validity, so parallel requests on any instance cannot send more or try
// more than that.
//
// A phone nobody may use gets a row and the same answer as one that may
// (the same statements, in the same order): only the message is not sent.
// The message is sent after the answer, so a slow gateway tells nothing either.
const (
	codeDigits   = 6
	codeValid    = 5 * time.Minute
	codeInterval = time.Minute
	codesPerDay  = 10
	codeTries    = 5
)

// The purposes of a code: a code is good only for its own.
const (
	purposeLogin    = "login"
	purposeReset    = "reset"
	purposeRegister = "register"
	purposeEmail    = "email"
)

// Registrar makes the accounts of members who have none (internal/account).
type Registrar interface {
	// Registrable tells whether phone is on the record of one member who may register.
	Registrable(ctx context.Context, phone string) (bool, error)
	// Register makes that member's account with the password chosen; answers its username.
	Register(ctx context.Context, phone, password string) (string, error)
	// RegisterNumber makes the account of the member whose staff or student
	// number is no (the first CAS sign-in).
	RegisterNumber(ctx context.Context, no string) (string, error)
}

func smsMigration() db.Migration {
	return db.Migration{Version: 2026121292, Name: "signon: the SMS codes", Up: func(ctx context.Context, tx bun.Tx) error {
		// day is the sending day in China (YYYY-MM-DD), day_count the codes sent that day.
		return db.DDL(ctx, tx, `CREATE TABLE sms_code (
			purpose VARCHAR(16) NOT NULL,
			phone_idx VARCHAR(40) NOT NULL,
			code_hash VARCHAR(64) NOT NULL,
			sent_at TIMESTAMP NOT NULL,
			expires_at TIMESTAMP NOT NULL,
			attempts INTEGER NOT NULL DEFAULT 0,
			used_at TIMESTAMP NULL,
			day VARCHAR(10) NOT NULL,
			day_count INTEGER NOT NULL,
			PRIMARY KEY (purpose, phone_idx))`,
			`CREATE INDEX idx_sms_code_expires ON sms_code(expires_at)`)
	}}
}

// china is the day a daily limit counts in.
var china = time.FixedZone("CST", 8*3600)

// SetSMSProvider replaces the provider the settings name (tests).
func (s *Service) SetSMSProvider(p sms.Provider) { s.smsOverride = p }

// WaitSent waits until the messages being sent have gone (tests).
func (s *Service) WaitSent() { s.sending.Wait() }

func (s *Service) provider(ctx context.Context) (sms.Provider, error) {
	if s.smsOverride != nil {
		return s.smsOverride, nil
	}
	switch s.sys.Setting(ctx, system.CfgSMSProvider) {
	case "http":
		return &sms.HTTP{URL: s.sys.Setting(ctx, system.CfgSMSURL), Signature: s.sys.Setting(ctx, system.CfgSMSSignature),
			Secret: s.sys.Setting(ctx, system.CfgSMSSecret), Client: s.client}, nil
	case "log", "":
		return sms.Log{}, nil
	}
	return nil, errors.New("短信服务设置无效")
}

// smsOn refuses while the SMS code is off.
func (s *Service) smsOn(ctx context.Context) error {
	if s.sys.Setting(ctx, system.CfgSMSEnabled) != "true" {
		return httpx.E(http.StatusForbidden, "短信验证码未启用，请使用账号密码登录")
	}
	return nil
}

// codeHash keys a code to its phone and purpose under the installation's
// derived key: the table alone does not give the codes away.
func (s *Service) codeHash(purpose, phoneIdx, code string) string {
	m := hmac.New(sha256.New, s.smsKey)
	m.Write([]byte(purpose + "\x00" + phoneIdx + "\x00" + code))
	return hex.EncodeToString(m.Sum(nil))
}

func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%0*d", codeDigits, n.Int64()), nil
}

// CodeSent is the answer to a request for a code, the same whether or not
// the phone may use it.
type CodeSent struct {
	Message  string `json:"message"`
	Interval int    `json:"interval"` // seconds before another code may be asked for
}

func codeSent() CodeSent {
	return CodeSent{Message: "如该手机号可以使用，验证码已发送，5分钟内有效", Interval: int(codeInterval / time.Second)}
}

// issue writes a new code for phone and purpose and, when deliver, sends it
// after the answer. A phone over its limit is a 429 whether or not deliver.
func (s *Service) issue(ctx context.Context, purpose, phone string, deliver bool) error {
	code, err := newCode()
	if err != nil {
		return httpx.Internal(err)
	}
	idx := s.sys.PhoneIndex(phone)
	now := s.now()
	day := now.In(china).Format(time.DateOnly)
	var count int
	err = s.db.NewRaw(`INSERT INTO sms_code (purpose, phone_idx, code_hash, sent_at, expires_at, attempts, used_at, day, day_count)
		VALUES (?, ?, ?, ?, ?, 0, NULL, ?, 1)
		ON CONFLICT (purpose, phone_idx) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at,
			expires_at = excluded.expires_at, attempts = 0, used_at = NULL,
			day_count = CASE WHEN sms_code.day = excluded.day THEN sms_code.day_count + 1 ELSE 1 END, day = excluded.day
		WHERE sms_code.sent_at <= ? AND (sms_code.day <> excluded.day OR sms_code.day_count < ?)
		RETURNING day_count`,
		purpose, idx, s.codeHash(purpose, idx, code), now, now.Add(codeValid), day, now.Add(-codeInterval), codesPerDay).Scan(ctx, &count)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.E(http.StatusTooManyRequests, "验证码发送过于频繁：同一手机号每分钟1条、每天%d条，请稍后再试", codesPerDay)
	} else if err != nil {
		return httpx.Internal(err)
	}
	if !deliver {
		return nil
	}
	provider, err := s.provider(ctx)
	if err != nil {
		slog.Error("SMS code not sent", "purpose", purpose, "err", err)
		return nil
	}
	text := fmt.Sprintf("您的验证码为 %s，%d分钟内有效，请勿告诉他人。", code, int(codeValid/time.Minute))
	if sig := strings.TrimSpace(s.sys.Setting(ctx, system.CfgSMSSignature)); sig != "" {
		text = "【" + sig + "】" + text
	}
	s.sending.Add(1)
	go func() {
		defer s.sending.Done()
		if err := provider.Send(context.WithoutCancel(ctx), phone, text); err != nil {
			slog.Error("SMS code not sent", "purpose", purpose, "phone", crypto.MaskPhone(phone), "err", err)
		}
	}()
	return nil
}

// errBadCode is every refusal of a code: wrong, expired, spent, tried too
// often, or never sent (a phone nobody may use).
func errBadCode() *httpx.Error {
	return httpx.Invalid("vercode", "验证码错误或已失效，请重新获取")
}

// spend uses the code once: one statement counts the try and, when the code
// matches, marks it used; only a valid, unused code with tries left is touched.
func (s *Service) spend(ctx context.Context, purpose, phone, code string) error {
	code = strings.TrimSpace(code)
	if !idcard.IsMobilePhone(phone) || len(code) != codeDigits {
		return errBadCode()
	}
	idx := s.sys.PhoneIndex(phone)
	now := s.now()
	at := "?" // PostgreSQL types a CASE of literals as text: the time is cast
	if db.IsPostgres(s.db) {
		at = "CAST(? AS TIMESTAMP)"
	}
	var usedAt *time.Time
	err := s.db.NewRaw(`UPDATE sms_code SET attempts = attempts + 1,
			used_at = CASE WHEN code_hash = ? THEN `+at+` ELSE NULL END
		WHERE purpose = ? AND phone_idx = ? AND used_at IS NULL AND expires_at > ? AND attempts < ?
		RETURNING used_at`, s.codeHash(purpose, idx, code), now, purpose, idx, now, codeTries).Scan(ctx, &usedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return errBadCode()
	} else if err != nil {
		return httpx.Internal(err)
	}
	if usedAt == nil {
		return errBadCode()
	}
	return nil
}

// purgeCodes forgets the codes that expired a day ago (the daily count of
// a phone lives in its row, so a row goes only once its day is over).
func (s *Service) purgeCodes(ctx context.Context) error {
	_, err := s.db.NewDelete().Table("sms_code").Where("expires_at < ?", s.now().Add(-24*time.Hour)).Exec(ctx)
	return err
}

// codeRequest opens a request of the SMS code: the feature on (gate), the
// body decoded into in, a token of the client address's bucket taken.
func (s *Service) codeRequest(r *http.Request, gate func(context.Context) error, in any) error {
	if err := gate(r.Context()); err != nil {
		return err
	}
	if err := httpx.Decode(r, in); err != nil {
		return err
	}
	if !s.allow(r) {
		return errTooMany()
	}
	return nil
}

// PhoneInput names a phone (and what the code is for: login or reset).
type PhoneInput struct {
	Phone string `json:"phone"`
	Type  string `json:"type"`
}

func (in *PhoneInput) check() error {
	in.Phone = strings.TrimSpace(in.Phone)
	if !idcard.IsMobilePhone(in.Phone) {
		return httpx.Invalid("phone", "请输入正确的手机号码")
	}
	return nil
}

// usable is the one enabled, activated account phone names, if any.
func (s *Service) usable(ctx context.Context, phone string) (system.PhoneAccount, bool, error) {
	accounts, err := s.sys.AccountsByPhone(ctx, phone)
	if err != nil {
		return system.PhoneAccount{}, false, httpx.Internal(err)
	}
	var ok []system.PhoneAccount
	for _, a := range accounts {
		if a.Enabled && a.Activated {
			ok = append(ok, a)
		}
	}
	if len(ok) != 1 {
		return system.PhoneAccount{}, false, nil
	}
	return ok[0], true, nil
}

// handleSendCode sends a sign-in or password-reset code (POST /auth/sms/verify).
func (s *Service) handleSendCode(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.smsOn(ctx); err != nil {
		return err
	}
	var in PhoneInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	purpose := purposeLogin
	switch in.Type {
	case "", purposeLogin:
	case purposeReset:
		purpose = purposeReset
	default:
		return httpx.Invalid("type", "验证码用途只能是 login 或 reset")
	}
	if !s.allow(r) {
		return errTooMany()
	}
	_, ok, err := s.usable(ctx, in.Phone)
	if err != nil {
		return err
	}
	if err := s.issue(ctx, purpose, in.Phone, ok); err != nil {
		return err
	}
	return httpx.OK(w, codeSent())
}

// CodeLogin is the body of POST /auth/vercode/login.
type CodeLogin struct {
	Phone      string `json:"phone"`
	Vercode    string `json:"vercode"`
	RememberMe bool   `json:"rememberMe"`
}

// handleCodeLogin signs in the account whose phone received the code
// (POST /auth/vercode/login): the answer is the login's, {token, user}.
func (s *Service) handleCodeLogin(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in CodeLogin
	if err := s.codeRequest(r, s.smsOn, &in); err != nil {
		return err
	}
	in.Phone = strings.TrimSpace(in.Phone)
	if err := s.spend(ctx, purposeLogin, in.Phone, in.Vercode); err != nil {
		return err
	}
	account, ok, err := s.usable(ctx, in.Phone)
	if err != nil {
		return err
	}
	if !ok { // only a guess at a code never sent gets here
		return errBadCode()
	}
	answer, err := s.openSession(w, r, account.Username, system.MethodSMS)
	if err != nil {
		return err
	}
	return httpx.OK(w, answer)
}

// openSession opens the session of account username, which method vouched for,
// sets its cookie and answers what the password login answers, {token, user}.
func (s *Service) openSession(w http.ResponseWriter, r *http.Request, username, method string) (map[string]any, error) {
	ext, err := s.sys.SignInExternal(r.Context(), username, method, system.ClientOf(r))
	if err != nil {
		return nil, err
	}
	view, err := s.sys.CurrentUserView(r.Context(), ext.User.ID)
	if err != nil {
		return nil, err
	}
	httpx.SetSessionCookie(w, r, ext.Token, 0)
	return map[string]any{"token": ext.Token, "user": view}, nil
}

// PasswordReset is the body of POST /api/users/resetPass.
type PasswordReset struct {
	Phone   string `json:"phone"`
	Vercode string `json:"vercode"`
	NewPass string `json:"newPass"` // RSA-encrypted
}

// handleResetPassword sets a forgotten password after the phone on the
// account received the code (POST /api/users/resetPass, not signed in).
func (s *Service) handleResetPassword(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in PasswordReset
	if err := s.codeRequest(r, s.smsOn, &in); err != nil {
		return err
	}
	plain, err := s.sys.DecryptNewPassword(ctx, in.NewPass, "newPass")
	if err != nil {
		return err
	}
	in.Phone = strings.TrimSpace(in.Phone)
	if err := s.spend(ctx, purposeReset, in.Phone, in.Vercode); err != nil {
		return err
	}
	account, ok, err := s.usable(ctx, in.Phone)
	if err != nil {
		return err
	}
	if !ok {
		return errBadCode()
	}
	if err := s.sys.SetPasswordByCode(ctx, account.ID, plain); err != nil {
		return err
	}
	return httpx.OK(w, map[string]string{"username": account.Username})
}

// registrationOn refuses while self-service registration is off.
func (s *Service) registrationOn(ctx context.Context) error {
	if err := s.smsOn(ctx); err != nil {
		return err
	}
	if s.sys.Setting(ctx, system.CfgSMSRegister) != "true" || s.registrar == nil {
		return httpx.E(http.StatusForbidden, "本校未开放自助注册，请联系所在党支部开通账号")
	}
	return nil
}

// handleSendRegisterCode sends a registration code to a phone on the record
// of a member without an account (POST /auth/sms/register/verify).
func (s *Service) handleSendRegisterCode(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in PhoneInput
	if err := s.codeRequest(r, s.registrationOn, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	ok, err := s.registrar.Registrable(ctx, in.Phone)
	if err != nil {
		return err
	}
	if err := s.issue(ctx, purposeRegister, in.Phone, ok); err != nil {
		return err
	}
	return httpx.OK(w, codeSent())
}

// Registration is the body of POST /auth/register.
type Registration struct {
	Phone    string `json:"phone"`
	Vercode  string `json:"vercode"`
	Password string `json:"password"` // RSA-encrypted
}

// handleRegister makes the member's account with the password chosen and
// signs it in (POST /auth/register): {token, user, username}.
func (s *Service) handleRegister(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in Registration
	if err := s.codeRequest(r, s.registrationOn, &in); err != nil {
		return err
	}
	plain, err := s.sys.DecryptNewPassword(ctx, in.Password, "password")
	if err != nil {
		return err
	}
	in.Phone = strings.TrimSpace(in.Phone)
	if err := s.spend(ctx, purposeRegister, in.Phone, in.Vercode); err != nil {
		return err
	}
	username, err := s.registrar.Register(ctx, in.Phone, plain)
	if err != nil {
		return err
	}
	answer, err := s.openSession(w, r, username, system.MethodSMS)
	if err != nil {
		return err
	}
	answer["username"] = username
	return httpx.Created(w, answer)
}

// handleSendEmailCode sends the signed-in user's phone a code for the
// e-mail change (POST /api/users/emailCode).
func (s *Service) handleSendEmailCode(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.smsOn(ctx); err != nil {
		return err
	}
	if !s.allow(r) {
		return errTooMany()
	}
	phone, err := s.sys.OwnPhone(ctx)
	if err != nil {
		return err
	}
	if phone == "" {
		return httpx.BadRequest("您的账号未登记手机号，请先在个人中心填写手机号")
	}
	if err := s.issue(ctx, purposeEmail, phone, true); err != nil {
		return err
	}
	return httpx.OK(w, map[string]any{"message": "验证码已发送至 " + crypto.MaskPhone(phone) + "，5分钟内有效",
		"interval": int(codeInterval / time.Second)})
}

// handleUpdateEmail changes the signed-in user's e-mail address with the
// password and the code sent to the account's phone (POST
// /api/users/updateEmail/{code}).
func (s *Service) handleUpdateEmail(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.smsOn(ctx); err != nil {
		return err
	}
	var in system.EmailChange
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	email, phone, err := s.sys.CheckEmailChange(ctx, in)
	if err != nil {
		return err
	}
	if err := s.spend(ctx, purposeEmail, phone, chi.URLParam(r, "code")); err != nil {
		return err
	}
	if err := s.sys.SetOwnEmail(ctx, email); err != nil {
		return err
	}
	return httpx.NoContent(w)
}
