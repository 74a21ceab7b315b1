package app

import (
	"zhdj/internal/stats/annual"
)

// statsAnnualTS is the JSON of 党内统计 (/api/dntj): the tables counted and the occupation mapping.
func statsAnnualTS() ([]byte, error) {
	f := newTSFile(header("internal/stats/annual (table.go, count.go, service.go, occupation.go)"))
	f.decl("import type { Page } from '../request'")
	f.union("The level of a table's lines (annual.Level…).", "TableLevel", []string{annual.LevelSecond, annual.LevelBranch})
	f.iface("A table in the catalogue (annual.TableBrief, GET /api/dntj/tables).", "TableBrief", annual.TableBrief{}, nil)
	f.iface("A column: a leaf counted, or a group of children (annual.Column).", "Column", annual.Column{}, map[string]string{"children": "Column[]"})
	f.iface("An organisation's line and its counts by leaf key (annual.Line).", "Line", annual.Line{}, nil)
	f.iface("A check of a table (annual.Check).", "Check", annual.Check{}, nil)
	f.iface("A table counted (annual.Result, GET /api/dntj/tables/{key}).", "Result", annual.Result{},
		map[string]string{"lines": "Page<Line>", "level": "TableLevel"})
	f.iface("A person category's occupation group (annual.OccupationRow).", "OccupationRow", annual.OccupationRow{}, nil)
	f.iface("An occupation group of the 中组部 list (annual.OccupationGroup).", "OccupationGroup", annual.OccupationGroup{}, nil)
	f.iface("The occupation mapping (annual.OccupationMapping, GET/PUT /api/dntj/occupations).", "OccupationMapping", annual.OccupationMapping{}, nil)
	f.iface("The new mapping (annual.MappingInput).", "MappingInput", annual.MappingInput{}, nil)
	return f.bytes()
}
