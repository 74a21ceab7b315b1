package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/module"
	"zhdj/internal/system/dictseed"
)

// MenuSeed describes a menu entry a migration inserts, with its children
// and the roles (by code) granted it.
type MenuSeed = module.Menu

// The workbenches (modes) a first-level MenuSeed names.
const (
	WorkbenchParty  = module.WorkbenchParty
	WorkbenchCadre  = module.WorkbenchCadre
	WorkbenchSystem = module.WorkbenchSystem
)

// Granted returns copies of seeds granted to the roles (codes), in addition
// to the roles they name already; their children are left as they are.
func Granted(seeds []MenuSeed, roles ...string) []MenuSeed {
	out := make([]MenuSeed, len(seeds))
	for i, s := range seeds {
		s.Roles = append(append([]string(nil), s.Roles...), roles...)
		out[i] = s
	}
	return out
}

// Buttons makes the button entries for module:action permissions.
func Buttons(module string, actions ...string) []MenuSeed {
	labels := map[string]string{"list": "查询", "add": "新增", "edit": "编辑", "del": "删除", "pass": "重置密码",
		"export": "导出", "import": "导入", "unmask": "查看敏感信息"}
	out := make([]MenuSeed, 0, len(actions))
	for _, a := range actions {
		label := labels[a]
		if label == "" {
			label = a
		}
		out = append(out, MenuSeed{Title: label, Type: MenuButton, Permission: module + ":" + a})
	}
	return out
}

// systemMenus is the menu tree of the platform itself.
func systemMenus() []MenuSeed {
	page := func(title, name, path, component, icon string, buttons []MenuSeed) MenuSeed {
		return MenuSeed{Title: title, Name: name, Path: path, Component: component, Icon: icon, Type: MenuPage, Children: buttons}
	}
	return []MenuSeed{
		{Title: "系统管理", Path: "/system", Component: "Layout", Icon: "setting", Type: MenuDir, Workbench: WorkbenchSystem, Children: []MenuSeed{
			page("用户管理", "User", "user", "system/user", "user", Buttons("user", "list", "add", "edit", "del", "pass")),
			page("角色管理", "Role", "role", "system/role", "team", Buttons("role", "list", "add", "edit", "del")),
			page("菜单管理", "Menu", "menu", "system/menu", "menu", Buttons("menu", "list", "add", "edit", "del")),
			page("部门管理", "Dept", "dept", "system/dept", "apartment", Buttons("dept", "list", "add", "edit", "del")),
			page("字典管理", "Dict", "dict", "system/dict", "book", Buttons("dict", "list", "add", "edit", "del")),
			page("系统配置", "SysConfig", "config", "system/config", "control", Buttons("sysConfig", "list", "add", "edit", "del")),
			page("学校信息", "School", "school", "system/school", "bank", Buttons("school", "list", "edit")),
			page("文件管理", "File", "file", "system/file", "file", Buttons("file", "list", "del")),
			page("消息发布", "MessageAdmin", "message", "system/message", "notification", Buttons("msg", "add", "edit", "del")),
		}},
		{Title: "系统监控", Path: "/monitor", Component: "Layout", Icon: "monitor", Type: MenuDir, Workbench: WorkbenchSystem, Children: []MenuSeed{
			page("在线用户", "OnlineUser", "online", "monitor/online", "wifi", Buttons("online", "list", "del")),
			page("操作日志", "OperLog", "log", "monitor/log", "profile", Buttons("log", "list")),
			page("登录日志", "LoginLog", "loginLog", "monitor/loginLog", "login", nil),
		}},
		// Permissions of the top bar's mode switch (spec §6); no page of its own.
		{Title: "工作台切换", Path: "/workbench-switch", Component: "Layout", Type: MenuDir, Hidden: true, Workbench: WorkbenchSystem, Children: []MenuSeed{
			{Title: "显示模式切换", Type: MenuButton, Permission: "workbench:group"},
			{Title: "党员首页", Type: MenuButton, Permission: "dy:home"},
			{Title: "党建工作台", Type: MenuButton, Permission: "dj:workbench:navbar"},
			{Title: "干部工作台", Type: MenuButton, Permission: "gb:workbench:navbar"},
		}},
	}
}

// InsertMenus inserts seeds under pid, grants each entry to its Roles and
// returns every inserted id.
//
// A first-level seed must name a valid Workbench (a module that forgets
// fails its migration). The seeds of migrations older than the workbench
// column are inserted without it: that migration sets theirs.
func InsertMenus(ctx context.Context, tx bun.IDB, pid *int64, seeds []MenuSeed) ([]int64, error) {
	if len(seeds) == 0 {
		return nil, nil
	}
	withWorkbench, err := hasWorkbenchColumn(ctx, tx)
	if err != nil {
		return nil, err
	}
	return insertMenus(ctx, tx, pid, seeds, withWorkbench)
}

