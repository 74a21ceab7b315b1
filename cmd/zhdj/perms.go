package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"zhdj/internal/app"
	"zhdj/internal/config"
)

// perms writes the web's permission constants (zhdj perms [FILE]; stdout
// without FILE). They come from a throwaway SQLite database migrated in a
// temporary directory, never from ZHDJ_DB, so the text depends on the code alone.
func perms(args []string) error {
	if len(args) > 1 {
		return errors.New("用法: zhdj perms [" + app.PermissionsFile + "]")
	}
	text, err := permissionsText()
	if err != nil {
		return err
	}
	if len(args) == 0 {
		_, err := os.Stdout.Write(text)
		return err
	}
	if err := os.WriteFile(args[0], text, 0o644); err != nil {
		return err
	}
	fmt.Printf("已生成 %s\n", args[0])
	return nil
}

func permissionsText() ([]byte, error) {
	dir, err := os.MkdirTemp("", "zhdj-perms-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cfg := config.Defaults()
	cfg.DataDir = dir
	cfg.DB = filepath.Join(dir, "perms.db")
	ctx := context.Background()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	list, err := a.Permissions(ctx)
	if err != nil {
		return nil, err
	}
	return app.PermissionsTS(list)
}
