package main

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// The command-line paths an operator uses: migrate an empty SQLite file,
// take a consistent backup of it, and refuse to overwrite a backup.
func TestMigrateAndBackupSQLite(t *testing.T) {
	dir, _ := useSQLite(t)
	if err := migrate(nil); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "backup.db")
	if err := backup([]string{out}); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, out, "sys_dict"); n < 20 {
		t.Fatalf("backup holds %d dictionaries", n)
	}
	if err := backup([]string{out}); err == nil {
		t.Fatal("an existing backup file was overwritten")
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

// A backup holds no ID number or phone in clear (they are stored encrypted
// and staged imports keep none), and only its owner may read it (0600).
// On PostgreSQL (ZHDJ_TEST_DB) the dump made by pg_dump is checked the same way.
func TestBackupHoldsNoPlaintextPersonalDataAndIsPrivate(t *testing.T) {
	dir := t.TempDir()
	dsn := filepath.Join(dir, "zhdj.db")
	if server := os.Getenv(db.TestDSNEnv); server != "" && server != "sqlite" {
		if _, err := exec.LookPath("pg_dump"); err != nil {
			t.Skip("pg_dump is not installed: the PostgreSQL backup cannot be taken")
		}
		u, err := url.Parse(server)
		if err != nil {
			t.Fatal(err)
		}
		admin, err := db.Open(context.Background(), server)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("zhdj_backup_%d", time.Now().UnixNano())
		if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") //nolint:errcheck
			admin.Close()
		})
		u.Path = "/" + name
		dsn = u.String()
	}
	useDB(t, dir, dsn)
	if err := seed([]string{"--demo", "--members", "300", "--seed", "7"}); err != nil {
		t.Fatal(err)
	}
	cipher, err := crypto.LoadOrCreate(filepath.Join(dir, "keys"))
	if err != nil {
		t.Fatal(err)
	}
	database, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	var stored []struct {
		ID    string `bun:"id_number_enc"`
		Phone string `bun:"phone_enc"`
	}
	err = database.NewSelect().Table("dyjbxx").Column("id_number_enc", "phone_enc").Limit(50).Scan(context.Background(), &stored)
	database.Close()
	if err != nil || len(stored) != 50 {
		t.Fatalf("%d members: %v", len(stored), err)
	}
	var clear []string
	for _, s := range stored {
		for _, enc := range []string{s.ID, s.Phone} {
			v, err := cipher.Decrypt(enc)
			if err != nil || len(v) < 11 {
				t.Fatalf("decrypt %q: %q %v", enc, v, err)
			}
			clear = append(clear, v)
		}
	}
	file := filepath.Join(dir, "backup.bin")
	if err := backup([]string{file}); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("backup mode %v, want 0600", info.Mode().Perm())
	}
	content, err := os.ReadFile(file)
	if err != nil || len(content) < 100_000 {
		t.Fatalf("backup of %d bytes: %v", len(content), err)
	}
	for _, v := range clear {
		if bytes.Contains(content, []byte(v)) {
			t.Fatalf("the backup holds %s in clear", v)
		}
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