func insertMenus(ctx context.Context, tx bun.IDB, pid *int64, seeds []MenuSeed, withWorkbench bool) ([]int64, error) {
	var ids []int64
	now := time.Now().UTC()
	for i, s := range seeds {
		m := &Menu{PID: pid, Type: s.Type, Title: s.Title, Name: s.Name, Component: s.Component, Path: s.Path,
			Icon: s.Icon, Sort: (i + 1) * 10, Hidden: s.Hidden, NoCache: s.NoCache, Extpath: s.Extpath,
			Permission: s.Permission, Stamps: db.StampsAt(now)}
		insert := tx.NewInsert().Model(m)
		if !withWorkbench {
			insert = insert.ExcludeColumn("workbench")
		} else if pid == nil {
			if !validWorkbench(s.Workbench) {
				return nil, fmt.Errorf("first-level menu %s (%s): workbench %q is none of module.Workbenches", s.Title, s.Path, s.Workbench)
			}
			m.Workbench = s.Workbench
		}
		if _, err := insert.Returning("id").Exec(ctx); err != nil {
			return nil, err
		}
		ids = append(ids, m.ID)
		if err := GrantMenus(ctx, tx, []int64{m.ID}, s.Roles...); err != nil {
			return nil, err
		}
		childIDs, err := insertMenus(ctx, tx, &m.ID, s.Children, withWorkbench)
		if err != nil {
			return nil, err
		}
		ids = append(ids, childIDs...)
	}
	return ids, nil
}

// configSeed is a setting the platform ships with.
type configSeed struct {
	key, value, name, group, kind, remark string
	public, secret                        bool
}

// Setting keys read by the code.
const (
	CfgPasswordReg     = "passwordReg"
	CfgPasswordRegTip  = "passwordRegTip"
	CfgCaptchaEnabled  = "captchaEnabled"
	CfgFooterHTML      = "footerHtml"
	CfgSchoolCode      = "schoolCode"
	CfgLockMaxFailures = "lockMaxFailures"
	CfgLockWindowMin   = "lockWindowMinutes"
	CfgLockMinutes     = "lockMinutes"
	CfgSessionIdleMin  = "sessionIdleMinutes"
	CfgSessionMaxHours = "sessionMaxHours"
	CfgUploadMaxMB     = "uploadMaxMB"
	CfgUploadExts      = "uploadAllowedExt"

	// Sign-in hardening (issue 8): account-wide lock and rate limits.
	CfgLockAccountMaxFailures = "lockAccountMaxFailures"
	CfgRateLoginPerMin        = "rateLoginPerMinute"
	CfgRateLoginBurst         = "rateLoginBurst"
	CfgRateAccountPerMin      = "rateAccountPerMinute"
	CfgRateAccountBurst       = "rateAccountBurst"
	CfgRateCaptchaPerMin      = "rateCaptchaPerMinute"
	CfgRateCaptchaBurst       = "rateCaptchaBurst"
)

// signInSecuritySeeds are the settings migration 2026112410 adds (to new
// and existing databases alike).
func signInSecuritySeeds() []configSeed {
	return []configSeed{
		{CfgLockAccountMaxFailures, "50", "账号累计失败锁定次数", "security", "int", "统计时间内来自所有地址的密码错误累计达到此次数即锁定整个账号（防分布式猜测）", false, false},
		{CfgRateLoginPerMin, "10", "登录频率上限（每地址每分钟）", "security", "int", "同一客户端地址每分钟可尝试登录、修改密码的次数", false, false},
		{CfgRateLoginBurst, "20", "登录突发上限（每地址）", "security", "int", "同一客户端地址短时间内最多连续尝试的次数", false, false},
		{CfgRateAccountPerMin, "5", "登录频率上限（每账号每分钟）", "security", "int", "同一账号每分钟可尝试登录、修改密码的次数（不论来自哪个地址）", false, false},
		{CfgRateAccountBurst, "10", "登录突发上限（每账号）", "security", "int", "", false, false},
		{CfgRateCaptchaPerMin, "30", "验证码频率上限（每地址每分钟）", "security", "int", "", false, false},
		{CfgRateCaptchaBurst, "30", "验证码突发上限（每地址）", "security", "int", "", false, false},
	}
}

