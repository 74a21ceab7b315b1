package system

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/rbac"
)

// The permission set of a signed-in user is the union of their roles'
// permissions. Each role carries perm_version, which database triggers
// raise whenever the role's menus change (a grant, a revocation, a menu
// deleted, a menu's permission string edited), whoever writes them: this
// server, another instance, a migration. Every request reads the user's
// roles with their versions in the same query as the session (roleVersions);
// a role's permissions are cached in process under its version, so a change
// applies to every instance at the next request, and an assignment change
// at once (the role list itself is read every time).

// rolePerms is one role's permission strings at one version.
type rolePerms struct {
	version int64
	perms   []string
}

// permCache holds the roles' permissions and the unions of role sets seen
// (keyed by roleVersions text plus the admin flag), both replaced when a
// version moves.
type permCache struct {
	mu     sync.Mutex
	roles  map[int64]rolePerms
	unions map[string]map[string]bool
}

// maxUnions bounds the cached unions (one per distinct role set and
// versions; a university has a handful of role combinations).
const maxUnions = 1024

// roleVersionsExpr is the SQL of a user's roles with their versions,
// "id:version,id:version" (order irrelevant: parsed and sorted), for the
// user u of the session query.
func roleVersionsExpr(idb bun.IDB) string {
	agg := "group_concat(CAST(r.id AS TEXT) || ':' || CAST(r.perm_version AS TEXT), ',')"
	if db.IsPostgres(idb) {
		agg = "string_agg(r.id::text || ':' || r.perm_version::text, ',' ORDER BY r.id)"
	}
	return "(SELECT " + agg + " FROM sys_user_role AS ur JOIN sys_role AS r ON r.id = ur.role_id WHERE ur.user_id = u.id)"
}

type roleVersion struct{ id, version int64 }

func parseRoleVersions(text string) ([]roleVersion, error) {
	if text == "" {
		return nil, nil
	}
	parts := strings.Split(text, ",")
	out := make([]roleVersion, 0, len(parts))
	for _, p := range parts {
		id, ver, _ := strings.Cut(p, ":")
		i, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return nil, err
		}
		v, err := strconv.ParseInt(ver, 10, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, roleVersion{i, v})
	}
	return out, nil
}

