package app

import (
	"zhdj/internal/datasource"
	"zhdj/internal/imports"
	"zhdj/internal/system"
)

// dataSourceTS is the vocabulary and the JSON of 数据源配置 (/api/dataSources):
// web/src/api/generated/dataSource.ts.
func dataSourceTS() ([]byte, error) {
	f := newTSFile(header("internal/datasource (service.go, sync.go)"))
	f.union("A source's type (datasource.Type…).", "SourceType", datasource.Types)
	f.constant("The types in their order.", "SOURCE_TYPES", "readonly SourceType[]", datasource.Types)
	f.constant("The types' names (datasource.TypeLabels).", "SOURCE_TYPE_NAMES", "Record<SourceType, string>", named(datasource.Types, datasource.TypeLabels))
	f.constant("The most records one run reads.", "MAX_RECORDS", "", datasource.MaxRecords)
	f.iface("A column of an import a source fills (imports.Column).", "TargetColumn", imports.Column{}, nil)
	f.iface("A status leavers may be marked with (system.DictOption).", "StatusOption", system.DictOption{}, nil)
	f.iface("What a source may fill (datasource.Target).", "Target", datasource.Target{},
		map[string]string{"columns": "TargetColumn[]", "absentStatuses": "StatusOption[]"})
	f.iface("A source as stored (datasource.Source).", "Source", datasource.Source{}, map[string]string{"type": "SourceType"})
	f.iface("A source as the page shows it (datasource.SourceView).", "SourceView", datasource.SourceView{}, nil)
	f.input("The body of create, update and preview (datasource.Input).", "SourceInput", datasource.Input{},
		[]string{"name", "target", "type", "mapping"}, map[string]string{"type": "SourceType"})
	f.iface("A source's first records and their mapped cells (datasource.Preview).", "Preview", datasource.Preview{},
		map[string]string{"records": "Record<string, string>[]"})
	f.iface("One run of a source (datasource.Run).", "Run", datasource.Run{}, nil)
	f.input("The body of a run (datasource.RunInput).", "RunInput", datasource.RunInput{}, nil, nil)
	return f.bytes()
}
