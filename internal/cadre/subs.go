package cadre

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// subKind declares one sub-table (information types 2–13, certificates):
// its path under /api/gbjbxx/{id}/, what a row is called, its fields (their
// generic checks and the trail), its order and its own rules.
type subKind[T any] struct {
	path, noun, table string
	fields            resource.Fields[T]
	order             string
	// rules are the row's checks beyond the fields' (dates ordered …).
	rules func(in *T) error
	// seal encrypts a row's personal fields (clear → …Enc, clear emptied:
	// the row as stored and snapshotted); open decrypts them for the API.
	seal func(s *Service, in *T) error
	open func(s *Service, in *T)
	// module is the trail module of the rows (0: the cadre's, TrailModule).
	module int
	// verify is a check that reads the database (the unit exists), after
	// the others; unique answers a write refused by the table's unique key.
	verify func(ctx context.Context, idb bun.IDB, in *T) error
	unique func() *httpx.Error
	// selects adds the columns a row shows and does not keep (its unit's name).
	selects func(q *bun.SelectQuery) *bun.SelectQuery
}

// trailModule is the module the kind's rows are trailed in.
func (k *subKind[T]) trailModule() int {
	if k.module != 0 {
		return k.module
	}
	return TrailModule
}

// subRow is what every sub-table row gives.
type subRow interface{ sub() *Sub }

func (x *Sub) sub() *Sub { return x }

// ordered refuses an end before its start (both optional).
func ordered(startField, startLabel, endField, endLabel string, start, end date.Date) error {
	if start != "" && end != "" && end < start {
		return httpx.Invalid(endField, "%s不能早于%s", endLabel, startLabel)
	}
	return nil
}

func periodRule(p *Period) error {
	return ordered("startOn", "起始时间", "endOn", "终止时间", p.StartOn, p.EndOn)
}

func yearRule(y int) error { return record.Year("year", "年度", y) }

// Period fields shared by the rows with one.
func periodFields[T any](required bool) resource.Fields[T] {
	return resource.Fields[T]{{Name: "startOn", Label: "起始时间", Kind: resource.Day, Required: required},
		{Name: "endOn", Label: "终止时间", Kind: resource.Day}}
}

