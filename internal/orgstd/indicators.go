package orgstd

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// Bounds of the indicator set: an indicator's points, the indicators of a
// year and the points of a score (one decimal place).
const (
	maxIndicatorTenths = 1000 // 100 points
	maxIndicators      = 200
)

// IndicatorSet is a year's indicators as the pages read them.
type IndicatorSet struct {
	Year       int         `json:"year"`
	Frozen     bool        `json:"frozen"` // a branch has submitted: no more edits
	Total      float64     `json:"total"`  // the points of all indicators
	Indicators []Indicator `json:"indicators"`
	// LatestEarlier is the latest year before Year with a set (0: none): what 复制 copies.
	LatestEarlier int `json:"latestEarlier"`
}

// CopyInput is the body of copying the latest earlier year's set into Year.
type CopyInput struct {
	Year int `json:"year"`
}

func errNoIndicator() *httpx.Error { return httpx.NotFound("指标不存在") }

func (s *Service) indicatorRoutes(rs *httpx.Routes) {
	const base = "/api/dzzjs/indicators"
	rs.Get(base, PermList, "查询考核指标", func(w http.ResponseWriter, r *http.Request) error {
		year, err := record.ParseYear("year", "年度", r.URL.Query().Get("year"))
		if err != nil {
			return err
		}
		set, err := s.Indicators(r.Context(), s.db, year)
		if err != nil {
			return err
		}
		return httpx.OK(w, set)
	})
	rs.Post(base, PermConfig, "新增考核指标", httpx.Create(s.CreateIndicator))
	rs.Put(base, PermConfig, "修改考核指标", httpx.Action(s.UpdateIndicator))
	rs.Delete(base, PermConfig, "删除考核指标", httpx.IDsAction(s.DeleteIndicators))
	rs.Post(base+"/copy", PermConfig, "复制上年指标", httpx.Action(s.CopyIndicators))
}

// Indicators is year's set, in its order.
func (s *Service) Indicators(ctx context.Context, idb bun.IDB, year int) (IndicatorSet, error) {
	set := IndicatorSet{Year: year, Indicators: []Indicator{}}
	var y YearSet
	switch err := idb.NewSelect().Model(&y).Where("y.year = ?", year).Scan(ctx); {
	case err == nil:
		set.Frozen = y.Frozen
	case !errors.Is(err, sql.ErrNoRows):
		return set, httpx.Internal(err)
	}
	if err := idb.NewSelect().Model(&set.Indicators).Where("i.year = ?", year).OrderExpr("i.sort, i.id").Scan(ctx); err != nil {
		return set, httpx.Internal(err)
	}
	total := 0
	for i := range set.Indicators {
		set.Indicators[i].MaxPoints = points(set.Indicators[i].MaxTenths)
		total += set.Indicators[i].MaxTenths
	}
	set.Total = points(total)
	if err := idb.NewSelect().Model((*YearSet)(nil)).ColumnExpr("COALESCE(MAX(y.year), 0)").
		Where("y.year < ?", year).Where("EXISTS (SELECT 1 FROM dzzjs_indicator AS ei WHERE ei.year = y.year)").
		Scan(ctx, &set.LatestEarlier); err != nil {
		return set, httpx.Internal(err)
	}
	return set, nil
}

// tenthsOf reads points with at most one decimal place within 0..max
// tenths as tenths; what is wrong is said of field as label.
func tenthsOf(field, label string, v float64, maxTenths int) (int, error) {
	t := v * 10
	r := math.Round(t)
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(t-r) > 1e-6:
		return 0, httpx.Invalid(field, "%s最多保留一位小数", label)
	case r < 0 || int(r) > maxTenths:
		return 0, httpx.Invalid(field, "%s应在0到%g分之间", label, points(maxTenths))
	}
	return int(r), nil
}

// checkIndicator checks an indicator's form.
func checkIndicator(in *Indicator) error {
	var c httpx.Checks
	in.Category, in.Name, in.Standard = strings.TrimSpace(in.Category), strings.TrimSpace(in.Name), strings.TrimSpace(in.Standard)
	c.Add(record.Year("year", "年度", in.Year))
	c.Add(record.Required("category", "指标类别", in.Category, 50))
	c.Add(record.Required("name", "指标名称", in.Name, 200))
	c.Add(record.MaxLen("standard", "评分标准", in.Standard, 2000))
	t, err := tenthsOf("maxPoints", "分值", in.MaxPoints, maxIndicatorTenths)
	if err == nil && t == 0 {
		err = httpx.Invalid("maxPoints", "分值应大于0")
	}
	c.Add(err)
	in.MaxTenths = t
	if in.Sort < 0 || in.Sort > 9999 {
		c.Add(httpx.Invalid("sort", "排序应在0到9999之间"))
	}
	return c.Err()
}

