package fillform_test

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fillform"
	"zhdj/internal/platform/remind"
)

// A members' form with a required attachment field, two days before its
// deadline: attachments, reminders (by hand, once a day; the smart
// reminder 3 days before) and the export of every answer.
func TestFollowUp_AttachmentsRemindersExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	b := body("志愿服务", w.cs, fillform.AudienceMembers, fillform.ModeList, 0, []int64{w.m1, w.m2}, time.Now().Add(48*time.Hour))
	b["fields"] = append(fields(), map[string]any{"label": "服务证明", "kind": "file", "required": true})
	f := w.publish(t, w.csTK, b)
	m1 := w.mine(t, w.m1TK)[f.ID]

	// The addressee uploads while writing; a required attachment field is asked for.
	apptest.ExpectField(t, w.e.Do("POST", minePath(m1.ID, "submit"), w.m1TK, map[string]any{"answers": good()}), "f7", "请上传“服务证明”")
	files := minePath(m1.ID, "attachments?kind=f7")
	apptest.Expect(t, w.e.Upload(files, w.m1TK, "file", "证明.pdf", []byte("%PDF-1.4 test"), nil), 201)
	apptest.Expect(t, w.e.Upload(minePath(m1.ID, "attachments?kind=x"), w.m1TK, "file", "证明.pdf", []byte("%PDF-1.4 test"), nil), 400)
	apptest.ExpectMessage(t, w.e.Upload(entryPath(m1.ID, "attachments?kind=f7"), w.csTK, "file", "a.pdf", []byte("%PDF-1.4 test"), nil), 403, "附件由填报人上传")
	sub := apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "POST", minePath(m1.ID, "submit"), w.m1TK, map[string]any{"answers": good()})
	if sub.Files["f7"] != 1 {
		t.Fatalf("submitted %+v", sub)
	}
	apptest.ExpectMessage(t, w.e.Upload(files, w.m1TK, "file", "补充.pdf", []byte("%PDF-1.4 test"), nil), 400, "填报已提交，不能修改附件")
	if got := apptest.DoJSON[[]map[string]any](t, w.e, 200, "GET", entryPath(m1.ID, "attachments"), w.csTK, nil); len(got) != 1 {
		t.Errorf("the administrators' view of the files %v", got)
	}

	// Reminding: m2 only (m1 submitted); the same day again sends nothing and says so.
	first := apptest.DoJSON[fillform.RemindResult](t, w.e, 200, "POST", formPath(f.ID, "remind"), w.csTK, nil)
	if first.Reminded != 1 || first.Sent != 1 || first.Already != 0 || first.Message != "已提醒1个填报对象，发送消息1条" {
		t.Fatalf("first reminder %+v", first)
	}
	again := apptest.DoJSON[fillform.RemindResult](t, w.e, 200, "POST", formPath(f.ID, "remind"), w.csTK, map[string]any{"ids": []int64{}})
	if again.Reminded != 0 || again.Already != 1 || again.Message != "今天已提醒过这1个填报对象，未重复发送" {
		t.Fatalf("second reminder %+v", again)
	}
	reminded := 0
	for _, m := range w.messages(t, w.m2UID) {
		if m == "填报提醒：志愿服务" {
			reminded++
		}
	}
	if reminded != 1 || slices.Contains(w.messages(t, w.m1UID), "填报提醒：志愿服务") {
		t.Errorf("m2 reminded %d times; m1's messages %v", reminded, w.messages(t, w.m1UID))
	}
	if e := w.entries(t, w.csTK, f.ID, nil)[w.m2]; e.RemindedOn.IsZero() {
		t.Errorf("m2's entry %+v", e)
	}

	// 智能提醒 158: the entry not submitted within 3 days of the deadline, to its member.
	apptest.DoJSON[remind.RuleView](t, w.e, 200, "POST", "/api/remind/rules/run", w.e.AdminTK, map[string]any{"type": fillform.ReminderNotSubmitted})
	rows, _ := apptest.GetPage[remind.Reminder](t, w.e, w.e.AdminTK, "/api/remind/reminders",
		url.Values{"type": {strconv.Itoa(fillform.ReminderNotSubmitted)}, "size": {"100"}})
	if len(rows) != 1 || !strings.Contains(rows[0].Title, "李党员尚未提交“志愿服务”") || !strings.Contains(rows[0].Link, "/list-home/myForms?entry=") {
		t.Fatalf("smart reminders %+v", rows)
	}

	// The export: one row per addressee, one column per field, the files
	// counted; nothing of the members' ID numbers.
	apptest.DoJSON[fillform.EntryDetail](t, w.e, 200, "POST", entryPath(m1.ID, "pass"), w.csTK, nil)
	book := apptest.Download(t, w.e.Do("GET", formPath(f.ID, "entries/export"), w.csTK, nil))
	sheet := book.GetSheetList()[0]
	got, err := book.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	head := []string{"序号", "姓名", "所在党组织", "状态", "提交时间", "提交人", "审核意见", "支部党员人数", "特色工作", "开展情况", "活动类型", "填报日期", "联系人", "服务证明"}
	if len(got) != 4 || !strings.HasPrefix(got[0][0], "志愿服务（截止时间：") || !slices.Equal(got[1], head) {
		t.Fatalf("workbook %v", got)
	}
	byName := map[string][]string{}
	for _, r := range got[2:] {
		byName[r[1]] = r
	}
	if r := byName["张党员"]; r[3] != "已通过" || r[7] != "25" || r[9] != "按时开展" || r[10] != "学习、服务" || r[13] != "1个文件" || r[2] != "计算机教工党支部" {
		t.Errorf("张党员's row %v", r)
	}
	if r := byName["李党员"]; r[3] != "未填报" || len(r) > 7 && strings.Join(r[7:], "") != "" {
		t.Errorf("李党员's row %v", r)
	}
	filtered := apptest.Download(t, w.e.Do("GET", formPath(f.ID, "entries/export")+"?state=5", w.csTK, nil))
	if rows, _ := filtered.GetRows(filtered.GetSheetList()[0]); len(rows) != 3 {
		t.Errorf("passed only: %v", rows)
	}
}
