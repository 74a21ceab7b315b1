package imports

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// UserKind is the account import (/api/import/user; its template also at
// the product's GET /api/users/template): a row matches an
// account by its username. The rules are the user editor's (system.UserImport):
// the caller grants only roles it holds and updates only accounts it
// manages. Each new account gets its own initial password, answered once in
// the commit's result and stored only as a hash.
func UserKind(sys *system.Service) Kind {
	sample := func(ctx context.Context, idb bun.IDB) (map[string]string, error) {
		username, err := FirstFree(func(i int) string {
			if i == 1 {
				return "zhangsan"
			}
			return fmt.Sprintf("zhangsan%d", i)
		}, TakenIn(ctx, idb, "sys_user", "username"))
		if err != nil {
			return nil, err
		}
		dept, err := sys.UserImportSampleDept(ctx, idb)
		return map[string]string{system.UserColUsername: username, system.UserColDept: dept}, err
	}
	return userKind{Decl{Key: "user", Label: "用户", Perm: "user:add", Cols: userColumns, Sample: sample, TemplateAt: "/api/users/template"}, sys}
}

type userKind struct {
	Decl
	sys *system.Service
}

// The labels are those of the earlier one-shot template, so a file filled
// in from it still imports.
var userColumns = Columns{
	{Key: system.UserColUsername, Label: "用户名", Required: true, Example: "zhangsan", Note: "2-64位字母、数字或 _ . @ -；用于匹配已有账号"},
	{Key: system.UserColNickName, Label: "姓名", Required: true, Example: "张三"},
	{Key: system.UserColGender, Label: "性别（男/女）", Example: "男"},
	{Key: system.UserColPhone, Label: "手机号", Example: "13800138000", Personal: PersonalPhone},
	{Key: system.UserColEmail, Label: "邮箱", Example: "zhangsan@example.edu.cn"},
	{Key: system.UserColDept, Label: "部门名称", Note: "部门管理中的部门名称；只有可管理全部部门的用户可以不填"},
	{Key: system.UserColRoles, Label: "角色（多个用逗号分隔）", Note: "您可以授予的角色名称"},
	{Key: system.UserColHasLeft, Label: "是否已离校（是/否）", Example: "否"},
}

// UserImportResult is the commit's result: the new accounts' initial passwords.
type UserImportResult struct {
	Passwords []system.InitialPassword `json:"passwords"`
}

func (k userKind) Validate(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*Row) error {
	names := make([]string, 0, len(rows))
	for _, r := range rows {
		names = append(names, r.Cells[system.UserColUsername])
	}
	u, err := k.sys.UserImport(ctx, idb, names)
	if err != nil {
		return err
	}
	first := map[string]*Row{}
	for _, r := range rows {
		c := r.Cells
		item, problems := u.Check(system.UserCells{Username: c["username"], NickName: c["nickName"], Gender: c["gender"],
			Phone: c["phone"], Email: c["email"], Dept: c["dept"], Roles: c["roles"], HasLeft: c["hasLeft"], Has: r.Has})
		for _, err := range problems {
			userColumns.FailErr(r, err)
		}
		name := item.In.Username
		if f, dup := first[name]; dup && name != "" {
			// The first row with the name stays importable (as the one-shot import had it).
			r.Fail(system.UserColUsername, fmt.Sprintf("与第 %d 行的用户名重复", f.RowNo))
		} else {
			first[name] = r
		}
		if len(r.Errors) > 0 {
			continue
		}
		r.Data = &userItem{u: u, item: item}
		if item.Current == nil {
			r.Status = StatusNew
			continue
		}
		id := item.Current.ID
		r.TargetID = &id
		for _, c := range u.Changes(item) {
			r.Changes = append(r.Changes, Change{Field: c[0], Label: c[1], Old: c[2], New: c[3]})
		}
		r.Status = StatusUnchanged
		if len(r.Changes) > 0 {
			r.Status = StatusChanged
		}
	}
	return nil
}

// userItem is a checked row and the import that checked it (its
// password maker and hasher serve the commit).
type userItem struct {
	u    *system.UserImport
	item *system.ImportedUser
}

func (userKind) Commit(ctx context.Context, tx bun.Tx, _ *rbac.Principal, b *Batch, rows []*Row) error {
	res := &UserImportResult{Passwords: []system.InitialPassword{}}
	err := Each(rows, func(r *Row, it *userItem) error {
		pw, err := it.u.Save(ctx, tx, it.item)
		if pw != nil {
			res.Passwords = append(res.Passwords, *pw)
		}
		return err
	})
	if err != nil {
		return err
	}
	b.Result = res
	return nil
}
