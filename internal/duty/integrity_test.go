package duty_test

import (
	"net/url"
	"strconv"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/duty"
	"zhdj/internal/platform/date"
)

// Who sees 李明's integrity record: himself, 计算机's committee and the
// discipline office; 王书记 of the same branch, 钱红 and 数学's committee
// get 404, on the record, its files and in the lists.
func TestIntegrity_VisibilityMatrix(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rec := apptest.DoJSON[duty.RecordView](t, w.e, 201, "POST", "/api/dlda/records", w.liTK,
		map[string]any{"kind": duty.RecordCommitment, "year": 2026, "day": date.Today()})
	if rec.MemberID != w.li || !rec.Mine {
		t.Fatalf("record %+v", rec)
	}
	path := "/api/dlda/records/" + strconv.FormatInt(rec.ID, 10)
	for name, c := range map[string]struct {
		token string
		want  int
	}{
		"self": {w.liTK, 200}, "committee": {w.csTK, 200}, "discipline": {w.discTK, 200},
		"fellow member": {w.wangTK, 404}, "other member": {w.qianTK, 404}, "other committee": {w.mathTK, 404},
	} {
		apptest.Expect(t, w.e.Do("GET", path, c.token, nil), c.want)
		apptest.Expect(t, w.e.Do("GET", path+"/attachments", c.token, nil), c.want)
		rows, _ := apptest.GetPage[duty.RecordView](t, w.e, c.token, "/api/dlda/records", url.Values{"memberId": {strconv.FormatInt(w.li, 10)}})
		if (len(rows) == 1) != (c.want == 200) {
			t.Errorf("%s lists %d of 李明's records", name, len(rows))
		}
	}
	// Writing for another: 计算机 for its member; 数学 and a fellow member cannot name him.
	apptest.DoJSON[duty.RecordView](t, w.e, 201, "POST", "/api/dlda/records", w.csTK,
		map[string]any{"memberId": w.li, "kind": duty.RecordEducation, "day": date.Today(), "topic": "警示教育大会", "hours": 2.5})
	for _, tk := range []string{w.mathTK, w.wangTK} {
		apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", tk,
			map[string]any{"memberId": w.li, "kind": duty.RecordEducation, "day": date.Today(), "topic": "x", "hours": 1}), "memberId", "所选党员不存在")
	}
	apptest.Expect(t, w.e.Do("DELETE", path, w.wangTK, nil), 404)
	apptest.Expect(t, w.e.Do("DELETE", path, w.mathTK, nil), 404)
}

// The rules of a record: one commitment a year; the fields named.
func TestIntegrity_Checks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	body := map[string]any{"kind": duty.RecordCommitment, "year": 2026, "day": date.Today()}
	apptest.DoJSON[duty.RecordView](t, w.e, 201, "POST", "/api/dlda/records", w.liTK, body)
	apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", w.csTK, apptest.With(body, "memberId", w.li)), "year", "李明2026年度的廉洁承诺书已登记")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", w.liTK, apptest.With(body, "year", 1900)), "year", "年度应为 2000 到 2100 之间的年份")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", w.liTK, apptest.With(body, "day", date.Today().AddDays(1))), "day", "签订日期不能晚于今天")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", w.liTK, apptest.With(body, "kind", "x")), "kind", "请选择记录类别")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", w.liTK, map[string]any{"kind": duty.RecordMatters, "year": 2026, "day": date.Today()}), "mattersKind", "请选择报告类型")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dlda/records", w.liTK, map[string]any{"kind": duty.RecordEducation, "day": date.Today(), "topic": "党纪学习", "hours": 0}), "hours", "学时应在 0.1 到 100 之间")
}

// The year's unsigned list: 计算机 sees 王书记 (李明 signed), 数学 钱红, the
// discipline office both; the export holds the same.
func TestIntegrity_UnsignedList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	year := date.Today().Time().Year()
	apptest.DoJSON[duty.RecordView](t, w.e, 201, "POST", "/api/dlda/records", w.liTK,
		map[string]any{"kind": duty.RecordCommitment, "year": year, "day": date.Today()})
	names := func(tk string) map[string]bool {
		rows, _ := apptest.GetPage[duty.Unsigned](t, w.e, tk, "/api/dlda/unsigned", url.Values{"year": {strconv.Itoa(year)}})
		out := map[string]bool{}
		for _, r := range rows {
			out[r.Name] = true
		}
		return out
	}
	if got := names(w.csTK); len(got) != 1 || !got["王书记"] {
		t.Errorf("计算机 %v", got)
	}
	if got := names(w.mathTK); len(got) != 1 || !got["钱红"] {
		t.Errorf("数学 %v", got)
	}
	if got := names(w.discTK); len(got) != 2 || got["李明"] {
		t.Errorf("纪检 %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dlda/unsigned", w.liTK, nil), 403)
	apptest.ExpectField(t, w.e.Do("GET", "/api/dlda/unsigned?year=abc", w.csTK, nil), "year", "年度应为 2000 到 2100 之间的年份")
	apptest.Expect(t, w.e.Do("GET", "/api/dlda/unsigned/export?year="+strconv.Itoa(year), w.csTK, nil), 200)
}
