package points_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/archive"
	"zhdj/internal/orglife"
	"zhdj/internal/points"
)

func TestRoutesRefuseStrangersAndOutsiders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, r := range []struct{ method, path string }{{"GET", "/api/jf/entries"}, {"GET", "/api/jf/rules"}, {"GET", "/api/jf/manual"},
		{"GET", "/api/jf/ranking"}, {"POST", "/api/jf/manual"}, {"POST", "/api/jf/manual/1/decide"}, {"GET", "/api/jf/entries/export"}} {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", map[string]any{}), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noTK, map[string]any{}), 403)
	}
	// Out of scope: the 数学 ranking for 计算机, a 数学 member's proposal.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/jf/ranking?orgId=%d&year=2026", w.math), w.csTK, nil), 404)
	li := w.member(t, w.mathBranch, "李四")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/jf/manual", w.csTK, proposal(li, points.KindVolunteer)), 404, "党员不存在")
	apptest.ExpectField(t, w.e.Do("GET", "/api/jf/ranking?year=2026", w.csTK, nil), "orgId", "请选择党组织")
}

func proposal(member int64, kind string) map[string]any {
	return map[string]any{"memberId": member, "kind": kind, "reason": "社区志愿服务", "earnedOn": "2026-05-04"}
}

// A branch proposes, the 二级党委 above it decides: once (409 after), never
// the branch itself, never another committee (404); an approval books the
// entry with the rule's points.
func TestManualEntriesAreApprovedAboveTheBranch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	apptest.ExpectField(t, w.e.Do("POST", "/api/jf/manual", w.branchTK, apptest.With(proposal(zhang, points.KindOther), "points", 51)), "points",
		"积分应为-50到50之间的非零整数")
	apptest.ExpectField(t, w.e.Do("POST", "/api/jf/manual", w.branchTK, apptest.With(proposal(zhang, "x"))), "kind", "请选择积分类别")
	apptest.ExpectField(t, w.e.Do("POST", "/api/jf/manual", w.branchTK, apptest.With(proposal(zhang, points.KindHonour), "reason", " ")), "reason",
		"请输入事由（不超过500个字）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/jf/manual", w.branchTK, apptest.With(proposal(zhang, points.KindHonour), "earnedOn", "2099-01-01")),
		"earnedOn", "发生日期不能晚于今天")
	p := apptest.DoJSON[points.ProposalView](t, w.e, 201, "POST", "/api/jf/manual", w.branchTK, proposal(zhang, points.KindVolunteer))
	if p.Points != 3 || p.State != points.StatePending || p.OrgName != "计算机教工党支部" {
		t.Fatalf("proposed %+v", p)
	}
	decide := fmt.Sprintf("/api/jf/manual/%d/decide", p.ID)
	apptest.ExpectMessage(t, w.e.Do("POST", decide, w.branchTK, map[string]any{"approve": true}), 403, "不能审核本支部申报的积分，请由上级党委审核")
	apptest.Expect(t, w.e.Do("POST", decide, w.mathTK, map[string]any{"approve": true}), 404)
	apptest.ExpectField(t, w.e.Do("POST", decide, w.csTK, map[string]any{"approve": false}), "remark", "驳回时请填写审核意见")
	statuses := apptest.Concurrently(4, func(int) int { return w.e.Do("POST", decide, w.csTK, map[string]any{"approve": true}).Status })
	apptest.ExpectOneWins(t, statuses, 200, 409)
	got := w.ledger(t, w.csTK, zhang)
	if len(got) != 1 || got[0].Points != 3 || got[0].Kind != points.KindVolunteer || got[0].Text != "志愿服务：社区志愿服务（2026-05-04）" {
		t.Fatalf("approved: %+v", got)
	}
	apptest.Expect(t, w.e.Do("POST", decide, w.csTK, map[string]any{"approve": false, "remark": "重复"}), 409)
}

