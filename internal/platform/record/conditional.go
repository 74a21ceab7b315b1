package record

import (
	"database/sql"

	"zhdj/internal/platform/httpx"
)

// Conditional answers a conditional write (an UPDATE or DELETE whose WHERE
// holds the state it expects, so one statement decides between two clerks
// acting at once): its failure is a 500, and another number of rows than
// want changed is refused, the state having moved on (a 409, or the
// caller's 400).
//
//	res, err := tx.NewUpdate().Model(m).Set(…).Where("id = ?", id).Where("voided_on IS NULL").Exec(ctx)
//	return record.Conditional(res, err, 1, httpx.Conflict("介绍信 %s 已作废", number))
func Conditional(res sql.Result, err error, want int64, refused *httpx.Error) error {
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != want {
		return refused
	}
	return nil
}
