package orglife_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/survey"
)

// The meeting receipt is a questionnaire of 问卷管理 (internal/survey,
// receipt.go) opened by CLOSE; these tests run it from the meeting's side.

// receiptWorld is newWorld with a clock the test moves (the meetings' and
// the questionnaires') and a started meeting of the branch asking for
// receipts, with three members on its list who have accounts (zhang, li,
// wang) and one member of the branch who is not on it (outsider).
type receiptWorld struct {
	*world
	clock                    atomic.Int64
	closedAt                 time.Time
	meeting                  int64
	zhang, li, wang, outside string
}

func newReceiptWorld(t *testing.T) *receiptWorld {
	t.Helper()
	w := &receiptWorld{world: newWorld(t)}
	w.closedAt = time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC) // 16:30 in China
	w.set(w.closedAt.Add(-time.Hour))
	clock := func() time.Time { return time.Unix(0, w.clock.Load()).UTC() }
	w.e.App.OrgLife.SetClock(clock)
	w.e.App.Survey.SetClock(clock)
	ids := []int64{w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四"), w.member(t, w.branch, "王五")}
	w.zhang, w.li, w.wang = w.account(t, ids[0]), w.account(t, ids[1]), w.account(t, ids[2])
	w.outside = w.account(t, w.member(t, w.branch, "赵六"))
	v := w.create(t, w.csTK, apptest.With(body(w.branch, orglife.TypeThemeDay, 1), "receipt", true))
	w.meeting = v.ID
	apptest.DoJSON[orglife.Added](t, w.e, 200, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/attendees", v.ID), w.csTK,
		map[string]any{"memberIds": ids})
	w.act(t, v.ID, "publish", 200)
	w.act(t, v.ID, "start", 200)
	return w
}

func (w *receiptWorld) set(at time.Time) { w.clock.Store(at.UnixNano()) }

func (w *receiptWorld) close(t *testing.T) {
	t.Helper()
	w.set(w.closedAt)
	w.act(t, w.meeting, "close", 200)
}

// mine is the caller's receipt of the meeting (GET /api/wj/meeting/{id}).
func (w *receiptWorld) mine(t *testing.T, token string) survey.ReceiptLink {
	t.Helper()
	return apptest.DoJSON[survey.ReceiptLink](t, w.e, 200, "GET", fmt.Sprintf("/api/wj/meeting/%d", w.meeting), token, nil)
}

// answerPath is the API of the receipt's public link.
func (w *receiptWorld) answerPath(t *testing.T) string {
	t.Helper()
	return "/api/wj/link/" + strings.TrimPrefix(w.mine(t, w.zhang).Link, survey.PublicPrefix)
}

// receiptOf is the host's view of the meeting's receipt.
func (w *receiptWorld) receiptOf(t *testing.T, token string) survey.MeetingReceipt {
	t.Helper()
	return apptest.DoJSON[survey.MeetingReceipt](t, w.e, 200, "GET", fmt.Sprintf("/api/wj/meeting/%d/receipt", w.meeting), token, nil)
}

// receiptMarks is an answer: a satisfaction, 收获体会 and 意见建议.
func receiptMarks(satisfaction, gains, suggestions string) map[string]any {
	marks := []ballot.Mark{}
	if satisfaction != "" {
		marks = append(marks, ballot.Mark{Item: "satisfaction", Choice: satisfaction})
	}
	if gains != "" {
		marks = append(marks, ballot.Mark{Item: "gains", Text: gains})
	}
	if suggestions != "" {
		marks = append(marks, ballot.Mark{Item: "suggestions", Text: suggestions})
	}
	return map[string]any{"marks": marks}
}

var goodAnswer = receiptMarks(survey.Satisfied, "加深了对全会精神的理解", "希望多安排交流发言")

