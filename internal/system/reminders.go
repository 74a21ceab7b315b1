package system

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/uniq"
)

// The message centre's part of the smart reminders (platform/remind): a
// reminder reaches each account as one reminder message (is_remind), once
// (msg_push_history has one row per reminder and account), and its unread
// messages are retired when the reminder closes.

// subscribe registers the system domain's event handlers.
//
// Delivery runs after the reminder run commits, in a transaction of its
// own: a run rolled back delivers nothing, and a delivery that fails is made
// by the next run (every run delivers each open reminder again, and the
// accounts that have it are skipped). Retiring stays in the run's
// transaction: a reminder is closed once and never published as resolved
// again, so its messages are retired with the closing or not at all.
func (s *Service) subscribe(b *event.Bus) {
	event.SubscribeAfterCommit(b, func(ctx context.Context, e remind.Deliver) error {
		return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error { return s.deliverReminders(ctx, tx, e) })
	})
	event.Subscribe(b, s.retireReminders)
}

// deliverReminders gives each recipient of each reminder its message;
// accounts that have it already, and ids that name no account, are skipped.
func (s *Service) deliverReminders(ctx context.Context, tx bun.Tx, e remind.Deliver) error {
	var ids []int64
	for _, d := range e.Reminders {
		ids = append(ids, d.UserIDs...)
	}
	exists := map[int64]bool{}
	for part := range slices.Chunk(uniq.Of(ids), 1000) {
		var found []int64
		if err := tx.NewSelect().Model((*User)(nil)).Column("id").Where("id IN (?)", bun.In(part)).Scan(ctx, &found); err != nil {
			return err
		}
		for _, id := range found {
			exists[id] = true
		}
	}
	now := s.now()
	var rows []Message
	for _, d := range e.Reminders {
		reminder := d.ReminderID
		for _, uid := range d.UserIDs {
			if exists[uid] {
				rows = append(rows, Message{Notice: Notice{UserID: uid, Title: d.Title, Content: d.Content, Link: d.Link},
					IsRemind: true, ReminderID: &reminder, Sent: Sent{CreatedAt: now}})
			}
		}
	}
	for part := range slices.Chunk(rows, 500) {
		if _, err := tx.NewInsert().Model(&part).On("CONFLICT (reminder_id, user_id) DO NOTHING").Exec(ctx); err != nil {
			return err
		}
	}
	users := make([]int64, 0, len(exists))
	for id := range exists {
		users = append(users, id)
	}
	s.countsChanged(ctx, users)
	return nil
}

// retireReminders marks the unread messages of closed reminders as read:
// what they reminded of is no longer due.
func (s *Service) retireReminders(ctx context.Context, tx bun.Tx, e remind.Resolved) error {
	var users []int64
	for part := range slices.Chunk(e.ReminderIDs, 1000) {
		var read []int64
		if _, err := tx.NewUpdate().Model((*Message)(nil)).Set("read_at = ?", s.now()).
			Where("reminder_id IN (?)", bun.In(part)).Where("read_at IS NULL").Returning("user_id").Exec(ctx, &read); err != nil {
			return err
		}
		users = append(users, read...)
	}
	s.countsChanged(ctx, uniq.Of(users))
	return nil
}

// managerRoles are the roles whose holders manage the organisation their
// account belongs to: its secretaries and administrators.
var managerRoles = []string{RoleBranchSecretary, RoleCommittee, RoleOrgDept}

// ManagersAt answers, for each organisation, the enabled accounts that
// belong to it (sys_user.org_id) and hold a manager role (党支部书记,
// 二级党委管理员, 组织部管理员). The organisation domain decides which
// organisations manage a record's (Service.Managers in internal/org).
func (s *Service) ManagersAt(ctx context.Context, orgIDs []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	for part := range slices.Chunk(uniq.Of(orgIDs), 1000) {
		var rows []struct {
			ID    int64 `bun:"id"`
			OrgID int64 `bun:"org_id"`
		}
		err := s.db.NewSelect().Model((*User)(nil)).ColumnExpr("DISTINCT u.id, u.org_id").
			Join("JOIN sys_user_role AS ur ON ur.user_id = u.id").Join("JOIN sys_role AS r ON r.id = ur.role_id").
			Where("u.org_id IN (?)", bun.In(part)).Where("r.code IN (?)", bun.In(managerRoles)).
			Where("u.enabled = ?", true).Where("u.has_left = ?", false).OrderExpr("u.id").Scan(ctx, &rows)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.OrgID] = append(out[r.OrgID], r.ID)
		}
	}
	return out, nil
}

// PermissionHolders are the enabled accounts (not left) that hold perm
// through a role, and the super administrators (who hold every permission):
// who hears of a university-wide matter such as the next year's working-day
// calendar not yet entered (calendar.YearReminder).
func (s *Service) PermissionHolders(ctx context.Context, perm string) ([]int64, error) {
	var ids []int64
	err := s.db.NewSelect().Model((*User)(nil)).ColumnExpr("u.id").
		Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("u.is_admin = ?", true).WhereOr(`EXISTS (SELECT 1 FROM sys_user_role AS ur
				JOIN sys_role_menu AS rm ON rm.role_id = ur.role_id JOIN sys_menu AS m ON m.id = rm.menu_id
				WHERE ur.user_id = u.id AND m.permission = ?)`, perm)
		}).OrderExpr("u.id").Scan(ctx, &ids)
	return ids, err
}
