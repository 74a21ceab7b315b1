package quota_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/quota"
)

// team is 计算机学院's 副院长 (appointed) and 党委副书记 (elected), both 副处,
// with n places approved at that level.
func (w *world) team(t testing.TB, n int) (dean, secretary, quotaID int64) {
	t.Helper()
	return w.position(t, w.csUnit, "副院长", deputy, false), w.position(t, w.csUnit, "党委副书记", deputy, true), w.quota(t, w.csUnit, deputy, n)
}

func (w *world) withdraw(t testing.TB, token string, id int64, reason string) *apptest.Response {
	t.Helper()
	return w.e.Do("POST", fmt.Sprintf("/api/gbzs/documents/%d/withdraw", id), token, map[string]any{"reason": reason})
}

// picture is what a document touches, read through the API: the quotas'
// numbers, the positions' holders, and each cadre's basic post fields and
// post rows (type 3).
type picture struct {
	Quotas  map[int64][3]int
	Holders map[int64][]quota.Holder
	Cadres  map[int64]map[string]any
	Posts   map[int64][]map[string]any
}

func (w *world) picture(t testing.TB, quotas, positions, cadres []int64) picture {
	t.Helper()
	p := picture{Quotas: map[int64][3]int{}, Holders: map[int64][]quota.Holder{}, Cadres: map[int64]map[string]any{}, Posts: map[int64][]map[string]any{}}
	for _, id := range quotas {
		q := w.quotaOf(t, id)
		p.Quotas[id] = [3]int{q.Occupied, q.Vacant, q.Over}
	}
	for _, id := range positions {
		p.Holders[id] = apptest.DoJSON[[]quota.Holder](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/positions/%d/holders", id), w.e.AdminTK, nil)
	}
	pick := func(m map[string]any, keys ...string) map[string]any {
		out := map[string]any{}
		for _, k := range keys {
			out[k] = m[k]
		}
		return out
	}
	for _, id := range cadres {
		c := apptest.DoJSON[map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d", id), w.e.AdminTK, nil)
		p.Cadres[id] = pick(c, "post", "postSince", "level", "levelSince", "postAttribute", "unitId")
		rows := apptest.DoJSON[[]map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/zw", id), w.e.AdminTK, nil)
		for _, r := range rows {
			p.Posts[id] = append(p.Posts[id], pick(r, "id", "post", "unitId", "level", "attribute", "kind", "startOn", "endOn", "docNo",
				"positionId", "probationUntil", "elected"))
		}
	}
	return p
}

func expectSame(t testing.TB, what string, got, want picture) {
	t.Helper()
	for _, c := range []struct {
		name      string
		got, want any
	}{{"quotas", got.Quotas, want.Quotas}, {"holders", got.Holders, want.Holders}, {"cadres", got.Cadres, want.Cadres}, {"posts", got.Posts, want.Posts}} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: %s\n got  %v\n want %v", what, c.name, c.got, c.want)
		}
	}
}

// Withdrawing an issued document that moved one cadre (免去 one post, 任命
// another) and appointed two more (one into the place the removal freed)
// puts back the quotas, the holders, the cadres' post rows and their 现任职务,
// level and dates exactly as they were before the issue; the document is
// then read-only and shows its reason.
func TestWithdrawRestoresOccupancyHoldingsAndPosts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	dean, secretary, q := w.team(t, 3)
	a, b, c := w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit), w.cadre(t, "丙", w.csUnit)
	// 乙 holds 党委副书记 through an earlier document.
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(b, secretary, "2025-09-01", true, ""))), 200)
	quotas, positions, cadres := []int64{q}, []int64{dean, secretary}, []int64{a, b, c}
	before := w.picture(t, quotas, positions, cadres)

	doc := w.draft(t, removal(b, secretary, "2026-03-01"), appoint(b, dean, "2026-03-01", false, ""),
		appoint(a, secretary, "2026-03-01", true, ""), appoint(c, dean, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, doc), 200)
	issued := w.picture(t, quotas, positions, cadres)
	if issued.Cadres[a]["post"] != "党委副书记" || issued.Cadres[b]["post"] != "副院长" || issued.Cadres[c]["post"] != "副院长" ||
		issued.Quotas[q] != [3]int{3, 0, 0} {
		t.Fatalf("after the issue: %+v", issued)
	}

	apptest.ExpectField(t, w.withdraw(t, w.e.AdminTK, doc, "  "), "reason", "请输入撤销理由（不超过200个字）")
	apptest.ExpectField(t, w.withdraw(t, w.e.AdminTK, doc, strings.Repeat("误", 201)), "reason", "请输入撤销理由（不超过200个字）")
	expectSame(t, "a refused withdrawal", w.picture(t, quotas, positions, cadres), issued)

	res := w.withdraw(t, w.e.AdminTK, doc, "文件印发有误")
	apptest.Expect(t, res, 200)
	var out quota.Document
	res.JSON(t, &out)
	if out.State != quota.StateWithdrawn || out.WithdrawReason != "文件印发有误" || out.WithdrawnAt == nil || out.WithdrawnBy == "" {
		t.Fatalf("withdrawn document %+v", out)
	}
	expectSame(t, "after the withdrawal", w.picture(t, quotas, positions, cadres), before)

	// Read-only, and only once.
	path := fmt.Sprintf("/api/gbzs/documents/%d", doc)
	apptest.ExpectMessage(t, w.e.Do("PUT", path, w.e.AdminTK, docBody()), 409, "任免文件已撤销，不能修改或删除")
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/gbzs/documents", w.e.AdminTK, []int64{doc}), 409, "任免文件已撤销，不能修改或删除")
	apptest.ExpectMessage(t, w.issue(t, doc), 409, "任免文件已撤销")
	apptest.ExpectMessage(t, w.withdraw(t, w.e.AdminTK, doc, "再次撤销"), 409, "任免文件已撤销")
	if d := w.document(t, doc); d.State != quota.StateWithdrawn || d.WithdrawReason != "文件印发有误" || len(d.Items) != 4 {
		t.Fatalf("the withdrawn document reads %+v", d)
	}
	// What the withdrawal freed can be given again.
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(c, dean, "2026-04-01", true, ""))), 200)
}

