package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/files"
	"zhdj/internal/system"
)

const filesUsage = `用法: zhdj files migrate [--db ...] [--data-dir ...]   (把本地目录中的上传文件复制到 ZHDJ_S3_* 指定的对象存储并逐个校验)
      zhdj files verify  [--db ...] [--data-dir ...] [--file-store disk|s3]
                                                      (逐个读取当前文件存储中的文件，与数据库记录的大小和 SHA-256 核对)`

// errFilesDamaged is the commands' answer when a file failed its check
// (exit status 1, after the report).
var errFilesDamaged = errors.New("有文件未通过校验，详见上面的清单")

// filesCmd runs `zhdj files migrate` and `zhdj files verify`.
func filesCmd(args []string) error {
	if len(args) < 1 || (args[0] != "migrate" && args[0] != "verify") {
		return errors.New(filesUsage)
	}
	cfg, err := load("files", args[1:])
	if err != nil {
		return err
	}
	ctx := context.Background()
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return err
	}
	defer database.Close()
	if args[0] == "verify" {
		dst, err := cfg.OpenFileStore(ctx)
		if err != nil {
			return err
		}
		return verifyFiles(ctx, database, dst, os.Stdout)
	}
	if cfg.S3.Endpoint == "" {
		return errors.New("请先用 ZHDJ_S3_ENDPOINT、ZHDJ_S3_BUCKET、ZHDJ_S3_ACCESS_KEY、ZHDJ_S3_SECRET_KEY 指定目标对象存储")
	}
	src, err := files.NewStore(cfg.UploadDir())
	if err != nil {
		return err
	}
	dst, err := files.NewS3Store(ctx, cfg.S3, filepath.Join(cfg.DataDir, ".staging"))
	if err != nil {
		return err
	}
	return migrateFiles(ctx, database, src, dst, os.Stdout)
}

// migrateFiles copies every file of src into dst and reads each copy back
// to compare its SHA-256 with the original's, which is first compared with
// the one the database recorded at upload (a file damaged on disk is
// reported, not spread). A file dst already holds intact is left alone, so
// the command resumes after an interruption and a second run after the
// switch picks up what was uploaded meanwhile. Nothing is deleted from src.
func migrateFiles(ctx context.Context, idb bun.IDB, src, dst *files.Store, w io.Writer) error {
	fmt.Fprintf(w, "从 %s 复制到 %s\n", src, dst)
	var copied, present, bad, n int
	err := src.Walk(ctx, func(name string, _ int64) error {
		n++
		if n%500 == 0 {
			fmt.Fprintf(w, "  已处理 %d 个文件…\n", n)
		}
		size, sum, err := src.Checksum(ctx, name)
		if err != nil {
			return fmt.Errorf("读取 %s: %w", name, err)
		}
		want, err := system.StoredChecksum(ctx, idb, name)
		if err != nil {
			return err
		}
		if want != "" && want != sum {
			bad++
			fmt.Fprintf(w, "  损坏：%s 本地内容与上传时的 SHA-256 不符，未复制\n", name)
			return nil
		}
		if gotSize, got, err := dst.Checksum(ctx, name); err == nil && gotSize == size && got == sum {
			present++
			return nil
		} else if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("读取目标中的 %s: %w", name, err)
		}
		f, err := src.Open(ctx, name)
		if err != nil {
			return err
		}
		err = dst.Put(ctx, name, f, size, sum)
		f.Close()
		if err != nil {
			return fmt.Errorf("复制 %s: %w", name, err)
		}
		// Read back: the copy is counted only when the store returns it whole.
		if gotSize, got, err := dst.Checksum(ctx, name); err != nil || gotSize != size || got != sum {
			bad++
			fmt.Fprintf(w, "  校验失败：%s 复制后读回的内容与原文件不符（%v）\n", name, err)
			return nil
		}
		copied++
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "共 %d 个文件：新复制 %d 个，目标中已有且一致 %d 个，未通过校验 %d 个\n", n, copied, present, bad)
	if bad > 0 {
		return errFilesDamaged
	}
	fmt.Fprintln(w, "全部一致。尚未切换时：设置 ZHDJ_FILE_STORE=s3 后逐个重启各实例，再运行一次本命令，复制切换期间上传到本地目录的文件（见 docs/deploy.md）")
	return nil
}

// verifyFiles reads every file the database records from store and
// compares its size and SHA-256 with the record's.
func verifyFiles(ctx context.Context, idb bun.IDB, store *files.Store, w io.Writer) error {
	fmt.Fprintf(w, "校验 %s\n", store)
	var n, bad int
	err := system.EachStoredFile(ctx, idb, func(f system.StoredFile) error {
		n++
		size, sum, err := store.Checksum(ctx, f.Name)
		switch {
		case errors.Is(err, os.ErrNotExist):
			bad++
			fmt.Fprintf(w, "  缺失：%s（文件 %d）\n", f.Name, f.ID)
		case err != nil:
			return fmt.Errorf("读取 %s: %w", f.Name, err)
		case size != f.Size || (f.SHA256 != "" && sum != f.SHA256):
			bad++
			fmt.Fprintf(w, "  不一致：%s（文件 %d）大小 %d / 记录 %d，SHA-256 %s / 记录 %s\n", f.Name, f.ID, size, f.Size, sum, f.SHA256)
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "共校验 %d 个文件，缺失或不一致 %d 个\n", n, bad)
	if bad > 0 {
		return errFilesDamaged
	}
	return nil
}
