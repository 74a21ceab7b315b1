package library

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

// A document or a help section may be kept for some roles: their ids are
// stored as ",3,5," (empty: every role), so that a reader's roles are
// matched with one LIKE each on the rows the organisation index already
// narrowed (documents) or on the few help sections.

// maxRoles bounds the roles of one record.
const maxRoles = 20

func encodeRoles(ids []int64) string {
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

func decodeRoles(s string) []int64 {
	out := []int64{}
	for _, p := range strings.Split(strings.Trim(s, ","), ",") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil && id > 0 {
			out = append(out, id)
		}
	}
	return out
}

// checkRoles answers the roles' column for ids, each a role that exists
// (a 400 on roleIds otherwise).
func (s *Service) checkRoles(ctx context.Context, ids []int64) (string, error) {
	ids = uniq.Of(ids)
	if len(ids) > maxRoles {
		return "", httpx.Invalid("roleIds", "可见角色不能超过%d个", maxRoles)
	}
	if len(ids) == 0 {
		return "", nil
	}
	roles, err := s.sys.RoleBriefs(ctx, s.db)
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
	return encodeRoles(ids), nil
}

// roleMatch is the condition "column holds no role or one of held".
func roleMatch(column string, held []int64) (string, []any) {
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

// roleOptions are the roles a publisher may keep a record for.
func (s *Service) roleOptions(ctx context.Context) ([]system.RoleBrief, error) {
	out, err := s.sys.RoleBriefs(ctx, s.db)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// reader is who reads: the organisations a document for whom reaches them
// (their own and those above it) and their roles; all for an administrator.
type reader struct {
	all    bool
	orgIDs []int64
	roles  []int64
}

func (s *Service) readerOf(ctx context.Context) (reader, error) {
	p := rbac.From(ctx)
	if p == nil {
		return reader{}, httpx.Unauthorized
	}
	if p.IsAdmin() {
		return reader{all: true}, nil
	}
	var rd reader
	if p.OrgID != nil {
		path, ok, err := s.orgs.SubtreePath(ctx, *p.OrgID)
		if err != nil {
			return rd, httpx.Internal(err)
		}
		if ok {
			rd.orgIDs = org.PathIDs(path)
		}
	}
	held, err := s.sys.HeldRoles(ctx)
	if err != nil {
		return rd, httpx.Internal(err)
	}
	rd.roles = held
	return rd, nil
}

// where restricts q to the rows of lib_doc (alias d) the reader may see.
func (rd reader) where(q bun.QueryBuilder) bun.QueryBuilder {
	if rd.all {
		return q
	}
	if len(rd.orgIDs) == 0 {
		return q.Where("1 = 0")
	}
	expr, args := roleMatch("d.role_ids", rd.roles)
	return q.Where("d.org_id IN (?)", bun.In(rd.orgIDs)).Where(expr, args...)
}
