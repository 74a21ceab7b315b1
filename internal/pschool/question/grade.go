package question

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// An examinee's answer is text, by type: 单选题 one option key ("B");
// 多选题 the chosen keys in any order ("CA"); 判断题 JudgeTrue or
// JudgeFalse; 填空题 a JSON array of the blanks' texts (["井冈山","1927"]);
// 简答题 the text. "" is no answer.

// MaxBlankLen bounds the text of one blank an examinee sends.
const MaxBlankLen = 200

// CheckAnswer says in Chinese why answer cannot be an answer to q (nil when
// it can): a key the question has not, a malformed 填空题 array, a text too
// long. The exam refuses such an answer before it stores it.
func CheckAnswer(q *Question, answer string) error {
	if answer == "" {
		return nil
	}
	switch q.Type {
	case TypeSingle, TypeMultiple:
		keys := choiceKeys(answer)
		if keys == "" {
			return errors.New("答案不是本题的选项")
		}
		if q.Type == TypeSingle && len(keys) != 1 {
			return errors.New("单选题只能选一个选项")
		}
		for _, k := range keys {
			if !slices.ContainsFunc(q.Options, func(o Option) bool { return o.Key == string(k) }) {
				return errors.New("答案不是本题的选项")
			}
		}
	case TypeJudge:
		if answer != JudgeTrue && answer != JudgeFalse {
			return errors.New("判断题只能答“正确”或“错误”")
		}
	case TypeFill:
		var texts []string
		if err := json.Unmarshal([]byte(answer), &texts); err != nil {
			return errors.New("填空题的答案格式不正确")
		}
		blanks, err := q.Blanks()
		if err != nil {
			return err
		}
		if len(texts) > len(blanks) {
			return errors.New("填空题的答案多于空格数")
		}
		for _, t := range texts {
			if utf8.RuneCountInString(t) > MaxBlankLen {
				return errors.New("每空的答案不能超过200字")
			}
		}
	case TypeShort:
		if utf8.RuneCountInString(answer) > MaxAnswerLen {
			return errors.New("简答题的答案不能超过2000字")
		}
	}
	return nil
}

// Grade scores answer to q out of points (graded is false for a 简答题,
// which graders mark by hand). Choices and 判断题 score exactly: the points
// when the answer is the key, 0 otherwise — a 多选题 with one right option
// missing, or one wrong option added, scores 0. A 填空题 scores its blanks,
// each against its accepted variants after Normalize: all right give the
// points, some right give points × right ÷ blanks rounded down.
func Grade(q *Question, answer string, points int) (score int, graded bool) {
	switch q.Type {
	case TypeSingle, TypeMultiple:
		if a := choiceKeys(answer); a != "" && a == choiceKeys(q.Answer) {
			return points, true
		}
		return 0, true
	case TypeJudge:
		if answer != "" && answer == q.Answer {
			return points, true
		}
		return 0, true
	case TypeFill:
		blanks, err := q.Blanks()
		if err != nil || len(blanks) == 0 {
			return 0, true
		}
		var texts []string
		if answer != "" && json.Unmarshal([]byte(answer), &texts) != nil {
			return 0, true
		}
		right := 0
		for i, variants := range blanks {
			if i < len(texts) && Accepted(texts[i], variants) {
				right++
			}
		}
		if right == len(blanks) {
			return points, true
		}
		return points * right / len(blanks), true
	}
	return 0, false
}

// Accepted reports whether text matches one of the variants after
// Normalize (an empty text matches none).
func Accepted(text string, variants []string) bool {
	t := Normalize(text)
	if t == "" {
		return false
	}
	for _, v := range variants {
		if Normalize(v) == t {
			return true
		}
	}
	return false
}

// Normalize is what a blank is compared by: full-width characters folded to
// their narrow forms (１９２１ = 1921, ＡＢＣ = abc), letters in lower case,
// spaces removed, and a closing 。 or . dropped — the differences an
// examinee's keyboard makes, not the differences of the answer.
func Normalize(s string) string {
	s = strings.ToLower(width.Fold.String(s))
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimRight(s, "。.")
}

// choiceKeys is a choice answer's keys, upper case, each once, in order
// ("ca" → "AC"); "" when it holds anything but option keys.
func choiceKeys(answer string) string {
	seen := [MaxOptions]bool{}
	for _, r := range strings.ToUpper(strings.TrimSpace(answer)) {
		i := int(r - 'A')
		if i < 0 || i >= MaxOptions {
			return ""
		}
		seen[i] = true
	}
	var b strings.Builder
	for i, ok := range seen {
		if ok {
			b.WriteString(OptionKeys[i])
		}
	}
	return b.String()
}
