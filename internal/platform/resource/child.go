package resource

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// Child is a kind of row kept under a parent record (a development
// record's reviews and trainings; next a meeting's attendees, a cadre's
// résumé rows): listed, added, changed and removed through the parent,
// within the parent's scope (a parent outside it answers the parent's 404).
type Child[P, T any] struct {
	DB   *bun.DB
	Noun string // what a child is called: 404 "<Noun>不存在"
	// Column is the child's column holding its parent's id ("record_id");
	// Order is the list's order ("reviewed_on, id"). Both constants.
	Column, Order string
	// Parent reads the parent id of the caller's scope through idb (its
	// 404 outside it); NoParent is that 404, for a bad id in the path.
	Parent   func(ctx context.Context, idb bun.IDB, id int64) (*P, error)
	NoParent func() *httpx.Error
	// Parts are where a child's id and times lie, and its parent's id.
	Parts func(v *T) (*Base, *int64)
	// Check validates (and normalises) a child of parent p.
	Check func(ctx context.Context, p *P, in *T) error
	// Locked, when set, answers why a stored child may not be changed or
	// removed by hand (a row another module wrote and keeps: a training
	// the party school's completion wrote), nil when it may. An update or a
	// delete naming such a row is refused with its error, changing nothing.
	Locked func(cur *T) error
	// Saved, when set, runs inside a write's transaction after the row is
	// written or removed: before is the row as stored before (nil for an
	// addition), after as written (nil for a removal). A cadre's rows write
	// their trail entries under the cadre with it.
	Saved func(ctx context.Context, tx bun.IDB, parentID int64, before, after *T) error
	// Shown, when set, turns rows read into what the API shows (decrypts
	// the personal fields a row keeps encrypted): on the list and on the
	// row a write answers.
	Shown func(rows []T)
	// Select, when set, adds to the reads of rows (the list, the row a write
	// answers): a column a row shows and does not keep, such as its unit's
	// name through a sub-select (a join would make "id" ambiguous).
	Select func(q *bun.SelectQuery) *bun.SelectQuery
	// Unique, when set, is the answer to a write refused by a unique key of
	// the child's table (a 400 naming the field it repeats); without it such
	// a write is a 500.
	Unique func() *httpx.Error
	Now    func() time.Time
}

// read is a select of rows into dest with Select's additions.
func (c Child[P, T]) read(dest any) *bun.SelectQuery {
	q := c.DB.NewSelect().Model(dest)
	if c.Select != nil {
		q = c.Select(q)
	}
	return q
}

// show is rows as the API shows them.
func (c Child[P, T]) show(rows []T) []T {
	if c.Shown != nil {
		c.Shown(rows)
	}
	return rows
}

func (c Child[P, T]) notFound() *httpx.Error { return httpx.NotFound("%s不存在", c.Noun) }

// Routes registers the child's routes under base (/api/fzdy/{id}/reviews):
// the list with readPerm, the writes with writePerm, titled with what.
func (c Child[P, T]) Routes(rs *httpx.Routes, base, readPerm, writePerm, what string) {
	rs.Get(base, readPerm, "查看"+what, httpx.ListUnder(c.NoParent, c.List))
	rs.Post(base, writePerm, "新增"+what, httpx.CreateUnder(c.NoParent, c.Create))
	rs.Put(base, writePerm, "修改"+what, httpx.ActionOn(c.NoParent, c.Update))
	rs.Delete(base, writePerm, "删除"+what, httpx.DeleteUnder(c.NoParent, c.Delete))
}

// List is every child of parent id.
func (c Child[P, T]) List(ctx context.Context, id int64, _ httpx.ListQuery) ([]T, error) {
	if _, err := c.Parent(ctx, c.DB, id); err != nil {
		return nil, err
	}
	out := []T{}
	if err := c.read(&out).Where("? = ?", bun.Ident(c.Column), id).OrderExpr(c.Order).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return c.show(out), nil
}

