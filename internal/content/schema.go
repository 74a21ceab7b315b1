package content

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/library"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the content module (versions 2026121250..59 are ours; the
// 党务资料 directory we add pages to is the library's, 2026121210).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026121250, Name: "content: news and articles, read receipts, columns, menus", Up: migrate},
	}
}

// The columns (栏目) of each kind are dictionaries the organisation
// department maintains in 字典管理.
const (
	DictNewsColumn    = "DJ_DWXW_LM" // 党务新闻栏目
	DictArticleColumn = "DJ_WZ_LM"   // 文章栏目
)

// Permissions. Each kind has its staff buttons (list, add, edit, del,
// export and publish: review, publish, withdraw); PermRead is the reader's
// (every staff role and the members) and covers both kinds.
var (
	NewsPerms    = kindPerms{Perms: permsFor("dwxw"), Publish: "dwxw:publish"}
	ArticlePerms = kindPerms{Perms: permsFor("wzgl"), Publish: "wzgl:publish"}
)

// PermRead lets the caller read what is published to them.
const PermRead = "content:read"

// Menu paths: the two pages sit in the library's 党务资料 directory; a
// member's reading permission sits in the hidden 我的新闻 directory and the
// member reads through the static route /list-home/news.
const (
	MemberDir        = "/news-mine"
	NewsComponent    = "content/news"
	ArticleComponent = "content/article"
)

// pages: the organisation department and the 二级党委 write and publish
// (within their scope); a branch secretary writes drafts for their branch
// and submits them; every staff role reads.
func pages() (staff, members []system.MenuSeed) {
	publishers := []string{system.RoleOrgDept, system.RoleCommittee}
	writers := append([]string{system.RoleBranchSecretary}, publishers...)
	member := system.RoleMember
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	buttons := func(p kindPerms) []system.MenuSeed {
		return []system.MenuSeed{
			button("查询", p.List, writers...), button("新增", p.Add, writers...), button("修改", p.Edit, writers...),
			button("删除", p.Del, writers...), button("导出", p.Export, writers...), button("审核发布", p.Publish, publishers...),
			button("阅读", PermRead, writers...),
		}
	}
	staff = []system.MenuSeed{
		{Title: "党务新闻", Name: "Dwxw", Path: "dwxw", Component: NewsComponent, Icon: "notification", Type: system.MenuPage,
			Roles: writers, Children: buttons(NewsPerms)},
		{Title: "文章管理", Name: "Wzgl", Path: "wzgl", Component: ArticleComponent, Icon: "read", Type: system.MenuPage,
			Roles: writers, Children: buttons(ArticlePerms)},
	}
	members = []system.MenuSeed{{Title: "我的新闻", Path: MemberDir, Component: "Layout", Type: system.MenuDir,
		Workbench: system.WorkbenchParty, Hidden: true, Roles: []string{member}, Children: []system.MenuSeed{
			button("阅读", PermRead, member)}}}
	return staff, members
}

// menus is what the migration seeds, for the module's descriptor.
func menus() []system.MenuSeed {
	staff, members := pages()
	return append(staff, members...)
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE cms_item (
			id {{pk}},
			kind VARCHAR(8) NOT NULL,
			column_code VARCHAR(16) NOT NULL,
			title VARCHAR(200) NOT NULL,
			summary VARCHAR(500) NOT NULL DEFAULT '',
			body TEXT NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			author_org_id BIGINT NULL REFERENCES dzz(id),
			author_id BIGINT NULL,
			author_name VARCHAR(100) NOT NULL DEFAULT '',
			role_ids VARCHAR(500) NOT NULL DEFAULT '',
			pinned_until DATE NULL,
			state VARCHAR(12) NOT NULL DEFAULT 'DRAFT',
			submitted_at TIMESTAMP NULL,
			published_at TIMESTAMP NULL,
			reviewer VARCHAR(100) NOT NULL DEFAULT '',
			review_note VARCHAR(500) NOT NULL DEFAULT '',
			{{stamps}})`,
		// The staff list: one kind within an organisation scope.
		`CREATE INDEX idx_cms_item_kind_org ON cms_item(kind, org_id, created_at)`,
		// The reader's list: one kind, published, to the reader's organisations.
		`CREATE INDEX idx_cms_item_read ON cms_item(kind, state, org_id, published_at)`,
		// The column filter (and the dictionary's count of a value in use).
		`CREATE INDEX idx_cms_item_column ON cms_item(column_code)`,
		`CREATE TABLE cms_read (
			item_id BIGINT NOT NULL REFERENCES cms_item(id),
			user_id BIGINT NOT NULL,
			reader_name VARCHAR(100) NOT NULL DEFAULT '',
			org_name VARCHAR(200) NOT NULL DEFAULT '',
			read_at TIMESTAMP NOT NULL,
			PRIMARY KEY (item_id, user_id))`,
		// The unread count looks a reader's receipts up by item.
		`CREATE INDEX idx_cms_read_user ON cms_read(user_id, item_id)`)
	if err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{
		{Name: DictNewsColumn, Description: "党务新闻栏目", Items: []dictseed.Item{
			{Value: "1", Label: "工作动态"}, {Value: "2", Label: "通知公告"}, {Value: "3", Label: "基层风采"}, {Value: "9", Label: "其他"}}},
		{Name: DictArticleColumn, Description: "文章栏目", Items: []dictseed.Item{
			{Value: "1", Label: "理论学习"}, {Value: "2", Label: "党史故事"}, {Value: "3", Label: "经验交流"}, {Value: "9", Label: "其他"}}},
	}); err != nil {
		return err
	}
	staff, members := pages()
	if err := system.AddPages(ctx, tx, library.MenuDir, staff); err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, members)
	return err
}
