package quota

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// base is Cadres through the cadre base's Go API (never its tables).
type base struct{ s *cadre.Service }

// Names are the names of the cadres that exist (cadre.Service.Brief).
func (b base) Names(ctx context.Context, ids []int64) (map[int64]string, error) {
	briefs, err := b.s.Brief(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(briefs))
	for id, br := range briefs {
		out[id] = br.Name
	}
	return out, nil
}

// Appoint adds the post as the cadre's 现任职务, its 任职状态 试用期 during a
// probation and 在任 otherwise (cadre.Service.WritePost,
// with its trail; the cadre must lie in the caller's scope).
func (b base) Appoint(ctx context.Context, tx bun.IDB, cadreID int64, a Appointment) error {
	unitID, positionID := a.UnitID, a.PositionID
	var until date.Date
	tenure := cadre.TenureServing
	if a.ProbationUntil != nil {
		until, tenure = *a.ProbationUntil, cadre.TenureProbation
	}
	return b.s.WritePost(ctx, tx, cadreID, cadre.PostChange{Post: a.Post, UnitID: &unitID, Level: a.Level, Attribute: a.Attribute,
		Kind: cadre.PostKindHeld, On: a.StartOn, DocNo: a.DocNo, PositionID: &positionID, ProbationUntil: until,
		Elected: a.Elected, Current: true, Tenure: tenure})
}

// Remove ends the cadre's post at the position (cadre.Service.EndPost). A
// holding recorded from a post the cadre held before 职数管理 knew it (the
// demo's 存量登记) has no post row naming the position: that post is then
// ended by its title in the unit (positions are unique by name in a unit,
// so no other position's row can match).
func (b base) Remove(ctx context.Context, tx bun.IDB, cadreID int64, r Removal) error {
	unitID := r.UnitID
	return byPositionElseTitle(r.PositionID, func(positionID *int64) error {
		return b.s.EndPost(ctx, tx, cadreID, cadre.PostChange{Post: r.Post, UnitID: &unitID, PositionID: positionID, On: r.EndOn, DocNo: r.DocNo})
	})
}

// byPositionElseTitle calls fn with the position, and again without it
// (the post then matched by its title in the unit) when the base finds no
// post row naming the position (a 400 on post).
func byPositionElseTitle(positionID int64, fn func(positionID *int64) error) error {
	err := fn(&positionID)
	var he *httpx.Error
	if errors.As(err, &he) && he.Status == 400 && he.Field == "post" {
		return fn(nil)
	}
	return err
}

// UndoAppoint deletes the post row Appoint wrote (cadre.Service.UndoPost),
// putting the cadre's 现任职务 back.
func (b base) UndoAppoint(ctx context.Context, tx bun.IDB, cadreID int64, a Appointment) error {
	positionID := a.PositionID
	return b.s.UndoPost(ctx, tx, cadreID, cadre.PostUndo{Post: a.Post, PositionID: &positionID, On: a.StartOn, DocNo: a.DocNo})
}

// UndoRemove reopens the post Remove ended (cadre.Service.ReopenPost): the
// row naming the position, else, as Remove, the row of that title in the unit.
func (b base) UndoRemove(ctx context.Context, tx bun.IDB, cadreID int64, r Removal) error {
	unitID := r.UnitID
	return byPositionElseTitle(r.PositionID, func(positionID *int64) error {
		return b.s.ReopenPost(ctx, tx, cadreID, cadre.PostUndo{Post: r.Post, UnitID: &unitID, PositionID: positionID, On: r.EndOn, DocNo: r.DocNo})
	})
}

// baseRefused puts a refusal of the cadre base (a cadre outside the
// caller's scope, a post it does not hold) on the item that caused it.
func baseRefused(n int, it *Item, err error) error {
	var he *httpx.Error
	if errors.As(err, &he) && (he.Status == 400 || he.Status == 404) {
		return itemError(n, it, "%s", he.Message)
	}
	return err
}
