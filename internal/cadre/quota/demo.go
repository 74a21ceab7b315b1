package quota

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// DemoResult is what SeedDemo wrote (Skipped: the database had positions
// already, nothing was written).
type DemoResult struct {
	Skipped     bool
	Positions   int
	Quotas      int
	Holdings    int
	OverQuota   int      // holdings marked 超职数
	VacantUnits []string // units left with one vacancy by the seed
	OverUnits   []string // units over their quota
	Issued      string   // the 文号 of the issued demo document ("" when no vacancy could be filled)
	Draft       string   // the 文号 of the draft demo document
}

// OverReasonLegacy is the reason recorded on the holdings the demo puts
// over quota.
const OverReasonLegacy = "历史遗留，待消化"

// demoCadre is a cadre with a 现任职务, as the cadre base answers it.
type demoCadre struct {
	id        int64
	name      string
	unitID    int64
	unitName  string
	post      string
	level     string
	postSince date.Date
}

// demoUnit is one unit's cadres, positions and quotas being seeded.
type demoUnit struct {
	id        int64
	name      string
	cadres    []demoCadre
	positions []*Position // in order of first holder
	byName    map[string]*Position
	count     map[string]int // holders per level of the position held
	approved  map[string]int
}

// SeedDemo builds 职数管理 over the cadres already in the cadre base (the
// demo university's), read through the base's Go API (Each): a position per
// unit and post title, the quotas per unit and level, and a holding per
// cadre counted against them, recorded by an issued 存量登记 document per
// unit (a holding names the item that began it); most units come out
// exactly full, a few with one vacancy, one or two over quota (超职数,
// OverReasonLegacy). Then a real 任免文件 moves a cadre into a vacancy
// (免去 and 任命) through the issue path, and a second one stays a draft.
// All in one transaction, as the system. A database that has positions is
// left alone. The cadres' existing post rows (type 3) are neither
// duplicated nor linked to the positions (the base offers no way to set
// their position; a 免去 finds them by title: base.Remove).
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	ctx = rbac.AsSystem(ctx)
	n, err := s.db.NewSelect().Table("gb_position").Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if n > 0 {
		return &DemoResult{Skipped: true}, nil
	}
	units, err := s.demoUnits(ctx)
	if err != nil {
		return nil, err
	}
	res := &DemoResult{}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		vacant, err := s.seedOccupancy(ctx, tx, units, res)
		if err != nil {
			return err
		}
		return s.seedDocuments(ctx, tx, units, vacant, res)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// demoUnits are the units of the cadres with a 现任职务 and a level, in
// unit id order, their cadres by id.
func (s *Service) demoUnits(ctx context.Context) ([]*demoUnit, error) {
	byID := map[int64]*demoUnit{}
	var units []*demoUnit
	err := s.base.Each(ctx, s.db, nil, func(r cadre.Row) error {
		post := strings.TrimSpace(r.Post)
		if post == "" || r.Level == "" {
			return nil
		}
		u := byID[r.UnitID]
		if u == nil {
			u = &demoUnit{id: r.UnitID, name: r.UnitName, byName: map[string]*Position{}, count: map[string]int{}, approved: map[string]int{}}
			byID[r.UnitID] = u
			units = append(units, u)
		}
		u.cadres = append(u.cadres, demoCadre{id: r.ID, name: r.Name, unitID: r.UnitID, unitName: r.UnitName, post: db.Clip(post, 100),
			level: r.Level, postSince: r.PostSince})
		return nil
	})
	sort.Slice(units, func(i, j int) bool { return units[i].id < units[j].id })
	return units, err
}

// demoAttribute is 党务 (1) for a party post, else 行政 (2) (GB_ZWSX).
func demoAttribute(post string) string {
	for _, w := range []string{"党委", "党总支", "书记", "组织", "宣传", "纪委"} {
		if strings.Contains(post, w) {
			return "1"
		}
	}
	return "2"
}

// demoTeamType is the team (GB_BZLX): 校领导班子 for the school's leaders
// (厅级), 院系 for a school or department, 机关 for an office, else 直属单位.
func demoTeamType(unitName, level string) string {
	switch {
	case level == "1" || level == "2":
		return "1"
	case strings.Contains(unitName, "学院") || strings.HasSuffix(unitName, "系"):
		return "2"
	case strings.HasSuffix(unitName, "部") || strings.HasSuffix(unitName, "处") || strings.Contains(unitName, "办公室") ||
		strings.HasSuffix(unitName, "委员会") || strings.HasSuffix(unitName, "团委"):
		return "3"
	}
	return "4"
}

