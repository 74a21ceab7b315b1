package oversight

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Permissions of the oversight: the yearly tables (转接统计) and the
// staged import of transfers done on paper.
const (
	PermStats  = "zzgx:stats"
	PermImport = "zzgx:import"
)

// Settings of the rules (RULES.md §3), each with the rule's default; the
// 参数设置 page changes them (a value that is not a positive whole number
// reads as the default).
const (
	CfgLostMonths    = "zzgx.lostContactMonths" // 6: lost contact this long → suspension suggested
	CfgSuspendYears  = "zzgx.suspendedYears"    // 2: suspended (still lost) this long → removal suggested
	CfgAbroadYears   = "zzgx.abroadYears"       // 5: abroad more than this → suspension suggested
	DefaultLostMonth = 6
	DefaultSuspend   = 2
	DefaultAbroad    = 5
)

// Migrations of the oversight: versions 2026112820..29 (after the transfer
// domain's 2026112800.. and the letters' 2026112810..).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112820, Name: "transfer oversight: rule settings, page 转接统计 and the import permission", Up: migrate},
	}
}

// statsPage is the page 转接统计 in the directory 组织关系转接 with its
// buttons: the tables for every manager (the organisation department gets
// the whole page through AddPages), the import for the organisation
// department only (a committed row moves a member).
func statsPage() []system.MenuSeed {
	return []system.MenuSeed{{Title: "转接统计", Name: "ZzgxStats", Path: "stats", Component: "zzgx/stats", Icon: "bar-chart",
		Type: system.MenuPage, Roles: []string{system.RoleCommittee, system.RoleBranchSecretary}, Children: append(
			system.Granted([]system.MenuSeed{{Title: "转接统计", Type: system.MenuButton, Permission: PermStats}},
				system.RoleCommittee, system.RoleBranchSecretary),
			system.MenuSeed{Title: "导入", Type: system.MenuButton, Permission: PermImport})}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	for _, st := range []struct{ key, value, name, remark string }{
		{CfgLostMonths, "6", "失联党员停止党籍提醒（月）", "RULES §3：与党组织失去联系满该月数，提醒对其停止党籍（默认6个月）"},
		{CfgSuspendYears, "2", "停止党籍后除名提醒（年）", "RULES §3：停止党籍满该年数仍无联系，提醒予以除名（默认2年）"},
		{CfgAbroadYears, "5", "出国（境）暂留停止党籍提醒（年）", "出国（境）保留组织关系超过该年数，提醒对其停止党籍（默认5年）"},
	} {
		if err := system.InsertSetting(ctx, tx, st.key, st.value, st.name, "zzgx", "int", st.remark); err != nil {
			return err
		}
	}
	return system.AddPages(ctx, tx, "/zzgx", statsPage(), system.RoleOrgDept)
}
