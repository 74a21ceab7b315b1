package fillform_test

import (
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fillform"
	"zhdj/internal/platform/date"
)

// The deadline is a minute: a submission within it is on time, one the
// minute after is refused (填报已截止), and the form reads as closed from
// then on without anything stored. Moving the deadline opens it again;
// closing by hand ends it before.
func TestDeadline_TheMinuteOfAndAfter(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	deadline := time.Date(2030, 6, 30, 17, 0, 0, 0, date.China)
	w.at(deadline.Add(-48 * time.Hour))
	b := body("年中统计", w.cs, fillform.AudienceMembers, fillform.ModeList, 0, []int64{w.sec1, w.m1, w.m2}, deadline)
	past := apptest.DoJSON[fillform.FormDetail](t, w.e, 201, "POST", "/api/txbd/forms", w.csTK, apptest.With(b, "deadline", deadline.Add(-72*time.Hour)))
	apptest.ExpectField(t, w.e.Do("POST", formPath(past.ID, "publish"), w.csTK, nil), "deadline", "截止时间应晚于当前时间")
	f := w.publish(t, w.csTK, b)
	submit := func(token string) *apptest.Response {
		e := w.mine(t, token)[f.ID]
		return w.e.Do("POST", minePath(e.ID, "submit"), token, map[string]any{"answers": good()})
	}

	w.at(deadline.Add(-30 * time.Second)) // the minute before
	apptest.Expect(t, submit(w.m1TK), 200)
	w.at(deadline.Add(59 * time.Second)) // the deadline's minute itself
	apptest.Expect(t, submit(w.m2TK), 200)
	if s := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "GET", formPath(f.ID, ""), w.csTK, nil).Status; s != fillform.FormPublished {
		t.Errorf("status within the deadline minute %s", s)
	}
	if n := todos(t, w, w.sec1TK); n != 1 {
		t.Errorf("to-dos within the deadline minute %d", n)
	}

	w.at(deadline.Add(time.Minute)) // the minute after
	apptest.ExpectMessage(t, submit(w.sec1TK), 400, "填报已截止")
	e := w.mine(t, w.sec1TK)[f.ID]
	apptest.ExpectMessage(t, w.e.Do("PUT", minePath(e.ID, ""), w.sec1TK, map[string]any{"answers": good()}), 400, "填报已截止")
	if e.Writable || e.FormStatus != fillform.FormClosed {
		t.Errorf("entry after the deadline %+v", e)
	}
	if s := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "GET", formPath(f.ID, ""), w.csTK, nil).Status; s != fillform.FormClosed {
		t.Errorf("status after the deadline %s", s)
	}
	closed, _ := apptest.GetPage[fillform.FormView](t, w.e, w.csTK, "/api/txbd/forms", url.Values{"status": {"closed"}})
	if len(closed) != 1 || closed[0].ID != f.ID {
		t.Errorf("closed forms %+v", closed)
	}
	if n := todos(t, w, w.sec1TK); n != 0 {
		t.Errorf("to-dos after the deadline %d", n)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", formPath(f.ID, "remind"), w.csTK, nil), 400, "填报已截止，不再提醒")
	// Entries are reviewed after the deadline.
	m1 := w.mine(t, w.m1TK)[f.ID]
	apptest.Expect(t, w.e.Do("POST", entryPath(m1.ID, "return"), w.csTK, map[string]any{"comment": "请补充"}), 200)

	// A later deadline opens the form again; a past one is refused.
	apptest.ExpectField(t, w.e.Do("PUT", formPath(f.ID, "deadline"), w.csTK, map[string]any{"deadline": deadline}), "deadline", "截止时间应晚于当前时间")
	moved := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "PUT", formPath(f.ID, "deadline"), w.csTK, map[string]any{"deadline": deadline.Add(24 * time.Hour)})
	if moved.Status != fillform.FormPublished || !moved.Deadline.Equal(deadline.Add(24*time.Hour)) {
		t.Fatalf("moved %+v", moved)
	}
	apptest.Expect(t, submit(w.sec1TK), 200)

	// Closed by hand: the returned entry cannot be submitted again.
	closedForm := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "POST", formPath(f.ID, "close"), w.csTK, nil)
	if closedForm.Status != fillform.FormClosed || closedForm.ClosedAt == nil {
		t.Fatalf("closed %+v", closedForm)
	}
	apptest.ExpectMessage(t, submit(w.m1TK), 400, "填报已截止")
	apptest.ExpectMessage(t, w.e.Do("POST", formPath(f.ID, "close"), w.csTK, nil), 400, "填报已结束")
}
