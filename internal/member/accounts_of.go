package member

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// AccountsOf answers the accounts linked to the members ids, whatever the
// caller's scope (a member without an account is left out): whom another
// module's notice reaches, a meeting's attendees told it was published.
func (s *Service) AccountsOf(ctx context.Context, idb bun.IDB, ids []int64) ([]int64, error) {
	out := []int64{}
	ids = uniq.Of(ids)
	for start := 0; start < len(ids); start += 500 {
		var part []int64
		if err := idb.NewSelect().Model((*Member)(nil)).Column("m.user_id").Where("m.id IN (?)", bun.List(ids[start:min(start+500, len(ids))])).
			Where("m.user_id IS NOT NULL").Scan(ctx, &part); err != nil {
			return nil, httpx.Internal(err)
		}
		out = append(out, part...)
	}
	return out, nil
}
