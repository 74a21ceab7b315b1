package standard

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
)

// The staged import of the finance office's workbook (/api/import/dfjs):
// one row per member and month from which a base applies, the member named
// by 工号 (staff or student number) or by ID number (matched through the
// member base's blind index, never stored in clear), the category by its
// label and the salary items in 元. A row whose member already has a base
// from that month replaces it; the others add one. A 年薪制 or 个体经营者
// row replacing one of its category gives the months (quarters) it has: the
// cells left empty keep the amounts entered before, so that each month's
// pay can be imported as it is paid.
func (s *Service) importKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "dfjs", Label: "党费基数", Perm: PermBaseImport, Cols: importColumns()},
		s.validateImport, s.commitImport)
}

func importColumns() imports.Columns {
	cols := imports.Columns{
		{Key: "year", Label: "年度", Required: true, Example: "2026"},
		{Key: "fromMonth", Label: "起始月份", Required: true, Example: "1", Note: "1—12：该基数从本年度哪个月起适用（调资从发放新工资的月份起）"},
		{Key: "staffNo", Label: "工号", Example: "T2001001", Note: "工号与身份证号至少填写一项，用于匹配您管理范围内的党员"},
		{Key: "idNumber", Label: "身份证号", Personal: imports.PersonalIDNumber, Note: "工号与身份证号至少填写一项"},
		{Key: "name", Label: "姓名", Example: "张三", Note: "填写时须与匹配到的党员姓名一致"},
		{Key: "category", Label: "党费类别", Required: true, Example: "在职", Note: strings.Join(categoryLabels(), "、")},
	}
	for _, it := range Items {
		note := map[string]string{ItemIncluded: "计入基数", ItemDeducted: "从基数中扣除", ItemExcluded: "不计入基数（仅记录）",
			ItemPension: "离退休党员填写：每月实际领取的各项离退休费，合计为基数", ItemMonthPay: "年薪制党员填写：该月实际领取的薪酬，为该月党费的基数（不填的月份保留已录入的金额）",
			ItemQuarter: "个体经营者填写：该季度月平均纯收入，为下一季度各月党费的基数（不填的季度保留已录入的金额）",
			ItemStipend: "研究生党员填写（学校规定以普通奖学金为党费基数时）"}[it.Kind]
		c := imports.Column{Key: it.Key, Label: it.Label, Note: "元，最多两位小数；" + note}
		if it.Key == "postPay" {
			c.Example = "4800.00"
		}
		cols = append(cols, c)
	}
	return append(cols, imports.Column{Key: "remark", Label: "备注"},
		imports.Column{Key: "reason", Label: "核定理由", Note: "党费类别为免交、困难减免时必填；这两类只能由组织部核定，支部、二级党委请通过“申请减免”办理"})
}

// importMember is a member a row may name.
type importMember struct {
	ID             int64  `bun:"id"`
	Name           string `bun:"name"`
	StaffNo        string `bun:"staff_or_student_no"`
	IDIdx          string `bun:"id_number_idx"`
	PersonCategory string `bun:"person_category"`
}

