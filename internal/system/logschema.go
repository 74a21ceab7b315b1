package system

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
)

// CfgLogRetentionDays is how many days the operation and login logs are
// kept (等级保护 asks for at least 180).
const CfgLogRetentionDays = "logRetentionDays"

// minLogRetentionDays is the least retention a setting may ask for.
const minLogRetentionDays = 180

// logMigrations belong to issue 10 (readable logs): the operation log names
// the route's module and action and the records acted on, keeps the request
// masked, is exported; its retention is a setting.
func logMigrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112650, Name: "operation log: titles, targets, request detail; log retention; log:export",
			Up: func(ctx context.Context, tx bun.Tx) error {
				if err := db.DDL(ctx, tx,
					`ALTER TABLE sys_oper_log ADD COLUMN module VARCHAR(50) NOT NULL DEFAULT ''`,
					`ALTER TABLE sys_oper_log ADD COLUMN action VARCHAR(50) NOT NULL DEFAULT ''`,
					`ALTER TABLE sys_oper_log ADD COLUMN target VARCHAR(200) NOT NULL DEFAULT ''`,
					`ALTER TABLE sys_oper_log ADD COLUMN target_name VARCHAR(100) NOT NULL DEFAULT ''`,
					`ALTER TABLE sys_oper_log ADD COLUMN query VARCHAR(1000) NOT NULL DEFAULT ''`,
					`ALTER TABLE sys_oper_log ADD COLUMN body TEXT NOT NULL DEFAULT ''`,
					`CREATE INDEX idx_sys_oper_log_module ON sys_oper_log(module, created_at)`,
				); err != nil {
					return err
				}
				if err := insertMissingConfigs(ctx, tx, []configSeed{{CfgLogRetentionDays, "180", "日志保存天数", "security", KindInt,
					"操作日志和登录日志的保存天数，超过的每天清除一次；等级保护要求至少 180 天", false, false}}); err != nil {
					return err
				}
				return AddButtons(ctx, tx, "monitor/log", Buttons("log", "export"), RoleAdmin)
			}},
		{Version: 2026112651, Name: "change trail: the DELETE type and the USER_DELETE origin are labelled", Up: func(ctx context.Context, tx bun.Tx) error {
			// audit.TypeDelete and audit.OriginUserDelete (a deleted record's last state).
			if _, err := AddDictItem(ctx, tx, audit.DictType, "删除", strconv.Itoa(audit.TypeDelete), audit.TypeDelete); err != nil {
				return err
			}
			_, err := AddDictItem(ctx, tx, audit.DictOrigin, "用户删除", strconv.Itoa(audit.OriginUserDelete), audit.OriginUserDelete)
			return err
		}},
		logChainMigration(),
		cryptoSuiteMigration(),
	}
}
