package oversight_test

import (
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/oversight"
)

var importHeader = []string{"姓名", "身份证号", "类型", "细类", "转出组织", "转入组织", "日期", "介绍信编号", "党费缴纳至", "备注"}

// memberRow reads a member's organisation and status.
func (w *world) memberRow(t *testing.T, id int64) (org int64, status string) {
	t.Helper()
	var m member.Member
	if err := w.e.DB.NewSelect().Model(&m).Where("m.id = ?", id).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m.OrgID, m.MemberStatus
}

// Transfers done on paper come in through the staged import: a row per
// completed transfer of a member found by the ID number's blind index.
// Every row that commits is a transfer 已完成 whose history says it was
// imported (with the letter's number); only the member's latest transfer
// moves the member (organisation and status, trail entry). Bad rows name
// their column.
func TestImportOfTransfersDoneOnPaper(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	a, aID := w.member(t, "导入甲", w.csStaff)
	b, bID := w.member(t, "导入乙", w.csStaff)
	c, cID := w.member(t, "导入丙", w.mathB)
	f, fID := w.member(t, "导入丁", w.direct)
	g, gID := w.member(t, "导入戊", w.direct)
	// The system completed a transfer of 甲 after the paper one below.
	w.transfer(t, transfer.Transfer{Kind: transfer.KindInside, MemberID: &a, OrgID: w.csStudent, ToOrgID: &w.csStaff, DoneOn: "2024-06-01"})
	// 戊 has one under way.
	w.transfer(t, transfer.Transfer{Kind: transfer.KindOut, SubKind: transfer.OutProvince, State: transfer.StateBranch, MemberID: &g, OrgID: w.direct})
	future := string(date.Today().AddDays(1))
	rows := [][]string{importHeader,
		{"导入甲", aID, "校内转接", "", "CS01", "MA01", "2024-01-01", "2024-001", "", ""},          // 2: older than the system's
		{"导入乙", bID, "校内转接", "", "CS01", "MA01", "2024/3/1", "2024-002", "2024-02", ""},     // 3: history of 乙
		{"导入乙", bID, "出国（境）暂留", "", "MA01", "英国", "2024.05.01", "", "", "留学"},               // 4: 乙's latest
		{"导入丙", cID, "转出", "省外", "MA01", "上海市某党委", "2024-07-01", "2024-015", "2024年6月", ""}, // 5
		{"导入丁", fID, "失联党员", "", "DR01", "", "2024-01-10", "", "", ""},                      // 6
		{"导入丙", cID, "出党", "", "MA01", "", "2024-08-01", "", "", ""},                        // 7: no sub-kind
		{"无名", apptest.IDNumber("110101", "19800101", 1), "转出", "省内", "CS01", "某地", "2024-01-01", "", "", ""},
		{"导入甲", aID, "转出", "省内", "CS01", "某地", "2024-13-01", "", "", ""}, // 9: not a date
		{"李四", aID, "转出", "省内", "CS01", "某地", "2024-01-01", "", "", ""},  // 10: another's ID number
		{"导入丁", fID, "停止党籍", "失去联系", "DR01", "", future, "", "", ""},     // 11: in the future
		{"导入甲", aID, "转出", "省内", "CS01", "", "2024-01-01", "", "", ""},   // 12: no destination
		{"导入甲", aID, "流动党员流入", "", "CS01", "", "2024-01-01", "", "", ""}, // 13: not imported
		{"导入甲", aID, "转出", "省内", "CS01", "某地", "2024-01-01", "", "2024-13", ""},
		{"导入戊", gID, "停止党籍", "失联", "DR01", "", "2024-01-01", "", "", ""}, // 15: one under way
		{"导入甲", aID, "校内转接", "", "CS01", "ZZ99", "2024-01-01", "", "", ""},
		{"导入丁", fID, "停止党籍", "", "DR01", "", "2024-08-01", "", "", ""}, // 17: 条例 第二十四条, no cause
		{"导入丙", cID, "转出", "省外", "MA01", "上海市某党委", "", "", "", ""},     // 18: no date
	}
	batch := e.Stage(t, "zzgx", e.AdminTK, rows)
	got := e.ImportRows(t, "zzgx", e.AdminTK, batch.ID)
	want := map[int]string{7: "subKind", 8: "idNumber", 9: "date", 10: "name", 11: "date", 12: "toOrg", 13: "kind",
		14: "feesPaidUpTo", 15: "idNumber", 16: "toOrg", 17: "subKind", 18: "date"}
	for n, col := range want {
		if errs := apptest.CellErrors(got[n]); errs[col] == "" || len(errs) != 1 {
			t.Errorf("row %d: errors %v, want one on %s", n, errs, col)
		}
	}
	for n := 2; n <= 6; n++ {
		if len(got[n].Errors) != 0 {
			t.Errorf("row %d: %v", n, got[n].Errors)
		}
	}
	if m := apptest.CellErrors(got[15])["idNumber"]; m != "该党员有正在办理的组织关系转接，请办结后再导入其最近一次转接" {
		t.Errorf("row 15: %s", m)
	}
	if m := apptest.CellErrors(got[10])["name"]; m != "与身份证号匹配的党员姓名为「导入甲」" {
		t.Errorf("row 10: %s", m)
	}
	if m := apptest.CellErrors(got[18])["date"]; m != "请填写日期" {
		t.Errorf("row 18: %s", m)
	}
	done := e.Commit(t, "zzgx", e.AdminTK, batch.ID, true)
	if done.NewCount != 5 {
		t.Fatalf("committed %+v", done)
	}

	var list []transfer.Transfer
	if err := e.DB.NewSelect().Model(&list).Where("t.member_id IN (?)", bun.List([]int64{a, b, c, f})).
		OrderExpr("t.id").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	var imported []transfer.Transfer
	for _, tr := range list {
		if tr.DoneOn != "2024-06-01" {
			imported = append(imported, tr)
		}
	}
	if len(imported) != 5 {
		t.Fatalf("imported transfers %+v", imported)
	}
	for _, tr := range imported {
		if tr.State != transfer.StateDone || tr.DoneOn.IsZero() || tr.IDNumberIdx == "" {
			t.Errorf("imported %+v", tr)
		}
	}
	out := imported[3]
	if out.Kind != transfer.KindOut || out.SubKind != transfer.OutOutside || out.OtherOrg != "上海市某党委" || out.OrgID != w.mathB ||
		out.FeesPaidUpTo != "2024-06" || out.FeesFrom != "entered" {
		t.Errorf("the 转出 %+v", out)
	}
	// The history says it was imported, with the letter's number.
	view := apptest.DoJSON[flow.View](t, e, 200, "GET", fmt.Sprintf("/api/zzgx/out/%d/flow", out.ID), e.AdminTK, nil)
	if view.State != transfer.StateDone || len(view.Entries) != 1 || view.Entries[0].Comment != "导入（纸质办理）；介绍信编号：2024-015" {
		t.Errorf("the 转出's flow %+v", view)
	}

	// 甲: the system's later transfer stands. 乙: abroad from the maths branch
	// (the older 校内转接 is history). 丙: transferred out. 丁: lost.
	for _, c := range []struct {
		id     int64
		org    int64
		status string
	}{{a, w.csStaff, member.StatusNormal}, {b, w.mathB, member.StatusNormal}, {c, w.mathB, member.StatusTransferredOut},
		{f, w.direct, member.StatusLost}, {g, w.direct, member.StatusNormal}} {
		if org, status := w.memberRow(t, c.id); org != c.org || status != c.status {
			t.Errorf("member %d: org %d status %s, want %d %s", c.id, org, status, c.org, c.status)
		}
	}
	// The imported 失联 counts for the rule: due six months later.
	if due := w.due(t, oversight.ReminderLostContact, "2024-07-10"); len(due) != 1 {
		t.Errorf("the imported lost member's reminder: %+v", due)
	}
	if due := w.due(t, oversight.ReminderAbroad, "2029-05-02"); len(due) != 1 {
		t.Errorf("the imported member abroad: %+v", due)
	}
}

