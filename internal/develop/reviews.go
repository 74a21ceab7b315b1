package develop

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/uniq"
)

// Review kinds.
const (
	ReviewActivist  = "activist"  // 培养教育考察 of an activist (every 6 months, ⑥ ⑦)
	ReviewProbation = "probation" // 继续教育考察 of a probationary member (㉑)
)

// reviewsOf are the reviews of a record, seen and written through the record
// (its scope: a record outside it is a 404).
func (s *Service) reviewsOf() childOf[Review] {
	return childOf[Review]{s: s, noun: "考察记录", order: "reviewed_on, id",
		parts: func(v *Review) (*resource.Base, *int64) { return &v.Base, &v.RecordID },
		check: func(ctx context.Context, r *Record, in *Review) error {
			var c httpx.Checks
			var since date.Date
			switch in.Kind {
			case ReviewActivist:
				since = r.ActivistOn
				if since.IsZero() {
					c.Add(httpx.Invalid("kind", "尚未确定为入党积极分子，不能登记培养考察"))
				}
			case ReviewProbation:
				since = r.AdmittedOn
				if since.IsZero() {
					c.Add(httpx.Invalid("kind", "尚未接收为预备党员，不能登记预备期考察"))
				}
			default:
				c.Add(httpx.Invalid("kind", "请选择考察类别"))
			}
			if in.ReviewedOn.IsZero() {
				c.Add(record.Chosen("reviewedOn", "考察日期", false))
			} else if d, err := record.Date("reviewedOn", "考察日期", string(in.ReviewedOn)); err != nil {
				c.Add(err)
			} else {
				in.ReviewedOn = d
				c.Add(record.NotAfter("reviewedOn", "考察日期", d, s.today()))
				if !since.IsZero() && d.Before(since) {
					c.Add(httpx.Invalid("reviewedOn", "考察日期不能早于 %s", since))
				}
			}
			l, err := s.sys.DictLabels(ctx, DictReviewResult)
			if err != nil {
				return err
			}
			in.Content, in.Reviewer = strings.TrimSpace(in.Content), strings.TrimSpace(in.Reviewer)
			in.Result = strings.TrimSpace(in.Result)
			c.Add(record.Chosen("result", "考察结果", in.Result != ""))
			c.Add(record.DictValue("result", "考察结果", DictReviewResult, in.Result, "", l),
				record.MaxLen("content", "考察意见", in.Content, 2000), record.MaxLen("reviewer", "考察人", in.Reviewer, 50))
			return c.Err()
		}}
}

// childOf is a kind of record kept under a development record (reviews,
// trainings): listed, added, changed and removed through the record, within
// its scope.
type childOf[T any] struct {
	s     *Service
	noun  string
	order string
	// parts are where a child's id and times lie, and its record's id.
	parts func(v *T) (*resource.Base, *int64)
	// check validates (and normalises) a child of record r.
	check func(ctx context.Context, r *Record, in *T) error
}

func (c childOf[T]) notFound() *httpx.Error { return httpx.NotFound("%s不存在", c.noun) }

// routes registers the child's routes under base (/api/fzdy/{id}/reviews).
func (c childOf[T]) routes(rs *httpx.Routes, base, writePerm, what string) {
	rs.Get(base, Perms.List, "查看"+what, httpx.ListUnder(errNoRecord, c.List))
	rs.Post(base, writePerm, "新增"+what, httpx.CreateUnder(errNoRecord, c.Create))
	rs.Put(base, writePerm, "修改"+what, httpx.ActionOn(errNoRecord, c.Update))
	rs.Delete(base, writePerm, "删除"+what, httpx.DeleteUnder(errNoRecord, c.Delete))
}

// List is every child of record id.
func (c childOf[T]) List(ctx context.Context, id int64, _ httpx.ListQuery) ([]T, error) {
	if _, err := c.s.find(ctx, c.s.db, id); err != nil {
		return nil, err
	}
	out := []T{}
	if err := c.s.db.NewSelect().Model(&out).Where("record_id = ?", id).OrderExpr(c.order).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// Create adds a child to record id.
func (c childOf[T]) Create(ctx context.Context, id int64, in T) (T, error) {
	return c.write(ctx, id, in, false)
}

// Update changes a child of record id (the body names it by its id).
func (c childOf[T]) Update(ctx context.Context, id int64, in T) (T, error) {
	return c.write(ctx, id, in, true)
}

func (c childOf[T]) write(ctx context.Context, id int64, in T, update bool) (T, error) {
	r, err := c.s.find(ctx, c.s.db, id)
	if err != nil {
		return in, err
	}
	if err := c.check(ctx, r, &in); err != nil {
		return in, err
	}
	base, recordID := c.parts(&in)
	*recordID = id
	now := c.s.now()
	base.UpdatedAt = now
	err = db.InTx(ctx, c.s.db, func(ctx context.Context, tx bun.Tx) error {
		if !update {
			base.ID, base.CreatedAt = 0, now
			_, err := tx.NewInsert().Model(&in).Returning("id").Exec(ctx)
			return err
		}
		cur := new(T)
		curBase, _ := c.parts(cur)
		if err := tx.NewSelect().Model(cur).Where("id = ?", base.ID).Where("record_id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return c.notFound()
		} else if err != nil {
			return httpx.Internal(err)
		}
		base.CreatedAt = curBase.CreatedAt
		_, err := tx.NewUpdate().Model(&in).WherePK().Where("record_id = ?", id).ExcludeColumn("created_at").Exec(ctx)
		return err
	})
	if err != nil {
		return in, httpx.AsError(err)
	}
	out := new(T) // as stored
	if err := c.s.db.NewSelect().Model(out).Where("id = ?", base.ID).Scan(ctx); err != nil {
		return in, httpx.Internal(err)
	}
	return *out, nil
}

// Delete removes children ids of record id (all of them, or none: 404).
func (c childOf[T]) Delete(ctx context.Context, id int64, ids []int64) error {
	if _, err := c.s.find(ctx, c.s.db, id); err != nil {
		return err
	}
	ids = uniq.Of(ids)
	return db.InTx(ctx, c.s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*T)(nil)).Where("id IN (?)", bun.List(ids)).Where("record_id = ?", id).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); int(n) != len(ids) {
			return c.notFound() // rolled back: nothing removed
		}
		return nil
	})
}
