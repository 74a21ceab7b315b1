package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// NickNames reads the names accounts userIDs carry (sys_user.nick_name),
// whatever the caller's scope, through idb: id → name, an account without
// one absent. The party school's exams name a 学员 (no member record) by it.
func (s *Service) NickNames(ctx context.Context, idb bun.IDB, userIDs []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for start := 0; start < len(userIDs); start += 500 {
		var rows []User
		if err := idb.NewSelect().Model(&rows).Column("id", "nick_name").Where("id IN (?)", bun.In(userIDs[start:min(start+500, len(userIDs))])).
			Where("nick_name <> ''").Scan(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, u := range rows {
			out[u.ID] = u.NickName
		}
	}
	return out, nil
}
