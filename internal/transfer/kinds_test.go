package transfer_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
	"zhdj/internal/transfer"
)

func inBody(name, idNumber string, org int64) map[string]any {
	return map[string]any{"kind": transfer.KindIn, "name": name, "idNumber": idNumber, "phone": "13900139000",
		"partyStatus": member.PartyFull, "joinedOn": "2015-07-01", "personType": "1", "personCategory": "1", "orgId": org, "otherOrg": "某大学化学学院党委"}
}

func approveAll(t *testing.T, w *world, kind string, id int64) {
	t.Helper()
	for _, tk := range []string{w.csBranchTK, w.csTK, w.deptTK} {
		w.act(t, tk, kind, id, flow.Approve, 200)
	}
}

// 校外转入 creates the member record (source 校外转入) at the receiving
// branch only when the department approves.
func TestTransferInCreatesTheMember_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	number := idNumber()
	id := w.start(t, w.csBranchTK, inBody("李转入", number, w.csBranch))
	if v := w.detail(t, w.csBranchTK, id); v.MemberID != nil || v.IDNumber == number || v.IDNumber == "" {
		t.Fatalf("started: memberId %v, idNumber %q (must be masked)", v.MemberID, v.IDNumber)
	}
	n, _ := w.e.DB.NewSelect().Model((*member.Member)(nil)).Where("name = ?", "李转入").Count(t.Context())
	if n != 0 {
		t.Fatal("the member exists before the last approval")
	}
	approveAll(t, w, transfer.KindIn, id)
	v := w.detail(t, w.csBranchTK, id)
	if v.MemberID == nil {
		t.Fatal("no member linked")
	}
	m := w.memberRow(t, *v.MemberID)
	if m.OrgID != w.csBranch || m.Source != member.SourceTransferIn || m.MemberStatus != member.StatusNormal || m.Name != "李转入" {
		t.Fatalf("member: %+v", m)
	}
}

// 校外转入 of a member who left (same ID number, through the blind index)
// restores that record: no duplicate.
func TestTransferInRestoresAMemberWhoLeft_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	number := idNumber()
	m := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("王回来", w.mathBranch, "idNumber", number))
	// Still 正常 in the school: refused on its field.
	res := w.e.Do("POST", "/api/zzgx", w.csBranchTK, inBody("王回来", number, w.csBranch))
	apptest.Expect(t, res, 400)
	if res.Map(t)["field"] != "idNumber" {
		t.Fatalf("field: %s", res.Body)
	}
	setStatus := func(status string) {
		if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("member_status = ?", status).Where("id = ?", m).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	// Left the party, died, or still in the school (失联): not restored by a transfer in.
	for _, status := range []string{member.StatusLeft, member.StatusDeceased, member.StatusLost} {
		setStatus(status)
		res := w.e.Do("POST", "/api/zzgx", w.csBranchTK, inBody("王回来", number, w.csBranch))
		apptest.Expect(t, res, 400)
		if res.Map(t)["field"] != "idNumber" {
			t.Fatalf("status %s: %s", status, res.Body)
		}
	}
	setStatus(member.StatusTransferredOut)
	id := w.start(t, w.csBranchTK, inBody("王回来", number, w.csBranch))
	approveAll(t, w, transfer.KindIn, id)
	n, _ := w.e.DB.NewSelect().Model((*member.Member)(nil)).Where("name = ?", "王回来").Count(t.Context())
	row := w.memberRow(t, m)
	if n != 1 || row.OrgID != w.csBranch || row.MemberStatus != member.StatusNormal {
		t.Fatalf("%d records, restored %+v", n, row)
	}
	if v := w.detail(t, w.deptTK, id); v.MemberID == nil || *v.MemberID != m {
		t.Fatalf("linked %v", v.MemberID)
	}
}

// 流动党员流入 records the person and the organisation they come from; no
// member record of ours is made.
func TestFlowInRecordsWithoutAMember_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	body := inBody("赵流入", idNumber(), w.csBranch)
	body["kind"], body["otherOrg"] = transfer.KindFlowIn, "杭州市某社区党委"
	id := w.start(t, w.csBranchTK, body)
	approveAll(t, w, transfer.KindFlowIn, id)
	v := w.detail(t, w.csBranchTK, id)
	if v.State != transfer.StateDone || v.MemberID != nil || v.OtherOrg != "杭州市某社区党委" {
		t.Fatalf("%+v", v)
	}
}

