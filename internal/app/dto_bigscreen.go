package app

import (
	"zhdj/internal/stats/bigscreen"
)

// bigscreenTS is the JSON of the cockpits: the signature
// (/api/bigscreen/sign), its verification and the screens' data
// (/api/report/aj/...), with the screens' paths.
func bigscreenTS() ([]byte, error) {
	f := newTSFile(header("internal/stats/bigscreen (sign.go, data.go, campus.go)"))
	f.decl("import type { Figures } from './fee'")
	f.constant("The screens' external paths (bigscreen.Path…), the hash routes of /bigscreen/index.html.", "SCREEN_PATHS",
		"", map[string]string{
			"partyMap": bigscreen.PathPartyMap, "partyCompare": bigscreen.PathPartyCompare, "partyTrend": bigscreen.PathPartyTrend,
			"cadreMap": bigscreen.PathCadreMap, "cadreCompare": bigscreen.PathCadreCompare, "cadreTrend": bigscreen.PathCadreTrend})
	f.iface("A signature for a screen (bigscreen.Signature, GET /api/bigscreen/sign).", "Signature", bigscreen.Signature{}, nil)
	f.iface("What a valid signature opens (bigscreen.Grant, /api/report/aj/verification).", "Grant", bigscreen.Grant{}, nil)
	f.iface("An organisation on the map (bigscreen.OrgDot).", "OrgDot", bigscreen.OrgDot{}, nil)
	f.iface("A building of a campus (bigscreen.Building).", "Building", bigscreen.Building{}, map[string]string{"placed": "OrgDot[]"})
	f.iface("A campus of the schematic (bigscreen.Campus).", "Campus", bigscreen.Campus{}, map[string]string{"buildings": "Building[]"})
	f.iface("综合地图 (bigscreen.Map, GET /api/report/aj/dj/map).", "ScreenMap", bigscreen.Map{}, map[string]string{"campuses": "Campus[]"})
	f.iface("A building as configured (bigscreen.BuildingPlan).", "BuildingPlan", bigscreen.BuildingPlan{}, nil)
	f.iface("A campus as configured (bigscreen.CampusPlan).", "CampusPlan", bigscreen.CampusPlan{}, map[string]string{"buildings": "BuildingPlan[]"})
	f.iface("The campus map's editor (bigscreen.CampusMapForm, GET /api/bigscreen/campus-map).", "CampusMapForm", bigscreen.CampusMapForm{},
		map[string]string{"campuses": "CampusPlan[]", "orgNames": "Record<number, string>"})
	f.iface("A 二级党委 on the comparison (bigscreen.CommitteeLine).", "CommitteeLine", bigscreen.CommitteeLine{}, nil)
	f.iface("综合对比 (bigscreen.Compare, GET /api/report/aj/dj/compare).", "Compare", bigscreen.Compare{}, map[string]string{"lines": "CommitteeLine[]"})
	f.iface("A year of the trend (bigscreen.YearLine).", "YearLine", bigscreen.YearLine{}, nil)
	f.iface("综合统计 (bigscreen.Trend, GET /api/report/aj/dj/trend).", "Trend", bigscreen.Trend{},
		map[string]string{"years": "YearLine[]", "feeYear": "Figures", "feeMonth": "Figures"})
	return f.bytes()
}
