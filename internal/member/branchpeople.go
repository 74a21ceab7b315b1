package member

import "github.com/uptrace/bun"

// IDIndexesIn is a sub-query of the ID-number blind indexes of the member
// records held by the organisations orgIDs (dyjbxx.org_id, served by
// idx_dyjbxx_org_name): the people registry matches its students and
// teachers against it (their ID numbers are indexed with the same key) to
// show a branch without coverage its own members, in SQL, whatever their
// number. orgIDs must not be empty.
func (s *Service) IDIndexesIn(orgIDs []int64) *bun.SelectQuery {
	return s.db.NewSelect().TableExpr("dyjbxx AS bm").Column("bm.id_number_idx").
		Where("bm.org_id IN (?)", bun.In(orgIDs)).Where("bm.id_number_idx <> ''")
}