func cat[T any](parts ...resource.Fields[T]) resource.Fields[T] {
	var out resource.Fields[T]
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var (
	resumeKind = subKind[Resume]{path: "jl", noun: "简历", table: "gb_jl", order: "start_on, sort, id",
		fields: cat(periodFields[Resume](true), resource.Fields[Resume]{{Name: "text", Label: "经历", Required: true, Max: 500}, {Name: "sort", Label: "排序", Kind: resource.Int}}),
		rules:  func(in *Resume) error { return periodRule(&in.Period) }}
	postKind = subKind[PostRow]{path: "zw", noun: "职务", table: "gb_zw", order: "start_on, sort, id",
		fields: cat(resource.Fields[PostRow]{{Name: "post", Label: "职务", Required: true, Max: 200},
			{Name: "level", Label: "职级", Kind: resource.Code, Dict: DictLevel},
			{Name: "attribute", Label: "职务属性", Kind: resource.Code, Dict: DictPostAttribute},
			{Name: "kind", Label: "任职类型", Required: true, Max: 8}},
			periodFields[PostRow](true),
			resource.Fields[PostRow]{{Name: "docNo", Label: "任免文号", Max: 100}, {Name: "probationUntil", Label: "试用期满", Kind: resource.Day},
				{Name: "sort", Label: "排序", Kind: resource.Int}}),
		rules: func(in *PostRow) error {
			if in.Kind != PostKindHeld && in.Kind != PostKindConcurrent && in.Kind != PostKindSeconded {
				return httpx.Invalid("kind", "任职类型须为任职、兼任或挂职")
			}
			return periodRule(&in.Period)
		}}
	educationKind = subKind[EducationRow]{path: "xl", noun: "学历学位", table: "gb_xl", order: "start_on, sort, id",
		fields: cat(resource.Fields[EducationRow]{{Name: "kind", Label: "教育类别", Required: true, Max: 8},
			{Name: "school", Label: "毕业院校", Required: true, Max: 100}, {Name: "major", Label: "专业", Max: 100},
			{Name: "education", Label: "学历", Kind: resource.Code, Dict: DictEducation},
			{Name: "degree", Label: "学位", Kind: resource.Code, Dict: DictDegree}}, periodFields[EducationRow](false),
			resource.Fields[EducationRow]{{Name: "sort", Label: "排序", Kind: resource.Int}}),
		rules: func(in *EducationRow) error {
			if in.Kind != EduFullTime && in.Kind != EduInService {
				return httpx.Invalid("kind", "教育类别须为全日制或在职")
			}
			return periodRule(&in.Period)
		}}
	familyKind = subKind[Family]{path: "jtcy", noun: "家庭成员", table: "gb_jtcy", order: "sort, id",
		fields: resource.Fields[Family]{{Name: "relation", Label: "称谓", Required: true, Max: 20},
			{Name: "name", Label: "姓名", Required: true, Max: 50},
			{Name: "birthOn", Label: "出生年月", Kind: resource.Day, NotFuture: true},
			{Name: "politicalStatus", Label: "政治面貌", Kind: resource.Code, Dict: DictPolitical},
			{Name: "employerPost", Label: "工作单位及职务", Max: 200}, {Name: "sort", Label: "排序", Kind: resource.Int}},
		seal: func(s *Service, in *Family) error {
			var err error
			if in.Name, err = s.clearOf(in.Name, in.NameEnc, "name", "姓名"); err != nil {
				return err
			}
			if in.EmployerPost, err = s.clearOf(in.EmployerPost, in.EmployerPostEnc, "employerPost", "工作单位及职务"); err != nil {
				return err
			}
			in.NameEnc, in.EmployerPostEnc = s.encrypt(in.Name), s.encrypt(in.EmployerPost)
			in.Name, in.EmployerPost = "", ""
			return nil
		},
		open: func(s *Service, in *Family) { s.openFamily(in) }}
	studyKind = subKind[Study]{path: "xxjl", noun: "学习记录", table: "gb_xxjl", order: "start_on, sort, id",
		fields: cat(resource.Fields[Study]{{Name: "course", Label: "学习内容", Required: true, Max: 200}, {Name: "organiser", Label: "主办单位", Max: 100}},
			periodFields[Study](true), resource.Fields[Study]{{Name: "hours", Label: "学时", Kind: resource.Int}, {Name: "sort", Label: "排序", Kind: resource.Int}}),
		rules: func(in *Study) error {
			if in.Hours < 0 || in.Hours > 10000 {
				return httpx.Invalid("hours", "学时须在0到10000之间")
			}
			return periodRule(&in.Period)
		}}
	inspectionKind = subKind[Inspection]{path: "kc", noun: "考察情况", table: "gb_kc", order: "year, sort, id",
		fields: resource.Fields[Inspection]{{Name: "year", Label: "年度", Kind: resource.Int}, {Name: "kind", Label: "考察类型", Required: true, Max: 50},
			{Name: "conclusion", Label: "考察结论", Required: true, Max: 2000}, {Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *Inspection) error { return yearRule(in.Year) }}
	assessmentKind = subKind[Assessment]{path: "khqk", noun: "年度考核", table: "gb_khqk", order: "year, sort, id",
		fields: resource.Fields[Assessment]{{Name: "year", Label: "年度", Kind: resource.Int}, {Name: "grade", Label: "考核结果", Required: true, Max: 8},
			{Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *Assessment) error {
			ok := false
			for _, g := range AssessmentGrades {
				ok = ok || g == in.Grade
			}
			if !ok {
				return httpx.Invalid("grade", "考核结果须为%s", strings.Join(AssessmentGrades, "、"))
			}
			return yearRule(in.Year)
		}}
	workStyleKind = subKind[WorkStyle]{path: "zf", noun: "作风表现", table: "gb_zf", order: "year, sort, id",
		fields: resource.Fields[WorkStyle]{{Name: "year", Label: "年度", Kind: resource.Int}, {Name: "content", Label: "表现情况", Required: true, Max: 2000},
			{Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *WorkStyle) error { return yearRule(in.Year) }}
	researchKind = subKind[Research]{path: "ky", noun: "科研情况", table: "gb_ky", order: "year, sort, id",
		fields: resource.Fields[Research]{{Name: "year", Label: "年度", Kind: resource.Int}, {Name: "title", Label: "成果名称", Required: true, Max: 200},
			{Name: "kind", Label: "成果类型", Max: 50}, {Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *Research) error { return yearRule(in.Year) }}
	partTimeKind = subKind[PartTime]{path: "jz", noun: "兼职情况", table: "gb_jz", order: "start_on, sort, id",
		fields: cat(resource.Fields[PartTime]{{Name: "org", Label: "兼职单位", Required: true, Max: 100}, {Name: "post", Label: "兼任职务", Required: true, Max: 100}},
			periodFields[PartTime](false), resource.Fields[PartTime]{{Name: "sort", Label: "排序", Kind: resource.Int}}),
		rules: func(in *PartTime) error { return periodRule(&in.Period) }}
	honourKind = subKind[Honour]{path: "jc", noun: "奖惩情况", table: "gb_jc", order: "granted_on, sort, id",
		fields: resource.Fields[Honour]{{Name: "kind", Label: "奖惩类别", Required: true, Max: 4}, {Name: "title", Label: "奖惩名称", Required: true, Max: 200},
			{Name: "grantedOn", Label: "奖惩时间", Kind: resource.Day, NotFuture: true}, {Name: "grantedBy", Label: "批准机关", Max: 100},
			{Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *Honour) error {
			if in.Kind != HonourReward && in.Kind != HonourPunishment {
				return httpx.Invalid("kind", "奖惩类别须为奖或惩")
			}
			return nil
		}}
	partyServiceKind = subKind[PartyService]{path: "dzzfw", noun: "党组织任职", table: "gb_dzzfw", order: "start_on, sort, id",
		fields: cat(resource.Fields[PartyService]{{Name: "org", Label: "党组织", Required: true, Max: 100}, {Name: "post", Label: "党内职务", Required: true, Max: 100}},
			periodFields[PartyService](false), resource.Fields[PartyService]{{Name: "sort", Label: "排序", Kind: resource.Int}}),
		rules: func(in *PartyService) error { return periodRule(&in.Period) }}
	// managedKind is 分管部门 (GB_MANAGE_DEPT): the units a cadre manages, each once, trailed in its own module.
	managedKind = subKind[ManagedDept]{path: "fgbm", noun: "分管部门", table: "gb_fgbm", order: "sort, id", module: TrailManagedDepts,
		fields: resource.Fields[ManagedDept]{{Name: "unitId", Label: "分管单位", Kind: resource.Ref, Required: true, Table: "sys_dept", Key: "unit"},
			{Name: "kind", Label: "分管类型", Required: true, Max: 8}, {Name: "since", Label: "起始时间", Kind: resource.Day, NotFuture: true},
			{Name: "note", Label: "备注", Max: 200}, {Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *ManagedDept) error {
			if in.Kind != ManageCharge && in.Kind != ManageContact {
				return httpx.Invalid("kind", "分管类型须为分管或联系")
			}
			return nil
		},
		verify: func(ctx context.Context, idb bun.IDB, in *ManagedDept) error {
			ok, err := idb.NewSelect().TableExpr("sys_dept").Where("id = ?", in.UnitID).Exists(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if !ok {
				return httpx.Invalid("unitId", "分管单位不存在")
			}
			return nil
		},
		unique: func() *httpx.Error { return httpx.Invalid("unitId", "该单位已在此干部的分管部门中") },
		selects: func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.ColumnExpr("x.*").ColumnExpr("(SELECT d.name FROM sys_dept AS d WHERE d.id = x.unit_id) AS unit_name")
		}}
	certificateKind = subKind[Certificate]{path: "zj", noun: "证件", table: "gb_zj", order: "sort, id",
		fields: resource.Fields[Certificate]{{Name: "kind", Label: "证件类型", Required: true, Max: 20}, {Name: "number", Label: "证件号码", Max: 50},
			{Name: "outOn", Label: "领取日期", Kind: resource.Day}, {Name: "dueBackOn", Label: "应交回日期", Kind: resource.Day},
			{Name: "returnedOn", Label: "交回日期", Kind: resource.Day}, {Name: "sort", Label: "排序", Kind: resource.Int}},
		rules: func(in *Certificate) error {
			if err := ordered("outOn", "领取日期", "dueBackOn", "应交回日期", in.OutOn, in.DueBackOn); err != nil {
				return err
			}
			return ordered("outOn", "领取日期", "returnedOn", "交回日期", in.OutOn, in.ReturnedOn)
		},
		seal: func(s *Service, in *Certificate) error {
			var err error
			if in.Number, err = s.clearOf(in.Number, in.NumberEnc, "number", "证件号码"); err != nil {
				return err
			}
			in.NumberEnc, in.Number = s.encrypt(in.Number), ""
			return nil
		},
		open: func(s *Service, in *Certificate) {
			in.Number, in.NumberEnc = s.reveal(in.NumberEnc, "gb_zj", in.ID), ""
		}}
)

// clearOf is a personal field's clear value: the one sent, or else the
// stored ciphertext sent back (a restored snapshot's), which must open
// with this installation's key.
func (s *Service) clearOf(clear, enc, field, label string) (string, error) {
	if clear != "" || enc == "" {
		return strings.TrimSpace(clear), nil
	}
	v, err := s.cipher.Decrypt(enc)
	if err != nil {
		return "", httpx.Invalid(field, "%s无法读取", label)
	}
	return v, nil
}

func (s *Service) encrypt(v string) string {
	if v == "" {
		return ""
	}
	return s.cipher.Encrypt(v)
}

func (s *Service) openFamily(m *Family) {
	m.Name, m.EmployerPost = s.reveal(m.NameEnc, "gb_jtcy", m.ID), s.reveal(m.EmployerPostEnc, "gb_jtcy", m.ID)
	m.NameEnc, m.EmployerPostEnc = "", ""
}

// subSnapshot is the trail snapshot of a sub-table row: which table and
// the row as stored (personal fields encrypted). A restore puts it back.
type subSnapshot struct {
	SubTable string          `json:"subTable"`
	Row      json.RawMessage `json:"row"`
}

// subTrail is what the base does with the rows of one sub-table by its
// path: restore a trailed row, read a cadre's rows, check a proposed change
// of the cadre's (answering it as stored), apply an accepted one inside tx,
// and show a proposal in clear.
type subTrail struct {
	path, noun string
	restore    func(ctx context.Context, cadreID int64, row json.RawMessage, entryID int64) (any, error)
	rows       func(ctx context.Context, idb bun.IDB, cadreID int64) (any, error)
	propose    func(ctx context.Context, cadreID int64, action string, rowID *int64, raw json.RawMessage) (json.RawMessage, error)
	apply      func(ctx context.Context, tx bun.IDB, cadreID int64, action string, rowID *int64, proposed json.RawMessage) error
	clear      func(proposed json.RawMessage) json.RawMessage
}

// decl is the sub-table's trail declaration: each field named
// "<path>.<field>" and labelled "<noun>·<label>", under the cadre's module.
func (k *subKind[T]) decl() *record.Decl {
	d := k.fields.Decl(k.trailModule(), k.noun)
	for i := range d.Fields {
		switch f := &d.Fields[i]; k.path + "." + f.Name {
		case "jtcy.name", "jtcy.employerPost", "zj.number":
			f.Mask = maskPersonal
		}
		d.Fields[i].Name = k.path + "." + d.Fields[i].Name
		d.Fields[i].Label = k.noun + "·" + d.Fields[i].Label
	}
	return d
}

// view is a row's raw trail view (clear values, a unit by its name read
// through idb), keyed as decl names them.
func (k *subKind[T]) view(ctx context.Context, idb bun.IDB, s *Service, row *T) (map[string]string, error) {
	if row == nil {
		return nil, nil
	}
	c := *row
	if k.open != nil {
		k.open(s, &c)
	}
	raw, err := k.fields.TrailView(ctx, idb, &c)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]string, len(raw))
	for key, v := range raw {
		out[k.path+"."+key] = v
	}
	return out, nil
}

// child is the sub-table as a resource.Child of the cadre, trailed.
func (k *subKind[T]) child(s *Service) resource.Child[Row, T] {
	decl := k.decl()
	return resource.Child[Row, T]{DB: s.db, Noun: k.noun, Column: "cadre_id", Order: k.order, Now: s.now,
		Parent:   func(ctx context.Context, idb bun.IDB, id int64) (*Row, error) { return s.findScoped(ctx, idb, id) },
		NoParent: errNoCadre,
		Parts: func(v *T) (*resource.Base, *int64) {
			x := any(v).(subRow).sub()
			return &x.Base, &x.CadreID
		},
		Check:  func(ctx context.Context, _ *Row, in *T) error { return checkRow(ctx, s, k, in) },
		Select: k.selects, Unique: k.unique,
		Saved: func(ctx context.Context, tx bun.IDB, cadreID int64, before, after *T) error {
			return trailRow(ctx, s, tx, k, decl, cadreID, before, after)
		},
		Shown: func(rows []T) {
			if k.open != nil {
				for i := range rows {
					k.open(s, &rows[i])
				}
			}
		}}
}

// checkRow checks a row: the fields' checks, the kind's rules, then its
// personal fields sealed.
func checkRow[T any](ctx context.Context, s *Service, k *subKind[T], in *T) error {
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	if err := k.fields.Check(in, nil, l, date.Of(s.now().In(date.China))); err != nil {
		return err
	}
	if k.rules != nil {
		if err := k.rules(in); err != nil {
			return err
		}
	}
	if k.verify != nil {
		if err := k.verify(ctx, s.db, in); err != nil {
			return err
		}
	}
	if k.seal != nil {
		return k.seal(s, in)
	}
	return nil
}

type originKey struct{}

// writeOrigin is the trail origin of a write and the entry it restores.
type writeOrigin struct {
	origin       int
	restoredFrom *int64
}

// originOf is the trail origin a write of ctx records (USER_UPDATE unless
// withOrigin set another: an import, a restore, an accepted change request).
func originOf(ctx context.Context) writeOrigin {
	if o, ok := ctx.Value(originKey{}).(writeOrigin); ok {
		return o
	}
	return writeOrigin{origin: audit.OriginUserUpdate}
}

func withOrigin(ctx context.Context, origin int, restoredFrom *int64) context.Context {
	return context.WithValue(ctx, originKey{}, writeOrigin{origin, restoredFrom})
}

// trailRow writes the trail entry of a row's change under its cadre: ADD,
// UPDATE or DELETE with the row's changed fields and its stored state
// (after, or before for a removal) as the snapshot. An update changing
// nothing writes none (a restore of the current state is a 400).
func trailRow[T any](ctx context.Context, s *Service, tx bun.IDB, k *subKind[T], decl *record.Decl, cadreID int64, before, after *T) error {
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	o := originOf(ctx)
	was, err := k.view(ctx, tx, s, before)
	if err != nil {
		return err
	}
	is, err := k.view(ctx, tx, s, after)
	if err != nil {
		return err
	}
	changes := decl.Changes(was, is, l.Label)
	typ, snap := audit.TypeUpdate, after
	switch {
	case before == nil:
		typ = audit.TypeAdd
		if o.origin == audit.OriginUserUpdate {
			o.origin = audit.OriginUserCreate
		}
	case after == nil:
		typ, snap = audit.TypeDelete, before
		if o.origin == audit.OriginUserUpdate {
			o.origin = audit.OriginUserDelete
		}
	case len(changes) == 0:
		if o.restoredFrom != nil {
			return httpx.BadRequest("当前信息与该变动记录一致，无需还原")
		}
		return nil
	}
	row, err := json.Marshal(snap)
	if err != nil {
		return httpx.Internal(err)
	}
	if err := audit.Record(ctx, tx, k.trailModule(), cadreID, typ, o.origin, changes, subSnapshot{SubTable: k.path, Row: row}, o.restoredFrom); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// maskPersonal shows the first character of a family member's name or
// employer (or a certificate number's) and stars the rest.
func maskPersonal(v string) string {
	r := []rune(v)
	if len(r) <= 1 {
		return strings.Repeat("*", len(r))
	}
	return string(r[0]) + strings.Repeat("*", min(len(r)-1, 6))
}

// register serves kind k under /api/gbjbxx/{id}/<path> and answers what
// the base does with its rows (the restore for the cadre's trail …).
func register[T any](s *Service, rs *httpx.Routes, k *subKind[T]) subTrail {
	c := k.child(s)
	c.Routes(rs, "/api/gbjbxx/{id}/"+k.path, Perms.List, Perms.Edit, k.noun)
	return subTrail{path: k.path, noun: k.noun, restore: func(ctx context.Context, cadreID int64, raw json.RawMessage, entryID int64) (any, error) {
		row := new(T)
		if err := json.Unmarshal(raw, row); err != nil {
			return nil, httpx.Internal(err)
		}
		if k.open != nil {
			k.open(s, row)
		}
		ctx = withOrigin(ctx, audit.OriginUserRestore, &entryID)
		x := any(row).(subRow).sub()
		n, err := s.db.NewSelect().Model((*T)(nil)).Where("id = ?", x.ID).Where("cadre_id = ?", cadreID).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n == 0 { // removed since: added back as a new row
			return c.Create(ctx, cadreID, *row)
		}
		return c.Update(ctx, cadreID, *row)
	},
		rows: func(ctx context.Context, idb bun.IDB, cadreID int64) (any, error) {
			rows := []T{}
			q := idb.NewSelect().Model(&rows)
			if k.selects != nil {
				q = k.selects(q)
			}
			if err := q.Where("cadre_id = ?", cadreID).OrderExpr(k.order).Scan(ctx); err != nil {
				return nil, httpx.Internal(err)
			}
			c.Shown(rows)
			return rows, nil
		},
		propose: func(ctx context.Context, cadreID int64, action string, rowID *int64, raw json.RawMessage) (json.RawMessage, error) {
			var cur *T
			if action != "add" {
				if rowID == nil {
					return nil, httpx.Invalid("rowId", "请选择要变更的%s", k.noun)
				}
				var err error
				if cur, err = findRow[T](ctx, s.db, cadreID, *rowID); err != nil {
					return nil, err
				}
			}
			switch action {
			case "del":
				return json.Marshal(cur)
			case "add", "edit":
				row := new(T)
				if err := json.Unmarshal(raw, row); err != nil {
					return nil, httpx.Invalid("value", "%s内容格式不正确", k.noun)
				}
				if cur != nil {
					any(row).(subRow).sub().ID = *rowID
				}
				if err := checkRow(ctx, s, k, row); err != nil {
					return nil, err
				}
				return json.Marshal(row)
			}
			return nil, httpx.Invalid("action", "变更方式须为新增、修改或删除")
		},
		apply: func(ctx context.Context, tx bun.IDB, cadreID int64, action string, rowID *int64, proposed json.RawMessage) error {
			row := new(T)
			if err := json.Unmarshal(proposed, row); err != nil {
				return httpx.Internal(err)
			}
			if k.open != nil {
				k.open(s, row)
			}
			if action == "add" {
				return insertRow(ctx, s, tx, k, cadreID, row)
			}
			cur, err := findRow[T](ctx, tx, cadreID, *rowID)
			if err != nil {
				return err
			}
			if action == "del" {
				if _, err := tx.NewDelete().Model((*T)(nil)).Where("id = ?", *rowID).Exec(ctx); err != nil {
					return httpx.Internal(err)
				}
				return trailRow(ctx, s, tx, k, k.decl(), cadreID, cur, nil)
			}
			if err := checkRow(ctx, s, k, row); err != nil {
				return err
			}
			x, was := any(row).(subRow).sub(), any(cur).(subRow).sub()
			x.ID, x.CadreID, x.CreatedAt, x.UpdatedAt = *rowID, cadreID, was.CreatedAt, s.now()
			if _, err := tx.NewUpdate().Model(row).WherePK().Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			return trailRow(ctx, s, tx, k, k.decl(), cadreID, cur, row)
		},
		clear: func(proposed json.RawMessage) json.RawMessage {
			row := new(T)
			if json.Unmarshal(proposed, row) != nil {
				return nil
			}
			if k.open != nil {
				k.open(s, row)
			}
			b, _ := json.Marshal(row)
			return b
		}}
}

// findRow reads row id of cadreID's sub-table T through idb, or 404.
func findRow[T any](ctx context.Context, idb bun.IDB, cadreID, id int64) (*T, error) {
	row := new(T)
	err := idb.NewSelect().Model(row).Where("id = ?", id).Where("cadre_id = ?", cadreID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("该条信息不存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return row, nil
}

// subRoutes registers the twelve sub-tables and the certificates (the
// information types, which the cadre may ask to change), then 分管部门
// (the 干部管理员's alone: its restore only).
func (s *Service) subRoutes(rs *httpx.Routes) {
	for _, t := range []subTrail{register(s, rs, &resumeKind), register(s, rs, &postKind), register(s, rs, &educationKind),
		register(s, rs, &familyKind), register(s, rs, &studyKind), register(s, rs, &inspectionKind),
		register(s, rs, &assessmentKind), register(s, rs, &workStyleKind), register(s, rs, &researchKind),
		register(s, rs, &partTimeKind), register(s, rs, &honourKind), register(s, rs, &partyServiceKind),
		register(s, rs, &certificateKind)} {
		s.subs[t.path] = t
	}
	s.managed = register(s, rs, &managedKind)
}
