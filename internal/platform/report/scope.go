package report

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Orgs is what a report needs of the organisations (org.Service): the
// caller's scope as a restriction of a column, whether an organisation is
// in it, and an organisation's materialised path (its subtree's prefix).
type Orgs interface {
	InScope(ctx context.Context, id int64) (bool, error)
	Scoped(column string) record.Restriction
	SubtreePath(ctx context.Context, id int64) (prefix string, ok bool, err error)
}

// On names the columns of a report's select that Restrict applies to.
type On struct {
	// Org is the organisation of a row: the caller's scope is applied to it
	// and, without Path, the chosen organisation's subtree.
	Org string
	// Path, when set, is the organisation path frozen on the row (a due
	// keeps the path of its month): the subtree is then read from it.
	Path string
}

// Restrict limits sel to the rows of the caller's scope and of the subtree
// of the organisation q chose (when it chose one).
func Restrict(ctx context.Context, orgs Orgs, q Query, sel *bun.SelectQuery, on On) (*bun.SelectQuery, error) {
	scope, err := orgs.Scoped(on.Org)(ctx)
	if err != nil {
		return nil, err
	}
	if q.OrgID != 0 {
		if on.Path != "" {
			prefix, ok, err := orgs.SubtreePath(ctx, q.OrgID)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			if !ok {
				return nil, httpx.NotFound("党组织不存在")
			}
			sel = sel.Where("? LIKE ?", bun.Safe(on.Path), prefix+"%")
		} else {
			sel = sel.Where(SubtreeOf, bun.Safe(on.Org), q.OrgID)
		}
	}
	return scope(sel), nil
}

// SubtreeOf is the condition that an organisation column (the first
// argument) is the organisation of the second or one below it.
const SubtreeOf = "? IN (SELECT stz.id FROM dzz AS stz JOIN dzz AS str ON stz.path LIKE str.path || '%' WHERE str.id = ?)"
