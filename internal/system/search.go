package system

import (
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
)

// The text-search indexes of the system domain's keyword boxes (package
// search). DeptSearch is exported for the unit list, which searches the
// department's name.
var (
	userSearch     = search.Index{Table: "sys_user", Columns: []string{"username", "nick_name", "email"}}
	DeptSearch     = search.Index{Table: "sys_dept", Columns: []string{"name"}}
	operLogSearch  = search.Index{Table: "sys_oper_log", Columns: []string{"username", "path", "ip", "action", "target_name", "target"}}
	loginLogSearch = search.Index{Table: "sys_login_log", Columns: []string{"username", "ip", "message"}}
	fileSearch     = search.Index{Table: "sys_file", Columns: []string{"original_name"}}
)

func searchMigration() db.Migration {
	return search.Migration(2026112710, "text-search indexes: accounts, departments, operation and login logs",
		userSearch, DeptSearch, operLogSearch, loginLogSearch)
}

// fileSearchMigration indexes the files' names: the file list's keyword box
// scanned every file (TestListPlansScanNoGrowingTablePerRow).
func fileSearchMigration() db.Migration {
	return search.Migration(2026121300, "text-search index: the files' names", fileSearch)
}
