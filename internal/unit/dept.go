package unit

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// The unit domain hears the department edits of /api/dept (system.DeptDeleting,
// system.DeptChanged; see subscribe).

// checkDeptDelete refuses to delete a department that has unit information.
func (s *Service) checkDeptDelete(ctx context.Context, idb bun.IDB, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	var names []string
	if err := idb.NewSelect().TableExpr("dw_info AS i").ColumnExpr("d.name").Join("JOIN sys_dept AS d ON d.id = i.dept_id").
		Where("i.dept_id IN (?)", bun.In(ids)).OrderExpr("d.id").Limit(1).Scan(ctx, &names); err != nil {
		return httpx.Internal(err)
	}
	if len(names) > 0 {
		return httpx.BadRequest("“%s”是单位信息库中的单位，不能删除：请在单位信息库中撤销该单位", names[0])
	}
	return nil
}

// deptChanged records a unit trail entry (ORIGIN USER_UPDATE) when a
// department with unit information is renamed, moved or re-sorted through
// /api/dept, inside that update's transaction.
func (s *Service) deptChanged(ctx context.Context, tx bun.Tx, before, after *system.Dept) error {
	var info Info
	err := tx.NewSelect().Model(&info).Where("dept_id = ?", before.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // a department not described as a unit
	} else if err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	was, now := recordOf(before, &info), recordOf(after, &info)
	b, err := s.view(ctx, tx, was)
	if err != nil {
		return err
	}
	a, err := s.view(ctx, tx, now)
	if err != nil {
		return err
	}
	// The department is written already: the pipeline only records the trail.
	_, err = trail.Save(ctx, tx, l.Label, record.Save{Origin: audit.OriginUserUpdate, Before: b, After: a, Snapshot: now,
		Write: func(context.Context) (int64, error) { return now.ID, nil }})
	return err
}

// recordOf is a unit as one record from its department and its information.
func recordOf(d *system.Dept, i *Info) Record {
	return Record{ID: d.ID, PID: d.PID, Name: d.Name, Sort: d.Sort, Code: i.Code, ShortName: i.ShortName, Type: i.Type,
		LeaderName: i.LeaderName, ContactPhone: i.ContactPhone, DzzID: i.DzzID, FoundedOn: i.FoundedOn, Status: i.Status,
		RevokedOn: i.RevokedOn, Remark: i.Remark}
}
