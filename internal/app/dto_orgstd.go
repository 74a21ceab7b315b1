package app

import "zhdj/internal/orgstd"

// orgstdTS is the web's copy of 党组织建设 (internal/orgstd): the states and
// marks with their names, and the JSON of /api/dzzjs/….
func orgstdTS() ([]byte, error) {
	f := newTSFile(header("internal/orgstd (model.go and the API structs)"))
	states := []int{orgstd.StateDraft, orgstd.StateSubmitted, orgstd.StateReviewed}
	f.decl("/** An assessment's state (orgstd.State…). */\nexport type AssessmentState = %s", numbers(states))
	f.constant("The states' names (orgstd.StateNames).", "ASSESSMENT_STATE_NAMES", "Record<AssessmentState, string>", numbered(states, orgstd.StateNames))
	f.constant("The states by their role (orgstd.StateDraft …).", "ASSESSMENT_STATES", "", tsObj{{"draft", orgstd.StateDraft},
		{"submitted", orgstd.StateSubmitted}, {"reviewed", orgstd.StateReviewed}})
	f.union("A branch's mark (orgstd.Mark…); '' none.", "Mark", orgstd.Marks)
	f.constant("The marks' names (orgstd.MarkNames).", "MARK_NAMES", "Record<Mark, string>", named(orgstd.Marks, orgstd.MarkNames))
	f.iface("One indicator of a year's set (orgstd.Indicator).", "Indicator", orgstd.Indicator{}, nil)
	f.iface("A year's indicators: GET /api/dzzjs/indicators?year= (orgstd.IndicatorSet).", "IndicatorSet", orgstd.IndicatorSet{}, nil)
	f.iface("A branch's self-assessment of a year (orgstd.Assessment).", "Assessment", orgstd.Assessment{},
		map[string]string{"state": "AssessmentState", "mark": "Mark | ''"})
	f.iface("An assessment in a list (orgstd.AssessmentView).", "AssessmentView", orgstd.AssessmentView{}, nil)
	f.iface("One indicator of an assessment with its scores (orgstd.ItemView).", "ItemView", orgstd.ItemView{}, nil)
	f.iface("An assessment with its indicators: GET /api/dzzjs/assessments/{id} (orgstd.AssessmentDetail).", "AssessmentDetail", orgstd.AssessmentDetail{}, nil)
	f.input("One indicator's score in a save or a review (orgstd.ScoreInput).", "ScoreInput", orgstd.ScoreInput{}, []string{"indicatorId"}, nil)
	f.input("A draft's save: PUT /api/dzzjs/assessments/{id} (orgstd.SaveInput).", "SaveInput", orgstd.SaveInput{}, []string{"items"}, nil)
	f.input("The review: POST /api/dzzjs/assessments/{id}/review (orgstd.ReviewInput).", "ReviewInput", orgstd.ReviewInput{}, []string{"items"}, nil)
	f.iface("One change of a mark (orgstd.MarkEntry).", "MarkEntry", orgstd.MarkEntry{}, map[string]string{"mark": "Mark | ''", "previous": "Mark | ''"})
	f.iface("One branch in the ranking: GET /api/dzzjs/ranking/branches (orgstd.BranchRank).", "BranchRank", orgstd.BranchRank{}, map[string]string{"mark": "Mark | ''"})
	f.iface("One 二级党委 in the ranking: GET /api/dzzjs/ranking/committees (orgstd.CommitteeRank).", "CommitteeRank", orgstd.CommitteeRank{}, nil)
	return f.bytes()
}
