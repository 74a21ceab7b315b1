package assess

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

var roundSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"r.name"}, Match: httpx.Like},
		"year":   {Columns: []string{"r.year"}, Match: httpx.Eq, Kind: httpx.Int},
		"state":  {Columns: []string{"r.state"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"year": "r.year", "createTime": "r.created_at", "updateTime": "r.updated_at"},
	DefaultSort: "r.year DESC, r.id DESC",
	Key:         "r.id",
}

func (s *Service) selectRounds(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().Model((*Round)(nil)).ColumnExpr("r.*").
		ColumnExpr("COALESCE((SELECT s.name FROM gb_kh_scheme AS s WHERE s.id = r.scheme_id), '') AS scheme_name").
		ColumnExpr("(SELECT COUNT(*) FROM gb_kh_cadre AS c WHERE c.round_id = r.id) AS cadres").
		ColumnExpr("(SELECT COUNT(DISTINCT c.unit_id) FROM gb_kh_cadre AS c WHERE c.round_id = r.id) AS units")
}

// Rounds is a page of the rounds, with their turnout.
func (s *Service) Rounds(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[RoundView], error) {
	page, err := httpx.Paged[RoundView](ctx, s.selectRounds(s.db), roundSpec, lq)
	if err != nil {
		return page, err
	}
	ids := make([]int64, len(page.Content))
	for i, r := range page.Content {
		ids[i] = r.ID
	}
	papers, err := s.papersOf(ctx, s.db, ids...)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		r := &page.Content[i]
		r.StateName = StateNames[r.State]
		for _, p := range papers[r.ID] {
			r.Issued += p.Issued
			r.Cast += p.Cast
		}
	}
	return page, nil
}

// find reads round id through idb (404 when there is none).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*RoundView, error) {
	r := new(RoundView)
	if err := s.selectRounds(idb).Where("r.id = ?", id).Scan(ctx, r); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoRound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	r.StateName = StateNames[r.State]
	return r, nil
}

// findIn reads round id for a change in tx: the caller must organise for
// the whole school, and the round must be in one of states (409 naming
// where it is).
func (s *Service) findIn(ctx context.Context, tx bun.IDB, id int64, states ...string) (*RoundView, error) {
	if err := s.schoolWide(ctx); err != nil {
		return nil, err
	}
	r, err := s.find(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(states, r.State) {
		return nil, httpx.Conflict("考核“%s”%s，不能进行此操作", r.Name, StateNames[r.State])
	}
	return r, nil
}

// definitionOf is the definition round r keeps (its scheme's version).
func (s *Service) definitionOf(ctx context.Context, idb bun.IDB, r *Round) (Definition, error) {
	var raw string
	if err := idb.NewSelect().Model((*SchemeVersion)(nil)).Column("definition").Where("scheme_id = ?", r.SchemeID).
		Where("version = ?", r.SchemeVersion).Scan(ctx, &raw); err != nil {
		return Definition{}, httpx.Internal(err)
	}
	return parseDefinition(raw)
}

// Round is round id with its definition, draws and papers.
func (s *Service) Round(ctx context.Context, id int64) (RoundDetail, error) {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return RoundDetail{}, err
	}
	d := RoundDetail{RoundView: *r}
	if d.Def, err = s.definitionOf(ctx, s.db, &r.Round); err != nil {
		return d, err
	}
	if d.Draws, err = s.draws(ctx, s.db, r, d.Def); err != nil {
		return d, err
	}
	papers, err := s.papersOf(ctx, s.db, id)
	if err != nil {
		return d, err
	}
	d.Papers = papers[id]
	if d.Papers == nil {
		d.Papers = []PaperView{} // a draft's: the web sums the list
	}
	for i := range d.Papers {
		g, _ := d.Def.GroupOf(d.Papers[i].GroupKey)
		d.Papers[i].GroupName = g.Name
		d.Issued += d.Papers[i].Issued
		d.Cast += d.Papers[i].Cast
	}
	return d, nil
}

// papersOf are the papers of the rounds with their units and the engine's
// turnout, by round.
func (s *Service) papersOf(ctx context.Context, idb bun.IDB, roundIDs ...int64) (map[int64][]PaperView, error) {
	out := map[int64][]PaperView{}
	if len(roundIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		Paper
		UnitName string `bun:"unit_name"`
	}
	if err := idb.NewSelect().Model((*Paper)(nil)).ColumnExpr("p.*").Apply(system.DeptNameJoin("p.unit_id")).
		Where("p.round_id IN (?)", bun.In(roundIDs)).OrderExpr(s.pinyin(zh.Name(system.DeptNameColumn)+", p.group_key")).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	ballotIDs := make([]int64, len(rows))
	for i, r := range rows {
		ballotIDs[i] = r.BallotRoundID
	}
	turnout, err := s.ballots.Rounds(ctx, ballotIDs)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		v := PaperView{Paper: r.Paper, UnitName: r.UnitName}
		if b := turnout[r.BallotRoundID]; b != nil {
			v.Issued, v.Cast = b.Issued, b.Cast
		}
		out[r.RoundID] = append(out[r.RoundID], v)
	}
	return out, nil
}

