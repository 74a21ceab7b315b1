package people

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
)

// The templates' sample rows: a new student, teacher or class (a number or
// code no record has, an ID number no person of the table has) in the first
// unit of the caller's scope; the student in a class of that unit.

// sampleUnit is the first unit of the caller's scope that holds the most
// specific thing asked (a class for a student), by its code (its name when
// it has none): id 0 when the scope has none.
func (s *Service) sampleUnit(ctx context.Context, idb bun.IDB, withClass bool) (id int64, cell string, err error) {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return 0, "", err
	}
	var units []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
		Code string `bun:"code"`
	}
	q := idb.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.id, d.name, COALESCE(i.code, '') AS code").
		Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").OrderExpr("i.code IS NULL, d.sort, d.id").Limit(1)
	if withClass {
		q = q.Where("EXISTS (SELECT 1 FROM bj AS c WHERE c.unit_dept_id = d.id)")
	}
	if err := sc.Apply(q, "d.id").Scan(ctx, &units); err != nil || len(units) == 0 {
		return 0, "", err
	}
	cell = units[0].Code
	if cell == "" {
		cell = units[0].Name
	}
	return units[0].ID, cell, nil
}

// samplePerson is a person's sample cells: the number (key) free in
// table.column, an ID number free in table, and the unit.
func (s *Service) samplePerson(ctx context.Context, idb bun.IDB, k personKind, key, prefix string, withClass bool) (map[string]string, int64, error) {
	number, err := imports.FirstFree(imports.Numbered(prefix, 0), imports.TakenIn(ctx, idb, k.table, k.number))
	if err != nil {
		return nil, 0, err
	}
	id, err := imports.FirstFree(imports.SampleIDNumber, func(v string) (bool, error) {
		return idb.NewSelect().Table(k.table).Where("id_number_idx IN (?)", bun.In(s.cipher.Indexes(v))).Exists(ctx)
	})
	if err != nil {
		return nil, 0, err
	}
	unitID, unit, err := s.sampleUnit(ctx, idb, withClass)
	return map[string]string{key: number, "idNumber": id, "unit": unit}, unitID, err
}

func (s *Service) teacherSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	sample, _, err := s.samplePerson(ctx, idb, teacherKind, "staffNo", "T9", false)
	return sample, err
}

func (s *Service) studentSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	sample, unitID, err := s.samplePerson(ctx, idb, studentKind, "studentNo", "S9", true)
	if err != nil || unitID == 0 {
		return sample, err
	}
	var classes []Class
	if err := idb.NewSelect().Model(&classes).Where("c.unit_dept_id = ?", unitID).OrderExpr("c.grade DESC, c.id").Limit(1).Scan(ctx); err != nil {
		return nil, err
	}
	sample["class"], sample["grade"] = classes[0].Code, classes[0].Grade
	return sample, nil
}

func (s *Service) classSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	code, err := imports.FirstFree(imports.Numbered("BJ9", 0), imports.TakenIn(ctx, idb, "bj", "code"))
	if err != nil {
		return nil, err
	}
	unitID, unit, err := s.sampleUnit(ctx, idb, false)
	if err != nil {
		return nil, err
	}
	var staffNos []string
	if err := idb.NewSelect().Table("jsjbxx").Column("staff_no").Where("unit_dept_id = ?", unitID).OrderExpr("id").Limit(1).
		Scan(ctx, &staffNos); err != nil {
		return nil, err
	}
	sample := map[string]string{"code": code, "unit": unit, "headTeacher": ""}
	if len(staffNos) > 0 {
		sample["headTeacher"] = staffNos[0]
	}
	return sample, nil
}
