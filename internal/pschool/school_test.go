package pschool_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

// Every route: 401 without a session, 403 without its permission, and a
// school or batch outside the caller's scope is a 404.
func TestRoutesGuardPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24)
	rec := w.record(t, w.c.Branch, "李明", "activist", "")
	w.enrol(t, b, rec)
	tr := w.trainees(t, b)[rec]
	s, id := fmt.Sprint(sc), fmt.Sprint(b)
	schoolEntry, batchEntry := trailOf(t, w, "/api/dx/schools/"+s)[0].ID, trailOf(t, w, "/api/dx/batches/"+id)[0].ID
	routes := []struct {
		method, path string
		body         any
		scoped       bool
	}{
		{"GET", "/api/dx/schools", nil, false},
		{"GET", "/api/dx/schools/" + s, nil, true},
		{"POST", "/api/dx/schools", map[string]any{"orgId": w.c.CS}, true},
		{"PUT", "/api/dx/schools", map[string]any{"id": sc, "remark": "改"}, true},
		{"DELETE", "/api/dx/schools", []int64{sc}, true},
		{"GET", "/api/dx/schools/trail", nil, false},
		{"GET", "/api/dx/schools/" + s + "/trail", nil, true},
		{"POST", "/api/dx/schools/trail/restore", map[string]any{"trailId": schoolEntry}, true},
		{"GET", "/api/dx/batches", nil, false},
		{"GET", "/api/dx/batches/export", nil, false},
		{"GET", "/api/dx/batches/" + id, nil, true},
		{"POST", "/api/dx/batches", map[string]any{"schoolId": sc, "type": 2, "title": "x", "startOn": "2026-06-01", "endOn": "2026-06-03"}, true},
		{"PUT", "/api/dx/batches", map[string]any{"id": b, "remark": "改"}, true},
		{"DELETE", "/api/dx/batches", []int64{b}, true},
		{"GET", "/api/dx/batches/trail", nil, false},
		{"GET", "/api/dx/batches/" + id + "/trail", nil, true},
		{"POST", "/api/dx/batches/trail/restore", map[string]any{"trailId": batchEntry}, true},
		{"POST", "/api/dx/batches/" + id + "/open", nil, true},
		{"POST", "/api/dx/batches/" + id + "/finish", nil, true},
		{"GET", "/api/dx/batches/" + id + "/trainees", nil, true},
		{"GET", "/api/dx/batches/" + id + "/trainees/export", nil, true},
		{"GET", "/api/dx/batches/" + id + "/candidates", nil, true},
		{"POST", "/api/dx/batches/" + id + "/trainees", map[string]any{"recordIds": []int64{rec}}, true},
		{"PUT", "/api/dx/batches/" + id + "/attendance", map[string]any{"rows": []map[string]any{{"traineeId": tr.ID, "daysAttended": 1}}}, true},
		{"POST", "/api/dx/batches/" + id + "/withdraw", map[string]any{"traineeIds": []int64{tr.ID}}, true},
		{"GET", "/api/dx/batches/" + id + "/completion", nil, true},
		{"POST", "/api/dx/batches/" + id + "/complete", map[string]any{"all": true}, true},
		{"POST", "/api/dx/batches/" + id + "/fail", map[string]any{"traineeIds": []int64{tr.ID}, "reason": "缺勤"}, true},
		{"GET", "/api/dx/batches/" + id + "/certificates", nil, true},
		{"GET", fmt.Sprintf("/api/dx/batches/%s/trainees/%d/certificate", id, tr.ID), nil, true},
	}
	for _, rt := range routes {
		if res := w.e.Do(rt.method, rt.path, "", rt.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.noTK, rt.body); res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", rt.method, rt.path, res.Status)
		}
		if !rt.scoped {
			continue
		}
		res := w.e.Do(rt.method, rt.path, w.mathTK, rt.body)
		want := 404
		if rt.method == "POST" && (rt.path == "/api/dx/schools" || rt.path == "/api/dx/batches") {
			want = 400 // a create names the organisation or school: outside the scope it is a 400 on that field
		}
		if res.Status != want {
			t.Errorf("%s %s out of scope: %d %s", rt.method, rt.path, res.Status, res.Body)
		}
	}
	// Reading only: lists work, changes are refused.
	apptest.Expect(t, w.e.Do("GET", "/api/dx/batches/"+id, w.listTK, nil), 200)
	apptest.Expect(t, w.e.Do("POST", "/api/dx/batches/"+id+"/trainees", w.listTK, map[string]any{"recordIds": []int64{rec}}), 403)
	// Nothing changed from outside the scope.
	if got := w.trainees(t, b)[rec]; got.State != pschool.TraineeEnrolled {
		t.Fatalf("trainee changed from outside the scope: %+v", got)
	}
}

