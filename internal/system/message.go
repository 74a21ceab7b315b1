package system

import (
	"context"
	"database/sql"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
)

// Messages, to-dos and warnings belong to one user each. Every signed-in
// route below reads and changes only the caller's own rows: ids of other
// users' rows are silently ignored (they match nothing), so nothing about
// them can be learned. Publishing, editing and deleting (msg:*) are the
// administrators' side.

func (s *Service) messageRoutes(root *httpx.Routes) {
	rs := root.In("消息")
	rs.Get("/api/msgPushHistory/list", httpx.SignedIn, "查询本人消息", httpx.ReadList(s.MyMessages))
	rs.Get("/api/msgPushHistory/getRemind", httpx.SignedIn, "获取提醒", httpx.Read(s.Reminders))
	rs.Post("/api/msgPushHistory/updateRemind", httpx.SignedIn, "标记消息已读", httpx.IDsAction(s.MarkMessagesRead))
	manageRoutes(rs, "/api/msgPushHistory", "msg",
		httpx.Create(counted(s.SendMessage)), httpx.Update(s.EditMessage), httpx.IDsAction(s.DeleteMessages))

	rs = root.In("待办")
	rs.Get("/api/msgTodo/getTodo", httpx.SignedIn, "查询本人待办", httpx.ReadList(s.MyTodos))
	rs.Post("/api/msgTodo/updateTodo", httpx.SignedIn, "标记待办已办", httpx.IDsAction(s.MarkTodosDone))
	manageRoutes(rs, "/api/msgTodo", "msg",
		httpx.Create(counted(s.SendTodo)), httpx.Update(s.EditTodo), httpx.IDsAction(s.DeleteTodos))

	rs = root.In("预警")
	rs.Get("/api/warning", httpx.SignedIn, "查询本人预警", httpx.ReadList(s.MyWarnings))
}

// counted adapts a send that returns how many rows it made to the answer
// {"count": n}.
func counted(send func(ctxT, NoticeInput) (int, error)) func(ctxT, NoticeInput) (map[string]int, error) {
	return func(ctx ctxT, in NoticeInput) (map[string]int, error) {
		n, err := send(ctx, in)
		if err != nil {
			return nil, err
		}
		return map[string]int{"count": n}, nil
	}
}

// Limits of the text fields.
const (
	maxMsgTitle   = 200
	maxMsgContent = 5000
	maxMsgLink    = 500
	remindLimit   = 20
)

// MessageView is a message with its read state as the pages show it.
type MessageView struct {
	Message `bun:",extend"`
	Read    bool `bun:"-" json:"read"`
}

var messageListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"isRemind": {Columns: []string{"mp.is_remind"}, Kind: httpx.Bool},
		"read":     {Columns: []string{"(mp.read_at IS NOT NULL) = ?"}, Kind: httpx.Bool, Match: httpx.Expr},
		"blurry":   {Columns: []string{"mp.title", "mp.content"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"createTime": "mp.created_at", "id": "mp.id"},
	Key:         "mp.id",
	DefaultSort: "mp.created_at DESC, mp.id DESC",
}

var todoListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"done":   {Columns: []string{"mt.done"}, Kind: httpx.Bool},
		"module": {Columns: []string{"mt.module"}},
		"blurry": {Columns: []string{"mt.title", "mt.content"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"createTime": "mt.created_at", "doneTime": "mt.done_at", "id": "mt.id"},
	Key:         "mt.id",
	DefaultSort: "mt.created_at DESC, mt.id DESC",
}

var warningListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"type":  {Columns: []string{"w.type"}},
		"level": {Columns: []string{"w.level"}},
	},
	Sorts:       map[string]string{"createTime": "w.created_at", "id": "w.id"},
	Key:         "w.id",
	DefaultSort: "w.created_at DESC, w.id DESC",
}

// ---- validation shared by the HTTP side and the Go API ----

