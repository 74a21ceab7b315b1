package assess

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

var schemeSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":     {Columns: []string{"s.name", "s.remark"}, Match: httpx.Like},
		"year":       {Columns: []string{"s.year"}, Match: httpx.Eq, Kind: httpx.Int},
		"cadreGroup": {Columns: []string{"s.cadre_group"}, Match: httpx.Eq},
	},
	Sorts:       map[string]string{"year": "s.year", "updateTime": "s.updated_at"},
	DefaultSort: "s.year DESC, s.id DESC",
	Key:         "s.id",
}

func (s *Service) selectSchemes(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().Model((*Scheme)(nil)).ColumnExpr("s.*").
		ColumnExpr("COALESCE((SELECT f.name FROM gb_kh_scheme AS f WHERE f.id = s.copied_from_id), '') AS copied_from_name").
		ColumnExpr("(SELECT COUNT(*) FROM gb_kh_round AS r WHERE r.scheme_id = s.id) AS rounds")
}

// Schemes is a page of the schemes.
func (s *Service) Schemes(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[SchemeView], error) {
	return httpx.Paged[SchemeView](ctx, s.selectSchemes(s.db), schemeSpec, lq)
}

// Scheme is scheme id with its current definition.
func (s *Service) Scheme(ctx context.Context, id int64) (SchemeDetail, error) {
	return s.scheme(ctx, s.db, id)
}

func (s *Service) scheme(ctx context.Context, idb bun.IDB, id int64) (SchemeDetail, error) {
	var d SchemeDetail
	if err := s.selectSchemes(idb).Where("s.id = ?", id).Scan(ctx, &d.SchemeView); errors.Is(err, sql.ErrNoRows) {
		return d, errNoScheme()
	} else if err != nil {
		return d, httpx.Internal(err)
	}
	def, err := parseDefinition(d.Definition)
	d.Def = def
	return d, err
}

func parseDefinition(raw string) (Definition, error) {
	var d Definition
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		return d, httpx.Internal(err)
	}
	return d, nil
}

// Versions are scheme id's saved definitions, newest first.
func (s *Service) Versions(ctx context.Context, id int64) ([]SchemeVersion, error) {
	if _, err := s.scheme(ctx, s.db, id); err != nil {
		return nil, err
	}
	var out []SchemeVersion
	if err := s.db.NewSelect().Model(&out).Where("scheme_id = ?", id).OrderExpr("version DESC").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		def, err := parseDefinition(out[i].Definition)
		if err != nil {
			return nil, err
		}
		out[i].Def = def
	}
	return out, nil
}

// Defaults is a new scheme's starting definition: 德、能、勤、绩、廉 (绩 the
// heaviest), four evaluator groups, the grade levels, thresholds 90/70/60,
// the setting's 优秀 share, both invalid-ballot rules.
func (s *Service) Defaults(ctx context.Context) (Definition, error) {
	share, err := decimal.NewFromString(strings.TrimSpace(s.sys.Setting(ctx, CfgExcellentShare)))
	if err != nil || share.IsNegative() || share.GreaterThan(one) {
		share = decimal.RequireFromString(DefaultExcellentShare)
	}
	w := decimal.RequireFromString
	leaf := func(key, name, weight, judge, note string) Indicator {
		return Indicator{Key: key, Name: name, Weight: w(weight), Judge: judge, Note: note}
	}
	return Definition{
		Indicators: []Indicator{
			leaf("de", "德", "0.2", JudgeLevel, "政治品质、道德品行"),
			leaf("neng", "能", "0.2", JudgeLevel, "履职能力、专业素养"),
			leaf("qin", "勤", "0.15", JudgeLevel, "工作态度、敬业精神"),
			{Key: "ji", Name: "绩", Weight: w("0.3"), Children: []Indicator{
				leaf("ji1", "目标任务完成情况", "0.6", JudgeScore, "年度工作目标和重点任务的完成情况"),
				leaf("ji2", "工作创新与成效", "0.4", JudgeScore, "工作创新、服务师生的实际成效"),
			}},
			leaf("lian", "廉", "0.15", JudgeLevel, "廉洁自律、落实党风廉政建设责任"),
		},
		Groups: []Group{{Key: "leader", Name: "校领导", Weight: w("0.4")}, {Key: "cadre", Name: "中层干部", Weight: w("0.3")},
			{Key: "staff", Name: "教职工代表", Weight: w("0.2")}, {Key: "client", Name: "服务对象", Weight: w("0.1")}},
		Levels:         slices.Clone(LevelPresets["grade"]),
		Thresholds:     []decimal.Decimal{w("90"), w("70"), w("60")},
		ExcellentShare: share,
		Invalid:        InvalidRule{Uniform: true, Incomplete: true},
	}, nil
}

func (s *Service) checkScheme(in *SchemeInput) error {
	in.Name, in.Remark = strings.TrimSpace(in.Name), strings.TrimSpace(in.Remark)
	switch {
	case in.Name == "" || utf8.RuneCountInString(in.Name) > 100:
		return httpx.Invalid("name", "请填写方案名称（不超过100个字）")
	case !slices.Contains(CadreGroups, in.CadreGroup):
		return httpx.Invalid("cadreGroup", "请选择干部类别")
	case utf8.RuneCountInString(in.Remark) > 500:
		return httpx.Invalid("remark", "备注不超过500个字")
	}
	if err := record.Year("year", "年度", in.Year); err != nil {
		return err
	}
	return in.Definition.Check()
}

