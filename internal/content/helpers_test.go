package content_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/content"
)

// world: a school with two colleges (计算机, 数学); the organisation
// department (odTK: every item, publishes school-wide), a 二级党委 for each
// college (writes and publishes within it), a branch secretary of cs
// (writes drafts, no publishing), a member of each college (reads), and an
// account without the permissions.
type world struct {
	e                    *apptest.Env
	root, cs, csBranch   int64
	math                 int64
	odTK, csPub, mathPub string
	csSecretary          string
	csMember, mathMember string
	noTK                 string
}

func staffPerms(p struct {
	List, Add, Edit, Del, Export, Publish string
}) []string {
	return []string{p.List, p.Add, p.Edit, p.Del, p.Export, p.Publish, content.PermRead}
}

var news = struct {
	List, Add, Edit, Del, Export, Publish string
}{content.NewsPerms.List, content.NewsPerms.Add, content.NewsPerms.Edit, content.NewsPerms.Del, content.NewsPerms.Export, content.NewsPerms.Publish}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.csBranch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	all := staffPerms(news)
	w.odTK, _ = e.UserAt(t, "ALL", w.root, all...)
	w.csPub, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, all...)
	w.mathPub, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, all...)
	w.csSecretary, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.csBranch, news.List, news.Add, news.Edit, news.Del, content.PermRead)
	w.csMember, _ = e.UserAt(t, "SELF", w.csBranch, content.PermRead, "home:view")
	w.mathMember, _ = e.UserAt(t, "SELF", w.math, content.PermRead)
	w.noTK, _ = e.UserAt(t, "SELF", w.cs, "dzz:list")
	return w
}

func newsBody(title string, orgID int64, kv ...any) map[string]any {
	return apptest.With(map[string]any{"column": "1", "title": title, "body": "<p>" + title + "正文</p>", "orgId": orgID}, kv...)
}

// draft writes a news item as token.
func (w *world) draft(t testing.TB, token, title string, orgID int64, kv ...any) content.ItemView {
	t.Helper()
	return apptest.DoJSON[content.ItemView](t, w.e, 201, "POST", "/api/dwxw", token, newsBody(title, orgID, kv...))
}

// published writes, submits and publishes a news item (the writer publishing).
func (w *world) published(t testing.TB, token, title string, orgID int64, kv ...any) content.ItemView {
	t.Helper()
	v := w.draft(t, token, title, orgID, kv...)
	w.step(t, token, v.ID, "submit", 200)
	return w.step(t, token, v.ID, "publish", 200)
}

func (w *world) step(t testing.TB, token string, id int64, step string, want int) content.ItemView {
	t.Helper()
	return apptest.DoJSON[content.ItemView](t, w.e, want, "POST", fmt.Sprintf("/api/dwxw/%d/%s", id, step), token, nil)
}

// readable lists the titles of the news items published to token.
func readable(t testing.TB, w *world, token string) []string {
	t.Helper()
	rows, _ := apptest.GetPage[content.ReadView](t, w.e, token, "/api/content/items", url.Values{"kind": {content.KindNews}, "size": {"100"}})
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Title)
	}
	return out
}

func unread(t testing.TB, w *world, token string) content.Unread {
	t.Helper()
	return apptest.DoJSON[content.Unread](t, w.e, 200, "GET", "/api/content/unread", token, nil)
}
