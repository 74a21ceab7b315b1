package analysis

import (
	"fmt"
	"math/rand/v2"

	"zhdj/internal/platform/date"
)

// The demo university's cadres (zhdj seed --demo): about 600 serving
// cadres — 15 校领导 on the university's top unit, about 200 处级 and 385
// 科级 spread over the units — each with a résumé, full-time education,
// family and a current post, and a few records due for each reminder type
// relative to the seed's day. The plan is pure and deterministic (seeded).

// Demo sizes.
const (
	DemoSchoolLeaders = 15
	DemoDivision      = 200
	DemoSection       = 385
)

// DemoUnit is a unit the plan spreads cadres over.
type DemoUnit struct {
	ID   int64
	Name string
	Kind string // DW_LX: 1 院系, 2 机关, 3 直属单位
	Top  bool   // the university itself (the 校领导's unit)
}

// DemoCadre is one planned cadre.
type DemoCadre struct {
	Name, Gender, Ethnicity, Political string
	BirthOn, PartyJoinOn, WorkStartOn  date.Date
	Education, Degree, Title           string
	School, Major                      string
	UnitID                             int64
	UnitName                           string
	Post, Level, Status, Category      string
	Attribute, TeamType, Tenure        string
	PostSince                          date.Date
	ProbationUntil                     date.Date // a non-elected post of the last year: 试用期
	Seconded                           *DemoSecondment
	Resume                             []DemoLine
	Family                             []DemoRelative
	Assessments                        []DemoAssessment
	// CertificateDue: a passport out and due back on this day (reminder 6).
	CertificateDue date.Date
	// Managed are a school leader's 分管部门 (2–4).
	Managed []DemoManaged
}

// DemoManaged is a department a school leader manages (分管) or keeps in
// touch with (联系: a college).
type DemoManaged struct {
	UnitID int64
	Kind   string
}

// demoManaged is school leader i's departments, 2–4 of them: one college to
// keep in touch with, the others offices and direct units to manage, taken
// round the units by i. It draws nothing from the plan's random sequence,
// so the rest of the plan is as before. units are those below the school
// (top, the leaders' own unit, is left out).
func demoManaged(i int, units []DemoUnit, top int64) []DemoManaged {
	var offices, colleges []DemoUnit
	for _, u := range units {
		if u.ID == top {
			continue
		}
		if u.Kind == "1" {
			colleges = append(colleges, u)
		} else {
			offices = append(offices, u)
		}
	}
	if len(offices) == 0 {
		offices = colleges
	}
	var out []DemoManaged
	seen := map[int64]bool{}
	take := func(u DemoUnit, kind string) {
		if !seen[u.ID] {
			seen[u.ID] = true
			out = append(out, DemoManaged{UnitID: u.ID, Kind: kind})
		}
	}
	n := 2 + i%3
	for j := 0; j < n-1 && len(offices) > 0; j++ {
		take(offices[(i*3+j)%len(offices)], "分管")
	}
	if len(colleges) > 0 {
		take(colleges[i%len(colleges)], "联系")
	}
	return out
}

// DemoSecondment is a 挂职 post ending on End.
type DemoSecondment struct {
	Post  string
	Start date.Date
	End   date.Date
}

// DemoLine is a résumé line.
type DemoLine struct {
	Start, End date.Date
	Text       string
}

// DemoRelative is a family member.
type DemoRelative struct {
	Relation, Name, Political, EmployerPost string
	BirthOn                                 date.Date
}

// DemoAssessment is a year's grade.
type DemoAssessment struct {
	Year  int
	Grade string
}

var (
	demoSurnames = []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江")
	demoMale     = []rune("伟强磊军洋勇杰涛明超刚平辉鹏华飞波斌宇浩凯健俊帆旭宁龙林峰建志文博晨昊轩泽睿哲远航成海东振国江亮毅锋彬立新云")
	demoFemale   = []rune("芳娜敏静丽艳娟霞秀英玲慧婷雪琳颖倩洁欣怡佳悦萱梦璐晶露月瑶琪涵诗雅茜晓嘉蕾薇燕红梅兰莉萍婧妍")
	demoSchools  = []string{"北京大学", "清华大学", "武汉大学", "南京大学", "浙江大学", "复旦大学", "中山大学", "四川大学", "吉林大学", "山东大学", "本校"}
	demoMajors   = []string{"马克思主义理论", "计算机科学与技术", "机械工程", "汉语言文学", "法学", "工商管理", "化学", "物理学", "教育学", "经济学", "数学", "历史学"}
)

