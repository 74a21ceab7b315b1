package app

import "zhdj/internal/points"

// pointsTS is the vocabulary and the JSON of 党员积分 (/api/jf) and the
// member's own points on the 党员首页: web/src/api/generated/points.ts.
func pointsTS() ([]byte, error) {
	f := newTSFile(header("internal/points (earn.go, manual.go, rules.go, ledger.go)"))
	f.union("A ledger entry's kind (points.Kind…).", "Kind", points.Kinds)
	f.constant("The kinds in the page's order.", "KINDS", "readonly Kind[]", points.Kinds)
	f.constant("The kinds' names (points.KindNames).", "KIND_NAMES", "Record<Kind, string>", named(points.Kinds, points.KindNames))
	f.constant("The kinds a branch proposes (points.ManualKinds).", "MANUAL_KINDS", "readonly Kind[]", points.ManualKinds)
	f.union("A proposal's state (points.State…).", "ProposalState", points.States)
	f.constant("The proposal states in order.", "PROPOSAL_STATES", "readonly ProposalState[]", points.States)
	f.constant("The proposal states' names (points.StateNames).", "PROPOSAL_STATE_NAMES", "Record<ProposalState, string>", named(points.States, points.StateNames))
	f.constant("The bounds: the points of a proposal of kind other (±), the reason and remark (characters).", "LIMITS", "",
		tsObj{{"manualPoints", points.ManualBound}, {"reason", points.MaxReason}, {"remark", points.MaxRemark}})
	f.iface("A rule with its default and bounds (points.Rule, GET /api/jf/rules).", "Rule", points.Rule{}, nil)
	f.decl("/** The body of PUT /api/jf/rules (points.RuleInput): rule key → points. */\nexport type RuleInput = %s", "Record<string, number>")
	f.iface("A ledger entry as the list shows it (points.EntryView, GET /api/jf/entries).", "PointsEntry", points.EntryView{},
		map[string]string{"kind": "Kind"})
	f.iface("An approved 获得表彰 of a member, in 个人档案 (points.Honour, GET /api/archives/mine).", "Honour", points.Honour{}, map[string]string{"earnedOn": "string"})
	f.iface("A member's place in a ranking (points.Rank, GET /api/jf/ranking).", "Rank", points.Rank{}, nil)
	f.iface("A manual proposal as the list shows it (points.ProposalView, GET /api/jf/manual).", "Proposal", points.ProposalView{},
		map[string]string{"kind": "Kind", "state": "ProposalState", "earnedOn": "string"})
	f.input("The body of POST /api/jf/manual (points.ProposalInput).", "ProposalInput", points.ProposalInput{},
		[]string{"memberId", "kind", "reason", "earnedOn"}, map[string]string{"kind": "Kind", "earnedOn": "string"})
	f.input("The body of POST /api/jf/manual/{id}/decide (points.Decision).", "Decision", points.Decision{}, []string{"approve"}, nil)
	f.iface("A member's own points of the year (points.Summary, dyHome's points).", "MyPoints", points.Summary{},
		map[string]string{"entries": "PointsEntry[]"})
	return f.bytes()
}
