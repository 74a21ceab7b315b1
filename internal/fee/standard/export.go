package standard

import "zhdj/internal/platform/resource"

// baseColumns are the bases' export columns: the member, the category,
// every salary item, the base and the monthly due with its working.
func baseColumns() []resource.Column[BaseView] {
	type col = resource.Column[BaseView]
	cols := []col{{Header: "姓名", Width: 12, Cell: func(v *BaseView) any { return v.MemberName }},
		{Header: "工号/学号", Width: 14, Cell: func(v *BaseView) any { return v.StaffNo }},
		{Header: "党组织", Width: 28, Cell: func(v *BaseView) any { return v.OrgName }},
		{Header: "年度", Width: 8, Cell: func(v *BaseView) any { return v.Year }},
		{Header: "起始月份", Width: 10, Cell: func(v *BaseView) any { return v.FromMonth }},
		{Header: "党费类别", Width: 12, Cell: func(v *BaseView) any { return v.CategoryLabel }}}
	for _, it := range Items {
		cols = append(cols, col{Header: it.Label + "（元）", Width: 14, Cell: func(v *BaseView) any { return v.Items[it.Key] }})
	}
	return append(cols, col{Header: "计入项目合计（元）", Width: 16, Cell: func(v *BaseView) any { return v.Included }},
		col{Header: "扣除项目合计（元）", Width: 16, Cell: func(v *BaseView) any { return v.Deducted }},
		col{Header: "月基数（元）", Width: 14, Cell: func(v *BaseView) any { return v.Base }},
		col{Header: "月党费（元）", Width: 12, Cell: func(v *BaseView) any { return v.Due }},
		col{Header: "计算过程", Width: 60, Cell: func(v *BaseView) any { return v.Working }},
		col{Header: "备注", Width: 20, Cell: func(v *BaseView) any { return v.Remark }})
}
