// Package config reads the server settings from flags and ZHDJ_* environment variables.
// Flags win over the environment, the environment over the defaults.
package config

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"zhdj/internal/platform/files"
)

// Config is everything the process needs before it can open the database.
// Settings an administrator changes at run time live in sys_config instead.
type Config struct {
	Addr          string // listen address, e.g. ":8080"
	DB            string // SQLite file path or postgres:// DSN
	DataDir       string // uploads, RSA key pair
	AdminPassword string // first admin password on an empty database ("" = generate)
	CaptchaOff    bool   // ZHDJ_CAPTCHA=off: automated clients sign in without a captcha
	PasswordCost  int    // bcrypt cost; tests lower it
	Dev           bool   // serve the web app from disk instead of the embedded copy (not used in production)
	// ImportParses is how many uploaded workbooks are parsed at once
	// (ZHDJ_IMPORT_PARSES, default 2); each may take a few hundred MB at worst.
	ImportParses int
	// TrustedProxies (ZHDJ_TRUSTED_PROXIES): comma-separated CIDRs of the
	// reverse proxies whose X-Forwarded-For names the client; empty = none.
	TrustedProxies string
	// ListCountCap (ZHDJ_LIST_COUNT_CAP, default 100,000): a list counts its
	// matches up to this many; beyond, its total reads "≥ N".
	ListCountCap int
	// LogFormat (--log-format, ZHDJ_LOG_FORMAT) is how log lines are
	// written to stderr: LogText (default) or LogJSON.
	LogFormat string
	// FileStore (ZHDJ_FILE_STORE) is where uploaded files are kept:
	// FileStoreDisk (default, DataDir/files) or FileStoreS3 (the bucket S3
	// names). Several instances on several hosts need S3 or a shared
	// directory.
	FileStore string
	// S3 (ZHDJ_S3_*) is the bucket of FileStoreS3. The keys come from the
	// environment only, never from flags (which ps shows to every user).
	S3 files.S3Config
	// Push is the timing of the top bar's count stream (zero fields: its
	// defaults, internal/platform/push); tests shorten it.
	Push PushTiming
}

// PushTiming overrides how often a count stream reads again, beats and
// ends.
type PushTiming struct {
	Every, Heartbeat, Lifetime time.Duration
}

// The file stores: see FileStore.
const (
	FileStoreDisk = "disk"
	FileStoreS3   = "s3"
)

// The log formats: slog's text lines for people, JSON lines for a log
// collector (Loki, Elasticsearch, …) that indexes the fields.
const (
	LogText = "text"
	LogJSON = "json"
)

// Defaults returns the configuration used when nothing is set.
func Defaults() Config {
	return Config{Addr: ":8080", DB: "./data/zhdj.db", DataDir: "./data", PasswordCost: 12, ImportParses: 2, ListCountCap: 100_000,
		LogFormat: LogText, FileStore: FileStoreDisk}
}

// FromEnv applies the ZHDJ_* environment variables on top of c.
func (c Config) FromEnv() Config {
	if v := os.Getenv("ZHDJ_ADDR"); v != "" {
		c.Addr = v
	}
	if v := os.Getenv("ZHDJ_DB"); v != "" {
		c.DB = v
	}
	if v := os.Getenv("ZHDJ_DATA_DIR"); v != "" {
		c.DataDir = v
	}
	c.AdminPassword = os.Getenv("ZHDJ_ADMIN_PASSWORD")
	c.CaptchaOff = strings.EqualFold(os.Getenv("ZHDJ_CAPTCHA"), "off")
	if n, err := strconv.Atoi(os.Getenv("ZHDJ_IMPORT_PARSES")); err == nil && n > 0 {
		c.ImportParses = n
	}
	c.TrustedProxies = os.Getenv("ZHDJ_TRUSTED_PROXIES")
	if n, err := strconv.Atoi(os.Getenv("ZHDJ_LIST_COUNT_CAP")); err == nil && n > 0 {
		c.ListCountCap = n
	}
	if v := os.Getenv("ZHDJ_LOG_FORMAT"); v != "" {
		c.LogFormat = v
	}
	if v := os.Getenv("ZHDJ_FILE_STORE"); v != "" {
		c.FileStore = v
	}
	c.S3 = files.S3Config{Endpoint: os.Getenv("ZHDJ_S3_ENDPOINT"), Bucket: os.Getenv("ZHDJ_S3_BUCKET"),
		Region: os.Getenv("ZHDJ_S3_REGION"), Prefix: os.Getenv("ZHDJ_S3_PREFIX"),
		AccessKey: os.Getenv("ZHDJ_S3_ACCESS_KEY"), SecretKey: os.Getenv("ZHDJ_S3_SECRET_KEY"),
		Insecure: strings.EqualFold(os.Getenv("ZHDJ_S3_INSECURE"), "true")}
	return c
}