// Rankings, hand-computed: 计算机 branch 张三 6, 李四 4, 王五 4; 数学 branch
// 赵六 10. Within 计算机: 1 张三, 2 李四 and 王五. School-wide: 1 赵六, 2 张三, 3, 3.
func TestRankingsPerOrganisation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, li, wang := w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四"), w.member(t, w.branch, "王五")
	zhao := w.member(t, w.mathBranch, "赵六")
	for id, meetings := range map[int64]int{zhang: 3, li: 2, wang: 2, zhao: 5} {
		for m := range meetings {
			w.publish(t, attended(int64(m+1), id, orglife.AttendPresent, 1))
		}
	}
	rank := func(token string, org int64) (out []string) {
		rows, total := apptest.GetPage[points.Rank](t, w.e, token, "/api/jf/ranking", url.Values{"orgId": {fmt.Sprint(org)}, "year": {"2026"}})
		for _, r := range rows {
			out = append(out, fmt.Sprintf("%d %s %d", r.Rank, r.MemberName, r.Points))
		}
		if total != len(rows) {
			t.Fatalf("total %d of %d", total, len(rows))
		}
		return out
	}
	want := "[1 张三 6 2 李四 4 2 王五 4]"
	if got := fmt.Sprint(rank(w.csTK, w.cs)); got != want {
		t.Fatalf("计算机: %s", got)
	}
	if got := fmt.Sprint(rank(w.csTK, w.branch)); got != want {
		t.Fatalf("branch: %s", got)
	}
	if got := fmt.Sprint(rank(w.e.AdminTK, w.root)); got != "[1 赵六 10 2 张三 6 3 李四 4 3 王五 4]" {
		t.Fatalf("school: %s", got)
	}
	// A page of two.
	rows, total := apptest.GetPage[points.Rank](t, w.e, w.e.AdminTK, "/api/jf/ranking", url.Values{"orgId": {fmt.Sprint(w.root)}, "year": {"2026"},
		"page": {"1"}, "size": {"2"}}) // pages count from 0
	if total != 4 || len(rows) != 2 || rows[0].Rank != 3 {
		t.Fatalf("page 2: %d %+v", total, rows)
	}
}

// 个人档案 lists a member's approved 获得表彰, newest first: not a pending or
// rejected one, not another kind, not another member's.
func TestArchiveListsTheMembersApprovedHonours(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, li := w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四")
	decided := func(member int64, kind, reason, on string, approve bool) {
		t.Helper()
		body := apptest.With(proposal(member, kind), "reason", reason, "earnedOn", on)
		p := apptest.DoJSON[points.ProposalView](t, w.e, 201, "POST", "/api/jf/manual", w.branchTK, body)
		if approve {
			apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/jf/manual/%d/decide", p.ID), w.csTK, map[string]any{"approve": true}), 200)
		} else {
			apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/jf/manual/%d/decide", p.ID), w.csTK, map[string]any{"approve": false, "remark": "不符合条件"}), 200)
		}
	}
	decided(zhang, points.KindHonour, "获评院级优秀共产党员", "2025-06-28", true)
	decided(zhang, points.KindHonour, "获评校级优秀共产党员", "2026-06-28", true)
	decided(zhang, points.KindHonour, "获评省级优秀共产党员", "2026-07-01", false)
	decided(zhang, points.KindVolunteer, "迎新志愿服务", "2026-09-01", true)
	decided(li, points.KindHonour, "获评优秀党务工作者", "2026-06-28", true)
	apptest.DoJSON[points.ProposalView](t, w.e, 201, "POST", "/api/jf/manual", w.branchTK, proposal(zhang, points.KindHonour)) // pending

	tk, account := w.e.UserAt(t, "SELF", w.branch, archive.PermMine)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("user_id = ?", account).Where("id = ?", zhang).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := apptest.DoJSON[archive.Record](t, w.e, 200, "GET", "/api/archives/mine", tk, nil).Honours
	if len(got) != 2 || got[0].Reason != "获评校级优秀共产党员" || got[0].EarnedOn.String() != "2026-06-28" ||
		got[1].Reason != "获评院级优秀共产党员" || got[0].OrgName != "计算机教工党支部" {
		t.Fatalf("张三's honours: %+v", got)
	}
}
