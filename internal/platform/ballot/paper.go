// Package ballot is the anonymous ballot engine every vote of the product
// runs on (民主评议党员, 换届选举, 党代表选举, anonymous questionnaires, the
// cadre assessment's ballots): a round has a paper (the questions, fixed
// when the round opens), a roll of the voters (accounts, or printed one-time
// codes for people without one), one token per voter, and the ballots.
//
// A ballot is stored without any link to its voter (docs/ballot.md):
//   - the ballot table has no voter, token, session or time column, its ids
//     are random, and on SQLite it has no rowid (WITHOUT ROWID: the rows lie
//     in the order of their random ids, not of their insertion);
//   - the voter's token is deleted in the transaction that stores the ballot
//     (each voter votes once; who voted is the roll entries whose token is
//     gone), so no row is left that was written by both;
//   - on PostgreSQL every row carries the id of the transaction that wrote it
//     (xmin) and lies where it was written (ctid), which orders the ballots
//     as they were cast; each cast therefore rewrites the round's ballots in
//     the order of their ids (up to MixSize of them, chosen at random, the
//     new one among them), so a ballot shares its transaction and its place
//     with the others and the order of casting is not kept;
//   - the operation log records "voted" without the request's body (the
//     cast routes are httpx Secret routes).
//
// Results (Tally, Texts, Each) are read only once the round is closed.
package ballot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"zhdj/internal/platform/httpx"
)

// Question kinds.
const (
	Single   = "single"   // one option (or a write-in when WriteIn)
	Multiple = "multiple" // Min..Max options (write-ins count towards Max)
	Text     = "text"     // free text up to MaxLen characters
	Rating   = "rating"   // a whole number 1..Max (stars)
	Matrix   = "matrix"   // one option per row
	Score    = "score"    // a whole number Min..Max (default 0..100), per row when it has Rows
)

// Kinds are the question kinds in the designer's order; KindNames as users read them.
var (
	Kinds     = []string{Single, Multiple, Text, Rating, Matrix, Score}
	KindNames = map[string]string{Single: "单选题", Multiple: "多选题", Text: "填空题", Rating: "评分题", Matrix: "矩阵题", Score: "打分题"}
)

// WriteInChoice is the choice of a mark that carries a write-in (另选他人)
// in its Text.
const WriteInChoice = "*"

// Limits of a paper and of a ballot (every parser has limits).
const (
	MaxQuestions  = 500  // an appraisal of a branch of 50 members is 50 questions
	MaxOptions    = 200  // an election's candidates
	MaxKeyLen     = 40   // question, option and row keys
	MaxLabelLen   = 500  // titles and labels (characters)
	MaxTextLen    = 2000 // a text answer (characters)
	DefaultMaxLen = 500  // a text question without MaxLen
	MaxRatingStep = 10
	MaxScore      = 1000 // a score question's highest Max
	DefaultScore  = 100  // a score question's Max when Min and Max are both 0
	MaxMarks      = 5000
)

// Paper is what a voter fills in: its questions in order.
type Paper struct {
	Title     string     `json:"title"`
	Intro     string     `json:"intro,omitempty"`
	Questions []Question `json:"questions"`
}

// Question is one question of a paper.
type Question struct {
	Key      string   `json:"key"`
	Kind     string   `json:"kind"`
	Title    string   `json:"title"`
	Note     string   `json:"note,omitempty"`
	Required bool     `json:"required,omitempty"`
	Options  []Option `json:"options,omitempty"` // single, multiple, matrix (its columns)
	Rows     []Option `json:"rows,omitempty"`    // matrix, score (one number per row)
	// Min and Max bound a multiple choice's marks (0 = no bound); Max is a
	// rating's scale (default 5); a score's range (RangeOf).
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// WriteIn allows names not among the options (另选他人: a single or
	// multiple choice; each counts as a choice).
	WriteIn bool `json:"writeIn,omitempty"`
	// MaxLen bounds a text answer (characters; default DefaultMaxLen).
	MaxLen int `json:"maxLen,omitempty"`
	// ShowIf is the skip logic: the question is asked only when the
	// earlier question ShowIf.Question was answered with ShowIf.Option.
	ShowIf *Condition `json:"showIf,omitempty"`
}

