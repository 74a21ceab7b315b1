package query

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/query"
	"zhdj/internal/platform/rbac"
)

// Saved is a saved query (a row of tjfx_query). A shared one is listed for
// every holder of zhcx:list: it shares the question, never the answer —
// whoever runs it sees the rows of their own scope (an organisation of the
// query outside it is refused). Only its owner edits or deletes it.
type Saved struct {
	bun.BaseModel `bun:"table:tjfx_query,alias:sq"`

	ID        int64      `bun:"id,pk,autoincrement" json:"id"`
	Name      string     `bun:"name" json:"name"`
	Source    string     `bun:"source" json:"source"`
	Filter    kit.Filter `bun:"filter,type:text" json:"filter"`
	Columns   []string   `bun:"columns,type:text" json:"columns"`
	Shared    bool       `bun:"shared" json:"shared"`
	OwnerID   int64      `bun:"owner_id" json:"ownerId"`
	CreatedAt time.Time  `bun:"created_at" json:"createTime"`
	UpdatedAt time.Time  `bun:"updated_at" json:"updateTime"`
	// Mine: the caller owns it (may edit and delete it).
	Mine bool `bun:"-" json:"mine"`
}

func errNoSaved() *httpx.Error { return httpx.NotFound("查询不存在") }

// ListSaved lists the caller's own queries and the shared ones, newest first
// (GET /api/zhcx/saved).
func (s *Service) ListSaved(ctx context.Context) ([]Saved, error) {
	me := rbac.UserID(ctx)
	out := []Saved{}
	if err := s.db.NewSelect().Model(&out).WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		return g.Where("sq.owner_id = ?", me).WhereOr("sq.shared = ?", true)
	}).OrderExpr("sq.updated_at DESC, sq.id DESC").Limit(200).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		out[i].Mine = out[i].OwnerID == me
	}
	return out, nil
}

// check validates a query to save: a name, a known source, a filter and
// columns the source allows (as a run would check them).
func (s *Service) check(ctx context.Context, in *Saved) error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return httpx.Invalid("name", "请填写查询名称")
	}
	if len([]rune(in.Name)) > 50 {
		return httpx.Invalid("name", "查询名称不能超过 50 个字")
	}
	src := s.source(in.Source)
	if src == nil {
		return errNoSource()
	}
	if _, err := kit.Columns(src, in.Columns); err != nil {
		return err
	}
	env, _, err := s.env(ctx, src)
	if err != nil {
		return err
	}
	if in.Columns == nil {
		in.Columns = []string{}
	}
	return kit.Validate(ctx, src, in.Filter, env)
}

// CreateSaved saves a query of the caller's (POST /api/zhcx/saved).
func (s *Service) CreateSaved(ctx context.Context, in Saved) (Saved, error) {
	if err := s.check(ctx, &in); err != nil {
		return Saved{}, err
	}
	now := time.Now().UTC()
	in.ID, in.OwnerID, in.CreatedAt, in.UpdatedAt, in.Mine = 0, rbac.UserID(ctx), now, now, true
	if _, err := s.db.NewInsert().Model(&in).Returning("id").Exec(ctx); err != nil {
		return Saved{}, httpx.Internal(err)
	}
	return in, nil
}

// own reads saved query id if the caller owns it; a shared query of
// another's is 403 (it is listed), anything else 404.
func (s *Service) own(ctx context.Context, idb bun.IDB, id int64) (*Saved, error) {
	row := new(Saved)
	err := idb.NewSelect().Model(row).Where("sq.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSaved()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	if row.OwnerID != rbac.UserID(ctx) {
		if row.Shared {
			return nil, httpx.Forbidden("只有创建者可以修改或删除该查询")
		}
		return nil, errNoSaved()
	}
	return row, nil
}

// UpdateSaved changes a query of the caller's (PUT /api/zhcx/saved).
func (s *Service) UpdateSaved(ctx context.Context, in Saved) (Saved, error) {
	if in.ID <= 0 {
		return Saved{}, errNoSaved()
	}
	if err := s.check(ctx, &in); err != nil {
		return Saved{}, err
	}
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row, err := s.own(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		in.OwnerID, in.CreatedAt, in.UpdatedAt, in.Mine = row.OwnerID, row.CreatedAt, time.Now().UTC(), true
		_, err = tx.NewUpdate().Model(&in).Column("name", "source", "filter", "columns", "shared", "updated_at").WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		return Saved{}, asHTTP(err)
	}
	return in, nil
}

// DeleteSaved deletes queries of the caller's (DELETE /api/zhcx/saved);
// one not theirs refuses them all.
func (s *Service) DeleteSaved(ctx context.Context, ids []int64) error {
	return asHTTP(s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		for _, id := range ids {
			if _, err := s.own(ctx, tx, id); err != nil {
				return err
			}
		}
		_, err := tx.NewDelete().Model((*Saved)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return err
	}))
}

func asHTTP(err error) error {
	var he *httpx.Error
	if err == nil || errors.As(err, &he) {
		return err
	}
	return httpx.Internal(err)
}
