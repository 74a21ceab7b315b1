package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"zhdj/internal/app"
)

// gen writes every web file generated from the Go declarations (zhdj gen
// [ROOT]; ROOT is the repository root, "." without it): the permission
// constants (as zhdj perms) and the modules' vocabulary under
// app.GeneratedDir.
func gen(args []string) error {
	if len(args) > 1 {
		return errors.New("用法: zhdj gen [仓库根目录]")
	}
	root := "."
	if len(args) == 1 {
		root = args[0]
	}
	perms, err := permissionsText()
	if err != nil {
		return err
	}
	files, err := app.Vocabulary()
	if err != nil {
		return err
	}
	files = append([]app.Generated{{Path: app.PermissionsFile, Text: perms}}, files...)
	for _, f := range files {
		name := filepath.Join(root, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, f.Text, 0o644); err != nil {
			return err
		}
		fmt.Printf("已生成 %s\n", f.Path)
	}
	return nil
}
