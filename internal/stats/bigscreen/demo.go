package bigscreen

import (
	"context"
	"fmt"
	"strings"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// demoCampuses are the demo university's campuses: where its 二级党委 are
// placed, in turn, one building each.
var demoCampuses = []CampusPlan{
	{Name: "主校区", X: 3, Y: 4, W: 58, H: 90},
	{Name: "东校区", X: 65, Y: 4, W: 32, H: 50},
	{Name: "医学校区", X: 65, Y: 60, W: 32, H: 34},
}

// SeedDemo draws the demo university's campus map: each 二级党委 in a
// building of one of the campuses (about half on the main campus), unless
// a map is configured already. It answers the buildings placed.
func (s *Service) SeedDemo(ctx context.Context) (int, error) {
	if strings.TrimSpace(s.sys.Setting(ctx, CfgCampusMap)) != "" {
		return 0, nil
	}
	var tops []struct {
		ID   int64  `bun:"top_id"`
		Name string `bun:"top_name"`
	}
	if err := s.db.NewSelect().TableExpr("(?) AS l", org.SelectLevel(s.db, org.LevelSecond)).Column("l.top_id", "l.top_name").
		OrderExpr("l.top_sort, l.top_path").Scan(ctx, &tops); err != nil {
		return 0, httpx.Internal(err)
	}
	campuses := make([]CampusPlan, len(demoCampuses))
	copy(campuses, demoCampuses)
	for i, t := range tops {
		c := &campuses[0] // every other committee on the main campus, the rest on the two others in turn
		if i%2 == 1 {
			c = &campuses[1+(i/2)%2]
		}
		b := demoBuilding(c, len(c.Buildings), t.Name, t.ID)
		for _, other := range c.Buildings {
			if other.Name == b.Name { // two committees whose names shorten alike
				b.Name = fmt.Sprintf("%d号楼", len(c.Buildings)+1)
			}
		}
		c.Buildings = append(c.Buildings, b)
	}
	if err := s.SaveCampusMap(ctx, CampusMapInput{Campuses: campuses}); err != nil {
		return 0, err
	}
	return len(tops), nil
}

// Room a demo building's label needs on the 0–100 grid: a name of up to
// nine characters under its marker, at the screen's usual width.
const demoLabelWidth, demoLabelHeight = 16.0, 7.0

// demoBuilding is the n-th building of campus c, on a grid inside the
// campus with a label's room per cell (a narrow campus gets fewer columns,
// so the names do not run into each other), named after its committee
// (计算机学院党委 → 计算机学院楼).
func demoBuilding(c *CampusPlan, n int, committee string, id int64) BuildingPlan {
	perRow := max(1, int(c.W/demoLabelWidth))
	rows := max(1, int((c.H-10)/demoLabelHeight))
	col, row := n%perRow, (n/perRow)%rows
	x := c.X + c.W*(float64(col)+0.5)/float64(perRow)
	y := c.Y + 8 + (c.H-10)*(float64(row)+0.5)/float64(rows)
	name := strings.TrimPrefix(committee, "中共")
	for _, suffix := range []string{"委员会", "党委", "党总支", "总支"} {
		name = strings.TrimSuffix(name, suffix)
	}
	if r := []rune(name); len(r) == 0 {
		name = fmt.Sprintf("%d号楼", n+1)
	} else {
		name = string(r[:min(len(r), maxBuildingNameRunes-1)]) + "楼"
	}
	return BuildingPlan{Name: name, X: x, Y: y, OrgIDs: []int64{id}}
}
