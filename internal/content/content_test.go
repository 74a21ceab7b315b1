package content_test

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/content"
	"zhdj/internal/platform/date"
)

func TestRoutesGuardSessionPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	item := w.published(t, w.csPub, "计算机学院新闻", w.cs)
	id := item.ID
	one := func(p string) string { return fmt.Sprintf("/api/dwxw/%d%s", id, p) }
	routes := []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/dwxw", nil},
		{"GET", "/api/dwxw/export", nil},
		{"GET", one(""), nil},
		{"POST", "/api/dwxw", newsBody("新", w.cs)},
		{"PUT", "/api/dwxw", map[string]any{"id": id, "title": "改"}},
		{"DELETE", "/api/dwxw", []int64{id}},
		{"POST", one("/submit"), nil},
		{"POST", one("/publish"), nil},
		{"POST", one("/reject"), map[string]any{"note": "不妥"}},
		{"POST", one("/withdraw"), nil},
		{"GET", one("/readers"), nil},
		{"GET", one("/readers/export"), nil},
		{"GET", one("/attachments"), nil},
		{"GET", "/api/dwxw/roles", nil},
		{"GET", "/api/wzgl", nil},
		{"GET", "/api/content/items", nil},
		{"GET", fmt.Sprintf("/api/content/items/%d", id), nil},
		{"GET", fmt.Sprintf("/api/content/items/%d/attachments", id), nil},
		{"GET", "/api/content/unread", nil},
	}
	for _, rt := range routes {
		if res := w.e.Do(rt.method, rt.path, "", rt.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.noTK, rt.body); res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", rt.method, rt.path, res.Status)
		}
	}
	// A member reads but writes nothing; the branch secretary writes but does not publish.
	apptest.Expect(t, w.e.Do("GET", "/api/dwxw", w.csMember, nil), 403)
	apptest.Expect(t, w.e.Do("POST", "/api/dwxw", w.csMember, newsBody("新", w.csBranch)), 403)
	apptest.Expect(t, w.e.Do("POST", one("/withdraw"), w.csSecretary, nil), 403)
	// The math committee neither sees nor acts on the cs item: 404 on every route naming it.
	w.e.ExpectCalls(t, []apptest.Call{
		{"GET", one(""), w.mathPub, nil, 404},
		{"PUT", "/api/dwxw", w.mathPub, map[string]any{"id": id, "title": "改"}, 404},
		{"DELETE", "/api/dwxw", w.mathPub, []int64{id}, 404},
		{"POST", one("/withdraw"), w.mathPub, nil, 404},
		{"POST", one("/submit"), w.mathPub, nil, 404},
		{"GET", one("/readers"), w.mathPub, nil, 404},
		{"GET", one("/readers/export"), w.mathPub, nil, 404},
		{"GET", one("/attachments"), w.mathPub, nil, 404},
		{"GET", fmt.Sprintf("/api/content/items/%d", id), w.mathMember, nil, 404},
		{"GET", fmt.Sprintf("/api/content/items/%d/attachments", id), w.mathMember, nil, 404},
		{"GET", "/api/dwxw/999999", w.odTK, nil, 404},
	})
	// Nor does it address its items to cs.
	apptest.ExpectField(t, w.e.Do("POST", "/api/dwxw", w.mathPub, newsBody("越权", w.cs)), "orgId", "所选党组织不存在")
}

func TestAudienceIsTheOrganisationSubtree(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	csItem := w.published(t, w.csPub, "计算机学院新闻", w.cs)
	w.published(t, w.odTK, "全校新闻", w.root)
	w.published(t, w.mathPub, "数学学院新闻", w.math)
	w.draft(t, w.csPub, "计算机草稿", w.cs)

	if got := readable(t, w, w.csMember); !sameSet(got, []string{"全校新闻", "计算机学院新闻"}) {
		t.Fatalf("cs member reads %v", got)
	}
	if got := readable(t, w, w.mathMember); !sameSet(got, []string{"全校新闻", "数学学院新闻"}) {
		t.Fatalf("math member reads %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/content/items/%d", csItem.ID), w.mathMember, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/content/items/%d", csItem.ID), w.csMember, nil), 200)
	// The cs committee's staff list holds its own items, not the school's or math's.
	rows, _ := apptest.GetPage[content.ItemView](t, w.e, w.csPub, "/api/dwxw", nil)
	var titles []string
	for _, r := range rows {
		titles = append(titles, r.Title)
	}
	if !sameSet(titles, []string{"计算机学院新闻", "计算机草稿"}) {
		t.Fatalf("cs committee lists %v", titles)
	}
	// A withdrawn item leaves the readers' lists.
	w.step(t, w.csPub, csItem.ID, "withdraw", 200)
	if got := readable(t, w, w.csMember); !sameSet(got, []string{"全校新闻"}) {
		t.Fatalf("after the withdrawal the cs member reads %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/content/items/%d", csItem.ID), w.csMember, nil), 404)
}

