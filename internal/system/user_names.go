package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// NickNames reads the names accounts userIDs are shown by, whatever the
// caller's scope, through idb: id → name (sys_user.nick_name, or the
// username of an account without one, rather than nothing: a share to it
// read as 已删除), a missing account absent. The party school's exams name a
// 学员 (no member record) by it.
func (s *Service) NickNames(ctx context.Context, idb bun.IDB, userIDs []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for start := 0; start < len(userIDs); start += 500 {
		var rows []User
		if err := idb.NewSelect().Model(&rows).Column("id", "nick_name", "username").
			Where("id IN (?)", bun.In(userIDs[start:min(start+500, len(userIDs))])).Scan(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, u := range rows {
			out[u.ID] = u.NickName
			if u.NickName == "" {
				out[u.ID] = u.Username
			}
		}
	}
	return out, nil
}
