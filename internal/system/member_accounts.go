package system

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// MemberAccounts makes and changes the accounts of party members (a batch
// from the member base, an organisation's secretary) under the user
// editor's rules, read once per call: the caller gives only roles it could
// grant, places accounts only in its departments and party organisations,
// and changes only accounts it manages. Every new account gets its own
// random initial password (the policy of CreateUser, hashed at the import's
// cost), answered once and changed at first sign-in.
type MemberAccounts struct {
	s      *Service
	g      *grantor
	next   func() (string, error)
	hasher auth.Hasher
	orgOK  map[int64]error // the organisations checked so far
}

// MemberAccounts reads what making and changing members' accounts needs.
func (s *Service) MemberAccounts(ctx context.Context) (*MemberAccounts, error) {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return nil, err
	}
	next, err := s.initialPasswords(ctx)
	if err != nil {
		return nil, err
	}
	return &MemberAccounts{s: s, g: g, next: next, hasher: auth.Hasher{Cost: importPasswordCost}, orgOK: map[int64]error{}}, nil
}

// Role is the role carrying code, refused (403) when the caller may not grant it.
func (a *MemberAccounts) Role(ctx context.Context, code string) (Role, error) {
	var r Role
	err := a.s.db.NewSelect().Model(&r).Where("code = ?", code).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return r, httpx.BadRequest("系统中没有编码为“%s”的角色，请管理员在角色管理中建立", code)
	} else if err != nil {
		return r, httpx.Internal(err)
	}
	return r, a.s.checkGrant(ctx, a.g, []int64{r.ID})
}

// Account is an existing account a member may be linked to.
type Account struct {
	ID       int64  `bun:"id"`
	Username string `bun:"username"`
	NickName string `bun:"nick_name"`
	OrgID    *int64 `bun:"org_id"`
}

// ByUsername reads the accounts with the usernames through idb (to link a
// member to the account their number already names instead of making a second).
func (a *MemberAccounts) ByUsername(ctx context.Context, idb bun.IDB, names []string) (map[string]Account, error) {
	out := map[string]Account{}
	names = uniq.Of(names)
	for start := 0; start < len(names); start += 500 {
		var rows []Account
		if err := idb.NewSelect().Model((*User)(nil)).Column("id", "username", "nick_name", "org_id").
			Where("username IN (?)", bun.In(names[start:min(start+500, len(names))])).Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, r := range rows {
			out[r.Username] = r
		}
	}
	return out, nil
}

// ByID reads an account the caller manages (404 "账号不存在" for any other).
func (a *MemberAccounts) ByID(ctx context.Context, id int64) (Account, error) {
	users, err := a.s.usersManagedBy(ctx, a.g, []int64{id})
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == 404 {
			return Account{}, httpx.NotFound("账号不存在")
		}
		return Account{}, err
	}
	u := users[0]
	return Account{ID: u.ID, Username: u.Username, NickName: u.NickName, OrgID: u.OrgID}, nil
}

// NewMemberAccount is the account of a party member to make.
type NewMemberAccount struct {
	Username string // the member's staff or student number
	NickName string // the member's name
	DeptID   *int64 // the member's unit (a department)
	OrgID    int64  // the party organisation it belongs to (its data scope anchor)
	RoleID   int64  // a role Role answered
	// Password is the one the member chose (self-service registration,
	// proven by an SMS code; the policy checked): hashed at the normal
	// cost and not to be changed at first sign-in. Empty: a random initial one.
	Password string
	// Phone is the account's phone (the one the registration proved), sealed.
	Phone string
}

