package course

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// NodeCredited tells that a learner completed a node of a published course
// and its 学时 were credited online (once per learner and node: the
// ledger's unique key). Published in the crediting transaction; the 学时
// module (internal/pschool/hours) hears it there and publishes its
// StudyCredited for a member, which the points module hears after commit.
type NodeCredited struct {
	UserID      int64 // the learner's account
	NodeID      int64
	NodeTitle   string
	CourseTitle string
	Tenths      int    // the node's 学时, tenths of an hour
	CreditedOn  string // YYYY-MM-DD (China)
	// YearTenths is the learner's online 学时 of the credit's year, this
	// node's included (read after the year's total was added to, in the
	// same transaction): whole hours are counted over the year, not per
	// node (most nodes are shorter than an hour).
	YearTenths int
}

// publishCredited publishes the credit c of node it, just written in tx.
func (s *Service) publishCredited(ctx context.Context, tx bun.Tx, it *Item, c *Credit) error {
	if s.bus == nil {
		return nil
	}
	var courseTitle string
	if err := tx.NewSelect().Model((*Course)(nil)).Column("c.title").Where("c.id = ?", it.CourseID).Scan(ctx, &courseTitle); err != nil {
		return httpx.Internal(err)
	}
	var year int
	if err := tx.NewSelect().Model((*YearTotal)(nil)).Column("yh.tenths").Where("yh.user_id = ?", c.UserID).Where("yh.year = ?", c.Year).
		Scan(ctx, &year); err != nil {
		return httpx.Internal(err)
	}
	return s.bus.Publish(ctx, tx, NodeCredited{UserID: c.UserID, NodeID: it.ID, NodeTitle: it.Title, CourseTitle: courseTitle,
		Tenths: c.Tenths, CreditedOn: c.CreditedOn.String(), YearTenths: year})
}
