package people

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// PermImport lets a user import students, teachers and classes from Excel
// (within their unit scope).
const PermImport = "ry:import"

// StudentImportKind is the student import (/api/import/xsjbxx); with the
// teacher and class imports it makes the people registry's import kinds.
// A row matches a live record by its student number, staff number or class
// code; a column left out of the file keeps the record's value, an empty
// cell clears it. Rows are checked with the API's checks (checkStudent,
// checkTeacher, checkClass); what those read from the database one record
// at a time is read here once for the whole file.
func (s *Service) StudentImportKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "xsjbxx", Label: "学生信息", Perm: PermImport, Cols: studentColumns, Sample: s.studentSample},
		s.validateStudents, commitItems[Student](studentKind.kind))
}

// TeacherImportKind is the teacher import (/api/import/jsjbxx).
func (s *Service) TeacherImportKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "jsjbxx", Label: "教师信息", Perm: PermImport, Cols: teacherColumns, Sample: s.teacherSample},
		s.validateTeachers, commitItems[Teacher](teacherKind.kind))
}

// ClassImportKind is the class import (/api/import/bj).
func (s *Service) ClassImportKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "bj", Label: "班级信息", Perm: PermImport, Cols: classColumns, Sample: s.classSample},
		s.validateClasses, commitItems[Class](classKind))
}

const unitNote = "您管理范围内单位的单位编码，或在其中唯一的单位名称"

// personColumns are the columns students and teachers share (after the number).
var personColumns = imports.Columns{
	{Key: "name", Label: "姓名", Required: true, Example: "张三"},
	{Key: "gender", Label: "性别", Dict: DictGender, Note: "可不填：按身份证号码确定"},
	{Key: "ethnicity", Label: "民族", Dict: DictEthnicity, Example: "汉族"},
	{Key: "idNumber", Label: "身份证号码", Example: "110101199003074514", Personal: imports.PersonalIDNumber, Note: "18位（旧号码15位）；请以文本格式填写"},
	{Key: "phone", Label: "手机号码", Example: "13800138000", Personal: imports.PersonalPhone},
	{Key: "birthDate", Label: "出生日期", Example: "1990-03-07", Note: "可不填：按身份证号码确定；填写时须与身份证号码一致"},
	{Key: "unit", Label: "所在单位", Field: "unitDeptId", Required: true, Example: "DW001", Note: unitNote},
}

// importRefs is what every kind's validation reads once: dictionaries and
// the units of the caller's scope.
type importRefs struct {
	labels     system.DictLabels
	dicts      *imports.Dicts
	inScope    map[int64]bool // unit id → in the caller's unit scope
	unitName   map[int64]string
	unitByCode map[string]int64
	unitByName map[string][]int64
}

func (s *Service) importRefs(ctx context.Context, idb bun.IDB) (*importRefs, error) {
	ref := &importRefs{inScope: map[int64]bool{}, unitName: map[int64]string{}, unitByCode: map[string]int64{},
		unitByName: map[string][]int64{}}
	var err error
	if ref.labels, err = s.labels(ctx); err != nil {
		return nil, err
	}
	if ref.dicts, err = imports.LoadDicts(ctx, s.sys, DictGender, DictEthnicity, DictGrade, DictTitle, DictPost,
		DictStudentStatus, DictTeacherStatus, DictEducationLevel); err != nil {
		return nil, err
	}
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	// Units are a small table: the caller's all in one query.
	var units []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
		Code string `bun:"code"`
	}
	q := idb.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.id, d.name, COALESCE(i.code, '') AS code").
		Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id")
	if err := sc.Apply(q, "d.id").Scan(ctx, &units); err != nil {
		return nil, err
	}
	for _, u := range units {
		ref.inScope[u.ID], ref.unitName[u.ID] = true, u.Name
		if u.Code != "" {
			ref.unitByCode[u.Code] = u.ID
		}
		ref.unitByName[u.Name] = append(ref.unitByName[u.Name], u.ID)
	}
	return ref, nil
}

