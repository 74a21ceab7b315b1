package system

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// CfgHTMLTitle is the document title's site part; empty, the title names the
// current school's platform ("东湖大学智慧党建").
const CfgHTMLTitle = "htmlTitle"

// identityMigrations belong to issue 10 (the school's identity on the login
// page and in the title).
func identityMigrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112660, Name: "htmlTitle empty by default: the document title names the current school", Up: func(ctx context.Context, tx bun.Tx) error {
			now := time.Now().UTC()
			// Only the value the seed shipped is cleared: a title an
			// administrator chose stays.
			if _, err := tx.NewUpdate().Model((*Config)(nil)).Set("config_value = ''").Set("updated_at = ?", now).
				Where("config_key = ?", CfgHTMLTitle).Where("config_value = ?", "智慧党建").Exec(ctx); err != nil {
				return err
			}
			_, err := tx.NewUpdate().Model((*Config)(nil)).Set("remark = ?", "为空时使用当前学校的平台名称（学校信息中的标题前缀或学校名称 + 智慧党建）").
				Set("updated_at = ?", now).Where("config_key = ?", CfgHTMLTitle).Exec(ctx)
			return err
		}},
	}
}
