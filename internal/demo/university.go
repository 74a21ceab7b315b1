package demo

import "zhdj/internal/org"

// The university the demo data describes: its colleges and offices (the
// units, sys_dept) and which party organisation leads each. Everything that
// scales with the number of members is in plan.go.

// kind is what a member does at the university; it decides the branch
// category, the person category and how the dates are drawn.
type kind int

const (
	kindTeacher   kind = iota // 教师
	kindStaff                 // 机关、直属单位职工
	kindUndergrad             // 本科生
	kindMaster                // 硕士研究生
	kindDoctor                // 博士研究生
	kindRetired               // 离退休人员
	kindCount
)

// kindBranch names the branches of a kind ("本科生第一党支部") and gives their
// category (DZZ_LB: 1 教工, 2 学生, 3 离退休, 4 机关).
var kindBranch = [kindCount]struct{ label, category string }{
	kindTeacher:   {"教工", "1"},
	kindStaff:     {"", "4"},
	kindUndergrad: {"本科生", "2"},
	kindMaster:    {"硕士研究生", "2"},
	kindDoctor:    {"博士研究生", "2"},
	kindRetired:   {"离退休", "3"},
}

// unitShape is how a secondary organisation's members divide into kinds.
type unitShape [kindCount]float64

var (
	collegeShape = unitShape{kindTeacher: 0.22, kindUndergrad: 0.38, kindMaster: 0.25, kindDoctor: 0.07, kindRetired: 0.08}
	officeShape  = unitShape{kindStaff: 0.86, kindRetired: 0.14}
	teachShape   = unitShape{kindTeacher: 0.82, kindRetired: 0.18}
	staffOnly    = unitShape{kindStaff: 1}
)

// secondary is an organisation directly under the university committee.
type secondary struct {
	unit   string    // the unit's name (sys_dept)
	short  string    // its short name, which prefixes its branches' names
	typ    string    // org type: 二级党委, 党总支 or 直属党支部
	weight float64   // its share of the members (direct branches: fixed size)
	shape  unitShape // its members by kind
}

// universityName is the fictional university of the demo; the demo makes
// it the current school (login page, title), under schoolCode, with
// schoolFooter under the login form.
const (
	universityName = "东湖大学"
	schoolCode     = "donghu"
	schoolFooter   = "东湖大学党委组织部"
)

// secondaries: 21 colleges with a 二级党委 each, the offices' 机关党委,
// three smaller units with a 党总支, and five offices with a 直属党支部.
var secondaries = []secondary{
	{"计算机科学与技术学院", "计算机学院", org.TypeSecondaryCommittee, 1.5, collegeShape},
	{"电子信息与通信学院", "电信学院", org.TypeSecondaryCommittee, 1.3, collegeShape},
	{"机械科学与工程学院", "机械学院", org.TypeSecondaryCommittee, 1.4, collegeShape},
	{"电气与电子工程学院", "电气学院", org.TypeSecondaryCommittee, 1.2, collegeShape},
	{"土木与水利工程学院", "土木学院", org.TypeSecondaryCommittee, 1.1, collegeShape},
	{"材料科学与工程学院", "材料学院", org.TypeSecondaryCommittee, 1.0, collegeShape},
	{"化学与化工学院", "化学学院", org.TypeSecondaryCommittee, 1.0, collegeShape},
	{"生命科学与技术学院", "生命学院", org.TypeSecondaryCommittee, 0.9, collegeShape},
	{"数学与统计学院", "数学学院", org.TypeSecondaryCommittee, 0.8, collegeShape},
	{"物理学院", "物理学院", org.TypeSecondaryCommittee, 0.8, collegeShape},
	{"经济学院", "经济学院", org.TypeSecondaryCommittee, 0.9, collegeShape},
	{"管理学院", "管理学院", org.TypeSecondaryCommittee, 1.1, collegeShape},
	{"法学院", "法学院", org.TypeSecondaryCommittee, 0.7, collegeShape},
	{"马克思主义学院", "马院", org.TypeSecondaryCommittee, 0.5, collegeShape},
	{"外国语学院", "外语学院", org.TypeSecondaryCommittee, 0.7, collegeShape},
	{"人文学院", "人文学院", org.TypeSecondaryCommittee, 0.7, collegeShape},
	{"新闻与传播学院", "新闻学院", org.TypeSecondaryCommittee, 0.5, collegeShape},
	{"公共管理学院", "公管学院", org.TypeSecondaryCommittee, 0.6, collegeShape},
	{"建筑与城市规划学院", "建规学院", org.TypeSecondaryCommittee, 0.6, collegeShape},
	{"环境科学与工程学院", "环境学院", org.TypeSecondaryCommittee, 0.6, collegeShape},
	{"医学院", "医学院", org.TypeSecondaryCommittee, 1.3, collegeShape},
	{"机关", "机关", org.TypeSecondaryCommittee, 1.2, officeShape},
	{"体育学院", "体育学院", org.TypeGeneralBranch, 0.3, teachShape},
	{"图书馆", "图书馆", org.TypeGeneralBranch, 0.25, officeShape},
	{"继续教育学院", "继续教育学院", org.TypeGeneralBranch, 0.25, teachShape},
	{"校医院", "校医院", org.TypeDirectBranch, 0, staffOnly},
	{"档案馆", "档案馆", org.TypeDirectBranch, 0, staffOnly},
	{"网络与信息中心", "网信中心", org.TypeDirectBranch, 0, staffOnly},
	{"出版社", "出版社", org.TypeDirectBranch, 0, staffOnly},
	{"资产经营有限公司", "资产公司", org.TypeDirectBranch, 0, staffOnly},
}

// offices are the units under 机关 (each its own sys_dept, its staff in
// its own branches of the 机关党委).
var offices = []string{"党委办公室", "校长办公室", "党委组织部", "党委宣传部", "教务处", "科学技术发展院",
	"人事处", "财务处", "学生工作部", "国际交流处", "后勤保障处", "离退休工作处"}