// unitCell resolves the unit cell into dst (a unit code or a name unique
// in the caller's scope); an empty cell clears it.
func (ref *importRefs) unitCell(r *imports.Row, dst **int64) {
	r.Ref("unit", dst, func(text string) (int64, string) {
		if id, ok := ref.unitByCode[text]; ok {
			return id, ""
		}
		return imports.Named(ref.unitByName[text], text, fmt.Sprintf("找不到单位「%s」，请填写您管理范围内单位的编码或名称", text),
			"有 %d 个名为「%s」的单位，请改填单位编码")
	})
}

// unitInScope is checkPersonStored's unit check against the units read
// once (the ID number's uniqueness is checked for the whole file by
// checkIDNumbers).
func (ref *importRefs) unitInScope(p *Person, _ int64) error {
	if !ref.inScope[p.UnitDeptID] {
		return errNoUnit()
	}
	return nil
}

func (ref *importRefs) nameOfUnit(id int64) string {
	if n, ok := ref.unitName[id]; ok {
		return n
	}
	return fmt.Sprint(id)
}

// markDuplicates fails every row whose match key (column key) another row
// of the file repeats, and the rows without one; it returns the keys.
func markDuplicates(rows []*imports.Row, key, label string) []string {
	first := map[string]*imports.Row{}
	var keys []string
	for _, r := range rows {
		v := r.Cells[key]
		if v == "" {
			r.Fail(key, "请填写"+label)
			continue
		}
		if f, dup := first[v]; dup {
			r.Fail(key, fmt.Sprintf("与第 %d 行的%s重复", f.RowNo, label))
			if !f.Failed(key) {
				f.Fail(key, fmt.Sprintf("与第 %d 行的%s重复", r.RowNo, label))
			}
			continue
		}
		first[v] = r
		keys = append(keys, v)
	}
	return keys
}

// importStart is how every people import's validation starts: the
// references read once, the file's business keys (k's key column) each
// once (markDuplicates), and the live records holding them read in bulk;
// extra adds the columns a kind's row check needs (nil: none).
func importStart[E stored](ctx context.Context, s *Service, idb bun.IDB, k kind, rows []*imports.Row,
	extra func(q *bun.SelectQuery) *bun.SelectQuery) (*importRefs, map[string]*E, error) {
	ref, err := s.importRefs(ctx, idb)
	if err != nil {
		return nil, nil, err
	}
	numbers := markDuplicates(rows, k.numberField, k.numberLabel)
	existing, err := imports.ByKey(numbers, func(e *E) string { return (*e).ident().number },
		func(part []string, dst *[]*E) error {
			q := idb.NewSelect().Model(dst)
			if extra != nil {
				q = extra(q)
			}
			return q.Where("?.? IN (?)", bun.Ident(k.alias), bun.Ident(k.number), bun.In(part)).Scan(ctx)
		})
	return ref, existing, err
}

// importItem is a validated row ready for Commit: the record to write, the
// time the live record was read (nil for a new one) and, for students and
// teachers, the person fields the ID number check reads.
type importItem[T stored] struct {
	rec    *T
	readAt *time.Time
	person *Person
}

// personItem is what a person row carries to the ID number check: the
// person fields and the id of the record they are (0: a new one).
type personItem interface {
	personOf() *Person
	recordID() int64
}

func (i *importItem[T]) personOf() *Person { return i.person }
func (i *importItem[T]) recordID() int64   { return (*i.rec).ident().id }

// commitItems is the commit of kind k's import: it inserts the new
// records in multi-row INSERTs and updates the changed ones, each only if
// nobody changed it since it was read (these tables keep no change trail).
func commitItems[T stored](k kind) func(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	return func(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
		dupNumber := k.duplicate()
		var fresh []*T
		err := imports.Each(rows, func(r *imports.Row, item *importItem[T]) error {
			if item.readAt == nil {
				fresh = append(fresh, item.rec)
				return nil
			}
			return updateGuarded(ctx, tx, item.rec, *item.readAt, k.what, dupNumber)
		})
		if err != nil {
			return err
		}
		return insertChunks(ctx, tx, fresh, dupNumber)
	}
}

