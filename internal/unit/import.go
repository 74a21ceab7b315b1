package unit

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// PermImport lets a user import units from Excel (within their scope).
const PermImport = "dw:import"

// ImportKind is the unit import (/api/import/dw). A row matches a live unit
// by its code; a parent is named by its code or by a name unique in the
// caller's scope, or is a unit of an earlier row of the same file. A column
// left out of the file keeps the unit's value, an empty cell clears it (an
// empty parent keeps an existing unit where it is). Rows are checked with
// the API's checks; creates and updates run the API's save path (sys_dept,
// dw_info and the unit trail) in file order.
func (s *Service) ImportKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "dw", Label: "单位信息", Perm: PermImport, Cols: importColumns, Sample: s.importSample},
		s.validateImport, s.commitImport)
}

// importSample is the template's sample row: a new unit (a code no unit
// has, a name its parent's children do not use) under the first unit of the
// caller's scope, paired with the first live organisation of their scope.
func (s *Service) importSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	var parents []dept
	if err := scope.Apply(idb.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.id, d.pid, d.name, COALESCE(i.code, '') AS code").
		Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").OrderExpr("d.pid IS NOT NULL, d.sort, d.id").Limit(1), "d.id").Scan(ctx, &parents); err != nil {
		return nil, err
	}
	dzz, err := s.orgs.SampleCode(ctx, idb)
	if err != nil {
		return nil, err
	}
	sample := map[string]string{"dzz": dzz}
	if sample["code"], err = imports.FirstFree(imports.Numbered("DW9", 0), imports.TakenIn(ctx, idb, "dw_info", "code")); err != nil {
		return nil, err
	}
	if len(parents) == 0 {
		return sample, nil
	}
	p := parents[0]
	sample["parent"] = p.Code
	if p.Code == "" {
		sample["parent"] = p.Name
	}
	sample["name"], err = imports.FirstFree(func(i int) string {
		if i == 1 {
			return "新建单位"
		}
		return fmt.Sprintf("新建单位%d", i)
	}, func(name string) (bool, error) {
		return idb.NewSelect().Table("sys_dept").Where("pid = ?", p.ID).Where("name = ?", name).Exists(ctx)
	})
	return sample, err
}

// importFields are the import template's columns, in the order it has
// always had.
var importFields = fields.In("code", "name", "shortName", "type", "pid", "leaderName", "contactPhone", "dzzId", "foundedOn", "remark")

var importColumns = importFields.ImportColumns()

// importItem is a validated row ready for Commit.
type importItem struct {
	rec        Record
	cur        *row
	parentCode string // a parent created by an earlier row of the file (its code); "" otherwise
}

// dept is a department as the import reads the whole (small) tree once.
type dept struct {
	ID   int64  `bun:"id"`
	PID  *int64 `bun:"pid"`
	Name string `bun:"name"`
	Code string `bun:"code"`
}

// namedOrg is an organisation a row names by code.
type namedOrg struct {
	ID   int64  `bun:"id"`
	Code string `bun:"code"`
	Name string `bun:"name"`
}

// importRefs is what validation reads once for all rows.
type importRefs struct {
	labels    system.DictLabels
	dicts     *imports.Dicts
	scope     Scope
	orgScope  map[int64]bool // nil: all organisations
	depts     map[int64]*dept
	inScope   map[int64]bool
	byCode    map[string]*dept           // units of the scope
	byName    map[string][]*dept         // departments of the scope
	taken     map[int64]map[string]int64 // parent id (0 = roots) → child name → id
	existing  map[string]*row            // live units the rows' codes match, in scope or not
	orgByCode map[string]int64           // organisations of the caller's scope the rows name
	orgName   map[int64]string
}

