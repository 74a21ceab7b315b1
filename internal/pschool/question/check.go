package question

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"zhdj/internal/platform/httpx"
)

// Check is the question's own rules (all but its organisation, which the
// caller's scope decides): it trims and normalises q (option keys, the
// choice key in order, the blanks' variants, the tags) and answers the
// first problem as a 400 naming its field, in Chinese, per type.
func Check(q *Question) error {
	if _, ok := TypeNames[q.Type]; !ok {
		return httpx.Invalid("type", "请选择题型")
	}
	name := TypeNames[q.Type]
	q.Stem = strings.TrimSpace(q.Stem)
	if n := utf8.RuneCountInString(q.Stem); n == 0 {
		return httpx.Invalid("stem", "请输入题干（不超过%d个字）", MaxStemLen)
	} else if n > MaxStemLen {
		return httpx.Invalid("stem", "题干不超过%d个字", MaxStemLen)
	}
	if q.Options == nil {
		q.Options = []Option{}
	}
	switch q.Type {
	case TypeSingle, TypeMultiple:
		if err := checkChoice(q, name); err != nil {
			return err
		}
	case TypeJudge:
		if len(q.Options) > 0 {
			return httpx.Invalid("options", "判断题没有选项")
		}
		if q.Answer = strings.ToUpper(strings.TrimSpace(q.Answer)); q.Answer != JudgeTrue && q.Answer != JudgeFalse {
			return httpx.Invalid("answer", "请选择判断题的答案（正确或错误）")
		}
	case TypeFill:
		if err := checkFill(q); err != nil {
			return err
		}
	case TypeShort:
		if len(q.Options) > 0 {
			return httpx.Invalid("options", "简答题没有选项")
		}
		q.Answer = strings.TrimSpace(q.Answer)
		if n := utf8.RuneCountInString(q.Answer); n == 0 || n > MaxAnswerLen {
			return httpx.Invalid("answer", "请输入简答题的参考答案（不超过%d个字）", MaxAnswerLen)
		}
	}
	q.Analysis = strings.TrimSpace(q.Analysis)
	if utf8.RuneCountInString(q.Analysis) > MaxAnalysisLn {
		return httpx.Invalid("analysis", "解析不超过%d个字", MaxAnalysisLn)
	}
	tags, err := SplitTags(q.Tags)
	if err != nil {
		return err
	}
	q.Tags = strings.Join(tags, TagSeparator)
	if q.Difficulty < DifficultyMin || q.Difficulty > DifficultyMax {
		return httpx.Invalid("difficulty", "请选择难度（%d易至%d难）", DifficultyMin, DifficultyMax)
	}
	return q.Encode()
}

// checkChoice checks the options and the key of a 单选题 or 多选题: 2 to 8
// options keyed A, B, … in order, each with a text, and a key of one
// option (单选) or of at least two (多选), all of the question's.
func checkChoice(q *Question, name string) error {
	if n := len(q.Options); n < MinOptions || n > MaxOptions {
		return httpx.Invalid("options", "%s应有%d至%d个选项（现有%d个）", name, MinOptions, MaxOptions, n)
	}
	for i := range q.Options {
		o := &q.Options[i]
		if o.Key = strings.ToUpper(strings.TrimSpace(o.Key)); o.Key != OptionKeys[i] {
			return httpx.Invalid("options", "选项应依次为A、B、C……（第%d个选项是%s）", i+1, o.Key)
		}
		o.Text = strings.TrimSpace(o.Text)
		if n := utf8.RuneCountInString(o.Text); n == 0 {
			return httpx.Invalid("options", "请输入选项%s的内容（不超过%d个字）", o.Key, MaxOptionLen)
		} else if n > MaxOptionLen {
			return httpx.Invalid("options", "选项%s的内容不超过%d个字", o.Key, MaxOptionLen)
		}
	}
	raw := strings.ToUpper(strings.Join(strings.Fields(q.Answer), ""))
	if raw == "" {
		return httpx.Invalid("answer", "请选择%s的正确答案", name)
	}
	keys := choiceKeys(raw)
	for _, r := range raw {
		if i := int(r - 'A'); keys == "" || i < 0 || i >= len(q.Options) {
			return httpx.Invalid("answer", "答案“%s”不是本题的选项（本题选项为A至%s）", string(r), q.Options[len(q.Options)-1].Key)
		}
	}
	if q.Type == TypeSingle && len(keys) != 1 {
		return httpx.Invalid("answer", "单选题的正确答案只能是一个选项")
	}
	if q.Type == TypeMultiple && len(keys) < 2 {
		return httpx.Invalid("answer", "多选题的正确答案至少有两个选项；只有一个正确选项请改为单选题")
	}
	q.Answer = keys
	return nil
}