// A removal withdrawn after the place it freed was filled brings its
// holder back beyond the quota, marked 撤销免职恢复.
func TestWithdrawnRemovalBeyondTheQuotaIsMarked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	dean := w.position(t, w.csUnit, "副院长", deputy, false)
	q := w.quota(t, w.csUnit, deputy, 1)
	a, b := w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit)
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(a, dean, "2025-09-01", true, ""))), 200)
	removed := w.draft(t, removal(a, dean, "2026-03-01"))
	apptest.Expect(t, w.issue(t, removed), 200)
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(b, dean, "2026-03-02", true, ""))), 200)
	apptest.Expect(t, w.withdraw(t, w.e.AdminTK, removed, "免职决定撤回"), 200)
	if got := w.quotaOf(t, q); got.Occupied != 2 || got.Over != 1 {
		t.Fatalf("quota %+v, want 2 occupied, 1 over", got)
	}
	holders := apptest.DoJSON[[]quota.Holder](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/positions/%d/holders", dean), w.e.AdminTK, nil)
	if len(holders) != 2 || holders[0].CadreID != a || !holders[0].OverQuota || holders[0].OverReason != quota.OverReasonRestored ||
		holders[1].CadreID != b || holders[1].OverQuota {
		t.Fatalf("holders %+v", holders)
	}
	if got := w.currentPost(t, a); got != "副院长" {
		t.Fatalf("甲's 现任职务 %q, want 副院长 again", got)
	}
}

// A document whose appointment a later document removed cannot be
// withdrawn: the 400 names the item and nothing changes; nor can a removal
// followed by a new appointment of the cadre to the post.
func TestWithdrawRefusesWhatALaterDocumentBuiltOn(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	dean := w.position(t, w.csUnit, "副院长", deputy, false)
	q := w.quota(t, w.csUnit, deputy, 2)
	a, b := w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit)
	first := w.draft(t, appoint(b, dean, "2026-01-01", true, ""), appoint(a, dean, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, first), 200)
	apptest.Expect(t, w.issue(t, w.draft(t, removal(a, dean, "2026-06-30"))), 200)
	before := w.picture(t, []int64{q}, []int64{dean}, []int64{a, b})
	apptest.ExpectField(t, w.withdraw(t, w.e.AdminTK, first, "任命有误"), "items",
		"第2项（任命甲为计算机学院副院长）：该任职已被其后的任免文件免去，不能撤销")
	if d := w.document(t, first); d.State != quota.StateIssued || d.WithdrawReason != "" {
		t.Fatalf("a refused withdrawal left the document %s %q", d.State, d.WithdrawReason)
	}
	expectSame(t, "a refused withdrawal", w.picture(t, []int64{q}, []int64{dean}, []int64{a, b}), before)

	c := w.cadre(t, "丙", w.csUnit)
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(c, dean, "2026-03-01", true, ""))), 200)
	out := w.draft(t, removal(c, dean, "2026-05-01"))
	apptest.Expect(t, w.issue(t, out), 200)
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(c, dean, "2026-07-01", false, ""))), 200)
	apptest.ExpectField(t, w.withdraw(t, w.e.AdminTK, out, "免职有误"), "items",
		"第1项（免去丙为计算机学院副院长）：该干部其后已由任免文件再次任此职务，不能撤销")
}

