package app

import "zhdj/internal/appraisal"

// appraisalTS is the vocabulary and the JSON of 民主评议党员 (/api/mzpy):
// states, grades and follow-ups with their names, the settings, the
// summary's template, and the structs the handlers write and decode.
func appraisalTS() ([]byte, error) {
	f := newTSFile(header("internal/appraisal (model.go, rules.go, schema.go)"))
	states := append([]string{appraisal.StateNone}, appraisal.States...)
	f.union("A round's state (appraisal.State…); none is a branch without a round (未开始).", "State", states)
	f.constant("The states in the order of a round's life, 未开始 first.", "STATES", "readonly State[]", states)
	f.constant("The states' names (appraisal.StateNames).", "STATE_NAMES", "Record<State, string>", named(states, appraisal.StateNames))
	f.union("A grade (appraisal.Grade…), best first.", "Grade", appraisal.Grades)
	f.constant("The grades, best first.", "GRADES", "readonly Grade[]", appraisal.Grades)
	f.constant("The grades' names: 优秀, 合格, 基本合格, 不合格.", "GRADE_NAMES", "Record<Grade, string>", named(appraisal.Grades, appraisal.GradeNames))
	f.union("A follow-up of a member graded 不合格 (appraisal.Follow…).", "FollowUp", appraisal.Follows)
	f.constant("The follow-ups.", "FOLLOWS", "readonly FollowUp[]", appraisal.Follows)
	f.constant("The follow-ups' names: 限期改正, 劝其退党, 除名.", "FOLLOW_NAMES", "Record<FollowUp, string>", named(appraisal.Follows, appraisal.FollowNames))
	f.decl("/** A summary's state (appraisal.Summary…): 0 未填写, 1 草稿, 2 已提交. */\nexport type SummaryState = %s", numbers(appraisal.SummaryStates))
	f.constant("The summary states' names.", "SUMMARY_STATE_NAMES", "Record<SummaryState, string>", numbered(appraisal.SummaryStates, appraisal.SummaryStateNames))
	f.constant("The settings (系统参数) and their defaults.", "SETTINGS", "", tsObj{{"excellentShare", appraisal.CfgExcellentShare},
		{"excellentShareDefault", appraisal.DefaultExcellentShare}, {"summaryMin", appraisal.CfgSummaryMin}, {"summaryMinDefault", appraisal.DefaultSummaryMin},
		{"summaryMax", appraisal.CfgSummaryMax}, {"summaryMaxDefault", appraisal.DefaultSummaryMax}})
	f.constant("The bounds of the texts (characters).", "LIMITS", "", tsObj{{"summary", appraisal.MaxSummary}, {"reason", appraisal.MaxReason}})
	f.constant("The engine's kind of the appraisal's ballots.", "BALLOT_KIND", "", appraisal.BallotKind)
	f.iface("A round as the pages show it (appraisal.RoundView).", "RoundView", appraisal.RoundView{},
		map[string]string{"state": "State"})
	f.iface("A member of a round (appraisal.AppraiseeView).", "AppraiseeView", appraisal.AppraiseeView{},
		map[string]string{"summaryState": "SummaryState", "proposed": "'' | Grade", "grade": "'' | Grade", "followUp": "'' | FollowUp", "followDue": "string | null"})
	f.iface("A round with its members (appraisal.RoundDetail).", "RoundDetail", appraisal.RoundDetail{}, nil)
	f.iface("A member's summary as the branch reads it (appraisal.SummaryView).", "SummaryView", appraisal.SummaryView{}, nil)
	f.iface("The answer of a batch of rounds opened (appraisal.Opened).", "Opened", appraisal.Opened{}, nil)
	f.iface("A printed one-time code (appraisal.CodeSheet).", "CodeSheet", appraisal.CodeSheet{}, nil)
	f.iface("The answer of opening a vote: the round and the printed codes, shown once (appraisal.VoteOpened).", "VoteOpened", appraisal.VoteOpened{}, nil)
	f.iface("A branch's line of the progress (appraisal.ProgressRow).", "ProgressRow", appraisal.ProgressRow{}, map[string]string{"state": "State"})
	f.iface("A page of the progress with the counts per state (appraisal.Progress).", "Progress", appraisal.Progress{},
		map[string]string{"counts": "Record<State, number>"})
	f.iface("One of the caller's rounds on /mzpydy/self (appraisal.Mine).", "Mine", appraisal.Mine{},
		map[string]string{"roundState": "State", "summaryState": "SummaryState", "grade": "'' | Grade"})
	f.iface("/mzpydy/self's answer (appraisal.MineView).", "MineView", appraisal.MineView{}, nil)
	f.iface("A decided grade on the member's detail (appraisal.Result).", "Result", appraisal.Result{},
		map[string]string{"grade": "Grade", "followUp": "'' | FollowUp"})
	f.iface("A member graded 不合格 and the follow-up (appraisal.FollowRow).", "FollowRow", appraisal.FollowRow{},
		map[string]string{"followUp": "'' | FollowUp", "followDue": "string | null"})
	f.input("The body of POST /api/mzpy/rounds (appraisal.OpenInput).", "OpenInput", appraisal.OpenInput{}, []string{"year", "orgId"}, nil)
	f.input("The body of POST /api/mzpy/rounds/{id}/vote (appraisal.VoteInput).", "VoteInput", appraisal.VoteInput{}, nil,
		map[string]string{"meetingId": "number | null", "closesAt": "string | null"})
	f.input("One grade of POST /api/mzpy/rounds/{id}/decide (appraisal.GradeInput).", "GradeInput", appraisal.GradeInput{}, []string{"id", "grade"},
		map[string]string{"grade": "Grade"})
	f.input("The body of POST /api/mzpy/rounds/{id}/decide (appraisal.DecideInput).", "DecideInput", appraisal.DecideInput{}, []string{"grades"}, nil)
	f.input("The body of PUT /api/mzpy/self/{id} and POST …/submit (appraisal.SummaryInput).", "SummaryInput", appraisal.SummaryInput{},
		[]string{"summary"}, map[string]string{"updateTime": "string | null"})
	f.input("The body of POST /api/mzpy/members/{id}/follow (appraisal.FollowInput).", "FollowInput", appraisal.FollowInput{}, []string{"action"},
		map[string]string{"action": "FollowUp", "due": "string"})
	return f.bytes()
}
