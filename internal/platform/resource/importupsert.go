package resource

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
)

// Upsert is a validated row of an import that adds a record or replaces a
// live one: Record is the checked record, Current the record it replaces as
// read (nil when it adds one).
type Upsert[M, V any] struct {
	Record  M
	Current *V
}

// ImportUpsert declares the import of a resource whose rows each add a
// record or replace the live record they name by key (a member's fee base
// from a month). validate reads every valid row into an *Upsert (Row.Data),
// with the record it replaces read through idb; the kit then marks the row
// new or changed. A commit revalidates inside its transaction, so the
// records read are current, and saves the rows in file order through the
// resource's save path: an insert with its ADD entry (导入, ORIGIN
// SYSTEM_IMPORT) or an update over the record read with its UPDATE entry
// (导入更新, SYSTEM_IMPORT_UPDATE); a row that changes nothing writes
// nothing. Both run as the importer (rbac.With), whose scope the writes keep.
// res is read at the commit, so that a module describes its import before
// (or without) building its resource.
//
// Next to ImportNew: the imports that update live records by key — a
// meeting's attendance by member, a ballot's voters, a party school class's
// results by trainee, a cadre's yearly assessment by cadre and year — are
// declared on it.
func ImportUpsert[M, V, I, O any](res func() *Viewed[M, V, I, O], d imports.Decl,
	validate func(ctx context.Context, idb bun.IDB, rows []*imports.Row) error) imports.Kind {
	return imports.Declare(d,
		func(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*imports.Row) error {
			if err := validate(rbac.With(ctx, p), idb, rows); err != nil {
				return err
			}
			for _, r := range rows {
				if u, ok := r.Data.(*Upsert[M, V]); ok && r.Status != imports.StatusInvalid {
					r.Status = imports.StatusNew
					if u.Current != nil {
						r.Status = imports.StatusChanged
					}
				}
			}
			return nil
		},
		func(ctx context.Context, tx bun.Tx, p *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
			ctx = rbac.With(ctx, p)
			// The trail's labels are read once for all the rows.
			rc := *res()
			label, err := rc.labels(ctx)
			if err != nil {
				return err
			}
			rc.Labels = func(context.Context) (audit.Labeller, error) { return label, nil }
			return imports.Each(rows, func(r *imports.Row, u *Upsert[M, V]) error {
				origin := audit.OriginSystemImport
				if u.Current != nil {
					origin = audit.OriginSystemImportUpdate
				}
				id, err := rc.save(ctx, tx, u.Record, u.Current, origin, nil)
				if err != nil && rc.WriteError != nil {
					return rc.WriteError(err, &u.Record) // a record of the key added meanwhile
				}
				r.TargetID = &id
				return err
			})
		})
}
