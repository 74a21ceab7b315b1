package assess

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// DemoResult is what SeedDemo wrote.
type DemoResult struct {
	Schemes int
	Rounds  []string // "<name>（<state>）"
	Cadres  int      // assessed in each round
	Ballots int      // cast in both rounds
	Skipped bool     // the database already had schemes
}

// Demo sizes: the units of the demo's rounds, the cadres of each, and the
// one-time codes per unit of each evaluator group.
const (
	demoUnits         = 4
	demoCadresPerUnit = 6
)

var demoCodes = map[string]int{"leader": 2, "cadre": 4, "staff": 6, "client": 3}

// SeedDemo writes last year's scheme and its confirmed round, and this
// year's scheme (copied from it) with a round under evaluation: the
// 处级 cadres of the first units that have several, evaluated by printed
// one-time codes per unit and group, and — this year — the 干部管理员
// accounts as 校领导 (so the demo's cadre office finds papers in 我的测评).
// The ballots are cast through the engine with answers drawn around a
// standing per cadre. A database with any scheme is left alone.
func (s *Service) SeedDemo(ctx context.Context, seed uint64) (*DemoResult, error) {
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	if n, err := s.db.NewSelect().Model((*Scheme)(nil)).Count(ctx); err != nil || n > 0 {
		res.Skipped = n > 0
		return res, err
	}
	cadreIDs, err := s.demoCadres(ctx)
	if err != nil || len(cadreIDs) == 0 {
		return res, err
	}
	res.Cadres = len(cadreIDs)
	def, err := s.Defaults(ctx)
	if err != nil {
		return nil, err
	}
	year := s.now().Year()
	last, err := s.CreateScheme(ctx, SchemeInput{Name: fmt.Sprintf("%d年度中层领导干部考核方案", year-1), Year: year - 1,
		CadreGroup: "中层领导班子", Remark: "德、能、勤、绩、廉五方面，校领导、中层干部、教职工代表和服务对象四类评价主体", Definition: def})
	if err != nil {
		return nil, err
	}
	this, err := s.CopyScheme(ctx, last.ID, CopyInput{Year: year, Name: fmt.Sprintf("%d年度中层领导干部考核方案", year)})
	if err != nil {
		return nil, err
	}
	res.Schemes = 2
	rng := rand.New(rand.NewPCG(seed, 0xa55e55))
	for _, r := range []struct {
		scheme  SchemeDetail
		year    int
		turnout float64
		final   string
	}{{last, year - 1, 0.9, StateConfirmed}, {this, year, 0.45, StateEvaluating}} {
		name := fmt.Sprintf("%d年度中层领导干部考核", r.year)
		n, err := s.demoRound(ctx, rng, r.scheme, name, r.year, cadreIDs, r.turnout, r.final)
		if err != nil {
			return nil, fmt.Errorf("demo round %s: %w", name, err)
		}
		res.Ballots += n
		res.Rounds = append(res.Rounds, fmt.Sprintf("%s（%s）", name, StateNames[r.final]))
	}
	return res, nil
}

// demoCadres are up to demoCadresPerUnit serving 处级 cadres (现任处级) of
// each of the first demoUnits units that have two or more.
func (s *Service) demoCadres(ctx context.Context) ([]int64, error) {
	byUnit := map[int64][]int64{}
	var units []int64
	err := s.cadres.Each(ctx, s.db, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("g.status = ?", "2")
	}, func(c cadre.Row) error {
		if len(byUnit[c.UnitID]) == 0 {
			units = append(units, c.UnitID)
		}
		if len(byUnit[c.UnitID]) < demoCadresPerUnit {
			byUnit[c.UnitID] = append(byUnit[c.UnitID], c.ID)
		}
		return nil
	})
	var out []int64
	taken := 0
	for _, u := range units {
		if taken < demoUnits && len(byUnit[u]) >= 2 {
			out = append(out, byUnit[u]...)
			taken++
		}
	}
	return out, err
}