// checkFill checks a 填空题: no options, a key of 1 to 10 blanks each of 1
// to 10 distinct non-empty variants of at most 200 characters, and a stem
// marking as many blanks (BlankMarker).
func checkFill(q *Question) error {
	if len(q.Options) > 0 {
		return httpx.Invalid("options", "填空题没有选项")
	}
	var blanks [][]string
	if err := json.Unmarshal([]byte(q.Answer), &blanks); err != nil || len(blanks) == 0 {
		return httpx.Invalid("answer", "请填写填空题每个空的答案")
	}
	if len(blanks) > MaxBlanks {
		return httpx.Invalid("answer", "填空题最多%d个空（现有%d个）", MaxBlanks, len(blanks))
	}
	for i, variants := range blanks {
		var kept []string
		for _, v := range variants {
			v = strings.TrimSpace(v)
			if v == "" || slices.Contains(kept, v) {
				continue
			}
			if utf8.RuneCountInString(v) > MaxBlankLen {
				return httpx.Invalid("answer", "第%d空的答案“%s…”超过%d个字", i+1, string([]rune(v)[:10]), MaxBlankLen)
			}
			kept = append(kept, v)
		}
		if len(kept) == 0 {
			return httpx.Invalid("answer", "请填写第%d空的答案", i+1)
		}
		if len(kept) > MaxVariants {
			return httpx.Invalid("answer", "第%d空最多%d种可接受的写法（现有%d种）", i+1, MaxVariants, len(kept))
		}
		blanks[i] = kept
	}
	if n := CountBlanks(q.Stem); n != len(blanks) {
		return httpx.Invalid("stem", "题干中用“%s”标出的空有%d处，与答案的空数（%d个）不一致", BlankMarker, n, len(blanks))
	}
	b, err := json.Marshal(blanks)
	if err != nil {
		return httpx.Internal(err)
	}
	if utf8.RuneCount(b) > MaxAnswerLen {
		return httpx.Invalid("answer", "填空题的答案合计不超过%d个字", MaxAnswerLen)
	}
	q.Answer = string(b)
	return nil
}

// SplitTags reads knowledge tags as people write them (separated by 、 , ，
// ; or ；), trimmed, each once, in order: at most MaxTags of at most
// MaxTagLen characters, or a 400 on tags.
func SplitTags(text string) ([]string, error) {
	parts := strings.FieldsFunc(text, func(r rune) bool {
		return r == '、' || r == ',' || r == '，' || r == ';' || r == '；' || r == '\n'
	})
	tags := []string{}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || slices.Contains(tags, p) {
			continue
		}
		if utf8.RuneCountInString(p) > MaxTagLen {
			return nil, httpx.Invalid("tags", "知识点“%s”超过%d个字", p, MaxTagLen)
		}
		tags = append(tags, p)
	}
	if len(tags) > MaxTags {
		return nil, httpx.Invalid("tags", "知识点最多%d个（现有%d个）", MaxTags, len(tags))
	}
	return tags, nil
}

// describeAnswer is a key as people read it: 单选/多选 its letters, 判断
// 正确 or 错误, 填空 the blanks separated by | and their variants by /,
// 简答 the reference answer. The export writes it so and the import reads it
// back (readAnswer).
func describeAnswer(q *Question) string {
	switch q.Type {
	case TypeJudge:
		return judgeNames[q.Answer]
	case TypeFill:
		blanks, err := q.Blanks()
		if err != nil {
			return q.Answer
		}
		parts := make([]string, len(blanks))
		for i, b := range blanks {
			parts[i] = strings.Join(b, VariantSeparator)
		}
		return strings.Join(parts, BlankSeparator)
	}
	return q.Answer
}

// The key of a 填空题 written as text: blanks separated by BlankSeparator,
// a blank's accepted variants by VariantSeparator ("井冈山/井冈山革命根据地|1927").
const (
	BlankSeparator   = "|"
	VariantSeparator = "/"
)

// judgeNames names the 判断题 keys.
var judgeNames = map[string]string{JudgeTrue: "正确", JudgeFalse: "错误"}

// readAnswer is the stored key of a question of type t written as text
// (describeAnswer's form; 判断 also takes 对/错, √/×, T/F).
func readAnswer(t int, text string) string {
	text = strings.TrimSpace(text)
	switch t {
	case TypeJudge:
		switch strings.ToUpper(text) {
		case "正确", "对", "√", "T", "TRUE", "是":
			return JudgeTrue
		case "错误", "错", "×", "F", "FALSE", "否":
			return JudgeFalse
		}
		return text
	case TypeFill:
		blanks := [][]string{}
		for _, b := range strings.Split(text, BlankSeparator) {
			blanks = append(blanks, strings.Split(b, VariantSeparator))
		}
		b, _ := json.Marshal(blanks)
		return string(b)
	}
	return text
}

// difficultyOf reads a difficulty as people write it: 1–5 or its name.
func difficultyOf(text string) (int, bool) {
	text = strings.TrimSpace(text)
	for d, n := range DifficultyNames {
		if text == n || text == fmt.Sprint(d) {
			return d, true
		}
	}
	return 0, false
}
