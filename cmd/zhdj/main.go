// Command zhdj is the whole server: serve, migrate, user, backup, seed, gen, perms.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/db"
)

const usage = `用法 / usage:
  zhdj serve   [--addr :8080] [--db ./data/zhdj.db|postgres://...] [--data-dir ./data]
  zhdj migrate [--db ...]
  zhdj user reset-password NAME      (新密码从标准输入读取一行，或由 ZHDJ_NEW_PASSWORD 提供)
  zhdj user unlock NAME              (解除账号的全部登录锁定)
  zhdj backup FILE [--db ...]        (SQLite: 一致性快照；PostgreSQL: 调用 pg_dump)
  zhdj audit verify [--db ...] [--data-dir ...]
                                     (校验操作日志和登录日志的哈希链；发现断点时退出码为 1)
  zhdj seed --demo [--members 5000] [--seed N] [--if-empty] [--db ...]
                                     (向空数据库写入演示数据：一所大学的单位、党组织和党员)
  zhdj gen [ROOT]                    (生成前端的服务端词汇：权限常量 web/src/api/permissions.ts 与
                                     web/src/api/generated/ 下的环节、状态、规则参数；make gen)
  zhdj perms [FILE]                  (只生成前端权限常量 web/src/api/permissions.ts)

环境变量 / environment: ZHDJ_ADDR, ZHDJ_DB, ZHDJ_DATA_DIR, ZHDJ_ADMIN_PASSWORD, ZHDJ_CAPTCHA=off,
  ZHDJ_TRUSTED_PROXIES (反向代理地址段，逗号分隔，如 10.0.0.0/8)
`

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(os.Args[2:])
	case "migrate":
		err = migrate(os.Args[2:])
	case "user":
		err = user(os.Args[2:])
	case "backup":
		err = backup(os.Args[2:])
	case "audit":
		err = audit(os.Args[2:])
	case "seed":
		err = seed(os.Args[2:])
	case "gen":
		err = gen(os.Args[2:])
	case "perms":
		err = perms(os.Args[2:])
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "zhdj:", err)
		os.Exit(1)
	}
}

func serve(args []string) error {
	cfg, _, err := config.Load("serve", args)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	generated, err := a.System.EnsureAdmin(ctx, cfg.AdminPassword)
	if err != nil {
		return err
	}
	// The modules' jobs (purging expired sessions and import batches, the
	// smart reminders …) on their schedules; with several instances on one
	// database each tick runs on one of them.
	if err := a.Jobs.Start(ctx); err != nil {
		return err
	}
	defer a.Jobs.Stop() //nolint:errcheck
	srv := &http.Server{Addr: cfg.Addr, Handler: a.Handler, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 10 * time.Minute, WriteTimeout: 10 * time.Minute, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	host := cfg.Addr
	if strings.HasPrefix(host, ":") {
		host = "localhost" + host
	}
	// The last lines of start-up, after the build's and the seed's output:
	// the address and the first start's one-time password, framed.
	fmt.Print(startBanner("http://"+host+"/web/", generated, cfg.AdminPassword != ""))
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

func migrate(args []string) error {
	cfg, _, err := config.Load("migrate", args)
	if err != nil {
		return err
	}
	database, err := db.Open(context.Background(), cfg.DB)
	if err != nil {
		return err
	}
	defer database.Close()
	n, err := app.Migrate(context.Background(), database, cfg)
	if err != nil {
		return err
	}
	fmt.Printf("已执行 %d 个迁移 / %d migrations applied\n", n, n)
	return nil
}

const userUsage = "用法: zhdj user reset-password NAME | zhdj user unlock NAME"

func user(args []string) error {
	if len(args) < 2 || (args[0] != "reset-password" && args[0] != "unlock") {
		return errors.New(userUsage)
	}
	name := args[1]
	cfg, _, err := config.Load("user", args[2:])
	if err != nil {
		return err
	}
	if args[0] == "unlock" {
		return unlock(cfg, name)
	}
	password := os.Getenv("ZHDJ_NEW_PASSWORD")
	if password == "" {
		fmt.Fprint(os.Stderr, "新密码: ")
		var line string
		if _, err := fmt.Fscanln(os.Stdin, &line); err != nil {
			return errors.New("没有读到新密码")
		}
		password = strings.TrimSpace(line)
	}
	if len(password) < 8 {
		return errors.New("新密码至少 8 位")
	}
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.System.SetPasswordByName(context.Background(), name, password); err != nil {
		return err
	}
	fmt.Printf("已重置 %s 的密码并结束其所有会话；用户下次登录须修改密码。\n", name)
	return nil
}

// unlock lifts every lock of the account: the account-wide one and those
// of single client addresses (the password and sessions stay).
func unlock(cfg config.Config, name string) error {
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.System.UnlockByName(context.Background(), name); err != nil {
		return err
	}
	fmt.Printf("已解除 %s 的登录锁定。\n", name)
	return nil
}

func backup(args []string) error {
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		return errors.New("用法: zhdj backup FILE")
	}
	file := args[0]
	cfg, _, err := config.Load("backup", args[1:])
	if err != nil {
		return err
	}
	// The backup holds every record (personal fields encrypted, the rest in
	// clear): it is created readable by its owner only, and never over an
	// existing file (O_EXCL also closes the gap between a check and the write).
	out, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s 已存在，请换一个文件名", file)
	} else if err != nil {
		return err
	}
	out.Close()
	done := false
	defer func() {
		if !done {
			os.Remove(file) //nolint:errcheck // a failed backup leaves no partial file
		}
	}()
	if cfg.IsPostgres() {
		cmd := exec.Command("pg_dump", "--format=custom", "--file="+file, "--dbname="+cfg.DB)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("pg_dump: %w", err)
		}
	} else {
		database, err := db.Open(context.Background(), cfg.DB)
		if err != nil {
			return err
		}
		defer database.Close()
		// VACUUM INTO writes a consistent copy while the server keeps running
		// (into the empty file made above, which keeps its mode).
		if _, err := database.ExecContext(context.Background(), "VACUUM INTO ?", file); err != nil {
			return err
		}
	}
	done = true
	fmt.Printf("已备份到 %s\n", file)
	return nil
}