func demoName(r *rand.Rand, male bool) string {
	given := demoFemale
	if male {
		given = demoMale
	}
	name := []rune{demoSurnames[r.IntN(len(demoSurnames))], given[r.IntN(len(given))]}
	if r.IntN(4) > 0 {
		name = append(name, given[r.IntN(len(given))])
	}
	return string(name)
}

// demoRank is a rank's figures: its level, status, category, the age range
// and the share of women.
type demoRank struct {
	level, status, category string
	minAge, maxAge, women   int // women: percent
}

var (
	rankSchool       = demoRank{"2", statusSchool, "1", 50, 59, 15}
	rankSchoolHead   = demoRank{"1", statusSchool, "1", 54, 59, 0}
	rankDivisionHead = demoRank{"3", statusDivision, "2", 45, 59, 20}
	rankDivisionVice = demoRank{"4", statusDivision, "2", 38, 57, 30}
	rankSectionHead  = demoRank{"5", statusSection, "4", 32, 56, 40}
	rankSectionVice  = demoRank{"6", statusSection, "4", 27, 50, 45}
)

// postTitle names a post of rank at a unit.
func postTitle(u DemoUnit, rank demoRank, i int, party bool) string {
	switch rank.level {
	case "1":
		if party {
			return "党委书记"
		}
		return "校长"
	case "2":
		if party {
			return "党委副书记"
		}
		return "副校长"
	case "3":
		if u.Kind == "1" {
			if party {
				return u.Name + "党委书记"
			}
			return u.Name + "院长"
		}
		return u.Name + "处长"
	case "4":
		if u.Kind == "1" {
			if party {
				return u.Name + "党委副书记"
			}
			return u.Name + "副院长"
		}
		return u.Name + "副处长"
	case "5":
		return fmt.Sprintf("%s%s科科长", u.Name, []string{"综合", "人事", "教学", "科研", "学生"}[i%5])
	default:
		return fmt.Sprintf("%s%s科副科长", u.Name, []string{"综合", "人事", "教学", "科研", "学生"}[i%5])
	}
}

// DemoSizes are how many cadres of each rank the demo plans.
type DemoSizes struct{ School, Division, Section int }

// DefaultDemoSizes are the demo university's.
var DefaultDemoSizes = DemoSizes{DemoSchoolLeaders, DemoDivision, DemoSection}

// PlanDemo plans the cadres over units as of today.
func PlanDemo(seed uint64, today date.Date, units []DemoUnit) []DemoCadre {
	return PlanDemoSized(seed, today, units, DefaultDemoSizes)
}

// PlanDemoSized plans sizes' cadres (a test's smaller university).
func PlanDemoSized(seed uint64, today date.Date, units []DemoUnit, sizes DemoSizes) []DemoCadre {
	r := rand.New(rand.NewPCG(seed, 0xCAD7E))
	var top DemoUnit
	var rest []DemoUnit
	for _, u := range units {
		if u.Top && top.ID == 0 {
			top = u
		} else {
			rest = append(rest, u)
		}
	}
	if top.ID == 0 && len(rest) > 0 {
		top, rest = rest[0], rest[1:]
	}
	if top.ID == 0 {
		return nil
	}
	if len(rest) == 0 {
		rest = []DemoUnit{top}
	}
	var out []DemoCadre
	add := func(u DemoUnit, rank demoRank, i int) {
		out = append(out, demoCadre(r, today, u, rank, i, len(out)))
	}
	add(top, rankSchoolHead, 0)
	out[len(out)-1].Post = "党委书记"
	add(top, rankSchoolHead, 1)
	out[len(out)-1].Post = "校长"
	for i := 2; i < sizes.School; i++ {
		add(top, rankSchool, i)
	}
	for i := range out {
		out[i].Managed = demoManaged(i, rest, top.ID)
	}
	// 处级: a head (two for a college: 书记 and 院长) then deputies round the units.
	for i := 0; len(out) < sizes.School+sizes.Division; i++ {
		u := rest[i%len(rest)]
		round := i / len(rest)
		heads := 1
		if u.Kind == "1" {
			heads = 2
		}
		if round < heads {
			add(u, rankDivisionHead, round)
		} else {
			add(u, rankDivisionVice, round)
		}
	}
	for i := 0; len(out) < sizes.School+sizes.Division+sizes.Section; i++ {
		u := rest[i%len(rest)]
		if (i/len(rest))%2 == 0 {
			add(u, rankSectionHead, i/len(rest))
		} else {
			add(u, rankSectionVice, i/len(rest))
		}
	}
	dueSoon(out, today, sizes)
	return out
}

