package cadre

import (
	"context"
	"encoding/json"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// postFields are the fields of gb_jbxx a post written or ended by an
// appointment document changes, as the trail's snapshot of the cadre
// holds them.
type postFields struct {
	SubTable      string    `json:"subTable"` // set on a sub-table row's entry: not the cadre itself
	Post          string    `json:"post"`
	PostSince     date.Date `json:"postSince"`
	Level         string    `json:"level"`
	LevelSince    date.Date `json:"levelSince"`
	PostAttribute string    `json:"postAttribute"`
}

// trailDepth bounds the cadre's trail entries read to find the state
// before a post's write (a document withdrawn is recent; a cadre's trail
// past a few hundred entries back no longer describes what it undoes).
const trailDepth = 300

// postsBefore reads the cadre's own trail entries (not its rows'), newest
// first, and answers the cadre's post fields of the older entry of the
// newest pair of consecutive entries (newer, older) that changed matches:
// the state before the write being undone. A withdrawal undoes its items in
// reverse, so the undo of an earlier item looks past the entries the later
// items' undos just wrote (a cadre moved by one document: 免去 X then 任命 Y).
// found is false without such a pair; trailed is false when the trail holds
// no entry of the cadre at all (a cadre written before the trail).
//
// Known limit: two 任命 of one cadre in one document are undone in reverse,
// and the undo of the first then finds the state the second's undo wrote
// (which names the first post) as the newest write, and puts back the second
// post's state. A cadre moved by one document (免去 then 任命) is undone
// exactly.
func (s *Service) postsBefore(ctx context.Context, tx bun.IDB, cadreID int64, changed func(newer, older postFields) bool) (prev postFields, found, trailed bool, err error) {
	entries, _, err := audit.List(ctx, tx, TrailModule, cadreID, trailDepth, 0)
	if err != nil {
		return postFields{}, false, false, httpx.Internal(err)
	}
	var newer *postFields
	for _, e := range entries {
		var f postFields
		if err := json.Unmarshal([]byte(e.SnapshotJSON), &f); err != nil {
			return postFields{}, false, false, httpx.Internal(err)
		}
		if f.SubTable != "" {
			continue
		}
		trailed = true
		if newer != nil && changed(*newer, f) {
			return f, true, true, nil
		}
		newer = &f
	}
	return postFields{}, false, trailed, nil
}

// undoPost is UndoPost.
func (s *Service) undoPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostUndo) error {
	cur, err := s.findScoped(ctx, tx, cadreID)
	if err != nil {
		return err
	}
	q := tx.NewSelect().Model((*PostRow)(nil)).Where("cadre_id = ?", cadreID).Where("end_on IS NULL").
		Where("start_on = ?", p.On).Where("doc_no = ?", p.DocNo).OrderExpr("id DESC").Limit(1)
	if p.PositionID != nil {
		q = q.Where("position_id = ?", *p.PositionID)
	} else {
		q = q.Where("post = ?", p.Post)
	}
	var rows []PostRow
	if err := q.Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return httpx.Invalid("post", "%s没有由%s任命的现任职务“%s”", cur.Name, p.DocNo, p.Post)
	}
	row := rows[0]
	origin := p.Origin
	if origin == 0 {
		origin = audit.OriginUserUpdate
	}
	ctx = withOrigin(ctx, origin, nil)
	if _, err := tx.NewDelete().Model((*PostRow)(nil)).Where("id = ?", row.ID).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	if err := trailRow(ctx, s, tx, &postKind, postKind.decl(), cadreID, &row, nil); err != nil {
		return err
	}
	// 现任职务 changed by hand since the post was written stays as it is.
	if cur.Post != row.Post || cur.PostSince != row.StartOn {
		return nil
	}
	in := cur.Cadre
	wrote := func(f postFields) bool { return f.Post == row.Post && f.PostSince == row.StartOn }
	prev, found, _, err := s.postsBefore(ctx, tx, cadreID, func(newer, older postFields) bool { return wrote(newer) && !wrote(older) })
	switch {
	case err != nil:
		return err
	case found:
		in.Post, in.PostSince, in.Level, in.LevelSince, in.PostAttribute = prev.Post, prev.PostSince, prev.Level, prev.LevelSince, prev.PostAttribute
	default:
		// No record of the cadre before the write (written before the
		// trail, or too far back): 现任职务 must not name the post deleted,
		// so it becomes the remaining current post (the latest begun, 任职
		// before 兼任 and 挂职), else none.
		var left []PostRow
		if err := tx.NewSelect().Model(&left).Where("cadre_id = ?", cadreID).Where("end_on IS NULL").
			OrderExpr("CASE WHEN kind = ? THEN 0 ELSE 1 END, start_on DESC, id DESC", PostKindHeld).Limit(1).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		in.Post, in.PostSince = "", ""
		if len(left) == 1 {
			l := left[0]
			in.Post, in.PostSince = l.Post, l.StartOn
			if l.Level != "" {
				in.Level = l.Level
			}
			if l.Attribute != "" {
				in.PostAttribute = l.Attribute
			}
		}
	}
	_, err = s.saveCadre(ctx, tx, in, cur, origin)
	return err
}

// reopenPost is ReopenPost.
func (s *Service) reopenPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostUndo) error {
	cur, err := s.findScoped(ctx, tx, cadreID)
	if err != nil {
		return err
	}
	q := tx.NewSelect().Model((*PostRow)(nil)).Where("cadre_id = ?", cadreID).Where("end_on = ?", p.On).OrderExpr("id")
	if p.PositionID != nil {
		q = q.Where("position_id = ?", *p.PositionID)
	} else {
		q = q.Where("post = ?", p.Post)
		if p.UnitID != nil {
			q = q.Where("unit_id = ?", *p.UnitID)
		}
	}
	var rows []PostRow
	if err := q.Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return httpx.Invalid("post", "%s没有于%s免去的职务“%s”", cur.Name, p.On, p.Post)
	}
	origin := p.Origin
	if origin == 0 {
		origin = audit.OriginUserUpdate
	}
	ctx = withOrigin(ctx, origin, nil)
	decl := postKind.decl()
	for i := range rows {
		before, after := rows[i], rows[i]
		after.EndOn, after.UpdatedAt = "", s.now()
		// EndPost names the removing document on a row that had no 文号
		// (a post recorded before 职数管理); the row goes back without it.
		if p.DocNo != "" && after.DocNo == p.DocNo {
			after.DocNo = ""
		}
		if _, err := tx.NewUpdate().Model(&after).WherePK().Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := trailRow(ctx, s, tx, &postKind, decl, cadreID, &before, &after); err != nil {
			return err
		}
	}
	if cur.Post != "" {
		return nil
	}
	row := rows[0]
	in := cur.Cadre
	prev, found, trailed, err := s.postsBefore(ctx, tx, cadreID, func(newer, older postFields) bool { return newer.Post == "" && older.Post == row.Post })
	switch {
	case err != nil:
		return err
	case found:
		in.Post, in.PostSince = prev.Post, prev.PostSince
	case trailed:
		return nil // the trail shows no clearing of this post: the cadre's 现任职务 was not it
	default:
		in.Post, in.PostSince = row.Post, row.StartOn
	}
	_, err = s.saveCadre(ctx, tx, in, cur, origin)
	return err
}
