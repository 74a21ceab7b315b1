package resource

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Picker declares the picker of a record type (spec §7, /api/common/…): a
// light, searchable page of the caller's records for the selects of forms.
// Its rows T are scanned from From with its Joins and Columns, restricted by
// Scope, filtered and sorted by Spec; Defaults are filters applied unless
// the caller gives them (a picker lists live records unless asked
// otherwise); Finish, when set, is read once per page and fills what SQL
// does not (dictionary labels).
type Picker[T any] struct {
	DB       bun.IDB
	From     string   // the table and its alias: "dw_ldbz AS t"
	Joins    []string // e.g. "JOIN sys_dept AS d ON d.id = t.dept_id"
	Columns  []string // column expressions, aliased to T's bun names
	Scope    record.Restriction
	Spec     httpx.ListSpec
	Defaults map[string]any
	Finish   func(ctx context.Context) (func(*T), error)
}

// Page answers one page of the picker (GET through httpx.ReadPicker).
func (p *Picker[T]) Page(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[T], error) {
	restrict, err := p.Scope(ctx)
	if err != nil {
		return httpx.PageResult[T]{}, err
	}
	q := p.DB.NewSelect().TableExpr(p.From)
	for _, c := range p.Columns {
		q = q.ColumnExpr(c)
	}
	for _, j := range p.Joins {
		q = q.Join(j)
	}
	each := func(*T) {}
	if p.Finish != nil {
		if each, err = p.Finish(ctx); err != nil {
			return httpx.PageResult[T]{}, err
		}
	}
	for name, v := range p.Defaults {
		lq = lq.WithDefault(name, v)
	}
	return httpx.PagedEach(ctx, restrict(q), p.Spec, lq, each)
}

// Node is a record of a tree as its picker shows it (organisations, units):
// the tree select builds the tree from id and pid.
type Node struct {
	ID         int64  `bun:"id" json:"id"`
	PID        *int64 `bun:"pid" json:"pid"`
	Name       string `bun:"name" json:"name"`
	ShortName  string `bun:"short_name" json:"shortName"`
	Type       string `bun:"type" json:"type"`
	TypeLabel  string `bun:"-" json:"typeLabel"`
	ParentName string `bun:"parent_name" json:"parentName"`
}
