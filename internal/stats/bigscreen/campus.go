package bigscreen

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/system"
)

// The campus map (综合地图) is the setting CfgCampusMap: the campuses as
// rectangles on a 0–100 grid, each building a point inside its campus with
// the organisations housed there, by id (a renamed organisation stays on
// the map). The department edits it on the map page (GET/PUT
// /api/bigscreen/campus-map) or as the setting's text; both paths check it
// here (system.CheckSetting), so the screen never reads a value it cannot
// draw.

// CampusPlan is a campus as configured: a rectangle with its buildings.
type CampusPlan struct {
	Name      string         `json:"name"`
	X         float64        `json:"x"`
	Y         float64        `json:"y"`
	W         float64        `json:"w"`
	H         float64        `json:"h"`
	Buildings []BuildingPlan `json:"buildings"`
}

// BuildingPlan is a building as configured: a point and the organisations
// housed there.
type BuildingPlan struct {
	Name   string  `json:"name"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	OrgIDs []int64 `json:"orgIds"`
}

// Campus is a campus as the screen draws it.
type Campus struct {
	Name      string     `json:"name"`
	X         float64    `json:"x"`
	Y         float64    `json:"y"`
	W         float64    `json:"w"`
	H         float64    `json:"h"`
	Buildings []Building `json:"buildings"`
}

// Building is a building as the screen draws it: the organisations of the
// signer's scope housed there, with their serving members.
type Building struct {
	Name    string   `json:"name"`
	X       float64  `json:"x"`
	Y       float64  `json:"y"`
	Placed  []OrgDot `json:"placed"`
	Members int      `json:"members"`
}

// Limits of the map: what a schematic of a university can hold and a
// screen can draw legibly.
const (
	maxCampuses          = 12
	maxBuildings         = 60 // per campus
	maxOrgsPerBuilding   = 30
	maxCampusNameRunes   = 20
	maxBuildingNameRunes = 20
	gridMax              = 100.0
)

// CampusMapInput is the body of PUT /api/bigscreen/campus-map.
type CampusMapInput struct {
	Campuses []CampusPlan `json:"campuses"`
}

// CampusMapForm is GET /api/bigscreen/campus-map: the map as configured,
// with the names of the organisations it places (Problem: the stored value
// cannot be read; the editor starts empty and says so).
type CampusMapForm struct {
	Campuses []CampusPlan     `json:"campuses"`
	OrgNames map[int64]string `json:"orgNames"`
	Problem  string           `json:"problem,omitempty"`
}

// parseCampusMap reads a stored or sent value: the campuses, or a 400 on
// field naming the first thing wrong. An empty value is no map.
func parseCampusMap(raw, field string) ([]CampusPlan, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	var campuses []CampusPlan
	if err := json.Unmarshal([]byte(raw), &campuses); err != nil {
		return nil, httpx.Invalid(field, "校区示意图格式有误：须为校区的 JSON 数组（%s）", err.Error())
	}
	return campuses, checkCampuses(campuses, field)
}

// checkCampuses checks the shape of a map: names, sizes, and every figure
// on the grid, each building inside its campus.
func checkCampuses(campuses []CampusPlan, field string) error {
	if len(campuses) > maxCampuses {
		return httpx.Invalid(field, "校区不能超过%d个", maxCampuses)
	}
	onGrid := func(v float64) bool { return v >= 0 && v <= gridMax }
	seen := map[string]bool{}
	for i, c := range campuses {
		name := strings.TrimSpace(c.Name)
		where := fmt.Sprintf("第%d个校区", i+1)
		switch {
		case name == "":
			return httpx.Invalid(field, "%s：请填写校区名称", where)
		case utf8.RuneCountInString(name) > maxCampusNameRunes:
			return httpx.Invalid(field, "%s：校区名称不能超过%d个字", where, maxCampusNameRunes)
		case seen[name]:
			return httpx.Invalid(field, "校区“%s”重复", name)
		case !onGrid(c.X) || !onGrid(c.Y) || c.W <= 0 || c.H <= 0 || c.X+c.W > gridMax || c.Y+c.H > gridMax:
			return httpx.Invalid(field, "校区“%s”的位置或大小超出示意图（坐标 0–100，宽高大于 0 且不超出右、下边界）", name)
		case len(c.Buildings) > maxBuildings:
			return httpx.Invalid(field, "校区“%s”的楼宇不能超过%d栋", name, maxBuildings)
		}
		seen[name] = true
		inBuilding := map[string]bool{}
		for j, b := range c.Buildings {
			bname := strings.TrimSpace(b.Name)
			where := fmt.Sprintf("校区“%s”第%d栋楼宇", name, j+1)
			switch {
			case bname == "":
				return httpx.Invalid(field, "%s：请填写楼宇名称", where)
			case utf8.RuneCountInString(bname) > maxBuildingNameRunes:
				return httpx.Invalid(field, "%s：楼宇名称不能超过%d个字", where, maxBuildingNameRunes)
			case inBuilding[bname]:
				return httpx.Invalid(field, "校区“%s”的楼宇“%s”重复", name, bname)
			case b.X < c.X || b.X > c.X+c.W || b.Y < c.Y || b.Y > c.Y+c.H:
				return httpx.Invalid(field, "楼宇“%s”不在校区“%s”的范围内", bname, name)
			case len(b.OrgIDs) > maxOrgsPerBuilding:
				return httpx.Invalid(field, "楼宇“%s”的党组织不能超过%d个", bname, maxOrgsPerBuilding)
			}
			inBuilding[bname] = true
			for _, id := range b.OrgIDs {
				if id <= 0 {
					return httpx.Invalid(field, "楼宇“%s”的党组织无效", bname)
				}
			}
		}
	}
	return nil
}

// normalised trims the names and keeps only what is configured (the
// screen's counts are never stored).
func normalised(campuses []CampusPlan) []CampusPlan {
	out := make([]CampusPlan, 0, len(campuses))
	for _, c := range campuses {
		bs := make([]BuildingPlan, 0, len(c.Buildings))
		for _, b := range c.Buildings {
			ids := uniq.Of(b.OrgIDs)
			if ids == nil {
				ids = []int64{}
			}
			bs = append(bs, BuildingPlan{Name: strings.TrimSpace(b.Name), X: b.X, Y: b.Y, OrgIDs: ids})
		}
		out = append(out, CampusPlan{Name: strings.TrimSpace(c.Name), X: c.X, Y: c.Y, W: c.W, H: c.H, Buildings: bs})
	}
	return out
}

// orgIDsOf is every organisation a map places.
func orgIDsOf(campuses []CampusPlan) []int64 {
	var ids []int64
	for _, c := range campuses {
		for _, b := range c.Buildings {
			ids = append(ids, b.OrgIDs...)
		}
	}
	return ids
}

// checkCampusMap is the setting's rule (system.CheckSetting): the shape,
// and every organisation placed exists.
func (s *Service) checkCampusMap(ctx context.Context, raw string) error {
	campuses, err := parseCampusMap(raw, "configValue")
	if err != nil {
		return err
	}
	return s.checkPlaced(ctx, campuses, "configValue")
}

// checkPlaced answers a 400 on field when a map places an organisation
// that does not exist.
func (s *Service) checkPlaced(ctx context.Context, campuses []CampusPlan, field string) error {
	ids := orgIDsOf(campuses)
	names, err := s.orgs.Names(ctx, ids)
	if err != nil {
		return httpx.Internal(err)
	}
	for _, id := range ids {
		if names[id] == "" {
			return httpx.Invalid(field, "示意图中的党组织（编号%d）不存在", id)
		}
	}
	return nil
}

// CampusMap is the map as configured, for the editor.
func (s *Service) CampusMap(ctx context.Context) (CampusMapForm, error) {
	out := CampusMapForm{Campuses: []CampusPlan{}, OrgNames: map[int64]string{}}
	campuses, err := parseCampusMap(s.sys.Setting(ctx, CfgCampusMap), "configValue")
	if err != nil {
		out.Problem = message(err)
		return out, nil
	}
	if campuses != nil {
		out.Campuses = normalised(campuses)
	}
	if out.OrgNames, err = s.orgs.Names(ctx, orgIDsOf(campuses)); err != nil {
		return out, httpx.Internal(err)
	}
	return out, nil
}

// SaveCampusMap checks and stores the map (no campus: no map).
func (s *Service) SaveCampusMap(ctx context.Context, in CampusMapInput) error {
	// The refusals name the map as a whole (campusMap): what is wrong is
	// said in the message (which campus, which building), beside the form's
	// buttons.
	if err := checkCampuses(in.Campuses, "campusMap"); err != nil {
		return err
	}
	if err := s.checkPlaced(ctx, in.Campuses, "campusMap"); err != nil {
		return err
	}
	value := ""
	if len(in.Campuses) > 0 {
		b, err := json.Marshal(normalised(in.Campuses))
		if err != nil {
			return httpx.Internal(err)
		}
		value = string(b)
		if n := utf8.RuneCountInString(value); n > system.MaxConfigValue {
			return httpx.Invalid("campusMap", "示意图内容过多（%d个字符，上限%d），请减少楼宇或党组织", n, system.MaxConfigValue)
		}
	}
	return s.sys.SetSetting(ctx, CfgCampusMap, value)
}
