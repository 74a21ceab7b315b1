package annual

import (
	"context"
	"sort"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// DefaultOccupations is where a university starts (人员类别 DJ_DY_RYLBXX →
// occupation group): staff count as professionals until the department
// says otherwise, students of every level as students.
var DefaultOccupations = map[string]string{
	"1": "professional", // 教职工
	"2": "student",      // 本科生
	"3": "student",      // 硕士研究生
	"4": "student",      // 博士研究生
	"5": "retired",      // 离退休人员
	"6": "other",        // 其他
}

// OccupationRow maps a person category onto an occupation group.
type OccupationRow struct {
	bun.BaseModel `bun:"table:dntj_occupation"`
	Category      string `bun:"category,pk" json:"category"`
	Occupation    string `bun:"occupation" json:"occupation"`
}

// OccupationGroup is a group of the 中组部 occupation list.
type OccupationGroup struct {
	Key   string `json:"key"`
	Title string `json:"title"`
}

// OccupationMapping is the department's mapping and the groups to choose from.
type OccupationMapping struct {
	Groups  []OccupationGroup `json:"groups"`
	Mapping []OccupationRow   `json:"mapping"`
}

func (s *Service) occupations(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	var rows []OccupationRow
	if err := idb.NewSelect().Model(&rows).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.Category] = r.Occupation
	}
	return out, nil
}

// OccupationMapping reads the mapping.
func (s *Service) OccupationMapping(ctx context.Context) (OccupationMapping, error) {
	out := OccupationMapping{Mapping: []OccupationRow{}}
	for _, o := range Occupations {
		out.Groups = append(out.Groups, OccupationGroup{Key: o.Key, Title: o.Title})
	}
	if err := s.db.NewSelect().Model(&out.Mapping).OrderExpr("category").Scan(ctx); err != nil {
		return out, httpx.Internal(err)
	}
	return out, nil
}

// MappingInput is the whole new mapping: category → occupation group.
type MappingInput struct {
	Mapping map[string]string `json:"mapping"`
}

// SetOccupationMapping replaces the mapping. Every category must be one of
// the person-category dictionary's values and every group one of the list.
func (s *Service) SetOccupationMapping(ctx context.Context, in MappingInput) (OccupationMapping, error) {
	valid := map[string]bool{}
	for _, o := range Occupations {
		valid[o.Key] = true
	}
	cats, err := s.categories(ctx)
	if err != nil {
		return OccupationMapping{}, err
	}
	rows := []OccupationRow{}
	for cat, occ := range in.Mapping {
		if !cats[cat] {
			return OccupationMapping{}, httpx.Invalid("mapping", "人员类别“%s”不存在", cat)
		}
		if !valid[occ] {
			return OccupationMapping{}, httpx.Invalid("mapping", "职业分类“%s”不存在", occ)
		}
		rows = append(rows, OccupationRow{Category: cat, Occupation: occ})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Category < rows[j].Category })
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewDelete().Model((*OccupationRow)(nil)).Where("1 = 1").Exec(ctx); err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		_, err := tx.NewInsert().Model(&rows).Exec(ctx)
		return err
	})
	if err != nil {
		return OccupationMapping{}, httpx.Internal(err)
	}
	return s.OccupationMapping(ctx)
}

// categories is the values of the person-category dictionary.
func (s *Service) categories(ctx context.Context) (map[string]bool, error) {
	items, err := s.sys.DictItems(ctx, []string{CategoryDict})
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, it := range items[CategoryDict] {
		out[it.Value] = true
	}
	return out, nil
}

// CategoryDict is the person-category dictionary the mapping maps from.
const CategoryDict = "DJ_DY_RYLBXX"
