package jobs_test

import (
	"testing"

	"zhdj/internal/platform/jobs"
)

// Every schedule the page may hold reads as Chinese; what cannot be put
// into words is shown as the expression with a note, never as a wrong sentence.
func TestDescribe(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"* * * * *":       "每分钟",
		"*/1 * * * *":     "每分钟",
		"*/10 * * * *":    "每 10 分钟",
		"0 * * * *":       "每小时整点",
		"15 * * * *":      "每小时第 15 分",
		"0,30 * * * *":    "每小时第 0、30 分",
		"0 */2 * * *":     "每 2 小时整点",
		"0 2 * * *":       "每天 02:00",
		"  0   2 * * * ":  "每天 02:00",
		"30 6 * * *":      "每天 06:30",
		"0 8,18 * * *":    "每天 08:00、18:00",
		"0 9-17 * * *":    "09:00 至 17:00 每小时一次",
		"*/15 9-17 * * *": "9 时至 17 时每 15 分钟",
		"0 8 * * 1":       "每周一 08:00",
		"0 8 * * 0":       "每周日 08:00",
		"0 8 * * 7":       "每周日 08:00",
		"0 8 * * 1-5":     "每周一至周五 08:00",
		"0 8 * * 1,3,5":   "每周一、周三、周五 08:00",
		"0 3 1 * *":       "每月1日 03:00",
		"0 3 1,15 * *":    "每月1日、15日 03:00",
		"0 3 1-5 * *":     "每月1日至5日 03:00",
		"0 3 1 1 *":       "每年1月1日 03:00",
		"0 3 1 1,7 *":     "每年1月、7月的1日 03:00",
		"0 3 1 */3 *":     "每年1月、4月、7月、10月的1日 03:00",
		"0 3 1 * 1":       "每月1日及每周一 03:00",
		"*/5 * * * 1-5":   "每周一至周五，每 5 分钟",
		"@daily":          "每天 00:00",
		"@hourly":         "每小时整点",
		"@weekly":         "每周日 00:00",
		"@monthly":        "每月1日 00:00",
		"@yearly":         "每年1月1日 00:00",
		// Unknown forms: the expression with a note.
		"0 8 * * MON":        "按 Cron 表达式 0 8 * * MON 执行",
		"0 3 L * *":          "按 Cron 表达式 0 3 L * * 执行",
		"0-30/5 * * * *":     "按 Cron 表达式 0-30/5 * * * * 执行",
		"0 */2 1 * 3/2":      "按 Cron 表达式 0 */2 1 * 3/2 执行",
		"0 0 * *":            "按 Cron 表达式 0 0 * * 执行",
		"0,5,10 1,2,3 * * *": "按 Cron 表达式 0,5,10 1,2,3 * * * 执行",
	}
	for expr, want := range cases {
		if got := jobs.Describe(expr); got != want {
			t.Errorf("Describe(%q) = %q, want %q", expr, got, want)
		}
	}
}
