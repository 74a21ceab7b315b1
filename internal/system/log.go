package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/search"
)

func (s *Service) logRoutes(rs *httpx.Routes) {
	rs.Get("/api/logs", "log:list", "查询操作日志", httpx.ReadList(s.OperLogs))
	rs.Get("/api/logs/export", "log:export", "导出操作日志", s.handleOperLogExport)
	rs.Get("/api/logs/verify", PermLogVerify, "校验日志完整性", s.handleVerify)
	rs.Get("/api/logs/{id}", "log:list", "查看操作日志详情", httpx.ReadID(errNoOperLog, func(r *http.Request, id int64) (*OperLog, error) {
		return s.OperLogDetail(r.Context(), id)
	}))
	rs.Get("/api/logs/login", "log:list", "查询登录日志", httpx.ReadList(s.LoginLogs))
	rs.Get("/api/logs/login/export", "log:export", "导出登录日志", s.handleLoginLogExport)
	rs.Get("/api/online", "online:list", "查询在线用户", httpx.ReadList(s.OnlineSessions))
	rs.Delete("/api/online", "online:del", "强制退出", httpx.IDsAction(s.KickSessions))
}

var operLogSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"ol.username", "ol.path", "ol.ip", "ol.action", "ol.target_name", "ol.target"}, Match: httpx.Text,
			Search: []search.On{{Index: operLogSearch, Alias: "ol"}}},
		"username": {Columns: []string{"ol.username"}},
		"module":   {Columns: []string{"ol.module"}},
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
		"blurry":     {Columns: []string{"ll.username", "ll.ip", "ll.message"}, Match: httpx.Text, Search: []search.On{{Index: loginLogSearch, Alias: "ll"}}},
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

// OperLogs is a page of the operation log (without the request bodies:
// OperLogDetail shows one).
func (s *Service) OperLogs(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[OperLog], error) {
	return httpx.Paged[OperLog](ctx, s.operLogs(), operLogSpec, lq)
}

func (s *Service) operLogs() *bun.SelectQuery {
	return s.db.NewSelect().Model((*OperLog)(nil)).ExcludeColumn("body")
}

func errNoOperLog() *httpx.Error { return httpx.NotFound("操作日志不存在") }

// OperLogDetail is one row of the operation log with its request (masked
// when it was written).
func (s *Service) OperLogDetail(ctx context.Context, id int64) (*OperLog, error) {
	row := new(OperLog)
	if err := s.db.NewSelect().Model(row).Where("ol.id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoOperLog()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return row, nil
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

// PurgeLogs deletes the operation- and login-log rows older than the
// retention setting (logRetentionDays, 180 days unless set). The scheduler
// runs it daily (job system.purgeLogs, once across the instances).
func (s *Service) PurgeLogs(ctx context.Context) error {
	return s.PurgeOldLogs(ctx, max(s.SettingInt(ctx, CfgLogRetentionDays, minLogRetentionDays), minLogRetentionDays))
}

// PurgeOldLogs deletes operation- and login-log rows older than keepDays
// days: a row is kept through the keepDays-th day after the day (China
// time) it was written, whatever the hour.
func (s *Service) PurgeOldLogs(ctx context.Context, keepDays int) error {
	if keepDays < 1 {
		return errors.New("purge logs: keepDays must be at least 1")
	}
	y, m, d := s.now().In(date.China).AddDate(0, 0, -keepDays).Date()
	before := time.Date(y, m, d, 0, 0, 0, 0, date.China).UTC()
	for _, lg := range logChains {
		if err := s.purgeChain(ctx, lg, before); err != nil {
			return fmt.Errorf("purge %s: %w", lg.Title, err)
		}
	}
	return nil
}
