package people_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/people"
	"zhdj/internal/unit"
)

type teamMember struct {
	ID          int64  `json:"id"`
	TeamID      int64  `json:"teamId"`
	TeacherID   int64  `json:"teacherId"`
	TeacherName string `json:"teacherName"`
	StaffNo     string `json:"staffNo"`
	TeamName    string `json:"teamName"`
	Post        string `json:"post"`
	PostLabel   string `json:"postLabel"`
	Since       string `json:"since"`
	Until       string `json:"until"`
}

// A leadership team holds its members (teacher, post, since, until): listed,
// added, edited and removed by the team's permissions (dw:list, dw:edit),
// within the team's unit scope (another unit's team or member is a 404),
// checked field by field; deleting the team removes them, and a teacher in
// a post cannot be deleted.
func TestLeadershipTeamMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	csEdit := w.anchored(t, w.cs, unit.PermList, unit.PermEdit, people.PermList, people.PermDel)
	mathEdit := w.anchored(t, w.math, unit.PermList, unit.PermEdit)
	csList := w.anchored(t, w.cs, unit.PermList)
	team := w.e.Create(t, w.e.AdminTK, fmt.Sprintf("/api/dwxx/%d/ldbz", w.csUnit), map[string]any{"name": "计算机学院党政领导班子", "kind": "1"})
	zhang := w.e.Create(t, w.e.AdminTK, "/api/jsjbxx", teacher("T001", "张三", w.csUnit))
	li := w.e.Create(t, w.e.AdminTK, "/api/jsjbxx", teacher("T002", "李四", w.csUnit))
	mathTeacher := w.e.Create(t, w.e.AdminTK, "/api/jsjbxx", teacher("T003", "王五", w.mathUnit))
	body := func(teacherID int64, post, since string) map[string]any {
		return map[string]any{"teamId": team, "teacherId": teacherID, "post": post, "since": since}
	}

	// Checks: each names its field; nothing is written.
	for _, c := range []struct {
		body  map[string]any
		field string
		msg   string
	}{
		{map[string]any{"teamId": team, "post": "1", "since": "2024-01-01"}, "teacherId", "请选择成员"},
		{body(zhang, "", "2024-01-01"), "post", "请选择职务"},
		{body(zhang, "x", "2024-01-01"), "post", "职务取值无效"},
		{body(zhang, "1", ""), "since", "请选择任职日期"},
		{apptest.With(body(zhang, "1", "2024-01-01"), "until", "2023-12-31"), "until", "离任日期不能早于任职日期"},
		{body(mathTeacher, "1", "2024-01-01"), "teacherId", "所选教师不存在或不在您的管理范围内"},
	} {
		res := w.e.Do("POST", "/api/ldbzcy", csEdit, c.body)
		apptest.ExpectMessage(t, res, 400, c.msg)
		var e struct{ Field string }
		if res.JSON(t, &e); e.Field != c.field {
			t.Fatalf("%s: field %q", c.msg, e.Field)
		}
	}
	secretary := w.e.Create(t, csEdit, "/api/ldbzcy", body(zhang, "1", "2023-09-01"))
	dean := w.e.Create(t, csEdit, "/api/ldbzcy", apptest.With(body(li, "3", "2022-03-01"), "sort", 2))
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/ldbzcy", csEdit, body(zhang, "2", "2024-01-01")), 400, "该教师已是本领导班子的在任成员")

	list, total := apptest.GetPage[teamMember](t, w.e, csList, "/api/ldbzcy", url.Values{"teamId": {fmt.Sprint(team)}})
	if total != 2 || list[0].ID != secretary || list[0].TeacherName != "张三" || list[0].StaffNo != "T001" || list[0].PostLabel != "党委书记" ||
		list[0].TeamName != "计算机学院党政领导班子" || list[0].Since != "2023-09-01" || list[1].ID != dean || list[1].PostLabel != "院长" {
		t.Fatalf("members %+v", list)
	}
	// By name in pinyin order: 李四 before 张三.
	byName, _ := apptest.GetPage[teamMember](t, w.e, csList, "/api/ldbzcy", url.Values{"teamId": {fmt.Sprint(team)}, "sort": {"teacherName,asc"}})
	if byName[0].TeacherName != "李四" || byName[1].TeacherName != "张三" {
		t.Fatalf("by name %+v", byName)
	}

	// Edit: merged onto the record; the team stays, the until date ends the post.
	res := w.e.Do("PUT", "/api/ldbzcy", csEdit, map[string]any{"id": dean, "until": "2025-12-31", "teamId": 999999})
	apptest.Expect(t, res, 200)
	var edited teamMember
	res.JSON(t, &edited)
	if edited.Until != "2025-12-31" || edited.Post != "3" || edited.TeamID != team {
		t.Fatalf("edited %+v", edited)
	}

	// Scope and permissions: another unit's editor sees neither the members nor the team.
	for _, c := range []struct{ method, path string }{
		{"GET", fmt.Sprintf("/api/ldbzcy/%d", dean)}, {"PUT", "/api/ldbzcy"}, {"DELETE", "/api/ldbzcy"},
	} {
		var b any = map[string]any{"id": dean, "post": "4"}
		if c.method == "DELETE" {
			b = []int64{dean}
		}
		apptest.Expect(t, w.e.Do(c.method, c.path, mathEdit, b), 404)
		apptest.Expect(t, w.e.Do(c.method, c.path, "", b), 401)
		if c.method != "GET" {
			apptest.Expect(t, w.e.Do(c.method, c.path, csList, b), 403)
		}
	}
	apptest.Expect(t, w.e.Do("POST", "/api/ldbzcy", mathEdit, body(mathTeacher, "1", "2024-01-01")), 404)
	apptest.Expect(t, w.e.Do("POST", "/api/ldbzcy", csList, body(li, "1", "2024-01-01")), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/ldbzcy", "", nil), 401)
	if _, n := apptest.GetPage[teamMember](t, w.e, mathEdit, "/api/ldbzcy", nil); n != 0 {
		t.Fatalf("another unit lists %d members", n)
	}

	// A teacher in a post cannot be deleted; removing the member can.
	apptest.Expect(t, w.e.Do("DELETE", "/api/jsjbxx", csEdit, []int64{zhang}), 400)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ldbzcy", csEdit, []int64{secretary}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/ldbzcy/%d", secretary), csList, nil), 404)
	apptest.Expect(t, w.e.Do("DELETE", "/api/jsjbxx", csEdit, []int64{zhang}), 204)

	// Deleting the team removes its members.
	apptest.Expect(t, w.e.Do("DELETE", fmt.Sprintf("/api/dwxx/%d/ldbz", w.csUnit), w.e.AdminTK, []int64{team}), 204)
	if _, n := apptest.GetPage[teamMember](t, w.e, w.e.AdminTK, "/api/ldbzcy", nil); n != 0 {
		t.Fatalf("%d members of a deleted team", n)
	}
}
