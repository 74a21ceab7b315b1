package member

import (
	"context"
	"database/sql"
	"errors"
	"zhdj/internal/platform/date"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/system"
)

// A member record may be linked to one account (dyjbxx.user_id, unique):
// the account then sees its own record (the SELF scope). The link changes
// only with PermAccount, and only to an account the caller manages
// (internal/account makes, links and unlinks them; the member form checks
// the same when it sends userId).

// PermAccount is the permission to link, unlink and make members' accounts.
const PermAccount = "dy:account"

// Holder is a member as making or linking their account needs them.
type Holder struct {
	ID               int64  `bun:"id" json:"id"`
	Name             string `bun:"name" json:"name"`
	StaffOrStudentNo string `bun:"staff_or_student_no" json:"staffOrStudentNo"`
	OrgID            int64  `bun:"org_id" json:"orgId"`
	OrgPath          string `bun:"org_path" json:"-"`
	UnitDeptID       *int64 `bun:"unit_dept_id" json:"unitDeptId"`
	MemberStatus     string `bun:"member_status" json:"-"`
	// UnderWatchSince: under 留党察看 since then ("" when not, or rights restored).
	UnderWatchSince date.Date `bun:"under_watch_since" json:"-"`
	UserID          *int64    `bun:"user_id" json:"userId"`
	Username        string    `bun:"username" json:"username"` // the linked account's
}

// holderQuery selects holders of the caller's scope.
func (s *Service) holderQuery(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().TableExpr("dyjbxx AS m").
		ColumnExpr("m.id, m.name, m.staff_or_student_no, m.org_id, z.path AS org_path, m.unit_dept_id, m.member_status, m.under_watch_since, m.user_id").
		ColumnExpr("COALESCE(au.username, '') AS username").
		Join("JOIN dzz AS z ON z.id = m.org_id").
		Join("LEFT JOIN sys_user AS au ON au.id = m.user_id")
	return sc.apply(q), nil
}

// Holder reads one member of the caller's scope (404 otherwise) through idb.
func (s *Service) Holder(ctx context.Context, idb bun.IDB, id int64) (Holder, error) {
	q, err := s.holderQuery(ctx, idb)
	if err != nil {
		return Holder{}, err
	}
	var h Holder
	err = q.Where("m.id = ?", id).Scan(ctx, &h)
	if errors.Is(err, sql.ErrNoRows) {
		return h, ErrNoMember()
	} else if err != nil {
		return h, httpx.Internal(err)
	}
	return h, nil
}

