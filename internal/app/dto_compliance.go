package app

import "zhdj/internal/orglife"

// complianceTS is the web's copy of 会议统计 (internal/orglife
// compliance.go): the judgements and periods with their names, and the
// JSON of /api/zzsh/compliance/branch and /orgs, and of the home pages'
// /api/home/meetings.
func complianceTS() ([]byte, error) {
	f := newTSFile(header("internal/orglife (compliance.go)"))
	f.union("The judgement of one period (orglife.Cell…).", "CellStatus", orglife.Cells)
	f.constant("The judgements in a legend's order.", "CELLS", "readonly CellStatus[]", orglife.Cells)
	f.constant("The judgements as the tables show them (orglife.CellNames).", "CELL_NAMES", "Record<CellStatus, string>", named(orglife.Cells, orglife.CellNames))
	f.union("A requirement's period (orglife.Period…).", "PeriodKind", orglife.Periods)
	f.constant("The periods' names (orglife.PeriodNames).", "PERIOD_NAMES", "Record<PeriodKind, string>", named(orglife.Periods, orglife.PeriodNames))
	f.iface("One requirement an organisation is judged on (orglife.Measure).", "Measure", orglife.Measure{}, map[string]string{"period": "PeriodKind"})
	f.iface("One period of a measure: months from–to (orglife.Period).", "Period", orglife.Period{}, map[string]string{"status": "CellStatus"})
	f.iface("One measure of one organisation: its periods and the meetings of each month (orglife.Line).", "Line", orglife.Line{}, nil)
	f.iface("An organisation's year: GET /api/zzsh/compliance/branch (orglife.Calendar).", "Calendar", orglife.Calendar{}, nil)
	f.iface("The periods met out of those judged (orglife.Share).", "Share", orglife.Share{}, nil)
	f.iface("One row of the organisations' table (orglife.OrgRow).", "OrgRow", orglife.OrgRow{}, map[string]string{"drill": "'orgs' | 'branch'"})
	f.iface("The organisations under one: GET /api/zzsh/compliance/orgs (orglife.OrgTable).", "OrgTable", orglife.OrgTable{}, nil)
	f.iface("One meeting measure this month in the caller's scope (orglife.DueItem).", "DueItem", orglife.DueItem{}, nil)
	f.iface("A period that ended without its meetings (orglife.Gap).", "Gap", orglife.Gap{}, nil)
	f.iface("The home pages' organisation life: GET /api/home/meetings (orglife.MonthDue).", "MonthDue", orglife.MonthDue{}, nil)
	return f.bytes()
}
