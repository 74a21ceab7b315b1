package orglife_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/audit"
)

// talk records a talk of orgID on day naming interviewees.
func (w *world) talk(t testing.TB, orgID int64, day, interviewees string) {
	t.Helper()
	w.e.Create(t, w.e.AdminTK, "/api/txth", map[string]any{"orgId": orgID, "talkDate": day, "type": "4", "talker": "王书记",
		"interviewees": interviewees, "content": "会前谈心谈话"})
}

func (w *world) preparation(t testing.TB, token string, id int64) orglife.Preparation {
	t.Helper()
	return apptest.DoJSON[orglife.Preparation](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d/prepare", id), token, nil)
}

// uploadCheck hands in a 对照检查材料 of attendee aid through base
// (/api/zzsh/attendees or /api/zzsh/my/attendees) and answers the status.
func (w *world) uploadCheck(token, base string, aid int64) int {
	return w.e.Upload(fmt.Sprintf("%s/%d/attachments?kind=check", base, aid), token, "file", "对照检查材料.pdf", []byte("%PDF-1.4\n"), nil).Status
}

// published makes a published 组织生活会 of the branch on 2026-03-10 with
// members names and a guest, and answers it with its attendees by name.
func (w *world) published(t testing.TB, names ...string) (orglife.MeetingView, map[string]int64) {
	t.Helper()
	for _, n := range names {
		w.member(t, w.branch, n)
	}
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeLifeMeeting, 10))
	w.draw(t, v.ID)
	apptest.DoJSON[orglife.AttendeeView](t, w.e, 201, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/guests", v.ID), w.csTK,
		map[string]any{"name": "赵委员", "guestTitle": "学院党委委员"})
	w.act(t, v.ID, "publish", 200)
	ids := map[string]int64{}
	for _, a := range w.attendees(t, v.ID) {
		ids[a.Name] = a.ID
	}
	return v, ids
}

// prepare completes meeting id's preparation by hand: the talks confirmed,
// the opinions recorded, every participant's material handed in.
func (w *world) prepare(t testing.TB, id int64) {
	t.Helper()
	path := fmt.Sprintf("/api/zzsh/meetings/%d/prepare", id)
	apptest.Expect(t, w.e.Do("PUT", path+"/talks", w.csTK, map[string]any{"confirmed": true, "note": "线下谈话，记录未录入"}), 200)
	apptest.Expect(t, w.e.Do("PUT", path+"/opinions", w.csTK, map[string]any{"note": "发放征求意见表20份，收回意见8条"}), 200)
	for _, a := range w.attendees(t, id) {
		if !a.Guest {
			if got := w.uploadCheck(w.csTK, "/api/zzsh/attendees", a.ID); got != 201 {
				t.Fatalf("upload for %s: %d", a.Name, got)
			}
		}
	}
}

// trailLines are meeting id's trail entries as "label：old→new" lines, newest first.
func (w *world) trailLines(t testing.TB, id int64) []string {
	t.Helper()
	entries := apptest.DoJSON[struct{ Content []audit.Labelled }](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/meetings/%d/trail", id), w.listTK, nil).Content
	var out []string
	for _, e := range entries {
		for _, c := range e.Changes {
			out = append(out, c.Label+"："+c.Old+"→"+c.New)
		}
	}
	return out
}

// START of a 组织生活会 waits for its preparation: talks with every
// participant in the 90 days before the meeting (or the host's
// confirmation), the opinions collected, each participant's material.
func TestPreparation_StartRefusedUntilAllThreeAreDone(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, ids := w.published(t, "张三", "李四")
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	p := w.preparation(t, w.listTK, v.ID)
	if !p.Required || p.Ready || p.Talks.Members != 2 || p.Talks.Covered != 0 || len(p.Checks.Participants) != 2 || len(p.Missing) != 3 {
		t.Fatalf("a fresh preparation %+v", p)
	}
	if p.Talks.From != "2025-12-10" || p.Talks.To != "2026-03-10" {
		t.Fatalf("the talks' window %s–%s", p.Talks.From, p.Talks.To)
	}
	// The window's first day counts, the day before it does not; another
	// organisation's talks do not.
	w.talk(t, w.branch, "2025-12-10", "张三、王五")
	w.talk(t, w.branch, "2025-12-09", "李四")
	w.talk(t, w.mathBranch, "2026-03-01", "李四")
	p = w.preparation(t, w.listTK, v.ID)
	if p.Talks.Talks != 1 || p.Talks.Covered != 1 || strings.Join(p.Talks.Uncovered, ",") != "李四" || p.Talks.Done {
		t.Fatalf("talks %+v", p.Talks)
	}
	// Opinions: a note is what records them.
	apptest.ExpectField(t, w.e.Do("PUT", path+"/prepare/opinions", w.csTK, map[string]any{"note": strings.Repeat("意", 2001)}),
		"note", "征求意见情况不超过2000个字")
	p = apptest.DoJSON[orglife.Preparation](t, w.e, 200, "PUT", path+"/prepare/opinions", w.csTK, map[string]any{"note": "座谈会征求意见12条"})
	if !p.Opinions.Done || p.Opinions.RecordedAt == nil {
		t.Fatalf("opinions %+v", p.Opinions)
	}
	// The talk with 李四 on the meeting's day itself counts.
	w.talk(t, w.branch, "2026-03-10", "李四")
	if p = w.preparation(t, w.listTK, v.ID); !p.Talks.Done || p.Talks.Covered != 2 {
		t.Fatalf("talks after 李四's %+v", p.Talks)
	}
	// One participant's material missing: refused, naming them.
	if got := w.uploadCheck(w.csTK, "/api/zzsh/attendees", ids["张三"]); got != 201 {
		t.Fatalf("the host's upload for 张三: %d", got)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path+"/start", w.csTK, nil), 400, "会前准备未完成，不能开始会议：以下人员未上传对照检查材料：李四")
	if got := w.uploadCheck(w.csTK, "/api/zzsh/attendees", ids["赵委员"]); got != 404 {
		t.Fatalf("a guest's material: %d", got)
	}
	if got := w.uploadCheck(w.csTK, "/api/zzsh/attendees", ids["李四"]); got != 201 {
		t.Fatalf("the host's upload for 李四: %d", got)
	}
	if p = w.preparation(t, w.listTK, v.ID); !p.Ready || p.Checks.Uploaded != 2 {
		t.Fatalf("all done %+v", p)
	}
	w.act(t, v.ID, "start", 200)
	apptest.ExpectMessage(t, w.e.Do("PUT", path+"/prepare/opinions", w.csTK, map[string]any{"note": "补充"}), 400, "会议已开始，会前准备不能再修改")
	got := w.trailLines(t, v.ID)
	if !strings.Contains(strings.Join(got, "\n"), "征求意见情况：→座谈会征求意见12条") {
		t.Errorf("the trail %q", got)
	}
}

