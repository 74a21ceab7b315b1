package member

import (
	"context"
	"database/sql"
	"errors"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The caller's own member record (the party member's home): found by the
// link dyjbxx.user_id = the signed-in account, never by an id a request
// names, so that nobody reaches another person's record this way. It does
// not go through the data scope: one's own record is always one's own,
// whatever roles (and missing anchors) the account has besides.

// ownRow reads the member record linked to the caller's account (nil: none).
func (s *Service) ownRow(ctx context.Context) (*memberRow, error) {
	p := rbac.From(ctx)
	if p == nil || p.UserID == 0 {
		return nil, nil
	}
	row := new(memberRow)
	err := s.baseQuery(s.db).Where("m.user_id = ?", p.UserID).Scan(ctx, row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return row, nil
}

// Own is the caller's own member record with the ID number and phone masked
// as the member list masks them; nil when no record is linked to the account.
func (s *Service) Own(ctx context.Context) (*MemberView, error) {
	row, err := s.ownRow(ctx)
	if err != nil || row == nil {
		return nil, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	v := s.view(row, l, false)
	return &v, nil
}

// OwnTrail is a page of the change trail of the caller's own member record,
// newest first (masked as every trail is); empty when none is linked.
func (s *Service) OwnTrail(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	row, err := s.ownRow(ctx)
	if err != nil || row == nil {
		return httpx.NewPage([]audit.Labelled{}, 0), err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return trail.Page(ctx, s.db, row.ID, lq, l.Label)
}
