package org

import (
	"context"
	"database/sql"
	"errors"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Card is a party organisation as its own members see it on their home
// (党员首页): where it sits, who leads it and how to reach it.
type Card struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	TypeLabel string `json:"typeLabel"`
	Live      bool   `json:"live"` // false: revoked (撤销)
	// PathNames are the names from the university's committee down to the
	// organisation itself, e.g. 学校党委 › 计算机学院党委 › 计算机教工党支部.
	PathNames     []string  `json:"pathNames"`
	SecretaryName string    `json:"secretaryName"`
	Committee     []string  `json:"committee"`
	TermStart     date.Date `json:"termStart"`
	TermEnd       date.Date `json:"termEnd"`
	ContactPhone  string    `json:"contactPhone"` // the organisation's own contact, not a person's
}

// CardOf reads organisation id whatever the caller's data scope. It is for
// the organisation a caller belongs to, found through their own member
// record (a member's SELF scope holds no organisation), never for an id a
// request names: that goes through Find and the scope.
func (s *Service) CardOf(ctx context.Context, id int64) (*Card, error) {
	o := new(Org)
	err := s.db.NewSelect().Model(o).ColumnExpr("z.*").Where("z.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	ids := pathIDs(o.Path)
	names, err := s.Names(ctx, ids)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	c := &Card{ID: o.ID, Name: o.Name, TypeLabel: l.typeLabel(o.Type), Live: o.Live(), PathNames: make([]string, 0, len(ids)),
		SecretaryName: o.SecretaryName, Committee: []string(o.Committee), TermStart: o.TermStart, TermEnd: o.TermEnd,
		ContactPhone: o.ContactPhone}
	for _, a := range ids {
		c.PathNames = append(c.PathNames, names[a])
	}
	if c.Committee == nil {
		c.Committee = []string{}
	}
	return c, nil
}
