package account_test

import (
	"context"
	"testing"

	"zhdj/internal/account"
	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

func TestMain(m *testing.M) { db.TestMain(m) }

type body = map[string]any

// world is a university whose members get accounts:
//
//	学校党委 ─ 计算机学院党委 ─ 计算机教工党支部 ─ 第一党小组
//	        └ 数学学院党委   ─ 数学教工党支部
//
// with the departments 计算机学院 and 数学学院 as the members' units, and a
// college administrator of 计算机学院 holding the seeded 二级党委管理员 role
// (LEVEL_AND_BELOW, anchored at the college's committee and department).
type world struct {
	e              *apptest.Env
	root, cs, math int64 // organisations
	branch, group  int64 // 计算机教工党支部 and its party group
	mathBranch     int64
	dCS, dMath     int64 // departments
	roles          map[string]int64
	college        string // the college administrator's token
	collegeID      int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	c := e.Campus(t)
	w := &world{e: e, root: c.Root, cs: c.CS, math: c.Math, branch: c.Branch, roles: map[string]int64{}}
	w.group = e.Org(t, w.branch, "6", "第一党小组")
	w.mathBranch = e.Org(t, w.math, "5", "数学教工党支部")
	var root int64
	if err := e.DB.NewSelect().Table("sys_dept").Column("id").Where("pid IS NULL").Limit(1).Scan(t.Context(), &root); err != nil {
		t.Fatal(err)
	}
	w.dCS = e.Create(t, e.AdminTK, "/api/dept", body{"name": "计算机学院", "pid": root})
	w.dMath = e.Create(t, e.AdminTK, "/api/dept", body{"name": "数学学院", "pid": root})
	var roles []struct {
		ID   int64
		Code string
	}
	if err := e.DB.NewSelect().Table("sys_role").Column("id", "code").Where("code IS NOT NULL").Scan(t.Context(), &roles); err != nil {
		t.Fatal(err)
	}
	for _, r := range roles {
		w.roles[r.Code] = r.ID
	}
	w.college, w.collegeID = w.account(t, "college_cs", w.dCS, w.cs, system.RoleCommittee)
	return w
}

// account makes a user through the user API as the admin (department dept,
// organisation org, the seeded roles with the codes given), signs it in with
// its initial password and changes it as the first sign-in demands.
func (w *world) account(t *testing.T, username string, dept, org int64, codes ...string) (string, int64) {
	t.Helper()
	ids := make([]int64, len(codes))
	for i, c := range codes {
		ids[i] = w.roles[c]
	}
	made := apptest.DoJSON[struct {
		ID              int64
		InitialPassword string
	}](t, w.e, 201, "POST", "/api/users", w.e.AdminTK, body{"username": username, "nickName": username, "deptId": dept, "orgId": org, "roleIds": ids})
	return w.firstSignIn(t, username, made.InitialPassword), made.ID
}

// newPassword is what every account of the tests changes its initial password to.
const newPassword = "Zhdj#2026new"

// firstSignIn signs in with an initial password, is refused everything until
// it changes it (PASSWORD_CHANGE_REQUIRED), changes it and signs in again.
func (w *world) firstSignIn(t *testing.T, username, initial string) string {
	t.Helper()
	return w.e.FirstSignIn(t, username, initial, newPassword)
}

// member creates a member of org as the admin with the staff number no ("" = none) and unit.
func (w *world) member(t *testing.T, name string, org int64, no string, unit int64) int64 {
	t.Helper()
	b := body{"name": name, "gender": member.GenderMale, "personCategory": "1", "partyStatus": member.PartyFull, "orgId": org,
		"joinedOn": "2013-06-30", "staffOrStudentNo": no}
	if unit != 0 {
		b["unitDeptId"] = unit
	}
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", b)
}

// linked is the account a member is linked to (0: none) and its username.
func (w *world) linked(t *testing.T, memberID int64) (int64, string) {
	t.Helper()
	var row struct {
		UserID   *int64 `bun:"user_id"`
		Username string `bun:"username"`
	}
	if err := w.e.DB.NewSelect().TableExpr("dyjbxx AS m").ColumnExpr("m.user_id, COALESCE(u.username, '') AS username").
		Join("LEFT JOIN sys_user AS u ON u.id = m.user_id").Where("m.id = ?", memberID).Scan(context.Background(), &row); err != nil {
		t.Fatal(err)
	}
	if row.UserID == nil {
		return 0, ""
	}
	return *row.UserID, row.Username
}

// accountOf reads an account's organisation and the codes of its roles.
func (w *world) accountOf(t *testing.T, username string) (org int64, codes []string) {
	t.Helper()
	ctx := context.Background()
	var u struct {
		ID    int64  `bun:"id"`
		OrgID *int64 `bun:"org_id"`
	}
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id", "org_id").Where("username = ?", username).Scan(ctx, &u); err != nil {
		t.Fatalf("account %s: %v", username, err)
	}
	if err := w.e.DB.NewSelect().TableExpr("sys_user_role AS ur").ColumnExpr("COALESCE(r.code, r.name)").
		Join("JOIN sys_role AS r ON r.id = ur.role_id").Where("ur.user_id = ?", u.ID).OrderExpr("r.id").Scan(ctx, &codes); err != nil {
		t.Fatal(err)
	}
	if u.OrgID != nil {
		org = *u.OrgID
	}
	return org, codes
}

// batch runs the batch for org (0: the caller's whole scope) as token.
func (w *world) batch(t *testing.T, token string, org int64) account.BatchResult {
	t.Helper()
	b := body{}
	if org != 0 {
		b["orgId"] = org
	}
	return apptest.DoJSON[account.BatchResult](t, w.e, 200, "POST", "/api/dyjbxx/accounts", token, b)
}

// lastChanges is the newest entry of the trail at path: each changed field's new value.
func (w *world) lastChanges(t *testing.T, path string) map[string]string {
	t.Helper()
	trail := apptest.DoJSON[struct {
		Content []struct{ Changes []struct{ Field, New string } }
	}](t, w.e, 200, "GET", path, w.e.AdminTK, nil)
	if len(trail.Content) == 0 {
		t.Fatalf("no trail at %s", path)
	}
	out := map[string]string{}
	for _, c := range trail.Content[0].Changes {
		out[c.Field] = c.New
	}
	return out
}
