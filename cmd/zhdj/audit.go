package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"zhdj/internal/config"
	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

const auditUsage = "用法: zhdj audit verify [--db ...] [--data-dir ...]"

// errChainBroken is the command's answer when a chain does not verify
// (exit status 1, after the report).
var errChainBroken = errors.New("日志哈希链校验未通过：日志可能被篡改，请保全数据库和数据目录并排查")

// audit runs `zhdj audit verify`.
func audit(args []string) error {
	if len(args) < 1 || args[0] != "verify" {
		return errors.New(auditUsage)
	}
	cfg, err := load("audit", args[1:])
	if err != nil {
		return err
	}
	return auditVerify(context.Background(), cfg, os.Stdout)
}

// auditVerify checks both log chains of cfg's database with the audit key
// of cfg's keys directory (read, never made: a new key would verify
// nothing) and writes the report to w. It opens the database without
// migrating it: a check changes nothing.
func auditVerify(ctx context.Context, cfg config.Config, w io.Writer) error {
	key, err := chain.Load(cfg.KeyDir())
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("找不到审计密钥 %s/%s：请用 --data-dir 指向服务的数据目录（或从备份恢复 keys 目录）", cfg.KeyDir(), chain.KeyFile)
	} else if err != nil {
		return err
	}
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return err
	}
	defer database.Close()
	reports, err := system.VerifyLogChains(ctx, database, key)
	if err != nil {
		return fmt.Errorf("读取日志失败: %w", err)
	}
	ok := true
	for _, r := range reports {
		writeReport(w, r)
		ok = ok && r.OK
	}
	if !ok {
		return errChainBroken
	}
	return nil
}

func writeReport(w io.Writer, r system.ChainReport) {
	span := "无记录"
	if r.Rows > 0 {
		span = fmt.Sprintf("第 %d–%d 条", r.First, r.Last)
	}
	fmt.Fprintf(w, "%s（%s）：已校验 %d 条（%s），保留期已清理 %d 条\n", r.Title, r.Log, r.Rows, span, r.Purged)
	if r.OK {
		if r.Head != "" {
			fmt.Fprintf(w, "  完整；链头 %s…（请记下，以便日后核对数据库未被整体回退）\n", r.Head)
		} else {
			fmt.Fprintln(w, "  完整")
		}
		return
	}
	b := r.Break
	fmt.Fprintln(w, "  哈希链断开！")
	if b.ID != 0 {
		fmt.Fprintf(w, "  第一条异常记录：%s id %d（链上第 %d 条，%s）\n", r.Title, b.ID, b.Seq,
			b.Time.In(date.China).Format("2006-01-02 15:04:05"))
	} else if b.Seq != 0 {
		fmt.Fprintf(w, "  异常位置：%s链上第 %d 条\n", r.Title, b.Seq)
	}
	fmt.Fprintf(w, "  原因：%s\n", b.Reason)
}
