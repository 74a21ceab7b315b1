package bigscreen

import (
	"math"
	"testing"
)

// The demo's buildings leave a label's room between them on every campus,
// the narrow ones too (four to a row on a 32-wide campus ran the names into
// each other), and stay inside their campus.
func TestDemoBuildingsLeaveRoomForTheirNames(t *testing.T) {
	t.Parallel()
	for _, c := range demoCampuses {
		var placed []BuildingPlan
		for n := range 6 {
			b := demoBuilding(&c, n, "计算机科学与技术学院党委", int64(n+1))
			if b.X < c.X || b.X > c.X+c.W || b.Y < c.Y || b.Y > c.Y+c.H {
				t.Errorf("%s: building %d at (%.1f, %.1f) outside the campus", c.Name, n, b.X, b.Y)
			}
			for _, o := range placed {
				if math.Abs(o.X-b.X) < demoLabelWidth && math.Abs(o.Y-b.Y) < demoLabelHeight {
					t.Errorf("%s: buildings at (%.1f, %.1f) and (%.1f, %.1f) overlap", c.Name, o.X, o.Y, b.X, b.Y)
				}
			}
			placed = append(placed, b)
		}
	}
}
