package member_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
)

// The list searches names and numbers by substring, ID numbers and phones
// exactly (through the blind index), filters on dictionary fields, the
// organisation, a subtree, dates and grade, and sorts by allowlisted fields.
func TestListSearchFilterSort(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	idA := apptest.IDNumber("110105", "19900307", 11)
	a := w.create(t, w.e.AdminTK, apptest.With(body("张三丰", w.branchA, idA), "phone", "13911112222", "staffOrStudentNo", "2020001",
		"grade", "2020", "joinedOn", "2013-06-30"))
	b := w.create(t, w.e.AdminTK, apptest.With(body("张无忌", w.branchB, ""), "staffOrStudentNo", "2021007", "grade", "2021",
		"joinedOn", "2015-01-10", "fullOn", "2016-01-10", "ethnicity", "03"))
	c := w.create(t, w.e.AdminTK, apptest.With(body("周芷若", w.branchC, ""), "gender", member.GenderFemale, "staffOrStudentNo", "T9",
		"partyStatus", member.PartyProbation, "fullOn", "", "joinedOn", "2026-01-05", "ethnicity", "05"))

	q := func(kv ...string) url.Values {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Add(kv[i], kv[i+1])
		}
		return v
	}
	cases := []struct {
		name string
		q    url.Values
		want []int64 // in order when a sort is given
	}{
		{"all, default order (organisation, name)", q(), []int64{a.ID, b.ID, c.ID}},
		{"name substring", q("blurry", "张"), []int64{a.ID, b.ID}},
		{"staff number substring", q("blurry", "2021"), []int64{b.ID}},
		{"ID number exactly", q("blurry", idA), []int64{a.ID}},
		{"ID number lower-case x / 15 digits", q("blurry", idA[:6]+idA[8:17]), []int64{a.ID}},
		{"part of an ID number finds nothing", q("blurry", idA[:10]), nil},
		{"phone exactly", q("blurry", "13911112222"), []int64{a.ID}},
		{"LIKE wildcards are literal", q("blurry", "%"), nil},
		{"gender", q("gender", member.GenderFemale), []int64{c.ID}},
		{"ethnicity in", q("ethnicity", "03", "ethnicity", "01"), []int64{a.ID, b.ID}},
		{"party status", q("partyStatus", member.PartyProbation), []int64{c.ID}},
		{"organisation", q("orgId", fmt.Sprint(w.branchB)), []int64{b.ID}},
		{"subtree of a committee", q("subtreeOf", fmt.Sprint(w.cs)), []int64{a.ID, b.ID}},
		{"subtree of a branch", q("subtreeOf", fmt.Sprint(w.branchC)), []int64{c.ID}},
		{"subtree of nothing", q("subtreeOf", "999999"), nil},
		{"joined from", q("joinedFrom", "2015-01-10"), []int64{b.ID, c.ID}},
		{"joined between", q("joinedFrom", "2013-06-30", "joinedTo", "2015-01-10"), []int64{a.ID, b.ID}},
		{"grade", q("grade", "2021"), []int64{b.ID}},
		{"combined", q("subtreeOf", fmt.Sprint(w.root), "blurry", "张", "sort", "joinedOn,desc"), []int64{b.ID, a.ID}},
		{"sort by organisation name", q("sort", "orgName,asc"), []int64{c.ID, b.ID, a.ID}},
		{"sort by full date", q("sort", "fullOn,desc", "partyStatus", member.PartyFull), []int64{b.ID, a.ID}},
	}
	for _, cs := range cases {
		t.Run(cs.name, func(t *testing.T) {
			ids, _, total := w.list(t, w.e.AdminTK, cs.q)
			if total != len(cs.want) {
				t.Fatalf("total %d, want %d (%v)", total, len(cs.want), ids)
			}
			if cs.name == "sort by organisation name" {
				// The names' pinyin order: 计算机教工 (jiao) < 计算机学生 (xue) < 数学 (shu).
				names := []string{"数学教工党支部", "计算机学生党支部", "计算机教工党支部"}
				sorted := []string{"计算机教工党支部", "计算机学生党支部", "数学教工党支部"}
				order := map[string]int64{names[0]: c.ID, names[1]: b.ID, names[2]: a.ID}
				cs.want = []int64{order[sorted[0]], order[sorted[1]], order[sorted[2]]}
			}
			if cs.name == "all, default order (organisation, name)" || cs.q.Get("sort") != "" {
				if !slices.Equal(ids, cs.want) {
					t.Fatalf("order %v, want %v", ids, cs.want)
				}
				return
			}
			got, want := slices.Clone(ids), slices.Clone(cs.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}
	// Paging.
	ids, _, total := w.list(t, w.e.AdminTK, q("size", "2", "page", "1"))
	if total != 3 || len(ids) != 1 || ids[0] != c.ID {
		t.Fatalf("page 2: %v of %d", ids, total)
	}
	// Unknown filters and sorts, and bad values, are 400 in Chinese.
	for query, msg := range map[string]string{
		"sort=id_number_enc,asc":          "不支持的排序字段：id_number_enc",
		"sort=name;drop":                  "非法的请求路径",
		"idNumber=1":                      "不支持的查询条件：idNumber",
		"unmask=true":                     "不支持的查询条件：unmask",
		"orgId=x":                         "查询条件 orgId 应为整数",
		"subtreeOf=x":                     "查询条件 subtreeOf 应为整数",
		"joinedFrom=yesterday":            "查询条件 joinedFrom 应为日期",
		"size=0":                          "每页条数应在 1 到 10000 之间",
		"gender=1%27%20OR%20%271%27=%271": "",
	} {
		res := w.e.Do("GET", "/api/dyjbxx?"+query, w.e.AdminTK, nil)
		if msg == "" { // an injection attempt is a value like any other: no match
			var page struct{ TotalElements int }
			apptest.Expect(t, res, 200)
			res.JSON(t, &page)
			if page.TotalElements != 0 {
				t.Fatalf("%s matched %d", query, page.TotalElements)
			}
			continue
		}
		if res.Status != 400 || res.Message() != msg {
			t.Fatalf("%s: %d %s, want %s", query, res.Status, res.Body, msg)
		}
	}
}

// The picker of /api/common/dyjbxx: any signed-in user, their scope, members
// in normal status, masked ID numbers.
func TestPicker(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := apptest.IDNumber("110105", "19900307", 11)
	a := w.create(t, w.e.AdminTK, body("张三", w.branchA, id))
	w.create(t, w.e.AdminTK, apptest.With(body("张四", w.branchA, ""), "memberStatus", "2"))
	w.create(t, w.e.AdminTK, body("李五", w.branchB, ""))
	nobody, _ := w.anchored(t, "LEVEL", w.branchA) // signed in, no permission at all
	var page struct {
		Content       []member.PickerItem
		TotalElements int
	}
	res := w.e.Do("GET", "/api/common/dyjbxx?blurry=%E5%BC%A0", nobody, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &page)
	if page.TotalElements != 1 || page.Content[0].ID != a.ID || page.Content[0].OrgName != "计算机教工党支部" ||
		page.Content[0].IDNumber != "110105********"+id[14:] {
		t.Fatalf("picker %+v", page)
	}
	res = w.e.Do("GET", "/api/common/dyjbxx?memberStatus=2", nobody, nil)
	res.JSON(t, &page)
	if page.TotalElements != 1 || page.Content[0].Name != "张四" {
		t.Fatalf("picker by status %+v", page)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/common/dyjbxx?grade=2020", nobody, nil), 400)
	apptest.Expect(t, w.e.Do("GET", "/api/common/dyjbxx", "", nil), 401)
}
