package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

const keysUsage = "用法: zhdj keys rotate [--db ...] [--data-dir ...] | zhdj keys status [--db ...] [--data-dir ...]"

// keys runs `zhdj keys rotate` and `zhdj keys status`.
func keys(args []string) error {
	if len(args) < 1 || (args[0] != "rotate" && args[0] != "status") {
		return errors.New(keysUsage)
	}
	cfg := config.Defaults().FromEnv()
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	cfg.BindFlags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("多余的参数: %s", strings.Join(fs.Args(), " "))
	}
	if err := cfg.Check(); err != nil {
		return err
	}
	slog.SetDefault(newLogger(cfg.LogFormat, os.Stderr)) // as load does for the other commands
	ctx := context.Background()
	if args[0] == "rotate" {
		return keysRotate(ctx, cfg, os.Stdout)
	}
	return keysStatus(ctx, cfg, os.Stdout)
}

// openKeyring opens cfg's database (migrated by the service: this command
// changes no schema) with the master key of cfg's keys directory, read and
// never made, and refuses a key other than the database's: data keys
// wrapped under a wrong key could never be unwrapped by the service.
func openKeyring(ctx context.Context, cfg config.Config) (*bun.DB, *crypto.FieldCipher, error) {
	cipher, err := crypto.Load(cfg.KeyDir())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("找不到字段加密密钥 %s/%s：请用 --data-dir 指向服务的数据目录", cfg.KeyDir(), crypto.KeyFile)
	} else if err != nil {
		return nil, nil, err
	}
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, nil, err
	}
	stored, ok, err := crypto.StoredFingerprint(ctx, database)
	if err == nil && ok && stored != cipher.Fingerprint() {
		err = crypto.ErrKeyMismatch
	}
	if err == nil {
		err = cipher.Attach(ctx, database)
	}
	if err != nil {
		database.Close()
		return nil, nil, fmt.Errorf("%w（请先以当前版本启动服务或运行 zhdj migrate）", err)
	}
	return database, cipher, nil
}

// keysRotate makes a new data key the active one, of the scheme the
// setting cryptoSuite names (a key suspected lost, or the yearly change a
// policy asks for; moving between the options is the setting's work, which
// the job crypto.rekey follows). The service's instances write with it
// within crypto.WatchInterval; the job moves the existing values.
func keysRotate(ctx context.Context, cfg config.Config, w io.Writer) error {
	database, cipher, err := openKeyring(ctx, cfg)
	if err != nil {
		return err
	}
	defer database.Close()
	suite, err := system.StoredSetting(ctx, database, system.CfgCryptoSuite)
	if err != nil {
		return err
	}
	scheme := system.FieldSchemeOf(suite)
	id, err := cipher.Rotate(ctx, database, scheme)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "已启用数据密钥 #%d（%s）。\n", id, schemeName(scheme))
	fmt.Fprintf(w, "运行中的服务将在 %s 内改用它；已有数据由定时任务“%s”在后台重新加密（每 5 分钟检查一次，也可在定时任务页面立即执行），服务不停。\n",
		crypto.WatchInterval, crypto.JobName)
	fmt.Fprintln(w, "进度: zhdj keys status")
	return nil
}

// keysStatus writes the data keys and, per encrypted column, how many
// values the re-encryption has still to move.
func keysStatus(ctx context.Context, cfg config.Config, w io.Writer) error {
	database, cipher, err := openKeyring(ctx, cfg)
	if err != nil {
		return err
	}
	defer database.Close()
	list, err := crypto.Keys(ctx, database)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "数据密钥:")
	for _, k := range list {
		fmt.Fprintf(w, "  #%d  %-28s %-8s 创建于 %s\n", k.ID, schemeName(k.Scheme), stateName(k.State), k.CreatedAt.Format("2006-01-02 15:04:05"))
	}
	st, err := crypto.NewRekeyer(database, cipher, app.EncryptedColumns()).Status(ctx)
	if err != nil {
		return err
	}
	var left int64
	fmt.Fprintln(w, "加密字段（尚未用当前密钥加密的值）:")
	for _, c := range st {
		fmt.Fprintf(w, "  %-36s %d\n", c.Name, c.Left)
		left += c.Left
	}
	if left == 0 {
		fmt.Fprintln(w, "全部字段已使用当前密钥。")
	} else {
		fmt.Fprintf(w, "共 %d 个值待重新加密。\n", left)
	}
	return nil
}

func schemeName(s string) string {
	if s == crypto.SchemeSM {
		return "sm（国密 SM4-GCM / HMAC-SM3）"
	}
	return "aes（AES-256-GCM / HMAC-SHA256）"
}

func stateName(s string) string {
	switch s {
	case crypto.StateActive:
		return "使用中"
	case crypto.StateRetiring:
		return "待替换"
	}
	return "已停用"
}
