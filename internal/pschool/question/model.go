// Package question is the party school's question bank (题库): questions of
// the five types of spec §4 with their options, key, knowledge tags and
// difficulty, kept per school (the organisation that made them). The exam
// module reads them through Get and Draw and grades answers with Grade; it
// copies what it uses into its papers, so the bank may change afterwards.
package question

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/resource"
)

// Question types (spec §4 question types).
const (
	TypeSingle   = 0 // 单选题
	TypeMultiple = 1 // 多选题
	TypeJudge    = 2 // 判断题
	TypeFill     = 3 // 填空题
	TypeShort    = 4 // 简答题
)

// Types are the question types in the order a paper lists them.
var Types = []int{TypeSingle, TypeMultiple, TypeJudge, TypeFill, TypeShort}

// TypeNames names the question types.
var TypeNames = map[int]string{TypeSingle: "单选题", TypeMultiple: "多选题", TypeJudge: "判断题", TypeFill: "填空题", TypeShort: "简答题"}

// Objective reports whether answers of type t are graded by the server
// (all but 简答题, which graders mark by hand).
func Objective(t int) bool { return t != TypeShort }

// Difficulty runs from DifficultyMin (易) to DifficultyMax (难).
const (
	DifficultyMin = 1
	DifficultyMax = 5
)

// DifficultyNames names the difficulty levels.
var DifficultyNames = map[int]string{1: "易", 2: "较易", 3: "中等", 4: "较难", 5: "难"}

// Judge answers: the key of a 判断题 and what an examinee sends.
const (
	JudgeTrue  = "T" // 正确
	JudgeFalse = "F" // 错误
)

// Limits of a question.
const (
	MaxOptions    = 8    // options A to H
	MinOptions    = 2    // a choice needs at least two
	MaxBlanks     = 10   // blanks of a 填空题
	MaxVariants   = 10   // accepted variants of one blank
	MaxStemLen    = 2000 // characters of the stem
	MaxOptionLen  = 500
	MaxAnswerLen  = 2000 // a 简答题's reference answer, an examinee's short answer
	MaxTags       = 10
	MaxTagLen     = 30
	MaxAnalysisLn = 2000
)

// OptionKeys are the keys of the options in order: A, B, … H.
var OptionKeys = []string{"A", "B", "C", "D", "E", "F", "G", "H"}

// Option is one option of a choice question.
type Option struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// Question is one question of the bank. Its key (Answer) is, by type:
// 单选题 one option key ("B"); 多选题 the keys of every right option in
// order ("ACD"); 判断题 JudgeTrue or JudgeFalse; 填空题 the blanks, each
// the list of its accepted variants, as JSON ([["井冈山","井冈山根据地"],["1927"]]);
// 简答题 the reference answer for the graders.
type Question struct {
	bun.BaseModel `bun:"table:dx_question,alias:q"`
	resource.Base

	OrgID       int64    `bun:"org_id" json:"orgId"` // the school's organisation (the scope)
	Type        int      `bun:"type" json:"type"`
	Stem        string   `bun:"stem" json:"stem"`
	OptionsJSON string   `bun:"options" json:"-"`
	Options     []Option `bun:"-" json:"options"`
	Answer      string   `bun:"answer" json:"answer"`
	Analysis    string   `bun:"analysis" json:"analysis"` // 解析, shown after the exam
	Tags        string   `bun:"tags" json:"tags"`         // knowledge tags joined by TagSeparator (dx_question_tag holds them one a row)
	Difficulty  int      `bun:"difficulty" json:"difficulty"`
	Enabled     bool     `bun:"enabled" json:"enabled"` // a disabled question is kept but never drawn
}

// View is a question as the list and the detail show it: with its
// organisation's name and its type's and difficulty's names.
type View struct {
	Question       `bun:",extend"`
	OrgName        string `bun:"org_name,scanonly" json:"orgName"`
	TypeName       string `bun:"-" json:"typeName"`
	DifficultyName string `bun:"-" json:"difficultyName"`
	// Above is a question of an organisation above the caller's scope (the
	// university's, seen by a secondary committee): listed to be read and
	// drawn from, never changed by the caller.
	Above bool `bun:"-" json:"above"`
}

// AfterScanRow fills Options from the stored JSON whenever a question is
// read (a list, a detail, the record an update is merged onto).
func (q *Question) AfterScanRow(context.Context) error { return q.decode() }

// BlankMarker marks a blank in a 填空题's stem: a run of at least three
// underscores ("___", "______") is one blank, and a stem has as many runs
// as the key has blanks. Underscores are what people type for a blank in
// Word and Excel, so an imported stem needs no rewriting.
const BlankMarker = "___"

// blankRun finds the blanks of a stem (BlankMarker and longer runs).
var blankRun = regexp.MustCompile(`_{3,}`)

// CountBlanks is the number of blanks the stem marks.
func CountBlanks(stem string) int { return len(blankRun.FindAllStringIndex(stem, -1)) }

// TagSeparator joins a question's tags in Question.Tags.
const TagSeparator = "、"

// Tag is one knowledge tag of a question, a row each, for the filters and
// the random rules (Draw).
type Tag struct {
	bun.BaseModel `bun:"table:dx_question_tag,alias:qt"`

	QuestionID int64  `bun:"question_id,pk"`
	Tag        string `bun:"tag,pk"`
}

// decode fills Options from the stored JSON.
func (q *Question) decode() error {
	q.Options = []Option{}
	if q.OptionsJSON == "" {
		return nil
	}
	if err := json.Unmarshal([]byte(q.OptionsJSON), &q.Options); err != nil {
		return fmt.Errorf("question %d options: %w", q.ID, err)
	}
	return nil
}

// Encode stores Options as the JSON the table keeps; call it before a write.
func (q *Question) Encode() error {
	if q.Options == nil {
		q.Options = []Option{}
	}
	b, err := json.Marshal(q.Options)
	if err != nil {
		return err
	}
	q.OptionsJSON = string(b)
	return nil
}

// Blanks reads a 填空题's key: each blank's accepted variants.
func (q *Question) Blanks() ([][]string, error) {
	var blanks [][]string
	if err := json.Unmarshal([]byte(q.Answer), &blanks); err != nil {
		return nil, fmt.Errorf("question %d blanks: %w", q.ID, err)
	}
	return blanks, nil
}
