package system

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

func (s *Service) handleUpdateAvatar(w http.ResponseWriter, r *http.Request) error {
	f, err := s.SaveUpload(r, UploadOptions{Field: "avatar", Exts: []string{"jpg", "jpeg", "png", "gif", "webp"}, Public: true, ModuleName: FileModuleAvatar})
	if err != nil {
		return err
	}
	p := rbac.From(r.Context())
	var old *int64
	s.db.NewSelect().Model((*User)(nil)).Column("avatar_file_id").Where("id = ?", p.UserID).Scan(r.Context(), &old) //nolint:errcheck
	if _, err := s.db.NewUpdate().Model((*User)(nil)).Set("avatar_file_id = ?", f.ID).Where("id = ?", p.UserID).Exec(r.Context()); err != nil {
		return httpx.Internal(err)
	}
	if old != nil {
		prev := &File{ID: *old}
		if s.db.NewSelect().Model(prev).WherePK().Scan(r.Context()) == nil {
			s.removeFileRow(r.Context(), prev) //nolint:errcheck // the old avatar is replaced either way
		}
	}
	return httpx.OK(w, map[string]string{"avatar": AvatarURL(&f.StoredName)})
}

// UserCells is one row of the user import as typed (the staged import's
// "user" kind reads them from the workbook).
type UserCells struct {
	Username, NickName, Gender, Phone, Email, Dept, Roles, HasLeft string
	// Has tells which optional cells the file has: a column left out keeps
	// the account's value on update.
	Has func(column string) bool
}

// The column keys of the user import; the errors of Check name them.
const (
	UserColUsername = "username"
	UserColNickName = "nickName"
	UserColGender   = "gender"
	UserColPhone    = "phone"
	UserColEmail    = "email"
	UserColDept     = "dept"
	UserColRoles    = "roles"
	UserColHasLeft  = "hasLeft"
)

// UserImport applies the user editor's rules to imported rows: a role is
// named only when the caller may see it and given only when it may grant
// it; an existing account is updated only when the caller manages it
// (every role it holds is grantable, its department in scope, never the
// caller's own roles). Everything a row needs is read once, in bulk.
type UserImport struct {
	s        *Service
	g        *grantor
	depts    map[string]int64
	roles    map[string]Role
	facts    map[int64]roleFacts
	existing map[string]*User  // by username
	held     map[int64][]int64 // existing account id → its roles
	next     func() (string, error)
	hasher   auth.Hasher
}

// ImportedUser is a checked row: the account to write and the existing
// account it updates (nil: a new one).
type ImportedUser struct {
	In      UserInput
	Current *User
	roles   []int64 // the current account's roles
}

// UserImport reads what checking rows naming usernames needs, through idb
// (the commit's transaction when it re-checks).
func (s *Service) UserImport(ctx context.Context, idb bun.IDB, usernames []string) (*UserImport, error) {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return nil, err
	}
	u := &UserImport{s: s, g: g, depts: map[string]int64{}, roles: map[string]Role{}, existing: map[string]*User{},
		held: map[int64][]int64{}, hasher: auth.Hasher{Cost: importPasswordCost}}
	var deptRows []Dept
	if err := idb.NewSelect().Model(&deptRows).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, d := range deptRows {
		u.depts[d.Name] = d.ID
	}
	var roleRows []Role
	if err := idb.NewSelect().Model(&roleRows).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, rr := range roleRows {
		u.roles[rr.Name] = rr
	}
	if u.facts, err = s.judgeRoles(ctx, g, roleRows); err != nil {
		return nil, httpx.Internal(err)
	}
	if u.next, err = s.initialPasswords(ctx); err != nil {
		return nil, err
	}
	for start := 0; start < len(usernames); start += 500 {
		var found []*User
		if err := idb.NewSelect().Model(&found).Where("username IN (?)", bun.In(usernames[start:min(start+500, len(usernames))])).
			Scan(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		ids := make([]int64, len(found))
		for i, f := range found {
			u.existing[f.Username], ids[i] = f, f.ID
		}
		if len(ids) == 0 {
			continue
		}
		var held []struct {
			UserID int64 `bun:"user_id"`
			RoleID int64 `bun:"role_id"`
		}
		if err := idb.NewSelect().Table("sys_user_role").Column("user_id", "role_id").Where("user_id IN (?)", bun.In(ids)).
			Scan(ctx, &held); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, h := range held {
			u.held[h.UserID] = append(u.held[h.UserID], h.RoleID)
		}
	}
	return u, nil
}

