package system_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/system"
)

// The 国密 option: with cryptoSuite = gm the server hands out its SM2 public
// key and reads only SM2 ciphertexts, on sign-in and on a password change
// alike (a page still holding the RSA key is told to reload), chains the
// log rows written from then on with HMAC-SM3, the whole chain still
// verifying, and the re-encryption job's next run moves the personal
// fields to an SM4/SM3 key; switching back restores RSA, HMAC-SHA256 and
// an AES key. The setting
// takes standard or gm only.
func TestCryptoSuiteGM(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	publicKey := func() system.PublicKey {
		t.Helper()
		var k system.PublicKey
		res := e.Do("GET", "/auth/publicKey", "", nil)
		apptest.Expect(t, res, http.StatusOK)
		res.JSON(t, &k)
		return k
	}
	if k := publicKey(); k.Algorithm != system.TransportRSA || !strings.HasPrefix(k.PublicKey, "MIIB") {
		t.Fatalf("default %+v", k)
	}
	rsaPassword := e.Encrypt(apptest.AdminPassword) // a page opened before the switch

	e.Login("admin", apptest.AdminPassword) // a login-log row chained with HMAC-SHA256
	if err := e.Sys.SetSetting(ctx, system.CfgCryptoSuite, "sm2"); err == nil || !strings.Contains(err.Error(), "只能填写 standard") {
		t.Fatalf("sm2 accepted: %v", err)
	}
	if err := e.Sys.SetSetting(ctx, system.CfgCryptoSuite, system.SuiteGM); err != nil {
		t.Fatal(err)
	}
	// The settings cache lives 5 s: its clock moves on instead of the test sleeping.
	e.Sys.SetSettingsClock(func() time.Time { return time.Now().Add(5100 * time.Millisecond) })
	if k := publicKey(); k.Algorithm != system.TransportSM2 || len(k.PublicKey) != 130 || !strings.HasPrefix(k.PublicKey, "04") {
		t.Fatalf("after the switch %+v", k)
	}
	// The personal fields follow at the re-encryption job's next run.
	if err := e.App.Rekey.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if _, scheme := e.App.Cipher.ActiveKey(); scheme != crypto.SchemeSM {
		t.Fatalf("the field key's scheme under gm: %s", scheme)
	}
	res := e.Do("POST", "/auth/login", "", map[string]any{"username": "admin", "password": rsaPassword})
	if res.Status != http.StatusBadRequest || res.Message() != "密码解密失败，请刷新页面后重试" {
		t.Fatalf("an RSA ciphertext after the switch: %d %s", res.Status, res.Body)
	}
	sm2Password := e.Encrypt(apptest.AdminPassword)
	if !strings.HasPrefix(sm2Password, "sm2:") {
		t.Fatalf("the client encrypts with %q", sm2Password[:8])
	}
	token := e.Login("admin", apptest.AdminPassword)
	apptest.Expect(t, e.Do("POST", "/api/users/updatePass", token, map[string]string{
		"oldPass": e.Encrypt(apptest.AdminPassword), "newPass": e.Encrypt("Guomi#2026sm")}), http.StatusNoContent)
	res = e.Do("POST", "/api/users/updatePass", token, map[string]string{"oldPass": rsaPassword, "newPass": e.Encrypt("Other#2026sm")})
	if res.Status != http.StatusBadRequest || !strings.Contains(res.Message(), "解密失败") {
		t.Fatalf("an RSA old password: %d %s", res.Status, res.Body)
	}

	algs := func() map[string]int {
		t.Helper()
		var rows []struct {
			Alg string `bun:"chain_alg"`
			N   int    `bun:"n"`
		}
		if err := e.DB.NewSelect().Table("sys_login_log").ColumnExpr("chain_alg, COUNT(*) AS n").Group("chain_alg").Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for _, r := range rows {
			out[r.Alg] = r.N
		}
		return out
	}
	if got := algs(); got["hmac-sm3"] == 0 || got["hmac-sha256"] == 0 {
		t.Fatalf("login-log rows by algorithm: %v", got)
	}
	var reports []system.ChainReport
	res = e.Do("GET", "/api/logs/verify", token, nil)
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &reports)
	for _, r := range reports {
		if !r.OK {
			t.Fatalf("a chain of both algorithms does not verify: %+v", r)
		}
	}

	if err := e.Sys.SetSetting(ctx, system.CfgCryptoSuite, system.SuiteStandard); err != nil {
		t.Fatal(err)
	}
	e.Sys.SetSettingsClock(func() time.Time { return time.Now().Add(10200 * time.Millisecond) })
	if k := publicKey(); k.Algorithm != system.TransportRSA {
		t.Fatalf("back to RSA: %+v", k)
	}
	if err := e.App.Rekey.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if _, scheme := e.App.Cipher.ActiveKey(); scheme != crypto.SchemeAES {
		t.Fatalf("the field key's scheme back under standard: %s", scheme)
	}
	res = e.Do("POST", "/auth/login", "", map[string]any{"username": "admin", "password": sm2Password})
	if res.Status != http.StatusBadRequest {
		t.Fatalf("an SM2 ciphertext after switching back: %d", res.Status)
	}
	e.Login("admin", "Guomi#2026sm")
}
