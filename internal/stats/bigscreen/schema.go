package bigscreen

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the cockpits: versions 2026121130..39.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121130, Name: "stats/bigscreen: 党建驾驶舱 and 干部驾驶舱, the signature's lifetime and the campus map",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if _, err := system.InsertMenus(ctx, tx, nil, menus()); err != nil {
				return err
			}
			if err := system.InsertSetting(ctx, tx, CfgSignMinutes, strconv.Itoa(DefaultSignMinutes), "大屏签名有效分钟数", SettingGroup,
				system.KindInt, "驾驶舱大屏签名的有效时间（1–30 分钟，超出按边界计，默认5分钟）；过期后须从系统重新打开大屏"); err != nil {
				return err
			}
			return system.InsertSetting(ctx, tx, CfgCampusMap, "", "驾驶舱校区示意图", SettingGroup, system.KindText,
				"综合地图的校区、楼宇及所在党组织（JSON）。示例："+campusExample)
		}},
		{Version: 2026121170, Name: "stats/bigscreen: the campus map's editor (组织部)", Up: func(ctx context.Context, tx bun.Tx) error {
			var page system.Menu
			if err := tx.NewSelect().Model(&page).Column("id").Where("extpath = ?", PathPartyMap).Where("type = ?", system.MenuPage).
				OrderExpr("id").Limit(1).Scan(ctx); err != nil {
				return err
			}
			if _, err := system.InsertMenus(ctx, tx, &page.ID, []system.MenuSeed{{Title: "编辑示意图", Type: system.MenuButton,
				Permission: PermCampusEdit, Roles: []string{system.RoleOrgDept}}}); err != nil {
				return err
			}
			return system.SetSettingRemark(ctx, tx, CfgCampusMap, campusRemark)
		}},
	}
}

// Permissions: the party-building cockpits for the organisation department
// and the 二级党委; the cadre cockpits for the cadre office.
const (
	PermParty = "dp:view"
	PermCadre = "gbjsc:view"
	// PermCampusEdit edits the campus map (组织部).
	PermCampusEdit = "dp:map:edit"
)

// Settings (system settings page, group bigscreen).
const (
	SettingGroup = "bigscreen"
	// CfgSignMinutes is how long a signature is valid, bounded to
	// [minSignMinutes, maxSignMinutes].
	CfgSignMinutes     = "bigscreen.signMinutes"
	DefaultSignMinutes = 5
	minSignMinutes     = 1
	maxSignMinutes     = 30
	// CfgCampusMap is the campus schematic of the map cockpit (JSON, see
	// Campus).
	CfgCampusMap = "bigscreen.campusMap"
)

// campusRemark is the setting's remark since the map has its editor.
const campusRemark = "综合地图的校区、楼宇及所在党组织（JSON，党组织按编号）。请在「党建驾驶舱 › 综合地图 › 编辑示意图」中编辑；此处修改同样经过校验。"

// campusExample was the setting's first remark: what the department wrote.
const campusExample = `[{"name":"主校区","x":5,"y":5,"w":55,"h":60,"buildings":[{"name":"行政楼","x":20,"y":20,"orgs":["机关党委"]}]}]` +
	`（坐标为 0–100 的示意坐标；orgs 填党组织全称）`

// Cockpit page component (web/src/pages/workbench/screen): one view embeds
// each page's external path.
const viewComponent = "workbench/screen"

// Directories of the cockpits (first-level, one per workbench).
const (
	PartyDir = "/workbench/djjsc"
	CadreDir = "/workbench/gbjsc"
)

func menus() []system.MenuSeed {
	party := []string{system.RoleOrgDept, system.RoleCommittee}
	page := func(title, name, path, ext, icon, perm string, roles []string) system.MenuSeed {
		return system.MenuSeed{Title: title, Name: name, Path: path, Component: viewComponent, Extpath: ext, Icon: icon,
			Type: system.MenuPage, Roles: roles, Children: []system.MenuSeed{
				{Title: "查看", Type: system.MenuButton, Permission: perm, Roles: roles}}}
	}
	return []system.MenuSeed{
		{Title: "党建驾驶舱", Path: PartyDir, Component: "Layout", Icon: "dashboard", Type: system.MenuDir, Workbench: system.WorkbenchParty,
			Roles: party, Children: []system.MenuSeed{
				page("综合地图", "Djjsczhdt", "zhdt", PathPartyMap, "environment", PermParty, party),
				page("综合对比", "Djjsczhdb", "zhdb", PathPartyCompare, "bar-chart", PermParty, party),
				page("综合统计", "Djjsczhtb", "zhtb", PathPartyTrend, "line-chart", PermParty, party),
			}},
		{Title: "干部驾驶舱", Path: CadreDir, Component: "Layout", Icon: "dashboard", Type: system.MenuDir, Workbench: system.WorkbenchCadre,
			Roles: cadre.Roles, Children: []system.MenuSeed{
				page("综合地图", "Gbjsczhdt", "zhdt", PathCadreMap, "environment", PermCadre, cadre.Roles),
				page("综合对比", "Gbjsczhdb", "zhdb", PathCadreCompare, "bar-chart", PermCadre, cadre.Roles),
				page("综合统计", "Gbjsczhtb", "zhtb", PathCadreTrend, "line-chart", PermCadre, cadre.Roles),
			}},
	}
}
