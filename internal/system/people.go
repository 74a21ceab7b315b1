package system

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// PersonBrief is an account as a picker outside 用户管理 shows it: the name
// and the department, nothing else (no username, phone or roles).
type PersonBrief struct {
	ID   int64  `bun:"id" json:"id"`
	Name string `bun:"nick_name" json:"name"`
	Dept string `bun:"dept_name" json:"dept"`
}

// MaxPeopleFound caps FindPeople: more people of one name than this is not
// a choice a picker can offer.
const MaxPeopleFound = 20

// FindPeople are the enabled accounts (not left) whose name or username is
// exactly text, by id, at most MaxPeopleFound. Exact, not a fragment: a
// member naming a colleague finds the person they know (two of the same
// name told apart by department), and cannot page through the school's
// accounts a letter at a time. Both columns are indexed.
func (s *Service) FindPeople(ctx context.Context, idb bun.IDB, text string) ([]PersonBrief, error) {
	out := []PersonBrief{}
	text = strings.TrimSpace(text)
	if text == "" {
		return out, nil
	}
	err := idb.NewSelect().Model((*User)(nil)).ColumnExpr("u.id, u.nick_name").
		ColumnExpr("COALESCE((SELECT d.name FROM sys_dept AS d WHERE d.id = u.dept_id), '') AS dept_name").
		Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("u.nick_name = ?", text).WhereOr("u.username = ?", text)
		}).OrderExpr("u.id").Limit(MaxPeopleFound).Scan(ctx, &out)
	return out, err
}

// peopleMigration indexes the accounts' names for FindPeople (the username is
// unique, so indexed already).
func peopleMigration() db.Migration {
	return db.Migration{Version: 2026120230, Name: "accounts found by their exact name",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE INDEX idx_sys_user_nick ON sys_user(nick_name)`)
		}}
}
