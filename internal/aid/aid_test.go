package aid_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/aid"
	"zhdj/internal/apptest"
	feestandard "zhdj/internal/fee/standard"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

func TestRoutesRefuseStrangersAndOutsiders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, r := range []struct{ method, path string }{{"GET", "/api/dybf/cases"}, {"POST", "/api/dybf/cases"},
		{"POST", "/api/dybf/cases/1/resolve"}, {"GET", "/api/dybf/records"}, {"GET", "/api/dybf/records/export"},
		{"POST", "/api/dybf/records"}, {"POST", "/api/dybf/records/1/decide"}, {"GET", "/api/dybf/totals"},
		{"GET", "/api/dybf/visits"}, {"GET", "/api/dybf/threshold"}, {"GET", "/api/dybf/records/1/attachments"}} {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", map[string]any{}), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noTK, map[string]any{}), 403)
	}
	// Out of scope: a 数学 member, case and record are 404 for 计算机.
	li := w.member(t, w.mathBranch, "李四")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dybf/cases", w.csTK, illness(li)), 404, "党员不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dybf/records", w.csTK, visit(li, "", "2026-05-01")), 404, "党员不存在")
	c := apptest.DoJSON[aid.CaseView](t, w.e, 201, "POST", "/api/dybf/cases", w.mathTK, illness(li))
	r := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.mathTK, money(li, "300"))
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dybf/cases/%d/resolve", c.ID), w.csTK, map[string]any{"until": "2026-06-01"}), 404)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dybf/records/%d/decide", r.ID), w.csTK, map[string]any{"approve": true}), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dybf/records/%d/attachments", r.ID), w.csTK, nil), 404)
	if rows, _ := apptest.GetPage[aid.CaseView](t, w.e, w.csTK, "/api/dybf/cases", nil); len(rows) != 0 {
		t.Fatalf("计算机 sees 数学's cases: %+v", rows)
	}
	if rows, _ := apptest.GetPage[aid.RecordView](t, w.e, w.csTK, "/api/dybf/records", nil); len(rows) != 0 {
		t.Fatalf("计算机 sees 数学's records: %+v", rows)
	}
	if rows, _ := apptest.GetPage[aid.CaseView](t, w.e, w.mathTK, "/api/dybf/cases", nil); len(rows) != 1 || rows[0].KindName != "患病" {
		t.Fatalf("数学's cases: %+v", rows)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dybf/records/export", w.mathTK, nil), 200)
}