// editable opens year's set for a change inside tx: the year's row is
// created when missing, then touched by one conditional UPDATE that only
// an unfrozen set passes. A submit freezes the set by updating the same
// row, so the two serialise on it: an edit never slips in beside the
// first submission.
func (s *Service) editable(ctx context.Context, tx bun.Tx, year int) error {
	now := s.now()
	y := YearSet{Year: year}
	y.CreatedAt, y.UpdatedAt = now, now
	if _, err := tx.NewInsert().Model(&y).On("CONFLICT (year) DO NOTHING").Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	res, err := tx.NewUpdate().Model((*YearSet)(nil)).Set("updated_at = ?", now).Where("year = ?", year).Where("frozen = ?", false).Exec(ctx)
	return record.Conditional(res, err, 1, httpx.BadRequest("%d年度已有党支部提交自评，指标已锁定，不能再修改", year))
}

// CreateIndicator adds an indicator to its year's set (not frozen); the
// drafts of the year get a row for it.
func (s *Service) CreateIndicator(ctx context.Context, in Indicator) (Indicator, error) {
	if err := checkIndicator(&in); err != nil {
		return in, err
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.editable(ctx, tx, in.Year); err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*Indicator)(nil)).Where("i.year = ?", in.Year).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n >= maxIndicators {
			return httpx.BadRequest("每年度最多%d项指标", maxIndicators)
		}
		now := s.now()
		in.ID, in.CreatedAt, in.UpdatedAt = 0, now, now
		if _, err := tx.NewInsert().Model(&in).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		_, err = tx.NewRaw(`INSERT INTO dzzjs_item (assessment_id, indicator_id, explanation, review_note)
			SELECT a.id, ?, '', '' FROM dzzjs_assessment AS a WHERE a.year = ?`, in.ID, in.Year).Exec(ctx)
		return httpx.AsError(err)
	})
	return in, httpx.AsError(err)
}

// UpdateIndicator changes an indicator of a set not frozen (its year stays).
func (s *Service) UpdateIndicator(ctx context.Context, in Indicator) (Indicator, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := record.Find[Indicator](ctx, tx, "i", in.ID, errNoIndicator)
		if err != nil {
			return err
		}
		in.Year, in.CreatedAt = cur.Year, cur.CreatedAt
		if err := checkIndicator(&in); err != nil {
			return err
		}
		if err := s.editable(ctx, tx, cur.Year); err != nil {
			return err
		}
		in.UpdatedAt = s.now()
		res, err := tx.NewUpdate().Model(&in).Column("category", "name", "standard", "max_tenths", "sort", "updated_at").WherePK().Exec(ctx)
		return record.Conditional(res, err, 1, errNoIndicator())
	})
	return in, httpx.AsError(err)
}

// DeleteIndicators removes indicators of one set not frozen (all or none);
// the drafts' rows of them go with them.
func (s *Service) DeleteIndicators(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var years []int
		if err := tx.NewSelect().Model((*Indicator)(nil)).ColumnExpr("DISTINCT i.year").Where("i.id IN (?)", bun.List(ids)).Scan(ctx, &years); err != nil {
			return httpx.Internal(err)
		}
		for _, y := range years {
			if err := s.editable(ctx, tx, y); err != nil {
				return err
			}
		}
		res, err := tx.NewDelete().Model((*Indicator)(nil)).Where("id IN (?)", bun.List(ids)).Exec(ctx)
		return record.Conditional(res, err, int64(len(ids)), errNoIndicator())
	})
}

// CopyIndicators copies the latest earlier year's set into an empty year.
func (s *Service) CopyIndicators(ctx context.Context, in CopyInput) (IndicatorSet, error) {
	if err := record.Year("year", "年度", in.Year); err != nil {
		return IndicatorSet{}, err
	}
	var out IndicatorSet
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.editable(ctx, tx, in.Year); err != nil {
			return err
		}
		cur, err := s.Indicators(ctx, tx, in.Year)
		if err != nil {
			return err
		}
		if len(cur.Indicators) > 0 {
			return httpx.BadRequest("%d年度已有指标，不能再复制", in.Year)
		}
		if cur.LatestEarlier == 0 {
			return httpx.BadRequest("%d年度之前没有可复制的指标", in.Year)
		}
		from, err := s.Indicators(ctx, tx, cur.LatestEarlier)
		if err != nil {
			return err
		}
		if err := s.insertSet(ctx, tx, in.Year, from.Indicators); err != nil {
			return err
		}
		out, err = s.Indicators(ctx, tx, in.Year)
		return err
	})
	return out, httpx.AsError(err)
}

// insertSet writes indicators as year's set (their ids and times new).
func (s *Service) insertSet(ctx context.Context, tx bun.Tx, year int, list []Indicator) error {
	if len(list) == 0 {
		return nil
	}
	now := s.now()
	rows := make([]Indicator, len(list))
	for i, ind := range list {
		ind.ID, ind.Year, ind.CreatedAt, ind.UpdatedAt = 0, year, now, now
		rows[i] = ind
	}
	_, err := tx.NewInsert().Model(&rows).Exec(ctx)
	return httpx.AsError(err)
}