// Of two withdrawals at once exactly one passes; the place is freed once.
func TestConcurrentWithdrawalsExactlyOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	dean := w.position(t, w.csUnit, "副院长", deputy, false)
	q := w.quota(t, w.csUnit, deputy, 2)
	doc := w.draft(t, appoint(w.cadre(t, "甲", w.csUnit), dean, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, doc), 200)
	statuses := apptest.Concurrently(2, func(i int) int { return w.withdraw(t, w.e.AdminTK, doc, fmt.Sprintf("撤销%d", i)).Status })
	apptest.ExpectOneWins(t, statuses, 200, 409)
	if got := w.quotaOf(t, q); got.Occupied != 0 || got.Vacant != 2 {
		t.Fatalf("quota after the race %+v", got)
	}
}

// The route answers 401 without a token, 403 without gbzs:issue, 404 for a
// document outside the caller's scope or none, 409 for a draft.
func TestWithdrawRouteAnswers401403404409(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mathPos := w.position(t, w.mathU, "副院长", deputy, false)
	w.quota(t, w.mathU, deputy, 1)
	csPos := w.position(t, w.csUnit, "副院长", deputy, false)
	w.quota(t, w.csUnit, deputy, 1)
	mathDoc := w.draft(t, appoint(w.cadre(t, "数", w.mathU), mathPos, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, mathDoc), 200)
	csDoc := w.draft(t, appoint(w.cadre(t, "计", w.csUnit), csPos, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, csDoc), 200)
	draft := w.draft(t, appoint(w.cadre(t, "草", w.csUnit), csPos, "2026-03-01", true, ""))
	body := map[string]any{"reason": "有误"}
	// The 计算机 office with the whole cadre base (gbjbxx:all, as 干部管理员):
	// its unit scope still stops at its units' documents.
	officeTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, append(allPerms, cadre.PermAll)...)
	path := func(id int64) string { return fmt.Sprintf("/api/gbzs/documents/%d/withdraw", id) }
	w.e.ExpectCalls(t, []apptest.Call{
		{Method: "POST", Path: path(csDoc), Token: "", Body: body, Want: 401},
		{Method: "POST", Path: path(csDoc), Token: w.noTK, Body: body, Want: 403},
		{Method: "POST", Path: path(csDoc), Token: w.editTK, Body: body, Want: 403},
		{Method: "POST", Path: path(mathDoc), Token: officeTK, Body: body, Want: 404},
		{Method: "POST", Path: path(999999), Token: officeTK, Body: body, Want: 404},
		{Method: "POST", Path: path(draft), Token: officeTK, Body: body, Want: 409},
		{Method: "POST", Path: path(csDoc), Token: officeTK, Body: body, Want: 200},
	})
	if d := w.document(t, mathDoc); d.State != quota.StateIssued {
		t.Fatalf("the other unit's document is %s", d.State)
	}
	if d := w.document(t, draft); d.State != quota.StateDraft {
		t.Fatalf("the draft is %s", d.State)
	}
}

// A document giving one cadre two posts (the second, concurrent, also
// written as 现任职务) is undone back to the cadre's state before it: each
// undo finds in the trail the state its own post's write found.
func TestWithdrawTwoAppointmentsOfOneCadre(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	dean, secretary, q := w.team(t, 2)
	a := w.cadre(t, "甲", w.csUnit)
	before := w.picture(t, []int64{q}, []int64{dean, secretary}, []int64{a})
	doc := w.draft(t, appoint(a, dean, "2026-03-01", true, ""), appoint(a, secretary, "2026-03-02", false, ""))
	apptest.Expect(t, w.issue(t, doc), 200)
	if got := w.currentPost(t, a); got != "党委副书记" {
		t.Fatalf("甲's 现任职务 after the issue %q", got)
	}
	apptest.Expect(t, w.withdraw(t, w.e.AdminTK, doc, "任职安排调整"), 200)
	expectSame(t, "after the withdrawal", w.picture(t, []int64{q}, []int64{dean, secretary}, []int64{a}), before)
}