// Create makes the account inside tx with its own random initial password,
// returned once. The reasons it refuses (400) name the member's data, since
// the account is made from them.
func (a *MemberAccounts) Create(ctx context.Context, tx bun.Tx, in NewMemberAccount) (InitialPassword, error) {
	in.Username = strings.TrimSpace(in.Username)
	switch {
	case in.Username == "":
		return InitialPassword{}, httpx.Invalid("username", "没有学号/工号，不能作为用户名")
	case !usernamePattern.MatchString(in.Username):
		return InitialPassword{}, httpx.Invalid("username", "学号/工号“%s”不能作为用户名（须为2-64位字母、数字或 _ . @ -）", in.Username)
	}
	nick := []rune(strings.TrimSpace(in.NickName))
	if len(nick) > 32 {
		nick = nick[:32]
	}
	switch {
	case in.DeptID == nil && !a.g.depts.All:
		return InitialPassword{}, httpx.Invalid("deptId", "未填写所在单位，不能确定账号所属部门")
	case in.DeptID != nil && !a.g.depts.hasDept(in.DeptID):
		return InitialPassword{}, httpx.Invalid("deptId", "所在单位不在您管理的部门范围内")
	}
	if err := a.orgInScope(ctx, in.OrgID); err != nil {
		return InitialPassword{}, err
	}
	n, err := tx.NewSelect().Model((*User)(nil)).Where("username = ?", in.Username).Count(ctx)
	if err != nil {
		return InitialPassword{}, httpx.Internal(err)
	}
	if n > 0 {
		return InitialPassword{}, httpx.Conflict("用户名 %s 已存在", in.Username)
	}
	plain, state, hasher := in.Password, PwdOK, a.s.hasher
	if plain == "" {
		if plain, err = a.next(); err != nil {
			return InitialPassword{}, err
		}
		state, hasher = PwdInitial, &a.hasher
	}
	hash, err := hasher.Hash(plain)
	if err != nil {
		return InitialPassword{}, httpx.Internal(err)
	}
	now := a.s.now()
	u := &User{Username: in.Username, NickName: string(nick), DeptID: in.DeptID, OrgID: &in.OrgID, PasswordHash: hash,
		PwdState: state, Enabled: true, Activated: true, Stamps: db.StampsAt(now)}
	u.PhoneEnc, u.PhoneIdx = a.s.sealPhone(in.Phone, "", "")
	if _, err := tx.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return InitialPassword{}, httpx.Conflict("用户名 %s 已存在", in.Username)
		}
		return InitialPassword{}, httpx.Internal(err)
	}
	if err := setUserRoles(ctx, tx, u.ID, []int64{in.RoleID}); err != nil {
		return InitialPassword{}, httpx.Internal(err)
	}
	if in.Password != "" {
		plain = "" // the member's own: never answered back
	}
	return InitialPassword{ID: u.ID, Username: u.Username, NickName: u.NickName, InitialPassword: plain}, nil
}

// Grant gives an existing account the role (kept when it holds it already)
// and places it in the party organisation orgID (nil: where it is), inside
// tx. As in the user editor, the caller must manage the account (404), may
// not change its own roles, and gives a role only to an account whose
// organisation lies in its scope.
func (a *MemberAccounts) Grant(ctx context.Context, tx bun.Tx, userID, roleID int64, orgID *int64) error {
	acc, err := a.ByID(ctx, userID)
	if err != nil {
		return err
	}
	held, err := a.s.rolesOf(ctx, tx, userID)
	if err != nil {
		return httpx.Internal(err)
	}
	adds := added([]int64{roleID}, held)
	if len(adds) > 0 && userID == a.g.self && !a.g.admin {
		return httpx.Forbidden("不能修改自己的角色")
	}
	target := acc.OrgID
	if orgID != nil {
		if err := a.orgInScope(ctx, *orgID); err != nil {
			return err
		}
		target = orgID
	}
	if len(adds) > 0 && !a.g.hasOrg(target) {
		return httpx.Forbidden("该账号的党组织不在您的管理范围内，不能为其分配角色")
	}
	if orgID != nil && (acc.OrgID == nil || *acc.OrgID != *orgID) {
		if _, err := tx.NewUpdate().Model((*User)(nil)).Set("org_id = ?", *orgID).Set("updated_at = ?", a.s.now()).
			Where("id = ?", userID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	for _, id := range adds {
		if _, err := tx.ExecContext(ctx, "INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)", userID, id); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}

// Revoke takes the role with the code from an existing account placed in the party
// organisation orgID, inside tx, when it holds the role there: what an
// organisation's replaced secretary loses (the role was granted for that
// organisation; an account placed elsewhere since keeps what it holds).
// As in the user editor, the caller must manage the account (404) and may
// not change its own roles (403). It answers whether a role was taken.
func (a *MemberAccounts) Revoke(ctx context.Context, tx bun.Tx, userID int64, roleCode string, orgID int64) (bool, error) {
	acc, err := a.ByID(ctx, userID)
	if err != nil {
		return false, err
	}
	if acc.OrgID == nil || *acc.OrgID != orgID {
		return false, nil
	}
	if userID == a.g.self && !a.g.admin {
		return false, httpx.Forbidden("不能修改自己的角色")
	}
	res, err := tx.NewDelete().Table("sys_user_role").Where("user_id = ?", userID).
		Where("role_id IN (SELECT id FROM sys_role WHERE code = ?)", roleCode).Exec(ctx)
	if err != nil {
		return false, httpx.Internal(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// orgInScope refuses an organisation outside the caller's scope (400), each
// organisation asked once.
func (a *MemberAccounts) orgInScope(ctx context.Context, id int64) error {
	if err, ok := a.orgOK[id]; ok {
		return err
	}
	err := a.s.checkOrg(ctx, &id)
	if he := (*httpx.Error)(nil); errors.As(err, &he) && he.Status == 400 {
		err = httpx.Invalid("orgId", "所在党组织不在您的管理范围内")
	}
	a.orgOK[id] = err
	return err
}
