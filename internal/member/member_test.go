package member_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
)

// Create: the ID number gives birth date and gender, dictionary codes get
// their labels, personal fields come back masked, odd dates warn.
func TestCreateDerivesFromIDNumber(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := apptest.IDNumber("110105", "19900307", 12) // even sequence: female
	v := w.create(t, w.e.AdminTK, apptest.With(body("李红", w.branchA, id), "fullOn", "2014-09-30"))
	if v.BirthDate != "1990-03-07" || v.Gender != member.GenderFemale || v.GenderLabel != "女" {
		t.Fatalf("derived %+v", v)
	}
	if v.IDNumber != "110105********"+id[14:] || v.Phone != "138****8000" || !v.Masked {
		t.Fatalf("not masked: %s %s", v.IDNumber, v.Phone)
	}
	if v.EthnicityLabel != "汉族" || v.EducationLabel != "博士研究生毕业" || v.PartyStatusLabel != "正式党员" ||
		v.MemberStatus != member.StatusNormal || v.MemberStatusLabel != "正常" || v.SourceLabel != "后台添加" ||
		v.OrgName != "计算机教工党支部" || v.PersonCategoryLabel != "教职工" {
		t.Fatalf("labels %+v", v)
	}
	if len(v.Warnings) != 1 || !strings.Contains(v.Warnings[0], "延长预备期") {
		t.Fatalf("warnings %q", v.Warnings)
	}
}

// Every validation error of create answers in Chinese, naming the problem.
func TestCreateValidation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	existing := apptest.IDNumber("110105", "19900307", 11)
	w.create(t, w.e.AdminTK, body("已有", w.branchA, existing))
	secretary, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList, member.PermAdd)
	revoked := w.org(t, w.cs, "5", "待撤销党支部")
	apptest.Expect(t, w.e.Do("POST", "/api/dzzxx/revoke", w.e.AdminTK, map[string]any{"id": revoked}), 204)

	good := body("张三", w.branchA, apptest.IDNumber("110105", "19900307", 13))
	cases := []struct {
		name   string
		token  string
		body   any
		status int
		msg    string
	}{
		{"no body", "", nil, 400, "请求内容不能为空"},
		{"not JSON", "", "{", 400, "请求数据格式错误"},
		{"no name", "", apptest.With(good, "name", ""), 400, "请输入姓名（不超过50个字）"},
		{"name too long", "", apptest.With(good, "name", strings.Repeat("长", 51)), 400, "请输入姓名（不超过50个字）"},
		{"bad check character", "", apptest.With(good, "idNumber", "110105199003070130"), 400, "身份证号码校验位错误"},
		{"bad birth date in ID", "", apptest.With(good, "idNumber", apptest.IDNumber("110105", "19900230", 13)), 400, "身份证号码中的出生日期无效"},
		{"short ID", "", apptest.With(good, "idNumber", "1101051990"), 400, "身份证号码应为18位（旧号码为15位）"},
		{"masked ID on create", "", apptest.With(good, "idNumber", "110105********0131"), 400, "请输入完整的身份证号码"},
		{"gender against ID", "", apptest.With(good, "gender", member.GenderFemale), 400, "性别与身份证号码不一致"},
		{"birth date against ID", "", apptest.With(good, "birthDate", "1990-03-08"), 400, "出生日期与身份证号码不一致（身份证号码中为 1990-03-07）"},
		{"no ID and no gender", "", apptest.With(good, "idNumber", ""), 400, "请选择性别"},
		{"bad birth date", "", apptest.With(good, "idNumber", "", "gender", "1", "birthDate", "1990/03/07"), 400, "出生日期格式错误，应为 YYYY-MM-DD"},
		{"bad phone", "", apptest.With(good, "phone", "12345678901"), 400, "请输入正确的手机号码"},
		{"no category", "", apptest.With(good, "personCategory", ""), 400, "请选择人员类别"},
		{"no party status", "", apptest.With(good, "partyStatus", nil), 400, "请选择党籍状态"},
		{"no organisation", "", apptest.With(good, "orgId", nil), 400, "请选择所在党组织"},
		{"no joining date", "", apptest.With(good, "joinedOn", ""), 400, "请填写入党日期"},
		{"bad ethnicity", "", apptest.With(good, "ethnicity", "99"), 400, "民族取值无效"},
		{"bad education", "", apptest.With(good, "education", "30"), 400, "学历取值无效"},
		{"bad party status", "", apptest.With(good, "partyStatus", "3"), 400, "党籍状态取值无效"},
		{"bad member status", "", apptest.With(good, "memberStatus", "9"), 400, "党员状态取值无效"},
		{"bad grade", "", apptest.With(good, "grade", "1999"), 400, "年级取值无效"},
		{"bad date", "", apptest.With(good, "joinedOn", "2013-13-01"), 400, "入党日期格式错误，应为 YYYY-MM-DD"},
		{"under 18 at application", "", apptest.With(good, "appliedOn", "2008-03-06"), 400, "申请入党时须年满18周岁（按出生日期，2008-03-07 才满18周岁）"},
		{"application after joining", "", apptest.With(good, "appliedOn", "2013-07-01"), 400, "申请入党日期不能晚于入党日期"},
		{"full before joining", "", apptest.With(good, "fullOn", "2013-06-29"), 400, "转正日期不能早于入党日期"},
		{"probationary with full date", "", apptest.With(good, "partyStatus", member.PartyProbation), 400, "预备党员尚未转正，不能填写转正日期"},
		{"joined in the future", "", apptest.With(good, "joinedOn", "2999-01-01", "fullOn", ""), 400, "入党日期不能晚于今天"},
		{"unknown organisation", "", apptest.With(good, "orgId", 999999), 400, "所选党组织不存在"},
		{"a committee holds no members", "", apptest.With(good, "orgId", w.cs), 400, "党员只能编入党支部、直属党支部或党总支，不能编入“计算机学院党委”"},
		{"a party group holds no members", "", apptest.With(good, "orgId", w.group), 400, "党员只能编入党支部、直属党支部或党总支，不能编入“第一党小组”"},
		{"revoked organisation", "", apptest.With(good, "orgId", revoked), 400, "所选党组织“待撤销党支部”已撤销"},
		{"organisation outside the scope", secretary, apptest.With(good, "orgId", w.branchB), 400, "所选党组织不存在"},
		{"unknown unit", "", apptest.With(good, "unitDeptId", 999999), 400, "所选单位不存在"},
		{"unknown account", "", apptest.With(good, "userId", 999999), 400, "所选账号不存在"},
		{"unknown photo", "", apptest.With(good, "photoFileId", 999999), 400, "照片文件不存在"},
		{"duplicate ID number", "", apptest.With(good, "idNumber", existing), 409, "身份证号码已存在"},
		{"duplicate ID number, lower-case and 15 digits", "", apptest.With(good, "idNumber", existing[:6]+existing[8:17]), 409, "身份证号码已存在"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			token := c.token
			if token == "" {
				token = w.e.AdminTK
			}
			res := w.e.Do("POST", "/api/dyjbxx", token, c.body)
			if res.Status != c.status || res.Message() != c.msg {
				t.Fatalf("%d %s, want %d %s", res.Status, res.Body, c.status, c.msg)
			}
		})
	}
	// The valid body passes, for the secretary too (inside their branch).
	apptest.Expect(t, w.e.Do("POST", "/api/dyjbxx", secretary, good), http.StatusCreated)
}

