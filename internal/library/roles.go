package library

import (
	"context"

	"zhdj/internal/audience"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// A document or a help section may be kept for some roles (internal/audience:
// empty for every role), matched on the rows the organisation index already
// narrowed (documents) or on the few help sections.

// roleOptions are the roles a publisher may keep a record for.
func (s *Service) roleOptions(ctx context.Context) ([]system.RoleBrief, error) {
	out, err := s.sys.RoleBriefs(ctx, s.db)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// readerOf is the caller as a reader of documents and help sections.
func (s *Service) readerOf(ctx context.Context) (audience.Reader, error) {
	return audience.ReaderOf(ctx, s.orgs, s.sys)
}
