package org

import (
	"regexp"
	"strconv"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

// fields declares an organisation's fields once, in the trail's order (组织
// 变动轨迹): the checks of a save, the trail, the import template and the
// export follow from them. The wording is the organisation's own, which
// its forms and workbooks have always shown.
var fields = resource.Fields[Org]{
	{Name: "pid", Key: "parent", Label: "上级党组织", Kind: resource.Ref, Table: "dzz", Shown: "parentName", Export: 30},
	{Name: "code", Label: "党组织编码", Header: "组织编码", Required: true, Valid: codeFormat, Export: 16, Example: "D0101",
		Note: "字母、数字、下划线或短横线，不超过32位；用于匹配已有党组织"},
	{Name: "name", Label: "党组织名称", Header: "组织名称", Required: true, Max: maxName, Export: 30, Example: "计算机学院教工第一党支部"},
	{Name: "shortName", Label: "简称", Asks: "党组织简称", Valid: within(maxShortName), Export: 16, Example: "教工一支部"},
	{Name: "type", Label: "党组织类型", Header: "组织类型", Kind: resource.Code, Required: true, Dict: DictType, Shown: "typeLabel",
		Export: 12, Example: "党支部"},
	{Name: "category", Label: "党组织类别", Header: "组织类别", Kind: resource.Code, Dict: DictCategory, Shown: "categoryLabel",
		Export: 14, Example: "教工党支部"},
	{Name: "unitDeptId", Key: "unit", Label: "所属单位", Header: "所在单位", Kind: resource.Ref, Table: "sys_dept", Shown: "unitName",
		Export: 20, Note: "部门管理中的单位名称"},
	{Name: "foundedOn", Label: "成立日期", Kind: resource.Day, NotFuture: true, Valid: dateFormat, Export: 12, Example: "2010-07-01"},
	{Name: "secretaryName", Label: "书记", Asks: "书记姓名", Valid: within(maxPersonName), Export: 10, Example: "李四"},
	{Name: "committee", Label: "委员会成员", Header: "委员", Kind: resource.List, Export: 30},
	{Name: "termStart", Label: "本届任期开始日期", Header: "换届日期", Kind: resource.Day, Valid: dateFormat, Export: 12, Example: "2023-06-01"},
	// The export shows the term with its end (exportColumns).
	{Name: "termYears", Label: "任期年限", Kind: resource.Int, Trail: termText, Example: "3", Note: "3 或 5；不填时党委、二级党委为5年，其他为3年"},
	{Name: "contactPhone", Label: "联系电话", Valid: phoneFormat, Export: 14, Example: "010-12345678"},
	{Name: "sort", Label: "排序", Kind: resource.Int},
	{Name: "status", Label: "状态", Fixed: true, Shown: "statusLabel", Trail: statusText, Export: 8},
	{Name: "revokedOn", Label: "撤销日期", Kind: resource.Day, Fixed: true, Export: 12},
}

var (
	codePattern  = regexp.MustCompile(`^[0-9A-Za-z_-]{1,32}$`)
	phonePattern = regexp.MustCompile(`^[0-9+\-() ]{0,32}$`)
)

// Field limits.
const (
	maxName       = 50
	maxShortName  = 20
	maxPersonName = 20
	maxCommittee  = 30
	maxSort       = 99999
)

func codeFormat(field, label, v string) error {
	if !codePattern.MatchString(v) {
		return httpx.Invalid(field, "%s只能由字母、数字、下划线和短横线组成，且不超过32位", label)
	}
	return nil
}

func phoneFormat(field, label, v string) error {
	if !phonePattern.MatchString(v) {
		return httpx.Invalid(field, "%s格式不正确", label)
	}
	return nil
}

// within is record.MaxLen in the organisation's wording ("不能超过").
func within(max int) func(field, label, v string) error {
	return func(field, label, v string) error { return maxLen(field, label, v, max) }
}

func maxLen(field, label, v string, max int) error {
	if len([]rune(v)) > max {
		return httpx.Invalid(field, "%s不能超过%d个字", label, max)
	}
	return nil
}

// dateFormat is record.Date's check in the organisation's wording.
func dateFormat(field, label, v string) error {
	if _, ok := date.Parse(v); !ok {
		return httpx.Invalid(field, "%s格式不正确，应为“年-月-日”", label)
	}
	return nil
}

// termText is a term's length as the trail shows it ("3年"; "" for none).
func termText(v any) string {
	if n := v.(int); n > 0 {
		return strconv.Itoa(n) + "年"
	}
	return ""
}

func statusText(v any) string { return statusNames[v.(string)] }

// check trims in and checks what needs no database against the
// organisation it updates (cur, nil for a new one): its codes, the declared
// fields' checks, then the organisation's own rules (order, committee,
// term). A term length left out is the type's.
func check(l labels, in *Input, cur *Org) error {
	if err := knownCodes(l, in, cur); err != nil {
		return err
	}
	now := today()
	if err := fields.Check(in, cur, l, now); err != nil {
		return err
	}
	if in.Sort < 0 || in.Sort > maxSort {
		return httpx.Invalid("sort", "排序应在0到%d之间", maxSort)
	}
	committee := make(Names, 0, len(in.Committee))
	seen := map[string]bool{}
	for _, n := range in.Committee {
		n = strings.TrimSpace(n)
		if n == "" || seen[n] {
			continue
		}
		if err := maxLen("committee", "委员姓名", n, maxPersonName); err != nil {
			return err
		}
		seen[n] = true
		committee = append(committee, n)
	}
	if len(committee) > maxCommittee {
		return httpx.Invalid("committee", "委员会成员不能超过%d人", maxCommittee)
	}
	in.Committee = committee
	if in.FoundedOn != "" && in.TermStart != "" && in.TermStart < in.FoundedOn {
		return httpx.Invalid("termStart", "本届任期开始日期不能早于成立日期")
	}
	if in.TermStart != "" && in.TermStart > now.AddYears(1) {
		return httpx.Invalid("termStart", "本届任期开始日期不能晚于一年以后")
	}
	if in.TermYears == 0 {
		in.TermYears = DefaultTermYears(in.Type)
	}
	if in.TermYears != TermYearsBranch && in.TermYears != TermYearsCommittee {
		return httpx.Invalid("termYears", "任期年限只能是%d年或%d年", TermYearsBranch, TermYearsCommittee)
	}
	return nil
}

// knownCodes refuses a type that is not one of the built-in ones (the
// containment rules are written against them), and a type or category no
// item of its dictionary has (unless the organisation has it already);
// whether a known item may be chosen is the fields' check.
func knownCodes(l labels, in *Input, cur *Org) error {
	var was Org
	if cur != nil {
		was = *cur
	}
	known := func(dict, v string) bool { return l.Has(dict, v) || l.Disabled(dict, v) || v == "" }
	typ, category := strings.TrimSpace(in.Type), strings.TrimSpace(in.Category)
	if typ != "" && (typeNames[typ] == "" || !known(DictType, typ) && typ != was.Type) {
		return httpx.Invalid("type", "党组织类型不正确")
	}
	if !known(DictCategory, category) && category != was.Category {
		return httpx.Invalid("category", "党组织类别不正确")
	}
	return nil
}
