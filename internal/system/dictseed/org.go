package dictseed

// Party-organisation and unit dictionaries.

func orgDicts() []Dict {
	return []Dict{
		{
			Name:        "DZZ_LX",
			Description: "党组织类型（本系统编码）",
			Items:       seq("党委", "二级党委", "党总支", "直属党支部", "党支部", "党小组"),
		},
		{
			Name:        "DZZ_LB",
			Description: "党组织类别",
			Items: seq("教工党支部", "学生党支部", "离退休党支部", "机关党支部", "联合党支部",
				"临时党支部", "研究生导师纵向党支部", "师生联合党支部"),
		},
		{
			Name:        "DW_LX",
			Description: "单位类型",
			Items:       seq("院系", "机关", "直属单位", "附属单位"),
		},
		{
			Name:        "WEAK_ORG_CRITERIA",
			Description: "软弱涣散基层党组织认定标准",
			Items: seq(
				"班子不健全或书记长期空缺（超过3个月）",
				"书记不胜任现职",
				"班子不团结",
				"组织生活不经常、不认真",
				"换届选举不规范",
				"没有活动场所",
				"服务意识差，群众满意度低（低于60%）",
			),
		},
	}
}
