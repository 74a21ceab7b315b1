package system_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
)

type noticeItem struct {
	ID         int64
	UserID     int64
	Title      string
	Content    string
	Link       string
	IsRemind   bool
	Read       bool
	ReadTime   *string
	Done       bool
	DoneTime   *string
	SenderName string
	Type       string
	Level      string
}

type noticePage struct {
	Content         []noticeItem
	TotalElements   int
	TotalWarningNum int
}

func getPage(t *testing.T, e *apptest.Env, path, token string) noticePage {
	t.Helper()
	res := e.Do("GET", path, token, nil)
	apptest.Expect(t, res, http.StatusOK)
	var p noticePage
	res.JSON(t, &p)
	if p.Content == nil {
		t.Fatalf("%s: content is not a list: %s", path, res.Body)
	}
	return p
}

// editThenDelete edits the notice id at base as editor with body (204),
// checks that its owner sees the new title under list and answers the row
// as the owner sees it; an unknown id is 404; the delete through base+"/"
// (the old client's path) takes the notice out of the owner's list.
func editThenDelete(t *testing.T, e *apptest.Env, base, list, editor, owner string, id int64, body map[string]any) noticeItem {
	t.Helper()
	apptest.Expect(t, e.Do("PUT", base, editor, apptest.With(body, "id", id)), http.StatusNoContent)
	p := getPage(t, e, list, owner)
	var edited noticeItem
	for _, it := range p.Content {
		if it.ID == id {
			edited = it
		}
	}
	if edited.ID != id || edited.Title != body["title"] {
		t.Fatalf("%s after edit %+v", base, p)
	}
	apptest.Expect(t, e.Do("PUT", base, editor, map[string]any{"id": 999999, "title": "x"}), http.StatusNotFound)
	apptest.Expect(t, e.Do("DELETE", base+"/", editor, []int64{id}), http.StatusNoContent)
	if after := getPage(t, e, list, owner); after.TotalElements != p.TotalElements-1 {
		t.Fatalf("%s after delete %+v", base, after)
	}
	return edited
}

func TestMessageEachUserSeesOnlyOwn(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	aTok, aID := e.UserWith("SELF", 0)
	bTok, bID := e.UserWith("SELF", 0)

	res := e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{
		"title": "支部会议通知", "content": "周五下午三点", "link": "/party/meeting?id=3", "isRemind": true, "userIds": []int64{aID, bID},
	})
	apptest.Expect(t, res, http.StatusCreated)
	if m := res.Map(t); m["count"] != float64(2) {
		t.Fatalf("create answer %s", res.Body)
	}
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{
		"title": "仅给 B 的普通消息", "link": "https://example.edu.cn/x", "userIds": []int64{bID},
	}), http.StatusCreated)

	a := getPage(t, e, "/api/msgPushHistory/list", aTok)
	if a.TotalElements != 1 || a.Content[0].UserID != aID || a.Content[0].Title != "支部会议通知" ||
		a.Content[0].SenderName != "超级管理员" || a.Content[0].Read || !a.Content[0].IsRemind {
		t.Fatalf("A's messages %+v", a)
	}
	b := getPage(t, e, "/api/msgPushHistory/list", bTok)
	if b.TotalElements != 2 || b.Content[0].Title != "仅给 B 的普通消息" { // newest first
		t.Fatalf("B's messages %+v", b)
	}
	for _, m := range b.Content {
		if m.UserID != bID {
			t.Fatalf("B sees a row of user %d", m.UserID)
		}
	}
	if p := getPage(t, e, "/api/msgPushHistory/list?isRemind=false", bTok); p.TotalElements != 1 {
		t.Fatalf("isRemind filter: %+v", p)
	}
	// the admin received nothing
	if p := getPage(t, e, "/api/msgPushHistory/list", e.AdminTK); p.TotalElements != 0 {
		t.Fatalf("admin sees %+v", p)
	}
	apptest.Expect(t, e.Do("GET", "/api/msgPushHistory/list?userId="+fmt.Sprint(bID), aTok, nil), http.StatusBadRequest)
}

