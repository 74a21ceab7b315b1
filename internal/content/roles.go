package content

import (
	"context"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// An item may be kept for some roles (internal/audience: empty for every
// role), matched with one LIKE per held role on the rows the organisation
// index already narrowed.

// roleOptions are the roles a writer may keep an item for.
func (s *Service) roleOptions(ctx context.Context) ([]system.RoleBrief, error) {
	out, err := s.sys.RoleBriefs(ctx, s.db)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
