package resource_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
)

// An upsert import: a row naming a live record replaces it through the
// save path (导入更新), one naming none adds one (导入), one the same as
// its record writes nothing; the rows are marked changed and new.
func TestImportUpsert(t *testing.T) {
	t.Parallel()
	res, database := notes(t)
	mine := context.WithValue(context.Background(), ownerKey{}, int64(1))
	a, _ := res.Create(mine, note{Text: "甲"})
	same, _ := res.Create(mine, note{Text: "同"})
	kind := resource.ImportUpsert(func() *resource.Resource[note, noteView] { return res }, imports.Decl{Key: "note", Label: "便签"},
		func(ctx context.Context, idb bun.IDB, rows []*imports.Row) error {
			for _, r := range rows {
				u := &resource.Upsert[note, noteView]{Record: note{Owner: 1, Text: r.Cells["text"]}}
				for _, id := range []int64{a.ID, same.ID} {
					if v, err := res.FindIn(ctx, idb, id); err == nil && r.Cells["replaces"] == v.Text {
						u.Current = v
					}
				}
				r.Data = u
			}
			return nil
		})
	rows := []*imports.Row{{RowNo: 2, Cells: map[string]string{"replaces": "甲", "text": "乙"}},
		{RowNo: 3, Cells: map[string]string{"text": "丙"}}, {RowNo: 4, Cells: map[string]string{"replaces": "同", "text": "同"}}}
	p := &rbac.Principal{UserID: 1, Username: "importer"}
	if err := kind.Validate(mine, database, p, rows); err != nil || rows[0].Status != imports.StatusChanged ||
		rows[1].Status != imports.StatusNew || rows[2].Status != imports.StatusChanged {
		t.Fatalf("validate: %v %s %s %s", err, rows[0].Status, rows[1].Status, rows[2].Status)
	}
	if err := db.InTx(mine, database, func(ctx context.Context, tx bun.Tx) error {
		return kind.Commit(ctx, tx, p, nil, rows)
	}); err != nil {
		t.Fatal(err)
	}
	if v, err := res.Detail(mine, a.ID); err != nil || v.Text != "乙" || *rows[0].TargetID != a.ID {
		t.Fatalf("replaced: %+v %v", v, err)
	}
	if e, n, err := audit.List(mine, database, 98, a.ID, 10, 0); err != nil || n != 2 || e[0].Type != audit.TypeUpdate ||
		e[0].Origin != audit.OriginSystemImportUpdate {
		t.Fatalf("replaced record's trail: %d %+v %v", n, e, err)
	}
	added := *rows[1].TargetID
	if e, n, err := audit.List(mine, database, 98, added, 10, 0); err != nil || n != 1 || e[0].Type != audit.TypeAdd ||
		e[0].Origin != audit.OriginSystemImport {
		t.Fatalf("added record's trail: %d %+v %v", n, e, err)
	}
	if _, n, err := audit.List(mine, database, 98, same.ID, 10, 0); err != nil || n != 1 || *rows[2].TargetID != same.ID {
		t.Fatalf("unchanged record: %d entries %v", n, err)
	}
}
