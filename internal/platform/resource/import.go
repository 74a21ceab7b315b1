package resource

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
)

// Prepared is what an import's validation reads once for all its rows: the
// dictionaries of the Code fields, the Ref column's resolver, and the save
// path's check with what it needs (labels, scope, today) already read.
type Prepared[M any] struct {
	Dicts *imports.Dicts
	Ref   RefCell
	Check func(M) (M, error)
}

// ImportNew declares the import of a resource whose rows are each a new
// record: the template is the fields' (unless d.Cols is set), every row is
// read by the fields and checked by prepare's Check, and the commit inserts
// the rows in file order through the resource's save path (with their ADD
// trail entries, ORIGIN SYSTEM_IMPORT). res is read at the commit, so that
// a module describes its import before (or without) building its resource.
func ImportNew[M, V any](res func() *Resource[M, V], d imports.Decl, fs Fields[M], prepare func(ctx context.Context, idb bun.IDB) (Prepared[M], error)) imports.Kind {
	if d.Cols == nil {
		d.Cols = fs.ImportColumns()
	}
	return imports.Declare(d,
		func(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
			p, err := prepare(ctx, idb)
			if err == nil {
				fs.ReadNew(rows, p.Dicts, p.Ref, p.Check)
			}
			return err
		},
		func(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
			return imports.Each(rows, func(_ *imports.Row, m M) error {
				_, err := res().Insert(ctx, tx, m, audit.OriginSystemImport)
				return err
			})
		})
}
