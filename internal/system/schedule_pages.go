package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/remind"
)

// The pages of the platform's scheduling pieces (issue 12): 定时任务 under
// 系统监控, 工作日历 and 智能提醒 under 系统管理, and the message centre's
// column that keeps one reminder message per reminder and account.

// schedulePageRoles are granted the calendar and the reminder rules besides
// the system administrators: the organisation department keeps both.
var schedulePageRoles = []string{RoleAdmin, RoleOrgDept}

// jobPage is the 定时任务 page (system administrators only).
func jobPage() MenuSeed {
	return MenuSeed{Title: "定时任务", Name: "Job", Path: "job", Component: "monitor/job", Icon: "schedule", Type: MenuPage,
		Roles: []string{RoleAdmin}, Children: Granted([]MenuSeed{
			{Title: "查询", Type: MenuButton, Permission: jobs.PermList},
			{Title: "编辑", Type: MenuButton, Permission: jobs.PermEdit},
			{Title: "立即执行", Type: MenuButton, Permission: jobs.PermRun},
		}, RoleAdmin)}
}

// schedulingPages are the 工作日历 and 智能提醒 pages.
func schedulingPages() []MenuSeed {
	return []MenuSeed{
		{Title: "工作日历", Name: "WorkCalendar", Path: "calendar", Component: "system/calendar", Icon: "calendar", Type: MenuPage,
			Roles: schedulePageRoles, Children: Granted([]MenuSeed{
				{Title: "查询", Type: MenuButton, Permission: calendar.PermList},
				{Title: "编辑", Type: MenuButton, Permission: calendar.PermEdit},
			}, schedulePageRoles...)},
		{Title: "智能提醒", Name: "Remind", Path: "remind", Component: "system/remind", Icon: "bell", Type: MenuPage,
			Roles: schedulePageRoles, Children: Granted([]MenuSeed{
				{Title: "查询", Type: MenuButton, Permission: remind.PermList},
				{Title: "编辑", Type: MenuButton, Permission: remind.PermEdit},
				{Title: "立即执行", Type: MenuButton, Permission: remind.PermRun},
			}, schedulePageRoles...)},
	}
}

// schedulePages are the pages the migration below adds to the system
// domain's directories, as the module declares them.
func schedulePages() []MenuSeed { return append([]MenuSeed{jobPage()}, schedulingPages()...) }

func scheduleMigration() db.Migration {
	return db.Migration{Version: 2026112673, Name: "pages 定时任务, 工作日历, 智能提醒; one reminder message per reminder and account",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `ALTER TABLE msg_push_history ADD COLUMN reminder_id BIGINT NULL`,
				`CREATE UNIQUE INDEX uq_msg_push_reminder ON msg_push_history(reminder_id, user_id)`); err != nil {
				return err
			}
			if err := AddPages(ctx, tx, "/monitor", []MenuSeed{jobPage()}); err != nil {
				return err
			}
			return AddPages(ctx, tx, "/system", schedulingPages())
		}}
}