func checkRoundInput(in *RoundInput) error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" || utf8.RuneCountInString(in.Name) > 100 {
		return httpx.Invalid("name", "请填写考核名称（不超过100个字）")
	}
	return record.Year("year", "年度", in.Year)
}

// CreateRound creates a draft round of scheme in.SchemeID's current
// version (which the round keeps whatever the scheme becomes).
func (s *Service) CreateRound(ctx context.Context, in RoundInput) (RoundDetail, error) {
	if err := s.schoolWide(ctx); err != nil {
		return RoundDetail{}, err
	}
	if err := checkRoundInput(&in); err != nil {
		return RoundDetail{}, err
	}
	if err := s.checkCloses(in.ClosesAt); err != nil {
		return RoundDetail{}, err
	}
	var id int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var sc Scheme
		if err := tx.NewSelect().Model(&sc).Where("id = ?", in.SchemeID).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return httpx.Invalid("schemeId", "请选择考核方案")
		} else if err != nil {
			return httpx.Internal(err)
		}
		x := &Round{Name: in.Name, Year: in.Year, SchemeID: sc.ID, SchemeVersion: sc.Version, State: StateDraft, ClosesAt: in.ClosesAt,
			Stamps: db.StampsAt(s.now())}
		if _, err := tx.NewInsert().Model(x).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		id = x.ID
		return nil
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Round(ctx, id)
}

// checkCloses refuses a deadline that has passed.
func (s *Service) checkCloses(at *time.Time) error {
	if at != nil && !at.After(s.now()) {
		return httpx.Invalid("closesAt", "截止时间应晚于当前时间")
	}
	return nil
}

// UpdateRound renames a draft round or moves its deadline.
func (s *Service) UpdateRound(ctx context.Context, in RoundInput) (RoundDetail, error) {
	if err := checkRoundInput(&in); err != nil {
		return RoundDetail{}, err
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, in.ID, StateDraft)
		if err != nil {
			return err
		}
		if err := s.checkCloses(in.ClosesAt); err != nil {
			return err
		}
		return s.touch(ctx, tx, &r.Round, in.UpdateTime, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("name = ?", in.Name).Set("year = ?", in.Year).Set("closes_at = ?", in.ClosesAt)
		})
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Round(ctx, in.ID)
}

// touch updates round r with set when it is still at version (updateTime
// as read; nil: not checked) and in its state: one conditional UPDATE, so
// of two parallel changes one wins and the other is a 409.
func (s *Service) touch(ctx context.Context, tx bun.IDB, r *Round, version *time.Time, set func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	q := tx.NewUpdate().Model((*Round)(nil)).Set("updated_at = ?", s.now()).Where("id = ?", r.ID).Where("state = ?", r.State)
	if version != nil {
		q = q.Where("updated_at = ?", *version)
	}
	res, err := set(q).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale()
	}
	return nil
}

// DeleteRounds deletes draft rounds.
func (s *Service) DeleteRounds(ctx context.Context, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, id := range ids {
			if _, err := s.findIn(ctx, tx, id, StateDraft); err != nil {
				return err
			}
		}
		_, err := tx.NewDelete().Model((*Round)(nil)).Where("id IN (?)", bun.In(ids)).Where("state = ?", StateDraft).Exec(ctx)
		return httpx.AsError(err)
	})
}

var cadreSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"c.name", "c.post"}, Match: httpx.Like},
		"unitId": {Columns: []string{"c.unit_id"}, Match: httpx.Eq, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"name": zh.Name("c.name"), "unitName": zh.Name(system.DeptNameColumn)},
	DefaultSort: zh.Name(system.DeptNameColumn) + ", c.id",
	Key:         "c.id",
}

// cadreScope restricts the cadres of a round (alias c) to the caller's units.
func (s *Service) cadreScope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	return record.ScopeOn(s.units.ScopeOf, "c.unit_id")(ctx)
}

// RoundCadres is a page of round id's cadres of the caller's units.
func (s *Service) RoundCadres(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[RoundCadreView], error) {
	if _, err := s.find(ctx, s.db, id); err != nil {
		return httpx.PageResult[RoundCadreView]{}, err
	}
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return httpx.PageResult[RoundCadreView]{}, err
	}
	q := s.db.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.id, c.cadre_id, c.name, c.unit_id, c.post, c.score, c.rank, c.auto_grade, c.grade, c.reason").
		ColumnExpr("c.report <> '' AS has_report").Apply(system.DeptNameJoin("c.unit_id")).Where("c.round_id = ?", id)
	return httpx.Paged[RoundCadreView](ctx, scope(q), cadreSpec, lq)
}