// RateLimitSettings are the keys of the sign-in rate limits (test harnesses
// raise them).
func RateLimitSettings() []string {
	return []string{CfgRateLoginPerMin, CfgRateLoginBurst, CfgRateAccountPerMin, CfgRateAccountBurst, CfgRateCaptchaPerMin, CfgRateCaptchaBurst}
}

// insertMissingConfigs adds the settings whose key is not there yet, so a
// later migration can add settings whatever the first seed held.
func insertMissingConfigs(ctx context.Context, tx bun.IDB, seeds []configSeed) error {
	now := time.Now().UTC()
	for _, c := range seeds {
		n, err := tx.NewSelect().Model((*Config)(nil)).Where("config_key = ?", c.key).Count(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		if err := c.insert(ctx, tx, now); err != nil {
			return err
		}
	}
	return nil
}

// insert writes the setting as a new row.
func (c configSeed) insert(ctx context.Context, idb bun.IDB, now time.Time) error {
	_, err := idb.NewInsert().Model(&Config{Key: c.key, Value: c.value, Name: c.name, Group: c.group, Kind: c.kind,
		Remark: c.remark, IsPublic: c.public, IsSecret: c.secret, CreatedAt: now, UpdatedAt: now}).Exec(ctx)
	return err
}

func configSeeds() []configSeed {
	return []configSeed{
		{CfgPasswordReg, `^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).{8,32}$`, "密码规则", "security", "regex", "JavaScript 正则表达式，浏览器和服务器都用它检查新密码", true, false},
		{CfgPasswordRegTip, "密码须为8-32位，且同时包含字母、数字和特殊字符", "密码规则提示", "security", "text", "", true, false},
		{CfgCaptchaEnabled, "true", "登录验证码", "security", "bool", "关闭后登录不再需要验证码（仅用于自动化测试环境）", true, false},
		{CfgLockMaxFailures, "5", "登录失败锁定次数", "security", "int", lockMaxFailuresRemark, false, false},
		{CfgLockWindowMin, "15", "登录失败统计时间（分钟）", "security", "int", "", false, false},
		{CfgLockMinutes, "30", "账号锁定时长（分钟）", "security", "int", "", false, false},
		{CfgSessionIdleMin, "30", "会话空闲超时（分钟）", "security", "int", "超过此时间无操作即需重新登录", false, false},
		{CfgSessionMaxHours, "12", "会话最长时长（小时）", "security", "int", "未勾选“记住我”时的会话最长有效期；勾选时为 24 小时", false, false},
		{CfgUploadMaxMB, "50", "上传文件大小上限（MB）", "file", "int", "", false, false},
		{CfgUploadExts, "jpg,jpeg,png,gif,webp,bmp,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,zip,rar,7z,mp4,mp3", "允许上传的文件类型", "file", "text", "逗号分隔的扩展名；html、svg 等可执行内容始终禁止", false, false},
		{"videoRecordTime", "30", "视频学习记录间隔（秒）", "study", "int", "", true, false},
		{"isDead", "false", "哀悼模式（页面置灰）", "display", "bool", "", true, false},
		{"isNeedBaiduStatistics", "", "统计脚本地址", "display", "text", "以 http 开头时加载", true, false},
		{"newLogin", "false", "使用新版登录页", "display", "bool", "", true, false},
		{CfgFooterHTML, "<p>Copyright © 智慧党建</p>", "页脚内容", "display", "html", "保存时会清除脚本等不安全内容", true, false},
		{"showFooter", "true", "显示页脚", "display", "bool", "", true, false},
		{"htmlTitle", "智慧党建", "网页标题", "display", "text", "", true, false},
		{"filingNumber", "", "备案号", "display", "text", "", true, false},
		{CfgSchoolCode, "default", "当前学校代码", "display", "text", "对应学校信息中的代码", false, false},
		{"ssoLogoutUrl", "", "统一身份认证退出地址", "sso", "text", "为空时退出后回到登录页", true, false},
		{"qaSearchUrl", "", "党务问答检索地址", "display", "text", "问答检索框回车后打开的地址，问题以 key 参数附在末尾；为空时隐藏检索框", true, false},
	}
}

func seedSystem(ctx context.Context, tx bun.Tx) error {
	now := time.Now().UTC()
	root := &Dept{Name: "学校", Sort: 0, Enabled: true, Stamps: db.StampsAt(now)}
	if _, err := tx.NewInsert().Model(root).Returning("id").Exec(ctx); err != nil {
		return err
	}
	if err := insertMissingConfigs(ctx, tx, configSeeds()); err != nil {
		return err
	}
	school := &School{Code: "default", Name: "智慧党建", Footer: "", TitlePrefix: "", Stamps: db.StampsAt(now)}
	if _, err := tx.NewInsert().Model(school).Exec(ctx); err != nil {
		return err
	}
	menuIDs, err := InsertMenus(ctx, tx, nil, systemMenus())
	if err != nil {
		return err
	}
	roles := []*Role{
		{Name: "系统管理员", Description: "管理账号、角色、菜单、字典和系统配置", Level: 1, DataScope: ScopeAll},
		{Name: "组织部管理员", Description: "学校党委组织部，管理全校党组织和党员", Level: 1, DataScope: ScopeAll},
		{Name: "二级党委管理员", Description: "院系党委（党总支），管理本单位及下级党组织", Level: 2, DataScope: ScopeLevelAndBelow},
		{Name: "党支部书记", Description: "管理本支部党员和组织生活", Level: 3, DataScope: ScopeLevel},
		{Name: "党员", Description: "查看本人信息，参加组织生活和学习", Level: 4, DataScope: ScopeSelf},
		{Name: "干部管理员", Description: "人事处/组织部干部科，管理干部信息", Level: 1, DataScope: ScopeAll},
	}
	for _, r := range roles {
		r.CreatedAt, r.UpdatedAt = now, now
		// Only the columns sys_role had at this version; markSystemRoles
		// (a later migration) flags these roles as system roles.
		if _, err := tx.NewInsert().Model(r).Column("name", "description", "level", "data_scope", "created_at", "updated_at").
			Returning("id").Exec(ctx); err != nil {
			return err
		}
	}
	// The system administrator role gets every platform menu.
	for _, id := range menuIDs {
		if _, err := tx.ExecContext(ctx, "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", roles[0].ID, id); err != nil {
			return err
		}
	}
	return nil
}

// SystemRoleNames are the roles seedSystem creates: system roles that only
// the administrator may change.
var SystemRoleNames = []string{"系统管理员", "组织部管理员", "二级党委管理员", "党支部书记", "党员", "干部管理员"}

// roleOwnership adds the owner anchors and the system flag to sys_role and
// marks the seeded roles. Roles that existed before get no owner, i.e. they
// belong to the university level: only callers whose scope is the whole
// university (or admin) manage them from now on.
func roleOwnership(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx,
		`ALTER TABLE sys_role ADD COLUMN owner_dept_id BIGINT NULL REFERENCES sys_dept(id) ON DELETE SET NULL`,
		`ALTER TABLE sys_role ADD COLUMN owner_org_id BIGINT NULL`,
		`ALTER TABLE sys_role ADD COLUMN is_system BOOLEAN NOT NULL DEFAULT FALSE`,
	); err != nil {
		return err
	}
	_, err := tx.NewUpdate().Table("sys_role").Set("is_system = ?", true).Where("name IN (?)", bun.In(SystemRoleNames)).Exec(ctx)
	return err
}

