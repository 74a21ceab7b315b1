package ballot_test

import (
	"strings"
	"testing"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
)

var yesNo = []ballot.Option{{Key: "y", Label: "是"}, {Key: "n", Label: "否"}}

func TestPaperCheckNamesTheQuestionAtFault(t *testing.T) {
	t.Parallel()
	q := func(mut func(*ballot.Question)) ballot.Paper {
		p := ballot.Paper{Title: "问卷", Questions: []ballot.Question{
			{Key: "a", Kind: ballot.Single, Title: "第一题", Options: yesNo},
			{Key: "b", Kind: ballot.Text, Title: "第二题"}}}
		mut(&p.Questions[1])
		return p
	}
	cases := []struct {
		name  string
		paper ballot.Paper
		field string
	}{
		{"a key used twice", q(func(x *ballot.Question) { x.Key = "a" }), "questions[1].key"},
		{"a key with a space", q(func(x *ballot.Question) { x.Key = "b c" }), "questions[1].key"},
		{"an unknown kind", q(func(x *ballot.Question) { x.Kind = "essay" }), "questions[1].kind"},
		{"a choice without options", q(func(x *ballot.Question) { x.Kind = ballot.Single }), "questions[1].options"},
		{"an option key twice", q(func(x *ballot.Question) {
			x.Kind, x.Options = ballot.Single, []ballot.Option{{Key: "o", Label: "甲"}, {Key: "o", Label: "乙"}}
		}), "questions[1].options"},
		{"a matrix without rows", q(func(x *ballot.Question) { x.Kind, x.Options = ballot.Matrix, yesNo }), "questions[1].rows"},
		{"a rating of one step", q(func(x *ballot.Question) { x.Kind, x.Max = ballot.Rating, 1 }), "questions[1].max"},
		{"at least three of two", q(func(x *ballot.Question) { x.Kind, x.Options, x.Min = ballot.Multiple, yesNo, 3 }), "questions[1].max"},
		{"skip logic to a text question", q(func(x *ballot.Question) { x.ShowIf = &ballot.Condition{Question: "b", Option: "y"} }), "questions[1].showIf"},
		{"skip logic to an option not there", q(func(x *ballot.Question) { x.ShowIf = &ballot.Condition{Question: "a", Option: "maybe"} }), "questions[1].showIf"},
	}
	for _, c := range cases {
		err := c.paper.Check()
		if got := httpx.FieldOf(err); got != c.field {
			t.Errorf("%s: field %q (%v), want %q", c.name, got, err, c.field)
		}
	}
	if err := q(func(x *ballot.Question) { x.ShowIf = &ballot.Condition{Question: "a", Option: "n"} }).Check(); err != nil {
		t.Fatalf("a valid paper: %v", err)
	}
}

// validateCase is a ballot and what Paper.Validate says of it: want "" =
// valid, else a part of the message.
type validateCase struct {
	name  string
	marks []ballot.Mark
	want  string
}

