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
