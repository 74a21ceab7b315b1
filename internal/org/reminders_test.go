package org_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// remindTotal is how many unread reminders the top bar's polling shows the user.
func remindTotal(t *testing.T, e *apptest.Env, token string) int {
	t.Helper()
	return apptest.DoJSON[struct{ TotalElements int }](t, e, 200, "GET", "/api/msgPushHistory/getRemind", token, nil).TotalElements
}

// RULES.md §4: remind before a term expires (3 months by default). The
// reminder of a branch's term reaches the secretaries and administrators
// of the branch and of the committee leading it, nobody else, once however
// often the job runs; a new term closes it.
func TestTermExpiryReminderAudience(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	today := date.Today()
	start := today.AddDays(20).AddYears(-3) // the 3-year term ends in 20 days
	branch := e.Create(t, e.AdminTK, "/api/dzzxx", map[string]any{"pid": c.CS, "code": "TB01", "name": "软件工程党支部",
		"type": "5", "termStart": start})
	other := e.Create(t, e.AdminTK, "/api/dzzxx", map[string]any{"pid": c.Math, "code": "TB02", "name": "数学学生党支部",
		"type": "5", "termStart": today.AddYears(-1)}) // far from its end

	user := func(scope string, orgID int64, role string) (string, int64) {
		tk, id := e.UserAt(t, scope, orgID)
		e.GrantRole(t, id, role)
		return tk, id
	}
	secretary, _ := user("LEVEL", branch, system.RoleBranchSecretary)
	csAdmin, _ := user("LEVEL_AND_BELOW", c.CS, system.RoleCommittee)
	orgDept, _ := user("ALL", c.Root, system.RoleOrgDept)                 // two levels up: not this branch's
	mathAdmin, _ := user("LEVEL_AND_BELOW", c.Math, system.RoleCommittee) // another committee
	otherSecretary, _ := user("LEVEL", other, system.RoleBranchSecretary)
	member, _ := user("SELF", branch, system.RoleMember) // a member of the branch, no manager
	_, gone := user("LEVEL", branch, system.RoleBranchSecretary)
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", false).Where("id = ?", gone).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}

	// Next year's calendar counts as entered, so that from October the
	// calendar's own reminder (calendar.ReminderYearMissing, to the 组织部)
	// does not join the count: only the term's reminders are counted here.
	next := &calendar.Day{Date: date.Date(fmt.Sprintf("%d-01-01", today.Time().Year()+1)), Kind: calendar.Holiday, Name: "元旦",
		UpdatedAt: time.Now()}
	if _, err := e.DB.NewInsert().Model(next).On("CONFLICT (day) DO UPDATE").Set("provisional = EXCLUDED.provisional").
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		e.RunReminders(t, e.App.Orgs.Module())
	}
	for _, c := range []struct {
		who, token string
		want       int
	}{{"the branch secretary", secretary, 1}, {"the committee administrator", csAdmin, 1}, {"the 组织部", orgDept, 0},
		{"another committee", mathAdmin, 0}, {"another branch's secretary", otherSecretary, 0}, {"a member", member, 0}} {
		if got := remindTotal(t, e, c.token); got != c.want {
			t.Errorf("%s sees %d reminders, want %d", c.who, got, c.want)
		}
	}
	var msgs []struct {
		UserID int64 `bun:"user_id"`
	}
	if err := e.DB.NewSelect().Table("msg_push_history").Column("user_id").Where("reminder_id IS NOT NULL").
		Scan(context.Background(), &msgs); err != nil || len(msgs) != 2 {
		t.Fatalf("reminder messages %v %v, want 2 (one per manager, none for the disabled secretary)", msgs, err)
	}
	page := apptest.DoJSON[struct {
		Content []struct{ Title, Link string }
	}](t, e, 200, "GET", "/api/msgPushHistory/getRemind", secretary, nil)
	end := start.AddYears(3)
	if page.Content[0].Title != "软件工程党支部本届任期于"+string(end)+"届满，请及时做好换届工作" ||
		page.Content[0].Link != fmt.Sprintf("/party/dzz?id=%d", branch) {
		t.Errorf("reminder %+v", page.Content[0])
	}

	// A new term is recorded: the reminder closes and leaves the top bar.
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, map[string]any{"id": branch, "pid": c.CS, "code": "TB01",
		"name": "软件工程党支部", "type": "5", "termStart": today}), 204)
	e.RunReminders(t, e.App.Orgs.Module())
	if got := remindTotal(t, e, secretary); got != 0 {
		t.Errorf("after the new term the secretary still sees %d reminders", got)
	}
	rows, total := apptest.GetPage[remind.Reminder](t, e, e.AdminTK, "/api/remind/reminders", url.Values{"closed": {"true"}})
	if total != 1 || rows[0].RecordID != branch || rows[0].DueOn != end {
		t.Errorf("closed reminders %+v", rows)
	}
}
