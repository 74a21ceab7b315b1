package app

import "zhdj/internal/cadre/xbry"

// cadreSelectionTS is 选拔任用纪实's vocabulary and API types.
func cadreSelectionTS() ([]byte, error) {
	f := newTSFile(header("internal/cadre/xbry (model.go)"))
	f.union("A step of a selection (xbry.Step…).", "Step", xbry.Steps)
	f.constant("The steps in their order.", "STEPS", "readonly Step[]", xbry.Steps)
	f.constant("The steps' names.", "STEP_NAMES", "Record<Step, string>", named(xbry.Steps, xbry.StepNames))
	f.union("A selection's state (xbry.State…).", "State", xbry.States)
	f.constant("The states in the order of a selection's life.", "STATES", "readonly State[]", xbry.States)
	f.constant("The states' names.", "STATE_NAMES", "Record<State, string>", named(xbry.States, xbry.StateNames))
	f.union("A recommendation method (xbry.Rec…).", "RecMethod", xbry.RecMethods)
	f.constant("The recommendation methods' names, in the form's order.", "REC_METHOD_NAMES", "Record<RecMethod, string>",
		named(xbry.RecMethods, xbry.RecMethodNames))
	f.union("A probation review's result (xbry.Review…).", "ReviewResult", xbry.ReviewResults)
	f.constant("The review results' names.", "REVIEW_RESULT_NAMES", "Record<ReviewResult, string>",
		named(xbry.ReviewResults, xbry.ReviewResultNames))
	f.constant("Limits of the forms.", "LIMITS", "", tsObj{{"candidates", xbry.MaxCandidates}, {"team", xbry.MaxTeam},
		{"text", xbry.MaxText}, {"report", xbry.MaxReport}})
	f.iface("A person recommended (xbry.Candidate).", "Candidate", xbry.Candidate{}, nil)
	f.iface("A selection as the list and the detail show it (xbry.View).", "Selection", xbry.View{},
		map[string]string{"state": "State", "recMethod": "RecMethod | ''", "reviewResult": "ReviewResult | ''"})
	f.input("The body of a selection's create and update, the 动议 (xbry.MotionInput).", "MotionInput", xbry.MotionInput{},
		[]string{"title", "positionId", "motionOn", "motionBy", "reason"}, nil)
	f.input("A person recommended with their votes (xbry.CandidateInput).", "CandidateInput", xbry.CandidateInput{},
		[]string{"cadreId"}, nil)
	f.input("The 民主推荐 step's form (xbry.RecommendForm).", "RecommendForm", xbry.RecommendForm{},
		[]string{"recOn", "recMethod", "recExpected", "recPresent", "candidates"}, map[string]string{"recMethod": "RecMethod"})
	f.input("The 考察 step's form (xbry.InspectForm).", "InspectForm", xbry.InspectForm{},
		[]string{"inspTeam", "inspFrom", "inspTo", "inspTalks", "inspReport", "inspected"}, nil)
	f.input("The 讨论决定 step's form (xbry.DecideForm).", "DecideForm", xbry.DecideForm{},
		[]string{"meetOn", "meetName", "meetTotal", "meetPresent", "meetAgree", "appointeeId"}, nil)
	f.input("The 任前公示 step's form (xbry.PublicizeForm).", "PublicizeForm", xbry.PublicizeForm{},
		[]string{"pubFrom", "pubTo"}, nil)
	f.input("The 任职 step's form (xbry.AppointForm).", "AppointForm", xbry.AppointForm{},
		[]string{"docNo", "appointOn", "promotion"}, nil)
	f.input("The 试用期满考核 step's form (xbry.ReviewForm).", "ReviewForm", xbry.ReviewForm{},
		[]string{"reviewOn", "reviewResult"}, map[string]string{"reviewResult": "ReviewResult"})
	return f.bytes()
}
