package orglife_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

// item adds a rectification item to meeting id due on deadline and answers it.
func (w *world) item(t testing.TB, token string, id int64, content, deadline string) orglife.RectifyView {
	t.Helper()
	return apptest.DoJSON[orglife.RectifyView](t, w.e, 201, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/rectify", id), token,
		map[string]any{"content": content, "owner": "王书记", "deadline": deadline})
}

// closedMeeting is a 组织生活会 of orgID held and closed on 2026-03-10.
func (w *world) closedMeeting(t *testing.T, orgID int64) int64 {
	t.Helper()
	return meeting(t, w.e, orgID, orglife.TypeLifeMeeting, "2026-03-10", orglife.StateClosed)
}

// An item is added once its meeting is closed, changed while open, given
// dated progress notes and closed with a note; each change in the trail.
func TestRectify_Lifecycle(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.closedMeeting(t, w.branch)
	draft := meeting(t, w.e, w.branch, orglife.TypeLifeMeeting, "2026-03-11", orglife.StatePublished)
	add := fmt.Sprintf("/api/zzsh/meetings/%d/rectify", id)
	valid := map[string]any{"content": "三会一课记录不规范", "owner": "王书记", "deadline": "2026-03-10"}
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/meetings/%d/rectify", draft), w.csTK, valid), 400, "会议结束后才能登记整改事项")
	zhang := w.member(t, w.branch, "张三")
	wang := w.member(t, w.mathBranch, "王五")
	for _, c := range []struct {
		body       map[string]any
		field, msg string
	}{
		{apptest.With(valid, "content", " "), "content", "请输入整改事项（不超过1000个字）"},
		{apptest.With(valid, "owner", ""), "owner", "请输入责任人（不超过50个字）"},
		{apptest.With(valid, "deadline", ""), "deadline", "请选择完成时限"},
		{apptest.With(valid, "deadline", "2026-3-x"), "deadline", "完成时限格式错误，应为 YYYY-MM-DD"},
		{apptest.With(valid, "deadline", "2026-03-09"), "deadline", "完成时限不能早于会议日期（2026-03-10）"},
		{apptest.With(valid, "owner", "", "ownerMemberId", wang), "ownerMemberId", "所选党员不存在"},
	} {
		apptest.ExpectField(t, w.e.Do("POST", add, w.csTK, c.body), c.field, c.msg)
	}
	// The meeting's day itself is a valid deadline; a member as owner names them.
	it := apptest.DoJSON[orglife.RectifyView](t, w.e, 201, "POST", add, w.csTK, apptest.With(valid, "owner", "", "ownerMemberId", zhang))
	if it.Owner != "张三" || it.State != orglife.RectifyOpen || !it.Overdue || it.StateName != "已逾期" || it.OrgID != w.branch {
		t.Fatalf("added %+v", it)
	}
	one := fmt.Sprintf("/api/zzsh/rectify/%d", it.ID)
	stale := apptest.With(valid, "content", "三会一课记录不规范、不完整", "updateTime", it.UpdatedAt.Add(-1e9))
	apptest.ExpectMessage(t, w.e.Do("PUT", one, w.csTK, stale), 409, "整改事项已被他人修改，请刷新后重试")
	it = apptest.DoJSON[orglife.RectifyView](t, w.e, 200, "PUT", one, w.csTK, apptest.With(stale, "updateTime", it.UpdatedAt, "deadline", "2099-12-31"))
	if it.Content != "三会一课记录不规范、不完整" || it.Overdue || it.StateName != "整改中" || it.OwnerMemberID != nil {
		t.Fatalf("changed %+v", it)
	}
	tomorrow := string(date.Today().AddDays(1))
	apptest.ExpectField(t, w.e.Do("POST", one+"/progress", w.csTK, map[string]any{"notedOn": tomorrow, "note": "已整改"}),
		"notedOn", "进展日期不能晚于今天")
	apptest.ExpectField(t, w.e.Do("POST", one+"/progress", w.csTK, map[string]any{"note": ""}), "note", "请输入整改进展（不超过1000个字）")
	it = apptest.DoJSON[orglife.RectifyView](t, w.e, 200, "POST", one+"/progress", w.csTK, map[string]any{"notedOn": "2026-04-01", "note": "补全上半年记录"})
	it = apptest.DoJSON[orglife.RectifyView](t, w.e, 200, "POST", one+"/progress", w.csTK, map[string]any{"note": "全部补全"})
	if len(it.Progress) != 2 || it.Progress[0].NotedOn != "2026-04-01" || it.Progress[1].NotedOn != date.Today() || it.ProgressCount != 2 {
		t.Fatalf("progress %+v", it.Progress)
	}
	apptest.ExpectField(t, w.e.Do("POST", one+"/close", w.csTK, map[string]any{"note": " "}), "note", "请输入销号说明（不超过1000个字）")
	it = apptest.DoJSON[orglife.RectifyView](t, w.e, 200, "POST", one+"/close", w.csTK, map[string]any{"note": "经支委会验收，予以销号"})
	if it.State != orglife.RectifyClosed || it.ClosedAt == nil || it.ClosingNote != "经支委会验收，予以销号" || it.StateName != "已销号" {
		t.Fatalf("closed %+v", it)
	}
	for _, c := range []struct{ path, method string }{{one + "/close", "POST"}, {one + "/progress", "POST"}, {one, "PUT"}} {
		apptest.ExpectMessage(t, w.e.Do(c.method, c.path, w.csTK, apptest.With(valid, "note", "再次")), 400, "整改事项已销号，不能修改")
	}
	// Two clerks close one item at once: one wins.
	other := w.item(t, w.csTK, id, "组织生活会准备不充分", "2099-01-01")
	statuses := apptest.Concurrently(2, func(int) int {
		return w.e.Do("POST", fmt.Sprintf("/api/zzsh/rectify/%d/close", other.ID), w.csTK, map[string]any{"note": "已完成"}).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 400, 409)
	list := apptest.DoJSON[[]orglife.RectifyView](t, w.e, 200, "GET", add, w.listTK, nil)
	if len(list) != 2 || list[0].ID != it.ID || len(list[0].Progress) != 2 {
		t.Fatalf("the meeting's items %+v", list)
	}
	trail := strings.Join(w.trailLines(t, id), "\n")
	for _, want := range []string{
		"整改事项“三会一课记录不规范”：→三会一课记录不规范",
		"整改事项“三会一课记录不规范”：三会一课记录不规范→三会一课记录不规范、不完整",
		"整改事项“三会一课记录不规范、不完整”·整改进展：→2026-04-01 补全上半年记录",
		"整改事项“三会一课记录不规范、不完整”·状态：整改中→已销号",
	} {
		if !strings.Contains(trail, want) {
			t.Errorf("the trail lacks %q:\n%s", want, trail)
		}
	}
}

// The ledger: the scope's items, filtered by state, overdue (the deadline
// passed: yesterday yes, today not) and organisation subtree, paged and
// exported; 401, 403 and 404 as the meetings.
func TestRectify_Ledger(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cs, math := w.closedMeeting(t, w.branch), w.closedMeeting(t, w.mathBranch)
	today := date.Today()
	yesterday := w.item(t, w.csTK, cs, "逾期事项", string(today.AddDays(-1)))
	dueToday := w.item(t, w.csTK, cs, "今天到期", string(today))
	closed := w.item(t, w.csTK, cs, "已销号事项", string(today.AddDays(-2)))
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/rectify/%d/close", closed.ID), w.csTK, map[string]any{"note": "完成"}), 200)
	theirs := w.item(t, w.mathTK, math, "数学学院事项", string(today))
	ids := func(token string, q url.Values) ([]int64, int) {
		rows, total := apptest.GetPage[orglife.RectifyView](t, w.e, token, "/api/zzsh/rectify", q)
		var out []int64
		for _, r := range rows {
			out = append(out, r.ID)
		}
		slices.Sort(out)
		return out, total
	}
	for name, c := range map[string]struct {
		token string
		q     url.Values
		want  []int64
	}{
		"the scope":     {w.listTK, url.Values{}, []int64{yesterday.ID, dueToday.ID, closed.ID}},
		"open":          {w.listTK, url.Values{"state": {"1"}}, []int64{yesterday.ID, dueToday.ID}},
		"overdue":       {w.listTK, url.Values{"overdue": {"true"}}, []int64{yesterday.ID}},
		"not overdue":   {w.listTK, url.Values{"overdue": {"false"}}, []int64{dueToday.ID, closed.ID}},
		"the subtree":   {w.e.AdminTK, url.Values{"orgId": {fmt.Sprint(w.math)}}, []int64{theirs.ID}},
		"by keyword":    {w.listTK, url.Values{"blurry": {"今天"}}, []int64{dueToday.ID}},
		"their scope":   {w.mathTK, url.Values{}, []int64{theirs.ID}},
		"by meeting":    {w.e.AdminTK, url.Values{"meetingId": {fmt.Sprint(math)}}, []int64{theirs.ID}},
		"by type":       {w.listTK, url.Values{"type": {orglife.TypeDemocratic}}, nil},
		"deadline ends": {w.listTK, url.Values{"deadlineFrom": {string(today)}, "deadlineTo": {string(today)}}, []int64{dueToday.ID}},
	} {
		if got, _ := ids(c.token, c.q); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	rows, total := apptest.GetPage[orglife.RectifyView](t, w.e, w.listTK, "/api/zzsh/rectify", url.Values{"size": {"1"}})
	if total != 3 || len(rows) != 1 || rows[0].MeetingTopic == "" || rows[0].OrgName != "计算机教工党支部" ||
		rows[0].MeetingLink != orglife.MeetingLink(rows[0].MeetingType, rows[0].MeetingID) || !strings.Contains(rows[0].MeetingLink, fmt.Sprintf("id=%d", rows[0].MeetingID)) {
		t.Fatalf("a page of one: %d %+v", total, rows)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/zzsh/rectify?color=red", w.listTK, nil), 400)
	if pages := w.e.Pages(t, "/orglife"); !slices.Contains(pages, "orglife/rectify") {
		t.Errorf("no 整改台账 page under 组织生活: %v", pages)
	}
	export := w.e.Do("GET", "/api/zzsh/rectify/export?state=1", w.csTK, nil)
	if export.Status != 200 || !strings.Contains(export.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("export %d %s", export.Status, export.Header.Get("Content-Type"))
	}
	mine := fmt.Sprintf("/api/zzsh/rectify/%d", dueToday.ID)
	body := map[string]any{"content": "x", "owner": "y", "deadline": "2099-01-01", "note": "z"}
	for _, c := range []struct {
		method, path, token string
		want                int
	}{
		{"GET", "/api/zzsh/rectify", "", 401},
		{"GET", "/api/zzsh/rectify", w.noTK, 403},
		{"GET", "/api/zzsh/rectify/export", w.listTK, 403},
		{"GET", fmt.Sprintf("/api/zzsh/meetings/%d/rectify", cs), w.noTK, 403},
		{"GET", fmt.Sprintf("/api/zzsh/meetings/%d/rectify", cs), w.mathTK, 404},
		{"POST", fmt.Sprintf("/api/zzsh/meetings/%d/rectify", cs), w.listTK, 403},
		{"POST", fmt.Sprintf("/api/zzsh/meetings/%d/rectify", cs), w.mathTK, 404},
		{"PUT", mine, w.listTK, 403},
		{"PUT", mine, w.mathTK, 404},
		{"POST", mine + "/progress", w.mathTK, 404},
		{"POST", mine + "/close", w.mathTK, 404},
		{"POST", mine + "/close", "", 401},
	} {
		if got := w.e.Do(c.method, c.path, c.token, body); got.Status != c.want {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.want, got.Body)
		}
	}
}

// Reminder 142: an open item due within 7 days (the 7th day yes, the 8th
// not) or overdue, one per item however often the rule runs, closed when
// the item is closed.
func TestRectify_Reminder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.closedMeeting(t, w.branch)
	today := date.Today()
	week := w.item(t, w.csTK, id, "七天后到期", string(today.AddDays(7)))
	w.item(t, w.csTK, id, "八天后到期", string(today.AddDays(8)))
	late := w.item(t, w.csTK, id, "已逾期", string(today.AddDays(-3)))
	done := w.item(t, w.csTK, id, "已销号", string(today))
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/rectify/%d/close", done.ID), w.csTK, map[string]any{"note": "完成"}), 200)
	records := func() []int64 {
		var out []int64
		for _, r := range runReminders(t, w.e, orglife.ReminderRectifyDue) {
			out = append(out, r.RecordID)
			if !strings.Contains(r.Link, fmt.Sprintf("/orglife/zzshh?id=%d", id)) || r.OrgID == nil || *r.OrgID != w.branch {
				t.Errorf("reminder %+v", r)
			}
		}
		slices.Sort(out)
		return out
	}
	want := []int64{week.ID, late.ID}
	slices.Sort(want)
	if got := records(); !slices.Equal(got, want) {
		t.Fatalf("reminded %v, want %v", got, want)
	}
	if got := records(); !slices.Equal(got, want) {
		t.Fatalf("a second run: %v, want %v", got, want)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/rectify/%d/close", late.ID), w.csTK, map[string]any{"note": "完成"}), 200)
	if got := records(); !slices.Equal(got, []int64{week.ID}) {
		t.Fatalf("after closing the late one: %v", got)
	}
}