// CreateScheme adds a scheme at version 1.
func (s *Service) CreateScheme(ctx context.Context, in SchemeInput) (SchemeDetail, error) {
	if err := s.schoolWide(ctx); err != nil {
		return SchemeDetail{}, err
	}
	if err := s.checkScheme(&in); err != nil {
		return SchemeDetail{}, err
	}
	var id int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var err error
		id, err = s.insertScheme(ctx, tx, in, nil)
		return err
	})
	if err != nil {
		return SchemeDetail{}, httpx.AsError(err)
	}
	return s.Scheme(ctx, id)
}

func (s *Service) insertScheme(ctx context.Context, tx bun.Tx, in SchemeInput, from *int64) (int64, error) {
	if err := s.uniqueName(ctx, tx, in.Year, in.Name, 0); err != nil {
		return 0, err
	}
	raw, err := json.Marshal(in.Definition)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	now := s.now()
	x := &Scheme{Name: in.Name, Year: in.Year, CadreGroup: in.CadreGroup, Version: 1, CopiedFromID: from, Remark: in.Remark,
		Definition: string(raw), Stamps: db.StampsAt(now)}
	if _, err := tx.NewInsert().Model(x).Returning("id").Exec(ctx); err != nil {
		return 0, httpx.Internal(err)
	}
	return x.ID, s.saveVersion(ctx, tx, x)
}

func (s *Service) saveVersion(ctx context.Context, tx bun.Tx, x *Scheme) error {
	v := &SchemeVersion{SchemeID: x.ID, Version: x.Version, Definition: x.Definition, SavedAt: x.UpdatedAt, SavedBy: db.Clip(who(ctx), 64)}
	if _, err := tx.NewInsert().Model(v).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// uniqueName refuses a second scheme of a year with the same name (asked
// first: on PostgreSQL a refused INSERT aborts the transaction).
func (s *Service) uniqueName(ctx context.Context, idb bun.IDB, year int, name string, except int64) error {
	dup, err := idb.NewSelect().Model((*Scheme)(nil)).Where("year = ?", year).Where("name = ?", name).Where("id <> ?", except).Exists(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if dup {
		return httpx.Invalid("name", "%d年度已有名为“%s”的考核方案", year, name)
	}
	return nil
}

// UpdateScheme saves the scheme as its next version, read at in.UpdateTime
// (409 when it changed since). The rounds created from an earlier version
// keep it.
func (s *Service) UpdateScheme(ctx context.Context, in SchemeInput) (SchemeDetail, error) {
	if err := s.schoolWide(ctx); err != nil {
		return SchemeDetail{}, err
	}
	if err := s.checkScheme(&in); err != nil {
		return SchemeDetail{}, err
	}
	if in.UpdateTime == nil {
		return SchemeDetail{}, httpx.Invalid("updateTime", "缺少数据版本，请刷新后重试")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.scheme(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if err := s.uniqueName(ctx, tx, in.Year, in.Name, in.ID); err != nil {
			return err
		}
		raw, err := json.Marshal(in.Definition)
		if err != nil {
			return httpx.Internal(err)
		}
		x := cur.Scheme
		x.Name, x.Year, x.CadreGroup, x.Remark, x.Definition, x.UpdatedAt = in.Name, in.Year, in.CadreGroup, in.Remark, string(raw), s.now()
		changed := x.Definition != cur.Definition
		if changed {
			x.Version++
		}
		res, err := tx.NewUpdate().Model(&x).Column("name", "year", "cadre_group", "remark", "definition", "version", "updated_at").
			WherePK().Where("updated_at = ?", *in.UpdateTime).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errStale()
		}
		if !changed {
			return nil
		}
		return s.saveVersion(ctx, tx, &x)
	})
	if err != nil {
		return SchemeDetail{}, httpx.AsError(err)
	}
	return s.Scheme(ctx, in.ID)
}

// CopyScheme makes a scheme of in.Year from scheme id's current definition
// (version 1; the weights, levels and thresholds as they were).
func (s *Service) CopyScheme(ctx context.Context, id int64, in CopyInput) (SchemeDetail, error) {
	if err := s.schoolWide(ctx); err != nil {
		return SchemeDetail{}, err
	}
	from, err := s.scheme(ctx, s.db, id)
	if err != nil {
		return SchemeDetail{}, err
	}
	next := SchemeInput{Name: in.Name, Year: in.Year, CadreGroup: from.CadreGroup, Remark: from.Remark, Definition: from.Def}
	if err := s.checkScheme(&next); err != nil {
		return SchemeDetail{}, err
	}
	var newID int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		newID, err = s.insertScheme(ctx, tx, next, &id)
		return err
	})
	if err != nil {
		return SchemeDetail{}, httpx.AsError(err)
	}
	return s.Scheme(ctx, newID)
}

// DeleteSchemes deletes schemes no round uses (409 naming the first used).
func (s *Service) DeleteSchemes(ctx context.Context, ids []int64) error {
	if err := s.schoolWide(ctx); err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var used []string
		if err := tx.NewSelect().Model((*Scheme)(nil)).Column("s.name").Where("s.id IN (?)", bun.In(ids)).
			Where("EXISTS (SELECT 1 FROM gb_kh_round AS r WHERE r.scheme_id = s.id)").OrderExpr("s.id").Limit(1).Scan(ctx, &used); err != nil {
			return httpx.Internal(err)
		}
		if len(used) > 0 {
			return httpx.Conflict("考核方案“%s”已用于考核，不能删除", used[0])
		}
		res, err := tx.NewDelete().Model((*Scheme)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); int(n) != len(ids) {
			return errNoScheme()
		}
		return nil
	})
}
