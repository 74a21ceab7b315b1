package app

import "zhdj/internal/weakorg"

// weakorgTS is the web's copy of 软弱涣散党组织 (internal/weakorg): the
// case states and their names, the list's stages, the criteria found in the
// data, the share setting's bounds, and the JSON of /api/rsrs.
func weakorgTS() ([]byte, error) {
	f := newTSFile(header("internal/weakorg (model.go and the API structs)"))
	f.decl("/** A case's state (weakorg.State…). */\nexport type CaseState = %s", numbers(weakorg.States))
	f.constant("The states' names (weakorg.StateNames).", "CASE_STATE_NAMES", "Record<CaseState, string>", numbered(weakorg.States, weakorg.StateNames))
	f.constant("The states by their role (weakorg.StateCandidate …).", "CASE_STATES", "", tsObj{{"candidate", weakorg.StateCandidate},
		{"recommended", weakorg.StateRecommended}, {"rectifying", weakorg.StateRectifying}, {"rejected", weakorg.StateRejected},
		{"closing", weakorg.StateClosing}, {"closed", weakorg.StateClosed}})
	f.constant("The list's stages: the page's two tabs (weakorg.Stage…).", "STAGES", "", tsObj{{"candidates", weakorg.StageCandidates},
		{"ledger", weakorg.StageLedger}})
	f.constant("The criteria dictionary (weakorg.DictCriterion).", "DICT_CRITERION", "", weakorg.DictCriterion)
	f.constant("The share setting: its key, default and largest value (weakorg.CfgShareBelow …).", "SHARE_BELOW", "",
		tsObj{{"key", weakorg.CfgShareBelow}, {"default", weakorg.DefaultShareBelow}, {"max", weakorg.MaxShareBelow}})
	f.iface("A case as stored (weakorg.Case).", "Case", weakorg.Case{}, map[string]string{"state": "CaseState"})
	f.iface("A case as the lists show it (weakorg.CaseView).", "CaseView", weakorg.CaseView{}, nil)
	f.iface("One criterion a case meets with its evidence (weakorg.Hit).", "Hit", weakorg.Hit{}, map[string]string{"source": "'data' | 'hand'"})
	f.iface("One measure of a rectification plan (weakorg.Measure).", "Measure", weakorg.Measure{}, nil)
	f.iface("One progress report (weakorg.Progress).", "Progress", weakorg.Progress{}, map[string]string{"reportedOn": "string"})
	f.iface("A case with its hits, measures and reports: GET /api/rsrs/cases/{id} (weakorg.Detail).", "Detail", weakorg.Detail{}, nil)
	f.input("The body of POST /api/rsrs/screen (weakorg.ScreenInput).", "ScreenInput", weakorg.ScreenInput{}, []string{"year"}, nil)
	f.iface("What a screening did (weakorg.ScreenResult).", "ScreenResult", weakorg.ScreenResult{}, nil)
	f.input("The body of POST /api/rsrs/cases (weakorg.ProposeInput).", "ProposeInput", weakorg.ProposeInput{},
		[]string{"year", "orgId", "criterion", "evidence"}, nil)
	f.input("The body of a recommendation, a decision, a closing request and its review (weakorg.DecisionInput).", "DecisionInput",
		weakorg.DecisionInput{}, []string{"text"}, nil)
	f.input("One measure of a plan's body (weakorg.MeasureInput).", "MeasureInput", weakorg.MeasureInput{}, []string{"content"}, nil)
	f.input("The body of PUT /api/rsrs/cases/{id}/plan (weakorg.PlanInput).", "PlanInput", weakorg.PlanInput{},
		[]string{"leader", "deadline", "plan", "measures"}, nil)
	f.input("The body of POST /api/rsrs/cases/{id}/progress (weakorg.ReportInput).", "ReportInput", weakorg.ReportInput{},
		[]string{"reportedOn", "content"}, nil)
	return f.bytes()
}
