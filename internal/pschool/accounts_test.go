package pschool_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/pschool/school"
)

// 开通学员账号: trainees who are not members get 学员 accounts named by their
// 学号/工号, each with its own initial password answered once; the learner
// signs in, changes it, and holds only dx:learn.
func TestOpenLearnerAccounts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	learn := w.learnTK(t)
	b := w.batch(t, w.school(t), school.BatchActive, "2026-05-10", 3, 24)
	li := w.person(t, "李明", develop.StageActivist)
	wang := w.person(t, "王芳", develop.StageActivist)
	w.enrol(t, b, li, wang)
	trs := w.trainees(t, b)
	path := fmt.Sprintf("/api/dx/batches/%d/accounts", b)
	body := map[string]any{"traineeIds": []int64{trs[li].ID, trs[wang].ID}}

	apptest.Expect(t, w.e.Do("POST", path, "", body), 401)
	apptest.Expect(t, w.e.Do("POST", path, w.noTK, body), 403)
	apptest.Expect(t, w.e.Do("POST", path, w.listTK, body), 403)
	// The 计算机 committee's staff without dx:learn may not grant 学员.
	apptest.Expect(t, w.e.Do("POST", path, w.csTK, body), 403)
	// Another committee's staff: the batch is out of their scope.
	mathLearn, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Math, append(slices.Clone(staffPerms), school.PermLearn)...)
	apptest.Expect(t, w.e.Do("POST", path, mathLearn, body), 404)
	apptest.ExpectField(t, w.e.Do("POST", path, learn, map[string]any{"traineeIds": []int64{}}), "traineeIds", "请选择学员")
	many := make([]int64, 201)
	for i := range many {
		many[i] = int64(i + 1)
	}
	apptest.ExpectField(t, w.e.Do("POST", path, learn, map[string]any{"traineeIds": many}), "traineeIds", "一次至多为 200 名学员开通账号")
	for _, tr := range w.trainees(t, b) {
		if tr.UserID != nil {
			t.Fatalf("a refused call changed %s: %+v", tr.Name, tr)
		}
	}

	got := w.openAccounts(t, learn, b, trs[li].ID, trs[wang].ID)
	if len(got.Accounts) != 2 || len(got.Skipped) != 0 {
		t.Fatalf("opened: %+v", got)
	}
	passwords := map[string]string{}
	for _, a := range got.Accounts {
		if a.How != "created" || a.InitialPassword == "" || a.Username != a.PersonNo {
			t.Fatalf("account: %+v", a)
		}
		passwords[a.Username] = a.InitialPassword
	}
	if passwords[trs[li].PersonNo] == passwords[trs[wang].PersonNo] {
		t.Fatal("each account has its own initial password")
	}
	// A second call makes no second account: both are skipped.
	again := w.openAccounts(t, learn, b, trs[li].ID, trs[wang].ID)
	if len(again.Accounts) != 0 || len(again.Skipped) != 2 {
		t.Fatalf("again: %+v", again)
	}
	n, err := w.e.DB.NewSelect().Table("sys_user").Where("username IN (?)", bun.In([]string{trs[li].PersonNo, trs[wang].PersonNo})).Count(t.Context())
	if err != nil || n != 2 {
		t.Fatalf("%d accounts (%v)", n, err)
	}
	var orgID int64
	if err := w.e.DB.NewSelect().Table("sys_user").Column("org_id").Where("username = ?", trs[li].PersonNo).Scan(t.Context(), &orgID); err != nil || orgID != w.c.Branch {
		t.Fatalf("placed at %d, want the branch %d (%v)", orgID, w.c.Branch, err)
	}
	// The learner signs in, must change the initial password, and holds only dx:learn.
	tk := w.e.FirstSignIn(t, trs[li].PersonNo, passwords[trs[li].PersonNo], "Zhdj#2026learn")
	var info struct {
		Roles []string `json:"roles"`
	}
	w.e.Do("GET", "/auth/info", tk, nil).JSON(t, &info)
	if !slices.Equal(info.Roles, []string{school.PermLearn}) {
		t.Fatalf("the learner holds %v", info.Roles)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/ks/my", tk, nil), 200)
	apptest.Expect(t, w.e.Do("GET", "/api/dx/batches", tk, nil), 403)
}

// A person whose number names an account already takes that account (given
// 学员), not a second; a member trainee uses their member account, and
// without one the whole call is refused.
func TestOpenAccountsLinksExistingAndRefusesMemberWithout(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	learn := w.learnTK(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24)
	zhao := w.person(t, "赵刚", develop.StageActivist)
	w.enrol(t, b, zhao)
	tr := w.trainees(t, b)[zhao]
	// An account of 赵刚's number exists (a staff account made in the user editor).
	_, existing := w.e.UserAt(t, "SELF", w.c.Branch, school.PermLearn)
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("username = ?", tr.PersonNo).Where("id = ?", existing).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := w.openAccounts(t, learn, b, tr.ID)
	if len(got.Accounts) != 1 || got.Accounts[0].How != "linked" || got.Accounts[0].InitialPassword != "" {
		t.Fatalf("linked: %+v", got)
	}
	if u := w.trainees(t, b)[zhao].UserID; u == nil || *u != existing {
		t.Fatalf("the trainee's account: %v, want %d", u, existing)
	}
	var roles int
	if err := w.e.DB.NewSelect().TableExpr("sys_user_role AS ur").Join("JOIN sys_role AS r ON r.id = ur.role_id").
		Where("ur.user_id = ?", existing).Where("r.code = ?", school.RoleLearner).ColumnExpr("COUNT(*)").Scan(t.Context(), &roles); err != nil || roles != 1 {
		t.Fatalf("学员 given to the existing account: %d (%v)", roles, err)
	}

	// A 预备党员's batch: one trainee is a member without an account, so
	// the call opens nothing, not even the other's.
	pb := w.batch(t, sc, school.BatchPrepare, "2026-05-10", 2, 16)
	member := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("孙丽", w.c.Branch, "gender", member.GenderMale))
	sun := w.record(t, w.c.Branch, "孙丽", develop.StageProbationary, "")
	if _, err := w.e.DB.NewUpdate().Table("dev_record").Set("member_id = ?", member).Where("id = ?", sun).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	qian := w.person(t, "钱进", develop.StageProbationary)
	w.enrol(t, pb, sun, qian)
	ptrs := w.trainees(t, pb)
	res := w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/accounts", pb), learn, map[string]any{"traineeIds": []int64{ptrs[sun].ID, ptrs[qian].ID}})
	apptest.ExpectField(t, res, "traineeIds", "学员“孙丽”：为党员，请先在党员信息中为其开通党员账号")
	if n, err := w.e.DB.NewSelect().Table("sys_user").Where("username = ?", ptrs[qian].PersonNo).Count(t.Context()); err != nil || n != 0 {
		t.Fatalf("all or nothing: %d accounts of 钱进 (%v)", n, err)
	}
	// With a member account, the member trainee takes it.
	_, memberUser := w.e.UserAt(t, "SELF", w.c.Branch, school.PermLearn)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("user_id = ?", memberUser).Where("id = ?", member).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	got = w.openAccounts(t, learn, pb, ptrs[sun].ID)
	if len(got.Accounts) != 1 || got.Accounts[0].How != "member" || got.Accounts[0].InitialPassword != "" {
		t.Fatalf("member: %+v", got)
	}
	if u := w.trainees(t, pb)[sun].UserID; u == nil || *u != memberUser {
		t.Fatalf("the member trainee's account: %v, want %d", u, memberUser)
	}
}