func (s *Service) importRefs(ctx context.Context, idb bun.IDB, rows []*imports.Row) (*importRefs, error) {
	ref := &importRefs{depts: map[int64]*dept{}, inScope: map[int64]bool{}, byCode: map[string]*dept{},
		byName: map[string][]*dept{}, taken: map[int64]map[string]int64{},
		orgByCode: map[string]int64{}, orgName: map[int64]string{}}
	var err error
	if ref.labels, err = s.labels(ctx); err != nil {
		return nil, err
	}
	if ref.dicts, err = imports.LoadDicts(ctx, s.sys, DictType); err != nil {
		return nil, err
	}
	if ref.scope, err = s.ScopeOf(ctx); err != nil {
		return nil, err
	}
	orgScope, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	ref.orgScope = orgScope.Set()
	var depts []*dept
	if err := idb.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.id, d.pid, d.name, COALESCE(i.code, '') AS code").
		Join("LEFT JOIN dw_info AS i ON i.dept_id = d.id").Scan(ctx, &depts); err != nil {
		return nil, err
	}
	var scoped []int64
	if err := ref.scope.Apply(idb.NewSelect().TableExpr("sys_dept AS d").Column("d.id"), "d.id").Scan(ctx, &scoped); err != nil {
		return nil, err
	}
	for _, id := range scoped {
		ref.inScope[id] = true
	}
	for _, d := range depts {
		ref.depts[d.ID] = d
		var pid int64
		if d.PID != nil {
			pid = *d.PID
		}
		if ref.taken[pid] == nil {
			ref.taken[pid] = map[string]int64{}
		}
		ref.taken[pid][d.Name] = d.ID
		if ref.inScope[d.ID] {
			if d.Code != "" {
				ref.byCode[d.Code] = d
			}
			ref.byName[d.Name] = append(ref.byName[d.Name], d)
		}
	}
	if ref.existing, err = imports.ByKey(imports.CellValues(rows, "code"), func(r *row) string { return r.Code },
		func(part []string, dst *[]*row) error {
			return baseQuery(idb).Where("i.code IN (?)", bun.In(part)).Scan(ctx, dst)
		}); err != nil {
		return nil, err
	}
	for _, r := range ref.existing {
		if r.DzzID != nil {
			ref.orgName[*r.DzzID] = r.DzzName
		}
	}
	orgs, err := imports.ByKey(imports.CellValues(rows, "dzz"), func(o namedOrg) string { return o.Code },
		func(part []string, dst *[]namedOrg) error {
			return orgScope.Apply(idb.NewSelect().TableExpr("dzz AS z").Column("z.id", "z.code", "z.name").
				Where("z.code IN (?)", bun.In(part)), "z.id").Scan(ctx, dst)
		})
	if err != nil {
		return nil, err
	}
	for _, o := range orgs {
		ref.orgByCode[o.Code], ref.orgName[o.ID] = o.ID, o.Name
	}
	return ref, nil
}

// tree is the department tree as read once (checkParent's view of it).
func (ref *importRefs) tree() tree {
	return tree{
		visible: func(id int64) (bool, error) { return ref.inScope[id], nil },
		parentOf: func(id int64) (*int64, error) {
			if d := ref.depts[id]; d != nil {
				return d.PID, nil
			}
			return nil, nil
		},
	}
}

func (ref *importRefs) deptName(id *int64) string {
	if id == nil {
		return ""
	}
	if d := ref.depts[*id]; d != nil {
		return d.Name
	}
	return fmt.Sprint(*id)
}

// names names a record's references for its raw trail view: its parent
// (by the name given: a unit of the file has no id yet) and its organisation.
func (ref *importRefs) names(parent string) func(f resource.Field, id *int64) string {
	return func(f resource.Field, id *int64) string {
		if f.Table == "dzz" {
			return ref.dzzName(id)
		}
		return parent
	}
}

func (ref *importRefs) dzzName(id *int64) string {
	if id == nil {
		return ""
	}
	if n, ok := ref.orgName[*id]; ok {
		return n
	}
	return fmt.Sprint(*id)
}

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	ref, err := s.importRefs(ctx, idb, rows)
	if err != nil {
		return err
	}
	tree := &imports.Tree[*importItem]{What: "单位", ParentKey: "parent", SelfParent: "不能把单位移到它自己或它的下级之下",
		Exists: func(code string) bool { return ref.existing[code] != nil },
		Clash: func(n *imports.Node[*importItem]) string {
			if id, ok := ref.taken[n.PID][n.Name]; ok && id != n.Item.rec.ID {
				return errDuplicateName(n.Name).Message
			}
			return ""
		}}
	tree.Validate(rows, func(r *imports.Row, code string) *imports.Node[*importItem] {
		if code == "" {
			r.Fail("code", "请填写单位编码")
			return nil
		}
		return s.importRow(ref, tree, r, code)
	})
	return nil
}

