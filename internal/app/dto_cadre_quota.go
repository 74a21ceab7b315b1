package app

import "zhdj/internal/cadre/quota"

// cadreQuotaTS is the web's copy of 职数管理 (internal/cadre/quota): the
// document states and item kinds, the dictionaries, and the JSON of
// /api/gbzs.
func cadreQuotaTS() ([]byte, error) {
	f := newTSFile(header("internal/cadre/quota (model.go, documents.go, schema.go)"))
	f.union("A document's state (quota.State…).", "DocState", []string{quota.StateDraft, quota.StateIssued, quota.StateWithdrawn})
	f.constant("The states' names.", "DOC_STATE_NAMES", "Record<DocState, string>",
		tsObj{{quota.StateDraft, "草稿"}, {quota.StateIssued, "已发布"}, {quota.StateWithdrawn, "已撤销"}})
	f.union("An item's kind (quota.Kind…).", "ItemKind", []string{quota.KindAppoint, quota.KindRemove})
	f.constant("The kinds' names.", "ITEM_KIND_NAMES", "Record<ItemKind, string>",
		tsObj{{quota.KindAppoint, "任命"}, {quota.KindRemove, "免去"}})
	f.constant("The dictionaries of positions and quotas.", "DICTS", "", tsObj{{"level", quota.DictLevel},
		{"attribute", quota.DictAttribute}, {"teamType", quota.DictTeamType}})
	f.constant("The most items of a document.", "MAX_ITEMS", "", quota.MaxItems)
	f.constant("The event an issued document publishes (spec §9).", "EVENT_BASE_REFRESH", "", quota.EventBaseRefresh)
	f.iface("A position as the list shows it (quota.PositionView).", "PositionView", quota.PositionView{}, nil)
	f.iface("A quota with its occupancy (quota.QuotaView).", "QuotaView", quota.QuotaView{}, nil)
	f.iface("A current holder of a position: GET /api/gbzs/positions/{id}/holders (quota.Holder).", "Holder", quota.Holder{}, nil)
	f.iface("A unit's or the school's sums (quota.Occupancy).", "Occupancy", quota.Occupancy{}, nil)
	f.iface("An item of a document (quota.Item).", "Item", quota.Item{}, map[string]string{"kind": "ItemKind"})
	f.iface("A document with its items (quota.Document).", "Document", quota.Document{}, map[string]string{"state": "DocState"})
	f.input("An item of a document's body (quota.ItemInput).", "ItemInput", quota.ItemInput{},
		[]string{"kind", "cadreId", "positionId", "onDate"}, map[string]string{"kind": "ItemKind"})
	f.input("The body of a document's create and update (quota.DocumentInput).", "DocumentInput", quota.DocumentInput{},
		[]string{"docNo", "issuedOn", "issuer", "title", "items"}, nil)
	f.iface("The answer of POST /api/gbzs/documents/{id}/issue (quota.IssueResult).", "IssueResult", quota.IssueResult{}, nil)
	f.input("The body of POST /api/gbzs/documents/{id}/withdraw (quota.WithdrawInput).", "WithdrawInput", quota.WithdrawInput{},
		[]string{"reason"}, nil)
	f.constant("The most characters of a withdrawal's reason.", "MAX_WITHDRAW_REASON", "", quota.MaxWithdrawReason)
	return f.bytes()
}