// checkIDNumbers fails the valid rows whose ID number another valid row of
// the file or another record of table (idx → id, read in bulk) holds,
// as the unique index would at commit. A record may be indexed under a key
// a re-encryption has not finished with: each row's number is looked up
// under every such key (alias maps them back to the row's index).
func (s *Service) checkIDNumbers(ctx context.Context, idb bun.IDB, table string, rows []*imports.Row) error {
	byIdx := map[string]*imports.Row{}
	alias := map[string]string{}
	var keys []string
	for _, r := range rows {
		item, ok := r.Data.(personItem)
		if !ok || item.personOf() == nil || item.personOf().IDNumberIdx == "" {
			continue
		}
		idx := item.personOf().IDNumberIdx
		if f, dup := byIdx[idx]; dup {
			r.Fail("idNumber", fmt.Sprintf("与第 %d 行的身份证号码重复", f.RowNo))
			r.Data = nil
			if f.Data != nil {
				f.Fail("idNumber", fmt.Sprintf("与第 %d 行的身份证号码重复", r.RowNo))
				f.Data = nil
			}
			continue
		}
		byIdx[idx] = r
		alias[idx] = idx
		keys = append(keys, idx)
		if number := s.reveal(item.personOf().IDNumberEnc, table, 0); number != "" {
			for _, a := range s.idIndexes(number) {
				if a != idx {
					alias[a] = idx
					keys = append(keys, a)
				}
			}
		}
	}
	taken := map[string]int64{}
	err := imports.Chunked(keys, func(part []string) error {
		var found []struct {
			ID  int64  `bun:"id"`
			Idx string `bun:"id_number_idx"`
		}
		if err := idb.NewSelect().Table(table).Column("id", "id_number_idx").Where("id_number_idx IN (?)", bun.In(part)).
			Scan(ctx, &found); err != nil {
			return err
		}
		for _, f := range found {
			taken[alias[f.Idx]] = f.ID
		}
		return nil
	})
	if err != nil {
		return err
	}
	for idx, r := range byIdx {
		if id, ok := taken[idx]; ok && r.Data != nil && id != r.Data.(personItem).recordID() {
			r.Fail("idNumber", errDuplicateIDNumber().Message)
			r.Data = nil
		}
	}
	return nil
}

// rowLoop is what the row loop of a people import knows of its kind: E is a
// live record as validation read it, M the record saved, I the body the
// API's checks take.
type rowLoop[E any, M stored, I any] struct {
	kind   kind            // the key column (k.numberField) and the record's name in messages
	cols   imports.Columns // where a check's error goes
	fields audit.Fields    // the changes a row reports
	unit   func(cur *E) int64
	rec    func(cur *E) *M
	// input is the row's body: a new record's from its cells, or cur's
	// with the file's cells put on it; a cell that cannot be read fails
	// the row.
	input func(r *imports.Row, cur *E) I
	// check is the API's check of the body into the record to save, with
	// what it reads from the database read once for the file.
	check   func(in I, cur *E) (*M, error)
	display func(m *M) map[string]string
	person  func(m *M) *Person // the ID number check's fields (nil: none)
}

// each validates the rows still valid: a row whose key names a live record
// updates it (its id the row's target; outside the caller's scope it is
// refused), its cells are read and checked, and the row is accepted with
// the changes the record shows (the live record as read is the base the
// commit's guarded update checks).
func (l rowLoop[E, M, I]) each(ref *importRefs, rows []*imports.Row, existing map[string]*E) {
	key := l.kind.numberField
	for _, r := range rows {
		if r.Status == imports.StatusInvalid {
			continue
		}
		cur := existing[r.Cells[key]]
		var was *M
		if cur != nil {
			if !ref.inScope[l.unit(cur)] {
				r.Fail(key, "该"+l.kind.what+"不在您的管理范围内")
				continue
			}
			was = l.rec(cur)
			id := (*was).ident().id
			r.TargetID = &id
		}
		in := l.input(r, cur)
		if len(r.Errors) > 0 {
			continue
		}
		m, err := l.check(in, cur)
		if err != nil {
			l.cols.FailErr(r, err)
			continue
		}
		var readAt *time.Time
		var before map[string]string
		if was != nil {
			at := (*was).ident().updatedAt
			readAt, before = &at, l.display(was)
		}
		var person *Person
		if l.person != nil {
			person = l.person(m)
		}
		accept(r, m, person, readAt, l.fields, before, l.display(m))
	}
}

