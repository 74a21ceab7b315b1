package points_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/points"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/hours"
)

// An offline study record approved by the 二级党委 earns the study rule per
// whole hour, once: a replayed StudyCredited writes nothing, a newer
// revision is a correction (冲正 and the new points); a returned record
// earns nothing.
func TestApprovedStudyEarnsOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	enterTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, hours.Perms.List, hours.Perms.Add)
	auditTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, hours.Perms.List, hours.PermAudit)
	enter := func(title string) int64 {
		out := apptest.DoJSON[hours.Created](t, w.e, 201, "POST", "/api/xssb/offline", enterTK,
			map[string]any{"memberIds": []int64{zhang}, "studiedOn": "2026-03-05", "title": title, "form": hours.FormCentral, "hours": 2.5})
		return out.IDs[0]
	}
	approved, returned := enter("学习党章"), enter("专题党课")
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/xssb/offline/%d/approve", approved), auditTK, nil), 204)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/xssb/offline/%d/reject", returned), auditTK, map[string]any{"reason": "材料不全"}), 200)
	got := w.ledger(t, w.csTK, zhang)
	if len(got) != 1 || got[0].Points != 2 || got[0].Kind != points.KindStudy || got[0].Text != "党校线下学习：学习党章（2026-03-05，2.5学时）" {
		t.Fatalf("approved study: %+v", got)
	}
	// A replay of an approval (the same record and revision) is heard already.
	replay := hours.StudyCredited{RecordID: 9001, MemberID: zhang, Title: "读书班", StudiedOn: "2026-04-01", Tenths: 30, Revision: 7}
	w.publish(t, replay)
	w.publish(t, replay)
	if got := w.ledger(t, w.csTK, zhang); len(got) != 2 || sum(got) != 5 || w.total(t, zhang, 2026) != 5 {
		t.Fatalf("after a replay: %+v", got)
	}
	// A newer revision of the same record (1 hour now) reverses what it gave and books anew.
	corrected := replay
	corrected.Tenths, corrected.Revision = 10, 8
	w.publish(t, corrected)
	got = w.ledger(t, w.csTK, zhang)
	if len(got) != 4 || got[2].Kind != points.KindReversal || got[2].Points != -3 || got[3].Points != 1 || w.total(t, zhang, 2026) != 3 {
		t.Fatalf("after a correction: %+v", got)
	}
}

// Online study (the party school's courses) reaches points as credited
// study through the 学时 module: course.NodeCredited, heard in its
// transaction, is published as StudyCredited for the learner's member.
// Whole hours count over the member's online 学时 of the year: a half-hour
// node earns nothing, the second makes an hour; a replayed node is heard
// already; a learner who is not a member earns nothing.
func TestOnlineStudyEarnsPerWholeHourOfTheYear(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	_, uid := w.e.UserAt(t, "SELF", w.branch)
	_, learner := w.e.UserAt(t, "SELF", w.branch)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("user_id = ?", uid).Where("id = ?", zhang).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	node := func(user, id int64, tenths, year int) course.NodeCredited {
		return course.NodeCredited{UserID: user, NodeID: id, NodeTitle: fmt.Sprintf("第%d节", id), CourseTitle: "党史学习", Tenths: tenths,
			CreditedOn: "2026-05-06", YearTenths: year}
	}
	w.publish(t, node(uid, 1, 5, 5))
	if got := w.ledger(t, w.csTK, zhang); len(got) != 0 {
		t.Fatalf("half an hour: %+v", got)
	}
	w.publish(t, node(uid, 2, 5, 10))
	w.publish(t, node(uid, 2, 5, 10)) // a replay
	w.publish(t, node(uid, 3, 15, 25))
	got := w.ledger(t, w.csTK, zhang)
	if len(got) != 2 || got[0].Points != 1 || got[0].Kind != points.KindStudy || got[0].Source != points.SourcePSchool ||
		got[0].Text != "党校网上学习：党史学习·第2节（2026-05-06，0.5学时）" || got[1].Points != 1 || w.total(t, zhang, 2026) != 2 {
		t.Fatalf("online study: %+v", got)
	}
	w.publish(t, node(learner, 4, 20, 20))
	var n int
	if err := w.e.DB.NewSelect().Table("jf_entry").ColumnExpr("COUNT(*)").Scan(t.Context(), &n); err != nil || n != 2 {
		t.Fatalf("a learner who is no member: %d entries, %v", n, err)
	}
}
