package system

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
)

// The setting cryptoSuite chooses the algorithms: standard (the default:
// RSA, SHA-256, AES) or gm, the 国密 algorithms a 密评 asks for. It governs
// what changes at once and everywhere: the passwords' transport (SM2) and
// the audit logs' chain (HMAC-SM3 for rows written from then on). All
// instances read it within its cache's few seconds. The personal fields
// follow by a data-key rotation the job crypto.rekey makes at its next
// run (every 5 minutes), then re-encrypts them in the background
// (docs/security.md).
const (
	CfgCryptoSuite = "cryptoSuite"
	SuiteStandard  = "standard"
	SuiteGM        = "gm"
)

// The browser encrypts every password it sends (sign-in, password changes,
// registration) with a public key of the server, by the algorithm the
// suite names: RSA or SM2. A page opened before a change is refused once
// ("请刷新页面后重试") and encrypts with the new key after a reload, so
// switching takes no downtime.
const (
	TransportRSA = "rsa"
	TransportSM2 = "sm2"
)

// sm2Wire marks an SM2 ciphertext on the wire (the colon is outside
// base64's alphabet, so no RSA ciphertext starts like it).
const sm2Wire = "sm2:"

func cryptoSuiteMigration() db.Migration {
	return db.Migration{Version: 2026121430, Name: "setting cryptoSuite (standard or 国密 algorithms)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return insertMissingConfigs(ctx, tx, []configSeed{{CfgCryptoSuite, SuiteStandard, "密码算法", "security", KindText,
				"standard：国际通用算法（默认，RSA、SHA-256、AES）；gm：国密算法——登录密码用 SM2 加密传输，个人信息字段用 SM4 加密、SM3 索引，新写入的操作日志和登录日志用 HMAC-SM3 链接。" +
					"修改后各实例在数秒内生效，此前打开的页面提交密码时会提示刷新；身份证号、手机号等个人信息字段由定时任务在 5 分钟内换用相应算法的新数据密钥（gm 为 SM4/SM3），并在后台重新加密，服务不停", false, false}})
		}}
}

// checkCryptoSuite is the setting's check.
func checkCryptoSuite(v string) string {
	if v != SuiteStandard && v != SuiteGM {
		return "只能填写 standard（国际通用算法）或 gm（国密算法）"
	}
	return ""
}

// gm tells whether the 国密 suite is chosen.
func (s *Service) gm(ctx context.Context) bool { return s.Setting(ctx, CfgCryptoSuite) == SuiteGM }

// passwordTransport is the algorithm passwords are encrypted with now.
func (s *Service) passwordTransport(ctx context.Context) string {
	if s.opts.SM2 != nil && s.gm(ctx) {
		return TransportSM2
	}
	return TransportRSA
}

// FieldScheme is the scheme of the personal fields' data key the suite
// asks for: the re-encryption job rotates to it when the active key has
// another (crypto.Rekeyer.Want), and zhdj keys rotate makes keys of it.
func (s *Service) FieldScheme(ctx context.Context) string {
	return FieldSchemeOf(s.Setting(ctx, CfgCryptoSuite))
}

// FieldSchemeOf maps a cryptoSuite value to its field scheme.
func FieldSchemeOf(suite string) string {
	if suite == SuiteGM {
		return crypto.SchemeSM
	}
	return crypto.SchemeAES
}

// StoredSetting reads setting key from idb without a service (a command
// run beside the servers); "" when there is no such setting.
func StoredSetting(ctx context.Context, idb bun.IDB, key string) (string, error) {
	var v []string
	err := idb.NewSelect().Table("sys_config").Column("config_value").Where("config_key = ?", key).Scan(ctx, &v)
	if err != nil || len(v) == 0 {
		return "", err
	}
	return v[0], nil
}

// chainAlg is the MAC new audit-log rows are chained with.
func (s *Service) chainAlg(ctx context.Context) string {
	if s.gm(ctx) {
		return chain.AlgHMACSM3
	}
	return chain.AlgHMACSHA256
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