// BindFlags registers the common flags on fs with c's values as defaults.
func (c *Config) BindFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address (ZHDJ_ADDR)")
	fs.StringVar(&c.DB, "db", c.DB, "SQLite file path or postgres:// DSN (ZHDJ_DB)")
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "directory for uploads and keys (ZHDJ_DATA_DIR)")
	fs.StringVar(&c.FileStore, "file-store", c.FileStore, "where uploads are kept: disk or s3 (ZHDJ_FILE_STORE; the bucket: ZHDJ_S3_*)")
	fs.StringVar(&c.LogFormat, "log-format", c.LogFormat, "log lines on stderr: text or json (ZHDJ_LOG_FORMAT)")
}

// Load reads the environment and then the flags in args, and refuses
// values it cannot use.
func Load(name string, args []string) (Config, *flag.FlagSet, error) {
	c := Defaults().FromEnv()
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	c.BindFlags(fs)
	if err := fs.Parse(args); err != nil {
		return c, fs, err
	}
	return c, fs, c.Check()
}

// Check refuses settings that would otherwise be ignored in silence (Load
// calls it; a command parsing flags of its own calls it after them).
func (c Config) Check() error {
	switch c.LogFormat {
	case LogText, LogJSON:
	default:
		return fmt.Errorf("日志格式 %q 无效：--log-format（ZHDJ_LOG_FORMAT）只能是 text 或 json", c.LogFormat)
	}
	switch c.FileStore {
	case FileStoreDisk:
	case FileStoreS3:
		if c.S3.Endpoint == "" || c.S3.Bucket == "" || c.S3.AccessKey == "" || c.S3.SecretKey == "" {
			return fmt.Errorf("文件存储为 s3 时须设置 ZHDJ_S3_ENDPOINT、ZHDJ_S3_BUCKET、ZHDJ_S3_ACCESS_KEY 和 ZHDJ_S3_SECRET_KEY")
		}
	default:
		return fmt.Errorf("文件存储 %q 无效：--file-store（ZHDJ_FILE_STORE）只能是 disk 或 s3", c.FileStore)
	}
	return nil
}

// IsPostgres tells whether DB names a PostgreSQL server.
func (c Config) IsPostgres() bool {
	return strings.HasPrefix(c.DB, "postgres://") || strings.HasPrefix(c.DB, "postgresql://")
}

// UploadDir is where uploaded files are stored on disk.
func (c Config) UploadDir() string { return filepath.Join(c.DataDir, "files") }

// OpenFileStore opens the store FileStore names. An S3 store stages
// uploads in the data directory and checks at once that its bucket answers.
func (c Config) OpenFileStore(ctx context.Context) (*files.Store, error) {
	if c.FileStore == FileStoreS3 {
		return files.NewS3Store(ctx, c.S3, filepath.Join(c.DataDir, ".staging"))
	}
	return files.NewStore(c.UploadDir())
}

// KeyDir is where the RSA key pair is kept.
func (c Config) KeyDir() string { return filepath.Join(c.DataDir, "keys") }
