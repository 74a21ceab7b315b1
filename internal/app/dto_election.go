package app

import (
	"zhdj/internal/election"
	"zhdj/internal/platform/ballot"
)

// electionTS is the vocabulary and the JSON of 换届选举 (/api/hjxj) and
// 党代表选举 (/api/ddbxj): states, methods, posts and their names, the rule
// bounds, and the structs the handlers write and decode.
func electionTS() ([]byte, error) {
	f := newTSFile(header("internal/election (model.go, rules.go)"))
	f.union("An election's state (election.State…).", "State", election.States)
	f.constant("The states in order.", "STATES", "readonly State[]", election.States)
	f.constant("The states of an election under way, one an organisation at a time (election.StatesUnderWay).", "UNDER_WAY", "readonly State[]", election.StatesUnderWay)
	f.constant("The states' names (election.StateNames).", "STATE_NAMES", "Record<State, string>", named(election.States, election.StateNames))
	f.union("差额 or 等额 (election.Method…).", "Method", election.Methods)
	f.constant("The methods.", "METHODS", "readonly Method[]", election.Methods)
	f.constant("The methods' names.", "METHOD_NAMES", "Record<Method, string>", named(election.Methods, election.MethodNames))
	f.constant("The flow's steps (election.Step…).", "STEPS", "", tsObj{{"resubmit", election.StepResubmit}, {"approve", election.StepApprove},
		{"report", election.StepReport}, {"confirm", election.StepConfirm}})
	f.constant("The bounds of a plan and a congress.", "LIMITS", "", tsObj{{"seats", election.MaxSeats}, {"candidates", election.MaxCandidates},
		{"title", election.MaxTitle}, {"note", election.MaxNote}, {"quota", election.MaxQuota}, {"units", election.MaxUnits}})
	f.constant("The voters' page (a round's link adds ?round=).", "VOTER_LINK", "", election.VoterLink)
	f.iface("A name's votes in a vote (election.Count).", "Count", election.Count{}, nil)
	f.iface("A vote's result (election.Outcome).", "Outcome", election.Outcome{}, map[string]string{"secretary": "Outcome | null"})
	f.iface("A name on a vote's paper (election.Option).", "Option", election.Option{}, nil)
	f.iface("A vote (election.Vote).", "Vote", election.Vote{}, map[string]string{"options": "Option[]", "openedAt": "string", "closedAt": "string | null"})
	f.iface("A vote with its turnout (election.VoteView).", "VoteView", election.VoteView{}, nil)
	f.iface("A printed one-time code (ballot.Code).", "Code", ballot.Code{}, nil)
	f.iface("A vote just opened, with its printed codes shown once (election.Opened).", "Opened", election.Opened{}, nil)
	f.iface("A member with a vote on the roll (election.RollEntry).", "RollEntry", election.RollEntry{}, nil)
	f.iface("The roll of a next vote (election.Roll).", "Roll", election.Roll{}, nil)
	f.iface("A candidate of a plan (election.Candidate).", "Candidate", election.Candidate{}, nil)
	f.iface("An election as stored (election.Election).", "Election", election.Election{},
		map[string]string{"state": "State", "method": "Method", "meetingOn": "string", "termStart": "string", "termEnd": "string"})
	f.iface("An election as the list shows it (election.Record).", "ElectionRecord", election.Record{}, nil)
	f.iface("An election with its candidates, votes and result (election.Detail).", "Detail", election.Detail{}, nil)
	f.input("A candidate of a plan's body (election.CandidateInput).", "CandidateInput", election.CandidateInput{}, []string{"memberId"}, nil)
	f.input("The body of POST /api/hjxj and of a resubmission's form (election.PlanInput).", "PlanInput", election.PlanInput{},
		[]string{"orgId", "title", "seats", "method", "meetingOn", "candidates"}, map[string]string{"method": "Method", "meetingOn": "string"})
	f.input("The report step's form (election.ReportInput).", "ReportInput", election.ReportInput{}, []string{"secretaryName"}, nil)
	f.input("The body of opening a vote (election.VoteInput).", "VoteInput", election.VoteInput{}, []string{"present"}, nil)
	f.iface("A congress as stored (election.Congress).", "Congress", election.Congress{}, map[string]string{"nominateBy": "string"})
	f.iface("A congress in the list (election.CongressView).", "CongressView", election.CongressView{}, nil)
	f.iface("A constituency (election.Unit).", "Unit", election.Unit{}, map[string]string{"method": "Method"})
	f.iface("A nomination (election.Nomination).", "Nomination", election.Nomination{}, nil)
	f.iface("A nomination with its branch (election.Nominated).", "Nominated", election.Nominated{}, nil)
	f.iface("A constituency with its nominations, votes and elected (election.UnitView).", "UnitView", election.UnitView{}, nil)
	f.iface("A congress with its constituencies (election.CongressDetail).", "CongressDetail", election.CongressDetail{}, nil)
	f.iface("An elected representative (election.Representative).", "Representative", election.Representative{}, nil)
	f.input("A constituency of a new congress (election.UnitInput).", "UnitInput", election.UnitInput{}, []string{"orgId", "quota", "method"},
		map[string]string{"method": "Method"})
	f.input("The body of POST /api/ddbxj (election.CongressInput).", "CongressInput", election.CongressInput{},
		[]string{"orgId", "title", "nominateBy", "units"}, map[string]string{"nominateBy": "string"})
	f.input("The body of a nomination (election.NominationInput).", "NominationInput", election.NominationInput{}, []string{"branchId", "memberId"}, nil)
	return f.bytes()
}
