package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/system"
)

// zhdj keys rotate on a running installation whose cryptoSuite is gm: the
// new key is an sm key, active for an instance started after it and for one
// already running once it refreshes, a value the old key wrote still reads, status shows the
// keys and the values left to move; a keys directory of another
// installation is refused before anything is written.
func TestKeysRotateAndStatus(t *testing.T) {
	dir, _ := useSQLite(t)
	ctx := context.Background()
	cfg := config.Defaults().FromEnv()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.System.EnsureAdmin(ctx, "Zhdj@2026key"); err != nil {
		t.Fatal(err)
	}
	old := a.Cipher.Encrypt("13800138000")
	if _, err := a.DB.NewRaw(`UPDATE sys_user SET phone_enc = ?, phone_idx = ?`, old, a.Cipher.Index("13800138000")).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.System.SetSetting(ctx, system.CfgCryptoSuite, system.SuiteGM); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := keysRotate(ctx, cfg, &out); err != nil || !strings.Contains(out.String(), "#1") {
		t.Fatalf("rotate: %v\n%s", err, out.String())
	}
	if err := a.Cipher.Refresh(ctx, a.DB); err != nil {
		t.Fatal(err)
	}
	if id, scheme := a.Cipher.ActiveKey(); id != 1 || scheme != crypto.SchemeSM {
		t.Fatalf("running instance: key %d %s", id, scheme)
	}
	b, err := app.New(cfg, a.DB)
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := b.Cipher.ActiveKey(); id != 1 || !strings.HasPrefix(b.Cipher.Encrypt("x"), "$1$") {
		t.Fatalf("new instance: key %d", id)
	}
	if v, err := b.Cipher.Decrypt(old); err != nil || v != "13800138000" {
		t.Fatalf("old value: %q %v", v, err)
	}
	out.Reset()
	if err := keysStatus(ctx, cfg, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#0", "待替换", "#1  sm", "使用中", "sys_user.phone_enc", "待重新加密"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("status lacks %q:\n%s", want, out.String())
		}
	}
	// Another installation's keys directory.
	if err := os.WriteFile(filepath.Join(dir, "keys", crypto.KeyFile), bytes.Repeat([]byte{1}, 64), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := keysRotate(ctx, cfg, &out); err == nil {
		t.Fatal("a foreign master key rotated")
	}
	if list, _ := crypto.Keys(ctx, a.DB); len(list) != 2 {
		t.Fatalf("keys: %+v", list)
	}
}