func expectValidate(t *testing.T, p ballot.Paper, cases []validateCase) {
	t.Helper()
	for _, c := range cases {
		_, err := p.Validate(c.marks)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

func TestPaperValidate(t *testing.T) {
	t.Parallel()
	p := ballot.Paper{Title: "换届选举", Questions: []ballot.Question{
		{Key: "join", Kind: ballot.Single, Title: "是否同意", Required: true, Options: yesNo},
		{Key: "why", Kind: ballot.Text, Title: "理由", Required: true, MaxLen: 4, ShowIf: &ballot.Condition{Question: "join", Option: "n"}},
		{Key: "c", Kind: ballot.Multiple, Title: "委员", Max: 2, WriteIn: true, Options: []ballot.Option{{Key: "p1", Label: "张三"}, {Key: "p2", Label: "李四"}, {Key: "p3", Label: "王五"}}},
		{Key: "m", Kind: ballot.Matrix, Title: "评价", Rows: []ballot.Option{{Key: "r1", Label: "作风"}}, Options: yesNo},
		{Key: "r", Kind: ballot.Rating, Title: "满意度"},
	}}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	m := func(i, c, tx string) ballot.Mark { return ballot.Mark{Item: i, Choice: c, Text: tx} }
	cases := []validateCase{
		{"the least", []ballot.Mark{m("join", "y", "")}, ""},
		{"the required one missing", []ballot.Mark{m("c", "p1", "")}, "请回答第1题"},
		{"a hidden question answered", []ballot.Mark{m("join", "y", ""), m("why", "", "因为")}, "第2题不应作答"},
		{"a shown question left out", []ballot.Mark{m("join", "n", "")}, "请回答第2题"},
		{"a shown question too long", []ballot.Mark{m("join", "n", ""), m("why", "", "五个字太长")}, "第2题不超过4个字"},
		{"a shown question answered", []ballot.Mark{m("join", "n", ""), m("why", "", " 四个字的 ")}, ""},
		{"two of two", []ballot.Mark{m("join", "y", ""), m("c", "p1", ""), m("c", "*", "赵六")}, ""},
		{"three of two, a write-in among them", []ballot.Mark{m("join", "y", ""), m("c", "p1", ""), m("c", "p2", ""), m("c", "*", "赵六")}, "最多选2项"},
		{"one name twice", []ballot.Mark{m("join", "y", ""), m("c", "p1", ""), m("c", "p1", "")}, "不能重复选择"},
		{"an option not on the paper", []ballot.Mark{m("join", "maybe", "")}, "选项无效"},
		{"two answers to a single choice", []ballot.Mark{m("join", "y", ""), m("join", "n", "")}, "只能选一项"},
		{"an item not on the paper", []ballot.Mark{m("join", "y", ""), m("extra", "y", "")}, "不属于本票"},
		{"a matrix row", []ballot.Mark{m("join", "y", ""), m("m.r1", "n", "")}, ""},
		{"a rating of six on five", []ballot.Mark{m("join", "y", ""), m("r", "6", "")}, "1到5分"},
	}
	expectValidate(t, p, cases)
}

func TestScoreQuestionCheck(t *testing.T) {
	t.Parallel()
	score := func(lo, hi int) ballot.Paper {
		return ballot.Paper{Title: "干部考核", Questions: []ballot.Question{{Key: "s", Kind: ballot.Score, Title: "评分", Min: lo, Max: hi}}}
	}
	for _, c := range [][2]int{{0, 0}, {0, 10}, {60, 100}, {0, ballot.MaxScore}} {
		if err := score(c[0], c[1]).Check(); err != nil {
			t.Errorf("range %v: %v", c, err)
		}
	}
	for _, c := range [][2]int{{-1, 100}, {0, ballot.MaxScore + 1}, {50, 50}, {50, 0}} {
		err := score(c[0], c[1]).Check()
		if httpx.FieldOf(err) != "questions[0].max" || !strings.Contains(err.Error(), "第1题") {
			t.Errorf("range %v: %v, want refused naming 第1题", c, err)
		}
	}
	withOptions := score(0, 0)
	withOptions.Questions[0].Options = yesNo
	if httpx.FieldOf(withOptions.Check()) != "questions[0].options" {
		t.Errorf("a score with options: %v", withOptions.Check())
	}
}

func TestScoreQuestionValidate(t *testing.T) {
	t.Parallel()
	p := ballot.Paper{Title: "干部考核", Questions: []ballot.Question{
		{Key: "c1", Kind: ballot.Score, Title: "张三", Required: true, Rows: []ballot.Option{{Key: "de", Label: "德"}, {Key: "neng", Label: "能"}}},
		{Key: "c2", Kind: ballot.Score, Title: "李四", Rows: []ballot.Option{{Key: "de", Label: "德"}, {Key: "neng", Label: "能"}}},
		{Key: "all", Kind: ballot.Score, Title: "总体", Min: 1, Max: 10},
	}}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	m := func(i, c string) ballot.Mark { return ballot.Mark{Item: i, Choice: c} }
	both := func(de, neng string) []ballot.Mark { return []ballot.Mark{m("c1.de", de), m("c1.neng", neng)} }
	cases := []validateCase{
		{"0 and 100", both("0", "100"), ""},
		{"-1", both("-1", "100"), "第1题请填写0到100之间的整数"},
		{"101", both("0", "101"), "第1题请填写0到100之间的整数"},
		{"a fraction", both("87.5", "90"), "第1题请填写0到100之间的整数"},
		{"a sign", both("+87", "90"), "第1题请填写0到100之间的整数"},
		{"a space", both(" 87", "90"), "第1题请填写0到100之间的整数"},
		{"empty", both("", "90"), "第1题请填写0到100之间的整数"},
		{"a text", []ballot.Mark{{Item: "c1.de", Choice: "80", Text: "好"}, m("c1.neng", "90")}, "第1题请填写0到100之间的整数"},
		{"a row twice", append(both("80", "90"), m("c1.de", "70")), "第1题每项只能填写一个分数"},
		{"a required row missing", []ballot.Mark{m("c1.de", "80")}, "请回答第1题"},
		{"an unrequired row missing", append(both("80", "90"), m("c2.de", "60")), ""},
		{"the question's own key for a row question", append(both("80", "90"), m("c2", "60")), "不属于本票"},
		{"a row-less score", append(both("80", "90"), m("all", "10")), ""},
		{"a row-less score out of its range", append(both("80", "90"), m("all", "0")), "第3题请填写1到10之间的整数"},
	}
	expectValidate(t, p, cases)
	// Leading zeros are read and dropped, so the count has one choice per number.
	got, err := p.Validate(both("087", "00"))
	if err != nil || got[0] != m("c1.de", "87") || got[1] != m("c1.neng", "0") {
		t.Fatalf("leading zeros: %+v %v", got, err)
	}
}