// importRow checks one row as the save path would and sets its status.
func (s *Service) importRow(ref *importRefs, tree *imports.Tree[*importItem], r *imports.Row, code string) *imports.Node[*importItem] {
	cur := ref.existing[code]
	var was Record
	if cur != nil {
		if !ref.inScope[cur.ID] {
			r.Fail("code", "该单位不在您的管理范围内")
			return nil
		}
		was = cur.Record
		id := cur.ID
		r.TargetID = &id
	}
	in := was
	importFields.Read(r, ref.dicts, nil, &in) // the parent and the organisation below
	r.Ref("dzz", &in.DzzID, func(code string) (int64, string) {
		if id, ok := ref.orgByCode[code]; ok {
			return id, ""
		}
		return 0, fmt.Sprintf("找不到党组织「%s」，请填写您管理范围内党组织的编码", code)
	})
	// The parent: a new unit of an earlier valid row, or a unit of the scope.
	item := &importItem{cur: cur}
	pcode, from, prow := tree.Parent(r, code)
	switch byName := ref.byName[pcode]; {
	case from == imports.FromNone && cur == nil:
		in.PID = nil
	case from == imports.FromNone, from == imports.FromFail: // an update keeps its parent
	case from == imports.FromFile:
		item.parentCode = pcode
		in.PID = nil
	case ref.byCode[pcode] != nil:
		id := ref.byCode[pcode].ID
		in.PID = &id
	case len(byName) == 1:
		id := byName[0].ID
		in.PID = &id
	case len(byName) > 1:
		r.Fail("parent", fmt.Sprintf("有 %d 个名为「%s」的单位，请改填单位编码", len(byName), pcode))
	default:
		r.Fail("parent", fmt.Sprintf("找不到上级单位「%s」：须为您管理范围内单位的编码或名称，或本文件中前面某行的单位编码", pcode))
	}
	if len(r.Errors) > 0 {
		return nil
	}
	fail := func(err error) *imports.Node[*importItem] {
		importColumns.FailErr(r, err)
		return nil
	}
	rec, err := s.checkFields(ref.labels, in, cur)
	if err != nil {
		return fail(err)
	}
	if pairingChanged(rec.DzzID, cur) && ref.orgScope != nil && !ref.orgScope[*rec.DzzID] {
		return fail(errNoOrg())
	}
	if err := checkPairing(ref.scope, rec.DzzID, cur); err != nil {
		return fail(err)
	}
	if prow == nil { // a new unit of the file as parent is in the scope and below nothing of the unit
		if err := checkParent(ref.scope, rec.PID, cur, ref.tree()); err != nil {
			return fail(err)
		}
	}
	item.rec = rec
	node := &imports.Node[*importItem]{Item: item, New: cur == nil, ParentCode: item.parentCode, Name: rec.Name}
	parentName := ref.deptName(rec.PID)
	if prow != nil {
		parentName = prow.Item.rec.Name
	} else if rec.PID != nil {
		node.PID = *rec.PID
	}
	if cur == nil {
		r.Status = imports.StatusNew
		return node
	}
	r.Settle(trail.Changes(fields.RawView(&cur.Record, ref.names(ref.deptName(cur.PID))),
		fields.RawView(&rec, ref.names(parentName)), ref.labels.Label))
	if cur.InfoUpdatedAt == nil { // a department described as a unit for the first time
		r.Status = imports.StatusChanged
	}
	return node
}

// commitImport creates and updates the units in file order (a parent before its
// children) through the API's save path, inside tx, with the trail origins
// SYSTEM_IMPORT and SYSTEM_IMPORT_UPDATE.
func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	return imports.EachTree(rows, "上级单位", func(item *importItem) (string, **int64) { return item.parentCode, &item.rec.PID },
		func(r *imports.Row, item *importItem) (string, int64, error) {
			if item.cur != nil {
				return "", 0, mapErr(s.write(ctx, tx, l, item.cur, item.rec, audit.OriginSystemImportUpdate, nil))
			}
			id, err := s.insert(ctx, tx, l, item.rec, audit.OriginSystemImport)
			return item.rec.Code, id, mapErr(err)
		})
}
