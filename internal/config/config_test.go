package config_test

import (
	"strings"
	"testing"

	"zhdj/internal/config"
)

// The log format is text unless --log-format or ZHDJ_LOG_FORMAT asks for
// json; anything else is refused in Chinese instead of falling back in
// silence. Not parallel: it sets the environment.
func TestLogFormat(t *testing.T) {
	t.Setenv("ZHDJ_LOG_FORMAT", "")
	for _, c := range []struct {
		env  string
		args []string
		want string // "" = refused
	}{
		{"", nil, config.LogText},
		{"", []string{"--log-format", "json"}, config.LogJSON},
		{"json", nil, config.LogJSON},
		{"json", []string{"--log-format=text"}, config.LogText},
		{"yaml", []string{"--log-format=json"}, config.LogJSON}, // the flag wins over the environment
		{"", []string{"--log-format", "xml"}, ""},
		{"JSON", nil, ""},
		{"yaml", nil, ""},
	} {
		t.Setenv("ZHDJ_LOG_FORMAT", c.env)
		cfg, _, err := config.Load("serve", c.args)
		switch {
		case c.want == "" && (err == nil || !strings.Contains(err.Error(), "日志格式")):
			t.Errorf("env %q args %v: %v, want the format refused", c.env, c.args, err)
		case c.want != "" && (err != nil || cfg.LogFormat != c.want):
			t.Errorf("env %q args %v: %q, %v; want %q", c.env, c.args, cfg.LogFormat, err, c.want)
		}
	}
}

// The file store is the directory unless ZHDJ_FILE_STORE or --file-store
// says s3, which needs its bucket's address, name and both keys; any other
// store is refused. Not parallel: it sets the environment.
func TestFileStoreSettings(t *testing.T) {
	for _, k := range []string{"ZHDJ_FILE_STORE", "ZHDJ_S3_ENDPOINT", "ZHDJ_S3_BUCKET", "ZHDJ_S3_ACCESS_KEY", "ZHDJ_S3_SECRET_KEY"} {
		t.Setenv(k, "")
	}
	if cfg, _, err := config.Load("serve", nil); err != nil || cfg.FileStore != config.FileStoreDisk {
		t.Fatalf("default %q %v", cfg.FileStore, err)
	}
	if _, _, err := config.Load("serve", []string{"--file-store", "ftp"}); err == nil || !strings.Contains(err.Error(), "文件存储 \"ftp\" 无效") {
		t.Fatalf("ftp: %v", err)
	}
	t.Setenv("ZHDJ_FILE_STORE", "s3")
	t.Setenv("ZHDJ_S3_ENDPOINT", "minio:9000")
	t.Setenv("ZHDJ_S3_BUCKET", "zhdj")
	t.Setenv("ZHDJ_S3_ACCESS_KEY", "zhdj")
	if _, _, err := config.Load("serve", nil); err == nil || !strings.Contains(err.Error(), "ZHDJ_S3_SECRET_KEY") {
		t.Fatalf("without the secret key: %v", err)
	}
	t.Setenv("ZHDJ_S3_SECRET_KEY", "secret")
	cfg, _, err := config.Load("serve", nil)
	if err != nil || cfg.FileStore != config.FileStoreS3 || cfg.S3.Endpoint != "minio:9000" || cfg.S3.SecretKey != "secret" || cfg.S3.Insecure {
		t.Fatalf("%+v %v", cfg, err)
	}
	if cfg, _, err := config.Load("serve", []string{"--file-store=disk"}); err != nil || cfg.FileStore != config.FileStoreDisk {
		t.Fatalf("the flag over the environment: %q %v", cfg.FileStore, err)
	}
}