// checkLink accepts "" , a site-relative path ("/party/member?id=1") or an
// http(s) URL; javascript:, data:, protocol-relative //host and the like are refused.
func checkLink(link string) error {
	if link == "" {
		return nil
	}
	bad := utf8.RuneCountInString(link) > maxMsgLink || strings.ContainsAny(link, "\\<>\"'` \t\r\n")
	if !bad {
		for _, r := range link {
			if r < 0x20 || r == 0x7f {
				bad = true
				break
			}
		}
	}
	if !bad {
		if strings.HasPrefix(link, "/") {
			bad = strings.HasPrefix(link, "//")
		} else {
			u, err := url.Parse(link)
			bad = err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == ""
		}
	}
	if bad {
		return httpx.Invalid("link", "链接须为以 / 开头的站内路径或 http(s) 地址")
	}
	return nil
}

// check validates the text of a message, to-do or warning (title and link
// trimmed in place).
func (n *Notice) check() error {
	n.Title, n.Link = strings.TrimSpace(n.Title), strings.TrimSpace(n.Link)
	switch l := utf8.RuneCountInString(n.Title); {
	case l == 0:
		return httpx.Invalid("title", "请输入标题")
	case l > maxMsgTitle:
		return httpx.Invalid("title", "标题不能超过 %d 个字", maxMsgTitle)
	}
	if utf8.RuneCountInString(n.Content) > maxMsgContent {
		return httpx.Invalid("content", "内容不能超过 %d 个字", maxMsgContent)
	}
	return checkLink(n.Link)
}

// recipients checks that every id names an existing user and returns them
// without duplicates.
func recipients(ctx context.Context, db bun.IDB, userIDs []int64) ([]int64, error) {
	ids := uniq.Of(userIDs)
	if len(ids) == 0 {
		return nil, httpx.Invalid("userIds", "请选择接收人")
	}
	if len(ids) > 10000 {
		return nil, httpx.Invalid("userIds", "一次最多发送给 10000 人")
	}
	n, err := db.NewSelect().Model((*User)(nil)).Where("id IN (?)", bun.In(ids)).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if n != int64(len(ids)) {
		return nil, httpx.Invalid("userIds", "接收人不存在")
	}
	return ids, nil
}

func senderOf(ctx context.Context) *int64 {
	if p := rbac.From(ctx); p != nil {
		id := p.UserID
		return &id
	}
	return nil
}

