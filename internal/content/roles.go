package content

import (
	"context"
	"strconv"
	"strings"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/system"
)

// An item may be kept for some roles: their ids are stored as ",3,5,"
// (empty: every role), matched with one LIKE per held role on the rows the
// organisation index already narrowed. (The library keeps its documents'
// roles the same way; the two belong in one kit helper.)

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

// checkRoles answers the roles' column for ids, each a role that exists.
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

func (s *Service) roleOptions(ctx context.Context) ([]system.RoleBrief, error) {
	out, err := s.sys.RoleBriefs(ctx, s.db)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
