package people

import (
	"context"
	"errors"
	"maps"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// Field limits (characters).
const (
	maxName   = 50
	maxNumber = 32
	maxRemark = 500
	maxText   = 100
)

func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	return s.sys.DictLabels(ctx, DictGender, DictEthnicity, DictGrade, DictTitle, DictPost,
		DictStudentStatus, DictTeacherStatus, DictEducationLevel)
}

// personKind is a kind of person (student or teacher): its table, the
// dictionary and default of its status, its code in the pickers.
type personKind struct {
	kind
	statusDict string
	defStatus  string
	code       string       // KindStudent or KindTeacher
	index      search.Index // text search: name and number
}

var (
	studentKind = personKind{kind: kind{table: "xsjbxx", alias: "x", what: "学生", number: "student_no",
		numberField: "studentNo", numberLabel: "学号"}, statusDict: DictStudentStatus, defStatus: StudentEnrolled, code: KindStudent,
		index: studentSearch}
	teacherKind = personKind{kind: kind{table: "jsjbxx", alias: "x", what: "教师", number: "staff_no",
		numberField: "staffNo", numberLabel: "工号"}, statusDict: DictTeacherStatus, defStatus: TeacherActive, code: KindTeacher,
		index: teacherSearch}
)

func (in *PersonInput) trim() {
	for _, f := range []*string{&in.Name, &in.Gender, &in.Ethnicity, &in.IDNumber, &in.Phone, &in.BirthDate, &in.Status, &in.Remark} {
		*f = strings.TrimSpace(*f)
	}
	in.IDNumber = strings.ToUpper(in.IDNumber)
}

// checkPersonStored is the part of the shared checks that reads the
// database, on a record checkPerson accepted: the unit in the caller's
// scope and the ID number unique in the table.
func (s *Service) checkPersonStored(ctx context.Context, idb bun.IDB, k personKind, p *Person, cur *Person, self int64) error {
	if cur == nil || cur.UnitDeptID != p.UnitDeptID {
		if err := s.checkUnit(ctx, idb, p.UnitDeptID); err != nil {
			return err
		}
	}
	if p.IDNumberIdx != "" && (cur == nil || cur.IDNumberIdx != p.IDNumberIdx) {
		idxs := []string{p.IDNumberIdx}
		if number := s.reveal(p.IDNumberEnc, k.table, self); number != "" {
			idxs = s.idIndexes(number) // every key a re-encryption has not finished with
		}
		n, err := idb.NewSelect().Table(k.table).Where("id_number_idx IN (?)", bun.In(idxs)).Where("id <> ?", self).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n > 0 {
			return errDuplicateIDNumber()
		}
	}
	return nil
}