// The threshold (2,000.00 元 by default) at its edges: one cent below and
// at it the 二级党委 approves; one cent above only the 组织部. The branch
// never approves, nor anyone its own unit's proposal.
func TestMoneyApprovalFollowsTheThreshold(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/records", w.branchTK, money(zhang, "0")), "amount", "请输入帮扶金额（0.01 至 100,000.00 元）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/records", w.branchTK, money(zhang, "1.234")), "amount", "请输入帮扶金额（0.01 至 100,000.00 元）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/records", w.branchTK, apptest.With(money(zhang, "10"), "aidOn", "2099-01-01")), "aidOn",
		"帮扶日期不能晚于今天")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/records", w.branchTK, apptest.With(money(zhang, "10"), "kind", "x")), "kind", "请选择帮扶方式")
	propose := func(token, amount string) aid.RecordView {
		r := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", token, money(zhang, amount))
		if r.State != aid.StatePending || r.Amount != amount {
			t.Fatalf("proposed %s: %+v", amount, r)
		}
		return r
	}
	decide := func(r aid.RecordView) string { return fmt.Sprintf("/api/dybf/records/%d/decide", r.ID) }
	below, at, above := propose(w.branchTK, "1,999.99"), propose(w.branchTK, "2,000.00"), propose(w.branchTK, "2,000.01")
	if below.NeedsSchool || at.NeedsSchool || !above.NeedsSchool {
		t.Fatalf("needs the 组织部: %v %v %v", below.NeedsSchool, at.NeedsSchool, above.NeedsSchool)
	}
	for _, r := range []aid.RecordView{below, at, above} {
		apptest.ExpectMessage(t, w.e.Do("POST", decide(r), w.branchTK, map[string]any{"approve": true}), 409, "不能审批本单位申报的帮扶金，请由上级党委审批")
		apptest.Expect(t, w.e.Do("POST", decide(r), w.mathTK, map[string]any{"approve": true}), 404)
	}
	apptest.ExpectField(t, w.e.Do("POST", decide(below), w.csTK, map[string]any{"approve": false}), "remark", "不批准时请填写审批意见")
	apptest.Expect(t, w.e.Do("POST", decide(below), w.csTK, map[string]any{"approve": true}), 200)
	apptest.Expect(t, w.e.Do("POST", decide(at), w.csTK, map[string]any{"approve": true}), 200)
	apptest.ExpectMessage(t, w.e.Do("POST", decide(above), w.csTK, map[string]any{"approve": true}), 409, "该笔帮扶金超过二级党委审批额度，须由组织部审批")
	got := apptest.DoJSON[aid.RecordView](t, w.e, 200, "POST", decide(above), w.schoolTK, map[string]any{"approve": true, "remark": "同意"})
	if got.State != aid.StateApproved || got.DecidedBy == "" || got.Remark != "同意" {
		t.Fatalf("approved above: %+v", got)
	}
	// A committee's own proposal: not by its accounts; a branch of another
	// unit is below the level; the 组织部 approves it.
	own := propose(w.csTK, "100.00")
	apptest.ExpectMessage(t, w.e.Do("POST", decide(own), w.cs2TK, map[string]any{"approve": true}), 409, "不能审批本单位申报的帮扶金，请由上级党委审批")
	apptest.ExpectMessage(t, w.e.Do("POST", decide(own), w.branchTK, map[string]any{"approve": true}), 409, "党支部无权审批帮扶金，请由二级党委审批")
	apptest.Expect(t, w.e.Do("POST", decide(own), w.schoolTK, map[string]any{"approve": false, "remark": "已由工会补助"}), 200)
	apptest.Expect(t, w.e.Do("POST", decide(own), w.schoolTK, map[string]any{"approve": true}), 409)
	// A visit is not decided.
	v := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, visit(zhang, aid.OccasionJuly, "2026-06-28"))
	apptest.ExpectMessage(t, w.e.Do("POST", decide(v), w.csTK, map[string]any{"approve": true}), 409, "只有帮扶金需要审批")
}

// Of parallel approvals of one record, one wins; the others are 409.
func TestParallelApprovalsOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	r := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "500"))
	path := fmt.Sprintf("/api/dybf/records/%d/decide", r.ID)
	statuses := apptest.Concurrently(4, func(int) int { return w.e.Do("POST", path, w.csTK, map[string]any{"approve": true}).Status })
	apptest.ExpectOneWins(t, statuses, 200, 409)
}

