package dictseed

// Party-member dictionaries: member classification, status and the change
// record enumerations.

// memberCategoryItems is shared by DJ_DY_RYLBXX and rylbOptions. Students are
// split by level as university party statistics report them.
var memberCategoryItems = []Item{
	{"1", "教职工"},
	{"2", "本科生"},
	{"3", "硕士研究生"},
	{"4", "博士研究生"},
	{"5", "离退休人员"},
	{"6", "其他"},
}

func partyMemberDicts() []Dict {
	return []Dict{
		{
			Name:        "DJ_DY_RYLBXX",
			Description: "党员人员类别（高校党内统计口径：教职工、本科生、硕士/博士研究生、离退休人员、其他）",
			Items:       append([]Item(nil), memberCategoryItems...),
		},
		{
			Name:        "DJ_DY_DJZTXX",
			Description: "党籍状态",
			Items:       seq("正式党员", "预备党员"),
		},
		{
			Name:        "DJ_DYJBXX_RYLX",
			Description: "人员类型",
			Items:       seq("教工", "学生", "离退休"),
		},
		{
			Name: "DJ_DY_GZGWXX",
			Description: "工作岗位（党员信息采集/党内统计工作岗位代码，高校适用部分）。代码分层：" +
				"0 在岗职工（01 公有制单位：011–016；02 非公有制单位），1 农牧渔民，2 军人、武警，3 学生，4 离退休人员，5 其他",
			Items: []Item{
				{"012", "事业单位管理人员"},
				{"013", "事业单位专业技术人员"},
				{"014", "企业管理人员"},
				{"015", "企业专业技术人员"},
				{"016", "工勤技能人员"},
				{"3", "学生"},
				{"4", "离退休人员"},
				{"5", "其他"},
			},
		},
		{
			Name: "PARTY_MEMBER_UPDATE",
			Description: "党员变动来源（变动记录 ORIGIN）：1 SYSTEM_IMPORT，2 USER_CREATE，3 USER_UPDATE，" +
				"4 SYSTEM_IMPORT_UPDATE，5 USER_RESTORE",
			Items: seq("系统导入", "用户新增", "用户修改", "导入更新", "用户还原"),
		},
		{
			Name:        "PARTY_MEMBER_UPLOAD",
			Description: "党员变动类型：1 ADD，2 UPDATE",
			Items:       seq("新增", "修改"),
		},
		{
			Name:        "DY_ZT",
			Description: "党员状态",
			Items:       seq("正常", "已转出", "已出党", "去世", "停止党籍", "失联"),
		},
		{
			Name:        "DY_LY",
			Description: "党员来源",
			Items:       seq("本校发展", "校外转入", "恢复组织生活", "后台导入", "后台添加"),
		},
	}
}
