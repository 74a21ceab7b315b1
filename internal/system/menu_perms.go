package system

import (
	"context"

	"zhdj/internal/platform/httpx"
)

// MenuPermissions lists every distinct permission a menu, page or button
// carries, sorted. The web's permission constants are generated from it and
// from the route table, so a button the web gates on exists here.
func (s *Service) MenuPermissions(ctx context.Context) ([]string, error) {
	var perms []string
	err := s.db.NewSelect().Model((*Menu)(nil)).ColumnExpr("DISTINCT m.permission").
		Where("m.permission <> ''").OrderExpr("m.permission").Scan(ctx, &perms)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return perms, nil
}
