package system

import (
	"context"
	"slices"
	"zhdj/internal/platform/ratelimit"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Migrations of the system domain, in order. Later domains add their own.
func Migrations() []db.Migration {
	return append([]db.Migration{
		{Version: 2026112201, Name: "system schema", Up: createSchema},
		{Version: 2026112202, Name: "system seed: departments, configuration, school, menus, roles", Up: seedSystem},
		{Version: 2026112203, Name: "system seed: dictionaries", Up: seedDictionaries},
		{Version: 2026112204, Name: "accounts belong to a party organisation", Up: func(ctx context.Context, tx bun.Tx) error {
			// No foreign key: the organisation table belongs to the org domain,
			// which validates the id when an account is saved.
			return db.DDL(ctx, tx, `ALTER TABLE sys_user ADD COLUMN org_id BIGINT NULL`,
				`CREATE INDEX idx_sys_user_org ON sys_user(org_id)`)
		}},
		{Version: 2026112205, Name: "roles have codes (migrations grant menus by code)", Up: addRoleCodes},
		{Version: 2026112410, Name: "sign-in failures per account and client address; rate-limit settings", Up: migrateSignInSecurity},
		{Version: 2026112440, Name: "roles are owned: owner anchors and the system flag", Up: roleOwnership},
		{Version: 2026112640, Name: "departments and users sort by pinyin", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.ZhSortKey(ctx, tx, "sys_dept", "name", []string{"name"}); err != nil {
				return err
			}
			return db.ZhSortKey(ctx, tx, "sys_user", "nick_name", []string{"nick_name"})
		}},
		{Version: 2026112680, Name: "to-dos found by their business reference", Up: func(ctx context.Context, tx bun.Tx) error {
			// A workflow closes every open to-do of a step at once (CloseTodos).
			return db.DDL(ctx, tx, `CREATE INDEX idx_msg_todo_biz ON msg_todo(module, biz_id, done)`)
		}},
	}, slices.Concat(httpHardeningMigrations(), formsMigrations(), logMigrations(), identityMigrations(), ratelimit.Migrations(),
		[]db.Migration{scheduleMigration(), searchMigration(), permVersionMigration(), exportJobMigration(), menuWorkbenchMigration(), peopleMigration(), signOnMigration(), userPhoneMigration(), smsMigration(), loginLayoutMigration(), userCountMigration(), fileSearchMigration()})...)
}

// noticeColumns are the columns of Notice, which a message, a to-do and a
// warning share (the warning's table has them in another order).
const noticeColumns = `user_id BIGINT NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
			title VARCHAR(200) NOT NULL,
			content TEXT NOT NULL,
			link VARCHAR(500) NOT NULL DEFAULT ''`

// clientColumns are the columns of Client, which sessions and both logs keep.
const clientColumns = `ip VARCHAR(64) NOT NULL DEFAULT '',
			user_agent VARCHAR(300) NOT NULL DEFAULT ''`

