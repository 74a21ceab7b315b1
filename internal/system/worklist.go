package system

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/worklist"
)

// storedTodos is the work list of the caller's open stored to-dos (sent by
// an administrator or a module), less those of the modules whose own work
// lists stand for them (a workflow's step to-dos: its list shows the step
// to whoever may act now, so the stored copy is not listed twice). Each
// item keeps its to-do id, so it can still be marked done by hand.
func (s *Service) storedTodos() worklist.Provider {
	open := func(ctx context.Context, q worklist.Query) *bun.SelectQuery {
		sel := s.db.NewSelect().Model((*Todo)(nil)).Where("mt.user_id = ?", me(ctx)).Where("mt.done = ?", false)
		if len(q.Superseded) > 0 {
			sel = sel.Where("mt.module NOT IN (?)", bun.In(q.Superseded))
		}
		return sel
	}
	return worklist.Provider{Key: "todo", Title: "其他待办",
		Count: func(ctx context.Context, q worklist.Query) (int, error) {
			n, err := open(ctx, q).Count(ctx)
			if err != nil {
				return 0, httpx.Internal(err)
			}
			return int(n), nil
		},
		List: func(ctx context.Context, q worklist.Query) ([]worklist.Item, error) {
			var rows []Todo
			err := open(ctx, q).Model(&rows).OrderExpr("mt.created_at DESC, mt.id DESC").
				Limit(int64(q.Size)).Offset(int64(q.Offset())).Scan(ctx)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			items := make([]worklist.Item, len(rows))
			for i, t := range rows {
				since := t.CreatedAt
				items[i] = worklist.Item{Key: fmt.Sprintf("todo:%d", t.ID), Title: t.Title, Content: t.Content, Link: t.Link, Since: &since, TodoID: t.ID}
			}
			return items, nil
		},
	}
}
