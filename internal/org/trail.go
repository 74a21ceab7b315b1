package org

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// TrailModule is the organisation's module id in the change trail (change_trail.module).
const TrailModule = 20

// trail declares the organisation trail (组织变动轨迹).
var trail = fields.Decl(TrailModule, "党组织")

// view is o's raw trail view (trail.Changes labels and compares it), with
// the names of its parent and unit read.
func (s *Service) view(ctx context.Context, idb bun.IDB, o *Org) (map[string]string, error) {
	return fields.TrailView(ctx, idb, o)
}

// trails serves the organisation trail's endpoints: an organisation of the
// caller's scope, the trail across the scope, and the restore.
func (s *Service) trails() record.Trail {
	return record.Trail{Decl: trail, DB: s.db,
		Find: func(ctx context.Context, id int64) error {
			_, err := s.Find(ctx, id)
			return err
		},
		Labels: record.LabelsOf(func(ctx context.Context) (system.DictLabels, error) {
			return s.sys.DictLabels(ctx, audit.DictType, audit.DictOrigin)
		}),
		Join: "JOIN dzz AS z ON z.id = ct.record_id", Name: "z.name",
		Scope: s.Scoped("z.id"), Gone: s.Scoped("ct.anchor_id")}
}

// Restore puts back the organisation's fields as a trail entry's snapshot
// recorded them (not its parent or path: a move is undone with Move, nor
// its status: a revocation is an operation of its own). The restore is a
// trail entry itself, ORIGIN=USER_RESTORE.
func (s *Service) Restore(ctx context.Context, in record.RestoreInput) error {
	_, err := record.Restore(ctx, s.trails(), in, func(ctx context.Context, snap *Org, e *audit.Entry) (struct{}, error) {
		wc, err := s.prepare(ctx)
		if err != nil {
			return struct{}{}, err
		}
		restore := *snap
		restore.ID, restore.PID = e.RecordID, nil
		return struct{}{}, s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := s.update(ctx, tx, wc, restore, audit.OriginUserRestore, &e.ID); err != nil {
				var he *httpx.Error
				if errors.As(err, &he) && he.Status == 404 { // deleted meanwhile
					return audit.ErrNoEntry()
				}
				return err
			}
			return nil
		})
	})
	return err
}
