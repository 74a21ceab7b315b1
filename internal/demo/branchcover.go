package demo

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
)

// coverage gives every branch the classes of its student members and the
// units of its teacher and staff members (with those of its party groups),
// so that the demo's branch secretaries see their classes or their units in
// the people registry (internal/people/branchcover.go). Two statements, after
// the members' indexes are back.
func (w *writer) coverage(ctx context.Context) error {
	for _, q := range []struct{ table, column, people, value string }{
		{"ry_cover_class", "class_id", "xsjbxx", "p.class_id"},
		{"ry_cover_unit", "unit_dept_id", "jsjbxx", "p.unit_dept_id"},
	} {
		if _, err := w.tx.NewRaw(`INSERT INTO ? (dzz_id, ?)
			SELECT DISTINCT b.id, ?
			FROM dyjbxx AS m
			JOIN dzz AS z ON z.id = m.org_id
			JOIN dzz AS b ON b.id = CASE WHEN z.type = ? THEN z.pid ELSE z.id END
			JOIN ? AS p ON p.id_number_idx = m.id_number_idx
			WHERE m.id_number_idx <> '' AND ? IS NOT NULL AND b.type IN (?)`,
			bun.Ident(q.table), bun.Ident(q.column), bun.Safe(q.value), org.TypeGroup, bun.Ident(q.people), bun.Safe(q.value),
			bun.In([]string{org.TypeBranch, org.TypeDirectBranch})).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
