package quota

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The Go API of 职数管理 for the other cadre packages (选拔任用纪实): the
// posts by id and an appointment document issued inside the caller's
// transaction. They never name the gb_position, gb_quota or gb_rmwj tables.

// PositionBrief is a post as another page names it.
type PositionBrief struct {
	ID         int64
	UnitID     int64
	UnitName   string
	Name       string
	Level      string // GB_XZJB
	LevelLabel string
	Elected    bool
}

// Positions are the posts ids, whatever the caller's scope (the caller
// checked the record naming them); a missing id is not in the map.
func (s *Service) Positions(ctx context.Context, ids []int64) (map[int64]PositionBrief, error) {
	out := make(map[int64]PositionBrief, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []PositionView
	if err := unitName("p.unit_id")(s.db.NewSelect().Model(&rows).ColumnExpr("p.*")).Where("p.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	label, err := s.labeller(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range rows {
		out[p.ID] = PositionBrief{ID: p.ID, UnitID: p.UnitID, UnitName: p.UnitName, Name: p.Name, Level: p.Level,
			LevelLabel: label(DictLevel, p.Level), Elected: p.Elected}
	}
	return out, nil
}

// ScopedPosition is post id when it lies in the caller's unit scope;
// ok is false otherwise (the caller answers with its own field's message).
func (s *Service) ScopedPosition(ctx context.Context, idb bun.IDB, id int64) (p PositionBrief, ok bool, err error) {
	sc, err := s.unitScope("p.unit_id")(ctx)
	if err != nil {
		return p, false, err
	}
	var n int64
	if n, err = sc(idb.NewSelect().TableExpr("gb_position AS p").Where("p.id = ?", id)).Count(ctx); err != nil {
		return p, false, httpx.Internal(err)
	}
	if n == 0 {
		return p, false, nil
	}
	m, err := s.Positions(ctx, []int64{id})
	p, ok = m[id]
	return p, ok, err
}

// IssueDocument writes document in as a draft and issues it inside tx (the
// caller's transaction: a selection's 任职 commits with the document, the
// quota, the cadre's post and the trail). It is checked as the page's
// create is (400 naming the field or the item) and issued as
// POST …/issue does: an appointment beyond the quota needs its item's
// OverReason. It answers the document as issued.
func (s *Service) IssueDocument(ctx context.Context, tx bun.Tx, in DocumentInput) (Document, error) {
	if err := s.checkDocument(ctx, tx, &in); err != nil {
		return Document{}, err
	}
	now := s.now()
	d := Document{DocNo: in.DocNo, IssuedOn: in.IssuedOn, Issuer: in.Issuer, Title: in.Title, State: StateDraft, CreatedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(&d).Exec(ctx); err != nil {
		return Document{}, docNoTaken(err)
	}
	if err := s.writeItems(ctx, tx, d.ID, in.Items); err != nil {
		return Document{}, httpx.Internal(err)
	}
	by := ""
	if p := rbac.From(ctx); p != nil {
		by = p.AccountName()
	}
	if err := s.issueIn(ctx, tx, &d, by, now); err != nil {
		return Document{}, err
	}
	return d, nil
}

// PositionsAt are up to limit posts of level (GB_XZJB) of distinct units,
// in the units' order, whatever the caller's scope (the demo's selections
// pick their posts with it).
func (s *Service) PositionsAt(ctx context.Context, level string, limit int) ([]PositionBrief, error) {
	var ids []int64
	if err := s.db.NewSelect().Model((*Position)(nil)).ColumnExpr("MIN(p.id)").Where("p.level = ?", level).
		GroupExpr("p.unit_id").OrderExpr("p.unit_id").Limit(int64(limit)).Scan(ctx, &ids); err != nil {
		return nil, httpx.Internal(err)
	}
	m, err := s.Positions(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]PositionBrief, 0, len(ids))
	for _, id := range ids {
		out = append(out, m[id])
	}
	return out, nil
}
