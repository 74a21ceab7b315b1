package app

import "zhdj/internal/orglife"

// orglifePrepareTS declares the JSON of the preparation of 组织生活会 and
// 民主生活会 and of the rectification items (internal/orglife, prepare.go and
// rectify.go) that the meeting drawer's tabs read and send.
func orglifePrepareTS() ([]byte, error) {
	f := newTSFile(header("internal/orglife (prepare.go, rectify.go)"))
	states := []int{orglife.RectifyOpen, orglife.RectifyClosed}
	f.decl("/** A rectification item's state (orglife.Rectify…): 1 整改中, 2 已销号. */\nexport type RectifyState = %s", numbers(states))
	f.constant("The states by role.", "RECTIFY_STATES", "", tsObj{{"open", orglife.RectifyOpen}, {"closed", orglife.RectifyClosed}})
	f.constant("The states' names (orglife.RectifyStateNames).", "RECTIFY_STATE_NAMES", "Record<RectifyState, string>",
		numbered(states, orglife.RectifyStateNames))
	f.iface("The talks before the meeting (orglife.TalkPrep).", "TalkPrep", orglife.TalkPrep{}, map[string]string{"from": "string", "to": "string"})
	f.iface("The opinions collected (orglife.OpinionPrep).", "OpinionPrep", orglife.OpinionPrep{}, nil)
	f.iface("One participant's 对照检查材料 (orglife.CheckLine).", "CheckLine", orglife.CheckLine{}, nil)
	f.iface("The participants' 对照检查材料 (orglife.CheckPrep).", "CheckPrep", orglife.CheckPrep{}, nil)
	f.iface("A meeting's preparation: GET /api/zzsh/meetings/{id}/prepare (orglife.Preparation).", "Preparation", orglife.Preparation{}, nil)
	f.input("The body of PUT …/prepare/talks (orglife.TalksInput).", "TalksInput", orglife.TalksInput{}, []string{"confirmed"}, nil)
	f.input("The body of PUT …/prepare/opinions (orglife.OpinionsInput).", "OpinionsInput", orglife.OpinionsInput{}, []string{"note"}, nil)
	f.iface("A meeting asking the signed-in member for their material: GET /api/zzsh/my/checks (orglife.MyCheck).", "MyCheck",
		orglife.MyCheck{}, map[string]string{"state": "number"})
	f.iface("A progress note of an item (orglife.Progress).", "RectifyProgress", orglife.Progress{}, map[string]string{"notedOn": "string"})
	f.iface("A rectification item as stored (orglife.Rectify).", "Rectify", orglife.Rectify{},
		map[string]string{"state": "RectifyState", "deadline": "string"})
	f.iface("An item as the meeting's tab and the ledger show it (orglife.RectifyView).", "RectifyView", orglife.RectifyView{},
		map[string]string{"heldOn": "string", "progress": "RectifyProgress[]"})
	f.input("The body of POST /api/zzsh/meetings/{id}/rectify and PUT /api/zzsh/rectify/{id} (orglife.RectifyInput).", "RectifyInput",
		orglife.RectifyInput{}, []string{"content", "owner", "deadline"}, map[string]string{"deadline": "string"})
	f.input("The body of POST /api/zzsh/rectify/{id}/progress (orglife.ProgressInput).", "ProgressInput", orglife.ProgressInput{},
		[]string{"note"}, map[string]string{"notedOn": "string"})
	f.input("The body of POST /api/zzsh/rectify/{id}/close (orglife.CloseRectify).", "CloseRectify", orglife.CloseRectify{}, []string{"note"}, nil)
	return f.bytes()
}
