package assess

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// paperKey names a paper: a unit's cadres for one evaluator group.
type paperKey struct {
	unit  int64
	group string
}

// roll is who answers a paper: accounts, and printed codes besides.
type roll struct {
	accounts []int64
	codes    int
}

func (r *roll) add(accounts ...int64) {
	for _, a := range accounts {
		if !slices.Contains(r.accounts, a) {
			r.accounts = append(r.accounts, a)
		}
	}
}

// roundUnits are the units of round id's cadres.
func roundUnits(ctx context.Context, idb bun.IDB, id int64) ([]int64, error) {
	var units []int64
	err := idb.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("DISTINCT c.unit_id").Where("c.round_id = ?", id).
		OrderExpr("c.unit_id").Scan(ctx, &units)
	return units, httpx.AsError(err)
}

// targets are the units of the round draw d gives papers of: its own list
// (those in the round), else every unit of the round.
func (d Draw) targets(units []int64) []int64 {
	if len(d.UnitIDs) == 0 {
		return units
	}
	var out []int64
	for _, u := range d.UnitIDs {
		if slices.Contains(units, u) && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// plan is who answers which paper under draws, as the accounts and the
// round's cadres stand now: by paper, the accounts (each once) and codes.
func (s *Service) plan(ctx context.Context, idb bun.IDB, roundID int64, draws []Draw) (map[paperKey]*roll, error) {
	units, err := roundUnits(ctx, idb, roundID)
	if err != nil {
		return nil, err
	}
	out := map[paperKey]*roll{}
	at := func(unit int64, group string) *roll {
		k := paperKey{unit, group}
		if out[k] == nil {
			out[k] = &roll{}
		}
		return out[k]
	}
	for _, d := range draws {
		targets := d.targets(units)
		var accounts []int64
		switch d.Source {
		case SourceRole:
			if accounts, err = s.sys.RoleIDHolders(ctx, idb, *d.RoleID); err != nil {
				return nil, httpx.Internal(err)
			}
		case SourceList:
			if accounts, err = s.sys.EnabledAccounts(ctx, idb, d.AccountIDs); err != nil {
				return nil, httpx.Internal(err)
			}
		case SourceCodes:
			for _, u := range targets {
				at(u, d.GroupKey).codes += d.Codes
			}
			continue
		case SourceStaff:
			staff, err := s.sys.DeptAccounts(ctx, idb, targets)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			for u, ids := range staff {
				at(u, d.GroupKey).add(ids...)
			}
			continue
		case SourceCadres:
			own, err := s.cadreAccounts(ctx, idb, roundID)
			if err != nil {
				return nil, err
			}
			for account, unit := range own {
				if d.OwnUnit {
					at(unit, d.GroupKey).add(account)
				} else {
					accounts = append(accounts, account)
				}
			}
			slices.Sort(accounts)
		}
		for _, u := range targets {
			at(u, d.GroupKey).add(accounts...)
		}
	}
	return out, nil
}

// cadreAccounts are the accounts of round roundID's cadres that have one,
// with the unit each is assessed in.
func (s *Service) cadreAccounts(ctx context.Context, idb bun.IDB, roundID int64) (map[int64]int64, error) {
	unitOf := map[int64]int64{}
	var rows []RoundCadre
	if err := idb.NewSelect().Model(&rows).Column("cadre_id", "unit_id").Where("round_id = ?", roundID).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i], unitOf[r.CadreID] = r.CadreID, r.UnitID
	}
	out := map[int64]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	err := s.cadres.Each(ctx, idb, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("g.id IN (?)", bun.In(ids)).Where("g.user_id IS NOT NULL")
	}, func(c cadre.Row) error {
		out[*c.UserID] = unitOf[c.ID]
		return nil
	})
	return out, err
}