// The host confirms the talks by hand, with a note, when the records cannot
// show them; withdrawing the confirmation undoes it. Each item alone
// missing refuses START.
func TestPreparation_TalksConfirmedByHand(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, _ := w.published(t, "张三")
	path := fmt.Sprintf("/api/zzsh/meetings/%d/prepare", v.ID)
	apptest.ExpectField(t, w.e.Do("PUT", path+"/talks", w.csTK, map[string]any{"confirmed": true, "note": " "}), "note", "请输入确认说明（不超过500个字）")
	w.prepare(t, v.ID)
	p := w.preparation(t, w.listTK, v.ID)
	if !p.Ready || !p.Talks.Confirmed || p.Talks.Covered != 0 || p.Talks.ConfirmedBy == "" {
		t.Fatalf("confirmed by hand %+v", p)
	}
	p = apptest.DoJSON[orglife.Preparation](t, w.e, 200, "PUT", path+"/talks", w.csTK, map[string]any{"confirmed": false, "note": "撤回"})
	if p.Ready || p.Talks.Confirmed || p.Talks.Note != "" {
		t.Fatalf("withdrawn %+v", p.Talks)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/meetings/%d/start", v.ID), w.csTK, nil), 400,
		"会前准备未完成，不能开始会议：谈心谈话未覆盖全部参会党员（张三），或由主持人确认并说明")
	apptest.Expect(t, w.e.Do("PUT", path+"/talks", w.csTK, map[string]any{"confirmed": true, "note": "线下谈话"}), 200)
	apptest.Expect(t, w.e.Do("PUT", path+"/opinions", w.csTK, map[string]any{"note": ""}), 200)
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/meetings/%d/start", v.ID), w.csTK, nil), 400,
		"会前准备未完成，不能开始会议：尚未登记征求意见情况")
}

// A meeting of another type has no preparation and starts as before.
func TestPreparation_OnlyForLifeAndDemocraticMeetings(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.member(t, w.branch, "张三")
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	w.draw(t, v.ID)
	if p := w.preparation(t, w.listTK, v.ID); p.Required || len(p.Missing) != 0 {
		t.Fatalf("a 支部党员大会's preparation %+v", p)
	}
	apptest.ExpectMessage(t, w.e.Do("PUT", fmt.Sprintf("/api/zzsh/meetings/%d/prepare/opinions", v.ID), w.csTK, map[string]any{"note": "x"}),
		400, "该类型的会议没有会前准备")
	if got := w.uploadCheck(w.csTK, "/api/zzsh/attendees", w.attendees(t, v.ID)[0].ID); got != 404 {
		t.Fatalf("material for a 支部党员大会: %d", got)
	}
	w.act(t, v.ID, "publish", 200)
	w.act(t, v.ID, "start", 200)
}

