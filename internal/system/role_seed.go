package system

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"
)

// RoleSeed is a role a migration of another module makes sure of (the 党员
// role of member accounts).
type RoleSeed struct {
	Code        string
	Name        string // taken by a role of that name without a code
	OtherName   string // the name when a role of Name carries another code
	Description string
	Level       int
	DataScope   string
}

// EnsureRole makes sure a role carries seed's code, for a migration: a
// seeded one normally does; a database whose administrators deleted it
// gets it back (a role of the name without a code takes the code).
func EnsureRole(ctx context.Context, tx bun.IDB, seed RoleSeed) error {
	var id int64
	err := tx.NewSelect().Table("sys_role").Column("id").Where("code = ?", seed.Code).Scan(ctx, &id)
	if err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	res, err := tx.NewUpdate().Table("sys_role").Set("code = ?", seed.Code).Where("name = ?", seed.Name).Where("code IS NULL").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	name := seed.Name
	if n, err := tx.NewSelect().Table("sys_role").Where("name = ?", name).Count(ctx); err != nil {
		return err
	} else if n > 0 { // a role of that name carries another code
		name = seed.OtherName
	}
	now := time.Now().UTC()
	_, err = tx.ExecContext(ctx, `INSERT INTO sys_role (name, description, level, data_scope, code, is_system, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, name, seed.Description, seed.Level, seed.DataScope, seed.Code, true, now, now)
	return err
}
