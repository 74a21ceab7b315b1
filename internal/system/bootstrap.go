package system

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
)

// EnsureAdmin creates the super administrator "admin" on an empty database.
// With password "" a random one is generated and returned so the caller can
// print it once. It returns "" when an administrator already exists.
func (s *Service) EnsureAdmin(ctx context.Context, password string) (generated string, err error) {
	n, err := s.db.NewSelect().Model((*User)(nil)).Where("is_admin = ?", true).Count(ctx)
	if err != nil || n > 0 {
		return "", err
	}
	state := PwdOK
	if password == "" {
		password = auth.RandomPassword(14)
		generated = password
		state = PwdInitial // a printed password should be replaced at first sign-in
	}
	hash, err := s.hasher.Hash(password)
	if err != nil {
		return "", err
	}
	var rootDept int64
	if err := s.db.NewSelect().Model((*Dept)(nil)).Column("id").Where("pid IS NULL").OrderExpr("id").Limit(1).Scan(ctx, &rootDept); err != nil {
		return "", err
	}
	now := s.now()
	u := &User{Username: "admin", NickName: "超级管理员", DeptID: &rootDept, PasswordHash: hash, PwdState: state,
		IsAdmin: true, Enabled: true, Activated: true, Stamps: db.StampsAt(now)}
	// Instances starting together on a new database both find no
	// administrator: one creates it, the other's insert does nothing and it
	// prints no password (the first one's is the password).
	res, err := s.db.NewInsert().Model(u).On("CONFLICT (username) DO NOTHING").Exec(ctx)
	if err != nil {
		return "", fmt.Errorf("create admin: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return "", err
	}
	return generated, nil
}

// SetPasswordByName is the command-line reset (`zhdj user reset-password`):
// it sets the password, clears the lock and ends the user's sessions.
func (s *Service) SetPasswordByName(ctx context.Context, username, password string) error {
	var u User
	if err := s.db.NewSelect().Model(&u).Where("username = ?", username).Scan(ctx); err != nil {
		return fmt.Errorf("user %q not found", username)
	}
	return s.setPassword(ctx, u.ID, password, PwdReset, 0)
}

// CreateTestUser makes an active user holding exactly perms through a new
// role with the given data scope. It exists for tests and benchmarks (which
// live in other packages) and is not reachable over HTTP.
func (s *Service) CreateTestUser(ctx context.Context, username, password, scope string, deptID int64, perms []string) (int64, error) {
	hash, err := s.hasher.Hash(password)
	if err != nil {
		return 0, err
	}
	if deptID == 0 {
		if err := s.db.NewSelect().Model((*Dept)(nil)).Column("id").Where("pid IS NULL").OrderExpr("id").Limit(1).Scan(ctx, &deptID); err != nil {
			return 0, err
		}
	}
	if scope == "" {
		scope = ScopeAll
	}
	now := s.now()
	u := &User{Username: username, NickName: username, DeptID: &deptID, PasswordHash: hash, Enabled: true,
		Activated: true, Stamps: db.StampsAt(now)}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
			return err
		}
		role := &Role{Name: "测试角色-" + username, Level: 3, DataScope: scope, Stamps: db.StampsAt(now)}
		if _, err := tx.NewInsert().Model(role).Returning("id").Exec(ctx); err != nil {
			return err
		}
		if err := setUserRoles(ctx, tx, u.ID, []int64{role.ID}); err != nil {
			return err
		}
		for _, p := range perms {
			var menuID int64
			err := tx.NewSelect().Model((*Menu)(nil)).Column("id").Where("permission = ?", p).Limit(1).Scan(ctx, &menuID)
			if err != nil {
				m := &Menu{Type: MenuButton, Title: p, Permission: p, Stamps: db.StampsAt(now)}
				if _, err := tx.NewInsert().Model(m).Returning("id").Exec(ctx); err != nil {
					return err
				}
				menuID = m.ID
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", role.ID, menuID); err != nil {
				return err
			}
		}
		return nil
	})
	return u.ID, err
}
