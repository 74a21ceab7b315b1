package member

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
)

// What other domains read of member records, so that they name no member
// table: the record a form acts on, the status a rule reads, the names a
// reminder gives, the account's own record in a scope, and what a document
// issued about a member prints.

// Record reads member id of the caller's scope through idb as it is stored
// (the personal fields encrypted as the base keeps them): what a domain
// copies onto its own record of the member (a transfer). Outside the scope,
// or missing, it is 党员不存在 (404).
func (s *Service) Record(ctx context.Context, idb bun.IDB, id int64) (*Member, error) {
	row, err := s.find(ctx, idb, id)
	if err != nil {
		return nil, err
	}
	return &row.Member, nil
}

// Brief is a member as a rule or a reminder of another domain reads them.
// It is read whatever the caller's scope (a job has none): the caller shows
// the name only to those who may see the member.
type Brief struct {
	ID           int64  `bun:"id"`
	Name         string `bun:"name"`
	OrgID        int64  `bun:"org_id"`
	MemberStatus string `bun:"member_status"` // DY_ZT
}

// SelectBriefs selects through idb the members in one of statuses (every
// member when none is given) as Brief's columns: a sub-query another domain
// joins its rows to (JOIN (?) AS m ON m.id = …), in one query.
func (s *Service) SelectBriefs(idb bun.IDB, statuses ...string) *bun.SelectQuery {
	q := idb.NewSelect().TableExpr("dyjbxx AS bm").Column("bm.id", "bm.name", "bm.org_id", "bm.member_status")
	if len(statuses) > 0 {
		q = q.Where("bm.member_status IN (?)", bun.List(statuses))
	}
	return q
}

// Numbered is a member as another domain finds them by staff or student number.
type Numbered struct {
	Brief
	StaffOrStudentNo string `bun:"staff_or_student_no"`
	UserID           *int64 `bun:"user_id"` // the linked account
}

// SelectNumbered is SelectBriefs with Numbered's columns, of the members
// that have a number: a sub-query joined by it (JOIN (?) AS m ON
// m.staff_or_student_no = …, served by its index).
func (s *Service) SelectNumbered(idb bun.IDB, statuses ...string) *bun.SelectQuery {
	return s.SelectBriefs(idb, statuses...).Column("bm.staff_or_student_no", "bm.user_id").Where("bm.staff_or_student_no <> ''")
}

// TransferringOut is which of the members are being transferred out of
// their branch (转出中), as the member lists mark them.
func (s *Service) TransferringOut(ctx context.Context, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	outgoing, _, err := event.Ask[Outgoing](ctx, s.bus, s.db, TransfersOut{MemberIDs: ids})
	for id := range outgoing {
		out[id] = true
	}
	return out, err
}

// Briefs reads through idb the members ids that exist and are in one of
// statuses (in any when none is given), by id.
func (s *Service) Briefs(ctx context.Context, idb bun.IDB, ids []int64, statuses ...string) ([]Brief, error) {
	out := []Brief{}
	if len(ids) == 0 {
		return out, nil
	}
	if err := s.SelectBriefs(idb, statuses...).Where("bm.id IN (?)", bun.List(ids)).OrderExpr("bm.id").Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// BriefOf is Briefs of member id alone: 党员不存在 (404) when there is none.
func (s *Service) BriefOf(ctx context.Context, idb bun.IDB, id int64) (Brief, error) {
	out, err := s.Briefs(ctx, idb, []int64{id})
	if err != nil {
		return Brief{}, err
	}
	if len(out) == 0 {
		return Brief{}, ErrNoMember()
	}
	return out[0], nil
}

// LinkedID is a sub-query of the id of the member record linked to
// account userID (none when no record is): a domain that keeps rows per
// member shows an account the rows of its own record, in SQL.
func (s *Service) LinkedID(userID int64) *bun.SelectQuery {
	return s.db.NewSelect().TableExpr("dyjbxx AS lm").Column("lm.id").Where("lm.user_id = ?", userID)
}

// Profile is a member as a document issued about them prints them (a
// letter of introduction): the coded fields as their labels (the code
// itself when the dictionary lacks it), the ID number encrypted as the base
// keeps it (the document opens it only to print).
type Profile struct {
	Name        string    `bun:"name"`
	Gender      string    `bun:"gender"`
	BirthDate   date.Date `bun:"birth_date"`
	Ethnicity   string    `bun:"ethnicity"`
	PartyStatus string    `bun:"party_status"`
	IDNumberEnc string    `bun:"id_number_enc"`
}

// ProfileOf reads member id's profile through idb (the issuing
// transaction), whatever the caller's scope; nil when there is none.
func (s *Service) ProfileOf(ctx context.Context, idb bun.IDB, id int64) (*Profile, error) {
	p := new(Profile)
	err := idb.NewSelect().TableExpr("dyjbxx AS m").
		ColumnExpr("m.name, m.birth_date, m.id_number_enc, COALESCE(m.gender, '') AS gender, COALESCE(m.ethnicity, '') AS ethnicity").
		ColumnExpr("COALESCE(m.party_status, '') AS party_status").Where("m.id = ?", id).Scan(ctx, p)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	const gender, ethnicity, partyStatus = "DJ_COMM_XB", "DJ_COMM_MZXX", "DJ_DY_DJZTXX"
	l, err := s.sys.DictLabels(ctx, gender, ethnicity, partyStatus)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	p.Gender, p.Ethnicity, p.PartyStatus = l.Label(gender, p.Gender), l.Label(ethnicity, p.Ethnicity), l.Label(partyStatus, p.PartyStatus)
	return p, nil
}

// Account is a member with their account (user_id, nil when none is
// linked): what a domain crediting accounts (the party school's 学时)
// sums per member.
type Account struct {
	ID     int64  `bun:"id"`
	Name   string `bun:"name"`
	OrgID  int64  `bun:"org_id"`
	UserID *int64 `bun:"user_id"`
}

// SelectAccounts is SelectBriefs with the member's account (user_id) in
// place of the status, of the members in one of statuses (every member
// when none is given): a sub-query (alias bm inside) another domain joins
// to its rows per account or per member, in one query.
func (s *Service) SelectAccounts(idb bun.IDB, statuses ...string) *bun.SelectQuery {
	q := idb.NewSelect().TableExpr("dyjbxx AS bm").Column("bm.id", "bm.name", "bm.org_id", "bm.user_id")
	if len(statuses) > 0 {
		q = q.Where("bm.member_status IN (?)", bun.List(statuses))
	}
	return q
}