// importRow is a validated row ready for its commit, with its member's
// name for the trail.
type importRow struct {
	base   BaseRow
	member string
	reason string // why the department sets 免交 or 困难减免 (mayWaive)
}

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*imports.Row) error {
	ctx = rbac.With(ctx, p) // mayWaive reads the importer
	members, err := s.importMembers(ctx, idb, rows)
	if err != nil {
		return err
	}
	byLabel := map[string]string{}
	for _, c := range Categories {
		byLabel[c.Label] = c.Code
	}
	seen := map[string]int{}
	for _, r := range rows {
		r.Reset()
		in := BaseInput{Items: map[string]string{}, Remark: r.Cells["remark"]}
		var ok bool
		if in.Year, ok = intCell(r, "year", 2000, 2100); !ok {
			r.Fail("year", "年度应为 2000—2100 的整数")
		}
		if in.FromMonth, ok = intCell(r, "fromMonth", 1, 12); !ok {
			r.Fail("fromMonth", "起始月份应为 1—12")
		}
		if in.Category, ok = byLabel[r.Cells["category"]]; !ok {
			r.Fail("category", "党费类别应为"+strings.Join(categoryLabels(), "、"))
		}
		var name, personCategory string
		if m := s.rowMember(r, members); m != nil {
			in.MemberID, name, personCategory = m.ID, m.Name, m.PersonCategory
		}
		for _, it := range Items {
			if v := r.Cells[it.Key]; v != "" {
				in.Items[it.Key] = v
			}
		}
		if r.Status == imports.StatusInvalid {
			continue
		}
		cur, err := s.baseFrom(ctx, idb, in)
		if err != nil {
			return err
		}
		if cur != nil && cur.Category == in.Category && (in.Category == CatAnnual || in.Category == CatSelfEmp) {
			for k, f := range itemsOf(cur) {
				if _, given := in.Items[k]; !given {
					in.Items[k] = money.Fen(f).Grouped() // a month not in the row keeps its amount
				}
			}
		}
		b, err := checkBase(in)
		if err == nil {
			err = s.checkStipend(ctx, b, personCategory)
		}
		if err != nil {
			col := httpx.FieldOf(err)
			col = strings.TrimPrefix(col, "items.")
			if col == "items" {
				col = ""
			}
			r.FailErr(col, err)
			continue
		}
		reason, err := mayWaive(ctx, b.Category, r.Cells["reason"])
		if err != nil {
			r.FailErr(httpx.FieldOf(err), err)
			continue
		}
		// One row per member and month: the first valid one holds it.
		key := baseKey(b)
		if first := seen[key]; first > 0 {
			r.Fail("staffNo", fmt.Sprintf("与第 %d 行是同一党员同一起始月份", first))
			continue
		}
		seen[key] = r.RowNo
		r.Data, r.Status = &importRow{base: b, member: name, reason: reason}, imports.StatusNew
		if cur != nil {
			r.Status = imports.StatusChanged
		}
	}
	return nil
}

// rowMember is the member a row names by 工号 or ID number (failing the
// cell otherwise); the name, when given, must be the member's.
func (s *Service) rowMember(r *imports.Row, members map[string]*importMember) *importMember {
	no, id := r.Cells["staffNo"], r.Cells["idNumber"]
	var m *importMember
	switch {
	case no == "" && id == "":
		r.Fail("staffNo", "请填写工号或身份证号")
		return nil
	case no != "":
		if m = members["no:"+no]; m == nil {
			r.Fail("staffNo", fmt.Sprintf("您管理范围内没有工号为「%s」的党员", no))
			return nil
		}
		if id != "" && m.IDIdx != s.members.IDIndex(id) {
			r.Fail("idNumber", "身份证号与工号对应的党员不一致")
			return nil
		}
	default:
		if m = members["id:"+s.members.IDIndex(id)]; m == nil {
			r.Fail("idNumber", "您管理范围内没有该身份证号的党员")
			return nil
		}
	}
	if name := r.Cells["name"]; name != "" && name != m.Name {
		r.Fail("name", fmt.Sprintf("姓名与匹配到的党员（%s）不一致", m.Name))
		return nil
	}
	return m
}

// importMembers reads, in at most two queries, the members of the caller's
// scope the rows name, keyed "no:<工号>" and "id:<blind index>".
func (s *Service) importMembers(ctx context.Context, idb bun.IDB, rows []*imports.Row) (map[string]*importMember, error) {
	scope, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	var nos, idxs []string
	for _, r := range rows {
		if v := r.Cells["staffNo"]; v != "" {
			nos = append(nos, v)
		}
		if v := r.Cells["idNumber"]; v != "" {
			idxs = append(idxs, s.members.IDIndex(v))
		}
	}
	out := map[string]*importMember{}
	read := func(col string, vals []string, key func(*importMember) string) error {
		if len(vals) == 0 {
			return nil
		}
		var list []importMember
		if err := scope(idb.NewSelect().TableExpr("dyjbxx AS m").Column("m.id", "m.name", "m.staff_or_student_no", "m.id_number_idx", "m.person_category").
			Where("? IN (?)", bun.Ident("m."+col), bun.In(vals))).Scan(ctx, &list); err != nil {
			return httpx.Internal(err)
		}
		for i := range list {
			out[key(&list[i])] = &list[i]
		}
		return nil
	}
	if err := read("staff_or_student_no", nos, func(m *importMember) string { return "no:" + m.StaffNo }); err != nil {
		return nil, err
	}
	return out, read("id_number_idx", idxs, func(m *importMember) string { return "id:" + m.IDIdx })
}

