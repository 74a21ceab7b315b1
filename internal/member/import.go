package member

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// PermImport lets a user import members from Excel (within their scope).
const PermImport = "dy:import"

// ImportKind is the member import (/api/import/dyjbxx). A row matches a
// live member by ID number (through the blind index); a column left out of
// the file keeps the member's value, an empty cell clears it.
func (s *Service) ImportKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "dyjbxx", Label: "党员信息", Perm: PermImport, Cols: importColumns, Sample: s.importSample},
		s.validateImport, s.commitImport)
}

// importSample is the template's sample row: a new member (an ID number no
// member has) of the first live organisation of the caller's scope that
// holds members.
func (s *Service) importSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	code, err := s.orgs.SampleCode(ctx, idb, org.TypeBranch, org.TypeDirectBranch, org.TypeGeneralBranch)
	if err != nil {
		return nil, err
	}
	id, err := imports.FirstFree(imports.SampleIDNumber, func(v string) (bool, error) {
		return idb.NewSelect().Table("dyjbxx").Where("id_number_idx IN (?)", bun.In(s.cipher.Indexes(v))).Exists(ctx)
	})
	return map[string]string{"org": code, "idNumber": id}, err
}

// Column keys are MemberInput's JSON names, except org and unit (given by
// name or code rather than id).
var importColumns = imports.Columns{
	{Key: "name", Label: "姓名", Required: true, Example: "张三"},
	{Key: "idNumber", Label: "身份证号码", Required: true, Example: "110101199003074514", Personal: imports.PersonalIDNumber,
		Note: "18位（旧号码15位），用于匹配已有党员；请以文本格式填写"},
	{Key: "gender", Label: "性别", Dict: "DJ_COMM_XB", Note: "可不填：按身份证号码确定"},
	{Key: "ethnicity", Label: "民族", Dict: "DJ_COMM_MZXX", Example: "汉族"},
	{Key: "birthDate", Label: "出生日期", Example: "1990-03-07", Note: "可不填：按身份证号码确定；填写时须与身份证号码一致"},
	{Key: "phone", Label: "手机号码", Example: "13800138000", Personal: imports.PersonalPhone},
	{Key: "personCategory", Label: "人员类别", Required: true, Dict: "DJ_DY_RYLBXX", Example: "教职工"},
	{Key: "personType", Label: "人员类型", Dict: "DJ_DYJBXX_RYLX"},
	{Key: "partyStatus", Label: "党籍状态", Required: true, Dict: "DJ_DY_DJZTXX", Example: "正式党员"},
	{Key: "education", Label: "学历", Dict: "DJ_DY_XLXX"},
	{Key: "professionalTitle", Label: "专业技术职称", Dict: "DJ_JBXX_ZYJSZC"},
	{Key: "post", Label: "工作岗位", Dict: "DJ_DY_GZGWXX"},
	{Key: "staffOrStudentNo", Label: "学号/工号", Example: "T2010001"},
	{Key: "grade", Label: "年级", Dict: "njOptions"},
	{Key: "className", Label: "班级"},
	{Key: "unit", Label: "所在单位", Field: "unitDeptId", Note: "部门管理中的单位名称"},
	{Key: "org", Label: "所在党组织", Field: "orgId", Required: true, Example: "D0001",
		Note: "党组织编码，或在您管理范围内唯一的党组织名称；须为党支部、直属党支部或党总支"},
	{Key: "appliedOn", Label: "申请入党日期", Example: "2012-03-01", Note: "日期如 2024-03-01、2024/3/1 或 2024.03.01"},
	{Key: "joinedOn", Label: "入党日期", Required: true, Example: "2013-06-30", Note: "日期如 2024-03-01、2024/3/1 或 2024.03.01"},
	{Key: "fullOn", Label: "转正日期", Example: "2014-06-30", Note: "预备党员不填"},
	{Key: "memberStatus", Label: "党员状态", Dict: "DY_ZT", Note: "新党员不填时为“正常”"},
	{Key: "source", Label: "党员来源", Dict: "DY_LY", Note: "可不填。新党员不填为“后台导入”，也可填本校发展、校外转入或恢复组织生活（迁入原有记录时）；" +
		"已有党员的来源由办理业务时记录，导入不能修改，请保留导出时的内容或不填"},
	{Key: "remark", Label: "备注"},
}

// importOrg is an organisation a row may name.
type importOrg struct {
	ID     int64  `bun:"id"`
	Code   string `bun:"code"`
	Name   string `bun:"name"`
	Type   string `bun:"type"`
	Status string `bun:"status"`
}

// importRefs is what validation reads once for all rows.
type importRefs struct {
	labels    system.DictLabels
	dicts     *imports.Dicts
	scope     scope
	orgByID   map[int64]*importOrg
	orgByCode map[string]*importOrg
	orgByName map[string][]*importOrg
	unitByID  map[int64]string
	unitByNm  map[string][]int64
}