// busiestLevel is the unit's level with most holders (ties: the lower
// rank, the larger code: deputies are where vacancies and excess usually
// lie).
func (u *demoUnit) busiestLevel() string {
	best := ""
	for l, n := range u.count {
		if best == "" || n > u.count[best] || n == u.count[best] && l > best {
			best = l
		}
	}
	return best
}

// seedOccupancy writes the positions, the quotas, the 存量登记 documents
// and the holdings, and answers the units left with a vacancy, in order.
func (s *Service) seedOccupancy(ctx context.Context, tx bun.Tx, units []*demoUnit, res *DemoResult) ([]*demoUnit, error) {
	now := s.now()
	for _, u := range units {
		for _, c := range u.cadres {
			p := u.byName[c.post]
			if p == nil { // one position per title: the first holder's level (the cadres are in id order)
				p = &Position{UnitID: u.id, Name: c.post, Level: c.level, Attribute: demoAttribute(c.post),
					TeamType: demoTeamType(u.name, c.level), Sort: len(u.positions) + 1}
				p.CreatedAt, p.UpdatedAt = now, now
				if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
					return nil, httpx.Internal(err)
				}
				u.byName[c.post] = p
				u.positions = append(u.positions, p)
				res.Positions++
			}
			u.count[p.Level]++
		}
		for l, n := range u.count {
			u.approved[l] = n
		}
	}
	// One or two units over quota (their busiest level one place short),
	// then a few with one vacancy, chosen by position in unit order so
	// that the same cadres give the same picture.
	var candidates []*demoUnit
	for _, u := range units {
		if u.count[u.busiestLevel()] >= 2 {
			candidates = append(candidates, u)
		}
	}
	over := map[int64]string{}
	if len(candidates) > 0 {
		picks := []int{len(candidates) / 3}
		if len(candidates) > 10 {
			picks = append(picks, 2*len(candidates)/3)
		}
		for _, i := range picks {
			u := candidates[i]
			l := u.busiestLevel()
			u.approved[l]--
			over[u.id] = l
			res.OverUnits = append(res.OverUnits, u.name)
		}
	}
	var rest, vacant []*demoUnit
	for _, u := range units {
		if _, ok := over[u.id]; !ok {
			rest = append(rest, u)
		}
	}
	for k, u := range rest {
		if k%6 == 1 {
			vacant = append(vacant, u)
		}
	}
	for k := 0; len(vacant) < 2 && k < len(rest); k++ { // at least two: one to fill, one for the draft
		if k%6 != 1 {
			vacant = append(vacant, rest[k])
		}
	}
	sort.Slice(vacant, func(i, j int) bool { return vacant[i].id < vacant[j].id })
	for _, u := range vacant {
		u.approved[u.busiestLevel()]++
		res.VacantUnits = append(res.VacantUnits, u.name)
	}
	today := date.Of(now)
	for j, u := range units {
		quotaIDs := map[string]int64{}
		levels := make([]string, 0, len(u.count))
		for l := range u.count {
			levels = append(levels, l)
		}
		sort.Strings(levels)
		for _, l := range levels {
			q := Quota{UnitID: u.id, Level: l, Approved: u.approved[l]}
			q.CreatedAt, q.UpdatedAt = now, now
			if _, err := tx.NewInsert().Model(&q).Exec(ctx); err != nil {
				return nil, httpx.Internal(err)
			}
			// occupied is counted by the holdings below, as an issue would.
			if _, err := tx.NewUpdate().Table("gb_quota").Set("occupied = ?", u.count[l]).Where("id = ?", q.ID).Exec(ctx); err != nil {
				return nil, httpx.Internal(err)
			}
			quotaIDs[l] = q.ID
			res.Quotas++
		}
		// The holders beyond the approved number are the latest appointed
		// at the level over quota.
		overCadre := map[int64]bool{}
		if l, ok := over[u.id]; ok {
			var at []demoCadre
			for _, c := range u.cadres {
				if u.byName[c.post].Level == l {
					at = append(at, c)
				}
			}
			sort.SliceStable(at, func(a, b int) bool { return at[a].postSince > at[b].postSince })
			for _, c := range at[:u.count[l]-u.approved[l]] {
				overCadre[c.id] = true
			}
		}
		d := Document{DocNo: fmt.Sprintf("存量登记〔%d〕%d号", now.Year(), j+1), IssuedOn: today, Issuer: "党委组织部",
			Title: db.Clip(u.name+"现任干部存量登记（职数管理启用时据干部信息库现任职务登记）", 200), State: StateIssued,
			IssuedAt: &now, IssuedBy: "system", CreatedAt: now, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(&d).Exec(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		for i, c := range u.cadres {
			p := u.byName[c.post]
			on := c.postSince
			if on == "" {
				on = today
			}
			it := Item{DocumentID: d.ID, Sort: i + 1, Kind: KindAppoint, CadreID: c.id, PositionID: p.ID, OnDate: on, OverQuota: overCadre[c.id]}
			h := Holding{PositionID: p.ID, QuotaID: quotaIDs[p.Level], CadreID: c.id, StartOn: on, OverQuota: overCadre[c.id]}
			if h.OverQuota {
				it.OverReason, h.OverReason = OverReasonLegacy, OverReasonLegacy
				res.OverQuota++
			}
			if _, err := tx.NewInsert().Model(&it).Exec(ctx); err != nil {
				return nil, httpx.Internal(err)
			}
			h.AppointItemID = it.ID
			if _, err := tx.NewInsert().Model(&h).Exec(ctx); err != nil {
				return nil, httpx.Internal(err)
			}
			res.Holdings++
		}
	}
	return vacant, nil
}

// seedDocuments issues a document moving a cadre from the post held to
// the first vacancy (免去, then 任命; through issueIn, as the page's 发布
// does) and leaves a second one, for the next vacancy, a draft.
func (s *Service) seedDocuments(ctx context.Context, tx bun.Tx, units []*demoUnit, vacant []*demoUnit, res *DemoResult) error {
	now := s.now()
	year := now.Year()
	used := map[int64]bool{} // a cadre moves in one document only: the draft must still hold when issued
	for i, u := range vacant {
		if i > 1 {
			break
		}
		l := u.busiestLevel()
		var p *Position
		for _, c := range u.positions {
			if c.Level == l {
				p = c
				break
			}
		}
		// A cadre of the unit a rank below (the largest code above l) is
		// promoted; else one of another unit moves across.
		if p == nil {
			continue
		}
		var who *demoCadre
		whoUnit := u
		for k := range u.cadres {
			c := &u.cadres[k]
			if !used[c.id] && c.level > l && c.post != p.Name && (who == nil || c.level < who.level) {
				who = c
			}
		}
		// Else a cadre of another unit moves across: a rank below (a
		// promotion), else of the same rank (交流任职); never from above.
		for _, o := range units {
			for k := range o.cadres {
				c := &o.cadres[k]
				if who == nil && o.id != u.id && !used[c.id] && c.level >= l {
					who, whoUnit = c, o
				} else if who != nil && o.id != u.id && !used[c.id] && c.level > l && (who.level == l || c.level < who.level) {
					who, whoUnit = c, o
				}
			}
		}
		if who == nil {
			continue
		}
		used[who.id] = true
		d := Document{DocNo: fmt.Sprintf("校干任〔%d〕%d号", year, i+1), IssuedOn: date.Of(now), Issuer: "中共学校委员会",
			Title: db.Clip(fmt.Sprintf("关于%s同志任职的通知", who.name), 200), State: StateDraft, CreatedAt: now, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(&d).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		// The cadre leaves the post held (freeing its place) and takes the
		// vacant one, as a promotion when the level rises.
		today := date.Of(now)
		var items []ItemInput
		if from := whoUnit.byName[who.post]; from != nil && !today.Before(who.postSince) {
			items = append(items, ItemInput{Kind: KindRemove, CadreID: who.id, PositionID: from.ID, OnDate: today})
		}
		items = append(items, ItemInput{Kind: KindAppoint, CadreID: who.id, PositionID: p.ID, OnDate: today, Promotion: who.level > l})
		if err := s.writeItems(ctx, tx, d.ID, items); err != nil {
			return httpx.Internal(err)
		}
		if i == 1 {
			res.Draft = d.DocNo
			continue
		}
		if err := s.issueIn(ctx, tx, &d, "system", now); err != nil {
			return err
		}
		res.Issued = d.DocNo
	}
	return nil
}
