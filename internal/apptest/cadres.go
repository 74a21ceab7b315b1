package apptest

import (
	"fmt"
	"sync/atomic"
	"testing"
)

// Fixtures of the cadre packages' tests, made through the API as the
// admin: a unit paired with a party organisation, a post of 职数管理 and a
// serving cadre.

var unitSeq atomic.Int64 // unit codes unique across parallel tests

// Unit creates a unit (type 1, 院系) paired with party organisation dzz.
func (e *Env) Unit(t testing.TB, name string, dzz int64) int64 {
	t.Helper()
	return e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": name, "code": fmt.Sprintf("DW%04d", unitSeq.Add(1)), "type": "1",
		"leaderName": "张主任", "contactPhone": "010-62750000", "foundedOn": "1990-09-01", "dzzId": dzz})
}

// Position creates a post of 职数管理 of the unit at level (GB_XZJB),
// elected (选任制) or not.
func (e *Env) Position(t testing.TB, unitID int64, name, level string, elected bool) int64 {
	t.Helper()
	return e.Create(t, e.AdminTK, "/api/gbzs/positions", map[string]any{"unitId": unitID, "name": name, "level": level,
		"attribute": "2", "teamType": "2", "elected": elected})
}

// Cadre creates a cadre of the unit born in birthMonth's first day, at
// level (GB_XZJB) with status (GB_ZT), holding post.
func (e *Env) Cadre(t testing.TB, name string, unitID int64, birthOn, post, level, status string) int64 {
	t.Helper()
	return e.Create(t, e.AdminTK, "/api/gbjbxx", map[string]any{"name": name, "gender": "1", "birthOn": birthOn, "ethnicity": "01",
		"politicalStatus": "01", "unitId": unitID, "post": post, "level": level, "category": "2", "status": status,
		"education": "11", "degree": "201"})
}