func (s *Service) importRefs(ctx context.Context, idb bun.IDB) (*importRefs, error) {
	ref := &importRefs{orgByID: map[int64]*importOrg{}, orgByCode: map[string]*importOrg{}, orgByName: map[string][]*importOrg{},
		unitByID: map[int64]string{}, unitByNm: map[string][]int64{}}
	var err error
	if ref.labels, err = s.labels(ctx); err != nil {
		return nil, err
	}
	opts := map[string][]string{}
	for _, c := range importColumns {
		if c.Dict != "" {
			opts[c.Dict] = nil
		}
	}
	names := make([]string, 0, len(opts))
	for n := range opts {
		names = append(names, n)
	}
	if ref.dicts, err = imports.LoadDicts(ctx, s.sys, names...); err != nil {
		return nil, err
	}
	if ref.scope, err = s.scopeOf(ctx); err != nil {
		return nil, err
	}
	orgScope, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	var orgs []*importOrg
	if err := orgScope.Apply(idb.NewSelect().TableExpr("dzz AS z").Column("z.id", "z.code", "z.name", "z.type", "z.status"), "z.id").
		Scan(ctx, &orgs); err != nil {
		return nil, err
	}
	for _, o := range orgs {
		ref.orgByID[o.ID], ref.orgByCode[o.Code] = o, o
		ref.orgByName[o.Name] = append(ref.orgByName[o.Name], o)
	}
	var units []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := idb.NewSelect().Table("sys_dept").Column("id", "name").Scan(ctx, &units); err != nil {
		return nil, err
	}
	for _, u := range units {
		ref.unitByID[u.ID] = u.Name
		ref.unitByNm[u.Name] = append(ref.unitByNm[u.Name], u.ID)
	}
	return ref, nil
}

// findOrg resolves the org cell: a code, the name of cur's organisation
// (the roster exports names, and a branch name may repeat in other
// colleges), or a name unique in the scope.
func (ref *importRefs) findOrg(r *imports.Row, cur *Member) *importOrg {
	text := r.Cells["org"]
	if o := ref.orgByCode[text]; o != nil {
		return o
	}
	if cur != nil {
		if o := ref.orgByID[cur.OrgID]; o != nil && o.Name == text {
			return o
		}
	}
	list := ref.orgByName[text]
	if len(list) > 1 { // a revoked organisation may share its name with a live one
		var live []*importOrg
		for _, o := range list {
			if o.Status == org.StatusNormal {
				live = append(live, o)
			}
		}
		if len(live) == 1 {
			return live[0]
		}
	}
	switch len(list) {
	case 1:
		return list[0]
	case 0:
		r.Fail("org", fmt.Sprintf("找不到党组织「%s」，请填写您管理范围内党组织的编码或名称", text))
	default:
		r.Fail("org", fmt.Sprintf("有 %d 个名为「%s」的党组织，请改填党组织编码", len(list), text))
	}
	return nil
}

// importSource reads the 党员来源 cell. The source records how the member
// came into the records (本校发展 by 发展党员's approval, 校外转入 by a
// transfer, 后台添加 by the form), and deleting a member depends on it, so
// an import does not change an existing member's: an empty cell or the
// member's own source passes, another is a cell error (never silently
// dropped). A new member is 后台导入 unless the cell names the history of a
// record being moved in from an older system (本校发展, 校外转入, 恢复组织生活);
// 后台添加 is the form's alone.
func (ref *importRefs) importSource(r *imports.Row, cur *Member, dst *string) {
	if !r.Has("source") {
		return
	}
	v := ref.dicts.Cell(r, importColumns.Get("source"))
	switch {
	case v == "":
	case cur != nil && v != cur.Source:
		r.Fail("source", fmt.Sprintf("党员来源由办理业务时记录，导入不能修改（该党员为“%s”），请保留原内容或不填",
			ref.labels.Label("DY_LY", cur.Source)))
	case cur == nil && v == SourceBackOffice:
		r.Fail("source", "“后台添加”只用于在本系统中逐个新增的党员；导入的新党员可填本校发展、校外转入、恢复组织生活或后台导入（不填为后台导入）")
	case cur == nil:
		*dst = v
	}
}

// importItem is a validated row ready for Commit.
type importItem struct {
	p                 *prepared
	cur               *Member
	changes           []audit.Change    // of a changed member
	labels            system.DictLabels // shared by all rows: the trail of a new member is built at commit
	orgName, unitName string
}

