package question_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/question"
)

// world: the university's committee (the party school) with two secondary
// committees (计算机, 数学) and a branch under 计算机; rootTK is the 组织部
// (the whole university), csTK and mathTK keep their committee's bank,
// noTK holds no bank permission, listTK may only read.
type world struct {
	e                                  *apptest.Env
	root, cs, math, branch             int64
	rootTK, csTK, mathTK, noTK, listTK string
}

var allPerms = []string{question.Perms.List, question.Perms.Add, question.Perms.Edit, question.Perms.Del, question.Perms.Import, question.Perms.Export}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	c := e.Campus(t)
	w := &world{e: e, root: c.Root, cs: c.CS, math: c.Math, branch: c.Branch}
	w.rootTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, allPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, question.Perms.List)
	return w
}

// single is a valid 单选题 of orgID's bank.
func single(orgID int64) map[string]any {
	return map[string]any{"orgId": orgID, "type": question.TypeSingle, "stem": "中国共产党成立于哪一年？",
		"options": options(4), "answer": "B", "analysis": "1921年党的一大召开。", "tags": "党史、 党的创立 ,党史",
		"difficulty": 1, "enabled": true}
}

// options are n options A, B, … with texts.
func options(n int) []map[string]string {
	out := make([]map[string]string, n)
	for i := range n {
		out[i] = map[string]string{"key": question.OptionKeys[i%len(question.OptionKeys)], "text": fmt.Sprintf("选项%d", i+1)}
	}
	return out
}

func (w *world) create(t testing.TB, token string, b map[string]any) question.View {
	t.Helper()
	return apptest.DoJSON[question.View](t, w.e, 201, "POST", "/api/tk", token, b)
}

func (w *world) detail(t testing.TB, token string, id int64) question.View {
	t.Helper()
	return apptest.DoJSON[question.View](t, w.e, 200, "GET", fmt.Sprintf("/api/tk/%d", id), token, nil)
}

// ids lists the questions the query finds (size 100) and the total.
func (w *world) ids(t testing.TB, token string, q url.Values) (ids []int64, total int) {
	t.Helper()
	q.Set("size", "100")
	rows, total := apptest.GetPage[question.View](t, w.e, token, "/api/tk", q)
	for _, v := range rows {
		ids = append(ids, v.ID)
	}
	return ids, total
}

// tags are the question's tag rows.
func (w *world) tags(t testing.TB, id int64) []string {
	t.Helper()
	var tags []string
	if err := w.e.DB.NewSelect().Model((*question.Tag)(nil)).Column("tag").Where("question_id = ?", id).OrderExpr("tag").
		Scan(t.Context(), &tags); err != nil {
		t.Fatal(err)
	}
	return tags
}

// refused expects a 400 on field whose message contains msg.
func refused(t testing.TB, res *apptest.Response, field, msg string) {
	t.Helper()
	var body struct{ Field, Message string }
	res.JSON(t, &body)
	if res.Status != 400 || body.Field != field || !strings.Contains(body.Message, msg) {
		t.Errorf("got %d %s %q, want 400 on %s containing %q", res.Status, body.Field, body.Message, field, msg)
	}
}

func itoa(id int64) string { return fmt.Sprint(id) }