// Check turns a row into the account it imports; each problem is an
// httpx.Invalid naming its column (UserCol…).
func (u *UserImport) Check(c UserCells) (*ImportedUser, []error) {
	var problems []error
	fail := func(col, format string, args ...any) {
		problems = append(problems, httpx.Invalid(col, format, args...))
	}
	has := func(col string) bool { return c.Has == nil || c.Has(col) }
	item := &ImportedUser{Current: u.existing[strings.TrimSpace(c.Username)]}
	in := &item.In
	if cur := item.Current; cur != nil { // a column left out keeps the account's value
		item.roles = u.held[cur.ID]
		*in = UserInput{ID: cur.ID, Username: cur.Username, NickName: cur.NickName, Gender: cur.Gender, Phone: u.s.phoneOf(cur),
			Email: cur.Email, DeptID: cur.DeptID, RoleIDs: item.roles, HasLeft: cur.HasLeft}
	}
	in.Username = c.Username
	if has(UserColNickName) {
		in.NickName = c.NickName
	}
	if has(UserColPhone) {
		in.Phone = c.Phone
	}
	if has(UserColEmail) {
		in.Email = c.Email
	}
	if has(UserColGender) {
		switch c.Gender {
		case "男":
			in.Gender = "1"
		case "女":
			in.Gender = "2"
		case "":
			in.Gender = ""
		default:
			fail(UserColGender, "性别只能填“男”或“女”")
		}
	}
	if err := in.normalise(); err != nil {
		problems = append(problems, err)
	}
	if has(UserColDept) {
		in.DeptID = nil
		if name := c.Dept; name != "" {
			id, ok := u.depts[name]
			switch {
			case !ok:
				fail(UserColDept, "部门“%s”不存在", name)
			case !u.g.depts.hasDept(&id):
				fail(UserColDept, "部门“%s”不在您的管理范围内", name)
			default:
				in.DeptID = &id
			}
		}
	}
	if in.DeptID == nil && !u.g.depts.All {
		fail(UserColDept, "请填写部门")
	}
	if has(UserColRoles) {
		in.RoleIDs = nil
		for _, name := range strings.FieldsFunc(c.Roles, func(r rune) bool { return r == ',' || r == '，' }) {
			name = strings.TrimSpace(name)
			rr, ok := u.roles[name]
			switch {
			case !ok || !u.facts[rr.ID].visible(rr):
				fail(UserColRoles, "角色“%s”不存在", name)
			case !u.facts[rr.ID].grantable:
				fail(UserColRoles, "不能授予角色“%s”", name)
			default:
				in.RoleIDs = append(in.RoleIDs, rr.ID)
			}
		}
	}
	if has(UserColHasLeft) {
		switch c.HasLeft {
		case "是":
			in.HasLeft = true
		case "否", "":
			in.HasLeft = false
		default:
			fail(UserColHasLeft, "只能填“是”或“否”")
		}
	}
	if cur := item.Current; cur != nil && len(problems) == 0 {
		if err := u.mayUpdate(cur, item.roles, in.RoleIDs); err != nil {
			problems = append(problems, err)
		}
	}
	return item, problems
}

// mayUpdate applies the user editor's rules to an existing account a row
// updates (its roles are replaced by the row's): the caller must manage it
// and be able to grant every role it holds, may not change its own roles,
// and gives new roles only to an account whose organisation is in scope.
func (u *UserImport) mayUpdate(cur *User, current, roleIDs []int64) error {
	g := u.g
	if cur.IsAdmin || (!g.depts.All && !g.depts.hasDept(cur.DeptID) && cur.ID != g.self) {
		return httpx.Invalid(UserColUsername, "该用户名已被您管理范围以外的账号使用")
	}
	if g.admin {
		return nil
	}
	for _, id := range current {
		if !u.facts[id].grantable {
			return httpx.Invalid(UserColRoles, "该账号的权限或数据范围超出您自己的范围")
		}
	}
	if cur.ID == g.self && !sameIDs(roleIDs, current) {
		return httpx.Invalid(UserColRoles, "不能修改自己的角色")
	}
	if len(added(roleIDs, current)) > 0 && !g.hasOrg(cur.OrgID) {
		return httpx.Invalid(UserColRoles, "该账号的党组织不在您的管理范围内，不能为其分配角色")
	}
	return nil
}

// Changes are the fields an update of item changes, as the user sees them
// (field, label, old, new); none means the row leaves the account as it is.
func (u *UserImport) Changes(item *ImportedUser) [][4]string {
	cur, in := item.Current, item.In
	if cur == nil {
		return nil
	}
	gender := map[string]string{"1": "男", "2": "女"}
	yes := map[bool]string{true: "是", false: "否"}
	var out [][4]string
	add := func(field, label, old, nw string) {
		if old != nw {
			out = append(out, [4]string{field, label, old, nw})
		}
	}
	add(UserColNickName, "姓名", cur.NickName, in.NickName)
	add(UserColGender, "性别", gender[cur.Gender], gender[in.Gender])
	add(UserColPhone, "手机号", u.s.phoneOf(cur), in.Phone)
	add(UserColEmail, "邮箱", cur.Email, in.Email)
	add(UserColDept, "部门", u.deptName(cur.DeptID), u.deptName(in.DeptID))
	add(UserColHasLeft, "是否已离校", yes[cur.HasLeft], yes[in.HasLeft])
	if !sameIDs(item.roles, in.RoleIDs) {
		out = append(out, [4]string{UserColRoles, "角色", u.roleNames(item.roles), u.roleNames(in.RoleIDs)})
	}
	return out
}