// chunkIN bounds the values of one IN list.
const chunkIN = 500

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	ref, err := s.importRefs(ctx, idb)
	if err != nil {
		return err
	}
	// The match key: the blind index of the canonical (18-character) ID
	// number, or for a masked number (the roster's export) the member its
	// mask and the name name.
	idx := make([]string, len(rows))
	// alias maps every index a member may be stored under (the keys a
	// re-encryption has not finished moving away from) to the row's match key.
	alias := map[string]string{}
	var masked []int
	for i, r := range rows {
		text := r.Cells["idNumber"]
		if text == "" {
			r.Fail("idNumber", "请填写身份证号码")
			continue
		}
		if strings.Contains(text, "*") {
			masked = append(masked, i)
			continue
		}
		info, err := ParseIDNumber(text, s.now())
		if err != nil {
			r.FailErr("idNumber", err)
			continue
		}
		idx[i] = s.cipher.Index(info.Canonical)
		for _, a := range s.cipher.Indexes(info.Canonical) {
			alias[a] = idx[i]
		}
	}
	byMask, err := s.matchMasked(ctx, idb, ref.scope, rows, masked)
	if err != nil {
		return err
	}
	for i, m := range byMask {
		idx[i] = m.IDNumberIdx
		if a, ok := alias[idx[i]]; ok {
			idx[i] = a // the member a full number of another row names
		}
		alias[m.IDNumberIdx] = idx[i]
	}
	firstRow := map[string]*imports.Row{}
	for i, r := range rows {
		if idx[i] == "" {
			continue
		}
		if first, dup := firstRow[idx[i]]; dup {
			r.Fail("idNumber", fmt.Sprintf("与第 %d 行的身份证号码重复", first.RowNo))
			if !first.Failed("idNumber") {
				first.Fail("idNumber", fmt.Sprintf("与第 %d 行的身份证号码重复", r.RowNo))
			}
			continue
		}
		firstRow[idx[i]] = r
	}
	existing, err := s.membersByIndex(ctx, idb, alias)
	if err != nil {
		return err
	}
	for i, r := range rows {
		var cur *Member
		if idx[i] != "" {
			cur = existing[idx[i]]
		}
		if cur != nil && !ref.inScope(cur) {
			r.Fail("idNumber", "该党员不在您的管理范围内")
			continue
		}
		item := s.importRow(ref, r, cur)
		if item != nil {
			r.Data = item
		}
	}
	return nil
}

// inScope tells whether a member lies in the caller's scope (scope.apply's
// rule, against the organisations read once).
func (ref *importRefs) inScope(m *Member) bool {
	return ref.scope.all || (m.UserID != nil && *m.UserID == ref.scope.self) || ref.orgByID[m.OrgID] != nil
}

// membersByIndex reads the live members stored under the blind indexes
// alias holds, in chunked IN queries, by the match key alias maps them to.
func (s *Service) membersByIndex(ctx context.Context, idb bun.IDB, alias map[string]string) (map[string]*Member, error) {
	keys := make([]string, 0, len(alias))
	for k := range alias {
		keys = append(keys, k)
	}
	out := make(map[string]*Member, len(keys))
	for start := 0; start < len(keys); start += chunkIN {
		var list []*Member
		if err := idb.NewSelect().Model(&list).Where("m.id_number_idx IN (?)", bun.In(keys[start:min(start+chunkIN, len(keys))])).
			Scan(ctx); err != nil {
			return nil, err
		}
		for _, m := range list {
			out[alias[m.IDNumberIdx]] = m
		}
	}
	return out, nil
}

