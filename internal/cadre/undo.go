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
	// TenureStatus: an appointment also sets the 任职状态 (试用期 or 在任).
	TenureStatus string `json:"tenureStatus"`
}

// trailDepth bounds the cadre's trail entries read to find the state
// before a post's write (a document withdrawn is recent; a cadre's trail
// past a few hundred entries back no longer describes what it undoes).
const trailDepth = 300

// trailedRow is what the trail's entry of a post row's change shows of it.
type trailedRow struct {
	ID    int64     `json:"id"`
	EndOn date.Date `json:"endOn"`
}

// stateBefore answers the cadre's post fields just before the change of
// its post row rowID that pick chooses (the newest such entry of the
// trail): the snapshot of the cadre's own entry older than it. WritePost
// and EndPost trail the row first and then the cadre they change, so this
// is the state the change found — exact even when one document changed the
// cadre twice (moved it: 免去 X, 任命 Y; or two 任命), whatever the undos of
// its later items wrote since. found is false when the trail holds no such
// entry (a cadre written before the trail, or the change lies more than
// trailDepth entries back).
func (s *Service) stateBefore(ctx context.Context, tx bun.IDB, cadreID, rowID int64, pick func(typ int, row trailedRow) bool) (postFields, bool, error) {
	entries, _, err := audit.List(ctx, tx, TrailModule, cadreID, trailDepth, 0)
	if err != nil {
		return postFields{}, false, httpx.Internal(err)
	}
	seen := false
	for _, e := range entries {
		var f postFields
		if err := json.Unmarshal([]byte(e.SnapshotJSON), &f); err != nil {
			return postFields{}, false, httpx.Internal(err)
		}
		if f.SubTable == "" {
			if seen {
				return f, true, nil
			}
			continue
		}
		if seen || f.SubTable != postKind.path {
			continue
		}
		var snap struct {
			Row trailedRow `json:"row"`
		}
		if err := json.Unmarshal([]byte(e.SnapshotJSON), &snap); err != nil {
			return postFields{}, false, httpx.Internal(err)
		}
		seen = snap.Row.ID == rowID && pick(e.Type, snap.Row)
	}
	return postFields{}, false, nil
}

// undoPost is UndoPost.
func (s *Service) undoPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostUndo) error {
	cur, err := s.findScoped(ctx, tx, cadreID)
	if err != nil {
		return err
	}
	q := postRows(tx, cadreID, p.PositionID, p.Post, p.UnitID).Where("end_on IS NULL").
		Where("start_on = ?", p.On).Where("doc_no = ?", p.DocNo).OrderExpr("id DESC").Limit(1)
	var rows []PostRow
	if err := q.Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return httpx.Invalid("post", "%s没有由%s任命的现任职务“%s”", cur.Name, p.DocNo, p.Post)
	}
	row := rows[0]
	origin := originOr(p.Origin)
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
	prev, found, err := s.stateBefore(ctx, tx, cadreID, row.ID, func(typ int, _ trailedRow) bool { return typ == audit.TypeAdd })
	switch {
	case err != nil:
		return err
	case found:
		in.Post, in.PostSince, in.Level, in.LevelSince, in.PostAttribute = prev.Post, prev.PostSince, prev.Level, prev.LevelSince, prev.PostAttribute
		in.TenureStatus = prev.TenureStatus
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
	q := postRows(tx, cadreID, p.PositionID, p.Post, p.UnitID).Where("end_on = ?", p.On).OrderExpr("id")
	var rows []PostRow
	if err := q.Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return httpx.Invalid("post", "%s没有于%s免去的职务“%s”", cur.Name, p.On, p.Post)
	}
	origin := originOr(p.Origin)
	ctx = withOrigin(ctx, origin, nil)
	for i := range rows {
		before, after := rows[i], rows[i]
		after.EndOn, after.UpdatedAt = "", s.now()
		// EndPost names the removing document on a row that had no 文号
		// (a post recorded before 职数管理); the row goes back without it.
		if p.DocNo != "" && after.DocNo == p.DocNo {
			after.DocNo = ""
		}
		if err := s.rewritePost(ctx, tx, cadreID, &before, &after); err != nil {
			return err
		}
	}
	if cur.Post != "" {
		return nil
	}
	row := rows[0]
	in := cur.Cadre
	prev, found, err := s.stateBefore(ctx, tx, cadreID, row.ID, func(typ int, r trailedRow) bool { return typ == audit.TypeUpdate && r.EndOn == p.On })
	switch {
	case err != nil:
		return err
	case found && prev.Post != row.Post:
		return nil // the cadre's 现任职务 was another post when this one ended: EndPost left it
	case found:
		in.Post, in.PostSince = prev.Post, prev.PostSince
	default: // no trail of the end: the post as the row holds it
		in.Post, in.PostSince = row.Post, row.StartOn
	}
	_, err = s.saveCadre(ctx, tx, in, cur, origin)
	return err
}
