package fillform_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fillform"
	"zhdj/internal/platform/worklist"
)

// One world for the life of forms and entries, each scenario on forms of its own.
func TestFlow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	week := time.Now().Add(7 * 24 * time.Hour)

	// A draft is edited, published (one entry per branch of the subtree,
	// each branch told), and then fixed: editing or deleting it is refused,
	// copying it makes a new draft; a draft deletes.
	t.Run("DraftPublishCopyDelete", func(t *testing.T) {
		t.Parallel()
		b := body("支部工作统计", w.cs, fillform.AudienceOrgs, fillform.ModeSubtree, w.cs, nil, week)
		d := apptest.DoJSON[fillform.FormDetail](t, w.e, 201, "POST", "/api/txbd/forms", w.csTK, b)
		if d.Status != fillform.FormDraft || d.Addressees != 2 || len(d.Fields) != 6 || d.Fields[5].Key != "f6" || d.RootName != "计算机学院党委" ||
			d.Fields[0].Kind != fillform.KindNumber || d.Fields[5].MaxLength != 10 || d.Fields[1].MaxLength != 200 {
			t.Fatalf("draft %+v", d)
		}
		// The designer's edit keeps the keys it sent and gives a new field the smallest free one.
		edited := append(slices.Clone(fields())[1:], map[string]any{"label": "备注", "kind": "text"})
		for i, f := range edited[:5] {
			f["key"] = d.Fields[i+1].Key
		}
		d = apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "PUT", formPath(d.ID, ""), w.csTK, apptest.With(b, "fields", edited, "title", "支部工作统计表"))
		if d.Title != "支部工作统计表" || len(d.Fields) != 6 || d.Fields[0].Key != "f2" || d.Fields[5].Key != "f1" || d.Fields[5].MaxLength != fillform.DefaultText {
			t.Fatalf("edited %+v", d.Fields)
		}
		p := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "POST", formPath(d.ID, "publish"), w.csTK, nil)
		if p.Status != fillform.FormPublished || p.Total != 2 || p.Pending != 2 || p.PublishedAt == nil {
			t.Fatalf("published %+v", p)
		}
		rows := w.entries(t, w.csTK, d.ID, nil)
		if e := rows[w.b1]; e.Name != "计算机教工党支部" || e.State != fillform.EntryEmpty || e.OrgName != "计算机教工党支部" {
			t.Errorf("b1's entry %+v", e)
		}
		if _, ok := rows[w.mb]; ok || len(rows) != 2 {
			t.Errorf("entries %+v", rows)
		}
		// The secretary named and the account anchored at the branch hear of it.
		if !slices.Contains(w.messages(t, w.sec1UID), "新的填报任务：支部工作统计表") || !slices.Contains(w.messages(t, w.sec2UID), "新的填报任务：支部工作统计表") {
			t.Errorf("messages %v %v", w.messages(t, w.sec1UID), w.messages(t, w.sec2UID))
		}
		apptest.ExpectMessage(t, w.e.Do("PUT", formPath(d.ID, ""), w.csTK, b), 400, "表单已发布，不能修改字段和填报对象；如需调整，请复制为新表单")
		apptest.ExpectMessage(t, w.e.Do("DELETE", formPath(d.ID, ""), w.csTK, nil), 400, "已发布的表单不能删除，可结束填报")
		apptest.ExpectMessage(t, w.e.Do("POST", formPath(d.ID, "publish"), w.csTK, nil), 400, "表单已发布")
		c := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "POST", formPath(d.ID, "copy"), w.csTK, nil)
		if c.ID == d.ID || c.Status != fillform.FormDraft || c.Title != "支部工作统计表（副本）" || len(c.Fields) != 6 || c.Total != 0 {
			t.Fatalf("copy %+v", c)
		}
		apptest.Expect(t, w.e.Do("DELETE", formPath(c.ID, ""), w.csTK, nil), 204)
		apptest.Expect(t, w.e.Do("GET", formPath(c.ID, ""), w.csTK, nil), 404)
		// 数学 manages none of it; the list filters by the state now.
		apptest.Expect(t, w.e.Do("GET", formPath(d.ID, ""), w.mathTK, nil), 404)
		list, _ := apptest.GetPage[fillform.FormView](t, w.e, w.csTK, "/api/txbd/forms", url.Values{"status": {"published"}, "blurry": {"支部工作统计表"}})
		if len(list) != 1 || list[0].ID != d.ID {
			t.Errorf("published forms %+v", list)
		}
		if sent, _ := apptest.GetPage[fillform.FormView](t, w.e, w.csTK, "/api/txbd/forms", url.Values{"sent": {"true"}, "blurry": {"支部工作统计表"}}); len(sent) != 1 {
			t.Errorf("sent forms %+v", sent)
		}
	})

	// A draft's body: every problem named on its field.
	t.Run("DraftChecks", func(t *testing.T) {
		t.Parallel()
		b := body("统计", w.cs, fillform.AudienceOrgs, fillform.ModeSubtree, w.cs, nil, week)
		post := func(b map[string]any) *apptest.Response { return w.e.Do("POST", "/api/txbd/forms", w.csTK, b) }
		apptest.ExpectField(t, post(apptest.With(b, "title", " ")), "title", "请输入表单名称（不超过100个字）")
		apptest.ExpectField(t, post(apptest.With(b, "deadline", nil)), "deadline", "请选择截止时间")
		apptest.ExpectField(t, post(apptest.With(b, "orgId", w.math)), "orgId", "请选择发送填报的党组织")
		apptest.ExpectField(t, post(apptest.With(b, "rootId", w.math)), "rootId", "填报范围应为计算机学院党委或其下级党组织")
		apptest.ExpectField(t, post(apptest.With(b, "audience", "x")), "audience", "请选择填报对象")
		apptest.ExpectField(t, post(apptest.With(b, "mode", fillform.ModeList, "ids", []int64{w.cs})), "ids", "计算机学院党委不是党支部：按党组织填报只发给党支部")
		apptest.ExpectField(t, post(apptest.With(b, "mode", fillform.ModeList, "ids", []int64{w.mb})), "ids", "所选党组织不存在或不在计算机学院党委范围内")
		apptest.ExpectField(t, post(apptest.With(b, "audience", fillform.AudienceMembers, "mode", fillform.ModeList, "ids", []int64{w.mm})), "ids",
			"党员赵党员不在计算机学院党委范围内")
		apptest.ExpectField(t, post(apptest.With(b, "fields", []map[string]any{{"label": "a", "kind": "single", "options": []string{"x"}}})), "fields",
			"第1项：“a”请至少设置2个选项")
		// A draft without fields saves; publishing it is refused.
		d := apptest.DoJSON[fillform.FormDetail](t, w.e, 201, "POST", "/api/txbd/forms", w.csTK, apptest.With(b, "fields", []any{}))
		apptest.ExpectField(t, w.e.Do("POST", formPath(d.ID, "publish"), w.csTK, nil), "fields", "请至少设置一个填报字段")
	})

	// A branch's entry: its secretaries fill it (the one named and the
	// account anchored there), no member does; draft, a submission refused
	// for what is missing, submitted, sent back with a comment (the
	// secretary hears of it), submitted again, passed. The history keeps
	// each step; the to-do goes once submitted.
	t.Run("FillSubmitReturnResubmitPass", func(t *testing.T) {
		t.Parallel()
		f := w.branchForm(t, "季度组织生活统计")
		e := w.mine(t, w.sec1TK)[f.ID]
		if e.ID == 0 || e.OrgID != w.b1 || !e.Writable || e.FormStatus != fillform.FormPublished {
			t.Fatalf("secretary's entry %+v", e)
		}
		if other := w.mine(t, w.sec2TK)[f.ID]; other.OrgID != w.b2 {
			t.Errorf("b2's account reaches %+v", other)
		}
		if _, ok := w.mine(t, w.m1TK)[f.ID]; ok {
			t.Error("a member reaches the branch's entry")
		}
		apptest.Expect(t, w.e.Do("GET", minePath(e.ID, ""), w.sec2TK, nil), 404)
		apptest.Expect(t, w.e.Do("GET", minePath(e.ID, ""), w.m1TK, nil), 404)
		if n := todos(t, w, w.sec1TK); n < 1 {
			t.Errorf("secretary's to-dos %d", n)
		}
		saved := apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "PUT", minePath(e.ID, ""), w.sec1TK,
			map[string]any{"answers": map[string]any{"f1": "12"}, "updateTime": e.UpdatedAt})
		if saved.State != fillform.EntryDraft || saved.Answers["f1"] != "12" || saved.SavedAt == nil || len(saved.Fields) != 6 {
			t.Fatalf("saved %+v", saved)
		}
		res := w.e.Do("POST", minePath(e.ID, "submit"), w.sec1TK, map[string]any{"answers": map[string]any{"f1": "12"}})
		apptest.ExpectField(t, res, "f2", "请填写“特色工作”")
		if got, _ := res.Map(t)["fields"].([]any); len(got) != 2 { // 特色工作 and 开展情况, both named at once
			t.Errorf("fields %v", got)
		}
		sub := apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "POST", minePath(e.ID, "submit"), w.sec1TK, map[string]any{"answers": good()})
		if sub.State != fillform.EntrySubmitted || sub.Writable || sub.Answers["f1"] != "25" || sub.Submitter == "" {
			t.Fatalf("submitted %+v", sub)
		}
		apptest.ExpectMessage(t, w.e.Do("PUT", minePath(e.ID, ""), w.sec1TK, map[string]any{"answers": good()}), 400, "填报已提交，不能进行此操作")
		apptest.ExpectField(t, w.e.Do("POST", entryPath(e.ID, "return"), w.csTK, map[string]any{"comment": ""}), "comment", "请输入退回原因（不超过500个字）")
		ret := apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "POST", entryPath(e.ID, "return"), w.csTK, map[string]any{"comment": "人数有误"})
		if ret.State != fillform.EntryReturned || ret.Comment != "人数有误" || ret.Reviewer == "" {
			t.Fatalf("returned %+v", ret)
		}
		if !slices.Contains(w.messages(t, w.sec1UID), "填报被退回：季度组织生活统计") {
			t.Errorf("secretary's messages %v", w.messages(t, w.sec1UID))
		}
		apptest.ExpectMessage(t, w.e.Do("POST", entryPath(e.ID, "pass"), w.csTK, nil), 400, "填报已退回，不能进行此操作")
		again := apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "POST", minePath(e.ID, "submit"), w.sec1TK,
			map[string]any{"answers": apptest.With(good(), "f1", 26)})
		if again.State != fillform.EntrySubmitted || again.Comment != "" || again.Answers["f1"] != "26" {
			t.Fatalf("submitted again %+v", again)
		}
		passed := apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "POST", entryPath(e.ID, "pass"), w.csTK, map[string]any{"comment": "很好"})
		if passed.State != fillform.EntryPassed || passed.ReviewedAt == nil {
			t.Fatalf("passed %+v", passed)
		}
		if !slices.Contains(w.messages(t, w.sec1UID), "填报已通过：季度组织生活统计") {
			t.Errorf("secretary's messages %v", w.messages(t, w.sec1UID))
		}
		trail, total := apptest.GetPage[map[string]any](t, w.e, w.sec1TK, minePath(e.ID, "trail"), nil)
		if total != 5 || !strings.Contains(string(w.e.Do("GET", entryPath(e.ID, "trail"), w.csTK, nil).Body), "支部党员人数") {
			t.Errorf("trail %d %v", total, trail)
		}
		detail := apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "GET", formPath(f.ID, ""), w.csTK, nil)
		if detail.Passed != 1 || detail.Pending != 1 || detail.Total != 2 {
			t.Errorf("counts %+v", detail)
		}
		if rows := w.entries(t, w.csTK, f.ID, url.Values{"state": {"1", "2", "4"}}); len(rows) != 1 || rows[w.b2].ID == 0 {
			t.Errorf("not submitted %+v", rows)
		}
	})

	// A members' form: each member fills their own; another's is 404.
	t.Run("Members", func(t *testing.T) {
		t.Parallel()
		f := w.publish(t, w.csTK, body("志愿服务时长", w.cs, fillform.AudienceMembers, fillform.ModeList, 0, []int64{w.m1, w.m2}, week))
		if f.Total != 2 {
			t.Fatalf("form %+v", f)
		}
		m1, m2 := w.mine(t, w.m1TK)[f.ID], w.mine(t, w.m2TK)[f.ID]
		if m1.Name != "张党员" || m2.Name != "李党员" || m1.ID == m2.ID {
			t.Fatalf("entries %+v %+v", m1, m2)
		}
		if _, ok := w.mine(t, w.sec2TK)[f.ID]; ok {
			t.Error("a branch secretary reaches a member's entry")
		}
		apptest.Expect(t, w.e.Do("GET", minePath(m2.ID, ""), w.m1TK, nil), 404)
		apptest.Expect(t, w.e.Do("POST", minePath(m2.ID, "submit"), w.m1TK, map[string]any{"answers": good()}), 404)
		apptest.Expect(t, w.e.Do("POST", minePath(m1.ID, "submit"), w.m1TK, map[string]any{"answers": good()}), 200)
		// The subtree: every member of 计算机 (the secretary included).
		s := w.publish(t, w.csTK, body("全体党员", w.cs, fillform.AudienceMembers, fillform.ModeSubtree, w.cs, nil, week))
		if s.Total != 3 {
			t.Errorf("subtree form %+v", s)
		}
	})

	// Two submissions of one entry at once: one is submitted, the other refused.
	t.Run("ConcurrentSubmit", func(t *testing.T) {
		t.Parallel()
		f := w.publish(t, w.csTK, body("并发", w.cs, fillform.AudienceMembers, fillform.ModeList, 0, []int64{w.m2}, week))
		e := w.mine(t, w.m2TK)[f.ID]
		statuses := apptest.Concurrently(2, func(int) int {
			return w.e.Do("POST", minePath(e.ID, "submit"), w.m2TK, map[string]any{"answers": good(), "updateTime": e.UpdatedAt}).Status
		})
		apptest.ExpectOneWins(t, statuses, 200, 409, 400)
		trail, total := apptest.GetPage[map[string]any](t, w.e, w.m2TK, minePath(e.ID, "trail"), nil)
		if total != 1 {
			t.Errorf("trail %v", trail)
		}
	})
}

// todos counts the caller's 填报 work list.
func todos(t testing.TB, w *world, token string) int {
	t.Helper()
	s := apptest.DoJSON[worklist.Summary](t, w.e, 200, "GET", "/api/worklist", token, nil)
	for _, g := range s.Groups {
		if g.Key == "txbd" {
			return g.Count
		}
	}
	t.Fatalf("no 填报 work list in %+v", s)
	return 0
}
