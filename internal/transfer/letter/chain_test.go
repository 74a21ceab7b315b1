package letter_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/letter"
)

// Through the transfer domain (wired in internal/app): a 校内转接 gets its
// letter when the sending committee releases the member (sending and
// receiving sides see it, a third college does not), the receiving
// branch's last approval returns the receipt, and the transfer's detail
// lists the letter. A 转出 gets its letter at the department's approval.
func TestRule3_LetterThroughTheTransferChains(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	perms := append([]string{transfer.Perms.List, transfer.Perms.Add, transfer.PermBranch, transfer.PermCommittee, transfer.PermDept}, allPerms...)
	csBranchTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, perms...)
	csTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, perms...)
	mathTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, perms...)
	mathBranchTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.mathBranch, perms...)
	deptTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.root, perms...)
	m := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("李转接", w.branch, "idNumber", apptest.IDNumber("110101", "19920101", 31),
		"phone", "13800138000", "memberStatus", member.StatusNormal, "staffOrStudentNo", "T90001"))
	act := func(token, kind string, id int64) {
		t.Helper()
		v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/zzgx/%s/%d/flow", kind, id), token, nil)
		apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%s/%d/flow", kind, id), token,
			map[string]any{"version": v.Version, "result": flow.Approve, "comment": "同意"}), 200)
	}
	letters := func(token string) []letter.View {
		rows, _ := apptest.GetPage[letter.View](t, w.e, token, letter.API, nil)
		return rows
	}
	id := w.e.Create(t, csBranchTK, "/api/zzgx", map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.mathBranch,
		"feesPaidUpTo": "2026-01", "reason": "工作调动"})
	act(csBranchTK, transfer.KindInside, id)
	if n := len(letters(csTK)); n != 0 {
		t.Fatalf("%d letters before the sending committee's approval", n)
	}
	act(csTK, transfer.KindInside, id) // the sending committee releases the member: the letter
	got := letters(mathTK)
	if len(got) != 1 || got[0].TransferID != id || got[0].MemberName != "李转接" || got[0].ToOrgName != "数学教工党支部" ||
		got[0].FeesPaidUpTo != "2026-01" || got[0].Status != letter.StatusIssued {
		t.Fatalf("the receiving side's letters: %+v", got)
	}
	if n := len(letters(w.langTK)); n != 0 {
		t.Errorf("a third college sees %d letters", n)
	}
	act(mathTK, transfer.KindInside, id)
	act(mathBranchTK, transfer.KindInside, id) // the receiving branch accepts: the receipt is back
	if v := w.detail(t, csBranchTK, got[0].ID); v.Status != letter.StatusReceived {
		t.Errorf("after the receiving branch's approval: %s", v.Status)
	}
	tv := apptest.DoJSON[transfer.View](t, w.e, 200, "GET", fmt.Sprintf("/api/zzgx/%d", id), deptTK, nil)
	if tv.Letters == nil || len(*tv.Letters) != 1 || (*tv.Letters)[0].Number != got[0].Number || (*tv.Letters)[0].Status != letter.StatusReceived {
		t.Errorf("the transfer's letters: %+v", tv.Letters)
	}

	// 转出 (out of the province): the letter at the department's approval, 90 days.
	m2 := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("王转出", w.branch, "idNumber", apptest.IDNumber("110101", "19930101", 33),
		"phone", "13800138001", "memberStatus", member.StatusNormal, "staffOrStudentNo", "T90002"))
	out := w.e.Create(t, csBranchTK, "/api/zzgx", map[string]any{"kind": transfer.KindOut, "subKind": transfer.OutOutside, "memberId": m2,
		"otherOrg": "外省某单位党委", "reach": letter.ReachNation, "feesPaidUpTo": "2026-02", "reason": "工作调动"})
	for _, tk := range []string{csBranchTK, csTK, deptTK} {
		act(tk, transfer.KindOut, out)
	}
	var outLetter *letter.View
	for _, l := range letters(deptTK) {
		if l.TransferID == out {
			outLetter = &l
		}
	}
	if outLetter == nil || outLetter.ToOrgName != "外省某单位党委" || outLetter.ValidDays != 90 || outLetter.Status != letter.StatusIssued {
		t.Fatalf("the 转出 letter: %+v", outLetter)
	}
}
