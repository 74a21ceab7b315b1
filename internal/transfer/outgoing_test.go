package transfer_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/letter"
)

// 省外转出 goes out of the province: its letter goes 省外, never 市内 or
// 省内 (RULES §3: 转出 in-province / out-of-province).
func TestOutOfProvinceRefusesALetterWithinIt(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "省外党员", w.csBranch)
	body := func(reach string) map[string]any {
		return map[string]any{"kind": transfer.KindOut, "subKind": transfer.OutOutside, "memberId": m, "otherOrg": "外省某党委",
			"reach": reach, "feesPaidUpTo": "2026-01"}
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzgx", w.csBranchTK, body(letter.ReachCity)), "reach", "省外转出的介绍信去向须为“省外”，不能选择“市内”")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzgx", w.csBranchTK, body(letter.ReachProvince)), "reach", "省外转出的介绍信去向须为“省外”，不能选择“省内”")
	if n, err := w.e.DB.NewSelect().Table("zzgx_transfer").Count(t.Context()); err != nil || n != 0 {
		t.Fatalf("%d transfers after refusals (%v)", n, err)
	}
	w.start(t, w.csBranchTK, body(letter.ReachNation))
	// 省内转出 may take a 市内 letter.
	other := w.member(t, "省内党员", w.csBranch)
	w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindOut, "subKind": transfer.OutProvince, "memberId": other, "otherOrg": "省内某党委",
		"reach": letter.ReachCity, "feesPaidUpTo": "2026-01"})
}

// The 转出 form's prefill: the reaches with their days, the member's
// 党费缴纳至 from the fee records (then not asked) and the latest due month.
func TestOutgoingPrefillFromTheFeeRecords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	none := w.member(t, "无记录党员", w.csBranch)
	owing := w.member(t, "欠缴党员", w.csBranch)
	// A student: the 学生 standard's fixed 0.2 元 is due without a base (RULES §1).
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("person_type = '2'").Where("id = ?", owing).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	now := time.Now().In(date.China)
	last, cur := now.AddDate(0, -1, 0).Format("2006-01"), now.Format("2006-01")
	for _, m := range []string{last, cur} {
		b := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.e.AdminTK, map[string]any{"month": m, "reason": "补建以前月份"})
		apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), w.e.AdminTK, nil)
	}
	var due int64
	if err := w.e.DB.NewSelect().Table("df_due").Column("id").Where("member_id = ?", owing).Where("month = ?", last).Scan(t.Context(), &due); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.e.AdminTK, map[string]any{"dueIds": []int64{due}, "method": "cash"}), 201)

	get := func(tok, q string) transfer.Outgoing {
		return apptest.DoJSON[transfer.Outgoing](t, w.e, 200, "GET", "/api/zzgx/outgoing"+q, tok, nil)
	}
	o := get(w.csBranchTK, "")
	want := []letter.ReachOption{{Value: "city", Label: "市内（30 天）", Days: 30}, {Value: "province", Label: "省内（60 天）", Days: 60},
		{Value: "nation", Label: "省外（90 天）", Days: 90}}
	if fmt.Sprint(o.Reaches) != fmt.Sprint(want) || o.FeesPaidUpTo != "" || o.FeesRequired {
		t.Fatalf("no member: %+v", o)
	}
	if o := get(w.csBranchTK, fmt.Sprintf("?memberId=%d", owing)); o.FeesPaidUpTo != last || o.LastDue != cur || o.FeesRequired {
		t.Fatalf("owing the current month: %+v", o)
	}
	if o := get(w.csBranchTK, fmt.Sprintf("?memberId=%d", none)); o.FeesPaidUpTo != "" || !o.FeesRequired {
		t.Fatalf("nothing paid: %+v", o)
	}
	// What the prefill shows is what the start records.
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindOut, "subKind": transfer.OutProvince, "memberId": owing, "otherOrg": "某党委", "reach": "city"})
	if v := w.detail(t, w.csBranchTK, id); v.FeesPaidUpTo != last || v.FeesFrom != "fee" {
		t.Fatalf("recorded %s from %s", v.FeesPaidUpTo, v.FeesFrom)
	}

	// Out of scope → 404; no session → 401; no zzgx:add → 403; a bad id → 400.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/zzgx/outgoing?memberId=%d", none), w.mathBranchTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx/outgoing", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx/outgoing", w.listTK, nil), 403)
	apptest.ExpectField(t, w.e.Do("GET", "/api/zzgx/outgoing?memberId=x", w.csBranchTK, nil), "memberId", "党员编号无效")

	// The member's own form reads their record, only through the member's route.
	tk, uid := w.e.UserWith(system.ScopeSelf, 0, transfer.PermMine)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", none).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if o := apptest.DoJSON[transfer.Outgoing](t, w.e, 200, "GET", "/api/zzgx/mine/outgoing", tk, nil); !o.FeesRequired || len(o.Reaches) != 3 {
		t.Fatalf("mine: %+v", o)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/zzgx/outgoing?memberId=%d", owing), tk, nil), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx/mine/outgoing", w.noTK, nil), 403)
}
