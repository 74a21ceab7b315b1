package dictseed

// Cadre (干部) dictionaries.

func cadreDicts() []Dict {
	return []Dict{
		{
			Name:        "GB_LB",
			Description: "干部类别",
			Items:       seq("校级领导干部", "中层领导干部", "中层非领导职务", "科级干部", "其他"),
		},
		{
			Name:        "GB_XZJB",
			Description: "行政级别/职级",
			Items:       seq("正厅级", "副厅级", "正处级", "副处级", "正科级", "副科级", "科员"),
		},
		{
			Name:        "GB_RZZT",
			Description: "任职状态",
			Items:       seq("在任", "试用期", "免职", "退休"),
		},
		{
			Name:        "GB_ZWSX",
			Description: "职务属性",
			Items:       seq("党务", "行政"),
		},
		{
			Name:        "GB_BZLX",
			Description: "班子类型",
			Items:       seq("校领导班子", "院系领导班子", "机关部门领导班子", "直属单位领导班子"),
		},
	}
}