func createSchema(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`CREATE TABLE sys_dept (
			id {{pk}},
			pid BIGINT NULL REFERENCES sys_dept(id),
			name VARCHAR(100) NOT NULL,
			sort INTEGER NOT NULL DEFAULT 0,
			enabled BOOLEAN NOT NULL DEFAULT TRUE,
			{{stamps}})`,
		`CREATE INDEX idx_sys_dept_pid ON sys_dept(pid)`,

		`CREATE TABLE sys_file (
			id {{pk}},
			original_name VARCHAR(255) NOT NULL,
			stored_name VARCHAR(100) NOT NULL UNIQUE,
			module_name VARCHAR(50) NOT NULL DEFAULT '',
			tag VARCHAR(50) NOT NULL DEFAULT '',
			content_type VARCHAR(100) NOT NULL,
			size BIGINT NOT NULL,
			sha256 VARCHAR(64) NOT NULL,
			is_public BOOLEAN NOT NULL DEFAULT FALSE,
			uploader_id BIGINT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_sys_file_uploader ON sys_file(uploader_id)`,
		`CREATE INDEX idx_sys_file_created ON sys_file(created_at)`,

		`CREATE TABLE sys_user (
			id {{pk}},
			username VARCHAR(64) NOT NULL UNIQUE,
			nick_name VARCHAR(64) NOT NULL,
			gender VARCHAR(8) NOT NULL DEFAULT '',
			phone VARCHAR(32) NOT NULL DEFAULT '',
			email VARCHAR(128) NOT NULL DEFAULT '',
			avatar_file_id BIGINT NULL REFERENCES sys_file(id) ON DELETE SET NULL,
			dept_id BIGINT NULL REFERENCES sys_dept(id),
			password_hash VARCHAR(100) NOT NULL,
			pwd_state VARCHAR(16) NOT NULL DEFAULT '',
			pwd_changed_at TIMESTAMP NULL,
			is_admin BOOLEAN NOT NULL DEFAULT FALSE,
			enabled BOOLEAN NOT NULL DEFAULT TRUE,
			activated BOOLEAN NOT NULL DEFAULT TRUE,
			has_left BOOLEAN NOT NULL DEFAULT FALSE,
			failed_count INTEGER NOT NULL DEFAULT 0,
			failed_since TIMESTAMP NULL,
			locked_until TIMESTAMP NULL,
			last_login_at TIMESTAMP NULL,
			{{stamps}})`,
		`CREATE INDEX idx_sys_user_dept ON sys_user(dept_id)`,
		`CREATE INDEX idx_sys_user_created ON sys_user(created_at)`,

		`CREATE TABLE sys_role (
			id {{pk}},
			name VARCHAR(64) NOT NULL UNIQUE,
			description VARCHAR(255) NOT NULL DEFAULT '',
			level INTEGER NOT NULL DEFAULT 3,
			data_scope VARCHAR(20) NOT NULL DEFAULT 'SELF',
			{{stamps}})`,
		`CREATE TABLE sys_user_role (
			user_id BIGINT NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
			role_id BIGINT NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
			PRIMARY KEY (user_id, role_id))`,
		`CREATE INDEX idx_sys_user_role_role ON sys_user_role(role_id)`,
		`CREATE TABLE sys_role_dept (
			role_id BIGINT NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
			dept_id BIGINT NOT NULL REFERENCES sys_dept(id) ON DELETE CASCADE,
			PRIMARY KEY (role_id, dept_id))`,

		`CREATE TABLE sys_menu (
			id {{pk}},
			pid BIGINT NULL REFERENCES sys_menu(id),
			type INTEGER NOT NULL,
			title VARCHAR(100) NOT NULL,
			name VARCHAR(100) NOT NULL DEFAULT '',
			component VARCHAR(200) NOT NULL DEFAULT '',
			path VARCHAR(200) NOT NULL DEFAULT '',
			icon VARCHAR(100) NOT NULL DEFAULT '',
			sort INTEGER NOT NULL DEFAULT 0,
			hidden BOOLEAN NOT NULL DEFAULT FALSE,
			no_cache BOOLEAN NOT NULL DEFAULT FALSE,
			extpath VARCHAR(500) NOT NULL DEFAULT '',
			permission VARCHAR(100) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_sys_menu_pid ON sys_menu(pid)`,
		`CREATE TABLE sys_role_menu (
			role_id BIGINT NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
			menu_id BIGINT NOT NULL REFERENCES sys_menu(id) ON DELETE CASCADE,
			PRIMARY KEY (role_id, menu_id))`,
		`CREATE INDEX idx_sys_role_menu_menu ON sys_role_menu(menu_id)`,

		`CREATE TABLE sys_session (
			id {{pk}},
			token_hash VARCHAR(64) NOT NULL UNIQUE,
			user_id BIGINT NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
			`+clientColumns+`,
			remember BOOLEAN NOT NULL DEFAULT FALSE,
			created_at TIMESTAMP NOT NULL,
			last_seen_at TIMESTAMP NOT NULL,
			expires_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_sys_session_user ON sys_session(user_id)`,
		`CREATE INDEX idx_sys_session_expires ON sys_session(expires_at)`,
		`CREATE TABLE sys_captcha (
			uuid VARCHAR(64) PRIMARY KEY,
			answer VARCHAR(16) NOT NULL,
			expires_at TIMESTAMP NOT NULL)`,

		`CREATE TABLE sys_dict (
			id {{pk}},
			name VARCHAR(100) NOT NULL UNIQUE,
			description TEXT NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE TABLE sys_dict_detail (
			id {{pk}},
			dict_id BIGINT NOT NULL REFERENCES sys_dict(id) ON DELETE CASCADE,
			label VARCHAR(200) NOT NULL,
			value VARCHAR(100) NOT NULL,
			sort INTEGER NOT NULL DEFAULT 0,
			enabled BOOLEAN NOT NULL DEFAULT TRUE,
			{{stamps}},
			UNIQUE (dict_id, value))`,

		`CREATE TABLE sys_config (
			id {{pk}},
			config_key VARCHAR(100) NOT NULL UNIQUE,
			config_value TEXT NOT NULL,
			config_name VARCHAR(100) NOT NULL DEFAULT '',
			config_group VARCHAR(50) NOT NULL DEFAULT '',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			value_kind VARCHAR(16) NOT NULL DEFAULT 'text',
			is_public BOOLEAN NOT NULL DEFAULT FALSE,
			is_secret BOOLEAN NOT NULL DEFAULT FALSE,
			{{stamps}})`,
		`CREATE TABLE sys_school (
			id {{pk}},
			code VARCHAR(50) NOT NULL UNIQUE,
			name VARCHAR(100) NOT NULL,
			logo_file_id BIGINT NULL REFERENCES sys_file(id) ON DELETE SET NULL,
			footer TEXT NOT NULL,
			title_prefix VARCHAR(100) NOT NULL DEFAULT '',
			{{stamps}})`,

		`CREATE TABLE msg_push_history (
			id {{pk}},
			`+noticeColumns+`,
			is_remind BOOLEAN NOT NULL DEFAULT FALSE,
			read_at TIMESTAMP NULL,
			sender_id BIGINT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_msg_push_user ON msg_push_history(user_id, read_at)`,
		`CREATE TABLE msg_todo (
			id {{pk}},
			`+noticeColumns+`,
			module VARCHAR(50) NOT NULL DEFAULT '',
			biz_id VARCHAR(64) NOT NULL DEFAULT '',
			done BOOLEAN NOT NULL DEFAULT FALSE,
			done_at TIMESTAMP NULL,
			sender_id BIGINT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_msg_todo_user ON msg_todo(user_id, done)`,
		// sys_warning holds the Notice columns too, with its type after user_id.
		`CREATE TABLE sys_warning (
			id {{pk}},
			user_id BIGINT NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
			type VARCHAR(50) NOT NULL,
			title VARCHAR(200) NOT NULL,
			content TEXT NOT NULL,
			link VARCHAR(500) NOT NULL DEFAULT '',
			level VARCHAR(16) NOT NULL DEFAULT 'warning',
			resolved BOOLEAN NOT NULL DEFAULT FALSE,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_sys_warning_user ON sys_warning(user_id, resolved)`,
		// One open warning per user, type and link, even when two raise at once.
		`CREATE UNIQUE INDEX uq_sys_warning_open ON sys_warning(user_id, type, link) WHERE resolved = FALSE`,

		`CREATE TABLE sys_oper_log (
			id {{pk}},
			user_id BIGINT NULL,
			username VARCHAR(64) NOT NULL DEFAULT '',
			method VARCHAR(10) NOT NULL,
			path VARCHAR(300) NOT NULL,
			status INTEGER NOT NULL,
			`+clientColumns+`,
			duration_ms BIGINT NOT NULL,
			message VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_sys_oper_log_created ON sys_oper_log(created_at)`,
		`CREATE INDEX idx_sys_oper_log_username ON sys_oper_log(username)`,
		`CREATE TABLE sys_login_log (
			id {{pk}},
			username VARCHAR(64) NOT NULL,
			`+clientColumns+`,
			success BOOLEAN NOT NULL,
			message VARCHAR(200) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_sys_login_log_created ON sys_login_log(created_at)`,
		`CREATE INDEX idx_sys_login_log_username ON sys_login_log(username)`,
	)
}
