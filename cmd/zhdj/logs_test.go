package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"zhdj/internal/config"
)

// JSON logs are one object a line, each with its time, level, message and
// attributes, Chinese included; the text format is not JSON.
func TestJSONLogLines(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := newLogger(config.LogJSON, &buf)
	log.Info("database migrated", "applied", 3)
	log.Warn("jobs: run failed", "job", "system.purgeLogs", "err", errors.New("磁盘已满\n第二行"))
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), buf.String())
	}
	var first, second map[string]any
	for i, into := range []*map[string]any{&first, &second} {
		if err := json.Unmarshal([]byte(lines[i]), into); err != nil {
			t.Fatalf("line %d is not JSON: %v: %s", i+1, err, lines[i])
		}
		if _, ok := (*into)["time"].(string); !ok {
			t.Errorf("line %d has no time: %s", i+1, lines[i])
		}
	}
	if first["level"] != "INFO" || first["msg"] != "database migrated" || first["applied"] != float64(3) {
		t.Errorf("first line: %v", first)
	}
	if second["level"] != "WARN" || second["job"] != "system.purgeLogs" || second["err"] != "磁盘已满\n第二行" {
		t.Errorf("second line: %v", second)
	}

	buf.Reset()
	newLogger(config.LogText, &buf).Info("database migrated", "applied", 3)
	if !strings.HasPrefix(buf.String(), "time=") || json.Valid(buf.Bytes()) {
		t.Errorf("text format wrote %q", buf.String())
	}
}

// serve refuses a log format it does not know before it opens anything.
func TestServeRefusesUnknownLogFormat(t *testing.T) {
	t.Parallel()
	err := serve([]string{"--log-format", "xml"})
	if err == nil || !strings.Contains(err.Error(), "日志格式") {
		t.Fatalf("serve --log-format xml: %v", err)
	}
}

// A command's configuration installs its log format as the process's:
// with --log-format json the default logger (and so the standard log
// package) writes JSON. Not parallel: it changes the process's logger.
func TestLoadInstallsLogFormat(t *testing.T) {
	before := slog.Default()
	t.Cleanup(func() { slog.SetDefault(before) })
	t.Setenv("ZHDJ_LOG_FORMAT", "")
	if _, err := load("serve", []string{"--log-format", "json"}); err != nil {
		t.Fatal(err)
	}
	if _, ok := slog.Default().Handler().(*slog.JSONHandler); !ok {
		t.Errorf("default handler after --log-format json: %T", slog.Default().Handler())
	}
	if _, err := load("migrate", nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := slog.Default().Handler().(*slog.TextHandler); !ok {
		t.Errorf("default handler without a format: %T", slog.Default().Handler())
	}
}