func TestAudienceByRole(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	roles := apptest.DoJSON[[]struct{ ID int64 }](t, w.e, 200, "GET", "/api/dwxw/roles", w.odTK, nil)
	if len(roles) == 0 {
		t.Fatal("no roles")
	}
	// A role nobody of the two members holds: the item reaches neither.
	w.published(t, w.odTK, "仅限角色", w.root, "roleIds", []int64{roles[0].ID})
	if got := readable(t, w, w.csMember); len(got) != 0 {
		t.Fatalf("cs member reads %v", got)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/dwxw", w.odTK, newsBody("x", w.root, "roleIds", []int64{987654})), "roleIds", "所选角色不存在")
}

func TestFlowPublishesWithinScopeAndOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// The branch secretary writes for its branch and submits; it cannot address the college.
	apptest.ExpectField(t, w.e.Do("POST", "/api/dwxw", w.csSecretary, newsBody("x", w.cs)), "orgId", "所选党组织不存在")
	v := w.draft(t, w.csSecretary, "支部活动", 0)
	if v.OrgID != w.csBranch || v.State != content.StateDraft || v.AuthorName == "" {
		t.Fatalf("draft %+v", v)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dwxw/%d/publish", v.ID), w.csPub, nil), 409) // not submitted
	w.step(t, w.csSecretary, v.ID, "submit", 200)
	// Under review it cannot be changed or deleted.
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxw", w.csSecretary, map[string]any{"id": v.ID, "title": "改"}), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dwxw", w.csSecretary, []int64{v.ID}), 409)
	// The math committee cannot publish it (not in its scope); a rejection needs its reason.
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dwxw/%d/publish", v.ID), w.mathPub, nil), 404)
	apptest.ExpectField(t, w.e.Do("POST", fmt.Sprintf("/api/dwxw/%d/reject", v.ID), w.csPub, map[string]any{"note": ""}), "note", "请输入退回原因")
	back := apptest.DoJSON[content.ItemView](t, w.e, 200, "POST", fmt.Sprintf("/api/dwxw/%d/reject", v.ID), w.csPub, map[string]any{"note": "请补充照片"})
	if back.State != content.StateDraft || back.ReviewNote != "请补充照片" {
		t.Fatalf("rejected %+v", back)
	}
	w.step(t, w.csSecretary, v.ID, "submit", 200)

	// Two publishers at once: one publishes, the other is told it changed.
	statuses := apptest.Concurrently(4, func(int) int {
		return w.e.Do("POST", fmt.Sprintf("/api/dwxw/%d/publish", v.ID), w.csPub, nil).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 409)
	got := apptest.DoJSON[content.ItemView](t, w.e, 200, "GET", fmt.Sprintf("/api/dwxw/%d", v.ID), w.csPub, nil)
	if got.State != content.StatePublished || got.PublishedAt == nil || got.Reviewer == "" {
		t.Fatalf("published %+v", got)
	}
	// Withdrawn, it may be edited again and deleted.
	w.step(t, w.csPub, v.ID, "withdraw", 200)
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxw", w.csSecretary, map[string]any{"id": v.ID, "title": "改过"}), 200)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dwxw", w.csSecretary, []int64{v.ID}), 204)
}

func TestBodyAndSummaryAreSanitised(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	evil := `<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src="x.png" onerror="alert(3)"></p>`
	v := w.draft(t, w.csPub, "净化", w.cs, "body", evil, "summary", `<b onmouseover="x()">摘要</b><script>alert(4)</script>`)
	assertClean := func(where, s string) {
		t.Helper()
		low := strings.ToLower(s)
		for _, bad := range []string{"<script", "onclick", "onerror", "onmouseover", "javascript:", "alert(4)"} {
			if strings.Contains(low, bad) {
				t.Fatalf("%s keeps %q: %s", where, bad, s)
			}
		}
	}
	got := apptest.DoJSON[content.ItemView](t, w.e, 200, "GET", fmt.Sprintf("/api/dwxw/%d", v.ID), w.csPub, nil)
	assertClean("body", got.Body)
	assertClean("summary", got.Summary)
	if !strings.Contains(got.Body, "正文") || got.Summary != "摘要" {
		t.Fatalf("body %q summary %q", got.Body, got.Summary)
	}
	// An update is sanitised as well, and an empty summary is the body's words.
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxw", w.csPub, map[string]any{"id": v.ID, "summary": "", "body": `<p>第二版<script>x()</script></p>`}), 200)
	got = apptest.DoJSON[content.ItemView](t, w.e, 200, "GET", fmt.Sprintf("/api/dwxw/%d", v.ID), w.csPub, nil)
	assertClean("body", got.Body)
	if got.Summary != "第二版" {
		t.Fatalf("summary %q", got.Summary)
	}
	// A body of nothing but a script is no body.
	apptest.ExpectField(t, w.e.Do("POST", "/api/dwxw", w.csPub, newsBody("空", w.cs, "body", "<script>x()</script>")), "body", "请输入正文")
	// The reader's view and the export hold no script either.
	w.step(t, w.csPub, v.ID, "submit", 200)
	w.step(t, w.csPub, v.ID, "publish", 200)
	read := apptest.DoJSON[content.ReadView](t, w.e, 200, "GET", fmt.Sprintf("/api/content/items/%d", v.ID), w.csMember, nil)
	assertClean("reader's body", read.Body)
	res := w.e.Do("GET", "/api/dwxw/export", w.csPub, nil)
	apptest.Expect(t, res, 200)
	book, err := excelize.OpenReader(bytes.NewReader([]byte(res.Body)))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil || len(rows) < 2 {
		t.Fatalf("export rows %v %v", rows, err)
	}
	for _, r := range rows {
		assertClean("export", strings.Join(r, "|"))
	}
}