// A 民主生活会: every team member (each attendee but guests) hands in material.
func TestPreparation_DemocraticMeeting(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	team := []int64{w.member(t, w.branch, "书记甲"), w.member(t, w.branch, "委员乙")}
	v := w.create(t, w.csTK, body(w.cs, orglife.TypeDemocratic, 12))
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzsh/meetings/%d/attendees", v.ID), w.csTK, map[string]any{"memberIds": team}), 200)
	w.act(t, v.ID, "publish", 200)
	w.talk(t, w.cs, "2026-03-01", "书记甲，委员乙")
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/zzsh/meetings/%d/prepare/opinions", v.ID), w.csTK, map[string]any{"note": "征求意见"}), 200)
	first := w.attendees(t, v.ID)[0]
	w.uploadCheck(w.csTK, "/api/zzsh/attendees", first.ID)
	p := w.preparation(t, w.listTK, v.ID)
	if !p.Talks.Done || p.Checks.Uploaded != 1 || p.Ready {
		t.Fatalf("one of two materials %+v", p)
	}
	w.act(t, v.ID, "start", 400)
}

// A member hands in their own material through a signed-in route (the
// meeting's notice names the page), only as an attendee of the meeting
// (404 otherwise); removing an attendee before
// START removes their material.
func TestPreparation_OwnMaterial(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhangTK := w.account(t, w.member(t, w.branch, "张三"))
	v, ids := w.published(t, "李四")
	// The notice of the meeting tells where to hand it in.
	if got := w.inbox(t, zhangTK); len(got) != 1 || !strings.Contains(got[0].Content, orglife.CheckPath) {
		t.Fatalf("the notice %+v", got)
	}
	mine := apptest.DoJSON[[]orglife.MyCheck](t, w.e, 200, "GET", "/api/zzsh/my/checks", zhangTK, nil)
	if len(mine) != 1 || mine[0].AttendeeID != ids["张三"] || mine[0].Files != 0 || mine[0].TypeName != "组织生活会" {
		t.Fatalf("my checks %+v", mine)
	}
	if got := w.uploadCheck(zhangTK, "/api/zzsh/my/attendees", ids["张三"]); got != 201 {
		t.Fatalf("own upload: %d", got)
	}
	for name, c := range map[string]struct {
		token string
		aid   int64
		want  int
	}{
		"another's":     {zhangTK, ids["李四"], 404},
		"a guest's":     {zhangTK, ids["赵委员"], 404},
		"no member":     {w.csTK, ids["张三"], 404},
		"not signed in": {"", ids["张三"], 401},
	} {
		if got := w.uploadCheck(c.token, "/api/zzsh/my/attendees", c.aid); got != c.want {
			t.Errorf("%s: %d, want %d", name, got, c.want)
		}
	}
	files := apptest.DoJSON[[]struct{ ID int64 }](t, w.e, 200, "GET", fmt.Sprintf("/api/zzsh/my/attendees/%d/attachments", ids["张三"]), zhangTK, nil)
	if len(files) != 1 {
		t.Fatalf("own files %+v", files)
	}
	if p := w.preparation(t, w.listTK, v.ID); p.Checks.Uploaded != 1 {
		t.Fatalf("the host sees %+v", p.Checks)
	}
	apptest.Expect(t, w.e.Do("DELETE", fmt.Sprintf("/api/zzsh/meetings/%d/attendees", v.ID), w.csTK, []int64{ids["张三"]}), 204)
	if got := w.e.Do("GET", fmt.Sprintf("/api/zzsh/attendees/%d/attachments", ids["张三"]), w.csTK, nil); got.Status != 404 {
		t.Fatalf("a removed attendee's files: %d", got.Status)
	}
	if mine := apptest.DoJSON[[]orglife.MyCheck](t, w.e, 200, "GET", "/api/zzsh/my/checks", zhangTK, nil); len(mine) != 0 {
		t.Fatalf("removed, still listed %+v", mine)
	}
}

// The preparation's routes: 401 without a session, 403 without the
// permission, 404 outside the scope.
func TestPreparation_Permissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, ids := w.published(t, "张三")
	path := fmt.Sprintf("/api/zzsh/meetings/%d/prepare", v.ID)
	files := fmt.Sprintf("/api/zzsh/attendees/%d/attachments", ids["张三"])
	for _, c := range []struct {
		method, path string
		body         any
		token        string
		want         int
	}{
		{"GET", path, nil, "", 401},
		{"GET", path, nil, w.noTK, 403},
		{"GET", path, nil, w.mathTK, 404},
		{"PUT", path + "/opinions", map[string]any{"note": "x"}, w.listTK, 403},
		{"PUT", path + "/opinions", map[string]any{"note": "x"}, w.mathTK, 404},
		{"PUT", path + "/talks", map[string]any{"confirmed": false}, w.mathTK, 404},
		{"GET", files, nil, w.noTK, 403},
		{"GET", files, nil, w.mathTK, 404},
		{"GET", files, nil, w.listTK, 200},
		{"GET", "/api/zzsh/my/checks", nil, "", 401},
	} {
		if got := w.e.Do(c.method, c.path, c.token, c.body); got.Status != c.want {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.want, got.Body)
		}
	}
	if got := w.uploadCheck(w.listTK, "/api/zzsh/attendees", ids["张三"]); got != 403 {
		t.Errorf("upload with hy:list only: %d", got)
	}
	if got := w.uploadCheck(w.mathTK, "/api/zzsh/attendees", ids["张三"]); got != 404 {
		t.Errorf("upload out of scope: %d", got)
	}
}
