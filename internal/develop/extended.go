package develop

import "github.com/uptrace/bun"

// SelectExtendedProbations is a sub-query through idb of the probations
// extended (延长预备期, 细则第三十二条) and still running: the member
// (member_id) and the extended end (probation_ends_on) of each record in
// the probationary stage with an extension approved. Another domain joins
// its member rows to it (LEFT JOIN (?) AS x ON x.member_id = m.id): the
// member base keeps no extension of its own, only the joining date.
func SelectExtendedProbations(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dev_record AS xr").Column("xr.member_id", "xr.probation_ends_on").
		Where("xr.stage = ?", StageProbationary).Where("xr.extensions > 0").
		Where("xr.member_id IS NOT NULL").Where("xr.probation_ends_on IS NOT NULL")
}