// demoRound runs a round of scheme up to final: opened with codes per unit
// and group (and this year the cadre office as 校领导), a share turnout of
// the codes cast, then — for a finished round — closed and confirmed.
func (s *Service) demoRound(ctx context.Context, rng *rand.Rand, scheme SchemeDetail, name string, year int, cadreIDs []int64,
	turnout float64, final string) (int, error) {
	r, err := s.CreateRound(ctx, RoundInput{Name: name, Year: year, SchemeID: scheme.ID})
	if err != nil {
		return 0, err
	}
	if _, err := s.AddCadres(ctx, r.ID, CadresInput{CadreIDs: cadreIDs}); err != nil {
		return 0, err
	}
	if err := s.demoReports(ctx, r.ID, year); err != nil {
		return 0, err
	}
	for _, g := range scheme.Def.Groups {
		if _, err := s.AddDraw(ctx, r.ID, Draw{GroupKey: g.Key, Source: SourceCodes, Codes: demoCodes[g.Key]}); err != nil {
			return 0, err
		}
	}
	if final == StateEvaluating {
		if role, err := s.sys.RoleIDOf(ctx, s.db, system.RoleCadreAdmin); err != nil {
			return 0, httpx.Internal(err)
		} else if holders, _ := s.sys.RoleIDHolders(ctx, s.db, role); len(holders) > 0 {
			if _, err := s.AddDraw(ctx, r.ID, Draw{GroupKey: "leader", Source: SourceRole, RoleID: &role}); err != nil {
				return 0, err
			}
		}
	}
	d, err := s.Round(ctx, r.ID)
	if err != nil {
		return 0, err
	}
	opened, err := s.Open(ctx, r.ID, VersionInput{UpdateTime: &d.UpdatedAt})
	if err != nil {
		return 0, err
	}
	// Each cadre has a standing most evaluators see (a level index, 0 best).
	standing := map[string]int{}
	cast := 0
	for _, p := range opened.Codes {
		b, err := s.ballots.Get(ctx, p.BallotRoundID)
		if err != nil {
			return 0, err
		}
		paper, err := b.Paper()
		if err != nil {
			return 0, err
		}
		want := int(float64(len(p.Codes))*turnout + 0.5)
		for _, c := range p.Codes[:min(want, len(p.Codes))] {
			if err := s.ballots.CastCode(ctx, p.BallotRoundID, c.Code, demoMarks(rng, paper, standing)); err != nil {
				return 0, err
			}
			cast++
		}
	}
	if final == StateEvaluating {
		return cast, nil
	}
	if d, err = s.Round(ctx, r.ID); err != nil {
		return 0, err
	}
	if d, err = s.Close(ctx, r.ID, VersionInput{UpdateTime: &d.UpdatedAt}); err != nil {
		return 0, err
	}
	_, err = s.Confirm(ctx, r.ID, VersionInput{UpdateTime: &d.UpdatedAt})
	return cast, err
}

// demoMarks answers every row of a paper: levels around the cadre's
// standing (a question's key), a score to match; an evaluator strays now
// and then.
func demoMarks(rng *rand.Rand, p ballot.Paper, standing map[string]int) []ballot.Mark {
	var out []ballot.Mark
	for _, q := range p.Questions {
		key := q.Key
		if q.Kind == ballot.Score {
			key = key[:len(key)-1]
		}
		st, ok := standing[key]
		if !ok {
			st = []int{0, 1, 1, 1, 2}[rng.IntN(5)]
			standing[key] = st
		}
		for _, row := range q.Rows {
			lvl := st
			if rng.Float64() < 0.25 {
				lvl = max(0, min(len(q.Options)-1, st+rng.IntN(3)-1))
			}
			if q.Kind == ballot.Score {
				score := 96 - st*12 - rng.IntN(8)
				out = append(out, ballot.Mark{Item: q.Key + "." + row.Key, Choice: strconv.Itoa(max(0, score))})
				continue
			}
			out = append(out, ballot.Mark{Item: q.Key + "." + row.Key, Choice: q.Options[min(lvl, len(q.Options)-1)].Key})
		}
	}
	return out
}

// demoReports writes a short 述职报告 for each cadre of round id.
func (s *Service) demoReports(ctx context.Context, id int64, year int) error {
	var rows []RoundCadre
	if err := s.db.NewSelect().Model(&rows).Column("id", "name", "post").Where("round_id = ?", id).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	for _, c := range rows {
		text := fmt.Sprintf("%d年，本人在%s岗位上，认真学习贯彻党的路线方针政策，坚持民主集中制，团结班子成员，"+
			"围绕学校年度重点任务推进分管工作：完成年度目标任务，推动学科建设和人才培养工作取得新进展；"+
			"严格落实党风廉政建设责任，遵守中央八项规定精神。不足之处是调查研究还不够深入，下一步将加以改进。", year, c.Post)
		if _, err := s.db.NewUpdate().Model((*RoundCadre)(nil)).Set("report = ?", text).Where("id = ?", c.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}
