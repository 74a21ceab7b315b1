package app

import (
	kit "zhdj/internal/platform/query"
	statsquery "zhdj/internal/stats/query"
)

// statsQueryTS is the JSON of 综合查询 (/api/zhcx) and 花名册 (/api/hmc).
func statsQueryTS() ([]byte, error) {
	f := newTSFile(header("internal/stats/query (run.go, saved.go, roster.go), internal/platform/query"))
	kinds := make([]string, len(kit.Kinds))
	for i, k := range kit.Kinds {
		kinds[i] = string(k)
	}
	f.union("A field's kind (query.Kind).", "FieldKind", kinds)
	f.iface("An operator with its label (query.Op).", "QueryOp", kit.Op{}, nil)
	f.iface("A value of a field without a dictionary (query.Option).", "QueryOption", kit.Option{}, nil)
	f.iface("A field the page offers (query.FieldInfo).", "FieldInfo", statsquery.FieldInfo{}, map[string]string{"kind": "FieldKind"})
	f.iface("A source with its fields (query.SourceInfo, GET /api/zhcx/sources).", "SourceInfo", statsquery.SourceInfo{}, nil)
	f.iface("A condition (query.Condition).", "Condition", kit.Condition{}, nil)
	f.iface("Conditions joined by and/or (query.Group).", "ConditionGroup", kit.Group{}, map[string]string{"logic": "'and' | 'or' | ''", "conditions": "Condition[]"})
	f.iface("Groups joined by and/or (query.Filter).", "QueryFilter", kit.Filter{}, map[string]string{"logic": "'and' | 'or' | ''", "groups": "ConditionGroup[]"})
	f.iface("A query to run or export (query.Request, POST /api/zhcx/run).", "QueryRequest", statsquery.Request{}, map[string]string{"filter": "QueryFilter"})
	f.iface("A result column (query.Column).", "ResultColumn", statsquery.Column{}, nil)
	f.iface("A result row (query.Row).", "ResultRow", statsquery.Row{}, nil)
	f.iface("A page of a query's rows (query.Result).", "QueryResult", statsquery.Result{}, map[string]string{"columns": "ResultColumn[]", "content": "ResultRow[]"})
	f.iface("A saved query (query.Saved, /api/zhcx/saved).", "SavedQuery", statsquery.Saved{}, map[string]string{"filter": "QueryFilter"})
	f.iface("A built-in roster (query.Roster, GET /api/hmc/rosters).", "Roster", statsquery.Roster{}, map[string]string{"columns": "ResultColumn[]"})
	return f.bytes()
}