// checkPerson is the part of the shared checks that needs no database (the
// import runs it per row and its database checks in bulk): the business
// key (number) given and not too long, the ID number checked (GB 11643)
// and agreeing with the birth date and gender, both personal fields
// encrypted with their blind index, dictionary values known, a unit given
// (not yet checked against the scope).
func (s *Service) checkPerson(l system.DictLabels, k personKind, number string, in PersonInput, cur *Person, self int64) (Person, error) {
	numberErr := k.checkNumber(number)
	now := s.now()
	in.trim()
	p := Person{Status: k.defStatus, CreatedAt: now, UpdatedAt: now}
	var curID, curPhone string
	if cur != nil {
		p = *cur
		p.UpdatedAt = now
		curID, curPhone = s.reveal(cur.IDNumberEnc, k.table, self), s.reveal(cur.PhoneEnc, k.table, self)
	}
	// Every field is checked, so the form marks all bad ones at once; a
	// step that needs an earlier one's value runs only when that passed.
	var c httpx.Checks
	if in.Name == "" || len([]rune(in.Name)) > maxName {
		c.Add(httpx.Invalid("name", "请输入姓名（不超过%d个字）", maxName))
	}
	p.Name = in.Name

	var info *idcard.IDNumber
	if strings.Contains(in.IDNumber, "*") {
		// Sent back masked, as the detail shows it: keep the stored number.
		if curID == "" || crypto.MaskIDNumber(curID) != in.IDNumber {
			c.Add(httpx.Invalid("idNumber", "请输入完整的身份证号码"))
		} else {
			in.IDNumber = curID
		}
	}
	if in.IDNumber != "" && !c.Failed("idNumber") {
		v, err := idcard.ParseIDNumber(in.IDNumber, now)
		if !c.Add(onField(err, "idNumber")) {
			info = &v
		}
	}
	birth, ok := date.Parse(in.BirthDate)
	switch {
	case !ok:
		c.Add(httpx.Invalid("birthDate", "出生日期格式错误，应为 YYYY-MM-DD"))
	case c.Failed("idNumber"):
	default:
		b, gender, err := record.BornAs(info, birth, in.Gender)
		if c.Add(err) {
			break
		}
		in.Gender = gender
		if b != "" && b.Time().After(idcard.DateOf(now)) {
			c.Add(httpx.Invalid("birthDate", "出生日期不能晚于今天"))
		}
		p.BirthDate = b
		if in.Gender == "" {
			c.Add(httpx.Invalid("gender", "请选择性别"))
		}
	}

	switch {
	case in.Phone == "":
	case strings.Contains(in.Phone, "*"):
		if curPhone == "" || crypto.MaskPhone(curPhone) != in.Phone {
			c.Add(httpx.Invalid("phone", "请输入完整的手机号码"))
		} else {
			in.Phone = curPhone
		}
	case !idcard.IsMobilePhone(in.Phone):
		c.Add(httpx.Invalid("phone", "请输入正确的手机号码"))
	}

	if in.Status != "" {
		p.Status = in.Status
	}
	p.Gender, p.Ethnicity = in.Gender, in.Ethnicity
	var was Person
	if cur != nil {
		was = *cur
	}
	leftOnChange(k, &p, was.Status, cur == nil, date.Of(now.In(date.China)))
	c.Add(checkDicts(l, dictValue{"gender", DictGender, "性别", p.Gender, was.Gender},
		dictValue{"ethnicity", DictEthnicity, "民族", p.Ethnicity, was.Ethnicity},
		dictValue{"status", k.statusDict, "状态", p.Status, was.Status}))
	if len([]rune(in.Remark)) > maxRemark {
		c.Add(httpx.Invalid("remark", "备注不超过%d个字", maxRemark))
	}
	p.Remark = in.Remark

	if in.UnitDeptID == nil || *in.UnitDeptID <= 0 {
		c.Add(errNoUnitGiven())
	}
	if err := httpx.AllInvalid(numberErr, c.Err()); err != nil {
		return p, err
	}
	p.UnitDeptID = *in.UnitDeptID

	// Personal fields: encrypted, with a blind index; an unchanged value
	// keeps its ciphertext (p is a copy of cur, so it holds cur's).
	var idClear, idCanonical string
	if info != nil {
		idClear, idCanonical = info.Number, info.Canonical
	}
	p.IDNumberEnc, p.IDNumberIdx = s.cipher.Seal(idClear, idCanonical, curID, p.IDNumberEnc)
	p.PhoneEnc, p.PhoneIdx = s.cipher.Seal(in.Phone, in.Phone, curPhone, p.PhoneEnc)
	return p, nil
}

func errNoUnit() *httpx.Error      { return httpx.Invalid("unitDeptId", "所选单位不存在") }
func errNoUnitGiven() *httpx.Error { return httpx.Invalid("unitDeptId", "请选择所在单位") }

func errDuplicateIDNumber() *httpx.Error {
	e := httpx.Conflict("身份证号码已存在")
	e.Field = "idNumber"
	return e
}

// onField names field on a validation error that names none (the ID
// number parser's).
func onField(err error, field string) error {
	var he *httpx.Error
	if errors.As(err, &he) && he.Field == "" {
		e := *he
		e.Field = field
		return &e
	}
	return err
}

// dictValue is an input value that must be an item of a dictionary, and
// the value the record had (was: a disabled item is kept, never newly chosen).
type dictValue struct{ field, dict, label, v, was string }

// checkDicts accepts values that are empty, enabled items of their
// dictionary or what the record had (record.DictValue).
func checkDicts(l system.DictLabels, values ...dictValue) error {
	var c httpx.Checks
	for _, f := range values {
		c.Add(record.DictValue(f.field, f.label, f.dict, f.v, f.was, l))
	}
	return c.Err()
}