// Option is an option (or a matrix row): a key the ballot records, a label people read.
type Option struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Condition shows a question only after an answer of an earlier one.
type Condition struct {
	Question string `json:"question"`
	Option   string `json:"option"`
}

// Mark is one answer on a ballot: question Item (a matrix's or a score's
// row is "question.row"), option Choice (a score's number in decimal), or Text (a text answer, a write-in with
// Choice WriteInChoice). A multiple choice is one mark per option.
type Mark struct {
	Item   string `json:"i"`
	Choice string `json:"c,omitempty"`
	Text   string `json:"t,omitempty"`
}

// ScaleOf is a rating question's scale (its Max, default 5).
func (q Question) ScaleOf() int {
	if q.Max > 0 {
		return q.Max
	}
	return 5
}

// RangeOf is a score question's range: Min..Max, 0..DefaultScore when both are 0.
func (q Question) RangeOf() (lo, hi int) {
	if q.Min == 0 && q.Max == 0 {
		return 0, DefaultScore
	}
	return q.Min, q.Max
}

// items are the ballot items of a question: its key, or a matrix's or a
// score's rows as "question.row" (Check gives every matrix rows).
func (q Question) items() []string {
	if (q.Kind != Matrix && q.Kind != Score) || len(q.Rows) == 0 {
		return []string{q.Key}
	}
	out := make([]string, len(q.Rows))
	for i, r := range q.Rows {
		out[i] = q.Key + "." + r.Key
	}
	return out
}

func (q Question) maxLen() int {
	if q.MaxLen > 0 {
		return min(q.MaxLen, MaxTextLen)
	}
	return DefaultMaxLen
}

func (q Question) hasOption(key string) bool {
	return slices.ContainsFunc(q.Options, func(o Option) bool { return o.Key == key })
}

// Check vets a paper as a designer or a module built it: keys unique and
// short, options where the kind needs them, bounds that can be met, and
// skip logic that points back to an earlier choice question's option. The
// error names the question ("questions[3].options").
func (p Paper) Check() error {
	if strings.TrimSpace(p.Title) == "" || utf8.RuneCountInString(p.Title) > MaxLabelLen {
		return httpx.Invalid("title", "请输入标题（不超过%d个字）", MaxLabelLen)
	}
	if len(p.Questions) == 0 {
		return httpx.Invalid("questions", "请至少添加一道题目")
	}
	if len(p.Questions) > MaxQuestions {
		return httpx.Invalid("questions", "题目不能超过%d道", MaxQuestions)
	}
	seen := map[string]bool{}
	for i, q := range p.Questions {
		if err := q.check(i, p.Questions[:i], seen); err != nil {
			return err
		}
		seen[q.Key] = true
	}
	return nil
}

