package analysis

import (
	"context"

	"zhdj/internal/platform/httpx"
)

// UnitLine is a unit's serving cadres: the 干部队伍结构 per unit.
type UnitLine struct {
	UnitID   int64  `bun:"unit_id" json:"unitId"`
	UnitName string `bun:"unit_name" json:"unitName"`
	Total    int    `bun:"total" json:"total"`
	School   int    `bun:"school" json:"school"`     // 现任校领导
	Division int    `bun:"division" json:"division"` // 现任处级
	Section  int    `bun:"section" json:"section"`   // 现任科级
	Women    int    `bun:"women" json:"women"`
	CPC      int    `bun:"cpc" json:"cpc"`
	Under40  int    `bun:"under40" json:"under40"` // 40岁及以下 (年轻干部)
	Graduate int    `bun:"graduate" json:"graduate"`
}

// Status codes of GB_ZT counted per unit.
const (
	statusSchool   = "1" // 现任校领导
	statusDivision = "2" // 现任处级
	statusSection  = "3" // 现任科级
	genderFemale   = "2" // DJ_COMM_XB 女
	// graduatePrefix: DJ_DY_XLXX codes of 研究生 (博士, 硕士) start with 1 (GB/T 4658).
	graduatePrefix = "1"
)

// Units counts each unit's serving cadres in the caller's scope, the
// units in name order (a unit without cadres is not listed). A university
// has some tens of units: the lines are not paged.
func (s *Service) Units(ctx context.Context) ([]UnitLine, error) {
	team, err := s.team(ctx, 0)
	if err != nil {
		return nil, err
	}
	under40 := s.today().AddYears(-41)
	inner := team().ColumnExpr("g.unit_id AS unit_id").ColumnExpr("COUNT(*) AS total").
		ColumnExpr("SUM(CASE WHEN g.status = ? THEN 1 ELSE 0 END) AS school", statusSchool).
		ColumnExpr("SUM(CASE WHEN g.status = ? THEN 1 ELSE 0 END) AS division", statusDivision).
		ColumnExpr("SUM(CASE WHEN g.status = ? THEN 1 ELSE 0 END) AS section", statusSection).
		ColumnExpr("SUM(CASE WHEN g.gender = ? THEN 1 ELSE 0 END) AS women", genderFemale).
		ColumnExpr("SUM(CASE WHEN g.political_status IN (?, ?) THEN 1 ELSE 0 END) AS cpc", politicalCPC, politicalCPCPending).
		ColumnExpr("SUM(CASE WHEN g.birth_on > ? THEN 1 ELSE 0 END) AS under40", under40).
		ColumnExpr("SUM(CASE WHEN g.education LIKE ? THEN 1 ELSE 0 END) AS graduate", graduatePrefix+"%").
		GroupExpr("g.unit_id")
	q := s.db.NewSelect().TableExpr("(?) AS t", inner).ColumnExpr("t.*").ColumnExpr(s.base.UnitName("t.unit_id") + " AS unit_name").
		OrderExpr("unit_name, t.unit_id")
	lines := []UnitLine{}
	if err := q.Scan(ctx, &lines); err != nil {
		return nil, httpx.Internal(err)
	}
	return lines, nil
}
