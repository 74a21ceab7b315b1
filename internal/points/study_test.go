package points_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/points"
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
