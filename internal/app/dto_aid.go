package app

import (
	"zhdj/internal/aid"
	feestandard "zhdj/internal/fee/standard"
)

// aidTS is the web's copy of 党员帮扶 (internal/aid): the kinds, occasions
// and states with their names, the dictionary and the JSON of /api/dybf.
func aidTS() ([]byte, error) {
	f := newTSFile(header("internal/aid (cases.go, records.go, totals.go)"))
	f.union("An aid record's kind (aid.Kind…).", "RecordKind", aid.Kinds)
	f.constant("The record kinds in the page's order.", "RECORD_KINDS", "readonly RecordKind[]", aid.Kinds)
	f.constant("The record kinds' names (aid.KindNames).", "RECORD_KIND_NAMES", "Record<RecordKind, string>", named(aid.Kinds, aid.KindNames))
	f.union("A visit's occasion (aid.Occasion…).", "Occasion", aid.Occasions)
	f.constant("The occasions in order.", "OCCASIONS", "readonly Occasion[]", aid.Occasions)
	f.constant("The occasions' names (aid.OccasionNames).", "OCCASION_NAMES", "Record<Occasion, string>", named(aid.Occasions, aid.OccasionNames))
	f.union("An aid record's state (aid.State…).", "RecordState", aid.States)
	f.constant("The record states' names (aid.StateNames).", "RECORD_STATE_NAMES", "Record<RecordState, string>", named(aid.States, aid.StateNames))
	f.union("A case's state (aid.Case…).", "CaseState", aid.CaseStates)
	f.constant("The case states' names (aid.CaseStateNames).", "CASE_STATE_NAMES", "Record<CaseState, string>", named(aid.CaseStates, aid.CaseStateNames))
	f.constant("The dictionary of the kinds of difficulty (aid.DictKind).", "DICT_KIND", "", aid.DictKind)
	f.constant("The party standing (years) that puts a member on the visit lists (aid.OldStandingYears).", "OLD_STANDING_YEARS", "", aid.OldStandingYears)
	f.iface("A hardship reduction in force (standard.HardshipNote).", "HardshipNote", feestandard.HardshipNote{}, nil)
	f.iface("A member in difficulty as stored (aid.Case).", "Case", aid.Case{}, map[string]string{"state": "CaseState", "since": "string", "until": "string | null"})
	f.iface("A case as the list shows it (aid.CaseView).", "CaseView", aid.CaseView{}, map[string]string{"hardship": "HardshipNote | null"})
	f.input("The body of POST /api/dybf/cases (aid.CaseInput).", "CaseInput", aid.CaseInput{}, []string{"memberId", "kind", "description", "since"},
		map[string]string{"since": "string"})
	f.input("The body of PUT /api/dybf/cases/{id} (aid.CaseChange).", "CaseChange", aid.CaseChange{}, []string{"kind", "description", "since"},
		map[string]string{"since": "string"})
	f.input("The body of POST /api/dybf/cases/{id}/resolve (aid.ResolveInput).", "ResolveInput", aid.ResolveInput{}, []string{"until"},
		map[string]string{"until": "string"})
	f.iface("An aid record as stored (aid.Record).", "AidRecord", aid.Record{},
		map[string]string{"kind": "RecordKind", "occasion": "'' | Occasion", "state": "RecordState", "aidOn": "string"})
	f.iface("An aid record as the list shows it (aid.RecordView).", "RecordView", aid.RecordView{}, nil)
	f.input("The body of POST /api/dybf/records and PUT /api/dybf/records/{id} (aid.RecordInput).", "RecordInput", aid.RecordInput{}, []string{"memberId", "kind", "aidOn"},
		map[string]string{"kind": "RecordKind", "occasion": "'' | Occasion", "aidOn": "string"})
	f.input("The body of POST /api/dybf/records/{id}/decide (aid.Decision).", "Decision", aid.Decision{}, []string{"approve"}, nil)
	f.iface("One 二级党委's records of one kind in a year (aid.Total).", "Total", aid.Total{}, map[string]string{"kind": "RecordKind"})
	f.iface("A member on a visit list (aid.VisitRow).", "VisitRow", aid.VisitRow{}, map[string]string{"joinedOn": "string | null"})
	f.iface("The approval threshold (aid.Threshold).", "Threshold", aid.Threshold{}, nil)
	return f.bytes()
}
