package question_test

import (
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/pschool/question"
)

var header = []string{"＊所属党校", "＊题型", "＊题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "选项G", "选项H",
	"＊答案", "解析", "知识点", "＊难度", "状态"}

// row is a workbook row: the school, type, stem, options A to D, key,
// analysis, tags, difficulty and state.
func row(school, typ, stem string, opts []string, key, tags, difficulty, state string) []string {
	r := []string{school, typ, stem}
	for i := range 8 {
		if i < len(opts) {
			r = append(r, opts[i])
		} else {
			r = append(r, "")
		}
	}
	return append(r, key, "", tags, difficulty, state)
}

// A committee imports its bank: good rows of every type, and bad rows
// refused each on its column, as the form refuses them. The commit saves
// the good rows with their tag rows and ADD trail entries of origin
// SYSTEM_IMPORT.
func TestImportPerRowErrors(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	abcd := []string{"1919年", "1921年", "1927年", "1949年"}
	rows := [][]string{header,
		row("计算机学院党委", "单选题", "中国共产党成立于哪一年？", abcd, "B", "党史、党的创立", "易", ""),
		row("计算机学院党委", "多选", "党的纪律包括哪些？", []string{"政治纪律", "组织纪律", "廉洁纪律", "天气"}, "abc", "党的纪律", "3", ""),
		row("计算机学院党委", "判断题", "预备党员的预备期为一年。", nil, "正确", "党章", "较易", "停用"),
		row("计算机学院党委", "填空题", "党的最高领导机关是党的______和它所产生的______。", nil, "全国代表大会/全国代表大会|中央委员会", "党章", "中等", ""),
		row("计算机学院党委", "简答题", "简述入党誓词。", nil, "我志愿加入中国共产党……", "", "难", ""),
		// the bad rows
		row("数学学院党委", "单选题", "题干", abcd, "A", "", "1", ""),                         // 7 another school: org
		row("计算机教工党支部", "单选题", "题干", abcd, "A", "", "1", ""),                       // 8 a branch keeps no bank: org
		row("计算机学院党委", "论述题", "题干", abcd, "A", "", "1", ""),                        // 9 type
		row("计算机学院党委", "单选题", "题干", abcd, "A", "", "很难", ""),                       // 10 difficulty
		row("计算机学院党委", "单选题", "题干", abcd[:1], "A", "", "1", ""),                    // 11 one option: 选项A
		row("计算机学院党委", "多选题", "题干", abcd, "A", "", "1", ""),                        // 12 multiple with one key: answer
		row("计算机学院党委", "填空题", "只有___一个空", nil, "一|二", "", "1", ""),                 // 13 blanks ≠ markers: stem
		row("计算机学院党委", "判断题", "题干", nil, "也许", "", "1", ""),                        // 14 judge key: answer
		row("计算机学院党委", "单选题", "题干", abcd, "A", "1、2、3、4、5、6、7、8、9、10、11", "1", ""), // 15 tags
		row("计算机学院党委", "单选题", "", abcd, "A", "", "1", ""),                          // 16 stem
		row("计算机学院党委", "单选题", "题干", abcd, "A", "", "1", "作废"),                      // 17 state
	}
	b := w.e.Stage(t, "tk", w.csTK, rows)
	if b.NewCount != 5 || b.InvalidCount != 11 {
		t.Fatalf("batch %+v", b)
	}
	got := w.e.ImportRows(t, "tk", w.csTK, b.ID)
	want := map[int]string{7: "org", 8: "org", 9: "type", 10: "difficulty", 11: "optionA", 12: "answer", 13: "stem",
		14: "answer", 15: "tags", 16: "stem", 17: "enabled"}
	for rowNo, column := range want {
		errs := apptest.CellErrors(got[rowNo])
		if got[rowNo].Status != imports.StatusInvalid || len(errs) != 1 || errs[column] == "" {
			t.Errorf("row %d: %+v, want one error on %s", rowNo, got[rowNo].Errors, column)
		}
	}
	w.e.Commit(t, "tk", w.csTK, b.ID, true)
	list, total := apptest.GetPage[question.View](t, w.e, w.csTK, "/api/tk", url.Values{"sort": {"type,asc"}})
	if total != 5 {
		t.Fatalf("imported %d", total)
	}
	by := apptest.ByKey(list, func(v question.View) int { return v.Type })
	if q := by[question.TypeMultiple]; q.Answer != "ABC" || len(q.Options) != 4 || q.Difficulty != 3 || q.OrgID != w.cs {
		t.Fatalf("multiple %+v", q)
	}
	if q := by[question.TypeJudge]; q.Answer != question.JudgeTrue || q.Enabled {
		t.Fatalf("judge %+v", q)
	}
	if q := by[question.TypeFill]; q.Answer != `[["全国代表大会"],["中央委员会"]]` {
		t.Fatalf("fill %+v", q)
	}
	if tags := w.tags(t, by[question.TypeSingle].ID); len(tags) != 2 {
		t.Fatalf("tag rows %v", tags)
	}
	var trail struct {
		Content []struct {
			Type   int `json:"type"`
			Origin int `json:"origin"`
		} `json:"content"`
	}
	w.e.Do("GET", "/api/tk/"+itoa(by[question.TypeShort].ID)+"/trail", w.csTK, nil).JSON(t, &trail)
	if len(trail.Content) != 1 || trail.Content[0].Type != audit.TypeAdd || trail.Content[0].Origin != audit.OriginSystemImport {
		t.Fatalf("trail %+v", trail)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/import/tk/template", w.listTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/import/tk/template", w.csTK, nil), 200)
}

