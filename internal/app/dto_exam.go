package app

import (
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/question"
)

// examTS is the vocabulary and the JSON of 在线考试 (/api/ks): the question
// types and difficulties it shows, paper modes, exam and attempt states,
// the bounds of its forms and the API's types.
func examTS() ([]byte, error) {
	f := newTSFile(header("internal/pschool/exam (model.go and the API structs) and internal/pschool/question (model.go)"))
	f.decl("/** A question type (question.Type…): 0 单选题, 1 多选题, 2 判断题, 3 填空题, 4 简答题. */\nexport type QuestionType = %s", numbers(question.Types))
	f.constant("The question types in a paper's order (question.Types).", "QUESTION_TYPES", "readonly QuestionType[]", question.Types)
	f.constant("The question types by role.", "QTYPE", "", tsObj{{"single", question.TypeSingle}, {"multiple", question.TypeMultiple},
		{"judge", question.TypeJudge}, {"fill", question.TypeFill}, {"short", question.TypeShort}})
	f.constant("The question types' names (question.TypeNames).", "QUESTION_TYPE_NAMES", "Record<QuestionType, string>", numbered(question.Types, question.TypeNames))
	difficulties := []int{1, 2, 3, 4, 5}
	f.constant("The difficulties' names (question.DifficultyNames).", "DIFFICULTY_NAMES", "Record<number, string>", numbered(difficulties, question.DifficultyNames))
	f.constant("A 判断题's answers (question.JudgeTrue, JudgeFalse).", "JUDGE", "", tsObj{{"yes", question.JudgeTrue}, {"no", question.JudgeFalse}})
	modes := []int{exam.ModeFixed, exam.ModeRandom}
	f.decl("/** A paper's mode (exam.Mode…): 1 固定选题, 2 随机组卷. */\nexport type Mode = %s", numbers(modes))
	f.constant("The modes by role.", "MODE", "", tsObj{{"fixed", exam.ModeFixed}, {"random", exam.ModeRandom}})
	f.constant("The modes' names (exam.ModeNames).", "MODE_NAMES", "Record<Mode, string>", numbered(modes, exam.ModeNames))
	states := []int{exam.StateDraft, exam.StatePublished, exam.StateFinished}
	f.decl("/** An exam's state (exam.State…): 0 草稿, 1 已发布, 2 已结束. */\nexport type State = %s", numbers(states))
	f.constant("The states by role.", "STATE", "", tsObj{{"draft", exam.StateDraft}, {"published", exam.StatePublished}, {"finished", exam.StateFinished}})
	f.constant("The states' names (exam.StateNames).", "STATE_NAMES", "Record<State, string>", numbered(states, exam.StateNames))
	attempts := []string{exam.AttemptStarted, exam.AttemptSubmitted, exam.AttemptExpired}
	f.union("An attempt's state (exam.Attempt…).", "AttemptState", attempts)
	f.constant("The attempt states' names (exam.AttemptStateNames).", "ATTEMPT_STATE_NAMES", "Record<AttemptState, string>", named(attempts, exam.AttemptStateNames))
	my := []string{exam.MyUpcoming, exam.MyOpen, exam.MyDone}
	f.union("Where an exam stands for its examinee (exam.My…).", "MyStatus", my)
	f.constant("The bounds of the forms (exam.Max…).", "LIMITS", "", tsObj{{"title", exam.MaxTitle}, {"questions", exam.MaxQuestions},
		{"points", exam.MaxPoints}, {"rules", exam.MaxRules}, {"duration", exam.MaxDuration}, {"attempts", exam.MaxAttempts},
		{"examinees", exam.MaxExaminees}, {"graders", exam.MaxGraders}, {"comment", exam.MaxComment},
		{"options", question.MaxOptions}, {"blankLen", question.MaxBlankLen}, {"answerLen", question.MaxAnswerLen}})
	f.constant("The refusal of a write after submission (exam.MsgSubmitted).", "MSG_SUBMITTED", "", exam.MsgSubmitted)
	f.constant("The refusal of a write after the deadline (exam.MsgTimeUp).", "MSG_TIME_UP", "", exam.MsgTimeUp)
	f.iface("A choice's option (question.Option).", "Option", question.Option{}, nil)
	f.iface("A random paper's rule with its points (exam.PaperRule).", "PaperRule", exam.PaperRule{}, map[string]string{"type": "QuestionType"})
	f.iface("A paper's question as copied from the bank (exam.PaperQuestion).", "PaperQuestion", exam.PaperQuestion{}, map[string]string{"type": "QuestionType"})
	f.iface("A paper in the list (exam.PaperView).", "PaperView", exam.PaperView{}, map[string]string{"mode": "Mode", "seed": "string"})
	f.iface("A paper with its questions (exam.PaperDetail).", "PaperDetail", exam.PaperDetail{}, map[string]string{"mode": "Mode", "seed": "string"})
	f.iface("A fixed paper's question (exam.Pick).", "Pick", exam.Pick{}, nil)
	f.input("The body of POST /api/ks/paper, PUT /api/ks/paper/{id} and POST /api/ks/paper/preview (exam.PaperInput).", "PaperInput",
		exam.PaperInput{}, []string{"title", "orgId", "mode"}, map[string]string{"mode": "Mode"})
	f.iface("A question of the bank in the picker (exam.BankRow).", "BankRow", exam.BankRow{}, map[string]string{"type": "QuestionType"})
	f.iface("An exam (exam.ExamView).", "ExamView", exam.ExamView{}, map[string]string{"state": "State"})
	f.input("The body of POST /api/ks/exam and PUT /api/ks/exam/{id} (exam.ExamInput).", "ExamInput", exam.ExamInput{},
		[]string{"title", "orgId", "paperId", "opensAt", "closesAt", "duration", "attempts"}, nil)
	f.input("The body of PUT /api/ks/exam/{id}/examinees and …/graders (exam.PeopleInput).", "PeopleInput", exam.PeopleInput{}, []string{"memberIds"}, nil)
	f.iface("An account named by its member (exam.Person).", "Person", exam.Person{}, nil)
	f.iface("An examinee's result (exam.Result).", "Result", exam.Result{}, nil)
	f.iface("A question's statistics (exam.QuestionStat).", "QuestionStat", exam.QuestionStat{}, map[string]string{"type": "QuestionType"})
	f.iface("An exam the caller grades (exam.GradingExam).", "GradingExam", exam.GradingExam{}, nil)
	f.iface("A short-answer question to grade (exam.GradingQuestion).", "GradingQuestion", exam.GradingQuestion{}, nil)
	f.iface("An anonymised short answer (exam.GradingAnswer).", "GradingAnswer", exam.GradingAnswer{}, nil)
	f.input("The body of PUT /api/ks/grading/{id}/answers (exam.MarkInput).", "MarkInput", exam.MarkInput{}, []string{"code", "seq", "score"}, nil)
	f.iface("An exam in the examinee's list (exam.MyExam).", "MyExam", exam.MyExam{}, map[string]string{"status": "MyStatus"})
	f.iface("A question as the examinee sees it (exam.ShownQuestion).", "ShownQuestion", exam.ShownQuestion{}, map[string]string{"type": "QuestionType"})
	f.iface("An attempt as its examinee reads it (exam.AttemptView).", "AttemptView", exam.AttemptView{}, map[string]string{"state": "AttemptState"})
	f.input("The body of PUT /api/ks/attempt/{id}/answer (exam.AnswerInput).", "AnswerInput", exam.AnswerInput{}, []string{"seq", "answer"}, nil)
	f.iface("What an autosave answers (exam.Saved).", "Saved", exam.Saved{}, nil)
	return f.bytes()
}
