// Command zhdj is the whole server: serve, migrate, user, backup, restore, seed, gen, perms.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
)

const usage = `用法 / usage:
  zhdj serve   [--addr :8080] [--db ./data/zhdj.db|postgres://...] [--data-dir ./data] [--file-store disk|s3]
               [--log-format text|json]      (日志写到标准错误：text 为默认的文本行，json 为每行一个 JSON 对象)
  zhdj migrate [--db ...]
  zhdj user reset-password NAME      (新密码从标准输入读取一行，或由 ZHDJ_NEW_PASSWORD 提供)
  zhdj user unlock NAME              (解除账号的全部登录锁定)
  zhdj backup FILE --keys KEYFILE [--db ...] [--data-dir ...]
                                     (备份数据库与上传文件到 FILE；密钥另写到 KEYFILE，须与 FILE 分开保存)
  zhdj restore FILE --keys KEYFILE [--db ...] [--data-dir ...]
                                     (先校验备份与密钥，再恢复到空数据库和数据目录；见 docs/backup.md)
  zhdj audit verify [--db ...] [--data-dir ...]
                                     (校验操作日志和登录日志的哈希链；发现断点时退出码为 1)
  zhdj files migrate [--db ...] [--data-dir ...]
                                     (把本地上传文件复制到 ZHDJ_S3_* 指定的对象存储，逐个读回校验 SHA-256；可重复运行)
  zhdj files verify [--db ...] [--data-dir ...] [--file-store disk|s3]
                                     (逐个读取文件存储中的文件，与上传时记录的大小和 SHA-256 核对)
  zhdj keys rotate [--db ...] [--data-dir ...]
                                     (新建个人信息字段的数据密钥并启用，算法随系统配置“密码算法”（cryptoSuite：
                                     gm 为国密 SM4/SM3）；已有数据由后台任务重新加密，服务不停；见 docs/security.md)
  zhdj keys status [--db ...] [--data-dir ...]
                                     (数据密钥及重新加密的进度)
  zhdj seed --demo [--members 5000] [--seed N] [--if-empty] [--db ...]
                                     (向空数据库写入演示数据：一所大学的单位、党组织和党员)
  zhdj gen [ROOT]                    (生成前端的服务端词汇：权限常量 web/src/api/permissions.ts 与
                                     web/src/api/generated/ 下的环节、状态、规则参数；make gen)
  zhdj perms [FILE]                  (只生成前端权限常量 web/src/api/permissions.ts)

环境变量 / environment: ZHDJ_ADDR, ZHDJ_DB, ZHDJ_DATA_DIR, ZHDJ_ADMIN_PASSWORD, ZHDJ_CAPTCHA=off,
  ZHDJ_TRUSTED_PROXIES (反向代理地址段，逗号分隔，如 10.0.0.0/8), ZHDJ_LOG_FORMAT=text|json,
  ZHDJ_FILE_STORE=disk|s3, ZHDJ_S3_ENDPOINT (host:port), ZHDJ_S3_BUCKET, ZHDJ_S3_ACCESS_KEY, ZHDJ_S3_SECRET_KEY,
  ZHDJ_S3_REGION, ZHDJ_S3_PREFIX, ZHDJ_S3_INSECURE=true (对象存储用明文 HTTP)
监控 / monitoring: Prometheus 指标 GET /api/monitor/metrics（系统管理员），见 docs/monitoring.md
`

func main() {
	// Text until a command has read its configuration (load), which may
	// ask for JSON.
	slog.SetDefault(newLogger(config.LogText, os.Stderr))
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
		err = runBackup(os.Args[2:])
	case "restore":
		err = runRestore(os.Args[2:])
	case "audit":
		err = audit(os.Args[2:])
	case "files":
		err = filesCmd(os.Args[2:])
	case "keys":
		err = keys(os.Args[2:])
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
	cfg, err := load("serve", args)
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
	// A rotation another instance (or zhdj keys rotate) makes reaches this
	// one within the interval: it then writes with the new key.
	go a.Cipher.Watch(ctx, a.DB, crypto.WatchInterval)
	srv := &http.Server{Addr: cfg.Addr, Handler: a.Handler, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 10 * time.Minute, WriteTimeout: 10 * time.Minute, IdleTimeout: 2 * time.Minute}
	// Shutdown waits for open requests: the count streams end at once.
	srv.RegisterOnShutdown(a.Push.Close)
	// Bound before the banner: the address it prints answers (a port taken is
	// an error here, not after the banner), and :0 prints the port drawn.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	host, _, _ := net.SplitHostPort(cfg.Addr)
	if host == "" {
		host = "localhost"
	}
	host = net.JoinHostPort(host, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
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
	cfg, err := load("migrate", args)
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
	cfg, err := load("user", args[2:])
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
