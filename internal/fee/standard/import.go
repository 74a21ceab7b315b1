package standard

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
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
	bases := func() *resource.Viewed[BaseRow, baseListRow, BaseInput, BaseView] { return s.bases } // read at the commit: Module works on a nil service
	return resource.ImportUpsert(bases, imports.Decl{Key: "dfjs", Label: "党费基数", Perm: PermBaseImport, Cols: importColumns()},
		s.validateImport)
}

func importColumns() imports.Columns {
	cols := append(imports.Columns{
		{Key: "year", Label: "年度", Required: true, Example: "2026"},
		{Key: "fromMonth", Label: "起始月份", Required: true, Example: "1", Note: "1—12：该基数从本年度哪个月起适用（调资从发放新工资的月份起）"},
	}, member.RowMemberColumns()...)
	cols = append(cols, imports.Column{Key: "category", Label: "党费类别", Required: true, Example: "在职", Note: strings.Join(categoryLabels(), "、")})
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

// validateImport reads each row into the base it adds or replaces (as the
// importer: mayWaive and the members' scope are theirs).
func (s *Service) validateImport(ctx context.Context, idb bun.IDB, rows []*imports.Row) error {
	memberOf, err := s.members.RowMembers(ctx, idb, rows)
	if err != nil {
		return err
	}
	byLabel := map[string]string{}
	for _, c := range Categories {
		byLabel[c.Label] = c.Code
	}
	// The rows whose cells read wait for the bases they replace, read in
	// bulk (chunks of imports.Chunk members), never one query per row.
	type pending struct {
		r                    *imports.Row
		in                   BaseInput
		name, personCategory string
	}
	var valid []pending
	for _, r := range rows {
		in := BaseInput{Items: map[string]string{}, Remark: r.Cells["remark"]}
		if in.Year, err = record.ParseYear("year", "年度", r.Cells["year"]); err != nil {
			r.FailErr("year", err)
		}
		var ok bool
		if in.FromMonth, ok = intCell(r, "fromMonth", 1, 12); !ok {
			r.Fail("fromMonth", "起始月份应为 1—12")
		}
		if in.Category, ok = byLabel[r.Cells["category"]]; !ok {
			r.Fail("category", "党费类别应为"+strings.Join(categoryLabels(), "、"))
		}
		var name, personCategory string
		if m := memberOf(r); m != nil {
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
		valid = append(valid, pending{r, in, name, personCategory})
	}
	type baseKey struct {
		memberID        int64
		year, fromMonth int
	}
	ids := make([]int64, len(valid))
	for i, p := range valid {
		ids[i] = p.in.MemberID
	}
	current := map[baseKey]BaseRow{}
	err = imports.Chunked(uniq.Of(ids), func(part []int64) error {
		var list []BaseRow
		err := idb.NewSelect().Model(&list).Where("member_id IN (?)", bun.List(part)).Scan(ctx)
		for _, b := range list {
			current[baseKey{b.MemberID, b.Year, b.FromMonth}] = b
		}
		return err
	})
	if err != nil {
		return httpx.Internal(err)
	}
	seen := map[baseKey]int{}
	for _, p := range valid {
		r, in, name := p.r, p.in, p.name
		var cur *baseListRow
		if b, ok := current[baseKey{in.MemberID, in.Year, in.FromMonth}]; ok {
			cur = &baseListRow{BaseRow: b, MemberName: name}
		}
		if cur != nil && cur.Category == in.Category && (in.Category == CatAnnual || in.Category == CatSelfEmp) {
			for k, f := range itemsOf(&cur.BaseRow) {
				if _, given := in.Items[k]; !given {
					in.Items[k] = money.Fen(f).Grouped() // a month not in the row keeps its amount
				}
			}
		}
		b, err := checkBase(in)
		if err == nil {
			err = s.checkStipend(ctx, b, p.personCategory)
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
		key := baseKey{b.MemberID, b.Year, b.FromMonth}
		if first := seen[key]; first > 0 {
			r.Fail("staffNo", fmt.Sprintf("与第 %d 行是同一党员同一起始月份", first))
			continue
		}
		seen[key] = r.RowNo
		b.member, b.reason = name, reason
		r.Data = &resource.Upsert[BaseRow, baseListRow]{Record: b, Current: cur}
	}
	return nil
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