// Create adds a child to parent id.
func (c Child[P, T]) Create(ctx context.Context, id int64, in T) (T, error) {
	return c.write(ctx, id, in, false)
}

// Update changes a child of parent id (the body names it by its id).
func (c Child[P, T]) Update(ctx context.Context, id int64, in T) (T, error) {
	return c.write(ctx, id, in, true)
}

func (c Child[P, T]) write(ctx context.Context, id int64, in T, update bool) (T, error) {
	p, err := c.Parent(ctx, c.DB, id)
	if err != nil {
		return in, err
	}
	if err := c.Check(ctx, p, &in); err != nil {
		return in, err
	}
	base, parentID := c.Parts(&in)
	*parentID = id
	now := c.Now()
	base.UpdatedAt = now
	err = db.InTx(ctx, c.DB, func(ctx context.Context, tx bun.Tx) error {
		if !update {
			base.ID, base.CreatedAt = 0, now
			if _, err := tx.NewInsert().Model(&in).Returning("id").Exec(ctx); err != nil {
				return err
			}
			return c.saved(ctx, tx, id, nil, &in)
		}
		cur := new(T)
		curBase, _ := c.Parts(cur)
		if err := tx.NewSelect().Model(cur).Where("id = ?", base.ID).Where("? = ?", bun.Ident(c.Column), id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return c.notFound()
		} else if err != nil {
			return httpx.Internal(err)
		}
		if c.Locked != nil {
			if err := c.Locked(cur); err != nil {
				return err
			}
		}
		base.CreatedAt = curBase.CreatedAt
		if _, err := tx.NewUpdate().Model(&in).WherePK().Where("? = ?", bun.Ident(c.Column), id).ExcludeColumn("created_at").Exec(ctx); err != nil {
			return err
		}
		return c.saved(ctx, tx, id, cur, &in)
	})
	if err != nil {
		var he *httpx.Error
		if c.Unique != nil && !errors.As(err, &he) && db.IsUniqueViolation(err) {
			return in, c.Unique()
		}
		return in, httpx.AsError(err)
	}
	out := new(T) // as stored
	if err := c.read(out).Where("id = ?", base.ID).Scan(ctx); err != nil {
		return in, httpx.Internal(err)
	}
	return c.show([]T{*out})[0], nil
}

func (c Child[P, T]) saved(ctx context.Context, tx bun.IDB, parentID int64, before, after *T) error {
	if c.Saved == nil {
		return nil
	}
	return c.Saved(ctx, tx, parentID, before, after)
}

// Delete removes children ids of parent id (all of them, or none: 404).
func (c Child[P, T]) Delete(ctx context.Context, id int64, ids []int64) error {
	if _, err := c.Parent(ctx, c.DB, id); err != nil {
		return err
	}
	ids = uniq.Of(ids)
	return db.InTx(ctx, c.DB, func(ctx context.Context, tx bun.Tx) error {
		var rows []T
		if c.Locked != nil || c.Saved != nil {
			if err := tx.NewSelect().Model(&rows).Where("id IN (?)", bun.List(ids)).Where("? = ?", bun.Ident(c.Column), id).Scan(ctx); err != nil {
				return httpx.Internal(err)
			}
			for i := range rows {
				if c.Locked == nil {
					break
				}
				if err := c.Locked(&rows[i]); err != nil {
					return err
				}
			}
		}
		res, err := tx.NewDelete().Model((*T)(nil)).Where("id IN (?)", bun.List(ids)).Where("? = ?", bun.Ident(c.Column), id).Exec(ctx)
		if err := record.Conditional(res, err, int64(len(ids)), c.notFound()); err != nil {
			return err // refused: rolled back, nothing removed
		}
		for i := range rows {
			if err := c.saved(ctx, tx, id, &rows[i], nil); err != nil {
				return err
			}
		}
		return nil
	})
}