// insertChunks inserts a slice model in batches that stay under the
// databases' bound-parameter limits.
func insertChunks[T any](ctx context.Context, db bun.IDB, rows []T) error {
	const chunk = 500
	for start := 0; start < len(rows); start += chunk {
		part := rows[start:min(start+chunk, len(rows))]
		if _, err := db.NewInsert().Model(&part).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// ---- the Go API other modules call inside their own transactions ----

// Notify sends a message (a reminder when remind) to each user; the sender is
// the signed-in caller, if any. Run it with the caller's transaction as db.
func (s *Service) Notify(ctx context.Context, db bun.IDB, userIDs []int64, title, content, link string, remind bool) error {
	_, err := s.notify(ctx, db, userIDs, title, content, link, remind)
	return err
}

func (s *Service) notify(ctx context.Context, db bun.IDB, userIDs []int64, title, content, link string, remind bool) (int, error) {
	text := Notice{Title: title, Content: content, Link: link}
	n, err := deliver(ctx, db, s.now(), userIDs, text, nil, func(n Notice, sent Sent) Message {
		return Message{Notice: n, IsRemind: remind, Sent: sent}
	})
	if err == nil {
		s.countsChanged(ctx, userIDs)
	}
	return n, err
}

// AddTodo gives each user a to-do; module and bizID let the module find and
// close it later.
func (s *Service) AddTodo(ctx context.Context, db bun.IDB, userIDs []int64, title, content, link, module, bizID string) error {
	_, err := s.addTodo(ctx, db, userIDs, title, content, link, module, bizID)
	return err
}

func (s *Service) addTodo(ctx context.Context, db bun.IDB, userIDs []int64, title, content, link, module, bizID string) (int, error) {
	text := Notice{Title: title, Content: content, Link: link}
	n, err := deliver(ctx, db, s.now(), userIDs, text, func() error { return checkTodoRef(&module, &bizID) },
		func(n Notice, sent Sent) Todo { return Todo{Notice: n, Module: module, BizID: bizID, Sent: sent} })
	if err == nil {
		s.countsChanged(ctx, userIDs)
	}
	return n, err
}

// deliver sends one notice to each user as a row made by row (a message, a
// to-do), all in db: the text is checked, then more (the kind's own fields,
// when not nil), then the recipients; the sender is the signed-in caller, if
// any. It answers how many rows it made.
func deliver[T any](ctx context.Context, db bun.IDB, now time.Time, userIDs []int64, text Notice,
	more func() error, row func(Notice, Sent) T) (int, error) {
	if err := text.check(); err != nil {
		return 0, err
	}
	if more != nil {
		if err := more(); err != nil {
			return 0, err
		}
	}
	ids, err := recipients(ctx, db, userIDs)
	if err != nil {
		return 0, err
	}
	sent := Sent{SenderID: senderOf(ctx), CreatedAt: now}
	rows := make([]T, len(ids))
	for i, uid := range ids {
		text.UserID = uid
		rows[i] = row(text, sent)
	}
	if err := insertChunks(ctx, db, rows); err != nil {
		return 0, httpx.Internal(err)
	}
	return len(rows), nil
}

func checkTodoRef(module, bizID *string) error {
	*module, *bizID = strings.TrimSpace(*module), strings.TrimSpace(*bizID)
	if len(*module) > 50 || len(*bizID) > 64 {
		field := "module"
		if len(*module) <= 50 {
			field = "bizId"
		}
		return httpx.Invalid(field, "模块名不能超过 50 个字符，业务编号不能超过 64 个字符")
	}
	return nil
}

// RaiseWarning shows a warning to a user. It is idempotent: while a warning
// of the same user, type and link is unresolved, raising it again only
// refreshes its text and level.
func (s *Service) RaiseWarning(ctx context.Context, idb bun.IDB, userID int64, typ, title, content, link, level string) error {
	typ, level = strings.TrimSpace(typ), strings.TrimSpace(level)
	if typ == "" || len(typ) > 50 {
		return httpx.Invalid("type", "预警类型不能为空且不能超过 50 个字符")
	}
	if level == "" {
		level = "warning"
	}
	if len(level) > 16 {
		return httpx.Invalid("level", "预警级别不能超过 16 个字符")
	}
	text := Notice{Title: title, Content: content, Link: link}
	if err := text.check(); err != nil {
		return err
	}
	title, content, link = text.Title, text.Content, text.Link
	// Checked first: a foreign-key failure would abort the caller's transaction on PostgreSQL.
	if _, err := recipients(ctx, idb, []int64{userID}); err != nil {
		return err
	}
	// One statement against the partial unique index, so two modules raising
	// the same warning at once still leave one open row.
	_, err := idb.ExecContext(ctx, `INSERT INTO sys_warning (user_id, type, title, content, link, level, resolved, created_at)
		VALUES (?, ?, ?, ?, ?, ?, FALSE, ?)
		ON CONFLICT (user_id, type, link) WHERE resolved = FALSE
		DO UPDATE SET title = excluded.title, content = excluded.content, level = excluded.level`,
		userID, typ, title, content, link, level, s.now())
	if err != nil {
		return httpx.Internal(err)
	}
	s.countsChanged(ctx, []int64{userID})
	return nil
}

// ResolveWarnings marks every user's unresolved warning of this type and
// link as resolved (the condition is gone).
func (s *Service) ResolveWarnings(ctx context.Context, db bun.IDB, typ, link string) error {
	var users []int64
	_, err := db.NewUpdate().Model((*Warning)(nil)).Set("resolved = ?", true).
		Where("type = ?", strings.TrimSpace(typ)).Where("link = ?", strings.TrimSpace(link)).
		Where("resolved = ?", false).Returning("user_id").Exec(ctx, &users)
	if err != nil {
		return httpx.Internal(err)
	}
	s.countsChanged(ctx, users)
	return nil
}

// ---- the caller's own rows ----

func me(ctx context.Context) int64 { return rbac.From(ctx).UserID }

// MyMessages is a page of the caller's messages, newest first.
func (s *Service) MyMessages(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[MessageView], error) {
	q := s.db.NewSelect().Model((*Message)(nil)).
		ColumnExpr("mp.*").ColumnExpr("COALESCE(su.nick_name, '') AS sender_name").
		Join("LEFT JOIN sys_user AS su ON su.id = mp.sender_id").
		Where("mp.user_id = ?", me(ctx))
	page, err := httpx.Paged[MessageView](ctx, q, messageListSpec, lq)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		page.Content[i].Read = page.Content[i].ReadAt != nil
	}
	return page, nil
}

// Reminders are the caller's unread reminders: the newest few and how many in all.
func (s *Service) Reminders(ctx context.Context) (httpx.PageResult[MessageView], error) {
	var rows []MessageView
	q := s.db.NewSelect().Model(&rows).
		ColumnExpr("mp.*").ColumnExpr("COALESCE(su.nick_name, '') AS sender_name").
		Join("LEFT JOIN sys_user AS su ON su.id = mp.sender_id").
		Where("mp.user_id = ?", me(ctx)).Where("mp.is_remind = ?", true).Where("mp.read_at IS NULL").
		OrderExpr("mp.created_at DESC, mp.id DESC").Limit(remindLimit)
	total, err := q.ScanAndCount(ctx)
	if err != nil {
		return httpx.PageResult[MessageView]{}, httpx.Internal(err)
	}
	return httpx.NewPage(rows, int(total)), nil
}

// MarkMessagesRead marks the caller's own messages among ids as read.
func (s *Service) MarkMessagesRead(ctx context.Context, ids []int64) error {
	_, err := s.db.NewUpdate().Model((*Message)(nil)).Set("read_at = ?", s.now()).
		Where("id IN (?)", bun.In(ids)).Where("user_id = ?", me(ctx)).Where("read_at IS NULL").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	s.countsChanged(ctx, []int64{me(ctx)})
	return nil
}

// MyTodos is a page of the caller's to-dos; open ones unless done=true is asked.
func (s *Service) MyTodos(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Todo], error) {
	if lq.Filter("done") == "" { // left out or blank: the open ones
		lq = lq.WithFilter("done", "false")
	}
	q := s.db.NewSelect().Model((*Todo)(nil)).
		ColumnExpr("mt.*").ColumnExpr("COALESCE(su.nick_name, '') AS sender_name").
		Join("LEFT JOIN sys_user AS su ON su.id = mt.sender_id").
		Where("mt.user_id = ?", me(ctx))
	return httpx.Paged[Todo](ctx, q, todoListSpec, lq)
}

