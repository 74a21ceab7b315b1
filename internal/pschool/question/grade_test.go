package question_test

import (
	"testing"

	"zhdj/internal/pschool/question"
)

func choice(typ int, key string) *question.Question {
	return &question.Question{Type: typ, Answer: key, Options: []question.Option{{Key: "A", Text: "甲"}, {Key: "B", Text: "乙"}, {Key: "C", Text: "丙"}, {Key: "D", Text: "丁"}}}
}

func TestGrade_SingleAndJudgeAreExact(t *testing.T) {
	t.Parallel()
	single := choice(question.TypeSingle, "B")
	judge := &question.Question{Type: question.TypeJudge, Answer: question.JudgeTrue}
	for _, c := range []struct {
		q      *question.Question
		answer string
		want   int
	}{{single, "B", 2}, {single, "b", 2}, {single, "A", 0}, {single, "", 0}, {single, "AB", 0},
		{judge, "T", 2}, {judge, "F", 0}, {judge, "", 0}} {
		if got, graded := question.Grade(c.q, c.answer, 2); got != c.want || !graded {
			t.Errorf("type %d answer %q: got %d (graded %v), want %d", c.q.Type, c.answer, got, graded, c.want)
		}
	}
}

// A 多选题 is graded exactly (the issue: "multiple choice exact"): every
// right option and no wrong one, in any order; partly right scores 0.
func TestGrade_MultipleIsExactPartlyRightScoresNothing(t *testing.T) {
	t.Parallel()
	q := choice(question.TypeMultiple, "ACD")
	for answer, want := range map[string]int{"ACD": 4, "DCA": 4, "cad": 4, "AC": 0, "ACDB": 0, "A": 0, "B": 0, "": 0, "ACX": 0} {
		if got, _ := question.Grade(q, answer, 4); got != want {
			t.Errorf("answer %q: got %d, want %d", answer, got, want)
		}
	}
}

// A 填空题's blank accepts any of its variants, whatever the keyboard's
// width, case or spaces; blanks right are scored pro rata, rounded down.
func TestGrade_FillAcceptsVariantsAndScoresBlanks(t *testing.T) {
	t.Parallel()
	q := &question.Question{Type: question.TypeFill, Answer: `[["井冈山","井冈山革命根据地"],["1927"],["CPC","中国共产党"]]`}
	for _, c := range []struct {
		answer string
		want   int
	}{
		{`["井冈山","1927","中国共产党"]`, 10},
		{`["井冈山革命根据地","１９２７","cpc"]`, 10}, // a variant, full-width digits, lower case
		{`[" 井冈山 ","1927。","C P C"]`, 10}, // spaces and a closing 。
		{`["井冈山","1927",""]`, 6},          // 2 of 3 blanks: 10×2÷3 rounded down
		{`["延安","1927","党"]`, 3},          // 1 of 3
		{`["1927","井冈山","CPC"]`, 3},       // blanks in the wrong places: only the third
		{`["井冈山"]`, 3},                    // fewer texts than blanks
		{`[]`, 0}, {``, 0}, {`not json`, 0},
	} {
		if got, graded := question.Grade(q, c.answer, 10); got != c.want || !graded {
			t.Errorf("answer %s: got %d (graded %v), want %d", c.answer, got, graded, c.want)
		}
	}
}

func TestGrade_ShortIsLeftToTheGraders(t *testing.T) {
	t.Parallel()
	q := &question.Question{Type: question.TypeShort, Answer: "参考答案"}
	if got, graded := question.Grade(q, "参考答案", 10); got != 0 || graded {
		t.Fatalf("a 简答题 graded by the server: %d %v", got, graded)
	}
}

func TestCheckAnswer(t *testing.T) {
	t.Parallel()
	fill := &question.Question{Type: question.TypeFill, Answer: `[["甲"],["乙"]]`}
	long := make([]rune, question.MaxBlankLen+1)
	for i := range long {
		long[i] = '字'
	}
	for _, c := range []struct {
		q      *question.Question
		answer string
		ok     bool
	}{
		{choice(question.TypeSingle, "A"), "", true},
		{choice(question.TypeSingle, "A"), "C", true},
		{choice(question.TypeSingle, "A"), "E", false}, // not an option of the question
		{choice(question.TypeSingle, "A"), "AB", false},
		{choice(question.TypeSingle, "A"), "1", false},
		{choice(question.TypeMultiple, "AB"), "BD", true},
		{choice(question.TypeMultiple, "AB"), "BE", false},
		{&question.Question{Type: question.TypeJudge, Answer: "T"}, "F", true},
		{&question.Question{Type: question.TypeJudge, Answer: "T"}, "对", false},
		{fill, `["甲","乙"]`, true},
		{fill, `["甲","乙","丙"]`, false},
		{fill, `"甲"`, false},
		{fill, `["` + string(long) + `"]`, false},
	} {
		if err := question.CheckAnswer(c.q, c.answer); (err == nil) != c.ok {
			t.Errorf("type %d answer %q: err %v, want ok %v", c.q.Type, c.answer, err, c.ok)
		}
	}
}
