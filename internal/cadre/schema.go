package cadre

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the cadre base (versions 2026121000..09 are ours; the other
// cadre packages take 20261210NN from 10 on).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026121000, Name: "cadre base: gb_jbxx, the sub-tables, gb_zj, GB_ZT, menus", Up: migrate},
		// The list sorts names by pinyin (zh.Name).
		{Version: 2026121001, Name: "cadre base: gb_jbxx.name sorts by pinyin", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.ZhSortKey(ctx, tx, "gb_jbxx", "name", []string{"name"})
		}},
		{Version: 2026121002, Name: "cadre base: gb_bgsq (change requests by the cadre), trail origin 本人申请变更", Up: migrateRequests},
		// 分管部门: the departments a cadre manages, once each (the unique key is the 400 on unitId).
		{Version: 2026121003, Name: "cadre base: gb_fgbm (the departments a cadre manages)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE TABLE gb_fgbm (
					id {{pk}},
					cadre_id BIGINT NOT NULL REFERENCES gb_jbxx(id) ON DELETE CASCADE,
					unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
					kind VARCHAR(8) NOT NULL,
					since DATE NULL,
					note VARCHAR(200) NOT NULL DEFAULT '',
					sort INTEGER NOT NULL DEFAULT 0,
					{{stamps}})`,
				`CREATE UNIQUE INDEX uq_gb_fgbm_unit ON gb_fgbm(cadre_id, unit_id)`,
				`CREATE INDEX idx_gb_fgbm_unit ON gb_fgbm(unit_id)`)
		}},
		// The name box searched by index, not by a scan of every cadre.
		search.Migration(2026121004, "cadre base: text-search index of the cadres' names", cadreSearch),
	}
}

// Dictionaries the cadre record uses (the GB_* ones are seeded by the
// system's dictionaries, GB_ZT by this module).
const (
	DictGender        = "DJ_COMM_XB"
	DictEthnicity     = "DJ_COMM_MZXX"
	DictPolitical     = "ZZMM"
	DictEducation     = "DJ_DY_XLXX"
	DictDegree        = "XW"
	DictTitle         = "DJ_JBXX_ZYJSZC"
	DictCategory      = "GB_LB"
	DictLevel         = "GB_XZJB"
	DictTenure        = "GB_RZZT"
	DictPostAttribute = "GB_ZWSX"
	DictTeamType      = "GB_BZLX"
	DictStatus        = "GB_ZT"
)

// Perms are the cadre record's permissions gbjbxx:list, gbjbxx:add, …;
// PermUnmask shows ID numbers and phones in clear (like dy:unmask), PermAll
// sees every cadre (干部管理员 and 组织部; others see their units' cadres only
// when SettingUnitLeaders is on).
var Perms = resource.Perms{List: "gbjbxx:list", Add: "gbjbxx:add", Edit: "gbjbxx:edit", Del: "gbjbxx:del", Export: "gbjbxx:export"}

const (
	PermUnmask = "gbjbxx:unmask"
	PermAll    = "gbjbxx:all"
	// PermNavbar is the top bar's 干部工作台 entry (seeded by the system).
	PermNavbar = "gb:workbench:navbar"
)

// SettingUnitLeaders is the setting "unit leaders see their unit's cadres"
// (default off): when on, a holder of gbjbxx:list without gbjbxx:all sees
// the cadres of the units of their unit scope.
const SettingUnitLeaders = "gb.unitLeadersSeeCadres"

// Roles are the roles that keep the cadre records.
var Roles = []string{system.RoleCadreAdmin, system.RoleOrgDept}

// menus is the top-level 干部管理 (the cadre workbench's) with the page
// 干部信息库; the other cadre pages are added under /gb by their packages
// (system.AddPages).
func menus() []system.MenuSeed {
	buttons := system.Buttons("gbjbxx", "list", "add", "edit", "del", "export")
	buttons = append(buttons, system.MenuSeed{Title: "查看干部敏感信息", Type: system.MenuButton, Permission: PermUnmask},
		system.MenuSeed{Title: "查看全部干部", Type: system.MenuButton, Permission: PermAll})
	return []system.MenuSeed{{Title: "干部管理", Path: "/gb", Component: "Layout", Icon: "idcard", Type: system.MenuDir, Workbench: system.WorkbenchCadre,
		Roles: Roles, Children: []system.MenuSeed{
			{Title: "干部信息库", Name: "Gbjbxx", Path: "jbxx", Component: "gb/jbxx", Icon: "solution", Type: system.MenuPage,
				Roles: Roles, Children: system.Granted(buttons, Roles...)},
		}}}
}

// period is the start and end of a sub-table row (end NULL: 至今).
const period = `start_on DATE NULL, end_on DATE NULL,`

// subTables are the DDL of the twelve sub-tables and gb_zj: each row under
// its cadre (deleted with it), ordered by sort.
var subTables = map[string]string{
	"gb_jl": `text VARCHAR(500) NOT NULL,` + period,
	"gb_zw": `post VARCHAR(200) NOT NULL, unit_id BIGINT NULL, level VARCHAR(16) NOT NULL DEFAULT '',
		attribute VARCHAR(16) NOT NULL DEFAULT '',` + period + `
		kind VARCHAR(8) NOT NULL DEFAULT '任职', doc_no VARCHAR(100) NOT NULL DEFAULT '', position_id BIGINT NULL,
		probation_until DATE NULL, elected BOOLEAN NOT NULL DEFAULT FALSE,`,
	"gb_xl": `kind VARCHAR(8) NOT NULL, school VARCHAR(100) NOT NULL, major VARCHAR(100) NOT NULL DEFAULT '',
		education VARCHAR(16) NOT NULL DEFAULT '', degree VARCHAR(16) NOT NULL DEFAULT '',` + period,
	"gb_jtcy": `relation VARCHAR(20) NOT NULL, name_enc VARCHAR(200) NOT NULL, birth_on DATE NULL,
		political_status VARCHAR(16) NOT NULL DEFAULT '', employer_post_enc VARCHAR(600) NOT NULL DEFAULT '',`,
	"gb_xxjl":  `course VARCHAR(200) NOT NULL, organiser VARCHAR(100) NOT NULL DEFAULT '',` + period + ` hours INTEGER NOT NULL DEFAULT 0,`,
	"gb_kc":    `year INTEGER NOT NULL, kind VARCHAR(50) NOT NULL, conclusion VARCHAR(2000) NOT NULL,`,
	"gb_khqk":  `year INTEGER NOT NULL, grade VARCHAR(8) NOT NULL,`,
	"gb_zf":    `year INTEGER NOT NULL, content VARCHAR(2000) NOT NULL,`,
	"gb_ky":    `year INTEGER NOT NULL, title VARCHAR(200) NOT NULL, kind VARCHAR(50) NOT NULL DEFAULT '',`,
	"gb_jz":    `org VARCHAR(100) NOT NULL, post VARCHAR(100) NOT NULL,` + period,
	"gb_jc":    `kind VARCHAR(4) NOT NULL, title VARCHAR(200) NOT NULL, granted_on DATE NULL, granted_by VARCHAR(100) NOT NULL DEFAULT '',`,
	"gb_dzzfw": `org VARCHAR(100) NOT NULL, post VARCHAR(100) NOT NULL,` + period,
	"gb_zj": `kind VARCHAR(20) NOT NULL, number_enc VARCHAR(200) NOT NULL DEFAULT '', kept_by_org BOOLEAN NOT NULL DEFAULT TRUE,
		out_on DATE NULL, due_back_on DATE NULL, returned_on DATE NULL,`,
}

func migrate(ctx context.Context, tx bun.Tx) error {
	stmts := []string{`CREATE TABLE gb_jbxx (
			id {{pk}},
			person_id BIGINT NULL,
			member_id BIGINT NULL,
			user_id BIGINT NULL,
			name VARCHAR(50) NOT NULL,
			gender VARCHAR(8) NOT NULL DEFAULT '',
			birth_on DATE NULL,
			ethnicity VARCHAR(8) NOT NULL DEFAULT '',
			native_place VARCHAR(100) NOT NULL DEFAULT '',
			birth_place VARCHAR(100) NOT NULL DEFAULT '',
			political_status VARCHAR(8) NOT NULL DEFAULT '',
			party_join_on DATE NULL,
			work_start_on DATE NULL,
			id_number_enc VARCHAR(200) NOT NULL DEFAULT '',
			id_number_idx VARCHAR(64) NOT NULL DEFAULT '',
			phone_enc VARCHAR(200) NOT NULL DEFAULT '',
			phone_idx VARCHAR(64) NOT NULL DEFAULT '',
			unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
			post VARCHAR(200) NOT NULL DEFAULT '',
			post_attribute VARCHAR(8) NOT NULL DEFAULT '',
			level VARCHAR(8) NOT NULL DEFAULT '',
			level_since DATE NULL,
			category VARCHAR(8) NOT NULL DEFAULT '',
			tenure_status VARCHAR(8) NOT NULL DEFAULT '',
			team_type VARCHAR(8) NOT NULL DEFAULT '',
			status VARCHAR(8) NOT NULL DEFAULT '',
			education VARCHAR(8) NOT NULL DEFAULT '',
			degree VARCHAR(8) NOT NULL DEFAULT '',
			inservice_education VARCHAR(8) NOT NULL DEFAULT '',
			inservice_degree VARCHAR(8) NOT NULL DEFAULT '',
			title VARCHAR(16) NOT NULL DEFAULT '',
			specialty VARCHAR(200) NOT NULL DEFAULT '',
			photo_file_id BIGINT NULL,
			post_since DATE NULL,
			appointment_reason VARCHAR(1000) NOT NULL DEFAULT '',
			proposed_post VARCHAR(200) NOT NULL DEFAULT '',
			proposed_removal VARCHAR(200) NOT NULL DEFAULT '',
			health VARCHAR(50) NOT NULL DEFAULT '',
			rewards_text VARCHAR(1000) NOT NULL DEFAULT '',
			assessment_text VARCHAR(1000) NOT NULL DEFAULT '',
			form_extra TEXT NULL,
			sort INTEGER NOT NULL DEFAULT 0,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			{{stamps}})`,
		// The list is scoped by unit and filtered by every dictionary column.
		`CREATE INDEX idx_gb_jbxx_unit ON gb_jbxx(unit_id, sort)`,
		`CREATE INDEX idx_gb_jbxx_name ON gb_jbxx(name)`,
		`CREATE INDEX idx_gb_jbxx_id_number ON gb_jbxx(id_number_idx)`,
		`CREATE INDEX idx_gb_jbxx_user ON gb_jbxx(user_id)`,
		`CREATE INDEX idx_gb_jbxx_person ON gb_jbxx(person_id)`,
		`CREATE INDEX idx_gb_jbxx_member ON gb_jbxx(member_id)`,
		`CREATE INDEX idx_gb_jbxx_birth ON gb_jbxx(birth_on)`,
	}
	for _, c := range []string{"gender", "ethnicity", "political_status", "level", "post_attribute", "category",
		"tenure_status", "team_type", "status", "education", "degree", "title", "inservice_education", "inservice_degree"} {
		stmts = append(stmts, `CREATE INDEX idx_gb_jbxx_`+c+` ON gb_jbxx(`+c+`)`)
	}
	for _, t := range SubTableNames {
		stmts = append(stmts, `CREATE TABLE `+t+` (
			id {{pk}},
			cadre_id BIGINT NOT NULL REFERENCES gb_jbxx(id) ON DELETE CASCADE,
			`+subTables[t]+`
			sort INTEGER NOT NULL DEFAULT 0,
			{{stamps}})`,
			`CREATE INDEX idx_`+t+`_cadre ON `+t+`(cadre_id, sort)`)
	}
	// The reminders read current posts and certificates not returned.
	stmts = append(stmts, `CREATE INDEX idx_gb_zw_current ON gb_zw(end_on, kind)`,
		`CREATE INDEX idx_gb_zw_position ON gb_zw(position_id)`,
		`CREATE INDEX idx_gb_zj_due ON gb_zj(returned_on, due_back_on)`)
	if err := db.DDL(ctx, tx, stmts...); err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictStatus, Description: "干部状态", Items: []dictseed.Item{
		{Value: "1", Label: "现任校领导"}, {Value: "2", Label: "现任处级"}, {Value: "3", Label: "现任科级"}, {Value: "4", Label: "离任"},
		{Value: "5", Label: "考察对象"}, {Value: "6", Label: "年轻干部"}, {Value: "7", Label: "临时档案"}}}}); err != nil {
		return err
	}
	if err := system.InsertSetting(ctx, tx, SettingUnitLeaders, "false", "单位领导查看本单位干部", "cadre", system.KindBool,
		"开启后，持有干部信息库查询权限的单位领导可查看其管理单位的干部；默认仅干部管理员和组织部可查看"); err != nil {
		return err
	}
	if _, err := system.InsertMenus(ctx, tx, nil, menus()); err != nil {
		return err
	}
	return system.GrantPermission(ctx, tx, PermNavbar, system.RoleCadreAdmin)
}

// SubTableNames are the sub-tables in the order of the information types
// 2–13, then the certificates (gb_zj, within type 1).
var SubTableNames = []string{"gb_jl", "gb_zw", "gb_xl", "gb_jtcy", "gb_xxjl", "gb_kc", "gb_khqk", "gb_zf", "gb_ky", "gb_jz", "gb_jc", "gb_dzzfw", "gb_zj"}

// OriginSelfRequest is the trail origin of a change the cadre asked for and
// the 干部管理员 accepted (dictionary PARTY_MEMBER_UPDATE, added here).
const OriginSelfRequest = 7

func migrateRequests(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE gb_bgsq (
			id {{pk}},
			cadre_id BIGINT NOT NULL REFERENCES gb_jbxx(id) ON DELETE CASCADE,
			requested_by BIGINT NOT NULL,
			target VARCHAR(16) NOT NULL,
			action VARCHAR(8) NOT NULL,
			row_id BIGINT NULL,
			field VARCHAR(40) NOT NULL DEFAULT '',
			proposed TEXT NOT NULL,
			reason VARCHAR(500) NOT NULL DEFAULT '',
			state VARCHAR(8) NOT NULL,
			review_note VARCHAR(500) NOT NULL DEFAULT '',
			reviewer_id BIGINT NULL,
			reviewed_at TIMESTAMP NULL,
			{{stamps}})`,
		// The review list reads the pending requests; the cadre reads their own.
		`CREATE INDEX idx_gb_bgsq_state ON gb_bgsq(state, created_at)`,
		`CREATE INDEX idx_gb_bgsq_cadre ON gb_bgsq(cadre_id, created_at)`)
	if err != nil {
		return err
	}
	_, err = system.AddDictItem(ctx, tx, "PARTY_MEMBER_UPDATE", "本人申请变更", "7", 7)
	return err
}
