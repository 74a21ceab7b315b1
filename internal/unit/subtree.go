package unit

import "context"

// SubtreeIDs is unit root and every unit below it in the department tree
// (sys_dept), whatever the caller's scope, in one recursive query: a
// college's own units, which the people registry's coverage may choose
// from. Empty when root does not exist.
func (s *Service) SubtreeIDs(ctx context.Context, root int64) ([]int64, error) {
	var ids []int64
	err := s.db.NewRaw(`WITH RECURSIVE sub(id) AS (
			SELECT id FROM sys_dept WHERE id = ?
			UNION SELECT d.id FROM sys_dept d JOIN sub ON d.pid = sub.id)
		SELECT id FROM sub`, root).Scan(ctx, &ids)
	return ids, err
}

// OrgUnit is the unit a party organisation stands for: its own unit
// (dzz.unit_dept_id) or else the unit paired with it (dw_info.dzz_id, the
// lowest id); 0 when it has neither.
func (s *Service) OrgUnit(ctx context.Context, orgID int64) (int64, error) {
	var id int64
	err := s.db.NewRaw(`SELECT COALESCE((SELECT z.unit_dept_id FROM dzz AS z WHERE z.id = ?),
			(SELECT MIN(i.dept_id) FROM dw_info AS i WHERE i.dzz_id = ?), 0)`, orgID, orgID).Scan(ctx, &id)
	return id, err
}
