package app

import (
	"zhdj/internal/develop"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

// pschoolTS is the web's vocabulary and API types of the party schools and
// their batches (web/src/api/generated/pschool.ts).
func pschoolTS() ([]byte, error) {
	f := newTSFile(header("internal/pschool (schools.go, batches.go, trainees.go, completion.go) and internal/pschool/school"))
	f.decl("/** A batch type (school.Batch…): 1 入党申请人, 2 入党积极分子, 3 发展对象, 4 预备党员. */\nexport type BatchType = %s", numbers(school.BatchTypes))
	f.constant("The batch types in the order of a person's development.", "BATCH_TYPES", "readonly BatchType[]", school.BatchTypes)
	f.constant("The batch types' names (school.BatchTypeNames).", "BATCH_TYPE_NAMES", "Record<BatchType, string>", numbered(school.BatchTypes, school.BatchTypeNames))
	kinds := []string{pschool.KindUniversity, pschool.KindBranch}
	f.union("A school's kind (pschool.Kind…).", "SchoolKind", kinds)
	f.constant("The kinds' names (pschool.KindNames).", "KIND_NAMES", "Record<SchoolKind, string>", named(kinds, pschool.KindNames))
	states := []string{pschool.StateDraft, pschool.StateOpen, pschool.StateFinished}
	f.union("A batch's state (pschool.State…).", "BatchState", states)
	f.constant("The batch states' names (pschool.StateNames).", "STATE_NAMES", "Record<BatchState, string>", named(states, pschool.StateNames))
	trainee := []string{pschool.TraineeEnrolled, pschool.TraineeCompleted, pschool.TraineeFailed, pschool.TraineeWithdrawn}
	f.union("A trainee's state (pschool.Trainee…).", "TraineeState", trainee)
	f.constant("The trainee states' names (pschool.TraineeStateNames).", "TRAINEE_STATE_NAMES", "Record<TraineeState, string>", named(trainee, pschool.TraineeStateNames))
	f.constant("The staged import of trainees (pschool.importKind).", "TRAINEE_IMPORT", "", "pxb-trainee")
	f.iface("A school's teacher (pschool.Teacher).", "Teacher", pschool.Teacher{}, nil)
	f.iface("A school as the API shows it (pschool.SchoolView).", "School", pschool.SchoolView{}, map[string]string{"kind": "SchoolKind", "teachers": "Teacher[]"})
	f.iface("A batch as the API shows it (pschool.BatchView).", "Batch", pschool.BatchView{}, map[string]string{"type": "BatchType", "state": "BatchState"})
	f.iface("A trainee as the lists show them (pschool.TraineeView).", "Trainee", pschool.TraineeView{}, map[string]string{"state": "TraineeState"})
	f.iface("An exam outcome (pschool.ExamOutcome).", "ExamOutcome", pschool.ExamOutcome{}, nil)
	f.iface("A trainee with what they met (pschool.CompletionRow).", "CompletionRow", pschool.CompletionRow{},
		map[string]string{"exam": "ExamOutcome | null"})
	f.iface("A development record a batch may enrol (develop.StageRecord).", "Candidate", develop.StageRecord{}, nil)
	f.iface("A trainee completed (pschool.Completed).", "Completed", pschool.Completed{}, nil)
	f.iface("A trainee not completed and why (pschool.Refused).", "Refused", pschool.Refused{}, nil)
	f.iface("What a completion did (pschool.CompleteResult).", "CompleteResult", pschool.CompleteResult{},
		map[string]string{"completed": "Completed[]", "refused": "Refused[]"})
	f.iface("One of the learner's batches with their progress (pschool.MyBatch, GET /api/dx/my/batches).", "MyBatch", pschool.MyBatch{},
		map[string]string{"batch": "Batch", "progress": "CompletionRow"})
	f.iface("A trainee's account opened (pschool.TraineeAccount): how is created, linked or member.", "TraineeAccount", pschool.TraineeAccount{}, nil)
	f.iface("What 开通学员账号 did (pschool.AccountsResult, POST /api/dx/batches/{id}/accounts).", "AccountsResult", pschool.AccountsResult{},
		map[string]string{"accounts": "TraineeAccount[]"})
	return f.bytes()
}
