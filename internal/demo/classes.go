package demo

import (
	"fmt"
	"time"
)

// classPlan is a class (bj) of a college: one per undergraduate class
// number and grade, one per grade for master and doctoral students.
type classPlan struct {
	unit       int
	secondary  int
	kind       kind
	grade      int
	classNo    int // undergraduates: 1..undergradClasses; 0 for graduate classes
	code, name string
	major      string
	nonMembers int // students who are not party members
}

// classKey finds a student member's class.
type classKey struct {
	secondary    int
	kind         kind
	grade, class int
}

// undergradClasses is the number of undergraduate classes per college and
// grade (person draws classNo in 1..undergradClasses).
const undergradClasses = 6

// educationLevel is the student's XS_PYCC level and the digit of the
// student number: 1 本科, 2 硕士, 3 博士 in the number; 2, 3, 4 in XS_PYCC.
var educationLevel = map[kind]struct{ number, dict string }{
	kindUndergrad: {"1", "2"}, kindMaster: {"2", "3"}, kindDoctor: {"3", "4"}}

// majors of each college, by the unit's name: undergraduate class n
// studies majors[(n-1) % len], the graduate classes the first.
var majors = map[string][]string{
	"计算机科学与技术学院": {"计算机科学与技术", "软件工程", "人工智能"},
	"电子信息与通信学院":  {"电子信息工程", "通信工程", "集成电路设计与集成系统"},
	"机械科学与工程学院":  {"机械设计制造及其自动化", "车辆工程", "工业设计"},
	"电气与电子工程学院":  {"电气工程及其自动化", "自动化"},
	"土木与水利工程学院":  {"土木工程", "水利水电工程", "工程管理"},
	"材料科学与工程学院":  {"材料科学与工程", "高分子材料与工程"},
	"化学与化工学院":    {"化学", "应用化学", "化学工程与工艺"},
	"生命科学与技术学院":  {"生物科学", "生物技术", "生物医学工程"},
	"数学与统计学院":    {"数学与应用数学", "统计学", "信息与计算科学"},
	"物理学院":       {"物理学", "应用物理学"},
	"经济学院":       {"经济学", "金融学", "国际经济与贸易"},
	"管理学院":       {"工商管理", "会计学", "市场营销", "信息管理与信息系统"},
	"法学院":        {"法学", "知识产权"},
	"马克思主义学院":    {"思想政治教育", "马克思主义理论"},
	"外国语学院":      {"英语", "日语", "翻译"},
	"人文学院":       {"汉语言文学", "历史学", "哲学"},
	"新闻与传播学院":    {"新闻学", "广告学", "网络与新媒体"},
	"公共管理学院":     {"行政管理", "公共事业管理", "劳动与社会保障"},
	"建筑与城市规划学院":  {"建筑学", "城乡规划", "风景园林"},
	"环境科学与工程学院":  {"环境工程", "环境科学"},
	"医学院":        {"临床医学", "预防医学", "药学", "护理学"},
}

// lastIntake is the year of the last enrolment day (1 September) on or before today.
func (p *plan) lastIntake() int {
	y := p.today.Year()
	if p.today.Before(time.Date(y, 9, 1, 0, 0, 0, 0, time.UTC)) {
		y--
	}
	return y
}

// planClasses lays out the classes of every college with students, and
// how many students who are not members each holds: the college's student
// members of a level times nonMemberStudentsPerMember, spread evenly over
// the level's classes (at least minStudentsPerClass each).
func (p *plan) planClasses() {
	p.classOf = map[classKey]int{}
	members := map[classKey]int{} // secondary and kind → student members
	for _, o := range p.orgs {
		if o.holdsMembers() && educationLevel[o.kind].number != "" {
			members[classKey{secondary: o.secondary, kind: o.kind}] += o.size
		}
	}
	last := p.lastIntake()
	for u, up := range p.units {
		s := secondaries[up.secondary]
		if up.parent >= 0 || s.shape != collegeShape || s.unit == "机关" {
			continue
		}
		ms := majors[up.name]
		for _, k := range []kind{kindUndergrad, kindMaster, kindDoctor} {
			perGrade := 1
			if k == kindUndergrad {
				perGrade = undergradClasses
			}
			years := studentSpecs[k].years
			first := len(p.classes)
			for g := 0; g < years; g++ {
				grade := last - g
				for n := 1; n <= perGrade; n++ {
					c := classPlan{unit: u, secondary: up.secondary, kind: k, grade: grade, major: ms[0],
						code: fmt.Sprintf("%02d%d%s%02d", up.secondary+1, grade, educationLevel[k].number, n)}
					if k == kindUndergrad {
						c.classNo = n
						c.major = ms[(n-1)%len(ms)]
					}
					c.name = className(s.short, k, grade, c.classNo)
					p.classOf[classKey{up.secondary, k, grade, c.classNo}] = len(p.classes)
					p.classes = append(p.classes, c)
				}
			}
			count := len(p.classes) - first
			total := int(float64(members[classKey{secondary: up.secondary, kind: k}])*nonMemberStudentsPerMember + 0.5)
			for j, n := range allocateEven(max(total, count*minStudentsPerClass), count) {
				p.classes[first+j].nonMembers = n
			}
		}
	}
}

// className is the name of a student member's class (as on their record).
func className(short string, k kind, grade, classNo int) string {
	switch k {
	case kindUndergrad:
		return fmt.Sprintf("%s%02d%02d班", short, grade%100, classNo)
	case kindMaster:
		return fmt.Sprintf("%d级硕士研究生班", grade)
	case kindDoctor:
		return fmt.Sprintf("%d级博士研究生班", grade)
	}
	return ""
}
