package system

import "zhdj/internal/platform/db"

// formsMigrations belong to issue 10 (forms, tables, the member detail):
// per-user preferences and record attachments.
func formsMigrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112630, Name: "per-user preferences (sys_user_pref)", Up: migrateUserPrefs},
		{Version: 2026112631, Name: "record attachments (sys_attachment)", Up: migrateAttachments},
	}
}
