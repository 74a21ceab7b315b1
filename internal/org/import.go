package org

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/uniq"
)

// PermImport lets a user import organisations from Excel (within their scope).
const PermImport = "dzz:import"

// ImportKind is the organisation import (/api/import/dzzxx). A row matches
// a live organisation by its code; a parent is named by its code and is an
// organisation of the caller's scope or a row earlier in the same file. A
// column left out of the file keeps the organisation's value, an empty
// cell clears it. Creates and updates run the API's save path.
func (s *Service) ImportKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "dzzxx", Label: "党组织信息", Perm: PermImport, Cols: importColumns, Sample: s.importSample},
		s.validateImport, s.commitImport)
}

// importSample is the template's sample row: a new branch (or, under a
// branch, a party group) with a code no organisation has and a name its
// parent's children do not use, under the first live organisation of the
// caller's scope that may lead it.
func (s *Service) importSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	var parents []Org
	if err := scope.Apply(idb.NewSelect().Model(&parents).Where("z.status = ?", StatusNormal).
		Where("z.type IN (?)", bun.In([]string{TypeCommittee, TypeSecondaryCommittee, TypeGeneralBranch, TypeDirectBranch, TypeBranch})).
		OrderExpr("z.path").Limit(200), "z.id").Scan(ctx); err != nil {
		return nil, err
	}
	code, err := imports.FirstFree(imports.Numbered("D9", 0), imports.TakenIn(ctx, idb, "dzz", "code"))
	if err != nil {
		return nil, err
	}
	sample := map[string]string{"code": code}
	for _, child := range []string{TypeBranch, TypeGroup} {
		for _, p := range parents {
			if !MayContain(p.Type, child) {
				continue
			}
			sample["parentCode"], sample["type"] = p.Code, typeNames[child]
			if child == TypeGroup { // a group has no category and no term
				sample["category"], sample["termStart"], sample["termYears"] = "", "", ""
			}
			sample["name"], err = imports.FirstFree(func(i int) string {
				if i == 1 {
					return "新建" + typeNames[child]
				}
				return fmt.Sprintf("新建%s%d", typeNames[child], i)
			}, func(name string) (bool, error) {
				return idb.NewSelect().Table("dzz").Where("pid = ?", p.ID).Where("name = ?", name).Exists(ctx)
			})
			return sample, err
		}
	}
	return sample, nil
}

// importFields are the import template's columns read by the fields, in
// the order it has always had; the parent's column (its code, read by the
// tree rules) sits among them.
var (
	importHead = fields.In("code", "name", "shortName", "type", "category")
	importTail = fields.In("unitDeptId", "foundedOn", "secretaryName", "termStart", "termYears", "contactPhone")
)

var importColumns = slices.Concat(importHead.ImportColumns(), imports.Columns{
	{Key: "parentCode", Label: "上级党组织编码", Field: "pid", Example: "D01",
		Note: "您管理范围内党组织的编码，或本文件中前面某行的党组织编码；只有可管理全部党组织的用户可以不填（新建顶级党委）"},
}, importTail.ImportColumns())

// importItem is a validated row ready for Commit.
type importItem struct {
	in         Input
	cur        *Org
	parentCode string // a parent created by an earlier row of the file (its code); "" otherwise
}

