package unit

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// RevokeInput is the body of a revocation.
type RevokeInput struct {
	RevokedOn string `json:"revokedOn"` // "" = today
}

// Revoke marks a unit of the caller's scope as revoked (撤销) on a date and
// disables its department, so that pickers of live departments leave it
// out. Its sub-units must be revoked first. Records pointing to it stay.
func (s *Service) Revoke(ctx context.Context, id int64, in RevokeInput) (View, error) {
	cur, err := s.find(ctx, s.db, id)
	if err != nil {
		return View{}, err
	}
	if cur.InfoUpdatedAt == nil {
		return View{}, httpx.BadRequest("请先完善该单位的基本信息（单位编码、类型）")
	}
	if cur.Status == StatusRevoked {
		return View{}, httpx.BadRequest("单位“%s”已撤销", cur.Name)
	}
	day, err := record.Date("revokedOn", "撤销日期", in.RevokedOn)
	if err != nil {
		return View{}, err
	}
	today := date.Of(s.now().In(date.China))
	if day == "" {
		day = today
	}
	if err := record.NotAfter("revokedOn", "撤销日期", day, today); err != nil {
		return View{}, err
	}
	if cur.FoundedOn != "" && day.Before(cur.FoundedOn) {
		return View{}, httpx.Invalid("revokedOn", "撤销日期不能早于成立日期")
	}
	live, err := s.db.NewSelect().TableExpr("sys_dept AS d").Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").
		Where("d.pid = ?", id).Where("COALESCE(i.status, ?) = ?", StatusNormal, StatusNormal).Count(ctx)
	if err != nil {
		return View{}, httpx.Internal(err)
	}
	if live > 0 {
		return View{}, httpx.BadRequest("单位“%s”还有%d个未撤销的下级单位，请先撤销下级单位", cur.Name, live)
	}
	rec := cur.Record
	rec.Status, rec.RevokedOn = StatusRevoked, day
	return s.setStatus(ctx, cur, rec, false)
}

// Reinstate restores a revoked unit of the caller's scope to normal status
// (its parent must be live) and enables its department again.
func (s *Service) Reinstate(ctx context.Context, id int64) (View, error) {
	cur, err := s.find(ctx, s.db, id)
	if err != nil {
		return View{}, err
	}
	if cur.Status != StatusRevoked {
		return View{}, httpx.BadRequest("单位“%s”未撤销，无需恢复", cur.Name)
	}
	if cur.PID != nil {
		var parent struct {
			Name   string `bun:"name"`
			Status string `bun:"status"`
		}
		err := s.db.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.name, COALESCE(i.status, ?) AS status", StatusNormal).
			Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").Where("d.id = ?", *cur.PID).Scan(ctx, &parent)
		if err != nil {
			return View{}, httpx.Internal(err)
		}
		if parent.Status == StatusRevoked {
			return View{}, httpx.BadRequest("上级单位“%s”已撤销，请先恢复上级单位", parent.Name)
		}
	}
	rec := cur.Record
	rec.Status, rec.RevokedOn = StatusNormal, ""
	return s.setStatus(ctx, cur, rec, true)
}

// setStatus writes a status change, the department's enabled flag and the
// trail entry in one transaction.
func (s *Service) setStatus(ctx context.Context, cur *row, rec Record, enabled bool) (View, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return View{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.sys.EnableDept(ctx, tx, rec.ID, enabled); err != nil {
			return err
		}
		return s.write(ctx, tx, l, cur, rec, audit.OriginUserUpdate, nil)
	})
	if err != nil {
		return View{}, mapErr(err)
	}
	return s.Detail(ctx, rec.ID)
}
