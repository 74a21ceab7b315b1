package app

import "zhdj/internal/cadre"

// cadreTS is the vocabulary and the JSON of the cadre base (干部信息库,
// /api/gbjbxx and the cadre's own /api/gb/my): the request states and the
// fields a cadre may ask to change, the sub-tables' fixed choices, and the
// structs the handlers write and decode.
func cadreTS() ([]byte, error) {
	f := newTSFile(header("internal/cadre (model.go, requests.go)"))
	states := []string{cadre.RequestPending, cadre.RequestAccepted, cadre.RequestRejected}
	f.union("A change request's state (cadre.Request…).", "RequestState", states)
	f.constant("The states' names.", "REQUEST_STATE_NAMES", "Record<RequestState, string>",
		named(states, map[string]string{cadre.RequestPending: "待审核", cadre.RequestAccepted: "已通过", cadre.RequestRejected: "已驳回"}))
	f.constant("The target of a basic field's request; a sub-table's is its path.", "TARGET_BASIC", "", cadre.TargetBasic)
	f.constant("The basic fields a cadre may ask to change (cadre.SelfFields).", "SELF_FIELDS", "readonly string[]", cadre.SelfFields)
	f.constant("The grades of 年度考核 (cadre.AssessmentGrades).", "ASSESSMENT_GRADES", "readonly string[]", cadre.AssessmentGrades)
	f.constant("The kinds of a post (任职, 兼任, 挂职).", "POST_KINDS", "readonly string[]",
		[]string{cadre.PostKindHeld, cadre.PostKindConcurrent, cadre.PostKindSeconded})
	f.iface("A change request item (cadre.RequestView).", "RequestView", cadre.RequestView{},
		map[string]string{"state": "RequestState", "value": "unknown"})
	f.input("A proposed item (cadre.RequestInput).", "RequestInput", cadre.RequestInput{}, []string{"target", "value"},
		map[string]string{"value": "unknown"})
	f.iface("The cadre's own record (cadre.MyRecord, GET /api/gb/my).", "MyRecord", cadre.MyRecord{},
		map[string]string{"cadre": "Record<string, unknown>", "rows": "Record<string, Record<string, unknown>[]>"})
	return f.bytes()
}
