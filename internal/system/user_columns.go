package system

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
)

// userStatements are the account statements built once, when first used
// (the other domains answer the bus after the system domain is built): the
// columns every user view selects, and the signed-in user's statement.
type userStatements struct {
	once    sync.Once
	columns string // the select list after u.*
	byID    string // accounts by id (one parameter: the ids), for db.ScanPrepared
}

// userColumns is the select list of a user view beside u.*: the department
// and avatar (this domain's), the organisation's name, the member and the
// cadre link (sub-queries the other domains answer: events.go), and the
// roles as a JSON array of {id, name} in the roles' order. On PostgreSQL a
// page's sub-queries run for the page's rows only, after its sort and limit.
func (s *Service) userColumns() string {
	s.userSQL.once.Do(s.buildUserStatements)
	return s.userSQL.columns
}

// usersByID reads the views' rows of the accounts ids, in the order of ids
// (a missing one is left out), with one prepared statement.
func (s *Service) usersByID(ctx context.Context, ids []int64) ([]userRow, error) {
	if len(ids) == 0 {
		return []userRow{}, nil
	}
	s.userSQL.once.Do(s.buildUserStatements)
	var arg any = ids // PostgreSQL: a bigint[]
	if !db.IsPostgres(s.db) {
		list, _ := json.Marshal(ids) // SQLite: a JSON array, read by json_each
		arg = string(list)
	}
	var rows []userRow
	if err := db.ScanPrepared(ctx, s.db, s.userSQL.byID, []any{arg}, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	slices.SortFunc(rows, func(a, b userRow) int { return at[a.ID] - at[b.ID] })
	return rows, nil
}

func (s *Service) buildUserStatements() {
	ctx := context.Background()
	org, member, cadre := "NULL", AccountMemberColumns{ID: "NULL", Name: "NULL"}, "1 = 0"
	if v, ok, _ := event.Ask[string](ctx, s.bus, s.db, AccountOrgNameSQL{}); ok {
		org = v
	}
	if v, ok, _ := event.Ask[AccountMemberColumns](ctx, s.bus, s.db, AccountMemberSQL{}); ok {
		member = v
	}
	if v, ok, _ := event.Ask[string](ctx, s.bus, s.db, AccountCadreSQL{}); ok {
		cadre = v
	}
	roles := `(SELECT json_group_array(json_object('id', x.id, 'name', x.name)) FROM (SELECT r.id, r.name FROM sys_user_role AS ur
		JOIN sys_role AS r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.level, r.id) AS x)`
	if db.IsPostgres(s.db) {
		roles = `(SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.level, r.id) FROM sys_user_role AS ur
		JOIN sys_role AS r ON r.id = ur.role_id WHERE ur.user_id = u.id)`
	}
	s.userSQL.columns = "(SELECT d.name FROM sys_dept AS d WHERE d.id = u.dept_id) AS dept_name, " +
		"(SELECT af.stored_name FROM sys_file AS af WHERE af.id = u.avatar_file_id) AS avatar_name, " +
		org + " AS org_name, " + member.ID + " AS member_id, " + member.Name + " AS member_name, " +
		"CASE WHEN " + cadre + " THEN 1 ELSE 0 END AS cadre_linked, " + roles + " AS role_list"
	among := "u.id IN (SELECT value FROM json_each(?))"
	if db.IsPostgres(s.db) {
		among = "u.id = ANY(?)"
	}
	s.userSQL.byID = s.db.NewSelect().Model((*userRow)(nil)).ColumnExpr(db.Columns(s.db, (*User)(nil), "u")).
		ColumnExpr(s.userSQL.columns).Where(among, bun.Safe("?")).String()
}

// roleList reads the roles' JSON array (NULL: none).
func roleList(text *string) []IDName {
	out := []IDName{}
	if text != nil {
		json.Unmarshal([]byte(*text), &out) //nolint:errcheck // built by the statement above
	}
	return out
}