// importRow turns a row into a checked record against cur (nil = new),
// with the same checks the API applies, and sets the row's status.
func (s *Service) importRow(ref *importRefs, r *imports.Row, cur *Member) *importItem {
	in := MemberInput{Source: SourceImport}
	if cur != nil {
		in = s.inputOf(cur)
		id := cur.ID
		r.TargetID = &id
	}
	text, date := r.Text, func(key string, dst *string) { importColumns.Date(r, key, dst) }
	dict := func(key string, dst *string) { importColumns.Dict(r, ref.dicts, key, dst) }
	text("name", &in.Name)
	in.IDNumber = r.Cells["idNumber"]
	dict("gender", &in.Gender)
	dict("ethnicity", &in.Ethnicity)
	date("birthDate", &in.BirthDate)
	text("phone", &in.Phone)
	dict("personCategory", &in.PersonCategory)
	dict("personType", &in.PersonType)
	dict("partyStatus", &in.PartyStatus)
	dict("education", &in.Education)
	dict("professionalTitle", &in.ProfessionalTitle)
	dict("post", &in.Post)
	text("staffOrStudentNo", &in.StaffOrStudentNo)
	dict("grade", &in.Grade)
	text("className", &in.ClassName)
	date("appliedOn", &in.AppliedOn)
	date("joinedOn", &in.JoinedOn)
	date("fullOn", &in.FullOn)
	dict("memberStatus", &in.MemberStatus)
	ref.importSource(r, cur, &in.Source)
	text("remark", &in.Remark)
	r.Ref("unit", &in.UnitDeptID, func(name string) (int64, string) {
		// The member's own unit by its name, though another unit shares it
		// (the roster exports names; a namesake elsewhere is no reason to fail).
		if cur != nil && cur.UnitDeptID != nil && ref.unitByID[*cur.UnitDeptID] == name {
			return *cur.UnitDeptID, ""
		}
		return imports.Named(ref.unitByNm[name], name, fmt.Sprintf("找不到单位「%s」", name), "有 %d 个名为「%s」的单位，无法确定")
	})
	var target *importOrg
	if r.Has("org") && r.Cells["org"] != "" {
		if target = ref.findOrg(r, cur); target != nil {
			in.OrgID = &target.ID
		}
	} else if cur == nil || r.Has("org") {
		in.OrgID = nil // "请选择所在党组织" from the checks below
	}
	if len(r.Errors) > 0 {
		return nil
	}
	p, err := s.check(ref.labels, in, cur)
	if err == nil && target != nil && (cur == nil || cur.OrgID != target.ID) {
		err = acceptOrg(&org.Org{ID: target.ID, Name: target.Name, Type: target.Type, Status: target.Status})
	}
	if err != nil {
		importColumns.FailErr(r, err)
		return nil
	}
	item := &importItem{p: p, cur: cur, labels: ref.labels}
	orgName := func(id int64) string {
		if o := ref.orgByID[id]; o != nil {
			return o.Name
		}
		return fmt.Sprint(id)
	}
	unitName := func(id *int64) string {
		if id == nil {
			return ""
		}
		return ref.unitByID[*id]
	}
	item.orgName, item.unitName = orgName(p.m.OrgID), unitName(p.m.UnitDeptID)
	if cur == nil {
		r.Status = imports.StatusNew
		return item
	}
	before := trailView(cur, p.curID, p.curPhone, orgName(cur.OrgID), unitName(cur.UnitDeptID), "")
	item.changes = trail.Changes(before, item.display(), ref.labels.Label)
	r.Settle(item.changes)
	return item
}

// commitImport inserts the new members in multi-row INSERTs and updates the
// changed ones (each only if nobody changed it since it was read), with
// their trail: SYSTEM_IMPORT for new members, SYSTEM_IMPORT_UPDATE for changes.
func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	var fresh []*importItem
	var entries []audit.Entry
	var updated []*Member // their new versions are kept with their trail entries
	err := imports.Each(rows, func(r *imports.Row, item *importItem) error {
		if item.cur == nil {
			fresh = append(fresh, item)
			return nil
		}
		m := item.p.m
		res, err := tx.NewUpdate().Model(m).WherePK().Where("updated_at = ?", item.cur.UpdatedAt).
			ExcludeColumn("id", "created_at").Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return httpx.Conflict("该党员信息刚被其他人修改，请重新校验后再导入")
		}
		e, err := trail.Entry(ctx, m.ID, audit.TypeUpdate, audit.OriginSystemImportUpdate, item.changes, m)
		if err != nil {
			return err
		}
		updated = append(updated, m)
		if entries = append(entries, e); len(entries) == chunkIN {
			if err := audit.InsertEntries(ctx, tx, entries); err != nil {
				return err
			}
			if err := keepState(ctx, tx, s.now(), updated...); err != nil {
				return err
			}
			entries, updated = entries[:0], updated[:0]
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := audit.InsertEntries(ctx, tx, entries); err != nil {
		return err
	}
	if err := keepState(ctx, tx, s.now(), updated...); err != nil {
		return err
	}
	// New members a chunk at a time, each chunk's trail right after it
	// (the entries, with their snapshots, are the bulk of the memory).
	list := make([]*Member, 0, chunkIN)
	for start := 0; start < len(fresh); start += chunkIN {
		part := fresh[start:min(start+chunkIN, len(fresh))]
		list = list[:0]
		for _, item := range part {
			list = append(list, item.p.m)
		}
		if _, err := tx.NewInsert().Model(&list).Returning("id").Exec(ctx); err != nil {
			return mapErr(err)
		}
		entries = entries[:0]
		for _, item := range part {
			e, err := trail.Entry(ctx, item.p.m.ID, audit.TypeAdd, audit.OriginSystemImport,
				trail.Changes(nil, item.display(), item.labels.Label), item.p.m)
			if err != nil {
				return err
			}
			entries = append(entries, e)
		}
		if err := audit.InsertEntries(ctx, tx, entries); err != nil {
			return err
		}
		if err := keepState(ctx, tx, s.now(), list...); err != nil {
			return err
		}
	}
	return nil
}

// display is the new record's raw trail view.
func (item *importItem) display() map[string]string {
	return trailView(item.p.m, item.p.idClear, item.p.phone, item.orgName, item.unitName, "")
}