// Cases: one open per member, resolved once, with the fee module's
// hardship reduction in force shown.
func TestCasesShowTheHardshipReduction(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, li := w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四")
	now := time.Now().UTC()
	h := feestandard.Hardship{Base: resource.Base{CreatedAt: now, UpdatedAt: now}, MemberID: zhang, OrgID: w.branch,
		Kind: feestandard.HardshipReduce, Fen: 200, FromYM: 202001, ToYM: 209912, Reason: "患病", State: feestandard.HardshipApproved}
	if _, err := w.e.DB.NewInsert().Model(&h).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/cases", w.branchTK, apptest.With(illness(zhang), "kind", "x")), "kind", "请选择困难类别")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/cases", w.branchTK, apptest.With(illness(zhang), "description", "")), "description",
		"请输入困难情况（不超过1000个字）")
	c := apptest.DoJSON[aid.CaseView](t, w.e, 201, "POST", "/api/dybf/cases", w.branchTK, illness(zhang))
	if c.Hardship == nil || c.Hardship.Label != "减交" || c.Hardship.Amount != "2.00" || c.StateName != "帮扶中" {
		t.Fatalf("case %+v hardship %+v", c, c.Hardship)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/dybf/cases", w.branchTK, illness(zhang)), "memberId", "该党员已在帮扶中")
	other := apptest.DoJSON[aid.CaseView](t, w.e, 201, "POST", "/api/dybf/cases", w.branchTK, apptest.With(illness(li), "kind", "3"))
	if other.Hardship != nil || other.KindName != "生活困难" {
		t.Fatalf("no hardship: %+v", other)
	}
	resolve := fmt.Sprintf("/api/dybf/cases/%d/resolve", c.ID)
	apptest.ExpectField(t, w.e.Do("POST", resolve, w.branchTK, map[string]any{"until": "2026-01-01"}), "until", "脱困日期不能早于开始日期")
	apptest.Expect(t, w.e.Do("POST", resolve, w.branchTK, map[string]any{"until": "2026-06-01"}), 200)
	apptest.Expect(t, w.e.Do("POST", resolve, w.branchTK, map[string]any{"until": "2026-06-01"}), 409)
	rows, _ := apptest.GetPage[aid.CaseView](t, w.e, w.csTK, "/api/dybf/cases", url.Values{"state": {aid.CaseAiding}})
	if len(rows) != 1 || rows[0].MemberName != "李四" {
		t.Fatalf("aiding: %+v", rows)
	}
}

// Totals per 二级党委 and kind, hand-computed: 计算机 money 2 approved
// (300.00 + 200.50; the pending one not counted), 1 visit; 数学 money 1.
func TestYearlyTotalsPerCommittee(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, wang, li := w.member(t, w.branch, "张三"), w.member(t, w.branch2, "王五"), w.member(t, w.mathBranch, "李四")
	approve := func(token string, body map[string]any) {
		r := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.e.AdminTK, body)
		apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dybf/records/%d/decide", r.ID), token, map[string]any{"approve": true}), 200)
	}
	approve(w.csTK, money(zhang, "300"))
	approve(w.csTK, money(wang, "200.50"))
	approve(w.mathTK, money(li, "1000"))
	apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "99"))
	apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, visit(zhang, aid.OccasionJuly, "2026-06-28"))
	apptest.ExpectField(t, w.e.Do("GET", "/api/dybf/totals", w.csTK, nil), "year", "请选择年度")
	show := func(token string) (out []string) {
		rows, _ := apptest.GetPage[aid.Total](t, w.e, token, "/api/dybf/totals", url.Values{"year": {"2026"}})
		for _, r := range rows {
			out = append(out, fmt.Sprintf("%s %s %d/%d %s", r.CommitteeName, r.KindName, r.Records, r.Members, r.Amount))
		}
		return out
	}
	if got := fmt.Sprint(show(w.csTK)); got != "[计算机学院党委 帮扶金 2/2 500.50 计算机学院党委 走访慰问 1/1 0.00]" {
		t.Fatalf("计算机: %s", got)
	}
	if got := fmt.Sprint(show(w.schoolTK)); got != "[数学学院党委 帮扶金 1/1 1,000.00 计算机学院党委 帮扶金 2/2 500.50 计算机学院党委 走访慰问 1/1 0.00]" &&
		got != "[计算机学院党委 帮扶金 2/2 500.50 计算机学院党委 走访慰问 1/1 0.00 数学学院党委 帮扶金 1/1 1,000.00]" {
		t.Fatalf("school: %s", got)
	}
	if rows, _ := apptest.GetPage[aid.Total](t, w.e, w.csTK, "/api/dybf/totals", url.Values{"year": {"2025"}}); len(rows) != 0 {
		t.Fatalf("2025: %+v", rows)
	}
}

