package app

import "zhdj/internal/content"

// contentTS is the vocabulary and the JSON of 党务新闻 (/api/dwxw), 文章管理
// (/api/wzgl) and the reader's routes (/api/content/…):
// web/src/api/generated/content.ts.
func contentTS() ([]byte, error) {
	f := newTSFile(header("internal/content (item.go, read.go)"))
	f.union("An item's kind (content.Kind…).", "Kind", content.Kinds)
	f.constant("The kinds' names (content.KindLabels).", "KIND_NAMES", "Record<Kind, string>", named(content.Kinds, content.KindLabels))
	f.union("An item's state (content.State…).", "State", content.States)
	f.constant("The states in the flow's order.", "STATES", "readonly State[]", content.States)
	f.constant("The states' names (content.StateLabels).", "STATE_NAMES", "Record<State, string>", named(content.States, content.StateLabels))
	f.constant("The columns' dictionaries by kind.", "COLUMN_DICTS", "Record<Kind, string>",
		tsObj{{content.KindNews, content.DictNewsColumn}, {content.KindArticle, content.DictArticleColumn}})
	f.constant("The bounds of the texts (characters).", "LIMITS", "", tsObj{{"title", content.MaxTitle}})
	f.iface("An item as stored (content.Item).", "Item", content.Item{},
		map[string]string{"kind": "Kind", "state": "State", "pinnedUntil": "string | null"})
	f.iface("An item as the staff list and detail show it (content.ItemView).", "ItemView", content.ItemView{}, nil)
	f.iface("An item as the reader's list shows it (content.ReadView).", "ReadView", content.ReadView{}, nil)
	f.iface("One reader of an item (content.Receipt).", "Receipt", content.Receipt{}, nil)
	f.iface("The caller's unread items (content.Unread).", "Unread", content.Unread{}, nil)
	f.input("The body of POST …/{id}/publish, …/reject (content.FlowInput).", "FlowInput", content.FlowInput{}, nil, nil)
	return f.bytes()
}
