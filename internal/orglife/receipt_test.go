package orglife_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
)

// receiptWorld is newWorld with a clock the test moves and a closed meeting
// of the branch asking for receipts, with three members on its list who
// have accounts (zhang, li, wang) and one member of the branch who is not
// on it (outsider).
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
	w.closedAt = time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC)
	w.set(w.closedAt.Add(-time.Hour))
	w.e.App.OrgLife.SetClock(func() time.Time { return time.Unix(0, w.clock.Load()).UTC() })
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

func (w *receiptWorld) path() string { return fmt.Sprintf("/api/zzsh/receipt/%d", w.meeting) }

func (w *receiptWorld) form(t *testing.T, token string) orglife.ReceiptForm {
	t.Helper()
	return apptest.DoJSON[orglife.ReceiptForm](t, w.e, 200, "GET", w.path(), token, nil)
}

var goodAnswer = map[string]any{"satisfaction": orglife.Satisfied, "gains": "加深了对全会精神的理解", "suggestions": "希望多安排交流发言"}

// The receipt opens at CLOSE: the members on the list are told where to
// answer; before, the page says so and an answer is refused.
func TestReceiptOpensAtClose(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	if f := w.form(t, w.zhang); f.Status != orglife.ReceiptNotYet || f.Deadline != nil || f.Topic == "" || f.OrgName != "计算机教工党支部" {
		t.Fatalf("before close %+v", f)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", w.path(), w.zhang, goodAnswer), 400, "会议结束后才能填写回执")
	w.close(t)
	for _, tk := range []string{w.zhang, w.li, w.wang} {
		found := false
		for _, m := range w.inbox(t, tk) {
			if strings.HasPrefix(m.Title, "会议回执：") {
				found = m.Link == fmt.Sprintf("/questionnaire/meeting?id=%d", w.meeting) && strings.Contains(m.Content, "2026年3月31日前")
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
	f := w.form(t, w.zhang)
	if f.Status != orglife.ReceiptOpen || f.Deadline == nil || !f.Deadline.Equal(w.closedAt.AddDate(0, 0, 30)) {
		t.Fatalf("after close %+v", f)
	}
}

// A meeting whose host asked for no receipt tells nobody of one at CLOSE,
// and its attendees find none.
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
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/zzsh/receipt/%d", v.ID), tk, nil), 404, "没有找到需要您填写的会议回执")
	sum := apptest.DoJSON[orglife.ReceiptSummary](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d/receipts", v.ID), w.csTK, nil)
	if sum.Receipt || sum.Members != 1 || sum.Answered != 0 {
		t.Fatalf("summary %+v", sum)
	}
}

// Only a member on the meeting's list answers: anyone else finds no
// receipt (404, the same words for a meeting that does not exist); without
// a session 401.
func TestReceiptOnlyForAttendees(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	noMember, _ := w.e.UserAt(t, "SELF", w.branch)
	for _, tk := range []string{w.outside, noMember, w.csTK} {
		apptest.ExpectMessage(t, w.e.Do("GET", w.path(), tk, nil), 404, "没有找到需要您填写的会议回执")
		apptest.ExpectMessage(t, w.e.Do("POST", w.path(), tk, goodAnswer), 404, "没有找到需要您填写的会议回执")
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/zzsh/receipt/999999", w.zhang, nil), 404, "没有找到需要您填写的会议回执")
	apptest.Expect(t, w.e.Do("GET", w.path(), "", nil), 401)
	apptest.Expect(t, w.e.Do("POST", w.path(), "", goodAnswer), 401)
}

// An answer: a satisfaction of the three, texts of at most 1000
// characters (the edge itself taken), each refusal naming its field; once
// (a second is 409 您已提交回执), and of parallel submits one row is kept.
func TestReceiptAnswerOnce(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	apptest.ExpectField(t, w.e.Do("POST", w.path(), w.zhang, apptest.With(goodAnswer, "satisfaction", "")), "satisfaction", "请选择满意度")
	apptest.ExpectField(t, w.e.Do("POST", w.path(), w.zhang, apptest.With(goodAnswer, "satisfaction", "很好")), "satisfaction", "请选择满意度")
	apptest.ExpectField(t, w.e.Do("POST", w.path(), w.zhang, apptest.With(goodAnswer, "gains", strings.Repeat("学", 1001))), "gains", "收获体会不超过1000个字")
	apptest.ExpectField(t, w.e.Do("POST", w.path(), w.zhang, apptest.With(goodAnswer, "suggestions", strings.Repeat("议", 1001))), "suggestions", "意见建议不超过1000个字")
	edge := apptest.With(goodAnswer, "gains", strings.Repeat("学", 1000), "suggestions", "")
	f := apptest.DoJSON[orglife.ReceiptForm](t, w.e, 201, "POST", w.path(), w.zhang, edge)
	if f.Status != orglife.ReceiptAnswered || f.Answer == nil || len([]rune(f.Answer.Gains)) != 1000 || f.Answer.Satisfaction != orglife.Satisfied {
		t.Fatalf("answered %+v", f)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", w.path(), w.zhang, apptest.With(goodAnswer, "satisfaction", orglife.Unsatisfied)), 409, "您已提交回执")
	if again := w.form(t, w.zhang); again.Status != orglife.ReceiptAnswered || again.Answer.Satisfaction != orglife.Satisfied {
		t.Fatalf("the first answer stays: %+v", again)
	}
	statuses := apptest.Concurrently(8, func(i int) int {
		return w.e.Do("POST", w.path(), w.li, apptest.With(goodAnswer, "satisfaction", orglife.Satisfactions[i%3])).Status
	})
	apptest.ExpectOneWins(t, statuses, 201, 409)
	sum := apptest.DoJSON[orglife.ReceiptSummary](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d/receipts", w.meeting), w.listTK, nil)
	if !sum.Receipt || sum.Members != 3 || sum.Answered != 2 || len(sum.Answers) != 2 {
		t.Fatalf("summary %+v", sum)
	}
	total := 0
	for _, c := range sum.Counts {
		total += c.Count
	}
	if total != 2 || sum.Counts[0].Name != "满意" || sum.Counts[0].Count < 1 {
		t.Fatalf("counts %+v", sum.Counts)
	}
	for _, a := range sum.Answers {
		if a.Name != "张三" && a.Name != "李四" || a.Attendance != orglife.AttendAbsent || a.SatisfactionName == "" {
			t.Errorf("answer %+v", a)
		}
	}
}

// The days to answer (setting orglife.receiptDays, 30 by default) run
// from CLOSE: the day before the deadline and the deadline itself take an
// answer, a moment after it is refused.
func TestReceiptDeadline(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	deadline := w.closedAt.AddDate(0, 0, orglife.DefaultReceiptDays)
	w.set(deadline.AddDate(0, 0, -1))
	apptest.DoJSON[orglife.ReceiptForm](t, w.e, 201, "POST", w.path(), w.zhang, goodAnswer)
	w.set(deadline)
	if f := w.form(t, w.li); f.Status != orglife.ReceiptOpen {
		t.Fatalf("on the deadline %+v", f)
	}
	apptest.DoJSON[orglife.ReceiptForm](t, w.e, 201, "POST", w.path(), w.li, goodAnswer)
	w.set(deadline.Add(time.Second))
	if f := w.form(t, w.wang); f.Status != orglife.ReceiptOver {
		t.Fatalf("after the deadline %+v", f)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", w.path(), w.wang, goodAnswer), 400, "回执填写已截止")
	if f := w.form(t, w.zhang); f.Status != orglife.ReceiptAnswered {
		t.Fatalf("an answer stays readable after the deadline: %+v", f)
	}
}

// The host's summary and export: hy:list and hy:export in the meeting's
// scope (401 without a session, 403 without the permission, 404 outside).
func TestReceiptSummaryAndExport(t *testing.T) {
	t.Parallel()
	w := newReceiptWorld(t)
	w.close(t)
	apptest.DoJSON[orglife.ReceiptForm](t, w.e, 201, "POST", w.path(), w.zhang,
		apptest.With(goodAnswer, "satisfaction", orglife.Basic))
	base := fmt.Sprintf("/api/zzsh/meetings/%d/receipts", w.meeting)
	for _, p := range []string{base, base + "/export"} {
		apptest.Expect(t, w.e.Do("GET", p, "", nil), 401)
		apptest.Expect(t, w.e.Do("GET", p, w.noTK, nil), 403)
		apptest.Expect(t, w.e.Do("GET", p, w.mathTK, nil), 404)
		apptest.Expect(t, w.e.Do("GET", "/api/zzsh/meetings/999999/receipts", w.csTK, nil), 404)
	}
	apptest.Expect(t, w.e.Do("GET", base+"/export", w.listTK, nil), 403)
	res := w.e.Do("GET", base+"/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	rows, err := book.GetRows("会议回执")
	if err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprint(rows)
	for _, want := range []string{"会议回执", "张三", "基本满意", "加深了对全会精神的理解", "参会党员3人，已提交1人，满意0人，基本满意1人，不满意0人"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q: %v", want, rows)
		}
	}
}
