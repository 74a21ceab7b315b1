package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/tally"
)

// The user list's total. Unfiltered, for a caller who sees every account,
// it is the number of accounts (package tally keeps it) less the
// administrators' when the caller is not one (they are hidden from it);
// counting the 20,000 accounts of a school was most of a plain page's cost.

// userCountMigration starts the tally of sys_user, and indexes the few
// administrators so that their number is read, not counted over the table.
func userCountMigration() db.Migration {
	return db.Migration{Version: 2026121299, Name: "accounts: their number kept by the tally; administrators indexed",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := tally.Keep(ctx, tx, "sys_user"); err != nil {
				return err
			}
			return db.DDL(ctx, tx, `CREATE INDEX idx_sys_user_admins ON sys_user (id) WHERE is_admin = TRUE`)
		}}
}

// userTotal is spec's Total for a list of every account the caller may see
// (unrestricted scope, no condition beyond the filters).
func (s *Service) userTotal(admin bool) func(ctx context.Context) (int, error) {
	return func(ctx context.Context) (int, error) {
		n, err := tally.Count(ctx, s.db, "sys_user")
		if err != nil || admin {
			return n, err
		}
		var admins []int64
		if err := db.ScanPrepared(ctx, s.db, `SELECT COUNT(*) FROM sys_user WHERE is_admin = TRUE`, nil, &admins); err != nil {
			return 0, err
		}
		if len(admins) == 1 {
			n -= int(admins[0])
		}
		return n, nil
	}
}

// userListSpecFor is the user list's spec for the caller, with the total
// read rather than counted when nothing narrows the list but its filters.
func (s *Service) userListSpecFor(ctx context.Context, extra func(*bun.SelectQuery) *bun.SelectQuery) (httpx.ListSpec, error) {
	spec := s.userSpec(ctx)
	if extra != nil {
		return spec, nil
	}
	scope, err := s.DeptScopeOf(ctx)
	if err != nil {
		return spec, httpx.Internal(err)
	}
	if scope.All {
		spec.Total = s.userTotal(rbac.From(ctx).IsAdmin())
	}
	return spec, nil
}