// The university school sits at the root (the organisation department),
// a branch school at a secondary committee (its own); anything else, or a
// second school of one organisation, is refused.
func TestSchoolsByOrganisation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	uni := apptest.DoJSON[pschool.SchoolView](t, w.e, 201, "POST", "/api/dx/schools", w.deptTK, map[string]any{"orgId": w.c.Root,
		"teachers": []map[string]any{{"name": "张教授", "title": "教授"}}, "servedOrgIds": []int64{w.c.CS, w.c.Math}})
	if uni.Kind != pschool.KindUniversity || uni.Name != "学校党委党校" || len(uni.Teachers) != 1 || len(uni.ServedOrgIDs) != 2 {
		t.Fatalf("university school: %+v", uni)
	}
	cs := apptest.DoJSON[pschool.SchoolView](t, w.e, 201, "POST", "/api/dx/schools", w.csTK, map[string]any{"orgId": w.c.CS,
		"servedOrgIds": []int64{w.c.Branch}})
	if cs.Kind != pschool.KindBranch || cs.Name != "计算机学院党委分党校" {
		t.Fatalf("branch school: %+v", cs)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/schools", w.deptTK, map[string]any{"orgId": w.c.Branch}), "orgId", "党校设在学校党委，分党校设在二级党委，「计算机教工党支部」不是")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/schools", w.csTK, map[string]any{"orgId": w.c.Math}), "orgId", "所选党组织不存在")
	apptest.Expect(t, w.e.Do("POST", "/api/dx/schools", w.deptTK, map[string]any{"orgId": w.c.CS}), 409)
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/schools", w.deptTK, map[string]any{"orgId": w.c.Math,
		"servedOrgIds": []int64{w.c.Branch}}), "servedOrgIds", "服务的党组织须在本党校所属党组织之下")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/schools", w.deptTK, map[string]any{"orgId": w.c.Math,
		"teachers": []map[string]any{{"name": " "}}}), "teachers", "第 1 名教师：请填写姓名（不超过 50 字）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/schools", w.deptTK, map[string]any{"orgId": w.c.Math,
		"headMemberId": 987654}), "headMemberId", "所选校长（党员）不存在")
	// The committee sees its own school, not the university's; the department sees both.
	if _, n := apptest.GetPage[pschool.SchoolView](t, w.e, w.csTK, "/api/dx/schools", nil); n != 1 {
		t.Fatalf("committee sees %d schools", n)
	}
	if _, n := apptest.GetPage[pschool.SchoolView](t, w.e, w.deptTK, "/api/dx/schools", nil); n != 2 {
		t.Fatalf("department sees %d schools", n)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dx/schools/%d", uni.ID), w.csTK, nil), 404)
	// A school holding batches is not deleted.
	w.batch(t, cs.ID, school.BatchApply, "2026-05-10", 2, 16)
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/dx/schools", w.csTK, []int64{cs.ID}), 409, "党校已有 1 个培训班，不能删除")
	apptest.Expect(t, w.e.Do("DELETE", "/api/dx/schools", w.deptTK, []int64{uni.ID}), 204)
}
