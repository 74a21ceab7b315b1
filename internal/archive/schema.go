package archive

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the archive (versions 2026121240..49 are ours).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026121240, Name: "archive: mobile-upload links, shares of archive files and their views, menus", Up: migrate},
	}
}

// MemberDir is the hidden directory of 我的档案: the permissions of every
// signed-in person's own archive. Hidden, so that a party member gets no
// directory of the 党建 workbench (members work in the 党员 mode; their page
// is the static route /user/archives).
const MemberDir = "/archive-mine"

// owners are the roles whose holders keep an archive: the party member and
// the staff roles.
var owners = []string{system.RoleMember, system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary, system.RoleCadreAdmin}

func menus() []system.MenuSeed {
	return []system.MenuSeed{
		{Title: "我的档案", Path: MemberDir, Component: "Layout", Type: system.MenuDir, Workbench: system.WorkbenchParty,
			Hidden: true, Roles: owners, Children: system.Granted([]system.MenuSeed{
				{Title: "个人档案", Type: system.MenuButton, Permission: PermMine},
				{Title: "档案共享", Type: system.MenuButton, Permission: PermShare},
			}, owners...)},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE archive_upload_link (
			id {{pk}},
			owner_id BIGINT NOT NULL REFERENCES sys_user(id),
			expires_at TIMESTAMP NOT NULL,
			used_at TIMESTAMP,
			channel VARCHAR(8) NOT NULL DEFAULT '',
			attachment_id BIGINT,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_archive_upload_link_owner ON archive_upload_link(owner_id, created_at)`,
		`CREATE TABLE archive_share (
			id {{pk}},
			owner_id BIGINT NOT NULL REFERENCES sys_user(id),
			attachment_id BIGINT NOT NULL,
			share_type VARCHAR(8) NOT NULL,
			state VARCHAR(8) NOT NULL,
			note VARCHAR(200) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_archive_share_owner ON archive_share(owner_id, id)`,
		// A view looks for the live shares of one file.
		`CREATE INDEX idx_archive_share_file ON archive_share(attachment_id, state)`,
		`CREATE TABLE archive_share_target (
			share_id BIGINT NOT NULL REFERENCES archive_share(id) ON DELETE CASCADE,
			target_id BIGINT NOT NULL,
			PRIMARY KEY (share_id, target_id))`,
		`CREATE TABLE archive_view_log (
			id {{pk}},
			share_id BIGINT NOT NULL REFERENCES archive_share(id) ON DELETE CASCADE,
			viewer_id BIGINT NOT NULL REFERENCES sys_user(id),
			viewed_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_archive_view_log_share ON archive_view_log(share_id, id)`)
	if err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, menus())
	return err
}
