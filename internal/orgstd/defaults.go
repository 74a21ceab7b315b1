package orgstd

// defaultSet is the indicator set the demo seeds (and a school may start
// from): seven categories, 100 points. It follows 《中国共产党支部工作条例
// （试行）》 (setting, committee, meetings, members), RULES §4 (三会一课,
// 组织生活会, 谈心谈话, learning hours, terms) and the shape of published
// university checklists (docs/orgstd.md names them); the wording is ours.
var defaultSet = []Indicator{
	// 组织设置 10
	{Category: "组织设置", Name: "支部设置规范", MaxTenths: 40, Standard: "按院系、教研室、学科团队或年级班级设置党支部；正式党员3人以上单独成立，不足3人的联合成立且覆盖不超过5个单位；党员超过50人的及时调整设置。不符合的每项扣1分。"},
	{Category: "组织设置", Name: "按期换届", MaxTenths: 30, Standard: "支部委员会（书记）任期3年，按期换届；选举前报批、差额选举、选举结果报批等程序完整，材料齐全。未按期换届不得分，程序材料缺一项扣0.5分。"},
	{Category: "组织设置", Name: "党小组划分", MaxTenths: 30, Standard: "党员人数较多的党支部划分党小组，组长明确，党小组活动正常。应划未划不得分。"},
	// 班子建设 15
	{Category: "班子建设", Name: "书记选优配强", MaxTenths: 50, Standard: "教师党支部书记一般由党员骨干教师担任，推进“双带头人”培育；学生党支部书记由辅导员、优秀学生党员等担任。书记空缺超过3个月不得分。"},
	{Category: "班子建设", Name: "支委会健全", MaxTenths: 40, Standard: "正式党员7人以上的设支部委员会，委员3至5人，分工明确；委员缺额及时增补。缺额未补每人扣1分。"},
	{Category: "班子建设", Name: "书记培训与述职", MaxTenths: 30, Standard: "书记和委员年度集中学习培训不少于56学时；书记年度抓党建工作述职评议。未培训或未述职各扣1.5分。"},
	{Category: "班子建设", Name: "集体议事决策", MaxTenths: 30, Standard: "支部委员会每月至少召开1次，研究党员教育管理、发展党员等重要事项，记录完整。缺1次扣0.5分。"},
	// 党员队伍 20
	{Category: "党员队伍", Name: "发展党员质量", MaxTenths: 50, Standard: "坚持标准、程序规范，入党积极分子培养考察、政治审查、公示等环节完整，档案材料齐全。程序缺失一项扣1分。"},
	{Category: "党员队伍", Name: "党员教育培训", MaxTenths: 50, Standard: "每名党员年度集中学习培训不少于32学时；有年度学习计划并落实。达标率每低10%扣1分。"},
	{Category: "党员队伍", Name: "党员日常管理", MaxTenths: 40, Standard: "党员信息准确完整，组织关系转接及时，流动党员管理到位，党费按时足额交纳。每发现一项问题扣0.5分。"},
	{Category: "党员队伍", Name: "民主评议党员", MaxTenths: 30, Standard: "每年开展民主评议党员，经个人自评、党员互评、民主测评，评定等次并及时处置不合格党员。未开展不得分。"},
	{Category: "党员队伍", Name: "先锋模范作用", MaxTenths: 30, Standard: "开展党员示范岗、承诺践诺、志愿服务等活动，党员在教学科研、学习实践中发挥先锋模范作用。"},
	// 组织生活 20
	{Category: "组织生活", Name: "三会一课", MaxTenths: 80, Standard: "支部党员大会每季度1次，支部委员会、党小组会每月1次，党课每季度至少1次且书记每年至少讲1次。缺1次扣0.5分，记录不全酌情扣分。"},
	{Category: "组织生活", Name: "主题党日", MaxTenths: 40, Standard: "每月相对固定1天开展主题党日，主题鲜明、形式多样。缺1次扣0.5分。"},
	{Category: "组织生活", Name: "组织生活会", MaxTenths: 40, Standard: "每年至少召开1次组织生活会，会前谈心谈话、征求意见，开展批评和自我批评，上级党组织派员参加，整改措施落实。未召开不得分。"},
	{Category: "组织生活", Name: "谈心谈话", MaxTenths: 40, Standard: "书记、委员与党员每年至少谈心谈话1次，党员之间相互谈心，有记录。覆盖率每低10%扣0.5分。"},
	// 制度落实 10
	{Category: "制度落实", Name: "党建工作责任制", MaxTenths: 40, Standard: "有年度工作计划和总结；参与本单位重要事项讨论决定，党建与业务工作同谋划、同部署、同考核。"},
	{Category: "制度落实", Name: "工作台账与党务公开", MaxTenths: 30, Standard: "会议记录、党员名册、党费收缴等台账规范完整，按规定公开党务。台账缺一项扣0.5分。"},
	{Category: "制度落实", Name: "意识形态工作", MaxTenths: 30, Standard: "落实意识形态工作责任制，每年专题研究不少于2次，课堂、讲座、网络阵地管理到位。"},
	// 阵地保障 10
	{Category: "阵地保障", Name: "活动场所", MaxTenths: 40, Standard: "有相对固定的党员活动场所，标识规范，党旗、入党誓词、制度上墙。"},
	{Category: "阵地保障", Name: "经费保障", MaxTenths: 30, Standard: "党组织工作经费、党费使用符合规定，支出有据可查。"},
	{Category: "阵地保障", Name: "信息化建设", MaxTenths: 30, Standard: "使用智慧党建平台记录组织生活、党员信息和党费，数据及时准确。"},
	// 作用发挥 15
	{Category: "作用发挥", Name: "围绕中心服务大局", MaxTenths: 50, Standard: "党建与教学科研、人才培养、学科建设深度融合，在单位中心工作中发挥战斗堡垒作用。"},
	{Category: "作用发挥", Name: "联系服务师生", MaxTenths: 50, Standard: "经常联系服务师生，关心困难师生，师生对党支部工作满意度高（测评满意率不低于60%）。"},
	{Category: "作用发挥", Name: "特色品牌", MaxTenths: 50, Standard: "形成支部工作品牌或创新案例，获校级及以上表彰或推广。"},
}
