package survey_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/survey"
)

// world: a school committee with two secondary committees (计算机, 数学),
// a branch under each. csTK manages questionnaires at 计算机 (every wj
// permission), mathTK at 数学, noTK at 计算机 without any. Members with
// accounts: a and b in the 计算机 branch, c in the 数学 branch.
type world struct {
	e                          *apptest.Env
	root, cs, math, csb, mathb int64
	csTK, mathTK, noTK         string
	a, b, c                    person
}

type person struct {
	member, account int64
	tk              string
}

var manager = []string{survey.PermList, survey.PermAdd, survey.PermEdit, survey.PermDel, survey.PermPublish, survey.PermStop,
	survey.PermResult, survey.PermExport}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	c := e.Campus(t)
	w.root, w.cs, w.math, w.csb = c.Root, c.CS, c.Math, c.Branch
	w.mathb = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, manager...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, manager...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.a = w.person(t, w.csb, "王一")
	w.b = w.person(t, w.csb, "李二")
	w.c = w.person(t, w.mathb, "张三")
	return w
}

// person adds a full member of branch with an account (no permission).
func (w *world) person(t testing.TB, branch int64, name string) person {
	t.Helper()
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, branch, "gender", member.GenderMale))
	tk, uid := w.e.UserAt(t, "LEVEL_AND_BELOW", branch)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return person{member: id, account: uid, tk: tk}
}

// paper is a questionnaire of every kind: q1 single (with a write-in),
// q2 multiple shown when q1 is "a", q3 rating of 5, q4 matrix, q5 text.
func paper(title string) ballot.Paper {
	opts := []ballot.Option{{Key: "a", Label: "满意"}, {Key: "b", Label: "基本满意"}, {Key: "c", Label: "不满意"}}
	return ballot.Paper{Title: title, Questions: []ballot.Question{
		{Key: "q1", Kind: ballot.Single, Title: "对本学期组织生活是否满意", Required: true, Options: opts, WriteIn: true},
		{Key: "q2", Kind: ballot.Multiple, Title: "您最满意的方面", Options: []ballot.Option{{Key: "x", Label: "内容"}, {Key: "y", Label: "形式"},
			{Key: "z", Label: "频次"}}, ShowIf: &ballot.Condition{Question: "q1", Option: "a"}},
		{Key: "q3", Kind: ballot.Rating, Title: "给党支部打分", Required: true},
		{Key: "q4", Kind: ballot.Matrix, Title: "各项评价", Options: opts, Rows: []ballot.Option{{Key: "r1", Label: "三会一课"}, {Key: "r2", Label: "主题党日"}}},
		{Key: "q5", Kind: ballot.Text, Title: "意见建议"},
	}}
}

// answer is a full answer to paper: q1 a, q2 x and y, q3 score, q4 a/b, q5 text.
func answer(score int, text string) []ballot.Mark {
	return []ballot.Mark{{Item: "q1", Choice: "a"}, {Item: "q2", Choice: "x"}, {Item: "q2", Choice: "y"}, {Item: "q3", Choice: fmt.Sprint(score)},
		{Item: "q4.r1", Choice: "a"}, {Item: "q4.r2", Choice: "b"}, {Item: "q5", Text: text}}
}

// draft creates a draft as token and answers its detail.
func (w *world) draft(t testing.TB, token string, in survey.Input) survey.Detail {
	t.Helper()
	return apptest.DoJSON[survey.Detail](t, w.e, 201, "POST", "/api/wj", token, in)
}

func path(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/wj/%d", id)
	}
	return fmt.Sprintf("/api/wj/%d/%s", id, action)
}

// publish publishes id as token (with codes printed) and answers the result.
func (w *world) publish(t testing.TB, token string, id int64, codes int) survey.Published {
	t.Helper()
	return apptest.DoJSON[survey.Published](t, w.e, 200, "POST", path(id, "publish"), token, map[string]any{"codes": codes})
}

// link is the API path of a public link.
func link(p survey.Published) string {
	return "/api/wj/link/" + p.Link[len(survey.PublicPrefix):]
}

func itoa(id int64) string { return fmt.Sprint(id) }
