package system

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

var userImportHeaders = []string{"用户名*", "姓名*", "性别（男/女）", "手机号", "邮箱", "部门名称", "角色（多个用逗号分隔）", "是否已离校（是/否）"}

const maxUserImportRows = 20000

func (s *Service) handleUpdateAvatar(w http.ResponseWriter, r *http.Request) error {
	f, err := s.SaveUpload(r, UploadOptions{Field: "avatar", Exts: []string{"jpg", "jpeg", "png", "gif", "webp"}, Public: true, ModuleName: "avatar"})
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

func (s *Service) handleUserTemplate(w http.ResponseWriter, r *http.Request) error {
	xw, err := excel.NewWriter(userImportHeaders, []float64{16, 12, 14, 16, 24, 20, 28, 18})
	if err != nil {
		return httpx.Internal(err)
	}
	return xw.Send(w, "用户导入模板.xlsx")
}

// RowError is one problem of an import row, shown next to the row.
type RowError struct {
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

func (s *Service) handleUserImport(w http.ResponseWriter, r *http.Request) error {
	rows, err := s.opts.Workbooks.ReadUpload(r, maxUserImportRows)
	if err != nil {
		return err
	}
	created, updated, err := s.ImportUsers(r.Context(), rows)
	if err != nil {
		return err
	}
	// The new accounts' initial passwords are in this answer only, for the
	// administrator to print or save now; the server keeps just their hashes.
	return httpx.OK(w, map[string]any{"created": len(created), "updated": updated, "passwords": created})
}

// ImportUsers creates or updates accounts from template rows, all or
// nothing: any invalid row means nothing is written and every problem is
// reported. New accounts are not activated until registerNoEnterUser.
// Each new account gets its own random initial password, returned in
// created (once) and stored only as a hash.
func (s *Service) ImportUsers(ctx context.Context, rows [][]string) (created []InitialPassword, updated int, err error) {
	if len(rows) < 2 {
		return nil, 0, httpx.BadRequest("文件中没有数据行")
	}
	if excel.Cell(rows[0], 0) != userImportHeaders[0] || excel.Cell(rows[0], 1) != userImportHeaders[1] {
		return nil, 0, httpx.BadRequest("表头与模板不一致，请下载最新模板")
	}
	// The same grant rules as the user editor: a role is named only when the
	// caller may see it, and given only when the caller may grant it.
	g, err := s.grantorOf(ctx)
	if err != nil {
		return nil, 0, err
	}
	scope := g.depts
	depts := map[string]int64{}
	var deptRows []Dept
	if err := s.db.NewSelect().Model(&deptRows).Scan(ctx); err != nil {
		return nil, 0, httpx.Internal(err)
	}
	for _, d := range deptRows {
		depts[d.Name] = d.ID
	}
	roles := map[string]Role{}
	var roleRows []Role
	if err := s.db.NewSelect().Model(&roleRows).Scan(ctx); err != nil {
		return nil, 0, httpx.Internal(err)
	}
	for _, rr := range roleRows {
		roles[rr.Name] = rr
	}
	facts, err := s.judgeRoles(ctx, g, roleRows)
	if err != nil {
		return nil, 0, httpx.Internal(err)
	}
	var problems []RowError
	type parsed struct {
		in   UserInput
		line int
	}
	var items []parsed
	seen := map[string]int{}
	for i, row := range rows[1:] {
		line := i + 2
		if strings.Join(row, "") == "" {
			continue
		}
		in := UserInput{Username: excel.Cell(row, 0), NickName: excel.Cell(row, 1), Phone: excel.Cell(row, 3), Email: excel.Cell(row, 4)}
		switch excel.Cell(row, 2) {
		case "男":
			in.Gender = "1"
		case "女":
			in.Gender = "2"
		case "":
		default:
			problems = append(problems, RowError{line, userImportHeaders[2], "性别只能填“男”或“女”"})
		}
		if err := in.normalise(); err != nil {
			problems = append(problems, RowError{line, "", err.(*httpx.Error).Message})
		}
		if prev, dup := seen[in.Username]; dup {
			problems = append(problems, RowError{line, userImportHeaders[0], fmt.Sprintf("与第 %d 行用户名重复", prev)})
		}
		seen[in.Username] = line
		if name := excel.Cell(row, 5); name != "" {
			id, ok := depts[name]
			if !ok {
				problems = append(problems, RowError{line, userImportHeaders[5], "部门“" + name + "”不存在"})
			} else if !scope.hasDept(&id) {
				problems = append(problems, RowError{line, userImportHeaders[5], "部门“" + name + "”不在您的管理范围内"})
			} else {
				in.DeptID = &id
			}
		} else if !scope.All {
			problems = append(problems, RowError{line, userImportHeaders[5], "请填写部门"})
		}
		for _, name := range strings.FieldsFunc(excel.Cell(row, 6), func(r rune) bool { return r == ',' || r == '，' }) {
			rr, ok := roles[strings.TrimSpace(name)]
			switch {
			case !ok || !facts[rr.ID].visible(rr):
				problems = append(problems, RowError{line, userImportHeaders[6], "角色“" + name + "”不存在"})
			case !facts[rr.ID].grantable:
				problems = append(problems, RowError{line, userImportHeaders[6], "不能授予角色“" + name + "”"})
			default:
				in.RoleIDs = append(in.RoleIDs, rr.ID)
			}
		}
		switch excel.Cell(row, 7) {
		case "是":
			in.HasLeft = true
		case "否", "":
		default:
			problems = append(problems, RowError{line, userImportHeaders[7], "只能填“是”或“否”"})
		}
		items = append(items, parsed{in, line})
	}
	if len(items) == 0 && len(problems) == 0 {
		return nil, 0, httpx.BadRequest("文件中没有数据行")
	}
	if len(problems) > 0 {
		return nil, 0, &httpx.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("有 %d 处错误，未导入任何数据，请修改后重新导入", len(problems)), Details: problems}
	}
	importHasher := auth.Hasher{Cost: importPasswordCost}
	nextPassword, err := s.initialPasswords(ctx)
	if err != nil {
		return nil, 0, err
	}
	selfID := rbac.From(ctx).UserID
	var outOfScope []RowError
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		for _, it := range items {
			var existing User
			err := tx.NewSelect().Model(&existing).Where("username = ?", it.in.Username).Scan(ctx)
			if err == nil {
				if existing.IsAdmin || (!scope.All && !scope.hasDept(existing.DeptID) && existing.ID != selfID) {
					outOfScope = append(outOfScope, RowError{it.line, userImportHeaders[0], "该用户名已被您管理范围以外的账号使用"})
					continue
				}
				if msg, err := s.importRoleProblem(ctx, tx, g, facts, existing, it.in.RoleIDs); err != nil {
					return err
				} else if msg != "" {
					outOfScope = append(outOfScope, RowError{it.line, userImportHeaders[6], msg})
					continue
				}
				if _, err := tx.NewUpdate().Model((*User)(nil)).Where("id = ?", existing.ID).
					Set("nick_name = ?", it.in.NickName).Set("gender = ?", it.in.Gender).Set("phone = ?", it.in.Phone).
					Set("email = ?", it.in.Email).Set("dept_id = ?", it.in.DeptID).Set("has_left = ?", it.in.HasLeft).
					Set("updated_at = ?", now).Exec(ctx); err != nil {
					return err
				}
				if err := setUserRoles(ctx, tx, existing.ID, it.in.RoleIDs); err != nil {
					return err
				}
				updated++
				continue
			}
			plain, err := nextPassword()
			if err != nil {
				return err
			}
			hash, err := importHasher.Hash(plain)
			if err != nil {
				return err
			}
			u := &User{Username: it.in.Username, NickName: it.in.NickName, Gender: it.in.Gender, Phone: it.in.Phone,
				Email: it.in.Email, DeptID: it.in.DeptID, PasswordHash: hash, PwdState: PwdInitial, Enabled: true,
				Activated: false, HasLeft: it.in.HasLeft, CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
				return err
			}
			if err := setUserRoles(ctx, tx, u.ID, it.in.RoleIDs); err != nil {
				return err
			}
			created = append(created, InitialPassword{ID: u.ID, Username: u.Username, NickName: u.NickName, InitialPassword: plain})
		}
		if len(outOfScope) > 0 {
			return errRollback
		}
		return nil
	})
	if len(outOfScope) > 0 {
		return nil, 0, &httpx.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf("有 %d 处错误，未导入任何数据，请修改后重新导入", len(outOfScope)), Details: outOfScope}
	}
	var he *httpx.Error
	if errors.As(err, &he) {
		return nil, 0, he
	} else if err != nil {
		return nil, 0, httpx.Internal(err)
	}
	return created, updated, nil
}