// checkUnit accepts a unit that exists and lies in the caller's unit scope
// (otherwise the same answer: it does not exist).
func (s *Service) checkUnit(ctx context.Context, idb bun.IDB, id int64) error {
	ok, err := s.units.InScope(ctx, idb, id)
	if err != nil {
		return err
	}
	if !ok {
		return errNoUnit()
	}
	return nil
}

// personInput is the input that leaves the shared fields as they are.
func (s *Service) personInput(p *Person, table string, id int64) PersonInput {
	unitID := p.UnitDeptID
	return PersonInput{Name: p.Name, Gender: p.Gender, Ethnicity: p.Ethnicity, IDNumber: s.reveal(p.IDNumberEnc, table, id),
		Phone: s.reveal(p.PhoneEnc, table, id), BirthDate: string(p.BirthDate), UnitDeptID: &unitID, Status: p.Status, Remark: p.Remark}
}

// personView builds the shared part of the API form; unmask shows the ID
// number and phone in clear (the caller has checked the permission).
func (s *Service) personView(p *Person, k personKind, id int64, unitName string, l audit.Labeller, unmask bool) PersonView {
	idNo, phone := s.reveal(p.IDNumberEnc, k.table, id), s.reveal(p.PhoneEnc, k.table, id)
	if !unmask {
		idNo, phone = crypto.MaskIDNumber(idNo), crypto.MaskPhone(phone)
	}
	return PersonView{Name: p.Name, Gender: p.Gender, GenderLabel: l(DictGender, p.Gender), Ethnicity: p.Ethnicity,
		EthnicityLabel: l(DictEthnicity, p.Ethnicity), IDNumber: idNo, Phone: phone, Masked: !unmask,
		BirthDate: p.BirthDate, UnitDeptID: p.UnitDeptID, UnitName: unitName, Status: p.Status,
		StatusLabel: l(k.statusDict, p.Status), LeftOn: p.LeftOn, Remark: p.Remark, CreateTime: p.CreatedAt, UpdateTime: p.UpdatedAt}
}

// personSpec is the list spec of kind k (alias x): the filters and sorts
// every people list has (the keyword box, name, number, unit, status,
// gender), plus the kind's own.
func (s *Service) personSpec(k personKind, filters map[string]httpx.Filter, sorts map[string]string) httpx.ListSpec {
	spec := httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"blurry":      s.textFilter(k),
			"name":        {Columns: []string{"x.name"}, Match: httpx.Text, Search: onPerson(k)},
			k.numberField: {Columns: []string{"x." + k.number}, Match: httpx.Text, Search: onPerson(k)},
			"unitDeptId":  {Columns: []string{"x.unit_dept_id"}, Kind: httpx.Int},
			"status":      {Columns: []string{"x.status"}, Match: httpx.In},
			"gender":      {Columns: []string{"x.gender"}, Match: httpx.In},
		},
		Sorts: map[string]string{"id": "x.id", "name": zh.Name("x.name"), k.numberField: "x." + k.number,
			"createTime": "x.created_at", "unitName": zh.Name("d.name")},
		Key:         "x.id",
		DefaultSort: "x.unit_dept_id ASC, " + zh.Name("x.name") + " ASC, x.id ASC",
	}
	maps.Copy(spec.Filters, filters)
	maps.Copy(spec.Sorts, sorts)
	return spec
}

// textFilter is the blurry filter of a people list: the search text
// against the name and the student/staff number (substring), and, when the
// text looks like one, the ID number or the phone exactly (through their
// blind indexes: they are encrypted). Columns of alias x; the substring
// search is served by k's text-search index.
func (s *Service) textFilter(k personKind) httpx.Filter {
	return httpx.Filter{Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
		text := v.(string)
		if len([]rune(text)) > 50 {
			return nil, httpx.BadRequest("查询条件 blurry 过长")
		}
		cond, args := search.Match(db.IsPostgres(s.db), text, []string{"x.name", "x." + k.number}, onPerson(k)...)
		return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			g = g.Where(cond, args...)
			if idcard.LooksLikeIDNumber(text) {
				g = g.WhereOr("x.id_number_idx IN (?)", bun.In(s.idIndexes(text)))
			}
			if idcard.IsMobilePhone(text) {
				g = g.WhereOr("x.phone_idx IN (?)", bun.In(s.cipher.Indexes(text)))
			}
			return g
		}), nil
	}}
}