func (u *UserImport) deptName(id *int64) string {
	if id == nil {
		return ""
	}
	for name, d := range u.depts {
		if d == *id {
			return name
		}
	}
	return fmt.Sprint(*id)
}

func (u *UserImport) roleNames(ids []int64) string {
	set := idSet(ids)
	var names []string
	for name, r := range u.roles {
		if set[r.ID] {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return strings.Join(names, "、")
}

// Save writes a checked row inside tx: an update of the existing account,
// or a new one, not activated until registerNoEnterUser, with its own
// random initial password, returned here once and stored only as a hash.
func (u *UserImport) Save(ctx context.Context, tx bun.Tx, item *ImportedUser) (*InitialPassword, error) {
	in, now := item.In, u.s.now()
	if cur := item.Current; cur != nil {
		phoneEnc, phoneIdx := u.s.sealPhone(in.Phone, u.s.phoneOf(cur), cur.PhoneEnc)
		if _, err := tx.NewUpdate().Model((*User)(nil)).Where("id = ?", cur.ID).
			Set("nick_name = ?", in.NickName).Set("gender = ?", in.Gender).Set("phone_enc = ?", phoneEnc).Set("phone_idx = ?", phoneIdx).
			Set("email = ?", in.Email).Set("dept_id = ?", in.DeptID).Set("has_left = ?", in.HasLeft).
			Set("updated_at = ?", now).Exec(ctx); err != nil {
			return nil, err
		}
		return nil, setUserRoles(ctx, tx, cur.ID, in.RoleIDs)
	}
	plain, err := u.next()
	if err != nil {
		return nil, err
	}
	hash, err := u.hasher.Hash(plain)
	if err != nil {
		return nil, err
	}
	nu := &User{Username: in.Username, NickName: in.NickName, Gender: in.Gender,
		Email: in.Email, DeptID: in.DeptID, PasswordHash: hash, PwdState: PwdInitial, Enabled: true,
		Activated: false, HasLeft: in.HasLeft, Stamps: db.StampsAt(now)}
	nu.PhoneEnc, nu.PhoneIdx = u.s.sealPhone(in.Phone, "", "")
	if _, err := tx.NewInsert().Model(nu).Returning("id").Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return nil, httpx.Invalid(UserColUsername, "用户名“%s”已被使用", in.Username)
		}
		return nil, err
	}
	if err := setUserRoles(ctx, tx, nu.ID, in.RoleIDs); err != nil {
		return nil, err
	}
	return &InitialPassword{ID: nu.ID, Username: nu.Username, NickName: nu.NickName, InitialPassword: plain}, nil
}

func (s *Service) handleUserExport(w http.ResponseWriter, r *http.Request) error {
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := s.scopedUserQuery(r.Context(), nil)
	if err != nil {
		return err
	}
	if q, err = s.userSpec(r.Context()).Apply(q, lq.Filters); err != nil {
		return err
	}
	xw, err := excel.NewWriter([]string{"用户名", "姓名", "性别", "手机号", "邮箱", "部门", "状态", "最近登录", "创建时间"},
		[]float64{16, 12, 8, 16, 24, 20, 10, 20, 20})
	if err != nil {
		return httpx.Internal(err)
	}
	gender := map[string]string{"1": "男", "2": "女"}
	rows, err := q.OrderExpr("u.id").Rows(r.Context())
	if err != nil {
		return httpx.Internal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var u userRow
		if err := s.db.ScanRow(r.Context(), rows, &u); err != nil {
			return httpx.Internal(err)
		}
		state := "启用"
		if !u.Enabled {
			state = "停用"
		}
		last := ""
		if u.LastLoginAt != nil {
			last = u.LastLoginAt.Local().Format("2006-01-02 15:04:05")
		}
		if err := xw.Add(u.Username, u.NickName, gender[u.Gender], s.phoneOf(&u.User), u.Email, u.DeptName, state, last,
			u.CreatedAt.Local().Format("2006-01-02 15:04:05")); err != nil {
			return httpx.Internal(err)
		}
	}
	if err := rows.Err(); err != nil {
		return httpx.Internal(err)
	}
	s.LogAccess(r.Context(), r, "导出用户列表")
	return xw.Send(w, "用户列表.xlsx")
}

// UserImportSampleDept is the department of the user template's sample
// row: the first of the caller's scope whose name no other department has
// ("" when there is none).
func (s *Service) UserImportSampleDept(ctx context.Context, idb bun.IDB) (string, error) {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return "", err
	}
	var depts []Dept
	if err := idb.NewSelect().Model(&depts).OrderExpr("d.sort, d.id").Scan(ctx); err != nil {
		return "", httpx.Internal(err)
	}
	named := map[string]int{}
	for _, d := range depts {
		named[d.Name]++
	}
	for _, d := range depts {
		if g.hasDept(&d.ID) && named[d.Name] == 1 {
			return d.Name, nil
		}
	}
	return "", nil
}