// A return (退回修改) goes back to the applicant's step; the starter
// resubmits and the chain starts again at 支部审核. A rejection ends it.
func TestReturnAndResubmit_Reject(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "退回党员", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindAbroad, "memberId": m, "otherOrg": "法国", "happenedOn": "2026-02-01"})
	w.act(t, w.csBranchTK, transfer.KindAbroad, id, flow.Approve, 200)
	w.act(t, w.csTK, transfer.KindAbroad, id, flow.Return, 200) // back to 支部审核
	w.act(t, w.csBranchTK, transfer.KindAbroad, id, flow.Return, 200)
	if got := w.detail(t, w.csBranchTK, id).State; got != transfer.StateReturned {
		t.Fatalf("state %s, want returned", got)
	}
	// Someone else in scope without being the starter and without zzgx:add may not resubmit.
	w.act(t, w.listTK, transfer.KindAbroad, id, flow.Approve, 403)
	w.act(t, w.csBranchTK, transfer.KindAbroad, id, flow.Approve, 200)
	if got := w.detail(t, w.csBranchTK, id).State; got != transfer.StateBranch {
		t.Fatalf("resubmitted: %s", got)
	}
	w.act(t, w.csBranchTK, transfer.KindAbroad, id, flow.Reject, 200)
	if got := w.detail(t, w.csBranchTK, id).State; got != transfer.StateRejected {
		t.Fatalf("rejected: %s", got)
	}
	w.act(t, w.csTK, transfer.KindAbroad, id, flow.Approve, 400) // ended
	// A new transfer may start once the last one ended.
	w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindAbroad, "memberId": m, "otherOrg": "法国", "happenedOn": "2026-02-01"})
}

// 本人撤回: the starter withdraws while it is under way; nobody else may;
// 撤销 needs zzgx:cancel. Both end the workflow and free the member.
func TestWithdrawAndCancel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "撤回党员", w.csBranch)
	body := map[string]any{"kind": transfer.KindOut, "subKind": transfer.OutProvince, "memberId": m, "otherOrg": "某县委组织部",
		"reach": "province", "feesPaidUpTo": "2026-01"}
	id := w.start(t, w.csBranchTK, body)
	// A second transfer of the same member while one is under way: 409.
	apptest.Expect(t, w.e.Do("POST", "/api/zzgx", w.csBranchTK, body), 409)
	w.act(t, w.csBranchTK, transfer.KindOut, id, flow.Approve, 200)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/withdraw", id), w.csTK, map[string]any{}), 403)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/withdraw", id), w.csBranchTK, map[string]any{"comment": "不转了"}), 200)
	if v := w.detail(t, w.csBranchTK, id); v.State != transfer.StateWithdrawn {
		t.Fatalf("withdrawn: %s", v.State)
	}
	if fl := w.flow(t, w.csBranchTK, transfer.KindOut, id); fl.Step != "" || fl.Entries[len(fl.Entries)-1].Action != flow.Withdraw {
		t.Fatalf("flow: %+v", fl)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/withdraw", id), w.csBranchTK, map[string]any{}), 400)
	if got := w.memberRow(t, m).MemberStatus; got != member.StatusNormal {
		t.Fatalf("status %s", got)
	}
	id2 := w.start(t, w.csBranchTK, body)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/cancel", id2), w.csBranchTK, map[string]any{}), 403)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/cancel", id2), w.deptTK, map[string]any{"comment": "录入错误"}), 200)
	if v := w.detail(t, w.csBranchTK, id2); v.State != transfer.StateCancelled {
		t.Fatalf("cancelled: %s", v.State)
	}
}

// Lists filter by kind and state; the export is an xlsx of the same rows.
func TestListFiltersAndExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.member(t, "甲", w.csBranch)
	b := w.member(t, "乙", w.csBranch)
	w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": a, "happenedOn": "2025-01-01"})
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindAbroad, "memberId": b, "otherOrg": "日本", "happenedOn": "2026-01-01"})
	w.act(t, w.csBranchTK, transfer.KindAbroad, id, flow.Approve, 200)
	rows, total := apptest.GetPage[transfer.View](t, w.e, w.csBranchTK, "/api/zzgx", url.Values{"kind": {transfer.KindAbroad}})
	if total != 1 || rows[0].ID != id || rows[0].KindLabel != "出国（境）暂留" || rows[0].StateLabel != "二级党委审核" {
		t.Fatalf("by kind: %d %+v", total, rows)
	}
	_, total = apptest.GetPage[transfer.View](t, w.e, w.csBranchTK, "/api/zzgx", url.Values{"state": {transfer.StateBranch}})
	if total != 1 {
		t.Fatalf("by state: %d", total)
	}
	res := w.e.Do("GET", "/api/zzgx/export?kind=abroad", w.csBranchTK, nil)
	apptest.Expect(t, res, 200)
	f := apptest.Download(t, res)
	sheet := f.GetSheetName(0)
	cell, _ := f.GetCellValue(sheet, "D2")
	if cell != "乙" {
		t.Fatalf("export row: %q", cell)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx?kind=x&sort=nope", w.csBranchTK, nil), 400)
}