func seedDictionaries(ctx context.Context, tx bun.Tx) error {
	return InsertDicts(ctx, tx, dictseed.All())
}

// InsertDicts inserts dictionaries with their items (used by later migrations too).
func InsertDicts(ctx context.Context, tx bun.IDB, dicts []dictseed.Dict) error {
	now := time.Now().UTC()
	for _, d := range dicts {
		row := &Dict{Name: d.Name, Description: d.Description, Stamps: db.StampsAt(now)}
		if _, err := tx.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
			return err
		}
		if len(d.Items) == 0 {
			continue
		}
		details := make([]DictDetail, len(d.Items))
		for i, it := range d.Items {
			details[i] = DictDetail{DictID: row.ID, Label: it.Label, Value: it.Value, Sort: i + 1, Enabled: true, Stamps: db.StampsAt(now)}
		}
		if _, err := tx.NewInsert().Model(&details).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// AddDictItem appends an item to an existing dictionary (a later domain
// extending a seeded one); it reports false when the dictionary is missing.
func AddDictItem(ctx context.Context, tx bun.IDB, dict, label, value string, sort int) (bool, error) {
	var dictID int64
	err := tx.NewSelect().Model((*Dict)(nil)).Column("id").Where("name = ?", dict).Scan(ctx, &dictID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	now := time.Now().UTC()
	_, err = tx.NewInsert().Model(&DictDetail{DictID: dictID, Label: label, Value: value, Sort: sort, Enabled: true,
		Stamps: db.StampsAt(now)}).Exec(ctx)
	return err == nil, err
}

// SortMenu sets a menu entry's sort (a page placed among another domain's pages).
func SortMenu(ctx context.Context, tx bun.IDB, id int64, sort int) error {
	_, err := tx.NewUpdate().Model((*Menu)(nil)).Set("sort = ?", sort).Where("id = ?", id).Exec(ctx)
	return err
}

// SortPage sets the sort of the page whose component is component: a page
// another domain seeded, placed among the pages added after it. A missing
// page fails the migration.
func SortPage(ctx context.Context, tx bun.IDB, component string, sort int) error {
	return updatePage(ctx, tx, component, func(q *bun.UpdateQuery) *bun.UpdateQuery { return q.Set("sort = ?", sort) })
}

// ShowMenuPage un-hides the page menu of a component once its page exists
// (domains seed their pages hidden until the web side is built). A missing
// page fails the migration rather than passing silently.
func ShowMenuPage(ctx context.Context, tx bun.IDB, component string) error {
	return updatePage(ctx, tx, component, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("hidden = ?", false).Set("updated_at = ?", time.Now().UTC())
	})
}

// updatePage changes the page menu of a component; none is an error.
func updatePage(ctx context.Context, tx bun.IDB, component string, set func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	res, err := set(tx.NewUpdate().Model((*Menu)(nil))).Where("component = ?", component).Where("type = ?", MenuPage).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("no page menu with component %q", component)
	}
	return nil
}

