package main

import (
	"io"
	"log/slog"
	"os"

	"zhdj/internal/config"
)

// newLogger writes log lines to w in format (config.LogText or
// config.LogJSON, which config.Load has checked): text for a person at a
// terminal, one JSON object a line for a log collector.
func newLogger(format string, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if format == config.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// load reads a command's configuration and makes its log format the
// process's from then on: set after the flags are parsed, so --log-format
// is obeyed from the first line the command logs. slog.SetDefault also
// sends the standard log package's lines (net/http's among them) through it.
func load(name string, args []string) (config.Config, error) {
	cfg, _, err := config.Load(name, args)
	if err != nil {
		return cfg, err
	}
	slog.SetDefault(newLogger(cfg.LogFormat, os.Stderr))
	return cfg, nil
}
