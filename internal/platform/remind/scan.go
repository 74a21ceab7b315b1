package remind

import (
	"context"

	"zhdj/internal/platform/date"
)

// Scan is the usual Finder: read lists the candidate records (the open
// ones, narrowed by until where the query can), due gives each its Due by
// the kind's rule, and those falling due after until, or on no date, are
// left out. A kind's own code is then only its query and its rule.
func Scan[R any](read func(ctx context.Context, until date.Date) ([]R, error),
	due func(ctx context.Context, r R) (Due, error)) Finder {
	return FinderFunc(func(ctx context.Context, until date.Date) ([]Due, error) {
		rows, err := read(ctx, until)
		if err != nil {
			return nil, err
		}
		var out []Due
		for _, r := range rows {
			d, err := due(ctx, r)
			if err != nil {
				return nil, err
			}
			if d.DueOn.IsZero() || d.DueOn.After(until) {
				continue
			}
			out = append(out, d)
		}
		return out, nil
	})
}