// The import is the organisation department's (zzgx:import); a committee
// given it imports its own members only, naming its own organisations.
func TestImportPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	_, cID := w.member(t, "范围甲", w.mathB)
	_, dID := w.member(t, "范围乙", w.csStaff)
	csTK, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.cs, oversight.PermImport)
	noPerm, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.cs, oversight.PermStats)
	e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/import/zzgx/template", "", nil, 401},
		{"GET", "/api/import/zzgx/template", noPerm, nil, 403},
		{"GET", "/api/import/zzgx/batches", noPerm, nil, 403},
	})
	book := apptest.Download(t, e.Do("GET", "/api/import/zzgx/template", csTK, nil))
	header, err := book.GetRows(book.GetSheetName(0))
	if err != nil || len(header) < 1 || header[0][2] != "＊身份证号" {
		t.Errorf("template %v %v", header, err)
	}
	batch := e.Stage(t, "zzgx", csTK, [][]string{importHeader,
		{"范围甲", cID, "失联党员", "", "MA01", "", "2024-01-10", "", "", ""},
		{"范围乙", dID, "校内转接", "", "CS01", "MA01", "2024-01-10", "", "", ""},
		{"范围乙", dID, "失联党员", "", "CS01", "", "2024-01-10", "", "", ""},
	})
	got := e.ImportRows(t, "zzgx", csTK, batch.ID)
	if errs := apptest.CellErrors(got[2]); errs["idNumber"] == "" || errs["fromOrg"] == "" {
		t.Errorf("another committee's member: %v", errs)
	}
	if errs := apptest.CellErrors(got[3]); errs["toOrg"] == "" {
		t.Errorf("another committee's branch: %v", errs)
	}
	if len(got[4].Errors) != 0 {
		t.Errorf("its own member: %v", got[4].Errors)
	}
}