// The receipt opens at CLOSE as a questionnaire of the members on the list,
// who are told where to answer it and until when; before, nobody has one.
func TestReceiptOpensAtClose(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/wj/meeting/%d", w.meeting), w.zhang, nil), 404, survey.MsgNoReceipt)
	if r := w.receiptOf(t, w.csTK); r.Questionnaire != nil {
		t.Fatalf("a receipt before CLOSE: %+v", r)
	}
	w.close(t)
	mine := w.mine(t, w.zhang)
	// Closed on 1 March at 16:30 in China, 30 days: answers all through 31 March.
	if want := time.Date(2026, 4, 1, 0, 0, 0, 0, time.FixedZone("CST", 8*3600)); mine.ClosesAt == nil || !mine.ClosesAt.Equal(want) ||
		mine.Over || mine.Answered || !strings.HasPrefix(mine.Link, survey.PublicPrefix) {
		t.Fatalf("after close %+v", mine)
	}
	for _, tk := range []string{w.zhang, w.li, w.wang} {
		found := false
		for _, m := range w.inbox(t, tk) {
			if strings.HasPrefix(m.Title, "会议回执：") {
				found = m.Link == mine.Link && strings.Contains(m.Content, "2026年3月31日24时前")
			}
		}
		if !found {
			t.Errorf("not told of the receipt: %+v", w.inbox(t, tk))
		}
	}
	for _, m := range w.inbox(t, w.outside) {
		if strings.HasPrefix(m.Title, "会议回执") {
			t.Errorf("a member not on the list was told: %+v", m)
		}
	}
	// The member opens the questionnaire: the receipt's paper, the meeting in its introduction.
	f := apptest.DoJSON[survey.Fill](t, w.e, 200, "GET", w.answerPath(t), w.li, nil)
	if f.Title != "会议回执：学习贯彻党的二十届四中全会精神" || f.Anonymous || len(f.Paper.Questions) != 3 ||
		!strings.Contains(f.Paper.Intro, "计算机教工党支部") || !strings.Contains(f.Paper.Intro, "主持人：王书记") {
		t.Fatalf("the receipt's questionnaire %+v", f)
	}
	r := w.receiptOf(t, w.listTK)
	if r.Questionnaire == nil || r.Questionnaire.MeetingID == nil || *r.Questionnaire.MeetingID != w.meeting ||
		r.Questionnaire.Audience != 3 || r.Questionnaire.State != survey.StateShare || r.Results == nil || r.Results.Answers != 0 {
		t.Fatalf("the host's view %+v", r)
	}
}

// A meeting whose host asked for no receipt opens none at CLOSE: nobody is
// told, its attendees find none, its host sees none.
func TestNoReceiptWhenNotAsked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.member(t, w.branch, "张三")
	tk := w.account(t, id)
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeThemeDay, 1))
	apptest.DoJSON[orglife.Added](t, w.e, 200, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/attendees", v.ID), w.csTK, map[string]any{"memberIds": []int64{id}})
	for _, a := range []string{"publish", "start", "close"} {
		w.act(t, v.ID, a, 200)
	}
	for _, m := range w.inbox(t, tk) {
		if strings.HasPrefix(m.Title, "会议回执") {
			t.Errorf("told of a receipt not asked for: %+v", m)
		}
	}
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/wj/meeting/%d", v.ID), tk, nil), 404, survey.MsgNoReceipt)
	r := apptest.DoJSON[survey.MeetingReceipt](t, w.e, 200, "GET", fmt.Sprintf("/api/wj/meeting/%d/receipt", v.ID), w.csTK, nil)
	if r.Questionnaire != nil || r.Results != nil {
		t.Fatalf("a receipt not asked for: %+v", r)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/wj/meeting/%d/answers", v.ID), w.csTK, nil), 404, "该会议没有会议回执")
}

// Only a member on the meeting's list has the receipt: anyone else finds
// none (404, the same words for a meeting that does not exist), and at the
// link is outside the audience (403); without a session 401.
func TestReceiptOnlyForAttendees(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	noMember, _ := w.e.UserAt(t, "SELF", w.branch)
	link := w.answerPath(t)
	for _, tk := range []string{w.outside, noMember, w.csTK} {
		apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/wj/meeting/%d", w.meeting), tk, nil), 404, survey.MsgNoReceipt)
		apptest.ExpectMessage(t, w.e.Do("GET", link, tk, nil), 403, survey.MsgNotAudience)
		apptest.ExpectMessage(t, w.e.Do("POST", link, tk, goodAnswer), 403, survey.MsgNotAudience)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/wj/meeting/999999", w.zhang, nil), 404, survey.MsgNoReceipt)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/wj/meeting/%d", w.meeting), "", nil), 401)
	apptest.Expect(t, w.e.Do("POST", link, "", goodAnswer), 401)
}

