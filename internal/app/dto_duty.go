package app

import "zhdj/internal/duty"

// dutyTS is the vocabulary and the JSON of 值班工作报告 (/api/zbgz) and
// 德廉档案 (/api/dlda): web/src/api/generated/duty.ts.
func dutyTS() ([]byte, error) {
	f := newTSFile(header("internal/duty (model.go, integrity_model.go)"))
	f.union("A task's kind of report (duty.Kind…).", "Kind", duty.Kinds)
	f.constant("The kinds in the page's order.", "KINDS", "readonly Kind[]", duty.Kinds)
	f.constant("The kinds' names (duty.KindNames).", "KIND_NAMES", "Record<Kind, string>", named(duty.Kinds, duty.KindNames))
	f.union("Who must submit in a task (duty.Target…).", "Target", duty.Targets)
	f.constant("The targets in the page's order.", "TARGETS", "readonly Target[]", duty.Targets)
	f.constant("The targets' names (duty.TargetNames).", "TARGET_NAMES", "Record<Target, string>", named(duty.Targets, duty.TargetNames))
	f.decl("/** A report's state (duty.State…): 1 未提交, 2 已提交, 3 退回修改, 4 已通过. */\nexport type ReportState = %s", numbers(duty.States))
	f.constant("The report states by role.", "REPORT_STATES", "", tsObj{{"missing", duty.StateMissing},
		{"submitted", duty.StateSubmitted}, {"returned", duty.StateReturned}, {"passed", duty.StatePassed}})
	f.constant("The report states' names (duty.StateNames).", "REPORT_STATE_NAMES", "Record<ReportState, string>", numbered(duty.States, duty.StateNames))
	f.union("An integrity record's kind (duty.Record…).", "RecordKind", duty.RecordKinds)
	f.constant("The record kinds in the page's order.", "RECORD_KINDS", "readonly RecordKind[]", duty.RecordKinds)
	f.constant("The record kinds' names (duty.RecordKindNames).", "RECORD_KIND_NAMES", "Record<RecordKind, string>", named(duty.RecordKinds, duty.RecordKindNames))
	f.union("A personal-matters report's kind (duty.Matters…).", "MattersKind", duty.MattersKinds)
	f.constant("The matters kinds in order.", "MATTERS_KINDS", "readonly MattersKind[]", duty.MattersKinds)
	f.constant("The matters kinds' names (duty.MattersKindNames).", "MATTERS_KIND_NAMES", "Record<MattersKind, string>", named(duty.MattersKinds, duty.MattersKindNames))
	f.constant("The bounds of the texts (characters).", "LIMITS", "", tsObj{{"title", duty.MaxTitle}, {"period", duty.MaxPeriod},
		{"comment", duty.MaxComment}, {"reason", duty.MaxReason}, {"topic", duty.MaxTopic}, {"remarks", duty.MaxRemarks}})
	f.iface("A task as stored (duty.Task).", "Task", duty.Task{}, map[string]string{"kind": "Kind", "target": "Target", "dueOn": "string"})
	f.iface("A task with its progress among the caller's reports (duty.TaskView).", "TaskView", duty.TaskView{}, nil)
	f.iface("A report as stored (duty.Report).", "Report", duty.Report{}, map[string]string{"state": "ReportState"})
	f.iface("A report as the lists and the detail show it (duty.ReportView).", "ReportView", duty.ReportView{},
		map[string]string{"dueOn": "string", "taskKind": "Kind"})
	f.input("The body of POST /api/zbgz/tasks (duty.TaskInput).", "TaskInput", duty.TaskInput{},
		[]string{"title", "kind", "target", "orgId", "dueOn"}, map[string]string{"kind": "Kind", "target": "Target", "dueOn": "string"})
	f.input("The body of PUT /api/zbgz/reports/{id} and POST …/submit (duty.ReportInput).", "ReportInput", duty.ReportInput{}, []string{"content"}, nil)
	f.input("The body of POST /api/zbgz/reports/{id}/pass and …/return (duty.ReviewInput).", "ReviewInput", duty.ReviewInput{}, nil, nil)
	f.iface("An integrity record as stored (duty.Record).", "IntegrityRecord", duty.Record{},
		map[string]string{"kind": "RecordKind", "day": "string", "mattersKind": "'' | MattersKind"})
	f.iface("An integrity record as the list shows it (duty.RecordView).", "RecordView", duty.RecordView{}, nil)
	f.input("The body of POST /api/dlda/records (duty.RecordInput).", "RecordInput", duty.RecordInput{},
		[]string{"kind", "day"}, map[string]string{"kind": "RecordKind", "day": "string", "mattersKind": "MattersKind"})
	f.iface("A serving member without the year's commitment (duty.Unsigned).", "Unsigned", duty.Unsigned{}, nil)
	return f.bytes()
}