// The 七一 list: members in difficulty and 老党员 (joined 50 years before),
// with who has been visited for 七一 of the year.
func TestVisitListsForJulyFirst(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	old := w.member(t, w.branch, "老李", "appliedOn", "1975-03-01", "joinedOn", "1976-03-01", "fullOn", "1977-03-01")
	w.member(t, w.branch, "赵六")
	w.member(t, w.mathBranch, "数学老王", "appliedOn", "1960-03-01", "joinedOn", "1961-06-30", "fullOn", "1962-06-30")
	apptest.DoJSON[aid.CaseView](t, w.e, 201, "POST", "/api/dybf/cases", w.branchTK, illness(zhang))
	apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, visit(old, aid.OccasionJuly, "2026-06-28"))
	apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, visit(zhang, aid.OccasionSpring, "2026-02-01"))
	apptest.ExpectField(t, w.e.Do("GET", "/api/dybf/visits?year=2026", w.csTK, nil), "occasion", "请选择慰问节点（七一或春节）")
	list := func(occasion string, q url.Values) (out []string) {
		q.Set("year", "2026")
		q.Set("occasion", occasion)
		rows, _ := apptest.GetPage[aid.VisitRow](t, w.e, w.csTK, "/api/dybf/visits", q)
		for _, r := range rows {
			out = append(out, fmt.Sprintf("%s %d%d%d", r.MemberName, r.InCase, r.Old, r.Visited))
		}
		return out
	}
	if got := fmt.Sprint(list(aid.OccasionJuly, url.Values{})); got != "[张三 100 老李 011]" {
		t.Fatalf("七一: %s", got)
	}
	if got := fmt.Sprint(list(aid.OccasionJuly, url.Values{"visited": {"0"}})); got != "[张三 100]" {
		t.Fatalf("七一 not visited: %s", got)
	}
	// 春节 2026 counts standing by 1 January: 老李 (joined 1976-03) is not yet 50 years.
	if got := fmt.Sprint(list(aid.OccasionSpring, url.Values{})); got != "[张三 101]" {
		t.Fatalf("春节: %s", got)
	}
}

// The demo registers cases and records the page lists, one money record
// waiting for its approval and one approved.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, n := range []string{"甲", "乙", "丙", "丁"} {
		w.member(t, w.branch, n)
	}
	res, err := w.e.App.Aid.SeedDemo(t.Context())
	if err != nil || res.Cases != 4 || res.Records != 5 {
		t.Fatalf("demo: %+v %v", res, err)
	}
	rows, _ := apptest.GetPage[aid.RecordView](t, w.e, w.csTK, "/api/dybf/records", url.Values{"kind": {aid.KindMoney}})
	states := map[string]int{}
	for _, r := range rows {
		states[r.State]++
	}
	if states[aid.StatePending] != 1 || states[aid.StateApproved] != 1 {
		t.Fatalf("demo money: %+v", rows)
	}
}

// The threshold is a setting the administrator changes through the
// settings' checks: a bad amount is refused on configValue; a new one
// applies to the proposals that follow.
func TestThresholdSettingIsChecked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	if err := w.e.Sys.SetSetting(ctx, aid.CfgThreshold, "1.234"); httpx.FieldOf(err) != "configValue" {
		t.Fatalf("bad threshold: %v", err)
	}
	if err := w.e.Sys.SetSetting(ctx, aid.CfgThreshold, "500.00"); err != nil {
		t.Fatal(err)
	}
	if got := apptest.DoJSON[aid.Threshold](t, w.e, 200, "GET", "/api/dybf/threshold", w.csTK, nil); got.Amount != "500.00" {
		t.Fatalf("threshold %+v", got)
	}
	zhang := w.member(t, w.branch, "张三")
	at := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "500"))
	above := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "500.01"))
	if at.NeedsSchool || !above.NeedsSchool {
		t.Fatalf("at %v above %v", at.NeedsSchool, above.NeedsSchool)
	}
}