// AddCadres adds to a draft round the cadres in.CadreIDs and every serving
// cadre of the units in.UnitIDs, as they stand now (name, unit, post); a
// cadre already in the round is left as is.
func (s *Service) AddCadres(ctx context.Context, id int64, in CadresInput) (map[string]int, error) {
	if len(in.CadreIDs) == 0 && len(in.UnitIDs) == 0 {
		return nil, httpx.Invalid("cadreIds", "请选择干部或单位")
	}
	if len(in.CadreIDs) > MaxRoundCadres || len(in.UnitIDs) > MaxRoundCadres {
		return nil, httpx.Invalid("cadreIds", "一次最多添加%d名干部", MaxRoundCadres)
	}
	added := 0
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateDraft)
		if err != nil {
			return err
		}
		var have []int64
		if err := tx.NewSelect().Model((*RoundCadre)(nil)).Column("cadre_id").Where("round_id = ?", id).Scan(ctx, &have); err != nil {
			return httpx.Internal(err)
		}
		seen := map[int64]bool{}
		for _, c := range have {
			seen[c] = true
		}
		var rows []RoundCadre
		err = s.cadres.Each(ctx, tx, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
				if len(in.CadreIDs) > 0 {
					q = q.WhereOr("g.id IN (?)", bun.In(in.CadreIDs))
				}
				if len(in.UnitIDs) > 0 {
					q = q.WhereOr("g.unit_id IN (?) AND g.status IN (?)", bun.In(in.UnitIDs), bun.In(cadre.ServingStatuses))
				}
				return q
			})
		}, func(c cadre.Row) error {
			if !seen[c.ID] {
				seen[c.ID] = true
				rows = append(rows, RoundCadre{RoundID: r.ID, CadreID: c.ID, Name: c.Name, UnitID: c.UnitID, Post: c.Post})
			}
			return nil
		})
		if err != nil {
			return err
		}
		if len(have)+len(rows) > MaxRoundCadres {
			return httpx.Invalid("cadreIds", "一次考核最多%d名干部", MaxRoundCadres)
		}
		if len(rows) > 0 {
			if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		added = len(rows)
		return s.touch(ctx, tx, &r.Round, nil, noSet)
	})
	return map[string]int{"added": added}, httpx.AsError(err)
}

func noSet(q *bun.UpdateQuery) *bun.UpdateQuery { return q }

// RemoveCadres takes cadres (their rows' ids) out of a draft round.
func (s *Service) RemoveCadres(ctx context.Context, id int64, rowIDs []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateDraft)
		if err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*RoundCadre)(nil)).Where("round_id = ?", id).Where("id IN (?)", bun.In(rowIDs)).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return s.touch(ctx, tx, &r.Round, nil, noSet)
	})
}

// roundCadre reads the row rowID of round id within the caller's units.
func (s *Service) roundCadre(ctx context.Context, idb bun.IDB, id, rowID int64) (*RoundCadre, error) {
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return nil, err
	}
	c := new(RoundCadre)
	err = scope(idb.NewSelect().Model(c).Where("c.round_id = ?", id).Where("c.id = ?", rowID)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("参评干部不存在")
	}
	return c, httpx.AsError(err)
}

// rowPath reads a route's round {id} and its cadre's row {rowId}.
func rowPath(req *http.Request) (id, rowID int64, err error) {
	if id, err = httpx.PathID(req, "id", errNoRound()); err != nil {
		return 0, 0, err
	}
	rowID, err = httpx.PathID(req, "rowId", errNoRound())
	return id, rowID, err
}

func (s *Service) readReport(w http.ResponseWriter, req *http.Request) error {
	id, rowID, err := rowPath(req)
	if err != nil {
		return err
	}
	c, err := s.roundCadre(req.Context(), s.db, id, rowID)
	if err != nil {
		return err
	}
	return httpx.OK(w, ReportInput{Text: c.Report})
}

// writeReport sets a cadre's 述职报告 while the round is in draft or under
// evaluation (the evaluators read it from their papers).
func (s *Service) writeReport(w http.ResponseWriter, req *http.Request) error {
	id, rowID, err := rowPath(req)
	if err != nil {
		return err
	}
	var in ReportInput
	if err := httpx.Decode(req, &in); err != nil {
		return err
	}
	in.Text = strings.TrimSpace(in.Text)
	if utf8.RuneCountInString(in.Text) > MaxReport {
		return httpx.Invalid("text", "述职报告不超过%d个字", MaxReport)
	}
	ctx := req.Context()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.findIn(ctx, tx, id, StateDraft, StateEvaluating); err != nil {
			return err
		}
		if _, err := s.roundCadre(ctx, tx, id, rowID); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model((*RoundCadre)(nil)).Set("report = ?", in.Text).Where("id = ?", rowID).Exec(ctx)
		return httpx.AsError(err)
	})
	if err != nil {
		return err
	}
	return httpx.OK(w, in)
}
