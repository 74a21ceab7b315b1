package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/backup"
	"zhdj/internal/system"
)

// The command-line paths an operator uses: migrate an empty SQLite file,
// take a backup of it (only with a place named for the keys), and refuse to
// overwrite a backup. The restore drill (backup_test.go) restores one.
func TestMigrateAndBackupSQLite(t *testing.T) {
	dir, _ := useSQLite(t)
	if err := migrate(nil); err != nil {
		t.Fatal(err)
	}
	out, keys := filepath.Join(dir, "backup.tar.gz"), filepath.Join(t.TempDir(), "keys.tar.gz")
	if err := runBackup([]string{out}); !errors.Is(err, errNoKeys) {
		t.Fatalf("a backup without --keys: %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the refused backup left a file: %v", err)
	}
	if err := runBackup([]string{out, "--keys", out}); err == nil {
		t.Fatal("the keys were written into the backup itself")
	}
	if err := runBackup([]string{out, "--keys", keys}); err != nil {
		t.Fatal(err)
	}
	m, err := backup.Verify(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Tables["sys_dict"] < 20 || m.Schema != app.NewestMigration() || m.Keys != keys {
		t.Fatalf("manifest: %d dictionaries, schema %d, keys at %q", m.Tables["sys_dict"], m.Schema, m.Keys)
	}
	if err := runBackup([]string{out, "--keys", keys + "2"}); err == nil {
		t.Fatal("an existing backup file was overwritten")
	}
	if _, err := os.Stat(keys + "2"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the failed backup left its keys archive: %v", err)
	}
}

func TestResetPasswordCommand(t *testing.T) {
	useSQLite(t)
	t.Setenv("ZHDJ_ADMIN_PASSWORD", "")
	t.Setenv("ZHDJ_NEW_PASSWORD", "short")
	if err := user([]string{"reset-password", "admin"}); err == nil {
		t.Fatal("a 5-character password was accepted")
	}
	t.Setenv("ZHDJ_NEW_PASSWORD", "Recovered#2026")
	// No admin exists before the first serve: the command says so.
	if err := user([]string{"reset-password", "admin"}); err == nil {
		t.Fatal("reset of a missing user succeeded")
	}
	if err := user([]string{"reset-password"}); err == nil {
		t.Fatal("missing name accepted")
	}
	// With an admin in place the reset takes effect: the new password signs in.
	t.Setenv("ZHDJ_CAPTCHA", "off")
	cfg := config.Defaults().FromEnv()
	ctx := context.Background()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.System.EnsureAdmin(ctx, "Old#123456"); err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := user([]string{"reset-password", "admin"}); err != nil {
		t.Fatal(err)
	}
	a, err = app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	login := func(pw string) error {
		_, _, err := a.System.Login(ctx, system.LoginRequest{Username: "admin", Password: a.System.Keys().Encrypt(pw)}, system.Client{})
		return err
	}
	if err := login("Recovered#2026"); err != nil {
		t.Fatalf("new password: %v", err)
	}
	if err := login("Old#123456"); err == nil {
		t.Fatal("old password still signs in")
	}
}

// An operator locked out (admin guessed at from everywhere) unlocks the
// account on the server: both the account-wide lock and a single address's.
func TestUnlockCommand(t *testing.T) {
	useSQLite(t)
	t.Setenv("ZHDJ_CAPTCHA", "off")
	if err := user([]string{"unlock", "admin"}); err == nil {
		t.Fatal("unlock of a missing user succeeded")
	}
	cfg := config.Defaults().FromEnv()
	cfg.PasswordCost = 4
	ctx := context.Background()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.System.EnsureAdmin(ctx, "Admin#123456"); err != nil {
		t.Fatal(err)
	}
	login := func(pw, ip string) error {
		_, _, err := a.System.Login(ctx, system.LoginRequest{Username: "admin", Password: a.System.Keys().Encrypt(pw)}, system.Client{IP: ip})
		return err
	}
	for range 5 {
		login("Wrong#123456", "198.51.100.1") //nolint:errcheck
	}
	future := time.Now().Add(time.Hour).UTC()
	if _, err := a.DB.NewUpdate().Table("sys_user").Set("locked_until = ?", future).Where("username = 'admin'").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := login("Admin#123456", "203.0.113.1"); err == nil {
		t.Fatal("the locked account signed in")
	}
	a.Close()

	if err := user([]string{"unlock", "admin"}); err != nil {
		t.Fatal(err)
	}
	a, err = app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, ip := range []string{"198.51.100.1", "203.0.113.1"} {
		if err := login("Admin#123456", ip); err != nil {
			t.Fatalf("after unlock, from %s: %v", ip, err)
		}
	}
}
