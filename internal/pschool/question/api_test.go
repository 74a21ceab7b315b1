package question_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/question"
)

// Every route: 401 without a session, 403 without its permission, and a
// question of another school's bank is a 404 (never a 403).
func TestRoutesGuardPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, single(w.cs))
	id := fmt.Sprint(v.ID)
	routes := []struct {
		method, path string
		body         any
		scoped       bool // names the cs question: 404 for the math committee
	}{
		{"GET", "/api/tk", nil, false},
		{"GET", "/api/tk/export", nil, false},
		{"GET", "/api/tk/trail", nil, false},
		{"GET", "/api/tk/" + id, nil, true},
		{"GET", "/api/tk/" + id + "/trail", nil, true},
		{"POST", "/api/tk", single(w.cs), true},
		{"PUT", "/api/tk", map[string]any{"id": v.ID, "enabled": false}, true},
		{"DELETE", "/api/tk", []int64{v.ID}, true},
		{"POST", "/api/tk/trail/restore", map[string]any{"trailId": 1}, true},
		{"GET", "/api/import/tk/columns", nil, false},
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
		want := 404 // a create names the school: outside the scope it is a 400 on orgId
		if rt.method == "POST" && rt.path == "/api/tk" {
			want = 400
		}
		if res.Status != want {
			t.Errorf("%s %s out of scope: %d %s", rt.method, rt.path, res.Status, res.Body)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/api/tk/"+id, w.listTK, nil), 200)
	apptest.Expect(t, w.e.Do("POST", "/api/tk", w.listTK, single(w.cs)), 403)
	if got := w.detail(t, w.csTK, v.ID); !got.Enabled {
		t.Fatalf("changed from outside the scope: %+v", got)
	}
	// The 组织部 sees every school's bank; the math committee sees none of cs's.
	if ids, _ := w.ids(t, w.rootTK, url.Values{}); !slices.Equal(ids, []int64{v.ID}) {
		t.Fatalf("root lists %v", ids)
	}
	if _, total := w.ids(t, w.mathTK, url.Values{}); total != 0 {
		t.Fatalf("math lists %d", total)
	}
}

// A question is created, read, changed, disabled and deleted; its tags are
// trimmed, deduplicated and kept one a row in step with the question.
func TestCreateUpdateDelete(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, single(w.cs))
	if v.Tags != "党史、党的创立" || v.Answer != "B" || len(v.Options) != 4 || v.Options[1].Text != "选项2" ||
		v.OrgName != "计算机学院党委" || v.TypeName != "单选题" || v.DifficultyName != "易" {
		t.Fatalf("created %+v", v)
	}
	if got := w.tags(t, v.ID); len(got) != 2 || !slices.Contains(got, "党史") || !slices.Contains(got, "党的创立") {
		t.Fatalf("tag rows %v", got)
	}
	// The 组织部's bank is the university committee's.
	w.create(t, w.rootTK, single(w.root))
	// A question belongs to a 党委 or 二级党委, never a branch.
	refused(t, w.e.Do("POST", "/api/tk", w.csTK, apptest.With(single(w.cs), "orgId", w.branch)), "orgId", "不是党委或二级党委")

	// An update merged onto the question: a new key and tags replace the rows.
	res := w.e.Do("PUT", "/api/tk", w.csTK, map[string]any{"id": v.ID, "answer": "c", "tags": "党章"})
	apptest.Expect(t, res, 200)
	if got := w.detail(t, w.csTK, v.ID); got.Answer != "C" || got.Tags != "党章" || len(got.Options) != 4 {
		t.Fatalf("updated %+v", got)
	}
	if got := w.tags(t, v.ID); !slices.Equal(got, []string{"党章"}) {
		t.Fatalf("tag rows after the update %v", got)
	}
	// Disabling is an update of enabled; the filter finds it.
	apptest.Expect(t, w.e.Do("PUT", "/api/tk", w.csTK, map[string]any{"id": v.ID, "enabled": false}), 200)
	if ids, _ := w.ids(t, w.csTK, url.Values{"enabled": {"false"}}); !slices.Equal(ids, []int64{v.ID}) {
		t.Fatalf("disabled %v", ids)
	}
	// The trail holds the create and the two changes.
	var trail struct {
		Content []struct {
			Type int `json:"type"`
		} `json:"content"`
	}
	w.e.Do("GET", fmt.Sprintf("/api/tk/%d/trail", v.ID), w.csTK, nil).JSON(t, &trail)
	if len(trail.Content) != 3 {
		t.Fatalf("trail %+v", trail)
	}
	// Delete: the tag rows go with the question.
	apptest.Expect(t, w.e.Do("DELETE", "/api/tk", w.csTK, []int64{v.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/tk/%d", v.ID), w.csTK, nil), 404)
	if got := w.tags(t, v.ID); len(got) != 0 {
		t.Fatalf("tag rows left %v", got)
	}
}

// Each type's rules at their edges, each refused with a message naming its
// field; the refused bodies write nothing.
func TestChecksPerType(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := single(w.cs)
	multiple := apptest.With(s, "type", question.TypeMultiple, "answer", "ACD")
	judge := apptest.With(s, "type", question.TypeJudge, "options", []any{}, "answer", "T")
	fill := apptest.With(s, "type", question.TypeFill, "options", []any{}, "stem", "中国共产党成立于______年，地点是___。",
		"answer", `[["1921"],["上海","上海市"]]`)
	short := apptest.With(s, "type", question.TypeShort, "options", []any{}, "answer", "坚持党的全面领导……")
	tooManyTags := make([]string, 11)
	for i := range tooManyTags {
		tooManyTags[i] = fmt.Sprintf("知识点%d", i)
	}
	cases := []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"no type", apptest.With(s, "type", 9), "type", "请选择题型"},
		{"empty stem", apptest.With(s, "stem", "  "), "stem", "请输入题干"},
		{"long stem", apptest.With(s, "stem", strings.Repeat("党", 2001)), "stem", "题干不超过2000个字"},
		{"one option", apptest.With(s, "options", options(1), "answer", "A"), "options", "单选题应有2至8个选项（现有1个）"},
		{"nine options", apptest.With(s, "options", options(9)), "options", "单选题应有2至8个选项（现有9个）"},
		{"keys out of order", apptest.With(s, "options", []map[string]string{{"key": "A", "text": "一"}, {"key": "C", "text": "二"}}), "options", "选项应依次为A、B、C"},
		{"empty option", apptest.With(s, "options", []map[string]string{{"key": "A", "text": "一"}, {"key": "B", "text": " "}}), "options", "请输入选项B的内容"},
		{"long option", apptest.With(s, "options", []map[string]string{{"key": "A", "text": "一"}, {"key": "B", "text": strings.Repeat("二", 501)}}), "options", "选项B的内容不超过500个字"},
		{"single two keys", apptest.With(s, "answer", "AB"), "answer", "单选题的正确答案只能是一个选项"},
		{"key not an option", apptest.With(s, "answer", "E"), "answer", "答案“E”不是本题的选项"},
		{"no key", apptest.With(s, "answer", ""), "answer", "请选择单选题的正确答案"},
		{"multiple one key", apptest.With(multiple, "answer", "A"), "answer", "多选题的正确答案至少有两个选项"},
		{"judge options", apptest.With(judge, "options", options(2)), "options", "判断题没有选项"},
		{"judge key", apptest.With(judge, "answer", "X"), "answer", "请选择判断题的答案（正确或错误）"},
		{"fill blanks ≠ markers", apptest.With(fill, "answer", `[["1921"]]`), "stem", "题干中用“___”标出的空有2处，与答案的空数（1个）不一致"},
		{"fill empty blank", apptest.With(fill, "answer", `[["1921"],[" "]]`), "answer", "请填写第2空的答案"},
		{"fill no key", apptest.With(fill, "answer", ""), "answer", "请填写填空题每个空的答案"},
		{"fill 11 blanks", apptest.With(fill, "stem", strings.Repeat("___", 1), "answer", `[["1"],["2"],["3"],["4"],["5"],["6"],["7"],["8"],["9"],["10"],["11"]]`), "answer", "填空题最多10个空"},
		{"fill 11 variants", apptest.With(fill, "answer", `[["1","2","3","4","5","6","7","8","9","10","11"],["上海"]]`), "answer", "第1空最多10种可接受的写法"},
		{"fill long variant", apptest.With(fill, "answer", `[["`+strings.Repeat("一", 201)+`"],["上海"]]`), "answer", "超过200个字"},
		{"short no answer", apptest.With(short, "answer", ""), "answer", "请输入简答题的参考答案"},
		{"11 tags", apptest.With(s, "tags", strings.Join(tooManyTags, "、")), "tags", "知识点最多10个（现有11个）"},
		{"long tag", apptest.With(s, "tags", strings.Repeat("章", 31)), "tags", "超过30个字"},
		{"difficulty 0", apptest.With(s, "difficulty", 0), "difficulty", "请选择难度"},
		{"difficulty 6", apptest.With(s, "difficulty", 6), "difficulty", "请选择难度"},
		{"long analysis", apptest.With(s, "analysis", strings.Repeat("析", 2001)), "analysis", "解析不超过2000个字"},
		{"no school", apptest.With(s, "orgId", 0), "orgId", "请选择所属党校"},
	}
	for _, c := range cases {
		refused(t, w.e.Do("POST", "/api/tk", w.csTK, c.body), c.field, c.msg)
	}
	if _, total := w.ids(t, w.csTK, url.Values{}); total != 0 {
		t.Fatalf("refused bodies wrote %d questions", total)
	}
	// The edges that pass: 2 and 8 options, 10 tags, every type, difficulty 1 and 5.
	w.create(t, w.csTK, apptest.With(s, "options", options(2), "difficulty", 5))
	w.create(t, w.csTK, apptest.With(s, "options", options(8), "tags", strings.Join(tooManyTags[:10], ",")))
	m := w.create(t, w.csTK, apptest.With(multiple, "answer", "dA"))
	if m.Answer != "AD" {
		t.Fatalf("multiple key %q", m.Answer)
	}
	w.create(t, w.csTK, judge)
	f := w.create(t, w.csTK, apptest.With(fill, "answer", `[[" 1921 ","1921"],["上海","上海市"]]`))
	if f.Answer != `[["1921"],["上海","上海市"]]` {
		t.Fatalf("fill key %q", f.Answer)
	}
	w.create(t, w.csTK, short)
	// The filters: type, difficulty, tag, keyword over the stem, the school.
	for _, c := range []struct {
		q    url.Values
		want int
	}{
		{url.Values{"type": {"0"}}, 2},
		{url.Values{"type": {"1", "3"}}, 2},
		{url.Values{"difficulty": {"5"}}, 1},
		{url.Values{"tag": {"知识点9"}}, 1},
		{url.Values{"tag": {"党史"}}, 5},
		{url.Values{"blurry": {"地点是"}}, 1},
		{url.Values{"orgId": {fmt.Sprint(w.cs)}}, 6},
		{url.Values{"orgId": {fmt.Sprint(w.root)}}, 0},
	} {
		if _, total := w.ids(t, w.csTK, c.q); total != c.want {
			t.Errorf("%v: %d, want %d", c.q, total, c.want)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/api/tk?nosuch=1", w.csTK, nil), 400)
}