// demoCadre draws one cadre of rank at unit u.
func demoCadre(r *rand.Rand, today date.Date, u DemoUnit, rank demoRank, i, n int) DemoCadre {
	male := r.IntN(100) >= rank.women
	gender := "1"
	if !male {
		gender = "2"
	}
	age := rank.minAge + r.IntN(rank.maxAge-rank.minAge+1)
	birth := date.Date(fmt.Sprintf("%04d-%02d-01", today.Time().Year()-age, 1+r.IntN(12)))
	c := DemoCadre{Name: demoName(r, male), Gender: gender, BirthOn: birth, UnitID: u.ID, UnitName: u.Name,
		Level: rank.level, Status: rank.status, Category: rank.category, Tenure: "1"}
	c.Ethnicity = "01"
	if r.IntN(100) < 8 {
		c.Ethnicity = []string{"02", "03", "05", "08", "11"}[r.IntN(5)]
	}
	party := rank.status != statusSection || r.IntN(100) < 80
	c.Political = "13"
	switch {
	case party:
		c.Political = "01"
		c.PartyJoinOn = birth.AddYears(20 + r.IntN(8)).AddMonths(r.IntN(12))
	case r.IntN(3) == 0:
		c.Political = []string{"04", "05", "06", "07", "08", "09", "10"}[r.IntN(7)]
	}
	c.WorkStartOn = birth.AddYears(22 + r.IntN(6)).AddMonths(6)
	switch x := r.IntN(100); {
	case x < 45 || rank.status == statusSchool:
		c.Education, c.Degree = "11", fmt.Sprintf("2%02d", 1+r.IntN(12))
	case x < 80:
		c.Education, c.Degree = "14", fmt.Sprintf("3%02d", 1+r.IntN(12))
	case x < 97:
		c.Education, c.Degree = "21", fmt.Sprintf("4%02d", 1+r.IntN(12))
	default:
		c.Education = "31"
	}
	switch {
	case rank.status == statusSchool || (u.Kind == "1" && rank.status == statusDivision):
		c.Title = []string{"011", "011", "012"}[r.IntN(3)]
	case rank.status == statusDivision:
		c.Title = []string{"011", "012", "082", "122", "132", ""}[r.IntN(6)]
	default:
		c.Title = []string{"012", "013", "083", "123", "133", ""}[r.IntN(6)]
	}
	c.School, c.Major = demoSchools[r.IntN(len(demoSchools))], demoMajors[r.IntN(len(demoMajors))]
	partyPost := i%2 == 0
	c.Post = postTitle(u, rank, i, partyPost)
	c.Attribute = "2"
	if partyPost && rank.status != statusSection {
		c.Attribute = "1"
	}
	switch {
	case rank.status == statusSchool:
		c.TeamType = "1"
	case u.Kind == "1":
		c.TeamType = "2"
	case u.Kind == "2":
		c.TeamType = "3"
	default:
		c.TeamType = "4"
	}
	// Most are in their first term (a post held longer is re-appointed, a
	// new post row); one in forty past it, whose term reminder is overdue.
	years := 1 + r.IntN(min(3, max(1, age-rank.minAge+1)))
	if r.IntN(40) == 0 && age-rank.minAge >= 6 {
		years = 5 + r.IntN(min(8, age-rank.minAge-4))
	}
	c.PostSince = today.AddYears(-years).AddMonths(-r.IntN(12))
	if limit := c.PostSince.AddYears(-2); c.WorkStartOn.After(limit) { // worked two years before the post
		c.WorkStartOn = limit
	}
	if limit := today.AddYears(-1); c.PartyJoinOn.After(limit) {
		c.PartyJoinOn = limit
	}
	c.Resume = demoResume(r, c)
	c.Family = demoFamily(r, c, today)
	for y := today.Time().Year() - 3; y < today.Time().Year(); y++ {
		grade := "称职"
		if r.IntN(100) < 20 {
			grade = "优秀"
		}
		c.Assessments = append(c.Assessments, DemoAssessment{Year: y, Grade: grade})
	}
	return c
}