func TestReadReceiptOncePerPersonAndUnreadCount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.published(t, w.csPub, "第一条", w.cs)
	w.published(t, w.odTK, "第二条", w.root)
	if got := unread(t, w, w.csMember); got.News != 2 || got.Articles != 0 {
		t.Fatalf("unread %+v", got)
	}
	// Opened five times at once: one receipt.
	apptest.Concurrently(5, func(int) int {
		return w.e.Do("GET", fmt.Sprintf("/api/content/items/%d", a.ID), w.csMember, nil).Status
	})
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/content/items/%d", a.ID), w.csMember, nil), 200)
	readers, total := apptest.GetPage[content.Receipt](t, w.e, w.csPub, fmt.Sprintf("/api/dwxw/%d/readers", a.ID), nil)
	if total != 1 || len(readers) != 1 || readers[0].OrgName != "计算机教工党支部" {
		t.Fatalf("readers %d %+v", total, readers)
	}
	if got := unread(t, w, w.csMember); got.News != 1 {
		t.Fatalf("unread after reading %+v", got)
	}
	rows, _ := apptest.GetPage[content.ReadView](t, w.e, w.csMember, "/api/content/items", url.Values{"kind": {content.KindNews}})
	for _, r := range rows {
		if r.Read != (r.ID == a.ID) || r.Body != "" {
			t.Fatalf("row %d read %v body %q", r.ID, r.Read, r.Body)
		}
	}
	// The home summary carries the count.
	sum := apptest.DoJSON[struct{ Unread content.Unread }](t, w.e, 200, "GET", "/api/home/summary", w.csMember, nil)
	if sum.Unread.News != 1 {
		t.Fatalf("home summary unread %+v", sum.Unread)
	}
	// The readers' export streams the one reader.
	res := w.e.Do("GET", fmt.Sprintf("/api/dwxw/%d/readers/export", a.ID), w.csPub, nil)
	apptest.Expect(t, res, 200)
	book, err := excelize.OpenReader(bytes.NewReader([]byte(res.Body)))
	if err != nil {
		t.Fatal(err)
	}
	if rows, _ := book.GetRows(book.GetSheetName(0)); len(rows) != 2 {
		t.Fatalf("export rows %v", rows)
	}
}

func TestPinnedUntilItsEndDate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := date.Of(time.Now().In(date.China))
	w.e.App.Content.SetClock(func() time.Time { return today.Time().Add(4 * time.Hour) })
	end := today.AddDays(3)
	w.published(t, w.odTK, "置顶通知", w.root, "pinnedUntil", string(end))
	w.published(t, w.odTK, "最新新闻", w.root)
	if got := readable(t, w, w.csMember); !slices.Equal(got, []string{"置顶通知", "最新新闻"}) {
		t.Fatalf("pinned first: %v", got)
	}
	w.e.App.Content.SetClock(func() time.Time { return end.AddDays(1).Time().Add(4 * time.Hour) })
	if got := readable(t, w, w.csMember); !slices.Equal(got, []string{"最新新闻", "置顶通知"}) {
		t.Fatalf("after the end date: %v", got)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestSeedDemoOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, err := w.e.App.Content.SeedDemo(t.Context())
	if err != nil || res.Published != 8 || res.Drafts != 1 {
		t.Fatalf("demo %+v %v", res, err)
	}
	again, err := w.e.App.Content.SeedDemo(t.Context())
	if err != nil || again.Published != 0 {
		t.Fatalf("second demo %+v %v", again, err)
	}
	rows, _ := apptest.GetPage[content.ReadView](t, w.e, w.odTK, "/api/content/items", url.Values{"kind": {content.KindNews}})
	if len(rows) < 3 || !rows[0].Pinned {
		t.Fatalf("the school's news, the pinned first: %+v", rows)
	}
}
