package app

import "zhdj/internal/secreview"

// secreviewTS is the vocabulary and the JSON of 书记述职评议 (/api/szpy):
// levels, states and grades with their names, and the structs the
// handlers write and decode.
func secreviewTS() ([]byte, error) {
	f := newTSFile(header("internal/secreview (model.go)"))
	f.union("Whose secretaries report in a round (secreview.Level…).", "Level", secreview.Levels)
	f.constant("The levels in the page's order.", "LEVELS", "readonly Level[]", secreview.Levels)
	f.constant("The levels' names (secreview.LevelNames).", "LEVEL_NAMES", "Record<Level, string>", named(secreview.Levels, secreview.LevelNames))
	f.union("A round's state (secreview.Round…).", "RoundState", secreview.RoundStates)
	f.constant("The round states' names.", "ROUND_STATE_NAMES", "Record<RoundState, string>", named(secreview.RoundStates, secreview.RoundStateNames))
	f.decl("/** A report's state (secreview.State…): 1 未提交, 2 已提交, 3 已退回, 4 已评定. */\nexport type ReportState = %s", numbers(secreview.States))
	f.constant("The report states by role.", "REPORT_STATES", "", tsObj{{"draft", secreview.StateDraft},
		{"submitted", secreview.StateSubmitted}, {"returned", secreview.StateReturned}, {"graded", secreview.StateGraded}})
	f.constant("The report states' names (secreview.StateNames).", "REPORT_STATE_NAMES", "Record<ReportState, string>", numbered(secreview.States, secreview.StateNames))
	f.union("A report's grade (secreview.Grade…), best first.", "Grade", secreview.Grades)
	f.constant("The grades, best first.", "GRADES", "readonly Grade[]", secreview.Grades)
	f.constant("The grades' names: 好, 较好, 一般, 差 (secreview.GradeNames).", "GRADE_NAMES", "Record<Grade, string>", named(secreview.Grades, secreview.GradeNames))
	f.constant("The bounds of the texts (characters).", "LIMITS", "", tsObj{{"report", secreview.MaxReport},
		{"comment", secreview.MaxComment}, {"reason", secreview.MaxReason}, {"title", secreview.MaxTitle}})
	f.iface("A round as stored (secreview.Round).", "Round", secreview.Round{},
		map[string]string{"level": "Level", "state": "RoundState", "dueOn": "string"})
	f.iface("A round as the list shows it, with the counts of the caller's reports (secreview.RoundView).", "RoundView", secreview.RoundView{}, nil)
	f.iface("A grade's count in a round (secreview.Distribution).", "Distribution", secreview.Distribution{}, map[string]string{"grade": "Grade"})
	f.iface("A round with its grade distribution (secreview.RoundDetail).", "RoundDetail", secreview.RoundDetail{}, nil)
	f.iface("A report as stored (secreview.Report).", "Report", secreview.Report{},
		map[string]string{"level": "Level", "state": "ReportState", "grade": "'' | Grade"})
	f.iface("A report as the lists and the detail show it (secreview.ReportView).", "ReportView", secreview.ReportView{},
		map[string]string{"dueOn": "string", "roundState": "RoundState"})
	f.input("The body of POST /api/szpy/rounds (secreview.RoundInput).", "RoundInput", secreview.RoundInput{},
		[]string{"year", "level", "orgId", "dueOn"}, map[string]string{"level": "Level", "dueOn": "string"})
	f.input("The body of PUT /api/szpy/rounds/{id}/due (secreview.DueInput).", "DueInput", secreview.DueInput{}, []string{"dueOn"},
		map[string]string{"dueOn": "string"})
	f.input("The body of PUT /api/szpy/reports/{id} and POST …/submit (secreview.ReportInput).", "ReportInput", secreview.ReportInput{},
		[]string{"content"}, nil)
	f.input("The body of POST /api/szpy/reports/{id}/grade (secreview.GradeInput).", "GradeInput", secreview.GradeInput{},
		[]string{"grade"}, map[string]string{"grade": "Grade"})
	f.input("The body of POST /api/szpy/reports/{id}/return (secreview.ReturnInput).", "ReturnInput", secreview.ReturnInput{}, []string{"reason"}, nil)
	return f.bytes()
}
