package app

import (
	"zhdj/internal/cadre/alert"
	"zhdj/internal/cadre/analysis"
	"zhdj/internal/platform/remind"
)

// gbanalysisTS is the JSON of 干部分析 (/api/gb/fx), 干部提醒 (/api/gb/tx)
// and the 干部工作台 (/api/gb/workbench), with the cadre reminder types.
func gbanalysisTS() ([]byte, error) {
	f := newTSFile(header("internal/cadre/analysis and internal/cadre/alert"))
	f.decl("/** A cadre reminder type (spec §4, alert.Type…). */\nexport type ReminderType = %s", numbers(alert.Types))
	f.constant("The cadre reminder types in the spec's order.", "REMINDER_TYPES", "readonly ReminderType[]", alert.Types)
	f.constant("The types' names (alert.Names).", "REMINDER_NAMES", "Record<ReminderType, string>", numbered(alert.Types, alert.Names))
	f.iface("An item of a dimension (analysis.Cell).", "Cell", analysis.Cell{}, nil)
	f.iface("A breakdown of the team (analysis.Dimension).", "Dimension", analysis.Dimension{}, map[string]string{"cells": "Cell[]"})
	f.iface("干部队伍结构分析 (analysis.Structure, GET /api/gb/fx/structure).", "Structure", analysis.Structure{},
		map[string]string{"dimensions": "Dimension[]"})
	f.iface("A unit's cadres (analysis.UnitLine, GET /api/gb/fx/units).", "UnitLine", analysis.UnitLine{}, nil)
	f.iface("A record due (alert.Due, GET /api/gb/tx/due).", "Due", alert.Due{}, map[string]string{"type": "ReminderType"})
	f.iface("A rule of the reminder engine (remind.RuleView).", "Rule", remind.RuleView{}, map[string]string{"type": "ReminderType"})
	f.iface("A figure of the rules (alert.Setting).", "Setting", alert.Setting{}, nil)
	f.iface("The rules and settings (analysis.Rules, GET /api/gb/tx/rules).", "Rules", analysis.Rules{},
		map[string]string{"rules": "Rule[]", "settings": "Setting[]"})
	f.iface("The team's key numbers (analysis.Numbers).", "Numbers", analysis.Numbers{}, nil)
	f.iface("Records due of a type (analysis.TypeCount).", "TypeCount", analysis.TypeCount{}, map[string]string{"type": "ReminderType"})
	f.iface("The 干部工作台 (analysis.Workbench, GET /api/gb/workbench).", "Workbench", analysis.Workbench{},
		map[string]string{"numbers": "Numbers", "dueByType": "TypeCount[]", "due": "Due[]", "dimensions": "Dimension[]"})
	return f.bytes()
}
