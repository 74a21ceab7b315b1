package report

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// PermReport guards every report route: the reports, the arrears and the
// ledger of the caller's organisations.
const PermReport = "df:report"

// MenuDir is the 党费管理 directory (package fee/standard seeds it).
const MenuDir = "/dfgl"

// The settings of the arrears (RULES.md §1): consecutive unpaid months at
// which the branch is reminded, and at which the branch and the
// organisation department are warned (six months unpaid without good
// reason counts as 自行脱党: the warning must come at the latest then).
const (
	CfgRemindMonths = "feeArrearsRemindMonths"
	CfgWarnMonths   = "feeArrearsWarnMonths"

	DefaultRemindMonths = 3
	DefaultWarnMonths   = 6
)

// Migrations of the reports (versions 2026112850..59 are ours; after the
// fee tables and the 党费管理 directory).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112850, Name: "fee report: arrears settings, 党费报表 page", Up: func(ctx context.Context, tx bun.Tx) error {
		if err := system.InsertSetting(ctx, tx, CfgRemindMonths, "3", "党费欠缴提醒月数", "fee", system.KindInt,
			"党员连续多少个月未缴纳党费时提醒所在支部（默认3个月）"); err != nil {
			return err
		}
		if err := system.InsertSetting(ctx, tx, CfgWarnMonths, "6", "党费欠缴警示月数", "fee", system.KindInt,
			"党员连续多少个月未缴纳党费时警示支部和组织部（党章：连续6个月不交纳党费视为自行脱党）"); err != nil {
			return err
		}
		return system.AddPages(ctx, tx, MenuDir, menus(), roles...)
	}}}
}

// roles see the reports of their scope: the organisation department the
// university's, a secondary committee its own, a branch secretary the branch's.
var roles = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}

func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "党费报表", Name: "DfReport", Path: "report", Component: "dfgl/report", Icon: "bar-chart",
		Type: system.MenuPage, Children: []system.MenuSeed{{Title: "查询", Type: system.MenuButton, Permission: PermReport}}}}
}