// baseFrom is the member's base of in's year from in's month, nil when
// there is none.
func (s *Service) baseFrom(ctx context.Context, idb bun.IDB, in BaseInput) (*BaseRow, error) {
	cur := new(BaseRow)
	err := idb.NewSelect().Model(cur).Where("member_id = ?", in.MemberID).Where("year = ?", in.Year).
		Where("from_month = ?", in.FromMonth).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return cur, nil
}

// categoryLabels are the categories' labels in order.
func categoryLabels() []string {
	out := make([]string, len(Categories))
	for i, c := range Categories {
		out[i] = c.Label
	}
	return out
}

func intCell(r *imports.Row, key string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(r.Cells[key]), "月"))
	return n, err == nil && n >= lo && n <= hi
}

// commitImport writes each row: a new base, or the member's base from that
// month replaced (one upsert on the unique member/year/month). Each change
// leaves its trail entry (导入 / 导入更新, from the base it replaced), all
// inserted at once.
func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	before, err := s.importedBases(ctx, tx, rows)
	if err != nil {
		return err
	}
	now := s.now()
	var entries []audit.Entry
	err = imports.Each(rows, func(r *imports.Row, item *importRow) error {
		b := item.base
		b.CreatedAt, b.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(&b).
			On("CONFLICT (member_id, year, from_month) DO UPDATE").
			Set("category = EXCLUDED.category, items = EXCLUDED.items, included_fen = EXCLUDED.included_fen").
			Set("deducted_fen = EXCLUDED.deducted_fen, base_fen = EXCLUDED.base_fen, remark = EXCLUDED.remark, updated_at = EXCLUDED.updated_at").
			Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		r.TargetID = &b.ID
		typ, origin, was := audit.TypeAdd, audit.OriginSystemImport, map[string]string(nil)
		if cur, ok := before[baseKey(b)]; ok {
			typ, origin, was = audit.TypeUpdate, audit.OriginSystemImportUpdate, baseTrailView(cur, item.member)
		}
		changes := baseTrail.Changes(was, withReason(baseTrailView(b, item.member), item.reason), plain)
		if was != nil && len(changes) == 0 {
			return nil // the same base again
		}
		e, err := baseTrail.Entry(ctx, b.ID, typ, origin, changes, &b)
		entries = append(entries, e)
		return httpx.AsError(err)
	})
	if err != nil {
		return err
	}
	if err := audit.InsertEntries(ctx, tx, entries); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

func baseKey(b BaseRow) string { return fmt.Sprintf("%d/%d/%d", b.MemberID, b.Year, b.FromMonth) }

// importedBases reads, by chunks of members, the bases the rows replace,
// keyed by baseKey.
func (s *Service) importedBases(ctx context.Context, idb bun.IDB, rows []*imports.Row) (map[string]BaseRow, error) {
	want := map[string]bool{}
	var members []int64
	for _, r := range rows {
		if item, ok := r.Data.(*importRow); ok {
			want[baseKey(item.base)] = true
			members = append(members, item.base.MemberID)
		}
	}
	members = uniq.Of(members)
	out := map[string]BaseRow{}
	for start := 0; start < len(members); start += 500 {
		var list []BaseRow
		if err := idb.NewSelect().Model(&list).Where("member_id IN (?)", bun.In(members[start:min(start+500, len(members))])).
			Scan(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, b := range list {
			if k := baseKey(b); want[k] {
				out[k] = b
			}
		}
	}
	return out, nil
}