// importTree is the tree rules an organisation row follows (imports.Tree).
func importTree(byCode map[string]*Org, taken map[int64]map[string]int64) *imports.Tree[*importItem] {
	return &imports.Tree[*importItem]{What: "党组织", ParentKey: "parentCode", SelfParent: "上级党组织不能是自己",
		Exists: func(code string) bool { return byCode[code] != nil },
		Clash: func(n *imports.Node[*importItem]) string {
			cur := n.Item.cur
			if id, ok := taken[n.PID][n.Name]; ok && (cur == nil || cur.ID != id && cur.Live()) {
				return fmt.Sprintf("同一上级党组织下已有名为“%s”的党组织", n.Name)
			}
			return ""
		}}
}

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	wc, err := s.prepare(ctx)
	if err != nil {
		return err
	}
	dicts, err := imports.LoadDicts(ctx, s.sys, fields.Dicts()...)
	if err != nil {
		return err
	}
	// Every organisation a row names, by code (codes are unique over the whole table).
	byCode, err := imports.ByKey(imports.CellValues(rows, "code", "parentCode"), func(o *Org) string { return o.Code },
		func(part []string, dst *[]*Org) error {
			return idb.NewSelect().Model(dst).Where("z.code IN (?)", bun.In(part)).Scan(ctx)
		})
	if err != nil {
		return err
	}
	units, err := unitsByName(ctx, idb)
	if err != nil {
		return err
	}
	// Live names under each parent a row may use (existing parents in one query).
	parentIDs := []int64{}
	for _, o := range byCode {
		parentIDs = append(parentIDs, o.ID)
		if o.PID != nil {
			parentIDs = append(parentIDs, *o.PID)
		}
	}
	taken, err := liveChildNames(ctx, idb, parentIDs)
	if err != nil {
		return err
	}
	tree := importTree(byCode, taken)
	tree.Validate(rows, func(r *imports.Row, code string) *imports.Node[*importItem] {
		return s.importRow(ctx, idb, wc, dicts, units, byCode, tree, r, code)
	})
	return nil
}

// importRow checks one row as the save path would and sets its status.
func (s *Service) importRow(ctx context.Context, idb bun.IDB, wc writeCtx, dicts *imports.Dicts, units *unitNames,
	byCode map[string]*Org, tree *imports.Tree[*importItem], r *imports.Row, code string) *imports.Node[*importItem] {
	item := &importItem{}
	cur := byCode[code]
	if cur != nil {
		if !wc.scope.Has(cur.ID) {
			r.Fail("code", "该党组织不在您的管理范围内")
			return nil
		}
		item.cur, item.in = cur, *cur
		id := cur.ID
		r.TargetID = &id
	}
	in := &item.in
	importHead.Read(r, dicts, nil, in)
	importTail.Read(r, dicts, nil, in) // the term's length, the unit and the parent below
	if r.Has("termYears") {
		in.TermYears = 0 // the type's default
		if t := strings.TrimSuffix(r.Cells["termYears"], "年"); t != "" {
			n, err := strconv.Atoi(strings.TrimSpace(t))
			if err != nil || (n != TermYearsBranch && n != TermYearsCommittee) {
				r.Fail("termYears", fmt.Sprintf("「%s」不是有效的任期年限，只能是%d或%d", r.Cells["termYears"], TermYearsBranch, TermYearsCommittee))
			}
			in.TermYears = n
		}
	}
	r.Ref("unit", &in.UnitDeptID, func(name string) (int64, string) {
		return imports.Named(units.byName[name], name, fmt.Sprintf("找不到单位「%s」", name), "有 %d 个名为「%s」的单位，无法确定")
	})
	// The parent: in scope, or a new organisation of an earlier valid row.
	var parent *Org
	pcode, from, prow := tree.Parent(r, code)
	switch live := byCode[pcode]; {
	case from == imports.FromNone && cur == nil:
		in.PID = nil
	case from == imports.FromNone, from == imports.FromFail: // an update keeps its parent
	case from == imports.FromFile && cur != nil:
		r.Fail("parentCode", "变更上级党组织请使用“调整上级”操作")
	case from == imports.FromFile:
		item.parentCode = pcode
		parent = &Org{Code: pcode, Name: prow.Item.in.Name, Type: prow.Item.in.Type, Status: StatusNormal}
	case live != nil && wc.scope.Has(live.ID):
		parent = live
		if cur != nil && (cur.PID == nil || *cur.PID != live.ID) {
			r.Fail("parentCode", "变更上级党组织请使用“调整上级”操作")
			break
		}
		id := live.ID
		in.PID = &id
	default:
		r.Fail("parentCode", fmt.Sprintf("找不到上级党组织「%s」：须为您管理范围内的党组织，或本文件中前面某行的党组织", pcode))
	}
	if len(r.Errors) > 0 {
		return nil
	}
	fail := func(err error) *imports.Node[*importItem] {
		importColumns.FailErr(r, err)
		return nil
	}
	if err := check(wc.labels, in, cur); err != nil {
		return fail(err)
	}
	node := &imports.Node[*importItem]{Item: item, New: cur == nil, ParentCode: item.parentCode, Name: in.Name}
	if in.PID != nil {
		node.PID = *in.PID
	}
	if cur == nil {
		if err := checkParent(wc.scope, parent, in.Type); err != nil {
			return fail(err)
		}
		r.Status = imports.StatusNew
		return node
	}
	if in.Type != cur.Type {
		// The same rule as checkTypeChange, which reads the parent and
		// children: a type change is rare enough to read them per row.
		if err := s.checkTypeChange(ctx, idb, cur, in.Type); err != nil {
			return fail(err)
		}
	}
	next := *cur
	in.apply(&next)
	wc.labels.fill(cur)
	wc.labels.fill(&next)
	r.Settle(trail.Changes(fields.RawView(cur, units.names), fields.RawView(&next, units.names), wc.labels.label))
	return node
}

