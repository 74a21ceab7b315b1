package resource

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// Create checks a body and adds the record (ORIGIN USER_CREATE).
func (res *Viewed[M, V, I, O]) Create(ctx context.Context, in I) (O, error) {
	return res.write(ctx, in, nil, audit.OriginUserCreate, nil)
}

// Current is the record as it is, the body an update is merged onto
// (httpx.Merged): a field the update leaves out keeps its value.
func (res *Viewed[M, V, I, O]) Current(ctx context.Context, id int64) (I, error) {
	v, err := res.find(ctx, res.DB, id)
	if err != nil {
		var zero I
		return zero, err
	}
	if res.Input != nil {
		return res.Input(v), nil
	}
	return any(*res.Record(v)).(I), nil
}

// idOf is the id of the record a body names.
func (res *Viewed[M, V, I, O]) idOf(in *I) int64 {
	if res.IDOf != nil {
		return res.IDOf(in)
	}
	return *keysOf(in).id
}

// Update checks a body and writes it over the record of the caller's scope
// it names (ORIGIN USER_UPDATE).
func (res *Viewed[M, V, I, O]) Update(ctx context.Context, in I) (O, error) {
	var zero O
	cur, err := res.find(ctx, res.DB, res.idOf(&in))
	if err != nil {
		return zero, err
	}
	// A form sends back the version it was opened with (updateTime): a record
	// changed since is a 409, never overwritten with what the form still
	// holds. A body without one was merged onto the record just read.
	if k, ok := any(&in).(Keyed); ok {
		if _, _, sent := k.Keys(); !sent.IsZero() && !sent.Equal(*keysOf(res.Record(cur)).updated) {
			return zero, res.lock().Stale()
		}
	}
	return res.write(ctx, in, cur, audit.OriginUserUpdate, nil)
}

// write checks in and saves it over cur (nil: a new record) in a
// transaction, and answers the record as the detail shows it.
func (res *Viewed[M, V, I, O]) write(ctx context.Context, in I, cur *V, origin int, restoredFrom *int64) (O, error) {
	var zero O
	m, err := res.Check(ctx, in, cur)
	if err != nil {
		return zero, err
	}
	var id int64
	refused := false
	err = db.InTx(ctx, res.DB, func(ctx context.Context, tx bun.Tx) error {
		// In the transaction: the hook reads the record's siblings (a member's
		// other bases), which a parallel write may change.
		if cur != nil && res.BeforeUpdate != nil {
			if err := res.BeforeUpdate(ctx, tx, cur, &m); err != nil {
				refused = true
				return err
			}
		}
		id, err = res.save(ctx, tx, m, cur, origin, restoredFrom)
		return err
	})
	if err != nil {
		if res.WriteError != nil && !refused {
			return zero, res.WriteError(err, &m)
		}
		return zero, err
	}
	return res.Detail(ctx, id)
}

// Insert adds a checked record inside tx with its trail entry of origin
// (an import's commit saves each row so) and returns its id.
func (res *Viewed[M, V, I, O]) Insert(ctx context.Context, tx bun.IDB, m M, origin int) (int64, error) {
	return res.save(ctx, tx, m, nil, origin, nil)
}

// save writes the checked record m over cur (nil: inserts it) inside tx,
// with its trail entry when the resource keeps a trail, and returns its id.
// An update matches the version it read, so a change made meanwhile is a
// 409 rather than overwritten, and a record still of the caller's scope (a
// record kept in it through its parent, a member's fee base, may leave it
// meanwhile).
func (res *Viewed[M, V, I, O]) save(ctx context.Context, tx bun.IDB, m M, cur *V, origin int, restoredFrom *int64) (int64, error) {
	b, now := keysOf(&m), res.now()
	*b.id, *b.created, *b.updated = 0, now, now
	write := func(ctx context.Context) (int64, error) {
		_, err := tx.NewInsert().Model(&m).Returning("id").Exec(ctx)
		return *b.id, err
	}
	if cur != nil {
		was := keysOf(res.Record(cur))
		*b.id, *b.created = *was.id, *was.created
		write = func(ctx context.Context) (int64, error) {
			scoped, err := res.query(ctx, tx)
			if err != nil {
				return 0, err
			}
			return *b.id, res.lock().OneRow(tx.NewUpdate().Model(&m).WherePK().Where("updated_at = ?", *was.updated).
				Where("EXISTS (?)", scoped.Where(res.alias()+".id = ?", *was.id)).ExcludeColumn("id", "created_at").Exec(ctx))
		}
	}
	if res.AfterSave != nil {
		row := write
		write = func(ctx context.Context) (int64, error) {
			id, err := row(ctx)
			if err == nil {
				err = res.AfterSave(ctx, tx, &m)
			}
			return id, err
		}
	}
	if res.Trail == nil {
		return write(ctx)
	}
	label, err := res.labels(ctx)
	if err != nil {
		return 0, err
	}
	sv := record.Save{Origin: origin, RestoredFrom: restoredFrom, Snapshot: &m, Write: write}
	if sv.After, err = res.TrailView(ctx, tx, &m); err != nil {
		return 0, err
	}
	if cur != nil {
		if sv.Before, err = res.TrailView(ctx, tx, res.Record(cur)); err != nil {
			return 0, err
		}
	}
	_, err = res.Trail.Save(ctx, tx, label, sv)
	return *b.id, err
}