func (q Question) check(i int, earlier []Question, seen map[string]bool) error {
	at := func(field string) string { return fmt.Sprintf("questions[%d]%s", i, field) }
	n := i + 1
	switch {
	case !validKey(q.Key):
		return httpx.Invalid(at(".key"), "第%d题的编号无效（1–%d个字母、数字、-或_）", n, MaxKeyLen)
	case seen[q.Key]:
		return httpx.Invalid(at(".key"), "第%d题的编号与前面的题目重复", n)
	case !slices.Contains(Kinds, q.Kind):
		return httpx.Invalid(at(".kind"), "第%d题的题型无效", n)
	case strings.TrimSpace(q.Title) == "" || utf8.RuneCountInString(q.Title) > MaxLabelLen:
		return httpx.Invalid(at(".title"), "请输入第%d题的题目（不超过%d个字）", n, MaxLabelLen)
	}
	switch q.Kind {
	case Single, Multiple, Matrix:
		if len(q.Options) == 0 && !q.WriteIn {
			return httpx.Invalid(at(".options"), "第%d题至少需要一个选项", n)
		}
		if err := checkOptions(q.Options, at(".options"), n, "选项"); err != nil {
			return err
		}
	}
	switch q.Kind {
	case Multiple:
		if q.Min < 0 || q.Max < 0 || (q.Max > 0 && q.Min > q.Max) || (!q.WriteIn && q.Min > len(q.Options)) {
			return httpx.Invalid(at(".max"), "第%d题的最少、最多选择数无效", n)
		}
	case Matrix:
		if len(q.Rows) == 0 {
			return httpx.Invalid(at(".rows"), "第%d题至少需要一行", n)
		}
		if q.WriteIn {
			return httpx.Invalid(at(".writeIn"), "第%d题（矩阵题）不能另填", n)
		}
		if err := checkOptions(q.Rows, at(".rows"), n, "行"); err != nil {
			return err
		}
	case Score:
		if lo, hi := q.RangeOf(); lo < 0 || hi > MaxScore || lo >= hi {
			return httpx.Invalid(at(".max"), "第%d题的分数范围应在0到%d之间，且最低分小于最高分", n, MaxScore)
		}
		if len(q.Options) > 0 || q.WriteIn {
			return httpx.Invalid(at(".options"), "第%d题（打分题）没有选项", n)
		}
		if err := checkOptions(q.Rows, at(".rows"), n, "行"); err != nil {
			return err
		}
	case Rating:
		if q.Max < 0 || q.Max > MaxRatingStep || (q.Max > 0 && q.Max < 2) {
			return httpx.Invalid(at(".max"), "第%d题的评分等级应为2到%d", n, MaxRatingStep)
		}
	case Text:
		if q.MaxLen < 0 || q.MaxLen > MaxTextLen {
			return httpx.Invalid(at(".maxLen"), "第%d题的字数上限应为1到%d", n, MaxTextLen)
		}
	}
	if c := q.ShowIf; c != nil {
		j := slices.IndexFunc(earlier, func(e Question) bool { return e.Key == c.Question })
		if j < 0 || (earlier[j].Kind != Single && earlier[j].Kind != Multiple) || !earlier[j].hasOption(c.Option) {
			return httpx.Invalid(at(".showIf"), "第%d题的显示条件应指向前面某道选择题的选项", n)
		}
	}
	return nil
}

func checkOptions(opts []Option, field string, n int, noun string) error {
	if len(opts) > MaxOptions {
		return httpx.Invalid(field, "第%d题的%s不能超过%d个", n, noun, MaxOptions)
	}
	keys := make(map[string]bool, len(opts))
	for _, o := range opts {
		if !validKey(o.Key) || keys[o.Key] || o.Key == WriteInChoice {
			return httpx.Invalid(field, "第%d题的%s编号无效或重复", n, noun)
		}
		if strings.TrimSpace(o.Label) == "" || utf8.RuneCountInString(o.Label) > MaxLabelLen {
			return httpx.Invalid(field, "请填写第%d题每个%s的文字（不超过%d个字）", n, noun, MaxLabelLen)
		}
		keys[o.Key] = true
	}
	return nil
}