// AddButtons adds buttons (permissions) to the existing page whose
// component is pageComponent, after its current buttons, and grants them to
// the roles with the given codes (a role the administrators deleted is
// skipped: they grant by hand). Later migrations of a domain use it.
func AddButtons(ctx context.Context, tx bun.IDB, pageComponent string, buttons []MenuSeed, roles ...string) error {
	var page Menu
	if err := tx.NewSelect().Model(&page).Column("id").Where("component = ?", pageComponent).Where("type = ?", MenuPage).
		OrderExpr("id").Limit(1).Scan(ctx); err != nil {
		return fmt.Errorf("page %s: %w", pageComponent, err)
	}
	return addUnder(ctx, tx, page.ID, buttons, roles)
}

// AddPages adds pages (with their buttons) to the existing directory at
// dirPath, after its current entries, and grants them to the named roles as
// AddButtons does.
func AddPages(ctx context.Context, tx bun.IDB, dirPath string, pages []MenuSeed, roles ...string) error {
	var dir Menu
	if err := tx.NewSelect().Model(&dir).Column("id").Where("path = ?", dirPath).Where("type = ?", MenuDir).
		OrderExpr("id").Limit(1).Scan(ctx); err != nil {
		return fmt.Errorf("menu directory %s: %w", dirPath, err)
	}
	return addUnder(ctx, tx, dir.ID, pages, roles)
}

// addUnder inserts seeds under the menu pid after its last child and grants
// every inserted entry to roles.
func addUnder(ctx context.Context, tx bun.IDB, pid int64, seeds []MenuSeed, roles []string) error {
	var last int
	if err := tx.NewSelect().Model((*Menu)(nil)).ColumnExpr("COALESCE(MAX(sort), 0)").Where("pid = ?", pid).
		Scan(ctx, &last); err != nil {
		return err
	}
	ids, err := InsertMenus(ctx, tx, &pid, seeds)
	if err != nil {
		return err
	}
	// Only the top-level seeds move after the existing entries; their
	// children keep the order InsertMenus gave them.
	var top []int64
	if err := tx.NewSelect().Model((*Menu)(nil)).Column("id").Where("pid = ?", pid).Where("id IN (?)", bun.In(ids)).
		OrderExpr("id").Scan(ctx, &top); err != nil {
		return err
	}
	for i, id := range top {
		if _, err := tx.NewUpdate().Model((*Menu)(nil)).Set("sort = ?", last+(i+1)*10).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
	}
	return GrantMenus(ctx, tx, ids, roles...)
}

// InsertSetting adds a setting another domain introduces in a later
// migration; an administrator sees and changes it like the seeded ones.
func InsertSetting(ctx context.Context, idb bun.IDB, key, value, name, group, kind, remark string) error {
	return configSeed{key: key, value: value, name: name, group: group, kind: kind, remark: remark}.insert(ctx, idb, time.Now().UTC())
}

// SetSettingRemark replaces the remark of setting key (the settings page's
// explanation), for a migration that changes what the setting holds.
func SetSettingRemark(ctx context.Context, idb bun.IDB, key, remark string) error {
	_, err := idb.NewUpdate().Model((*Config)(nil)).Set("remark = ?", remark).Where("config_key = ?", key).Exec(ctx)
	return err
}
