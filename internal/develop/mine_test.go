package develop_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

// ownAccount links a new account holding only dy:home (scope 仅本人) to
// member id and answers its token.
func (w *c2World) ownAccount(t *testing.T, memberID int64) string {
	t.Helper()
	tok, uid := w.e.UserWith(system.ScopeSelf, 0, develop.PermMine)
	if memberID != 0 {
		if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("user_id = ?", uid).Where("id = ?", memberID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	return tok
}

// 我的发展: a probationary member reads their own record through the member
// link — the probation from–to, the steps done and the next, 转正 status —
// and nothing else: no session 401, no dy:home 403, another member's
// record neither through /mine nor through the record's own route.
func TestMyDevelopmentIsTheCallersOwnOnly(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	admitted := date.Today().AddMonths(-13)
	id := w.probationer(t, "我的发展预备党员", admitted)
	other := w.probationer(t, "另一名预备党员", admitted.AddMonths(1))
	own := w.memberOf(t, id)
	tok := w.ownAccount(t, own.ID)

	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/mine", "", nil), 401)
	noPerm, _ := w.e.UserWith(system.ScopeSelf, 0, "dy:list")
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/mine", noPerm, nil), 403)

	got := apptest.DoJSON[develop.MyDevelopment](t, w.e, 200, "GET", "/api/fzdy/mine", tok, nil)
	end := admitted.AddMonths(12)
	if !got.Linked || got.Stage != develop.StageProbationary || got.StageLabel != "预备党员" ||
		got.ProbationFrom != admitted || got.ProbationTo != end || !got.FullOn.IsZero() {
		t.Fatalf("mine %+v", got)
	}
	if got.FullStatus != "预备期至 "+string(end)+" 期满，待转正" {
		t.Fatalf("full status %q", got.FullStatus)
	}
	if got.Next == nil || got.Next.Key != develop.StepFullMeeting || got.Next.No != 23 || got.Next.Name != "支部大会讨论转正" {
		t.Fatalf("next %+v", got.Next)
	}
	last := got.Done[len(got.Done)-1]
	if got.Done[0].No != 1 || got.Done[0].On.IsZero() || last.No != 22 || last.Key != develop.StepFullApplication {
		t.Fatalf("done %+v", got.Done)
	}
	for i := 1; i < len(got.Done); i++ {
		if got.Done[i].No <= got.Done[i-1].No {
			t.Fatalf("not in order: %+v", got.Done)
		}
	}
	// An id in the query names nothing: still the caller's own record.
	again := apptest.DoJSON[develop.MyDevelopment](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/mine?id=%d", other), tok, nil)
	if again.ProbationFrom != admitted {
		t.Fatalf("a query id changed the answer: %+v", again)
	}
	// The other member's record through the development routes: not for a member (403).
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d", other), tok, nil), 403)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d/flow", other), tok, nil), 403)

	// A member without a development record (joined before the system) and
	// an account without a member record: told so, nobody's record shown.
	old := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("老党员", w.mathBranch, "gender", "1"))
	for _, tk := range []string{w.ownAccount(t, old), w.ownAccount(t, 0)} {
		none := apptest.DoJSON[develop.MyDevelopment](t, w.e, 200, "GET", "/api/fzdy/mine", tk, nil)
		if none.Linked || none.Next != nil || len(none.Done) != 0 || none.ProbationFrom != "" {
			t.Fatalf("someone else's record: %+v", none)
		}
	}

	// Approved at ㉔: 转正 says when.
	w.notice(t, develop.NoticeFull, end.AddDays(-20), end.AddDays(-3), id)
	w.approve(t, w.branchTK, id, fullVotes(end, develop.DecisionFull, 0))
	w.approve(t, w.csTK, id, committeeVotes(date.Today()))
	got = apptest.DoJSON[develop.MyDevelopment](t, w.e, 200, "GET", "/api/fzdy/mine", tok, nil)
	if got.Stage != develop.StageFull || got.FullOn != end || got.FullStatus != "已于 "+string(end)+" 转为正式党员" || got.Next != nil {
		t.Fatalf("after ㉔ %+v", got)
	}
}

// The member detail's 发展 tab: GET /api/fzdy/member/{id} answers the
// member's development records in the caller's scope — 401 without a
// session, 403 without fzdy:list, 404 for a member outside the scope (and
// for one that does not exist), an empty list for a member without one.
func TestMemberRecordsScoped(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	id := w.probationer(t, "详情页预备党员", date.Today().AddMonths(-2))
	m := w.memberOf(t, id)
	path := fmt.Sprintf("/api/fzdy/member/%d", m.ID)

	apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
	memberTK := w.ownAccount(t, m.ID)
	apptest.Expect(t, w.e.Do("GET", path, memberTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", path, w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/member/999999", w.deptTK, nil), 404)

	for _, tk := range []string{w.viewTK, w.deptTK} {
		got := apptest.DoJSON[[]develop.RecordView](t, w.e, 200, "GET", path, tk, nil)
		if len(got) != 1 || got[0].ID != id || got[0].StageName != "预备党员" || got[0].StepName == "" {
			t.Fatalf("records %+v", got)
		}
	}
	old := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("无发展记录党员", w.mathBranch, "gender", "1"))
	if got := apptest.DoJSON[[]develop.RecordView](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/member/%d", old), w.deptTK, nil); len(got) != 0 {
		t.Fatalf("a member without a record: %+v", got)
	}
}