// An exported bank imports again as it is: every column the export writes
// is one of the import's, and the questions read back equal the exported.
func TestExportImportsBack(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := single(w.cs)
	bodies := []map[string]any{
		s,
		apptest.With(s, "type", question.TypeMultiple, "answer", "ACD", "options", options(8), "difficulty", 4),
		apptest.With(s, "type", question.TypeJudge, "options", []any{}, "answer", "F", "enabled", false, "tags", ""),
		apptest.With(s, "type", question.TypeFill, "options", []any{}, "stem", "党在___成立，时间是_____年。",
			"answer", `[["上海","上海市"],["1921"]]`),
		apptest.With(s, "type", question.TypeShort, "options", []any{}, "answer", "参考答案：一是……二是……", "analysis", ""),
	}
	for _, b := range bodies {
		w.create(t, w.csTK, b)
	}
	res := w.e.Do("GET", "/api/tk/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	up := w.e.Upload("/api/import/tk/batches", w.csTK, "file", "题库.xlsx", res.Body, nil)
	apptest.Expect(t, up, 200)
	var b imports.Batch
	up.JSON(t, &b)
	if b.NewCount != len(bodies) || b.InvalidCount != 0 {
		t.Fatalf("batch %+v", b)
	}
	w.e.Commit(t, "tk", w.csTK, b.ID, false)
	list, total := apptest.GetPage[question.View](t, w.e, w.csTK, "/api/tk", url.Values{"sort": {"createTime,asc"}, "size": {"100"}})
	if total != 2*len(bodies) {
		t.Fatalf("after the import %d", total)
	}
	same := func(a, b question.View) bool {
		return a.OrgID == b.OrgID && a.Type == b.Type && a.Stem == b.Stem && slices.Equal(a.Options, b.Options) &&
			a.Answer == b.Answer && a.Analysis == b.Analysis && a.Tags == b.Tags && a.Difficulty == b.Difficulty && a.Enabled == b.Enabled
	}
	for _, orig := range list[:len(bodies)] {
		if !slices.ContainsFunc(list[len(bodies):], func(v question.View) bool { return same(orig, v) }) {
			t.Errorf("not imported back: %+v", orig)
		}
	}
}
