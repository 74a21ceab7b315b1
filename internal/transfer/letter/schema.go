package letter

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/seq"
	"zhdj/internal/system"
)

// Migrations of the letters (versions 2026112810..19 are ours; they run
// after the transfer domain's 2026112800..09, which makes the 组织关系转接
// directory, and create it themselves when it is not there yet).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112810, Name: "transfer letter: zzgx_letter, numbering, settings, menus", Up: migrate},
		{Version: 2026113020, Name: "transfer letter: accepted_on, the day the receiving side took the member in (the receipt's clock)",
			Up: func(ctx context.Context, tx bun.Tx) error {
				return db.DDL(ctx, tx, `ALTER TABLE zzgx_letter ADD COLUMN accepted_on DATE`)
			}},
		// The numbers move to the platform's allocator and go on where they stopped.
		{Version: 2026120201, Name: "transfer letter: numbering moves to sys_seq", Up: func(ctx context.Context, tx bun.Tx) error {
			return seq.Adopt(ctx, tx, seqKey, "zzgx_letter_counter", "last_no")
		}}}
}

// Permissions of the letters.
const (
	PermList   = "zzgx:letter:list"   // see the letters of the scope
	PermPrint  = "zzgx:letter:print"  // print view and Word (the full ID number, logged)
	PermEdit   = "zzgx:letter:edit"   // record the receipt, void, reissue
	PermConfig = "zzgx:letter:config" // the validity settings
)

// MenuDir is the 组织关系转接 directory (made by the transfer domain).
const MenuDir = "/zzgx"

// roles that keep letters: the organisation department, the secondary
// committees and the branch secretaries (each within their scope).
var roles = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}

// menus is the page 介绍信管理 under 组织关系转接, with its buttons.
func menus() []system.MenuSeed {
	buttons := system.Granted([]system.MenuSeed{
		{Title: "查询", Type: system.MenuButton, Permission: PermList},
		{Title: "打印", Type: system.MenuButton, Permission: PermPrint},
		{Title: "回执与补开", Type: system.MenuButton, Permission: PermEdit},
	}, roles...)
	buttons = append(buttons, system.MenuSeed{Title: "介绍信设置", Type: system.MenuButton, Permission: PermConfig,
		Roles: []string{system.RoleOrgDept}})
	return []system.MenuSeed{{Title: "介绍信管理", Name: "ZzgxLetter", Path: "letter", Component: "zzgx/letter", Icon: "mail",
		Type: system.MenuPage, Roles: roles, Children: buttons}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE zzgx_letter (
			id {{pk}},
			transfer_id BIGINT NOT NULL,
			member_id BIGINT NOT NULL,
			kind VARCHAR(32) NOT NULL,
			reach VARCHAR(16) NOT NULL,
			year INTEGER NOT NULL,
			seq INTEGER NOT NULL,
			number VARCHAR(20) NOT NULL,
			from_org_id BIGINT NOT NULL REFERENCES dzz(id),
			to_org_id BIGINT REFERENCES dzz(id),
			from_org_name VARCHAR(200) NOT NULL,
			to_org_name VARCHAR(200) NOT NULL,
			member_name VARCHAR(50) NOT NULL,
			gender VARCHAR(20) NOT NULL DEFAULT '',
			birth_date DATE,
			ethnicity VARCHAR(50) NOT NULL DEFAULT '',
			party_status VARCHAR(50) NOT NULL DEFAULT '',
			id_number_enc VARCHAR(200) NOT NULL DEFAULT '',
			fees_paid_up_to VARCHAR(7) NOT NULL DEFAULT '',
			contact VARCHAR(200) NOT NULL DEFAULT '',
			issued_on DATE NOT NULL,
			valid_days INTEGER NOT NULL,
			valid_until DATE NOT NULL,
			received_on DATE,
			voided_on DATE,
			void_reason VARCHAR(200) NOT NULL DEFAULT '',
			reissue_of BIGINT REFERENCES zzgx_letter(id),
			issued_by BIGINT NOT NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// A number is the letter's for good: stub, letter and receipt carry it.
		`CREATE UNIQUE INDEX uq_zzgx_letter_number ON zzgx_letter(number)`,
		`CREATE UNIQUE INDEX uq_zzgx_letter_year_seq ON zzgx_letter(year, seq)`,
		`CREATE INDEX idx_zzgx_letter_transfer ON zzgx_letter(transfer_id)`,
		// A transfer has one live letter: another is issued only once it is
		// voided (a reissue voids the expired one first).
		`CREATE UNIQUE INDEX uq_zzgx_letter_live ON zzgx_letter(transfer_id) WHERE voided_on IS NULL`,
		// The scope reads a letter by its sending or its receiving organisation.
		`CREATE INDEX idx_zzgx_letter_from ON zzgx_letter(from_org_id, issued_on)`,
		`CREATE INDEX idx_zzgx_letter_to ON zzgx_letter(to_org_id, issued_on)`,
		// The list's default order and the reminders read open letters by date.
		`CREATE INDEX idx_zzgx_letter_issued ON zzgx_letter(issued_on, id)`,
		`CREATE INDEX idx_zzgx_letter_valid ON zzgx_letter(valid_until)`,
		// The last number given per year (moved to sys_seq by 2026120201).
		`CREATE TABLE zzgx_letter_counter (
			year INTEGER NOT NULL PRIMARY KEY,
			last_no INTEGER NOT NULL)`,
		// The settings: one row (id 1).
		`CREATE TABLE zzgx_letter_config (
			id INTEGER NOT NULL PRIMARY KEY,
			city_days INTEGER NOT NULL,
			province_days INTEGER NOT NULL,
			nation_days INTEGER NOT NULL,
			receipt_months INTEGER NOT NULL,
			contact VARCHAR(200) NOT NULL DEFAULT '',
			updated_at TIMESTAMP NOT NULL)`)
	if err != nil {
		return err
	}
	d := DefaultSettings()
	if _, err := tx.NewInsert().Model(&settingsRow{ID: 1, Settings: d, UpdatedAt: time.Now().UTC()}).Exec(ctx); err != nil {
		return err
	}
	if err := ensureDir(ctx, tx); err != nil {
		return err
	}
	return system.AddPages(ctx, tx, MenuDir, menus())
}

// ensureDir makes the 组织关系转接 directory when the transfer domain's
// migration has not (the letters are built beside it; once both are merged
// its migration runs first and this finds the directory).
func ensureDir(ctx context.Context, tx bun.Tx) error {
	var id int64
	err := tx.NewSelect().Table("sys_menu").Column("id").Where("path = ?", MenuDir).Where("type = ?", system.MenuDir).
		Limit(1).Scan(ctx, &id)
	if err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, []system.MenuSeed{{Title: "组织关系转接", Path: MenuDir, Component: "Layout",
		Icon: "swap", Type: system.MenuDir, Workbench: system.WorkbenchParty, Roles: roles}})
	return err
}