// permsOf is the permission set of a user with the given roles (the text of
// roleVersionsExpr) and admin flag. The returned map is shared: read only.
func (s *Service) permsOf(ctx context.Context, roleVersions string, isAdmin bool) (map[string]bool, error) {
	key := roleVersions
	if isAdmin {
		key += "|admin"
	}
	c := &s.permCache
	c.mu.Lock()
	if u, ok := c.unions[key]; ok {
		c.mu.Unlock()
		return u, nil
	}
	c.mu.Unlock()
	roles, err := parseRoleVersions(roleVersions)
	if err != nil {
		return nil, err
	}
	// The roles whose permissions at that version are not cached yet.
	var missing []int64
	c.mu.Lock()
	for _, r := range roles {
		if got, ok := c.roles[r.id]; !ok || got.version != r.version {
			missing = append(missing, r.id)
		}
	}
	c.mu.Unlock()
	if len(missing) > 0 {
		if err := s.loadRolePerms(ctx, missing); err != nil {
			return nil, err
		}
	}
	perms := map[string]bool{}
	if isAdmin {
		perms[rbac.Admin] = true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	complete := true
	for _, r := range roles {
		got := c.roles[r.id]
		if got.version != r.version {
			// The role changed again between the two reads: use what was read
			// (the newer grants) but do not remember it under this key.
			complete = false
		}
		for _, p := range got.perms {
			perms[p] = true
		}
	}
	if complete {
		if c.unions == nil || len(c.unions) >= maxUnions {
			c.unions = map[string]map[string]bool{}
		}
		c.unions[key] = perms
	}
	return perms, nil
}

// loadRolePerms reads the permissions of roles with the versions they have
// in the same statement (so a set is never cached under a wrong version).
func (s *Service) loadRolePerms(ctx context.Context, roleIDs []int64) error {
	var rows []struct {
		RoleID     int64   `bun:"role_id"`
		Version    int64   `bun:"perm_version"`
		Permission *string `bun:"permission"`
	}
	err := s.db.NewSelect().TableExpr("sys_role AS r").
		ColumnExpr("r.id AS role_id, r.perm_version, m.permission").
		Join("LEFT JOIN sys_role_menu AS rm ON rm.role_id = r.id").
		Join("LEFT JOIN sys_menu AS m ON m.id = rm.menu_id AND m.permission <> ''").
		Where("r.id IN (?)", bun.In(roleIDs)).Scan(ctx, &rows)
	if err != nil {
		return err
	}
	loaded := map[int64]rolePerms{}
	for _, r := range rows {
		rp := loaded[r.RoleID]
		rp.version = r.Version
		if r.Permission != nil {
			rp.perms = append(rp.perms, *r.Permission)
		}
		loaded[r.RoleID] = rp
	}
	c := &s.permCache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.roles == nil {
		c.roles = map[int64]rolePerms{}
	}
	for id, rp := range loaded {
		if old, ok := c.roles[id]; ok && old.version != rp.version {
			c.unions = nil // unions built on the old version are never asked for again; drop them
		}
		c.roles[id] = rp
	}
	return nil
}

// permVersionMigration adds sys_role.perm_version and the triggers that
// raise it on every change of a role's permissions.
func permVersionMigration() db.Migration {
	return db.Migration{Version: 2026112715, Name: "roles carry a permission version raised by triggers (cached permission sets)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `ALTER TABLE sys_role ADD COLUMN perm_version BIGINT NOT NULL DEFAULT 0`); err != nil {
				return err
			}
			if db.IsPostgres(tx) {
				return db.DDL(ctx, tx,
					`CREATE OR REPLACE FUNCTION zhdj_role_menu_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE sys_role SET perm_version = perm_version + 1 WHERE id = OLD.role_id;
		RETURN OLD;
	END IF;
	UPDATE sys_role SET perm_version = perm_version + 1 WHERE id = NEW.role_id;
	RETURN NEW;
END $$`,
					`CREATE TRIGGER trg_sys_role_menu_version AFTER INSERT OR DELETE ON sys_role_menu
						FOR EACH ROW EXECUTE FUNCTION zhdj_role_menu_changed()`,
					`CREATE OR REPLACE FUNCTION zhdj_menu_permission_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE sys_role SET perm_version = perm_version + 1
		WHERE id IN (SELECT role_id FROM sys_role_menu WHERE menu_id = NEW.id);
	RETURN NEW;
END $$`,
					`CREATE TRIGGER trg_sys_menu_permission_version AFTER UPDATE OF permission ON sys_menu
						FOR EACH ROW WHEN (OLD.permission IS DISTINCT FROM NEW.permission) EXECUTE FUNCTION zhdj_menu_permission_changed()`)
			}
			return db.DDL(ctx, tx,
				`CREATE TRIGGER trg_sys_role_menu_version_ins AFTER INSERT ON sys_role_menu
					BEGIN UPDATE sys_role SET perm_version = perm_version + 1 WHERE id = NEW.role_id; END`,
				`CREATE TRIGGER trg_sys_role_menu_version_del AFTER DELETE ON sys_role_menu
					BEGIN UPDATE sys_role SET perm_version = perm_version + 1 WHERE id = OLD.role_id; END`,
				`CREATE TRIGGER trg_sys_menu_permission_version AFTER UPDATE OF permission ON sys_menu
					WHEN OLD.permission IS NOT NEW.permission
					BEGIN UPDATE sys_role SET perm_version = perm_version + 1
						WHERE id IN (SELECT role_id FROM sys_role_menu WHERE menu_id = NEW.id); END`)
		}}
}
