package quota

import (
	"context"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Holder is a cadre holding a position now, as the position's list of
// holders shows it (who a 免去 item may name).
type Holder struct {
	CadreID    int64     `bun:"cadre_id" json:"cadreId"`
	CadreName  string    `bun:"-" json:"cadreName"`
	StartOn    date.Date `bun:"start_on" json:"startOn"`
	OverQuota  bool      `bun:"over_quota" json:"overQuota"`
	OverReason string    `bun:"over_reason" json:"overReason"`
}

// Holders lists the current holders of position id (of the caller's unit
// scope, else 404), earliest first.
func (s *Service) Holders(ctx context.Context, id int64) ([]Holder, error) {
	if _, err := s.positions.Find(ctx, id); err != nil {
		return nil, err
	}
	out := []Holder{}
	if err := s.db.NewSelect().TableExpr("gb_holding AS h").Column("h.cadre_id", "h.start_on", "h.over_quota", "h.over_reason").
		Where("h.position_id = ?", id).Where("h.end_on IS NULL").OrderExpr("h.start_on, h.id").Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	ids := make([]int64, len(out))
	for i, h := range out {
		ids[i] = h.CadreID
	}
	names, err := s.cadres.Names(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].CadreName = names[out[i].CadreID]
	}
	return out, nil
}
