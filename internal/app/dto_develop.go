package app

import (
	"zhdj/internal/develop"
	"zhdj/internal/platform/flow"
)

// developDTOs declares the JSON of the 发展党员 APIs the web reads and sends
// (/api/fzdy): each interface is the Go struct the handler writes or
// decodes. A step's form travels as an object of the step's fields.
func developDTOs(f *tsFile) {
	const form = "Record<string, unknown>"
	// The dates of NOT NULL columns (applied_on, a step's done_on, a
	// review's, a training's and a notice's dates) are never the empty
	// date's null.
	const day = "string"
	f.union("Who a record is of (develop.Person…).", "PersonKind", []string{develop.PersonStudent, develop.PersonTeacher})
	f.union("How near a record's current step is to its due date (develop.Due…).", "RecordDueState", []string{develop.DueOverdue, develop.DueSoon})
	f.union("A review's kind (develop.Review…).", "ReviewKind", []string{develop.ReviewActivist, develop.ReviewProbation})
	f.union("A notice's kind: the step it precedes (develop.Notice…).", "NoticeKind", []string{develop.NoticeTarget, develop.NoticeAdmit, develop.NoticeFull})
	f.union("What a step's action does (flow.Approve …).", "ActResult", []string{string(flow.Approve), string(flow.Reject), string(flow.Return)})

	f.iface("A record as the lists and the detail show it (develop.RecordView).", "DevRecord", develop.RecordView{},
		map[string]string{"personKind": "PersonKind", "stage": "Stage", "dueState": "'' | RecordDueState", "appliedOn": day})
	f.iface("A step done, named (develop.StepDone).", "StepDone", develop.StepDone{}, map[string]string{"data": form + " | null", "doneOn": day})
	f.iface("A review of an activist or of a probationary member (develop.Review).", "Review", develop.Review{},
		map[string]string{"kind": "ReviewKind", "reviewedOn": day})
	f.iface("A training the person attended (develop.Training).", "Training", develop.Training{}, map[string]string{"startOn": day, "endOn": day})
	f.iface("A notice a record is on (develop.NoticeBrief).", "NoticeBrief", develop.NoticeBrief{}, map[string]string{"kind": "NoticeKind", "startOn": day, "endOn": day})
	f.iface("A rule exception accepted with a reason (develop.Flag).", "Flag", develop.Flag{}, nil)
	f.iface("GET /api/fzdy/{id}: a record with everything done on it (develop.RecordDetail).", "RecordDetail", develop.RecordDetail{}, nil)
	f.iface("A person of the create form's picker, with the live record they have (develop.PersonPick).", "PersonPick", develop.PersonPick{},
		map[string]string{"liveStage": "Stage"})
	f.input("POST /api/fzdy: step ① 递交入党申请书 (develop.CreateInput).", "CreateBody", develop.CreateInput{},
		[]string{"personKind", "personId", "orgId", "appliedOn"}, map[string]string{"personKind": "PersonKind"})
	f.iface("One record's outcome of POST /api/fzdy/batch (flow.BatchRow).", "BatchResult", flow.BatchRow{}, nil)
	f.input("The body of POST /api/fzdy/batch (flow.BatchInput).", "BatchBody", flow.BatchInput{}, []string{"ids", "result"},
		map[string]string{"result": "ActResult", "form": form, "forms": "Record<string, " + form + ">"})
	f.iface("Who votes at a record's current step on a day (develop.Voters).", "Voters", develop.Voters{},
		map[string]string{"by": "'' | 'branch' | 'committee'"})
	f.iface("A public notice (公示) as the list shows it (develop.NoticeView).", "Notice", develop.NoticeView{},
		map[string]string{"kind": "NoticeKind", "startOn": day, "endOn": day})
	f.iface("GET /api/fzdy/notices/{id}: the notice, its length in working days and its records (develop.NoticeDetail).", "NoticeDetail",
		develop.NoticeDetail{}, nil)
	f.input("What a notice is created with (develop.NoticeInput).", "NoticeBody", develop.NoticeInput{},
		[]string{"kind", "orgId", "title", "startOn", "endOn", "recordIds"}, map[string]string{"kind": "NoticeKind"})
	f.iface("A committee's plan of a year; id, quota and remark are null until a plan is set (develop.PlanRow).", "Plan", develop.PlanRow{}, nil)
	f.iface("A 入党志愿书 number range (develop.NumberRangeView).", "NumberRange", develop.NumberRangeView{}, nil)
	f.iface("One saved version of the configuration (develop.ConfigVersion).", "ConfigVersion", develop.ConfigVersion{}, nil)
	f.iface("One of the 25 steps as the configuration page lists it (develop.ConfigStep).", "ConfigStep", develop.ConfigStep{},
		map[string]string{"stage": "Stage", "by": "StepBy"})
	f.iface("GET /api/fzdy/config (develop.ConfigView).", "ConfigView", develop.ConfigView{}, nil)

	f.iface("One line of the 发展党员名册 (develop.RegisterRow).", "RegisterRow", develop.RegisterRow{}, map[string]string{"appliedOn": day})
	f.iface("One column of a dimension of the yearly table (develop.YearlyCell).", "YearlyCell", develop.YearlyCell{}, nil)
	f.iface("The yearly table: each dimension sums to total (develop.Yearly).", "Yearly", develop.Yearly{}, nil)
}