// lock is the declaration whose OneRow answers a stale update: the trail's,
// or one naming the record for a resource without a trail.
func (res *Viewed[M, V, I, O]) lock() *record.Decl {
	if res.Trail != nil {
		return res.Trail
	}
	return &record.Decl{Noun: res.Noun}
}

// Delete removes records whose ids all lie in the caller's scope; one id
// outside it (or gone) deletes nothing. With a trail, each record leaves a
// DELETE entry with its last state.
func (res *Viewed[M, V, I, O]) Delete(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	return db.InTx(ctx, res.DB, func(ctx context.Context, tx bun.Tx) error {
		q, err := res.query(ctx, tx)
		if err != nil {
			return err
		}
		if n, err := q.Where(res.alias()+".id IN (?)", bun.In(ids)).Count(ctx); err != nil {
			return httpx.Internal(err)
		} else if int(n) != len(ids) {
			return res.notFound()
		}
		if res.BeforeDelete != nil {
			if err := res.BeforeDelete(ctx, tx, ids); err != nil {
				return err
			}
		}
		if err := res.trailDeletes(ctx, tx, ids); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*M)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); db.IsForeignKeyViolation(err) {
			return httpx.BadRequest("记录仍被其他数据引用，不能删除")
		} else if err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
}

// trailDeletes writes the DELETE entries of the records ids (read in tx,
// as the scope's rows) when the resource keeps a trail: the last state, the
// record as the snapshot, its name and anchor (Gone's, or TrailName's and
// Anchor's columns).
func (res *Viewed[M, V, I, O]) trailDeletes(ctx context.Context, tx bun.IDB, ids []int64) error {
	if res.Trail == nil {
		return nil
	}
	q, err := res.query(ctx, tx)
	if err != nil {
		return err
	}
	var rows []V
	if err := q.Where(res.alias()+".id IN (?)", bun.In(ids)).Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	label, err := res.labels(ctx)
	if err != nil {
		return err
	}
	gone := make([]record.Gone, len(rows))
	for i := range rows {
		m := res.Record(&rows[i])
		g := record.Gone{ID: *keysOf(m).id, Snapshot: m}
		if g.Before, err = res.TrailView(ctx, tx, m); err != nil {
			return err
		}
		if res.Gone != nil {
			g.Name, g.Anchor = res.Gone(&rows[i])
		}
		if res.Gone == nil && res.TrailName != "" {
			g.Name = fmt.Sprint(res.column(m, res.TrailName))
		}
		if res.Gone == nil && res.Anchor != "" {
			g.Anchor = reflect.ValueOf(res.column(m, res.Anchor)).Int()
		}
		gone[i] = g
	}
	entries, err := res.Trail.DeleteEntries(ctx, label, gone)
	if err != nil {
		return err
	}
	if err := audit.InsertEntries(ctx, tx, entries); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// column is the value of m's column ("talker", or "t.talker" with the
// table's alias); a column the record lacks is a programming error.
func (res *Viewed[M, V, I, O]) column(m *M, column string) any {
	_, name, found := strings.Cut(column, ".")
	if !found {
		name = column
	}
	f, err := res.DB.Table(reflect.TypeFor[M]()).Field(name)
	if err != nil {
		panic("resource: " + err.Error())
	}
	return f.Value(reflect.ValueOf(m).Elem()).Interface()
}

// UpdateIn writes the checked record m over cur (read through tx, of the
// caller's scope) inside tx with its trail entry of origin: a module's
// write inside a larger transaction (an imported form, an appointment
// document updating the record it names).
func (res *Viewed[M, V, I, O]) UpdateIn(ctx context.Context, tx bun.IDB, m M, cur *V, origin int) (int64, error) {
	return res.save(ctx, tx, m, cur, origin, nil)
}
