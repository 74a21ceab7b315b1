package system

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// CloseTodos marks done every user's open to-do of module and bizID (a
// workflow step was dealt with: whoever acted, nobody else needs to). Run
// it with the caller's transaction as idb.
func (s *Service) CloseTodos(ctx context.Context, idb bun.IDB, module, bizID string) error {
	var users []int64
	_, err := idb.NewUpdate().Model((*Todo)(nil)).Set("done = ?", true).Set("done_at = ?", s.now()).
		Where("module = ?", strings.TrimSpace(module)).Where("biz_id = ?", strings.TrimSpace(bizID)).
		Where("done = ?", false).Returning("user_id").Exec(ctx, &users)
	if err != nil {
		return httpx.Internal(err)
	}
	s.countsChanged(ctx, users)
	return nil
}