// draws are round r's draws with what each gives now.
func (s *Service) draws(ctx context.Context, idb bun.IDB, r *RoundView, def Definition) ([]DrawView, error) {
	var rows []Draw
	if err := idb.NewSelect().Model(&rows).Where("round_id = ?", r.ID).OrderExpr("id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	roles, err := s.roleNames(ctx, idb)
	if err != nil {
		return nil, err
	}
	out := make([]DrawView, len(rows))
	for i, d := range rows {
		g, _ := def.GroupOf(d.GroupKey)
		out[i] = DrawView{Draw: d, GroupName: g.Name, SourceName: SourceNames[d.Source]}
		if d.RoleID != nil {
			out[i].RoleName = roles[*d.RoleID]
		}
		if r.State != StateDraft {
			continue // the papers' rolls say who was drawn
		}
		p, err := s.plan(ctx, idb, r.ID, []Draw{d})
		if err != nil {
			return nil, err
		}
		seen := map[int64]bool{}
		for _, rl := range p {
			out[i].Evaluators += rl.codes
			for _, a := range rl.accounts {
				seen[a] = true
			}
		}
		out[i].Evaluators += len(seen)
	}
	return out, nil
}

func (s *Service) checkDraw(ctx context.Context, idb bun.IDB, def Definition, d *Draw) error {
	if _, ok := def.GroupOf(d.GroupKey); !ok {
		return httpx.Invalid("groupKey", "请选择考核方案中的评价主体")
	}
	if !slices.Contains(Sources, d.Source) {
		return httpx.Invalid("source", "请选择评价人员来源")
	}
	if len(d.UnitIDs) > MaxRoundCadres {
		return httpx.Invalid("unitIds", "单位过多")
	}
	// Only what the source uses is kept.
	role, accounts, codes, own := d.RoleID, d.AccountIDs, d.Codes, d.OwnUnit
	d.RoleID, d.AccountIDs, d.Codes, d.OwnUnit = nil, nil, 0, false
	switch d.Source {
	case SourceRole:
		if role == nil {
			return httpx.Invalid("roleId", "请选择角色")
		}
		holders, err := s.sys.RoleIDHolders(ctx, idb, *role)
		if err != nil {
			return httpx.Internal(err)
		}
		if len(holders) == 0 {
			return httpx.Invalid("roleId", "该角色下没有可用的账号")
		}
		d.RoleID = role
	case SourceList:
		if len(accounts) == 0 || len(accounts) > MaxAccounts {
			return httpx.Invalid("accountIds", "请选择评价人员（最多%d人）", MaxAccounts)
		}
		ok, err := s.sys.EnabledAccounts(ctx, idb, accounts)
		if err != nil {
			return httpx.Internal(err)
		}
		if len(ok) != len(uniq(accounts)) {
			return httpx.Invalid("accountIds", "所选人员中有账号不存在或已停用")
		}
		d.AccountIDs = ok
	case SourceCodes:
		if codes < 1 || codes > MaxCodes {
			return httpx.Invalid("codes", "每个单位的测评码数量应为1到%d个", MaxCodes)
		}
		d.Codes = codes
	case SourceCadres:
		d.OwnUnit = own
	}
	return nil
}

func uniq(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// AddDraw adds a draw of evaluators to a draft round.
func (s *Service) AddDraw(ctx context.Context, id int64, in Draw) (DrawView, error) {
	var out DrawView
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateDraft)
		if err != nil {
			return err
		}
		def, err := s.definitionOf(ctx, tx, &r.Round)
		if err != nil {
			return err
		}
		in.ID, in.RoundID = 0, id
		if err := s.checkDraw(ctx, tx, def, &in); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(&in).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := s.touch(ctx, tx, &r.Round, nil, noSet); err != nil {
			return err
		}
		views, err := s.draws(ctx, tx, r, def)
		if err != nil {
			return err
		}
		for _, v := range views {
			if v.ID == in.ID {
				out = v
			}
		}
		return nil
	})
	return out, httpx.AsError(err)
}

// RemoveDraws removes draws from a draft round.
func (s *Service) RemoveDraws(ctx context.Context, id int64, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateDraft)
		if err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*Draw)(nil)).Where("round_id = ?", id).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return s.touch(ctx, tx, &r.Round, nil, noSet)
	})
}

// roleNames are the roles' names by id.
func (s *Service) roleNames(ctx context.Context, idb bun.IDB) (map[int64]string, error) {
	briefs, err := s.sys.RoleBriefs(ctx, idb)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := map[int64]string{}
	for _, b := range briefs {
		out[b.ID] = b.Name
	}
	return out, nil
}

// Roles are the roles an evaluator draw may name, with their holders.
func (s *Service) Roles(ctx context.Context) ([]system.RoleBrief, error) {
	out, err := s.sys.RoleBriefs(ctx, s.db)
	return out, httpx.AsError(err)
}