func TestMessageRemindersAndMarkRead(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	aTok, aID := e.UserWith("SELF", 0)
	bTok, bID := e.UserWith("SELF", 0)
	send := func(title string, remind bool, users ...int64) {
		t.Helper()
		apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{
			"title": title, "content": "", "isRemind": remind, "userIds": users,
		}), http.StatusCreated)
	}
	send("提醒一", true, aID, bID)
	send("提醒二", true, aID)
	send("普通消息", false, aID)

	r := getPage(t, e, "/api/msgPushHistory/getRemind", aTok)
	if r.TotalElements != 2 || len(r.Content) != 2 || r.Content[0].Title != "提醒二" {
		t.Fatalf("A's reminders %+v", r)
	}
	bRemind := getPage(t, e, "/api/msgPushHistory/getRemind", bTok)
	if bRemind.TotalElements != 1 {
		t.Fatalf("B's reminders %+v", bRemind)
	}

	// A marks one of their own and B's reminder: only A's changes (B's id is ignored).
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory/updateRemind", aTok, []int64{r.Content[0].ID, bRemind.Content[0].ID}), http.StatusNoContent)
	if r := getPage(t, e, "/api/msgPushHistory/getRemind", aTok); r.TotalElements != 1 || r.Content[0].Title != "提醒一" {
		t.Fatalf("A after marking %+v", r)
	}
	if r := getPage(t, e, "/api/msgPushHistory/getRemind", bTok); r.TotalElements != 1 {
		t.Fatalf("A's request changed B's reminder: %+v", r)
	}
	read := getPage(t, e, "/api/msgPushHistory/list?read=true", aTok)
	if read.TotalElements != 1 || !read.Content[0].Read || read.Content[0].ReadTime == nil {
		t.Fatalf("read filter %+v", read)
	}
	// the {ids} body shape works too
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory/updateRemind", bTok, map[string]any{"ids": []int64{bRemind.Content[0].ID}}), http.StatusNoContent)
	if r := getPage(t, e, "/api/msgPushHistory/getRemind", bTok); r.TotalElements != 0 {
		t.Fatalf("B after marking %+v", r)
	}
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory/updateRemind", bTok, []int64{}), http.StatusBadRequest)

	// getRemind returns at most 20 rows but counts them all.
	for i := 0; i < 25; i++ {
		send(fmt.Sprintf("批量提醒%d", i), true, bID)
	}
	if r := getPage(t, e, "/api/msgPushHistory/getRemind", bTok); r.TotalElements != 25 || len(r.Content) != 20 || r.Content[0].Title != "批量提醒24" {
		t.Fatalf("25 reminders: total %d, %d rows, first %q", r.TotalElements, len(r.Content), r.Content[0].Title)
	}
}

