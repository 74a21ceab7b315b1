package library

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the library (versions 2026121210..19 are ours).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026121210, Name: "library: rules, documents, help sections, dictionaries, menus, settings", Up: migrate},
		search.Migration(2026121211, "library: text-search index of the rules", ruleSearch),
	}
}

// Dictionaries of the library.
const (
	DictRuleCategory = "DJ_GZZD_LB" // 规章制度类别
	DictDocCategory  = "DJ_WJXZ_LB" // 文件下载类别
)

// Permissions: the rules (gzzd), the documents (wjxz) and the help
// sections (bzwd), each with the kit's buttons.
var (
	RulePerms = resource.PermsFor("gzzd")
	DocPerms  = resource.PermsFor("wjxz")
	HelpPerms = resource.PermsFor("bzwd")
)

// Settings of the library (system settings, group library).
const (
	SettingGroup = "library"
	// CfgPreviewURL is the Office preview server's address ("" = download only).
	CfgPreviewURL = "library.previewUrl"
	// CfgPreviewVersion is how the file's address is handed to it: v1 plain, v2 base64 and URL-encoded.
	CfgPreviewVersion = "library.previewVersion"
	// CfgPreviewMinutes is how long a preview link lets the server fetch the file.
	CfgPreviewMinutes = "library.previewMinutes"
)

// MenuDir is the first-level 党务资料 directory of the 党建 workbench. The
// library seeds it; the other content modules (述职与廉政, 党务新闻, …) add
// their pages to it with system.AddPages rather than a first-level entry of
// their own: the 党建 top bar holds about ten entries at 1440 px.
const MenuDir = "/library"

// MemberDir is the hidden directory holding the party member's reading
// permissions. A member works in the 党员 mode (their own pages) and must
// not get a first-level directory of the 党建 workbench, which would give
// them the mode switch and the menu search; the member reads the library
// through the 党员 mode's 制度文件 page.
const MemberDir = "/library-mine"

// menus is 党务资料 with the three library pages, and 我的制度文件 for
// members. The staff roles read the rules, the documents visible to them
// and the manual; the organisation department maintains the rules and the
// manual; the organisation department and the 二级党委 publish documents
// (each within its scope).
func menus() []system.MenuSeed {
	readers := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary, system.RoleCadreAdmin}
	dept := []string{system.RoleOrgDept}
	publishers := []string{system.RoleOrgDept, system.RoleCommittee}
	buttons := func(prefix string, writers []string) []system.MenuSeed {
		return append(system.Granted(system.Buttons(prefix, "list"), readers...),
			system.Granted(system.Buttons(prefix, "add", "edit", "del"), writers...)...)
	}
	member := []string{system.RoleMember}
	return []system.MenuSeed{
		{Title: "党务资料", Path: MenuDir, Component: "Layout", Icon: "book", Type: system.MenuDir,
			Workbench: system.WorkbenchParty, Roles: readers, Children: []system.MenuSeed{
				{Title: "规章制度", Name: "Gzzd", Path: "gzzd", Component: "library/gzzd", Icon: "file-protect", Type: system.MenuPage,
					Roles: readers, Children: buttons("gzzd", dept)},
				{Title: "文件下载", Name: "Wjxz", Path: "wjxz", Component: "library/wjxz", Icon: "download", Type: system.MenuPage,
					Roles: readers, Children: buttons("wjxz", publishers)},
				{Title: "帮助文档", Name: "Bzwd", Path: "bzwd", Component: "library/bzwd", Icon: "question-circle", Type: system.MenuPage,
					Roles: readers, Children: buttons("bzwd", dept)},
			}},
		{Title: "我的制度文件", Path: MemberDir, Component: "Layout", Type: system.MenuDir, Workbench: system.WorkbenchParty,
			Hidden: true, Roles: member, Children: system.Granted(append(append(system.Buttons("gzzd", "list"),
				system.Buttons("wjxz", "list")...), system.Buttons("bzwd", "list")...), member...)},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE lib_rule (
			id {{pk}},
			category VARCHAR(16) NOT NULL,
			title VARCHAR(200) NOT NULL,
			doc_no VARCHAR(100) NOT NULL DEFAULT '',
			issuer VARCHAR(100) NOT NULL DEFAULT '',
			effective_date DATE NOT NULL,
			repeal_date DATE,
			supersedes_id BIGINT REFERENCES lib_rule(id),
			body TEXT NOT NULL,
			body_text TEXT NOT NULL,
			file_id BIGINT REFERENCES sys_file(id),
			file_name VARCHAR(200) NOT NULL DEFAULT '',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_lib_rule_category ON lib_rule(category, effective_date)`,
		`CREATE INDEX idx_lib_rule_effective ON lib_rule(effective_date)`,
		// "superseded" asks for the newer versions of a rule.
		`CREATE INDEX idx_lib_rule_supersedes ON lib_rule(supersedes_id, effective_date)`,
		`CREATE TABLE lib_doc (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			category VARCHAR(16) NOT NULL,
			title VARCHAR(200) NOT NULL,
			file_id BIGINT NOT NULL REFERENCES sys_file(id),
			file_name VARCHAR(200) NOT NULL DEFAULT '',
			role_ids VARCHAR(500) NOT NULL DEFAULT '',
			downloads BIGINT NOT NULL DEFAULT 0,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// A reader's list asks for the documents of the organisations above
		// them (org_id IN their path).
		`CREATE INDEX idx_lib_doc_org ON lib_doc(org_id, created_at)`,
		`CREATE INDEX idx_lib_doc_category ON lib_doc(category)`,
		`CREATE TABLE lib_help (
			id {{pk}},
			title VARCHAR(100) NOT NULL,
			sort INT NOT NULL DEFAULT 0,
			role_ids VARCHAR(500) NOT NULL DEFAULT '',
			body TEXT NOT NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_lib_help_sort ON lib_help(sort, id)`)
	if err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{
		{Name: DictRuleCategory, Description: "规章制度类别", Items: []dictseed.Item{
			{Value: "1", Label: "党内法规"}, {Value: "2", Label: "国家法律法规"}, {Value: "3", Label: "学校制度"},
			{Value: "4", Label: "上级文件"}, {Value: "9", Label: "其他"}}},
		{Name: DictDocCategory, Description: "文件下载类别", Items: []dictseed.Item{
			{Value: "1", Label: "表格模板"}, {Value: "2", Label: "学习资料"}, {Value: "3", Label: "通知文件"}, {Value: "9", Label: "其他"}}},
	}); err != nil {
		return err
	}
	for _, st := range []struct{ key, value, name, kind, remark string }{
		{CfgPreviewURL, "", "文档预览服务地址", system.KindText, "Office 文件在线预览服务的地址（如 https://preview.example.edu.cn/onlinePreview）；留空则只提供下载"},
		{CfgPreviewVersion, "v2", "文档预览服务版本", system.KindText, "v1：直接传文件地址；v2：文件地址经 Base64 编码并 URL 编码，文件名默认 .docx"},
		{CfgPreviewMinutes, "5", "文档预览链接有效分钟数", system.KindInt, "预览服务凭链接取文件的有效时间（1–60 分钟）"},
		{system.CfgFrameHosts, "", "外部链接允许的域名", system.KindText, "外部链接页面（/iFrameLinkShow）只显示这些域名的网页；多个域名以空格或逗号分隔，只填域名（如 www.12371.cn）"},
	} {
		if err := system.InsertSetting(ctx, tx, st.key, st.value, st.name, SettingGroup, st.kind, st.remark); err != nil {
			return err
		}
	}
	_, err = system.InsertMenus(ctx, tx, nil, menus())
	return err
}
