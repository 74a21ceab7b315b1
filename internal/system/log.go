package system

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

func (s *Service) logRoutes(rs *httpx.Routes) {
	rs.Get("/api/logs", "log:list", "查询操作日志", httpx.ReadList(s.OperLogs))
	rs.Get("/api/logs/login", "log:list", "查询登录日志", httpx.ReadList(s.LoginLogs))
	rs.Get("/api/online", "online:list", "查询在线用户", httpx.ReadList(s.OnlineSessions))
	rs.Delete("/api/online", "online:del", "强制退出", httpx.IDsAction(s.KickSessions))
}

var operLogSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   {Columns: []string{"ol.username", "ol.path", "ol.ip"}, Match: httpx.Like},
		"username": {Columns: []string{"ol.username"}},
		"status":   {Columns: []string{"ol.status"}, Kind: httpx.Int},
		"method":   {Columns: []string{"ol.method"}},
		// result=true: succeeded (status below 400); result=false: failed.
		"result":     {Columns: []string{"(ol.status < 400) = ?"}, Kind: httpx.Bool, Match: httpx.Expr},
		"createTime": {Columns: []string{"ol.created_at"}, Match: httpx.Range, Kind: httpx.Time}, // createTimeFrom, createTimeTo
	},
	Sorts:       map[string]string{"createTime": "ol.created_at", "durationMs": "ol.duration_ms", "id": "ol.id"},
	Key:         "ol.id",
	DefaultSort: "ol.created_at DESC, ol.id DESC",
}

var loginLogSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":     {Columns: []string{"ll.username", "ll.ip", "ll.message"}, Match: httpx.Like},
		"username":   {Columns: []string{"ll.username"}},
		"success":    {Columns: []string{"ll.success"}, Kind: httpx.Bool},
		"createTime": {Columns: []string{"ll.created_at"}, Match: httpx.Range, Kind: httpx.Time}, // createTimeFrom, createTimeTo
	},
	Sorts:       map[string]string{"createTime": "ll.created_at", "id": "ll.id"},
	Key:         "ll.id",
	DefaultSort: "ll.created_at DESC, ll.id DESC",
}

var onlineSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"u.username", "u.nick_name", "s.ip"}, Match: httpx.Like},
	},
	Sorts: map[string]string{
		"createTime": "s.created_at", "lastSeenTime": "s.last_seen_at", "expireTime": "s.expires_at", "username": "u.username",
	},
	Key:         "s.id",
	DefaultSort: "s.last_seen_at DESC, s.id DESC",
}

// OperLogs is a page of the operation log.
func (s *Service) OperLogs(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[OperLog], error) {
	return httpx.Paged[OperLog](ctx, s.db.NewSelect().Model((*OperLog)(nil)), operLogSpec, lq)
}

// LoginLogs is a page of the login log.
func (s *Service) LoginLogs(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[LoginLog], error) {
	return httpx.Paged[LoginLog](ctx, s.db.NewSelect().Model((*LoginLog)(nil)), loginLogSpec, lq)
}

// liveSessions selects the sessions that Authenticate would still accept:
// not expired and, unless remembered, not idle past the limit.
func (s *Service) liveSessions(ctx context.Context) *bun.SelectQuery {
	now := s.now()
	idle := time.Duration(s.SettingInt(ctx, CfgSessionIdleMin, 30)) * time.Minute
	return s.db.NewSelect().Model((*Session)(nil)).
		Join("JOIN sys_user AS u ON u.id = s.user_id").
		Where("s.expires_at > ?", now).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("s.remember = ?", true).WhereOr("s.last_seen_at > ?", now.Add(-idle))
		})
}

// OnlineSessions is a page of the signed-in sessions with their users.
func (s *Service) OnlineSessions(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Session], error) {
	q := s.liveSessions(ctx).ColumnExpr("s.*").ColumnExpr("u.username, u.nick_name")
	page, err := httpx.Paged[Session](ctx, q, onlineSpec, lq)
	if err != nil {
		return page, err
	}
	current := rbac.From(ctx).SessionID
	for i := range page.Content {
		page.Content[i].Current = page.Content[i].ID == current
	}
	return page, nil
}

// KickSessions ends the sessions with ids. The caller's own session cannot be
// ended this way (that is logout); a non-admin cannot end the super
// administrator's sessions (those ids are ignored, like missing ones).
func (s *Service) KickSessions(ctx context.Context, ids []int64) error {
	p := rbac.From(ctx)
	for _, id := range ids {
		if id == p.SessionID {
			return httpx.BadRequest("不能强制退出当前会话")
		}
	}
	q := s.db.NewDelete().Model((*Session)(nil)).Where("id IN (?)", bun.In(ids))
	if !p.IsAdmin() {
		q = q.Where("user_id NOT IN (SELECT id FROM sys_user WHERE is_admin = ?)", true)
	}
	if _, err := q.Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// PurgeOldLogs deletes operation- and login-log rows older than keepDays
// days (run periodically).
func (s *Service) PurgeOldLogs(ctx context.Context, keepDays int) error {
	if keepDays < 1 {
		return errors.New("purge logs: keepDays must be at least 1")
	}
	before := s.now().AddDate(0, 0, -keepDays)
	if _, err := s.db.NewDelete().Model((*OperLog)(nil)).Where("created_at < ?", before).Exec(ctx); err != nil {
		return fmt.Errorf("purge operation log: %w", err)
	}
	if _, err := s.db.NewDelete().Model((*LoginLog)(nil)).Where("created_at < ?", before).Exec(ctx); err != nil {
		return fmt.Errorf("purge login log: %w", err)
	}
	return nil
}
