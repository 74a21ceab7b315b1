package system

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/rbac"
)

// What the SMS code features (internal/signon, sms.go) need of the
// accounts: the account a phone names, a password reset proven by a code,
// and an e-mail change proven by a code and the password.

// MethodSMS is a session opened by an SMS code.
const MethodSMS = "sms"

// The SMS settings (group sms).
const (
	// CfgSMSEnabled turns on the SMS code: sign-in, password reset and the
	// e-mail change's code.
	CfgSMSEnabled = "smsEnabled"
	// CfgSMSRegister lets party members of the registry with no account
	// make one by proving the phone on their record.
	CfgSMSRegister = "smsRegisterEnabled"
	// CfgSMSProvider is "log" (development: the code appears in the server
	// log, marked) or "http" (the gateway below).
	CfgSMSProvider  = "smsProvider"
	CfgSMSURL       = "smsUrl"
	CfgSMSSignature = "smsSignature"
	CfgSMSSecret    = "smsSecret"
)

func smsSeeds() []configSeed {
	return []configSeed{
		{CfgSMSEnabled, "false", "启用短信验证码", "sms", "bool", "开启后可用手机号和短信验证码登录、找回密码、更换邮箱；须先配置短信服务", true, false},
		{CfgSMSRegister, "false", "允许党员用短信自助注册账号", "sms", "bool", "党员信息库中登记了手机号、尚无账号的党员可凭短信验证码开通账号（用户名为学号/工号，角色为党员）", true, false},
		{CfgSMSProvider, "log", "短信服务", "sms", "text", "log：不发送，验证码写入服务器日志（仅供开发测试）；http：按下方地址调用短信网关", false, false},
		{CfgSMSURL, "", "短信网关地址", "sms", "text", "POST 调用的地址，可含 {phone}、{content}、{signature} 占位符；请求体为 JSON {phone, content, signature}，带时间戳和 HMAC-SHA256 签名头", false, false},
		{CfgSMSSignature, "", "短信签名", "sms", "text", "短信开头的【签名】，如学校名称", false, false},
		{CfgSMSSecret, "", "短信网关密钥", "sms", "text", "用于请求签名（X-Zhdj-Signature）", false, true},
		{CfgCASCreateAccounts, "false", "统一身份认证首次登录时为党员开通账号", "sso", "bool", "开启后，本系统尚无账号、但党员信息库中有其学号/工号的在册党员首次统一身份认证登录时自动开通账号（角色为党员）", false, false},
	}
}

func smsMigration() db.Migration {
	return db.Migration{Version: 2026121291, Name: "SMS code, and accounts made at the first CAS sign-in: the settings", Up: func(ctx context.Context, tx bun.Tx) error {
		return insertMissingConfigs(ctx, tx, smsSeeds())
	}}
}

// PhoneAccount is an account a phone names.
type PhoneAccount struct {
	ID        int64  `bun:"id"`
	Username  string `bun:"username"`
	Enabled   bool   `bun:"enabled"`
	Activated bool   `bun:"activated"`
}

// AccountsByPhone reads the accounts whose phone is phone (its blind index:
// one indexed read, whatever the answer).
func (s *Service) AccountsByPhone(ctx context.Context, phone string) ([]PhoneAccount, error) {
	var out []PhoneAccount
	if !idcard.IsMobilePhone(phone) {
		return out, nil
	}
	err := s.db.NewSelect().Model((*User)(nil)).Column("id", "username", "enabled", "activated").
		Where("phone_idx IN (?)", bun.In(s.PhoneIndexes(phone))).OrderExpr("id").Limit(5).Scan(ctx, &out)
	return out, err
}

// OwnPhone is the caller's phone in clear ("" when none is on record).
func (s *Service) OwnPhone(ctx context.Context) (string, error) {
	u, err := s.findUser(ctx, rbac.From(ctx).UserID)
	if err != nil {
		return "", err
	}
	return s.phoneOf(u), nil
}

// DecryptNewPassword decrypts a new password sent as field and applies the
// policy, before a code is spent on it.
func (s *Service) DecryptNewPassword(ctx context.Context, enc, field string) (string, error) {
	plain, err := s.decryptField(ctx, enc, field, "新密码")
	if err != nil {
		return "", err
	}
	return plain, s.checkPolicyOf(ctx, plain, field)
}

// SetPasswordByCode sets account id's password (DecryptNewPassword's) after
// its owner proved the phone: every session ends, the locks are lifted.
func (s *Service) SetPasswordByCode(ctx context.Context, id int64, plain string) error {
	return s.setPassword(ctx, id, plain, PwdOK, 0)
}

// EmailChange is the body of POST /api/users/updateEmail/{code}.
type EmailChange struct {
	Password string `json:"password"` // RSA-encrypted, like the sign-in's
	Email    string `json:"email"`
}

// CheckEmailChange checks the caller's password (counted like a sign-in)
// and the new address, before the code is spent; it answers the address
// and the account's phone, where the code was sent.
func (s *Service) CheckEmailChange(ctx context.Context, in EmailChange) (email, phone string, err error) {
	email = strings.TrimSpace(in.Email)
	if email == "" || !idcard.IsEmail(email) || len(email) > 128 {
		return "", "", httpx.Invalid("email", "请输入正确的邮箱地址")
	}
	plain, err := s.decryptField(ctx, in.Password, "password", "密码")
	if err != nil {
		return "", "", err
	}
	u, err := s.findUser(ctx, rbac.From(ctx).UserID)
	if err != nil {
		return "", "", err
	}
	if _, err := s.checkPassword(ctx, u, plain, httpx.ClientIPOf(ctx), "密码错误"); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusBadRequest {
			return "", "", httpx.Invalid("password", "%s", he.Message) // next to the field
		}
		return "", "", err
	}
	return email, s.phoneOf(u), nil
}

// SetOwnEmail stores the caller's new e-mail address.
func (s *Service) SetOwnEmail(ctx context.Context, email string) error {
	_, err := s.db.NewUpdate().Model((*User)(nil)).Set("email = ?", email).Set("updated_at = ?", s.now()).
		Where("id = ?", rbac.From(ctx).UserID).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}