func TestMessagePublishValidationEditDelete(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	aTok, aID := e.UserWith("SELF", 0)
	editor, _ := e.UserWith("SELF", 0, "msg:add", "msg:edit", "msg:del")
	ok := map[string]any{"title": "标题", "content": "内容", "link": "/a", "userIds": []int64{aID}}
	with := func(k string, v any) map[string]any { return apptest.With(ok, k, v) }
	for _, c := range []struct {
		name string
		body map[string]any
	}{
		{"no title", with("title", "  ")},
		{"title too long", with("title", strings.Repeat("长", 201))},
		{"content too long", with("content", strings.Repeat("字", 5001))},
		{"javascript link", with("link", "javascript:alert(document.cookie)")},
		{"data link", with("link", "data:text/html,<script>alert(1)</script>")},
		{"protocol-relative link", with("link", "//evil.example/x")},
		{"relative without slash", with("link", "party/x")},
		{"ftp link", with("link", "ftp://example.com/x")},
		{"no recipients", with("userIds", []int64{})},
		{"unknown recipient", with("userIds", []int64{aID, 987654})},
	} {
		t.Run(c.name, func(t *testing.T) {
			apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", editor, c.body), http.StatusBadRequest)
			apptest.Expect(t, e.Do("POST", "/api/msgTodo", editor, c.body), http.StatusBadRequest)
		})
	}
	if p := getPage(t, e, "/api/msgPushHistory/list", aTok); p.TotalElements != 0 {
		t.Fatalf("a refused message was stored: %+v", p)
	}
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", aTok, ok), http.StatusForbidden)
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", editor, with("title", strings.Repeat("长", 200))), http.StatusCreated)
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", editor, with("userIds", []int64{aID, aID})), http.StatusCreated)

	p := getPage(t, e, "/api/msgPushHistory/list", aTok)
	if p.TotalElements != 2 {
		t.Fatalf("duplicates in userIds must give one row: %+v", p)
	}
	id := p.Content[0].ID
	apptest.Expect(t, e.Do("PUT", "/api/msgPushHistory", editor, map[string]any{"id": id, "title": "x", "link": "javascript:1"}), http.StatusBadRequest)
	apptest.Expect(t, e.Do("PUT", "/api/msgPushHistory", aTok, map[string]any{"id": id, "title": "x"}), http.StatusForbidden)
	apptest.Expect(t, e.Do("DELETE", "/api/msgPushHistory/", aTok, []int64{id}), http.StatusForbidden)
	edited := editThenDelete(t, e, "/api/msgPushHistory", "/api/msgPushHistory/list", editor, aTok, id,
		map[string]any{"title": "改过的标题", "content": "新", "link": "https://example.com"})
	if edited.Link != "https://example.com" {
		t.Fatalf("after edit %+v", edited)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/msgPushHistory", editor, []int64{p.Content[1].ID}), http.StatusNoContent)
	if p := getPage(t, e, "/api/msgPushHistory/list", aTok); p.TotalElements != 0 {
		t.Fatalf("after second delete %+v", p)
	}
}

func TestTodoDoneFlow(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	aTok, aID := e.UserWith("SELF", 0)
	bTok, bID := e.UserWith("SELF", 0)
	res := e.Do("POST", "/api/msgTodo", e.AdminTK, map[string]any{
		"title": "审核入党申请", "content": "张三的申请", "link": "/party/apply?id=9", "module": "dy", "bizId": "9",
		"userIds": []int64{aID, bID},
	})
	apptest.Expect(t, res, http.StatusCreated)
	if res.Map(t)["count"] != float64(2) {
		t.Fatalf("create %s", res.Body)
	}
	a := getPage(t, e, "/api/msgTodo/getTodo", aTok)
	b := getPage(t, e, "/api/msgTodo/getTodo", bTok)
	if a.TotalElements != 1 || b.TotalElements != 1 || a.Content[0].Done || a.Content[0].UserID != aID || a.Content[0].SenderName != "超级管理员" {
		t.Fatalf("open to-dos A %+v B %+v", a, b)
	}

	// A closes their own and tries B's: B's stays open.
	apptest.Expect(t, e.Do("POST", "/api/msgTodo/updateTodo", aTok, []int64{a.Content[0].ID, b.Content[0].ID}), http.StatusNoContent)
	if p := getPage(t, e, "/api/msgTodo/getTodo", aTok); p.TotalElements != 0 {
		t.Fatalf("A's open to-dos after done: %+v", p)
	}
	done := getPage(t, e, "/api/msgTodo/getTodo?done=true", aTok)
	if done.TotalElements != 1 || !done.Content[0].Done || done.Content[0].DoneTime == nil {
		t.Fatalf("A's done to-dos %+v", done)
	}
	if p := getPage(t, e, "/api/msgTodo/getTodo", bTok); p.TotalElements != 1 {
		t.Fatalf("A closed B's to-do: %+v", p)
	}
	apptest.Expect(t, e.Do("GET", "/api/msgTodo/getTodo?done=maybe", aTok, nil), http.StatusBadRequest)

	editor, _ := e.UserWith("SELF", 0, "msg:edit", "msg:del")
	editThenDelete(t, e, "/api/msgTodo", "/api/msgTodo/getTodo", editor, bTok, b.Content[0].ID,
		map[string]any{"title": "审核入党申请（加急）", "module": "dy", "bizId": "9"})
}

// The Go API joins the caller's transaction: a rollback there takes the
// messages and to-dos with it.
func TestMessageGoAPIJoinsTheCallersTransaction(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	aTok, aID := e.UserWith("SELF", 0)
	ctx := context.Background()
	boom := errors.New("business step failed")
	err := db.InTx(ctx, e.DB, func(ctx context.Context, tx bun.Tx) error {
		if err := e.Sys.Notify(ctx, tx, []int64{aID}, "回滚的消息", "", "", true); err != nil {
			return err
		}
		if err := e.Sys.AddTodo(ctx, tx, []int64{aID}, "回滚的待办", "", "/x", "dy", "1"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if p := getPage(t, e, "/api/msgPushHistory/list", aTok); p.TotalElements != 0 {
		t.Fatalf("rolled-back message visible: %+v", p)
	}
	if p := getPage(t, e, "/api/msgTodo/getTodo", aTok); p.TotalElements != 0 {
		t.Fatalf("rolled-back to-do visible: %+v", p)
	}
	if err := e.Sys.Notify(ctx, e.DB, []int64{aID}, "系统消息", "", "/ok", true); err != nil {
		t.Fatal(err)
	}
	if p := getPage(t, e, "/api/msgPushHistory/getRemind", aTok); p.TotalElements != 1 || p.Content[0].SenderName != "" {
		t.Fatalf("system message %+v", p)
	}
	if err := e.Sys.Notify(ctx, e.DB, []int64{aID}, "坏链接", "", "javascript:alert(1)", true); err == nil {
		t.Fatal("Notify accepted a javascript: link")
	}
}

func TestWarningCountAndIdempotence(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	aTok, aID := e.UserWith("SELF", 0)
	bTok, _ := e.UserWith("SELF", 0)
	ctx := context.Background()
	raise := func(typ, title, link string) {
		t.Helper()
		if err := e.Sys.RaiseWarning(ctx, e.DB, aID, typ, title, "请及时处理", link, "danger"); err != nil {
			t.Fatal(err)
		}
	}
	raise("termDue", "支部即将到期换届", "/org/branch?id=1")
	raise("termDue", "支部已到期换届", "/org/branch?id=1") // same user, type and link: refreshed, not added
	raise("termDue", "另一支部到期", "/org/branch?id=2")
	raise("probation", "预备期将满", "/party/member?id=5")

	p := getPage(t, e, "/api/warning", aTok)
	if p.TotalElements != 3 || p.TotalWarningNum != 3 {
		t.Fatalf("A's warnings %+v", p)
	}
	found := false
	for _, w := range p.Content {
		found = found || w.Title == "支部已到期换届" && w.Level == "danger"
	}
	if !found {
		t.Fatalf("raising again did not refresh the text: %+v", p.Content)
	}
	if p := getPage(t, e, "/api/warning?type=termDue&size=1", aTok); p.TotalElements != 2 || len(p.Content) != 1 || p.TotalWarningNum != 3 {
		t.Fatalf("filtered warnings %+v", p)
	}
	if p := getPage(t, e, "/api/warning", bTok); p.TotalElements != 0 || p.TotalWarningNum != 0 {
		t.Fatalf("B sees A's warnings: %+v", p)
	}

	if err := e.Sys.ResolveWarnings(ctx, e.DB, "termDue", "/org/branch?id=1"); err != nil {
		t.Fatal(err)
	}
	if p := getPage(t, e, "/api/warning", aTok); p.TotalWarningNum != 2 {
		t.Fatalf("after resolving %+v", p)
	}
	raise("termDue", "又到期了", "/org/branch?id=1") // resolved ones do not block a new warning
	if p := getPage(t, e, "/api/warning", aTok); p.TotalWarningNum != 3 {
		t.Fatalf("after raising again %+v", p)
	}
	if err := e.Sys.RaiseWarning(ctx, e.DB, 987654, "termDue", "x", "", "/x", ""); err == nil {
		t.Fatal("warning for a missing user accepted")
	}
	if err := e.Sys.RaiseWarning(ctx, e.DB, aID, "termDue", "x", "", "javascript:alert(1)", ""); err == nil {
		t.Fatal("warning with a javascript: link accepted")
	}
}