// accept keeps a checked record as the row's item, with the time the live
// record was read (nil for a new one) and the person fields the ID number
// check reads, and settles the row's status from the record as shown
// before (nil: new) and after.
func accept[T stored](r *imports.Row, rec *T, person *Person, readAt *time.Time, fields audit.Fields, before, after map[string]string) {
	r.Data = &importItem[T]{rec: rec, readAt: readAt, person: person}
	settle(r, fields, before, after)
}

// settle sets a checked row's status and changes from the record as shown
// before (nil: new) and after.
func settle(r *imports.Row, fields audit.Fields, before, after map[string]string) {
	if before == nil {
		r.Status = imports.StatusNew
		return
	}
	changes := fields.Diff(before, after)
	for i, c := range changes {
		switch c.Field { // personal fields are shown masked, as in the lists
		case "idNumber":
			changes[i].Old, changes[i].New = crypto.MaskIDNumber(c.Old), crypto.MaskIDNumber(c.New)
		case "phone":
			changes[i].Old, changes[i].New = crypto.MaskPhone(c.Old), crypto.MaskPhone(c.New)
		}
	}
	r.Settle(changes)
}

// personDisplay is the shared part of a person of kind k as a row's
// changes show it (personal fields in clear: masked by settle).
func (s *Service) personDisplay(ref *importRefs, k personKind, p *Person, id int64) map[string]string {
	l := ref.labels
	return map[string]string{
		"name": p.Name, "gender": l.Label(DictGender, p.Gender), "ethnicity": l.Label(DictEthnicity, p.Ethnicity),
		"idNumber": s.reveal(p.IDNumberEnc, k.table, id), "phone": s.reveal(p.PhoneEnc, k.table, id),
		"birthDate": string(p.BirthDate), "unit": ref.nameOfUnit(p.UnitDeptID), "status": l.Label(k.statusDict, p.Status),
		"remark": p.Remark,
	}
}

// personCells reads the shared cells into in.
func (ref *importRefs) personCells(r *imports.Row, cols imports.Columns, in *PersonInput) {
	r.Text("name", &in.Name)
	cols.Dict(r, ref.dicts, "gender", &in.Gender)
	cols.Dict(r, ref.dicts, "ethnicity", &in.Ethnicity)
	r.Text("idNumber", &in.IDNumber)
	r.Text("phone", &in.Phone)
	cols.Date(r, "birthDate", &in.BirthDate)
	ref.unitCell(r, &in.UnitDeptID)
	cols.Dict(r, ref.dicts, "status", &in.Status)
	r.Text("remark", &in.Remark)
}

// insertChunks inserts new records a chunk at a time (multi-row INSERTs).
func insertChunks[T any](ctx context.Context, tx bun.Tx, list []*T, dupNumber *httpx.Error) error {
	return imports.Chunked(list, func(part []*T) error {
		if _, err := tx.NewInsert().Model(&part).Returning("id").Exec(ctx); err != nil {
			return writeErr(err, dupNumber)
		}
		return nil
	})
}

// updateGuarded writes a changed record only if nobody changed it since it
// was read (its updated_at).
func updateGuarded(ctx context.Context, tx bun.Tx, model any, readAt time.Time, what string, dupNumber *httpx.Error) error {
	res, err := tx.NewUpdate().Model(model).WherePK().Where("updated_at = ?", readAt).ExcludeColumn("id", "created_at").Exec(ctx)
	if err != nil {
		return writeErr(err, dupNumber)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.Conflict("该%s信息刚被其他人修改，请重新校验后再导入", what)
	}
	return nil
}
