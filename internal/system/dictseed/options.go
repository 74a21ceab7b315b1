package dictseed

// Front-end option lists and generic switches.

const firstYear, lastYear = 2015, 2030

func optionDicts() []Dict {
	return []Dict{
		{
			Name:        "njOptions",
			Description: "年级",
			Items:       years(firstYear, lastYear),
		},
		{
			Name:        "rylbOptions",
			Description: "人员类别选项（与 DJ_DY_RYLBXX 相同）",
			Items:       append([]Item(nil), memberCategoryItems...),
		},
		{
			Name:        "ndOptions",
			Description: "年度",
			Items:       years(firstYear, lastYear),
		},
		{
			Name:        "DICT_STATUS",
			Description: "字典状态",
			Items:       []Item{{"0", "启用"}, {"1", "停用"}},
		},
		{
			Name:        "YES_NO",
			Description: "是否",
			Items:       []Item{{"1", "是"}, {"0", "否"}},
		},
	}
}