// MarkTodosDone closes the caller's own open to-dos among ids.
func (s *Service) MarkTodosDone(ctx context.Context, ids []int64) error {
	_, err := s.db.NewUpdate().Model((*Todo)(nil)).Set("done = ?", true).Set("done_at = ?", s.now()).
		Where("id IN (?)", bun.In(ids)).Where("user_id = ?", me(ctx)).Where("done = ?", false).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	s.countsChanged(ctx, []int64{me(ctx)})
	return nil
}

// WarningPage is the caller's unresolved warnings plus their total.
type WarningPage struct {
	httpx.PageResult[Warning]
	TotalWarningNum int `json:"totalWarningNum"`
}

// MyWarnings is a page of the caller's unresolved warnings.
func (s *Service) MyWarnings(ctx context.Context, lq httpx.ListQuery) (WarningPage, error) {
	base := func() *bun.SelectQuery {
		return s.db.NewSelect().Model((*Warning)(nil)).Where("w.user_id = ?", me(ctx)).Where("w.resolved = ?", false)
	}
	page, err := httpx.Paged[Warning](ctx, base(), warningListSpec, lq)
	if err != nil {
		return WarningPage{}, err
	}
	all, err := base().Count(ctx)
	if err != nil {
		return WarningPage{}, httpx.Internal(err)
	}
	return WarningPage{PageResult: page, TotalWarningNum: int(all)}, nil
}

