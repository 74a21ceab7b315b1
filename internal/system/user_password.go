package system

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// decryptField turns an RSA-encrypted field into plain text, or a 400.
func (s *Service) decryptField(v, label string) (string, error) {
	if strings.TrimSpace(v) == "" {
		return "", httpx.BadRequest("请输入%s", label)
	}
	plain, err := s.keys.Decrypt(v)
	if err != nil {
		return "", httpx.BadRequest("%s解密失败，请刷新页面后重试", label)
	}
	return plain, nil
}

// checkPolicy applies passwordReg; the configured tip is the message.
func (s *Service) checkPolicy(ctx context.Context, plain string) error {
	if len(plain) > 64 {
		return httpx.BadRequest("密码不能超过64位")
	}
	ok, err := auth.MatchPolicy(s.Setting(ctx, CfgPasswordReg), plain)
	if err != nil {
		return httpx.Internal(err)
	}
	if !ok {
		tip := s.Setting(ctx, CfgPasswordRegTip)
		if tip == "" {
			tip = "密码不符合安全规则"
		}
		return httpx.BadRequest("%s", tip)
	}
	return nil
}

// setPassword stores a new hash with a state, and ends sessions (all but keep).
func (s *Service) setPassword(ctx context.Context, userID int64, plain, state string, keepSession int64) error {
	hash, err := s.hasher.Hash(plain)
	if err != nil {
		return httpx.Internal(err)
	}
	now := s.now()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewUpdate().Model((*User)(nil)).Where("id = ?", userID).
			Set("password_hash = ?", hash).Set("pwd_state = ?", state).Set("pwd_changed_at = ?", now).
			Set("updated_at = ?", now).Exec(ctx); err != nil {
			return err
		}
		// A new password lifts every lock (the guesses were at the old one).
		if err := clearLocks(ctx, tx, []int64{userID}); err != nil {
			return err
		}
		return endSessions(ctx, tx, []int64{userID}, keepSession)
	})
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// ChangeOwnPassword checks the old password (counted like a sign-in), applies
// the policy and ends the caller's other sessions.
func (s *Service) ChangeOwnPassword(ctx context.Context, oldEnc, newEnc string) error {
	oldPass, err := s.decryptField(oldEnc, "旧密码")
	if err != nil {
		return err
	}
	newPass, err := s.decryptField(newEnc, "新密码")
	if err != nil {
		return err
	}
	p := rbac.From(ctx)
	u, err := s.findUser(ctx, p.UserID)
	if err != nil {
		return err
	}
	// A wrong old password counts and locks exactly like a failed sign-in,
	// so a stolen session cannot be used to guess the password.
	if _, err := s.checkPassword(ctx, u, oldPass, httpx.ClientIPOf(ctx), "旧密码错误"); err != nil {
		return err
	}
	if oldPass == newPass {
		return httpx.BadRequest("新密码不能与旧密码相同")
	}
	if err := s.checkPolicy(ctx, newPass); err != nil {
		return err
	}
	return s.setPassword(ctx, u.ID, newPass, PwdOK, p.SessionID)
}

// AdminSetPassword sets another user's password (the user must change it).
func (s *Service) AdminSetPassword(ctx context.Context, username, newEnc string) error {
	newPass, err := s.decryptField(newEnc, "新密码")
	if err != nil {
		return err
	}
	var id int64
	if err := s.db.NewSelect().Model((*User)(nil)).Column("id").Where("username = ?", strings.TrimSpace(username)).
		Scan(ctx, &id); err != nil || id == 0 {
		return httpx.NotFound("用户不存在")
	}
	if _, err := s.usersInScope(ctx, []int64{id}); err != nil {
		return err
	}
	if err := s.checkPolicy(ctx, newPass); err != nil {
		return err
	}
	return s.setPassword(ctx, id, newPass, PwdReset, 0)
}

// initialPassword is the configured initPassword; an empty value (a broken
// configuration or an unreadable database) is refused rather than giving an
// account an empty password.
func (s *Service) initialPassword(ctx context.Context) (string, error) {
	p := s.Setting(ctx, CfgInitPassword)
	if len(p) < 6 {
		return "", httpx.E(500, "系统未配置有效的初始密码（initPassword），请联系管理员")
	}
	return p, nil
}

// initialPasswordHash hashes initPassword for new or reset accounts.
func (s *Service) initialPasswordHash(ctx context.Context) (string, error) {
	p, err := s.initialPassword(ctx)
	if err != nil {
		return "", err
	}
	hash, err := s.hasher.Hash(p)
	if err != nil {
		return "", httpx.Internal(err)
	}
	return hash, nil
}

// ResetToInitial sets a user's password to initPassword (to be changed).
func (s *Service) ResetToInitial(ctx context.Context, id int64) error {
	if id == 0 {
		return httpx.BadRequest("请选择用户")
	}
	if _, err := s.usersInScope(ctx, []int64{id}); err != nil {
		return err
	}
	p, err := s.initialPassword(ctx)
	if err != nil {
		return err
	}
	return s.setPassword(ctx, id, p, PwdReset, 0)
}

// PasswordCheck tells the caller whether the password must be changed.
type PasswordCheck struct {
	NeedChange bool   `json:"needChange"`
	Reason     string `json:"reason"`
}

// CheckOwnPassword reads the caller's password state.
func (s *Service) CheckOwnPassword(ctx context.Context) (PasswordCheck, error) {
	u, err := s.findUser(ctx, rbac.From(ctx).UserID)
	if err != nil {
		return PasswordCheck{}, err
	}
	return PasswordCheck{NeedChange: u.PwdState != PwdOK, Reason: u.PwdState}, nil
}
