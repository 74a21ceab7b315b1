package member_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

// RULES.md §2: the probation is one year from the branch general meeting
// (the 入党日期). A probationary member whose year ends within the window is
// reminded of, to the branch's managers and to the member's own account;
// becoming a full member closes the reminder.
func TestProbationExpiryReminder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	today := date.Today()
	_, account := e.UserAt(t, "SELF", w.branchA)
	memberTK := e.Login(e.Username(account), "Test@12345")
	secretaryTK, secretary := e.UserAt(t, "LEVEL", w.branchA)
	e.GrantRole(t, secretary, system.RoleBranchSecretary)
	probation := func(name string, joined date.Date) map[string]any {
		b := apptest.With(body(name, w.branchA, ""), "partyStatus", member.PartyProbation, "joinedOn", joined,
			"appliedOn", joined.AddYears(-2))
		delete(b, "fullOn")
		return b
	}
	due := w.create(t, e.AdminTK, apptest.With(probation("张预备", today.AddDays(10).AddYears(-1)), "userId", account))
	w.create(t, e.AdminTK, probation("李预备", today.AddDays(-180))) // half a year to go
	w.create(t, e.AdminTK, body("王正式", w.branchA, ""))            // a full member

	for range 2 {
		e.RunReminders(t, e.App.Members.Module())
	}
	for who, tk := range map[string]string{"the member": memberTK, "the secretary": secretaryTK} {
		page := apptest.DoJSON[struct {
			TotalElements int
			Content       []struct{ Title, Link string }
		}](t, e, 200, "GET", "/api/msgPushHistory/getRemind", tk, nil)
		end := today.AddDays(10)
		if page.TotalElements != 1 || page.Content[0].Title != "预备党员张预备的预备期于"+string(end)+"期满，请及时讨论其转正事宜" ||
			page.Content[0].Link != fmt.Sprintf("/dyjbxx/detail?id=%d", due.ID) {
			t.Errorf("%s: %+v", who, page)
		}
	}

	// 转正: the member is full now, the reminder closes.
	apptest.Expect(t, e.Do("PUT", "/api/dyjbxx", e.AdminTK, map[string]any{"id": due.ID, "partyStatus": member.PartyFull,
		"fullOn": today}), 200)
	e.RunReminders(t, e.App.Members.Module())
	if n := apptest.DoJSON[struct{ TotalElements int }](t, e, 200, "GET", "/api/msgPushHistory/getRemind", memberTK, nil); n.TotalElements != 0 {
		t.Errorf("after 转正 the member still sees %d reminders", n.TotalElements)
	}
}