func validKey(k string) bool {
	if k == "" || len(k) > MaxKeyLen {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Validate vets a voter's marks against the paper: every mark answers a
// question that is shown (skip logic), with an option it has; required
// questions answered; a multiple choice within its bounds; texts within
// their length; nothing twice. It returns the marks in the paper's order,
// texts trimmed. The error names the question (its key) and says what is
// wrong in Chinese; it never echoes the voter's answer.
func (p Paper) Validate(marks []Mark) ([]Mark, error) {
	if len(marks) > MaxMarks {
		return nil, httpx.BadRequest("选票内容过多")
	}
	byItem := map[string][]Mark{}
	for _, m := range marks {
		byItem[m.Item] = append(byItem[m.Item], m)
	}
	var out []Mark
	used := 0
	for i, q := range p.Questions {
		n := i + 1
		shown := q.ShowIf == nil || chose(byItem[q.ShowIf.Question], q.ShowIf.Option)
		for _, item := range q.items() {
			got := byItem[item]
			used += len(got)
			if !shown {
				if len(got) > 0 {
					return nil, httpx.Invalid(q.Key, "第%d题不应作答", n)
				}
				continue
			}
			checked, err := q.validate(n, item, got)
			if err != nil {
				return nil, err
			}
			out = append(out, checked...)
		}
	}
	if used != len(marks) {
		return nil, httpx.BadRequest("选票中有不属于本票的内容")
	}
	return out, nil
}

func chose(marks []Mark, option string) bool {
	return slices.ContainsFunc(marks, func(m Mark) bool { return m.Choice == option })
}

func (q Question) validate(n int, item string, got []Mark) ([]Mark, error) {
	if len(got) == 0 {
		if q.Required {
			return nil, httpx.Invalid(q.Key, "请回答第%d题", n)
		}
		return nil, nil
	}
	switch q.Kind {
	case Text:
		if len(got) > 1 || got[0].Choice != "" {
			return nil, httpx.Invalid(q.Key, "第%d题的回答无效", n)
		}
		t := strings.TrimSpace(got[0].Text)
		if utf8.RuneCountInString(t) > q.maxLen() {
			return nil, httpx.Invalid(q.Key, "第%d题不超过%d个字", n, q.maxLen())
		}
		if t == "" {
			if q.Required {
				return nil, httpx.Invalid(q.Key, "请回答第%d题", n)
			}
			return nil, nil
		}
		return []Mark{{Item: item, Text: t}}, nil
	case Rating:
		v, err := strconv.Atoi(got[0].Choice)
		if len(got) > 1 || err != nil || v < 1 || v > q.ScaleOf() || got[0].Text != "" {
			return nil, httpx.Invalid(q.Key, "第%d题请选择1到%d分", n, q.ScaleOf())
		}
		return []Mark{{Item: item, Choice: strconv.Itoa(v)}}, nil
	case Score:
		if len(got) > 1 {
			return nil, httpx.Invalid(q.Key, "第%d题每项只能填写一个分数", n)
		}
		lo, hi := q.RangeOf()
		v, ok := wholeNumber(got[0].Choice)
		if !ok || v < lo || v > hi || got[0].Text != "" {
			return nil, httpx.Invalid(q.Key, "第%d题请填写%d到%d之间的整数", n, lo, hi)
		}
		return []Mark{{Item: item, Choice: strconv.Itoa(v)}}, nil
	}
	// single, multiple, a matrix row: options, and write-ins where allowed
	var out []Mark
	picked := map[string]bool{}
	for _, m := range got {
		if m.Choice == WriteInChoice && q.WriteIn {
			t := strings.TrimSpace(m.Text)
			if t == "" || utf8.RuneCountInString(t) > 50 {
				return nil, httpx.Invalid(q.Key, "第%d题另选的人选请填写姓名（不超过50个字）", n)
			}
			if picked["*"+t] {
				return nil, httpx.Invalid(q.Key, "第%d题不能重复选择", n)
			}
			picked["*"+t] = true
			out = append(out, Mark{Item: item, Choice: WriteInChoice, Text: t})
			continue
		}
		if !q.hasOption(m.Choice) || m.Text != "" {
			return nil, httpx.Invalid(q.Key, "第%d题的选项无效", n)
		}
		if picked[m.Choice] {
			return nil, httpx.Invalid(q.Key, "第%d题不能重复选择", n)
		}
		picked[m.Choice] = true
		out = append(out, Mark{Item: item, Choice: m.Choice})
	}
	switch {
	case q.Kind != Multiple && len(out) > 1:
		return nil, httpx.Invalid(q.Key, "第%d题只能选一项", n)
	case q.Kind == Multiple && q.Max > 0 && len(out) > q.Max:
		return nil, httpx.Invalid(q.Key, "第%d题最多选%d项", n, q.Max)
	case q.Kind == Multiple && len(out) < q.Min:
		return nil, httpx.Invalid(q.Key, "第%d题至少选%d项", n, q.Min)
	}
	return out, nil
}

// wholeNumber reads a score: decimal digits only (no sign, point or space;
// leading zeros allowed and dropped by the caller's reformatting, so the
// count sees one choice per number).
func wholeNumber(s string) (int, bool) {
	if s == "" || len(s) > 9 || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}
