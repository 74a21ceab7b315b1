package orglife_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/archive"
	"zhdj/internal/member"
	"zhdj/internal/orglife"
)

// 个人档案's 组织生活 lists the held meetings the member attended: present
// or late, closed, not cancelled; not those they missed, nor a meeting still
// under way, nor another member's.
func TestAttendedByFillsTheArchive(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, li := w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四")
	tk, uid := w.e.UserAt(t, "SELF", w.branch, archive.PermMine)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", zhang).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	// hold creates a meeting on 2026-03-<day>, marks 张三 as status (and 李四 present), and closes it when close.
	hold := func(code string, day int, status string, close bool) int64 {
		v := w.create(t, w.csTK, body(w.branch, code, day))
		w.draw(t, v.ID)
		w.act(t, v.ID, "publish", 200)
		w.act(t, v.ID, "start", 200)
		for _, a := range w.attendees(t, v.ID) {
			mark := status
			if *a.MemberID == li {
				mark = orglife.AttendPresent
			}
			if mark != orglife.AttendExpected {
				apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/zzsh/meetings/%d/attendees/%d/attendance", v.ID, a.ID), w.csTK,
					map[string]any{"status": mark}), 200)
			}
		}
		if close {
			w.act(t, v.ID, "close", 200)
		}
		return v.ID
	}
	present := hold(orglife.TypeBranchGeneral, 2, orglife.AttendPresent, true)
	late := hold(orglife.TypeLecture, 5, orglife.AttendLate, true)
	hold(orglife.TypeThemeDay, 6, orglife.AttendExpected, true) // absent at the close
	hold(orglife.TypeThemeDay, 7, orglife.AttendPresent, false) // still under way

	r := apptest.DoJSON[archive.Record](t, w.e, 200, "GET", "/api/archives/mine", tk, nil)
	if r.Member == nil || r.Member.ID != zhang {
		t.Fatalf("the archive's member %+v", r.Member)
	}
	want := []archive.AttendedMeeting{
		{ID: late, Title: "学习贯彻党的二十届四中全会精神", Kind: "党课", Day: "2026-03-05", OrgName: "计算机教工党支部"},
		{ID: present, Title: "学习贯彻党的二十届四中全会精神", Kind: "支部党员大会", Day: "2026-03-02", OrgName: "计算机教工党支部"},
	}
	if fmt.Sprint(r.Meetings) != fmt.Sprint(want) {
		t.Fatalf("attended %+v, want %+v", r.Meetings, want)
	}
}