// unitNames are the administrative units (sys_dept, a small table) by name and by id.
type unitNames struct {
	byName map[string][]int64
	byID   map[int64]string
}

// names names an organisation's references for its raw trail view: its
// unit, and not its parent, which an import leaves (a move is an operation
// of its own).
func (u *unitNames) names(f resource.Field, id *int64) string {
	if id == nil || f.Table != "sys_dept" {
		return ""
	}
	return u.byID[*id]
}

func unitsByName(ctx context.Context, idb bun.IDB) (*unitNames, error) {
	var units []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := idb.NewSelect().Table("sys_dept").Column("id", "name").Scan(ctx, &units); err != nil {
		return nil, err
	}
	out := &unitNames{byName: make(map[string][]int64, len(units)), byID: make(map[int64]string, len(units))}
	for _, u := range units {
		out.byName[u.Name] = append(out.byName[u.Name], u.ID)
		out.byID[u.ID] = u.Name
	}
	return out, nil
}

// liveChildNames maps parent id (0 = roots) → live child name → its id.
func liveChildNames(ctx context.Context, idb bun.IDB, parentIDs []int64) (map[int64]map[string]int64, error) {
	out := map[int64]map[string]int64{}
	add := func(list []Org) {
		for _, o := range list {
			var pid int64
			if o.PID != nil {
				pid = *o.PID
			}
			if out[pid] == nil {
				out[pid] = map[string]int64{}
			}
			out[pid][o.Name] = o.ID
		}
	}
	var roots []Org
	if err := idb.NewSelect().Model(&roots).Column("id", "pid", "name").Where("pid IS NULL").Where("status = ?", StatusNormal).Scan(ctx); err != nil {
		return nil, err
	}
	add(roots)
	err := imports.Chunked(uniq.Of(parentIDs), func(part []int64) error {
		var list []Org
		err := idb.NewSelect().Model(&list).Column("id", "pid", "name").Where("pid IN (?)", bun.In(part)).
			Where("status = ?", StatusNormal).Scan(ctx)
		add(list)
		return err
	})
	return out, err
}

// commitImport creates and updates the organisations in file order (a parent
// before its children) through the API's save path, inside tx, with the
// trail origins SYSTEM_IMPORT and SYSTEM_IMPORT_UPDATE.
func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	wc, err := s.prepare(ctx)
	if err != nil {
		return err
	}
	return imports.EachTree(rows, "上级党组织", func(item *importItem) (string, **int64) { return item.parentCode, &item.in.PID },
		func(r *imports.Row, item *importItem) (string, int64, error) {
			if item.cur != nil {
				return "", 0, s.update(ctx, tx, wc, item.in, audit.OriginSystemImportUpdate, nil)
			}
			o, err := s.create(ctx, tx, wc, item.in, audit.OriginSystemImport)
			if err != nil {
				return "", 0, err
			}
			if !wc.scope.All { // a new organisation under the caller's scope is theirs to fill
				wc.scope.OrgIDs = append(wc.scope.OrgIDs, o.ID)
			}
			return o.Code, o.ID, nil
		})
}
