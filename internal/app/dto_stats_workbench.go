package app

import (
	"zhdj/internal/stats/workbench"
)

// statsWorkbenchTS is the JSON of the 党建工作台 (/api/dj/workbench) and
// 党组织数据分析 (/api/dzzfx).
func statsWorkbenchTS() ([]byte, error) {
	f := newTSFile(header("internal/stats/workbench (workbench.go, dzzfx.go)"))
	f.decl("import type { MonthDue } from './compliance'")
	f.decl("import type { Figures } from './fee'")
	f.iface("A value with its count (workbench.Count).", "Count", workbench.Count{}, nil)
	f.iface("A year with a count (workbench.YearCount).", "YearCount", workbench.YearCount{}, nil)
	f.iface("Serving members at a month's end (workbench.MonthCount).", "MonthCount", workbench.MonthCount{}, nil)
	f.iface("The 党建工作台 (workbench.Workbench, GET /api/dj/workbench).", "Workbench", workbench.Workbench{},
		map[string]string{"life": "MonthDue", "feeYear": "Figures", "feeMonth": "Figures"})
	f.iface("A 二级党委's organisation structure (workbench.CommitteeRow).", "CommitteeRow", workbench.CommitteeRow{}, nil)
	f.iface("Members along one dimension (workbench.Dimension).", "Dimension", workbench.Dimension{}, nil)
	f.iface("党组织数据分析 (workbench.Analysis, GET /api/dzzfx).", "Analysis", workbench.Analysis{}, nil)
	return f.bytes()
}
