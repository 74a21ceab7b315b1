package system

import (
	"context"
	"time"

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
			now := time.Now().UTC()
			row := &Config{Key: CfgFrameAncestors, Value: "'self'", Name: "允许嵌入本系统的来源", Group: "security", Kind: KindText,
				Remark:    "Content-Security-Policy 的 frame-ancestors：'self'（仅本站）、'none'（禁止嵌入）或以空格分隔的 https:// 来源地址",
				CreatedAt: now, UpdatedAt: now}
			_, err := tx.NewInsert().Model(row).Exec(ctx)
			return err
		}},
	}
}