// A form with several bad fields learns them all from one answer: each
// field with its message (the first also as "field" and "message").
func TestCreateNamesEveryBadField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bad := apptest.With(body("张三", w.branchA, "110105199003070130"), "phone", "12345678901", "personCategory", "", "remark", strings.Repeat("长", 501))
	res := w.e.Do("POST", "/api/dyjbxx", w.e.AdminTK, bad)
	var got struct {
		Field  string `json:"field"`
		Fields []struct{ Field, Message string }
	}
	res.JSON(t, &got)
	want := map[string]string{"idNumber": "身份证号码校验位错误", "phone": "请输入正确的手机号码",
		"personCategory": "请选择人员类别", "remark": "备注不超过500个字"}
	if res.Status != 400 || got.Field != "idNumber" || res.Message() != want["idNumber"] || len(got.Fields) != len(want) {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	for _, f := range got.Fields {
		if want[f.Field] != f.Message {
			t.Fatalf("field %s: %q, want %q (%s)", f.Field, f.Message, want[f.Field], res.Body)
		}
	}
	// Nothing was written.
	if n, err := w.e.DB.NewSelect().Table("dyjbxx").Where("name = ?", "张三").Count(t.Context()); err != nil || n != 0 {
		t.Fatalf("written: %d %v", n, err)
	}
}

// A member's ID number and phone are encrypted at rest: no column of the
// table, and nothing in the trail, holds them in clear.
func TestPersonalFieldsEncryptedAtRest(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := apptest.IDNumber("320102", "19850101", 21)
	v := w.create(t, w.e.AdminTK, apptest.With(body("王五", w.branchA, id), "phone", "13912345678"))
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": v.ID, "phone": "13700001111"}), 200)
	var raw []map[string]any
	if err := w.e.DB.NewSelect().Table("dyjbxx").Where("id = ?", v.ID).Scan(t.Context(), &raw); err != nil || len(raw) != 1 {
		t.Fatal(err)
	}
	for col, val := range raw[0] {
		s := fmt.Sprint(val)
		for _, secret := range []string{id, id[6:14] + id[14:], "13912345678", "13700001111", "12345678", "00001111"} {
			if strings.Contains(s, secret) {
				t.Fatalf("column %s holds %s in clear: %s", col, secret, s)
			}
		}
	}
	var trail []struct {
		Changes  string `bun:"changes"`
		Snapshot string `bun:"snapshot"`
		Summary  string `bun:"summary"`
	}
	if err := w.e.DB.NewSelect().Table("change_trail").Column("changes", "snapshot", "summary").Where("record_id = ?", v.ID).Where("module = ?", member.TrailModule).Scan(t.Context(), &trail); err != nil || len(trail) != 2 {
		t.Fatalf("%v %d", err, len(trail))
	}
	for _, e := range trail {
		all := e.Changes + e.Snapshot + e.Summary
		for _, secret := range []string{id, "13912345678", "13700001111", "12345678", "00001111"} {
			if strings.Contains(all, secret) {
				t.Fatalf("trail holds %s in clear: %s", secret, all)
			}
		}
	}
	if !strings.Contains(trail[1].Changes, `"old":"139****5678","new":"137****1111"`) && !strings.Contains(trail[0].Changes, `"old":"139****5678","new":"137****1111"`) {
		t.Fatalf("trail does not show the masked change: %+v", trail)
	}
}