// An answer: a satisfaction (required), texts of at most 1000 characters
// (the edge itself taken), each refusal naming its question; once (a
// second is 409), and of parallel submits one is kept. The host reads the
// counts per satisfaction and each answer with its name.
func TestReceiptAnswerOnce(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	link := w.answerPath(t)
	apptest.ExpectField(t, w.e.Do("POST", link, w.zhang, receiptMarks("", "收获", "")), "satisfaction", "请回答第1题")
	apptest.ExpectField(t, w.e.Do("POST", link, w.zhang, receiptMarks("很好", "", "")), "satisfaction", "第1题的选项无效")
	apptest.ExpectField(t, w.e.Do("POST", link, w.zhang, receiptMarks(survey.Satisfied, strings.Repeat("学", 1001), "")), "gains", "第2题不超过1000个字")
	apptest.ExpectField(t, w.e.Do("POST", link, w.zhang, receiptMarks(survey.Satisfied, "", strings.Repeat("议", 1001))), "suggestions", "第3题不超过1000个字")
	if f := apptest.DoJSON[survey.Fill](t, w.e, 200, "POST", link, w.zhang, receiptMarks(survey.Satisfied, strings.Repeat("学", 1000), "")); !f.Answered {
		t.Fatalf("answered %+v", f)
	}
	apptest.Expect(t, w.e.Do("POST", link, w.zhang, receiptMarks(survey.Unsatisfied, "", "")), 409)
	if m := w.mine(t, w.zhang); !m.Answered {
		t.Fatalf("the caller's receipt after answering %+v", m)
	}
	statuses := apptest.Concurrently(8, func(i int) int {
		return w.e.Do("POST", link, w.li, receiptMarks(survey.Satisfactions[i%3], "", "")).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 409)
	r := w.receiptOf(t, w.listTK)
	if r.Results == nil || !r.Results.Ready || r.Results.Answers != 2 || r.Results.Audience != 3 || len(r.Results.Questions) != 3 {
		t.Fatalf("results %+v", r.Results)
	}
	total := 0
	for _, o := range r.Results.Questions[0].Options {
		total += o.Count
	}
	if q := r.Results.Questions[0]; total != 2 || q.Options[0].Label != "满意" || q.Options[0].Count < 1 {
		t.Fatalf("satisfaction counts %+v", q.Options)
	}
	rows, n := apptest.GetPage[survey.AnswerRow](t, w.e, w.listTK, fmt.Sprintf("/api/wj/meeting/%d/answers", w.meeting), nil)
	// Everyone on the list was absent (nobody signed in before CLOSE): the host reads it beside each answer.
	if n != 2 || len(rows) != 2 || rows[1].Name != "张三" || rows[0].Name != "李四" || rows[1].Cells[0] != "满意" || rows[1].Attendance != "缺席" ||
		len([]rune(rows[1].Cells[1])) != 1000 || len(r.Results.Columns) != 3 || r.Results.Columns[1] != "2. 收获体会" {
		t.Fatalf("answers %d %+v, columns %v", n, rows, r.Results.Columns)
	}
}

// The days to answer (setting orglife.receiptDays, 30 by default) run from
// CLOSE to the end of that China day: its last second takes an answer, the
// next day's first moment does not, and the caller's receipt then says it
// is over.
func TestReceiptDeadline(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	link := w.answerPath(t)
	closes := orglife.ReceiptClosesAt(w.closedAt, orglife.DefaultReceiptDays)
	if !closes.Equal(time.Date(2026, 3, 31, 16, 0, 0, 0, time.UTC)) {
		t.Fatalf("closes at %v", closes)
	}
	w.set(closes.AddDate(0, 0, -1))
	apptest.Expect(t, w.e.Do("POST", link, w.zhang, goodAnswer), 200)
	w.set(closes.Add(-time.Second))
	apptest.Expect(t, w.e.Do("POST", link, w.li, goodAnswer), 200)
	w.set(closes)
	apptest.ExpectMessage(t, w.e.Do("POST", link, w.wang, goodAnswer), 404, survey.MsgBadLink)
	if m := w.mine(t, w.wang); !m.Over || m.Answered {
		t.Fatalf("after the deadline %+v", m)
	}
	if r := w.receiptOf(t, w.csTK); r.Results.Answers != 2 {
		t.Fatalf("answers stay readable after the deadline: %+v", r.Results)
	}
}

// The host's routes: hy:list (hy:export for the workbook) in the meeting's
// scope: 401 without a session, 403 without the permission, 404 outside
// the scope or for a meeting that does not exist.
func TestReceiptHostRoutes(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	apptest.Expect(t, w.e.Do("POST", w.answerPath(t), w.zhang, receiptMarks(survey.Basic, "加深了对全会精神的理解", "")), 200)
	base := fmt.Sprintf("/api/wj/meeting/%d", w.meeting)
	for _, p := range []string{base + "/receipt", base + "/answers", base + "/texts?item=gains", base + "/export"} {
		apptest.Expect(t, w.e.Do("GET", p, "", nil), 401)
		apptest.Expect(t, w.e.Do("GET", p, w.noTK, nil), 403)
		apptest.ExpectMessage(t, w.e.Do("GET", p, w.mathTK, nil), 404, "会议不存在")
		apptest.ExpectMessage(t, w.e.Do("GET", strings.Replace(p, fmt.Sprint(w.meeting), "999999", 1), w.csTK, nil), 404, "会议不存在")
	}
	apptest.Expect(t, w.e.Do("GET", base+"/export", w.listTK, nil), 403)
	texts, n := apptest.GetPage[survey.TextAnswer](t, w.e, w.listTK, base+"/texts", map[string][]string{"item": {"gains"}})
	if n != 1 || texts[0].Name != "张三" || texts[0].Text != "加深了对全会精神的理解" {
		t.Fatalf("texts %d %+v", n, texts)
	}
	res := w.e.Do("GET", base+"/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	rows, err := book.GetRows("答卷")
	if err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprint(rows)
	for _, want := range []string{"会议回执：学习贯彻党的二十届四中全会精神", "张三", "基本满意", "加深了对全会精神的理解"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q: %v", want, rows)
		}
	}
	// 问卷管理 lists the receipt as one of its questionnaires, and refuses to delete it.
	wjTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, survey.PermList, survey.PermDel)
	list, _ := apptest.GetPage[survey.View](t, w.e, wjTK, "/api/wj", map[string][]string{"receipt": {"true"}})
	if len(list) != 1 || list[0].MeetingID == nil || *list[0].MeetingID != w.meeting {
		t.Fatalf("receipts in 问卷管理 %+v", list)
	}
	if others, _ := apptest.GetPage[survey.View](t, w.e, wjTK, "/api/wj", map[string][]string{"receipt": {"false"}}); len(others) != 0 {
		t.Fatalf("the receipt among the other questionnaires %+v", others)
	}
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/wj", wjTK, []int64{list[0].ID}), 409,
		"“会议回执：学习贯彻党的二十届四中全会精神”是会议的回执，随会议保留，不能删除，可停止收集")
}
