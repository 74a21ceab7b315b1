// Package audience is who a published record reaches: an organisation's
// subtree and, optionally, some roles. The library's documents and help
// sections and the news and articles of content keep their audience this
// way; a reader is matched in SQL on the rows the organisation index has
// already narrowed.
//
// The roles are stored in one column as ",3,5," (empty: every role), so a
// reader's roles are matched with one LIKE each.
package audience

import (
	"context"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/system"
)

// MaxRoles bounds the roles of one record.
const MaxRoles = 20

// EncodeRoles is the roles column for ids ("" for none).
func EncodeRoles(ids []int64) string {
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return ""
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return "," + strings.Join(parts, ",") + ","
}

// DecodeRoles is the role ids of a roles column.
func DecodeRoles(s string) []int64 {
	out := []int64{}
	for _, p := range strings.Split(strings.Trim(s, ","), ",") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil && id > 0 {
			out = append(out, id)
		}
	}
	return out
}

// CheckRoles answers the roles column for ids, each a role that exists: a
// 400 on roleIds otherwise, or beyond MaxRoles.
func CheckRoles(ctx context.Context, sys *system.Service, idb bun.IDB, ids []int64) (string, error) {
	ids = uniq.Of(ids)
	if len(ids) > MaxRoles {
		return "", httpx.Invalid("roleIds", "可见角色不能超过%d个", MaxRoles)
	}
	if len(ids) == 0 {
		return "", nil
	}
	roles, err := sys.RoleBriefs(ctx, idb)
	if err != nil {
		return "", httpx.Internal(err)
	}
	known := map[int64]bool{}
	for _, r := range roles {
		known[r.ID] = true
	}
	for _, id := range ids {
		if !known[id] {
			return "", httpx.Invalid("roleIds", "所选角色不存在")
		}
	}
	return EncodeRoles(ids), nil
}

// RoleMatch is the condition "column holds no role or one of held".
func RoleMatch(column string, held []int64) (string, []any) {
	var b strings.Builder
	b.WriteString("(" + column + " = ''")
	args := []any{}
	for _, id := range held {
		b.WriteString(" OR " + column + " LIKE ?")
		args = append(args, "%,"+strconv.FormatInt(id, 10)+",%")
	}
	b.WriteString(")")
	return b.String(), args
}

// Reader is who reads: the organisations whose records reach them (their
// own and those above it) and the roles they hold; everything for an
// administrator.
type Reader struct {
	UserID int64
	All    bool
	OrgIDs []int64
	Roles  []int64
}

// ReaderOf is the signed-in caller as a reader (401 without a session).
func ReaderOf(ctx context.Context, orgs *org.Service, sys *system.Service) (Reader, error) {
	p := rbac.From(ctx)
	if p == nil {
		return Reader{}, httpx.Unauthorized
	}
	rd := Reader{UserID: p.UserID}
	if p.IsAdmin() {
		rd.All = true
		return rd, nil
	}
	if p.OrgID != nil {
		path, ok, err := orgs.SubtreePath(ctx, *p.OrgID)
		if err != nil {
			return rd, httpx.Internal(err)
		}
		if ok {
			rd.OrgIDs = org.PathIDs(path)
		}
	}
	held, err := sys.HeldRoles(ctx)
	if err != nil {
		return rd, httpx.Internal(err)
	}
	rd.Roles = held
	return rd, nil
}

// Where restricts q to the rows published to rd: orgColumn one of the
// reader's organisations, rolesColumn none or one of their roles. A reader
// in no organisation reads nothing.
func (rd Reader) Where(q bun.QueryBuilder, orgColumn, rolesColumn string) bun.QueryBuilder {
	if rd.All {
		return q
	}
	if len(rd.OrgIDs) == 0 {
		return q.Where("1 = 0")
	}
	expr, args := RoleMatch(rolesColumn, rd.Roles)
	return q.Where(orgColumn+" IN (?)", bun.In(rd.OrgIDs)).Where(expr, args...)
}

// WhereRoles restricts q to the rows of rolesColumn for rd's roles (the whole
// school's records, such as the help sections, kept for roles only).
func (rd Reader) WhereRoles(q bun.QueryBuilder, rolesColumn string) bun.QueryBuilder {
	if rd.All {
		return q
	}
	expr, args := RoleMatch(rolesColumn, rd.Roles)
	return q.Where(expr, args...)
}
