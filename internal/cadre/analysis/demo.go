package analysis

import (
	"context"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/unit"
)

// DemoOptions are the demo's seed and day (zero: now).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
	// Sizes are the ranks' sizes (zero: DefaultDemoSizes).
	Sizes DemoSizes
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Cadres, SchoolLeaders, Division, Section int
	Secondments, Certificates, Probations    int
	Managed                                  int // the school leaders' 分管部门
	Took                                     time.Duration
}

// SeedDemo writes the demo university's cadres (PlanDemo) in one
// transaction as the system: each through the base's SaveForm (basic
// information, résumé, family, full-time education) and WritePost (the
// current post; a 挂职 post with EndPost on its planned end), then what the
// base's Go API does not take — the status, category, tenure status and
// team type SaveForm leaves at 临时档案, the three years' assessments and a
// passport out — written on the base's tables (boundary exceptions of
// internal/app, "demo data"). A database that has cadres is left alone.
func (s *Service) SeedDemo(ctx context.Context, base *cadre.Service, units *unit.Service, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	if has, err := s.db.NewSelect().TableExpr("gb_jbxx").Exists(ctx); err != nil || has {
		return res, err
	}
	page, err := units.List(ctx, httpx.ListQuery{})
	if err != nil {
		return nil, err
	}
	var plan []DemoUnit
	for _, u := range page.Content {
		if u.RevokedOn != "" {
			continue
		}
		plan = append(plan, DemoUnit{ID: u.ID, Name: u.Name, Kind: u.Type, Top: u.PID == nil})
	}
	today := opts.Today
	if today.IsZero() {
		today = s.now()
	}
	sizes := opts.Sizes
	if sizes == (DemoSizes{}) {
		sizes = DefaultDemoSizes
	}
	cadres := PlanDemoSized(opts.Seed, date.Of(today.In(date.China)), plan, sizes)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for i := range cadres {
			if err := s.writeDemoCadre(ctx, tx, base, &cadres[i], res); err != nil {
				return fmt.Errorf("demo cadre %s: %w", cadres[i].Name, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Took = time.Since(start)
	return res, nil
}

func coded(v string) cadre.Coded { return cadre.Coded{Code: v} }

// demoPlaces are the demo's 籍贯 and 出生地, one picked by the cadre's name
// (not from the plan's random sequence, which the rest of the plan follows).
var demoPlaces = []string{"湖北武汉", "湖北黄冈", "湖北襄阳", "湖南长沙", "河南信阳", "江西九江", "安徽安庆", "四川成都",
	"山东济南", "江苏南京", "浙江杭州", "河北保定", "陕西西安", "广东广州", "重庆", "北京"}

func demoPlace(name string) string {
	h := fnv.New32a()
	h.Write([]byte(name))
	return demoPlaces[h.Sum32()%uint32(len(demoPlaces))]
}

func (s *Service) writeDemoCadre(ctx context.Context, tx bun.Tx, base *cadre.Service, c *DemoCadre, res *DemoResult) error {
	f := cadre.FormData{Name: c.Name, Gender: coded(c.Gender), BirthOn: c.BirthOn, Ethnicity: coded(c.Ethnicity),
		NativePlace: demoPlace(c.Name), BirthPlace: demoPlace(c.Name), PoliticalStatus: coded(c.Political), PartyJoinOn: c.PartyJoinOn,
		WorkStartOn: c.WorkStartOn, Health: "健康", Title: coded(c.Title),
		FullTime: cadre.EducationLine{Education: coded(c.Education), Degree: coded(c.Degree), School: c.School, Major: c.Major},
		UnitID:   c.UnitID}
	for _, l := range c.Resume {
		f.Resume = append(f.Resume, cadre.ResumeLine{StartOn: l.Start, EndOn: l.End, Text: l.Text})
	}
	for _, r := range c.Family {
		f.Family = append(f.Family, cadre.FamilyLine{Relation: r.Relation, Name: r.Name, BirthOn: r.BirthOn,
			PoliticalStatus: coded(r.Political), EmployerPost: r.EmployerPost})
	}
	id, err := base.SaveForm(ctx, tx, f, audit.OriginSystemImport)
	if err != nil {
		return err
	}
	unitID := c.UnitID
	if err := base.WritePost(ctx, tx, id, cadre.PostChange{Post: c.Post, UnitID: &unitID, Level: c.Level, Attribute: c.Attribute,
		Kind: cadre.PostKindHeld, On: c.PostSince, DocNo: fmt.Sprintf("校干〔%d〕%d号", c.PostSince.Time().Year(), 1+int(id%90)),
		ProbationUntil: c.ProbationUntil, Current: true, Origin: audit.OriginSystemImport}); err != nil {
		return err
	}
	if c.ProbationUntil != "" {
		res.Probations++
	}
	if sec := c.Seconded; sec != nil {
		p := cadre.PostChange{Post: sec.Post, Kind: cadre.PostKindSeconded, On: sec.Start, Origin: audit.OriginSystemImport}
		if err := base.WritePost(ctx, tx, id, p); err != nil {
			return err
		}
		p.On = sec.End
		if err := base.EndPost(ctx, tx, id, p); err != nil {
			return err
		}
		res.Secondments++
	}
	for i, m := range c.Managed {
		if err := base.AddManagedDept(ctx, tx, id, cadre.ManagedDept{Sub: cadre.Sub{Sort: i + 1}, UnitID: m.UnitID, Kind: m.Kind,
			Since: c.PostSince}, audit.OriginSystemImport); err != nil {
			return err
		}
		res.Managed++
	}
	// What the Go API does not write: the cadre's filing and the rows of
	// types 8 (年度考核) and the passport (证件).
	if _, err := tx.NewUpdate().Table("gb_jbxx").Set("status = ?", c.Status).Set("category = ?", c.Category).
		Set("tenure_status = ?", c.Tenure).Set("team_type = ?", c.TeamType).Where("id = ?", id).Exec(ctx); err != nil {
		return err
	}
	now := s.now()
	for i, a := range c.Assessments {
		if _, err := tx.NewInsert().Table("gb_khqk").Model(&map[string]any{"cadre_id": id, "sort": i + 1, "year": a.Year,
			"grade": a.Grade, "created_at": now, "updated_at": now}).Exec(ctx); err != nil {
			return err
		}
	}
	if c.CertificateDue != "" {
		if _, err := tx.NewInsert().Table("gb_zj").Model(&map[string]any{"cadre_id": id, "sort": 1, "kind": "因私普通护照",
			"kept_by_org": true, "out_on": c.CertificateDue.AddDays(-30), "due_back_on": c.CertificateDue,
			"created_at": now, "updated_at": now}).Exec(ctx); err != nil {
			return err
		}
		res.Certificates++
	}
	res.Cadres++
	switch c.Status {
	case statusSchool:
		res.SchoolLeaders++
	case statusDivision:
		res.Division++
	default:
		res.Section++
	}
	return nil
}
