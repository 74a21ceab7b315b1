package fee

import (
	"context"
	"database/sql"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// BatchPreview is what creating and starting a month's batch now would
// do, for the 新建批次 dialog: the month (asked, or the next month without
// a batch), whether it lies before the current month (a reason is then
// required), whether it has its batch already, and the members and the sum
// the start would freeze if it ran now — the same members and standards'
// dues as the start's (monthDues), read without writing anything.
type BatchPreview struct {
	Month   string `json:"month"` // "" when every month up to the current one has its batch
	Current string `json:"current"`
	Past    bool   `json:"past"`
	Exists  bool   `json:"exists"`
	Members int    `json:"members"` // members with a due (a due of 0, 免交, included)
	DueFen  int64  `json:"dueFen"`
}

// PreviewBatch previews month ("YYYY-MM"; "" previews NextBatchMonth).
func (s *Service) PreviewBatch(ctx context.Context, month string) (*BatchPreview, error) {
	p := &BatchPreview{Current: s.currentMonth()}
	if month == "" {
		next, err := s.NextBatchMonth(ctx)
		if err != nil || next == "" {
			return p, err
		}
		month = next
	}
	year, mon, err := parseMonth("month", month)
	if err != nil {
		return nil, err
	}
	if month > p.Current {
		return nil, httpx.Invalid("month", "不能创建%s之后月份的批次", p.Current)
	}
	p.Month, p.Past = month, month < p.Current
	p.Exists, err = s.db.NewSelect().Model((*Batch)(nil)).Where("month = ?", month).Exists(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	members, dues, err := s.monthDues(ctx, s.db, year, mon)
	if err != nil {
		return nil, err
	}
	for _, m := range members {
		if d, ok := dues[m.ID]; ok {
			p.Members++
			p.DueFen += d.Fen
		}
	}
	return p, nil
}

// NextBatchMonth is the month after the latest batch's, or the current
// month when there is none; "" when that month is after the current one
// (every month up to now has its batch).
func (s *Service) NextBatchMonth(ctx context.Context) (string, error) {
	var last sql.NullString
	if err := s.db.NewSelect().Model((*Batch)(nil)).ColumnExpr("MAX(b.month)").Scan(ctx, &last); err != nil {
		return "", httpx.Internal(err)
	}
	cur := s.currentMonth()
	if !last.Valid || last.String == "" {
		return cur, nil
	}
	if next := date.Month(last.String).Next().String(); next <= cur {
		return next, nil
	}
	return "", nil
}

// DeleteBatch removes a batch still in 创建 (no dues frozen, nothing paid
// on it) in one conditional DELETE; a batch in any later state is a 409
// naming its state, one that does not exist a 404.
func (s *Service) DeleteBatch(ctx context.Context, id int64) error {
	res, err := s.db.NewDelete().Model((*Batch)(nil)).Where("id = ?", id).Where("state = ?", BatchCreated).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	b, err := record.Find[Batch](ctx, s.db, "b", id, errNoBatch)
	if err != nil {
		return err
	}
	return httpx.Conflict("%s的批次当前为“%s”，只有“创建”状态的批次可以删除", b.Month, BatchStateLabels[b.State])
}
