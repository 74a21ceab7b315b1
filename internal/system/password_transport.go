package system

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
)

// The browser encrypts every password it sends (sign-in, password changes,
// registration) with a public key of the server. passwordTransport names the
// algorithm: RSA by default, SM2 when the installation runs on the 国密
// algorithms (密评). All instances read the setting (within its cache's few
// seconds); a page opened before a change is refused once ("请刷新页面后重试")
// and encrypts with the new key after a reload, so switching takes no
// downtime.
const (
	CfgPasswordTransport = "passwordTransport"
	TransportRSA         = "rsa"
	TransportSM2         = "sm2"
)

// sm2Wire marks an SM2 ciphertext on the wire (the colon is outside
// base64's alphabet, so no RSA ciphertext starts like it).
const sm2Wire = "sm2:"

func passwordTransportMigration() db.Migration {
	return db.Migration{Version: 2026121420, Name: "setting passwordTransport (RSA or 国密 SM2 for passwords in transit)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return insertMissingConfigs(ctx, tx, []configSeed{{CfgPasswordTransport, TransportRSA, "登录密码传输加密算法", "security", KindText,
				"浏览器发送密码前用服务器公钥加密的算法：rsa 为 RSA-2048（默认），sm2 为国密 SM2（GB/T 32918）。修改后各实例在数秒内生效，此前打开的页面提交时会提示刷新", false, false}})
		}}
}

// checkPasswordTransport is the setting's check.
func checkPasswordTransport(v string) string {
	if v != TransportRSA && v != TransportSM2 {
		return "只能填写 rsa 或 sm2"
	}
	return ""
}

// passwordTransport is the algorithm passwords are encrypted with now.
func (s *Service) passwordTransport(ctx context.Context) string {
	if s.opts.SM2 != nil && s.Setting(ctx, CfgPasswordTransport) == TransportSM2 {
		return TransportSM2
	}
	return TransportRSA
}

// PublicKey is what /auth/publicKey answers: the key of the algorithm in
// use and its name.
type PublicKey struct {
	PublicKey string `json:"publicKey"`
	Algorithm string `json:"algorithm"`
}

func (s *Service) publicKey(ctx context.Context) PublicKey {
	if s.passwordTransport(ctx) == TransportSM2 {
		return PublicKey{PublicKey: s.opts.SM2.PublicKey(), Algorithm: TransportSM2}
	}
	return PublicKey{PublicKey: s.keys.PublicKey(), Algorithm: TransportRSA}
}

// decryptPassword reverses the browser's encryption. Only the algorithm in
// use is accepted: after a switch to SM2, no RSA ciphertext is read.
func (s *Service) decryptPassword(ctx context.Context, v string) (string, error) {
	hexCT, isSM2 := strings.CutPrefix(v, sm2Wire)
	if isSM2 != (s.passwordTransport(ctx) == TransportSM2) {
		return "", auth.ErrBadCiphertext
	}
	if isSM2 {
		return s.opts.SM2.Decrypt(hexCT)
	}
	return s.keys.Decrypt(v)
}

// EncryptPassword is what the browser sends for plain with the algorithm
// in use (tests and command-line clients).
func (s *Service) EncryptPassword(ctx context.Context, plain string) string {
	if s.passwordTransport(ctx) == TransportSM2 {
		return sm2Wire + s.opts.SM2.Encrypt(plain)
	}
	return s.keys.Encrypt(plain)
}