func demoResume(r *rand.Rand, c DemoCadre) []DemoLine {
	// Work starts at least a year before the current post; study ends
	// before work starts (a line never ends before it starts).
	work := c.WorkStartOn
	if limit := c.PostSince.AddYears(-1); work.After(limit) {
		work = limit
	}
	uni := c.BirthOn.AddYears(18).AddMonths(8 - int(c.BirthOn.Time().Month()))
	if limit := work.AddYears(-4); uni.After(limit) {
		uni = limit
	}
	studyEnd := uni.AddYears(4).AddMonths(-2)
	lines := []DemoLine{{uni, studyEnd, c.School + c.Major + "专业学习"}}
	if c.Education == "11" || c.Education == "14" {
		gradEnd := uni.AddYears(4 + 3 + r.IntN(3)).AddMonths(-2)
		if limit := work.AddMonths(-1); gradEnd.After(limit) {
			gradEnd = limit
		}
		if gradEnd.After(studyEnd.AddMonths(3)) {
			lines = append(lines, DemoLine{studyEnd.AddMonths(2), gradEnd, c.School + c.Major + "专业研究生学习"})
		}
	}
	lines = append(lines, DemoLine{work, c.PostSince.AddMonths(-1), c.UnitName + "工作"})
	return append(lines, DemoLine{c.PostSince, "", c.Post})
}

func demoFamily(r *rand.Rand, c DemoCadre, today date.Date) []DemoRelative {
	spouse := DemoRelative{Relation: "妻子", Name: demoName(r, false), BirthOn: c.BirthOn.AddYears(r.IntN(3)),
		Political: "01", EmployerPost: "本校教师"}
	if c.Gender == "2" {
		spouse.Relation, spouse.Name = "丈夫", demoName(r, true)
	}
	child := DemoRelative{Relation: "儿子", Name: demoName(r, true), BirthOn: c.BirthOn.AddYears(26 + r.IntN(6)),
		Political: "03", EmployerPost: "学生"}
	if r.IntN(2) == 0 {
		child.Relation, child.Name = "女儿", demoName(r, false)
	}
	if child.BirthOn.After(today.AddYears(-1)) { // a young cadre: no child yet
		return []DemoRelative{spouse}
	}
	return []DemoRelative{spouse, child}
}

// repost moves a cadre's current post to since, with the work start and
// the résumé following (the résumé redrawn from a fixed seed).
func repost(c *DemoCadre, since date.Date) {
	c.PostSince = since
	if limit := since.AddYears(-2); c.WorkStartOn.After(limit) {
		c.WorkStartOn = limit
	}
	c.Resume = demoResume(rand.New(rand.NewPCG(uint64(len(c.Name)), 1)), *c)
}

// dueSoon gives a few cadres dates that fall due relative to today, so
// every reminder type shows something: probations ending within a month,
// a 挂职 ending, terms of five years ending, certificates overdue, and
// cadres near the age limit and the retirement age.
func dueSoon(cs []DemoCadre, today date.Date, sizes DemoSizes) {
	pick := func(n, from, step int, fn func(c *DemoCadre, k int)) {
		for k := 0; k < n && from+k*step < len(cs); k++ {
			fn(&cs[from+k*step], k)
		}
	}
	// 3 试用期: appointed eleven months ago, probation ends within a month.
	step := max(1, (sizes.Division+sizes.Section)/16)
	pick(4, sizes.School+3, step, func(c *DemoCadre, k int) {
		repost(c, today.AddYears(-1).AddDays(10+5*k))
		c.ProbationUntil = c.PostSince.AddYears(1)
		c.Tenure = "2"
	})
	// 1 任期: in post for five years less a month or two.
	pick(5, sizes.School+1+step/2, step+1, func(c *DemoCadre, k int) {
		repost(c, today.AddYears(-5).AddDays(20+12*k))
	})
	// 4 挂职: a secondment ending within the month.
	pick(3, sizes.School+sizes.Division+2, step, func(c *DemoCadre, k int) {
		c.Seconded = &DemoSecondment{Post: "挂职锻炼（县政府副县长）", Start: today.AddYears(-1).AddDays(15 + 7*k), End: today.AddDays(15 + 7*k)}
	})
	// 6 证件: passports out and overdue, or due back within days.
	pick(3, sizes.School+5, step+3, func(c *DemoCadre, k int) {
		c.CertificateDue = today.AddDays(-5 + 4*k)
	})
	// 2 and 5: 处级 men near 58 (age limit) and school leaders near the statutory age.
	pick(3, sizes.School+2+step/3, step+5, func(c *DemoCadre, k int) {
		c.Gender = "1"
		c.BirthOn = date.Date(string(today.AddYears(-58).AddMonths(2 + k))[:8] + "01")
	})
	pick(2, 4, 3, func(c *DemoCadre, k int) {
		c.Gender = "1"
		c.BirthOn = date.Date(string(today.AddYears(-60).AddMonths(-1 - k))[:8] + "01")
	})
}