// Holders reads the members of the caller's scope in normal status whose
// organisation lies under the path prefix under ("" = the whole scope),
// in id order after afterID, at most limit of them.
func (s *Service) Holders(ctx context.Context, under string, afterID int64, limit int64) ([]Holder, error) {
	q, err := s.holderQuery(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if under != "" {
		q = q.Where("z.path LIKE ?", under+"%")
	}
	var out []Holder
	if err := q.Where("m.member_status = ?", StatusNormal).Where("m.id > ?", afterID).OrderExpr("m.id").Limit(limit).
		Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// HoldersByPhone reads the members in good standing of the caller's scope
// whose phone is phone (through its blind index), at most a few.
func (s *Service) HoldersByPhone(ctx context.Context, phone string) ([]Holder, error) {
	return s.holdersWhere(ctx, "m.phone_idx IN (?)", bun.In(s.cipher.Indexes(phone)))
}

// HoldersByNumber reads the members in good standing of the caller's scope
// whose staff or student number is no.
func (s *Service) HoldersByNumber(ctx context.Context, no string) ([]Holder, error) {
	return s.holdersWhere(ctx, "m.staff_or_student_no = ?", no)
}

func (s *Service) holdersWhere(ctx context.Context, cond string, arg any) ([]Holder, error) {
	q, err := s.holderQuery(ctx, s.db)
	if err != nil {
		return nil, err
	}
	var out []Holder
	if err := q.Where(cond, arg).Where("m.member_status = ?", StatusNormal).OrderExpr("m.id").Limit(5).Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// HoldersOf reads the members of the caller's scope with these ids (a
// missing or out-of-scope one is simply absent).
func (s *Service) HoldersOf(ctx context.Context, ids []int64) (map[int64]Holder, error) {
	out := map[int64]Holder{}
	if len(ids) == 0 {
		return out, nil
	}
	q, err := s.holderQuery(ctx, s.db)
	if err != nil {
		return nil, err
	}
	var rows []Holder
	if err := q.Where("m.id IN (?)", bun.In(ids)).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, h := range rows {
		out[h.ID] = h
	}
	return out, nil
}

// LinkedTo names the members (whatever the caller's scope) linked to the
// accounts: who holds an account a link would take.
func (s *Service) LinkedTo(ctx context.Context, idb bun.IDB, userIDs []int64) (map[int64]string, error) {
	members, err := s.accountMembers(ctx, idb, userIDs)
	out := make(map[int64]string, len(members))
	for id, m := range members {
		out[id] = m.Name
	}
	return out, err
}

// accountMembers is the member (id and name, whatever the caller's scope)
// linked to each of the accounts.
func (s *Service) accountMembers(ctx context.Context, idb bun.IDB, userIDs []int64) (map[int64]system.IDName, error) {
	out := map[int64]system.IDName{}
	for start := 0; start < len(userIDs); start += 500 {
		var rows []struct {
			UserID int64  `bun:"user_id"`
			ID     int64  `bun:"id"`
			Name   string `bun:"name"`
		}
		if err := idb.NewSelect().Model((*Member)(nil)).Column("user_id", "id", "name").
			Where("user_id IN (?)", bun.In(userIDs[start:min(start+500, len(userIDs))])).Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, r := range rows {
			out[r.UserID] = system.IDName{ID: r.ID, Name: r.Name}
		}
	}
	return out, nil
}

// SetAccount links member id (of the caller's scope) to the account userID
// (nil: unlinks it) inside tx, with a trail entry (关联账号). The caller has
// checked that it may (PermAccount, an account it manages); an account
// linked to another member is a 409.
func (s *Service) SetAccount(ctx context.Context, tx bun.Tx, id int64, userID *int64) error {
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return err
	}
	var cur Member
	if err := sc.apply(tx.NewSelect().Model(&cur).Where("m.id = ?", id)).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return ErrNoMember()
	} else if err != nil {
		return httpx.Internal(err)
	}
	if sameAccount(cur.UserID, userID) {
		return nil
	}
	if userID != nil {
		taken, err := tx.NewSelect().Model((*Member)(nil)).Where("user_id = ?", *userID).Where("id <> ?", id).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if taken > 0 {
			return errUserTaken()
		}
	}
	before, err := record.NameOf(ctx, tx, "sys_user", "username", cur.UserID)
	if err != nil {
		return httpx.Internal(err)
	}
	after, err := record.NameOf(ctx, tx, "sys_user", "username", userID)
	if err != nil {
		return httpx.Internal(err)
	}
	next := cur
	next.UserID, next.UpdatedAt = userID, s.now()
	if err := trail.OneRow(tx.NewUpdate().Model(&next).Column("user_id", "updated_at").WherePK().
		Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)); err != nil {
		return mapErr(err)
	}
	e, err := trail.Entry(ctx, id, audit.TypeUpdate, audit.OriginUserUpdate, []audit.Change{trail.Change("user", before, after)}, &next)
	if err != nil {
		return httpx.Internal(err)
	}
	return audit.InsertEntries(ctx, tx, []audit.Entry{e})
}

func sameAccount(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// checkAccountLink is the member form's part of the rule: sending a new
// userId needs PermAccount and an account the caller manages.
func (s *Service) checkAccountLink(ctx context.Context, userID int64) error {
	if !rbac.From(ctx).Has(PermAccount) {
		return httpx.Forbidden("没有关联党员账号的权限")
	}
	accounts, err := s.sys.MemberAccounts(ctx)
	if err != nil {
		return err
	}
	if _, err := accounts.ByID(ctx, userID); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == 404 {
			return httpx.Invalid("userId", "所选账号不存在")
		}
		return err
	}
	return nil
}

// Names returns the names of the given members, whatever the caller's scope
// (a name is what another module's record shows next to a member it points
// at: a sponsor, a signer); a missing id is simply absent.
func (s *Service) Names(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Member
	if err := s.db.NewSelect().Model(&rows).Column("m.id", "m.name").Where("m.id IN (?)", bun.List(ids)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}