var errRollback = fmt.Errorf("rollback")

// importRoleProblem applies the user editor's rules to an existing account a
// row updates (its roles are replaced by the row's): the caller must be able
// to grant every role the account holds, may not change its own roles, and
// gives new roles only to an account whose organisation is in its scope.
func (s *Service) importRoleProblem(ctx context.Context, tx bun.Tx, g *grantor, facts map[int64]roleFacts, u User, roleIDs []int64) (string, error) {
	if g.admin {
		return "", nil
	}
	current, err := s.rolesOf(ctx, tx, u.ID)
	if err != nil {
		return "", err
	}
	for _, id := range current {
		if !facts[id].grantable {
			return "该账号的权限或数据范围超出您自己的范围", nil
		}
	}
	if u.ID == g.self && !sameIDs(roleIDs, current) {
		return "不能修改自己的角色", nil
	}
	if len(added(roleIDs, current)) > 0 && !g.hasOrg(u.OrgID) {
		return "该账号的党组织不在您的管理范围内，不能为其分配角色", nil
	}
	return "", nil
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
	if q, err = userListSpec.Apply(q, lq.Filters); err != nil {
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
		if err := xw.Add(u.Username, u.NickName, gender[u.Gender], u.Phone, u.Email, u.DeptName, state, last,
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
