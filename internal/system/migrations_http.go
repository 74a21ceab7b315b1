package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// httpHardeningMigrations belong to issue 8 (input limits, browser headers,
// initial passwords).
func httpHardeningMigrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112430, Name: "initial passwords are per account: drop the shared initPassword setting", Up: func(ctx context.Context, tx bun.Tx) error {
			// Each new or reset account now gets its own random password, shown
			// once; a shared one readable in the settings is gone for good.
			_, err := tx.NewDelete().Model((*Config)(nil)).Where("config_key = ?", "initPassword").Exec(ctx)
			return err
		}},
		{Version: 2026112431, Name: "setting frameAncestors (who may frame the web app)", Up: func(ctx context.Context, tx bun.Tx) error {
			return InsertSetting(ctx, tx, CfgFrameAncestors, "'self'", "允许嵌入本系统的来源", "security", KindText,
				"Content-Security-Policy 的 frame-ancestors：'self'（仅本站）、'none'（禁止嵌入）或以空格分隔的 https:// 来源地址")
		}},
	}
}