// ---- administration (msg:*) ----

// NoticeInput is the body of publishing and editing messages and to-dos.
type NoticeInput struct {
	ID       int64   `json:"id"`
	Title    string  `json:"title"`
	Content  string  `json:"content"`
	Link     string  `json:"link"`
	IsRemind bool    `json:"isRemind"`
	Module   string  `json:"module"`
	BizID    string  `json:"bizId"`
	UserIDs  []int64 `json:"userIds"`
}

// SendMessage publishes one message per recipient, all or none.
func (s *Service) SendMessage(ctx context.Context, in NoticeInput) (int, error) {
	var n int
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var err error
		n, err = s.notify(ctx, tx, in.UserIDs, in.Title, in.Content, in.Link, in.IsRemind)
		return err
	})
	return n, httpx.AsError(err)
}

// SendTodo gives one to-do per recipient, all or none.
func (s *Service) SendTodo(ctx context.Context, in NoticeInput) (int, error) {
	var n int
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var err error
		n, err = s.addTodo(ctx, tx, in.UserIDs, in.Title, in.Content, in.Link, in.Module, in.BizID)
		return err
	})
	return n, httpx.AsError(err)
}

// EditMessage changes the text and link of one message.
func (s *Service) EditMessage(ctx context.Context, in NoticeInput) error {
	return s.editNotice(ctx, (*Message)(nil), in, "消息", nil)
}

// EditTodo changes the text, link and business reference of one to-do.
func (s *Service) EditTodo(ctx context.Context, in NoticeInput) error {
	return s.editNotice(ctx, (*Todo)(nil), in, "待办", func(q *bun.UpdateQuery) (*bun.UpdateQuery, error) {
		if err := checkTodoRef(&in.Module, &in.BizID); err != nil {
			return nil, err
		}
		return q.Set("module = ?", in.Module).Set("biz_id = ?", in.BizID), nil
	})
}

// editNotice changes the text and link of the message or to-do in.ID (model
// names its table, noun it in messages); more checks and sets the kind's own
// fields, when not nil.
func (s *Service) editNotice(ctx context.Context, model any, in NoticeInput, noun string,
	more func(*bun.UpdateQuery) (*bun.UpdateQuery, error)) error {
	if in.ID == 0 {
		return httpx.Invalid("id", "缺少%s编号", noun)
	}
	text := Notice{Title: in.Title, Content: in.Content, Link: in.Link}
	if err := text.check(); err != nil {
		return err
	}
	q := s.db.NewUpdate().Model(model).Set("title = ?", text.Title).Set("content = ?", text.Content).
		Set("link = ?", text.Link).Where("id = ?", in.ID)
	if more != nil {
		var err error
		if q, err = more(q); err != nil {
			return err
		}
	}
	res, err := q.Exec(ctx)
	return updatedOne(res, err, noun+"不存在")
}

func updatedOne(res sql.Result, err error, missing string) error {
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.NotFound("%s", missing)
	}
	return nil
}

// DeleteMessages removes messages (missing ids are ignored).
func (s *Service) DeleteMessages(ctx context.Context, ids []int64) error {
	return s.deleteIDs(ctx, (*Message)(nil), ids)
}

// DeleteTodos removes to-dos (missing ids are ignored).
func (s *Service) DeleteTodos(ctx context.Context, ids []int64) error {
	return s.deleteIDs(ctx, (*Todo)(nil), ids)
}

// deleteIDs removes the rows of model's table with ids.
func (s *Service) deleteIDs(ctx context.Context, model any, ids []int64) error {
	if _, err := s.db.NewDelete().Model(model).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}
