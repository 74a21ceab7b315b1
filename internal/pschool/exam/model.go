// Package exam is the party school's papers and online exams (在线考试,
// issue 27): papers composed from the question bank by hand or by random
// rules (a stored seed redraws them), copied into the paper when composed;
// exams with a time window, a duration and attempts; the examinee's
// attempts with a server-side deadline, autosave, resume and submission
// graded once; grading of short answers by assigned graders; results,
// statistics per question and export.
//
// The one place where thousands of users act at the same minute: an
// autosave is one conditional upsert, a submission one conditional UPDATE
// and the grading in its transaction; nothing reads then writes.
package exam

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/resource"
	"zhdj/internal/pschool/question"
)

// Paper modes.
const (
	ModeFixed  = 1 // 固定选题: the questions chosen by hand
	ModeRandom = 2 // 随机组卷: drawn by rules from a stored seed
)

// ModeNames names the paper modes.
var ModeNames = map[int]string{ModeFixed: "固定选题", ModeRandom: "随机组卷"}

// Exam states.
const (
	StateDraft     = 0 // 草稿
	StatePublished = 1 // 已发布
	StateFinished  = 2 // 已结束
)

// StateNames names the exam states.
var StateNames = map[int]string{StateDraft: "草稿", StatePublished: "已发布", StateFinished: "已结束"}

// Attempt states.
const (
	AttemptStarted   = "started"   // 答题中
	AttemptSubmitted = "submitted" // 已交卷
	AttemptExpired   = "expired"   // 超时收卷: closed at its deadline with what was saved
)

// AttemptStateNames names the attempt states.
var AttemptStateNames = map[string]string{AttemptStarted: "答题中", AttemptSubmitted: "已交卷", AttemptExpired: "超时收卷"}

// Limits.
const (
	MaxTitle       = 200
	MaxQuestions   = 200 // questions of a paper
	MaxPoints      = 100 // points of one question
	MaxRules       = 20
	MaxDuration    = 600 // minutes
	MaxAttempts    = 3
	MaxExaminees   = 5000
	MaxGraders     = 50
	MaxComment     = 500
	MaxWindowDays  = 366
	maxExportRows  = 20000
	answerColumn   = 4000 // ks_answer.answer
	shortAnswerCap = question.MaxAnswerLen
)

// Paper is a paper (试卷).
type Paper struct {
	bun.BaseModel `bun:"table:ks_paper,alias:p"`
	resource.Base

	OrgID         int64  `bun:"org_id" json:"orgId"`
	Title         string `bun:"title" json:"title"`
	Mode          int    `bun:"mode" json:"mode"`
	RulesJSON     string `bun:"rules" json:"-"`
	Seed          int64  `bun:"seed" json:"seed,string"`
	QuestionCount int    `bun:"question_count" json:"questionCount"`
	Total         int    `bun:"total" json:"total"`
	PassMark      int    `bun:"pass_mark" json:"passMark"`
	Locked        bool   `bun:"locked" json:"locked"` // a published exam uses it: never changed again
}

// PaperRule is a random paper's rule with the points of each question it draws.
type PaperRule struct {
	question.Rule
	Points int `json:"points"`
}

// PaperQuestion is a question of a paper, copied from the bank when the
// paper was composed.
type PaperQuestion struct {
	bun.BaseModel `bun:"table:ks_paper_question,alias:pq"`

	PaperID     int64  `bun:"paper_id,pk" json:"-"`
	Seq         int    `bun:"seq,pk" json:"seq"`
	QuestionID  int64  `bun:"question_id" json:"questionId"`
	Type        int    `bun:"type" json:"type"`
	Stem        string `bun:"stem" json:"stem"`
	OptionsJSON string `bun:"options" json:"-"`
	Answer      string `bun:"answer" json:"answer"`
	Analysis    string `bun:"analysis" json:"analysis"`
	Points      int    `bun:"points" json:"points"`

	Options []question.Option `bun:"-" json:"options"`
}

// Exam is an online exam (考试).
type Exam struct {
	bun.BaseModel `bun:"table:ks_exam,alias:x"`
	resource.Base

	OrgID            int64     `bun:"org_id" json:"orgId"`
	PaperID          int64     `bun:"paper_id" json:"paperId"`
	Title            string    `bun:"title" json:"title"`
	OpensAt          time.Time `bun:"opens_at" json:"opensAt"`
	ClosesAt         time.Time `bun:"closes_at" json:"closesAt"`
	Duration         int       `bun:"duration" json:"duration"` // minutes
	Attempts         int       `bun:"attempts" json:"attempts"`
	ShuffleQuestions bool      `bun:"shuffle_questions" json:"shuffleQuestions"`
	ShuffleOptions   bool      `bun:"shuffle_options" json:"shuffleOptions"`
	PassMark         int       `bun:"pass_mark" json:"passMark"`
	State            int       `bun:"state" json:"state"`
	Examinees        int       `bun:"examinees" json:"examinees"`
}

// Attempt is one sitting of an examinee.
type Attempt struct {
	bun.BaseModel `bun:"table:ks_attempt,alias:a"`

	ID        int64      `bun:"id,pk,autoincrement" json:"id"`
	ExamID    int64      `bun:"exam_id" json:"examId"`
	UserID    int64      `bun:"user_id" json:"-"`
	PaperID   int64      `bun:"paper_id" json:"-"`
	Shuffle   int        `bun:"shuffle" json:"-"` // shuffleQuestions | shuffleOptions, fixed at the start
	No        int        `bun:"no" json:"no"`
	Code      string     `bun:"code" json:"-"`
	Seed      int64      `bun:"seed" json:"-"`
	State     string     `bun:"state" json:"state"`
	StartedAt time.Time  `bun:"started_at" json:"startedAt"`
	Deadline  time.Time  `bun:"deadline" json:"deadline"`
	ClosedAt  *time.Time `bun:"closed_at" json:"closedAt"`
	Terminal  int        `bun:"terminal" json:"terminal"`
	Score     int        `bun:"score" json:"score"`
	Pending   int        `bun:"pending" json:"pending"` // short answers not graded yet
}

// Answer is an attempt's answer to one question of the paper (Seq), in
// the paper's option keys.
type Answer struct {
	bun.BaseModel `bun:"table:ks_answer,alias:an"`

	AttemptID int64     `bun:"attempt_id,pk"`
	Seq       int       `bun:"seq,pk"`
	Answer    string    `bun:"answer"`
	SavedAt   time.Time `bun:"saved_at"`
	Score     int       `bun:"score"`
	Graded    bool      `bun:"graded"`
	GraderID  *int64    `bun:"grader_id"`
	Comment   string    `bun:"comment"`
}

// Examinee and Grader rows.
type examinee struct {
	bun.BaseModel `bun:"table:ks_examinee"`
	ExamID        int64 `bun:"exam_id,pk"`
	UserID        int64 `bun:"user_id,pk"`
	// ByHand: named on the exam page; ByBatch: a trainee of a training
	// batch whose exam this is. A row is an examinee while either holds.
	ByHand  bool `bun:"by_hand"`
	ByBatch bool `bun:"by_batch"`
}

type grader struct {
	bun.BaseModel `bun:"table:ks_grader"`
	ExamID        int64 `bun:"exam_id,pk"`
	UserID        int64 `bun:"user_id,pk"`
}

// bankQuestion is pq as the bank's type, for question.Grade and CheckAnswer.
func (pq *PaperQuestion) bankQuestion() *question.Question {
	return &question.Question{Type: pq.Type, Options: pq.Options, Answer: pq.Answer}
}
